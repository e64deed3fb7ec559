//! The `pairs` puzzle on the command line: `leapfrog solve pairs` (answers, errors, the drawing),
//! `leapfrog count pairs` (counts, tables, listings) and `leapfrog gen pairs` (byte-stable
//! tests, pinned by sha256).

use crate::support;

use sha2::{Digest, Sha256};
use support::leapfrog;

fn solve(input: &str) -> std::process::Output {
    leapfrog()
        .args(["solve", "pairs"])
        .write_stdin(input)
        .output()
        .unwrap()
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn solve_answers_none_extra_move_and_construction() {
    assert_eq!(stdout(&solve("1\n")), "None\n");
    assert_eq!(stdout(&solve("2\n")), "None\n");
    assert_eq!(stdout(&solve("3\n")), "4\n0\n2\n5\n0\n");
    assert_eq!(
        stdout(&solve("12\n")),
        "12\n1\n20\n5\n16\n9\n12\n15\n8\n19\n4\n23\n0\n"
    );
}

#[test]
fn solve_streams_the_largest_answer() {
    let out = solve("1000000\n");
    assert!(out.status.success());
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1_000_001);
    let digest = sha256(text.as_bytes());
    assert_eq!(
        digest,
        "1908186366b99f784cd6ba58acf58524aae2eee22b36375a844c675764d96f30"
    );
}

#[test]
fn solve_rejects_bad_input_with_a_location() {
    for (input, message) in [
        ("0\n", "line 1: n must be at least 1"),
        ("4 5\n", "line 1, column 3: expected only n, found more"),
        ("four\n", "line 1, column 1: expected a digit, found \"f\""),
        ("", "line 1: expected n, found the end of the input"),
    ] {
        let out = solve(input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert!(out.stdout.is_empty(), "{input:?}: nothing on stdout");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{input:?}: {err}");
    }
}

#[test]
fn show_draws_every_row() {
    let out = leapfrog()
        .args(["solve", "pairs", "--show"])
        .write_stdin("4\n")
        .output()
        .unwrap();
    let text = stdout(&out);
    let rows: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .collect();
    assert_eq!(
        rows[1..],
        [
            "BBBBWWWW..",
            "B..BWWWWBB",
            "BWWB..WWBB",
            "BWWBWBW..B",
            "..WBWBWBWB"
        ]
    );
}

#[test]
fn count_prints_exact_numbers() {
    for (n, count) in [
        ("2", "0"),
        ("3", "2"),
        ("7", "2"),
        ("10", "96"),
        ("14", "38880"),
    ] {
        let out = leapfrog().args(["count", "pairs", n]).output().unwrap();
        assert!(out.status.success());
        assert_eq!(stdout(&out), format!("{count}\n"), "n = {n}");
    }
}

#[test]
fn count_lists_every_optimal_solution() {
    let out = leapfrog()
        .args(["count", "pairs", "8", "--list"])
        .output()
        .unwrap();
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 17);
    assert_eq!(lines[16], "16 optimal solutions");
    assert_eq!(lines[0], "1 9 4 12 5 10 15 0");
    assert!(
        lines[..16]
            .iter()
            .all(|l| l.split(' ').count() == 8 && l.ends_with(" 0"))
    );
}

#[test]
fn count_table_has_a_row_per_size() {
    let out = leapfrog()
        .args(["count", "pairs", "--table", "1..9"])
        .output()
        .unwrap();
    let text = stdout(&out);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(2)
        .map(|l| {
            l.split('|')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 9);
    assert_eq!(rows[0][..3], ["1", "None", "0"]);
    assert_eq!(rows[2][..3], ["3", "4", "2"]);
    assert_eq!(rows[8][..4], ["9", "9", "32", "32"]);
    assert!(rows[3..].iter().all(|r| r[4] == "yes"));
    assert!(
        rows.iter()
            .all(|r| r[6].ends_with(" s") && r[7].ends_with(" s"))
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("structural"));
}

#[test]
fn count_names_its_method_and_both_methods_agree() {
    for n in ["3", "13"] {
        let structural = leapfrog().args(["count", "pairs", n]).output().unwrap();
        let search = leapfrog()
            .args(["count", "pairs", n, "--method", "search"])
            .output()
            .unwrap();
        assert!(structural.status.success() && search.status.success());
        assert_eq!(stdout(&structural), stdout(&search), "n = {n}");
        assert!(String::from_utf8_lossy(&structural.stderr).contains("counted by structural"));
        assert!(String::from_utf8_lossy(&search.stderr).contains("counted by search"));
    }
}

#[test]
fn count_reaches_sizes_beyond_the_search() {
    // The closed form (k!)^4 * C(2k-2, k-1) / k for k = 50, evaluated independently (Python's
    // exact integers): 285 digits starting 43600172688828427804.
    let out = leapfrog().args(["count", "pairs", "200"]).output().unwrap();
    assert!(out.status.success());
    let text = stdout(&out);
    let digits = text.trim();
    assert_eq!(digits.len(), 285);
    assert!(digits.starts_with("43600172688828427804"), "{digits}");
}

#[test]
fn count_rejects_sizes_it_cannot_handle() {
    let out = leapfrog()
        .args(["count", "pairs", "57", "--method", "search"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("between 1 and 56"));
    let out = leapfrog()
        .args(["count", "pairs", "57", "--list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = leapfrog()
        .args(["count", "pairs", "100001"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("between 1 and 100000"));
    let out = leapfrog()
        .args(["count", "checkers", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = leapfrog()
        .args(["count", "pairs", "--table", "9..3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn generated_tests_are_byte_stable() {
    for (args, digest) in [
        (
            "--min 13 --max 100 --seed 5001",
            "c6ebc76be5dc1f8b433f8d6fd9bd85cd9325086038442db8614bb799fec6fd85",
        ),
        (
            "--min 100000 --max 990000 --seed 5010",
            "e3e84875922a68f0bb6e4e1092988fd5e79e1f7887b9db6d17185b0830828ef7",
        ),
        (
            "--min 990000 --residue 3 --seed 5016",
            "f381e6826eeb3a5402105770c7df78287a66d776cc2527c39e29ee2eb94ccaee",
        ),
    ] {
        let out = leapfrog()
            .arg("gen")
            .arg("pairs")
            .args(args.split(' '))
            .output()
            .unwrap();
        assert!(out.status.success(), "{args}");
        assert_eq!(sha256(&out.stdout), digest, "{args}");
    }
}
