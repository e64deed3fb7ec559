//! `leapfrog check` without an answer file: the reference solver's answer reaches the checker
//! through a pipe as the checker reads it, so an answer the checker does not read is never
//! computed, and a malformed input is still an error naming the file.

use crate::support::leapfrog;

use std::path::{Path, PathBuf};
use std::time::Duration;

use predicates::prelude::*;

fn problem(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(name)
        .display()
        .to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn check(problem_name: &str, input: &Path, output: &Path) -> assert_cmd::assert::Assert {
    leapfrog()
        .args(["check", &problem(problem_name)])
        .arg(input)
        .arg(output)
        .timeout(Duration::from_secs(120))
        .assert()
}

#[test]
fn an_answer_the_checker_does_not_read_is_not_computed() {
    // The whole answer for 100000 x 100000 is 10^10 moves, about 60 GB: a check that wrote it
    // before running the checker would not end. The shifting checker needs only the input.
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "huge.in", "100000 100000\n");
    let output = write(dir.path(), "short.out", "5\n100000\n");
    check("shifting", &input, &output)
        .code(1)
        .stdout(predicate::str::contains(
            "K = 5, but the minimum is nm + n + m = 10000200000",
        ));
}

#[test]
fn checkers_that_read_the_answer_get_the_reference_solvers() {
    let dir = tempfile::tempdir().unwrap();
    // The pairs checker reads the judges' count from the answer: right, too long, and None.
    let input = write(dir.path(), "ten.in", "10\n");
    let answer = leapfrog()
        .args(["solve", "pairs"])
        .write_stdin("10\n")
        .output()
        .unwrap()
        .stdout;
    let right = dir.path().join("right.out");
    std::fs::write(&right, &answer).unwrap();
    check("pairs", &input, &right).code(0).stdout("AC\n");
    let long = write(dir.path(), "long.out", "12\n");
    check("pairs", &input, &long)
        .code(1)
        .stdout(predicate::str::contains("uses 12 moves, but 10 are enough"));
    let two = write(dir.path(), "two.in", "2\n");
    let none = write(dir.path(), "none.out", "None\n");
    check("pairs", &two, &none).code(0);
    let three = write(dir.path(), "three.in", "3\n");
    check("pairs", &three, &none)
        .code(1)
        .stdout(predicate::str::contains(
            "printed None, but the goal can be reached in 4 moves",
        ));
}

#[test]
fn a_malformed_input_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "bad.in", "three\n");
    let output = write(dir.path(), "any.out", "None\n");
    check("pairs", &input, &output)
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("bad.in"));
}
