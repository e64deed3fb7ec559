//! The shifting family end to end: the solvers and drawings on the command line, the std-only
//! output checkers (compiled with plain rustc, as a judge would) on right and wrong answers,
//! the input validators, and sha256 pins of generated tests.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use sha2::{Digest, Sha256};
use support::leapfrog;

fn shifting_checker() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| support::plain_rustc("problems/shifting/output_validators/shifting.rs"))
}

fn frogs_checker() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| support::plain_rustc("problems/frogs/output_validators/frogs.rs"))
}

/// The reference solver's answer.
fn solve(problem: &str, input: &str) -> Vec<u8> {
    let out = leapfrog()
        .args(["solve", problem])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Runs a checker on `output` and returns (exit code, judge message).
fn check(checker: &Path, input: &str, output: &[u8]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("test.in");
    std::fs::write(&input_path, input).unwrap();
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    // From a pipe and from a file (which the checkers may map instead of reading, and which the
    // shifting checker then scans block by block on several threads), and on one processor: the
    // same.
    let run = |how: support::Stdin, one_cpu: bool| {
        let mut cmd = std::process::Command::new(checker);
        cmd.arg(&input_path).arg(&input_path).arg(&feedback);
        if one_cpu {
            on_one_cpu(&mut cmd);
        }
        let code = support::run_with_stdin(&mut cmd, output, how)
            .status
            .code()
            .unwrap_or(-1);
        let message =
            std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
        (code, message.trim().to_string())
    };
    let piped = run(support::Stdin::Pipe, false);
    assert_eq!(
        piped,
        run(support::Stdin::File, false),
        "a pipe and a file on stdin disagree"
    );
    assert_eq!(
        piped,
        run(support::Stdin::File, true),
        "one and two processors disagree"
    );
    piped
}

/// Lets `cmd` run on the first processor this process may use, and on no other.
fn on_one_cpu(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls on the child's own affinity, between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            let size = std::mem::size_of::<libc::cpu_set_t>();
            if libc::sched_getaffinity(0, size, &mut set) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let first = (0..libc::CPU_SETSIZE as usize)
                .find(|&cpu| libc::CPU_ISSET(cpu, &set))
                .unwrap_or(0);
            libc::CPU_ZERO(&mut set);
            libc::CPU_SET(first, &mut set);
            if libc::sched_setaffinity(0, size, &set) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

fn numbers(answer: &[u8]) -> Vec<u64> {
    String::from_utf8_lossy(answer)
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

fn text(values: &[u64]) -> Vec<u8> {
    values
        .iter()
        .map(|v| format!("{v}\n"))
        .collect::<String>()
        .into_bytes()
}

#[test]
fn solve_prints_the_minimum_and_a_solution() {
    assert_eq!(
        solve("shifting", "3 2\n"),
        b"11\n3\n5\n6\n4\n2\n1\n3\n5\n4\n2\n3\n"
    );
    assert_eq!(solve("shifting-query", "3 2 3\n11\n1\n6\n"), b"3\n3\n1\n");
    assert_eq!(solve("shifting-labels", "3 5\n"), b"None\n");
    assert_eq!(solve("frogs", "1\n"), b"3\n_OX\nXO_\nX_O\n");
}

#[test]
fn malformed_input_exits_2_with_line_and_column_and_prints_nothing() {
    for (problem, input, needle) in [
        ("shifting", "3 x\n", "line 1, column 3"),
        ("shifting", "0 2\n", "n = 0 is out of range"),
        ("shifting-query", "3 2 2\n1\n", "line 3"),
        ("shifting-labels", "3\n", "expected k"),
        ("frogs", "1 2\n", "unexpected text"),
    ] {
        let out = leapfrog()
            .args(["solve", problem])
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{problem} {input:?}");
        assert!(
            out.stdout.is_empty(),
            "{problem} printed an answer for bad input"
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{problem} {input:?}: {err}");
    }
}

#[test]
fn show_draws_every_row_and_colours_only_on_request() {
    let out = leapfrog()
        .args(["solve", "shifting", "--show"])
        .write_stdin("2 1\n")
        .output()
        .unwrap();
    let drawing = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines.len(), 1 + 1 + 5, "{drawing}");
    assert!(
        lines[0].contains("5 moves") && lines[0].contains("3 optimal solutions"),
        "{drawing}"
    );
    assert!(
        lines[1].ends_with("b b _ w") && lines[6].ends_with("w _ b b"),
        "{drawing}"
    );
    assert!(
        !drawing.contains('\u{1b}'),
        "no colour when stdout is not a terminal"
    );

    let out = leapfrog()
        .args(["solve", "frogs", "--show"])
        .env_remove("NO_COLOR")
        .env("CLICOLOR_FORCE", "1")
        .write_stdin("2\n")
        .output()
        .unwrap();
    let drawing = String::from_utf8(out.stdout).unwrap();
    assert!(drawing.contains('\u{1b}'), "forced colour: {drawing}");
    assert_eq!(drawing.lines().count(), 1 + 1 + 8);

    // A drawing has a line per move as long as the row: long rows are refused, not drawn.
    let out = leapfrog()
        .args(["solve", "shifting", "--show"])
        .write_stdin("600 401\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("a row of 1002 squares is too long to draw")
    );
}

#[test]
fn shifting_checker_accepts_every_optimal_answer() {
    let checker = shifting_checker();
    for (n, m) in [
        (1, 1),
        (1, 5),
        (5, 1),
        (3, 2),
        (2, 3),
        (7, 7),
        (40, 3),
        (3, 40),
    ] {
        let input = format!("{n} {m}\n");
        let answer = solve("shifting", &input);
        assert_eq!(
            check(checker, &input, &answer),
            (42, "accepted".into()),
            "n={n} m={m}"
        );
        // Any white space between the numbers, and a missing final newline.
        let spaced = String::from_utf8(answer.clone())
            .unwrap()
            .replace('\n', " \r\n\t")
            .into_bytes();
        assert_eq!(check(checker, &input, &spaced).0, 42, "n={n} m={m}");
        let trimmed = &answer[..answer.len() - 1];
        assert_eq!(check(checker, &input, trimmed).0, 42, "n={n} m={m}");
    }
    // The other optimal solution of 3 2 (first move: the white slides left), and one of the
    // five of 3 1 that the construction does not print.
    assert_eq!(
        check(
            checker,
            "3 2\n",
            &text(&[11, 5, 3, 2, 4, 6, 5, 3, 1, 2, 4, 3])
        )
        .0,
        42
    );
    assert_eq!(
        check(checker, "3 1\n", &text(&[7, 3, 5, 4, 2, 1, 3, 2])).0,
        42
    );
}

#[test]
fn shifting_checker_names_the_move_the_reason_and_the_row() {
    let checker = shifting_checker();
    let right = numbers(&solve("shifting", "3 2\n"));
    let with = |f: &dyn Fn(&mut Vec<u64>)| {
        let mut v = right.clone();
        f(&mut v);
        text(&v)
    };
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            with(&|v| v[0] = 13),
            "the answer starts with K = 13, but the minimum is nm + n + m = 11: it is not minimal",
        ),
        (
            with(&|v| v[0] = 9),
            "K = 9, but the minimum is nm + n + m = 11: no solution is that short",
        ),
        (
            with(&|v| v[5] = 1),
            "move 5: the checker on square 1 is 3 squares from the empty square 4; a move covers one or two; row: bbw_wb (empty square 4)",
        ),
        (
            with(&|v| v[1] = 4),
            "move 1: square 4 is the empty square; there is no checker to move; row: bbb_ww (empty square 4)",
        ),
        (
            with(&|v| v[7] = 0),
            "move 7: square 0 is off the row (squares 1..6); row: _bwbwb (empty square 1)",
        ),
        (
            with(&|v| v[3] = 99999999999),
            "move 3: square 99999999999 is off the row (squares 1..6)",
        ),
        (
            b"11\n3\n5\n123456789012345678901234567890\n".to_vec(),
            "move 3: the square number is far off the row",
        ),
        (
            with(&|v| v.truncate(8)),
            "the output ends after 7 of the 11 moves; row: wb_bwb (empty square 3)",
        ),
        (
            with(&|v| v.push(2)),
            "unexpected output after the last move 11: '2'",
        ),
        (text(&[]), "the output is empty"),
        (
            b"11\n3\n5\nsix\n".to_vec(),
            "move 3: 'six' is not a square number; row: bbwb_w (empty square 5)",
        ),
        (
            b"eleven\n".to_vec(),
            "the answer must start with the move count K, found 'eleven'",
        ),
        (b"3\n1\n2\n1\n".to_vec(), "the answer starts with K = 3"),
    ];
    for (output, expected) in cases {
        let (code, message) = check(checker, "3 2\n", &output);
        assert_eq!(code, 43, "{expected}");
        assert!(
            message.contains(expected),
            "expected «{expected}», got «{message}»"
        );
    }
    // Legal moves, the right count, the wrong place.
    let (code, message) = check(checker, "1 1\n", b"3\n1\n2\n1\n");
    assert_eq!(
        (code, message.as_str()),
        (
            43,
            "after all 3 moves the goal is not reached; row: _bw (empty square 1)"
        )
    );
}

#[test]
fn shifting_checker_streams_big_outputs_across_block_boundaries() {
    // About 1.1 million moves, several megabytes: numbers straddle the checker's read blocks
    // and its 64-byte stretches at every possible offset.
    let checker = shifting_checker();
    let input = "1000 1000\n";
    let answer = solve("shifting", input);
    assert_eq!(check(checker, input, &answer).0, 42);
    let mut moves = numbers(&answer);
    let total = moves.len() - 1;
    for t in [total - 1, total / 2, 123_457] {
        let saved = moves[t];
        moves[t] = moves[t - 1];
        let (code, message) = check(checker, input, &text(&moves));
        assert_eq!(code, 43);
        assert!(
            message.starts_with(&format!(
                "move {t}: square {} is the empty square",
                moves[t]
            )),
            "{message}"
        );
        assert!(
            message.contains("row, squares "),
            "a window of the long row: {message}"
        );
        moves[t] = saved;
    }
    // A long run of spaces in the middle changes nothing.
    let mut spaced = answer.clone();
    let middle = spaced.len() / 2;
    let at = middle + spaced[middle..].iter().position(|&c| c == b'\n').unwrap();
    spaced.splice(at..at + 1, std::iter::repeat_n(b' ', 3 << 20));
    assert_eq!(check(checker, input, &spaced).0, 42);
}

#[test]
fn frogs_checker_replays_rows_and_names_the_first_bad_line() {
    let checker = frogs_checker();
    for n in [1, 2, 3, 10, 200] {
        let input = format!("{n}\n");
        assert_eq!(
            check(checker, &input, &solve("frogs", &input)),
            (42, "accepted".into()),
            "N={n}"
        );
    }
    let right = String::from_utf8(solve("frogs", "3\n")).unwrap();
    let lines: Vec<&str> = right.lines().collect();
    let joined = |lines: &[&str]| {
        lines
            .iter()
            .map(|l| format!("{l}\n"))
            .collect::<String>()
            .into_bytes()
    };
    let mut initial = lines.clone();
    initial.insert(1, "OOO_XXX");
    initial.pop();
    let mut backwards = lines.clone();
    backwards[2] = "OOO_XXX";
    let mut long = lines.clone();
    long[4] = "OOXOX_XX";
    let mut letters = lines.clone();
    letters[1] = "OO_OXXY";
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            joined(&initial),
            "line 2 (move 1): the row is unchanged: no frog moved; previous row OOO_XXX, this row OOO_XXX",
        ),
        (
            joined(&backwards),
            "line 3 (move 2): the O frog on square 4 moves backwards (it may only move right)",
        ),
        (
            joined(&long),
            "line 5 (move 4): a row has 7 squares, this line has 8 characters",
        ),
        (
            joined(&letters),
            "line 2 (move 1): character 7 is 'Y'; rows use only O, X and _",
        ),
        (
            joined(&lines[..10]),
            "the output ends after 9 of the 15 moves",
        ),
        (
            joined(&[lines.as_slice(), &["XXX_OOO"]].concat()),
            "line 17: unexpected output after the last move",
        ),
        (
            b"16\n".to_vec(),
            "line 1: K = 16, but the minimum is (N + 1)^2 - 1 = 15: it is not minimal",
        ),
    ];
    for (output, expected) in cases {
        let (code, message) = check(checker, "3\n", &output);
        assert_eq!(code, 43, "{expected}");
        assert!(
            message.contains(expected),
            "expected «{expected}», got «{message}»"
        );
    }
}

