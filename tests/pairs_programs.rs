//! The std-only programs of the `pairs` package, compiled with plain `rustc` as a judge would:
//! the input validator and the replaying output checker (every kind of rejection, the judge
//! errors, and agreement with the reference solver on every optimal solution of small sizes).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::{Stdin, run_with_stdin};
use std::sync::OnceLock;

use leapfrog::puzzles::pairs::count::list_optimal;

fn validator() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| crate::support::plain_rustc("problems/pairs/input_validators/validate.rs"))
}

fn checker() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| crate::support::plain_rustc("problems/pairs/output_validators/pairs.rs"))
}

fn validate(input: &str) -> (i32, String) {
    let out = run_with_stdin(
        &mut Command::new(validator()),
        input.as_bytes(),
        Stdin::Pipe,
    );
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    )
}

/// Runs the checker on n, the judges' answer and an output: (exit code, judge message).
fn check(n: u64, answer: &str, output: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in"), format!("{n}\n")).unwrap();
    std::fs::write(dir.path().join("ans"), answer).unwrap();
    // From a pipe and from a file (which the checker maps instead of reading): the same.
    let [piped, filed] = [Stdin::Pipe, Stdin::File].map(|how| {
        let mut cmd = Command::new(checker());
        cmd.arg(dir.path().join("in"))
            .arg(dir.path().join("ans"))
            .arg(dir.path())
            .stderr(Stdio::null());
        let status = run_with_stdin(&mut cmd, output.as_bytes(), how).status;
        let message =
            std::fs::read_to_string(dir.path().join("judgemessage.txt")).unwrap_or_default();
        (status.code().unwrap(), message.trim().to_string())
    });
    assert_eq!(piped, filed, "a pipe and a file on stdin disagree");
    piped
}

#[test]
fn validator_accepts_exactly_one_n_per_line() {
    assert_eq!(validate("1\n").0, 42);
    assert_eq!(validate("1000000\n").0, 42);
    for (input, message) in [
        (
            "1000001\n",
            "line 1, column 1: n = 1000001 is larger than 1000000",
        ),
        (
            "0\n",
            "line 1, column 1: n must be written without leading zeros (and 0 is too small)",
        ),
        (
            "012\n",
            "line 1, column 1: n must be written without leading zeros (and 0 is too small)",
        ),
        (
            "12",
            "line 1, column 3: expected a newline after n, found the end of the input",
        ),
        (
            "12 \n",
            "line 1, column 3: expected a newline after n, found a space",
        ),
        (
            "12\r\n",
            "line 1, column 3: expected a newline after n, found a carriage return",
        ),
        (
            "12\n3\n",
            "line 2, column 1: expected the end of the input, found '3'",
        ),
        (
            "+5\n",
            "line 1, column 1: expected n (a positive integer), found '+'",
        ),
        (
            "",
            "line 1, column 1: expected n (a positive integer), found the end of the input",
        ),
    ] {
        assert_eq!(validate(input), (43, message.to_string()), "{input:?}");
    }
}

const FOUR: &str = "4\n1\n4\n7\n0\n";

#[test]
fn checker_accepts_any_optimal_layout() {
    assert_eq!(check(4, FOUR, FOUR), (42, "4 moves, optimal".into()));
    assert_eq!(check(4, FOUR, "4 1 4\n7    0").0, 42);
    assert_eq!(check(2, "None\n", "None\n"), (42, "None is right".into()));
    assert_eq!(check(3, "4\n0\n2\n5\n0\n", "4\n0\n2\n5\n0\n").0, 42);
}

#[test]
fn checker_names_what_is_wrong() {
    let cases: &[(u64, &str, &str, &str)] = &[
        (4, FOUR, "", "the output is empty"),
        (
            4,
            FOUR,
            "None\n",
            "printed None, but the goal can be reached in 4 moves",
        ),
        (2, "None\n", "None\n0\n", "unexpected '0' after None"),
        (
            4,
            FOUR,
            "5\n1\n4\n7\n0\n3\n",
            "uses 5 moves, but 4 are enough: the answer must be minimal",
        ),
        (
            4,
            FOUR,
            "4\n1\n4\n7\n",
            "announced 4 moves but the output ends after 3",
        ),
        (
            4,
            FOUR,
            "4\n1\n4\n7\n0\n0\n",
            "unexpected '0' after the moves",
        ),
        (
            4,
            FOUR,
            "4\n1\nfour\n",
            "move 2 of 4: 'four' is not a position",
        ),
        (
            4,
            FOUR,
            "moves\n",
            "the first token must be None or the number of moves, not 'moves'",
        ),
        (
            4,
            FOUR,
            "4\n1\n0\n7\n0\n",
            "move 2 of 4 (position 0) is illegal: squares 0 and 1 must both hold checkers, but 1 and 2 are empty; row before it: B..BWWWWBB",
        ),
        (
            4,
            FOUR,
            "4\n1\n4\n9\n0\n",
            "move 3 of 4 (position 9) is illegal: the pair 9, 10 does not fit on squares 0 .. 9; row before it: BWWB..WWBB",
        ),
        (
            4,
            FOUR,
            "4\n2\n5\n8\n1\n",
            "after all 4 moves the gap is on squares 1 and 2, not 0 and 1: B..WWBBWBW",
        ),
        (
            4,
            FOUR,
            "4\n1\n4\n6\n0\n",
            "after all 4 moves the row is not the goal (square 5 is wrong): ..WBWWBWBB",
        ),
    ];
    for &(n, answer, output, message) in cases {
        assert_eq!(
            check(n, answer, output),
            (43, message.to_string()),
            "{output:?}"
        );
    }
}