#[test]
fn input_validators_accept_the_format_and_locate_mistakes() {
    // (problem, [(input, the validator's complaint or None when valid)])
    type Cases<'a> = &'a [(&'a str, &'a [(&'a str, Option<&'a str>)])];
    let cases: Cases = &[
        (
            "shifting",
            &[
                ("1413 1413\n", None),
                ("2 666666\n", None),
                ("1414 1414\n", Some("nm + n + m = 2002224 exceeds 2000000")),
                ("3  2\n", Some("line 1, column 3: expected m")),
                ("03 2\n", Some("n has a leading zero")),
                ("3 2", Some("expected the end of the line")),
            ],
        ),
        (
            "shifting-query",
            &[
                ("1000000000 1000000000 1\n1000000002000000000\n", None),
                (
                    "2 2 1\n9\n",
                    Some("line 2, column 1: i = 9 is outside 1..=8"),
                ),
                ("1 2 1\n1\n", Some("n = 1 is outside 2..=1000000000")),
                ("2 2 2\n1\n", Some("line 3, column 1: expected i")),
            ],
        ),
        (
            "shifting-labels",
            &[
                ("60 4611686018427387903\n", None),
                ("61 0\n", Some("n = 61 is outside 1..=60")),
                (
                    "5 4611686018427387904\n",
                    Some("column 3: k = 4611686018427387904"),
                ),
            ],
        ),
        (
            "frogs",
            &[
                ("200\n", None),
                ("201\n", Some("N = 201 is outside 1..=200")),
                ("\n", Some("expected N")),
            ],
        ),
    ];
    for (problem, inputs) in cases {
        let validator =
            support::plain_rustc(&format!("problems/{problem}/input_validators/validate.rs"));
        for (input, error) in inputs.iter() {
            let out = Command::new(&validator)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .and_then(|mut child| {
                    use std::io::Write;
                    child.stdin.take().unwrap().write_all(input.as_bytes())?;
                    child.wait_with_output()
                })
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            match error {
                None => assert_eq!(out.status.code(), Some(42), "{problem} {input:?}: {stdout}"),
                Some(reason) => {
                    assert_eq!(out.status.code(), Some(43), "{problem} {input:?}");
                    assert!(stdout.contains(reason), "{problem} {input:?}: {stdout}");
                }
            }
        }
    }
}