#[test]
fn checker_shows_a_window_of_long_rows() {
    let (code, message) = check(40, "40\n", "40\n1\n1\n");
    assert_eq!(code, 43);
    assert_eq!(
        message,
        "move 2 of 40 (position 1) is illegal: squares 1 and 2 must both hold checkers, but 1 and 2 are empty; row before it: squares [0..10] B..BBBBBBBB (of 82)"
    );
}

/// The reference answer for n, one move per line.
fn reference(n: u64) -> Vec<String> {
    let mut out = Vec::new();
    let mut writer = leapfrog::puzzles::pairs::digits::LineWriter::new(&mut out);
    leapfrog::puzzles::pairs::write_construction(n, &mut writer).unwrap();
    writer.finish().unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn checker_reads_long_outputs_in_any_layout() {
    let n = 3000;
    let lines = reference(n);
    let answer = format!("{n}\n");
    let joined = |lines: &[String], sep: &str| lines.join(sep) + "\n";
    assert_eq!(check(n, &answer, &joined(&lines, "\n")).0, 42);
    // Carriage returns, spaces, leading zeros and blank lines in the middle of the stream.
    let mut odd = lines.clone();
    odd[700] = format!("{}\r", odd[700]);
    odd[1200] = format!("  {} ", odd[1200]);
    odd[1800] = format!("000{}", odd[1800]);
    odd[2500] = format!("\n\n{}", odd[2500]);
    assert_eq!(check(n, &answer, &joined(&odd, "\n")).0, 42);
    assert_eq!(check(n, &answer, &joined(&lines, " ")).0, 42);
}

#[test]
fn checker_finds_faults_deep_in_long_outputs() {
    let n = 3000;
    let lines = reference(n);
    let answer = format!("{n}\n");
    let with = |line: usize, text: &str| {
        let mut changed = lines.clone();
        changed[line] = text.to_string();
        changed.join("\n") + "\n"
    };
    // Line i holds move i (line 0 is the count). Move 1500 lifts a pair next to the gap.
    let gap: u64 = lines[1499].parse().unwrap();
    let (code, message) = check(n, &answer, &with(1500, &(gap + 1).to_string()));
    assert_eq!(code, 43);
    assert!(
        message.starts_with(&format!(
            "move 1500 of 3000 (position {}) is illegal",
            gap + 1
        )),
        "{message}"
    );
    let (code, message) = check(n, &answer, &with(2000, "1e3"));
    assert_eq!(
        (code, message.as_str()),
        (43, "move 2000 of 3000: '1e3' is not a position")
    );
    let (code, message) = check(n, &answer, &with(2222, "123456789012"));
    assert_eq!(code, 43);
    assert!(
        message.starts_with("move 2222 of 3000 (position 123456789012) is illegal"),
        "{message}"
    );
    let truncated = lines[..2900].join("\n") + "\n";
    let (code, message) = check(n, &answer, &truncated);
    assert_eq!(
        (code, message.as_str()),
        (43, "announced 3000 moves but the output ends after 2899")
    );
}

#[test]
fn checker_reports_judge_errors() {
    // A legal solution shorter than the judges' claim, or any solution against their None.
    assert_eq!(check(4, "5\n", FOUR).0, 1);
    assert_eq!(check(4, "None\n", FOUR).0, 1);
    assert_eq!(check(4, "", FOUR).0, 1);
}

#[test]
fn checker_accepts_every_optimal_solution_of_small_sizes() {
    for n in 1..=10u32 {
        let answer = leapfrog::puzzles::pairs::count::minimum_moves(n)
            .map_or("None\n".to_string(), |k| format!("{k}\n"));
        let mut outputs = Vec::new();
        list_optimal::<()>(n, &mut |path| {
            let mut text = format!("{}\n", path.len());
            for p in path {
                text.push_str(&format!("{p}\n"));
            }
            outputs.push(text);
            Ok(())
        })
        .unwrap();
        if outputs.is_empty() {
            outputs.push("None\n".into());
        }
        for output in outputs {
            assert_eq!(
                check(n as u64, &answer, &output).0,
                42,
                "n = {n}: {output:?}"
            );
        }
    }
}