#[test]
fn generated_tests_are_pinned_byte_for_byte() {
    let pins = [
        (
            "shifting --shape more-white --max-moves 100000 --seed 210",
            "be02aa8bd3ef539d2d89f14e752a0755d941729522968fcecd0ed5d22878d3ca",
        ),
        (
            "shifting-query --shape any --max-side 1000000 --q 1000 --indices mixed --seed 7",
            "966daa12c5e12bb065f89f64dccbb0f549411fd196662553927c3b17cc790911",
        ),
        (
            "shifting-labels --n 60 --kind valid --seed 301",
            "3b859fd40de602a3bd47aec393f876f48f53dcbe3de5f952cbfaf21a60342369",
        ),
        (
            "frogs --max 200 --seed 104",
            "690e07064753123c967bbac0180f32da6a753a5bd8b79a47644cef58e776d9f0",
        ),
    ];
    for (line, pin) in pins {
        let out = leapfrog()
            .arg("gen")
            .args(line.split(' '))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let hash = Sha256::digest(&out.stdout)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>();
        assert_eq!(
            hash,
            pin,
            "{line} gave {:?}",
            String::from_utf8_lossy(&out.stdout[..out.stdout.len().min(80)])
        );
    }
}

/// The shifting checker takes its input in 256 KiB blocks, from a buffer or (a file on stdin)
/// from a mapping of the file: outputs whose end, or whose mistake, falls on either side of a
/// block boundary get the same verdict both ways (`check` compares them).
#[test]
fn block_boundaries_read_and_mapped_agree() {
    const BLOCK: usize = 1 << 18;
    let input = "300 500\n";
    let good = solve("shifting", input);
    assert!(good.len() > 2 * BLOCK, "the answer must span blocks");
    assert_eq!(check(shifting_checker(), input, &good).0, 42);
    for cut in [BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK - 3] {
        // Cut short at the boundary: too few moves.
        let (code, message) = check(shifting_checker(), input, &good[..cut]);
        assert_eq!(code, 43, "{message}");
        // A bad byte there.
        let mut bad = good.clone();
        bad[cut] = b'x';
        assert_eq!(check(shifting_checker(), input, &bad).0, 43);
    }
    // A long number across the boundary. With more than 32 of its digits before it, it is too
    // long to carry into the next block, which says so; with fewer, the next block takes it
    // whole, whichever thread scans that block from the bytes before it.
    let across = |before: usize, digits: usize| {
        let mut start = BLOCK - before;
        while good[start - 1] != b'\n' {
            start += 1;
        }
        let end = start + good[start..].iter().position(|&c| c == b'\n').unwrap();
        let mut long = good.clone();
        long.splice(start..end, std::iter::repeat_n(b'7', digits));
        check(shifting_checker(), input, &long)
    };
    let (code, message) = across(39, 40);
    assert_eq!(code, 43);
    assert!(
        message.contains(&format!("'{}...' is not a square number", "7".repeat(32))),
        "{message}"
    );
    let (code, message) = across(15, 20);
    assert_eq!(code, 43);
    assert!(
        message.contains("the square number is far off the row"),
        "{message}"
    );
    // Newlines after the last move up to a whole number of blocks are fine.
    let mut padded = good[..].to_vec();
    padded.resize(padded.len().next_multiple_of(BLOCK), b'\n');
    assert_eq!(check(shifting_checker(), input, &padded).0, 42);
}
