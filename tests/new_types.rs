//! `leapfrog new problem --type`: every problem type (pass-fail, float, interactive, multi-pass,
//! scoring) in every language `new` offers verifies right after `new`, its wrong submission
//! rejected as expected.

use std::path::Path;

use crate::support::{self, leapfrog};

pub const TYPES: [&str; 5] = ["pass-fail", "float", "interactive", "multi-pass", "scoring"];

/// `leapfrog ARGS` in `dir`, which must exit with `code`: what it printed.
pub fn run_in(dir: &Path, args: &[&str], code: i32) -> String {
    let output = leapfrog().current_dir(dir).args(args).output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(code), "{args:?}:\n{said}");
    said
}

/// Makes one problem of each type in `lang` and verifies each: every submission as expected,
/// the wrong one included.
fn every_type_verifies_in(lang: &str) {
    let work = tempfile::tempdir().unwrap();
    for kind in TYPES {
        let name = format!("{lang}-{kind}");
        let made = run_in(
            work.path(),
            &["new", "problem", &name, "--type", kind, "--lang", lang],
            0,
        );
        assert!(made.contains(&format!("({kind}, ")), "{made}");
        let said = run_in(work.path(), &["verify", &name], 0);
        assert!(
            said.contains("2 submissions: 2 as expected, 0 mismatched"),
            "{name}:\n{said}"
        );
        assert!(said.contains("expected WA   got WA"), "{name}:\n{said}");
    }
}

#[test]
fn every_type_verifies_in_python() {
    if support::installed(&["python3"]) {
        every_type_verifies_in("python");
    }
}

#[test]
fn every_type_verifies_in_cpp() {
    if support::installed(&["g++"]) {
        every_type_verifies_in("cpp");
    }
}

#[test]
fn every_type_verifies_in_rust() {
    if support::installed(&["rustc"]) {
        every_type_verifies_in("rust");
    }
}

#[test]
fn every_type_verifies_in_java() {
    if support::installed(&["javac", "java"]) {
        every_type_verifies_in("java");
    }
}

/// The float problem's tolerance is where 2025-09 puts it, and its statement says so.
#[test]
fn a_float_problem_is_pass_fail_with_a_tolerance() {
    let work = tempfile::tempdir().unwrap();
    run_in(
        work.path(),
        &["new", "problem", "ratio", "--type", "float"],
        0,
    );
    let dir = work.path().join("ratio");
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: pass-fail\n"), "{yaml}");
    let group = std::fs::read_to_string(dir.join("data/test_group.yaml")).unwrap();
    assert!(
        group.contains("output_validator_args: [float_tolerance, 1e-6]"),
        "{group}"
    );
}

/// Java programs take the class name of their file, as javac and the judges want.
#[test]
fn java_classes_are_named_after_their_files() {
    let work = tempfile::tempdir().unwrap();
    run_in(
        work.path(),
        &[
            "new",
            "problem",
            "guess",
            "--type",
            "interactive",
            "--lang",
            "java",
        ],
        0,
    );
    let dir = work.path().join("guess");
    for (file, class) in [
        ("submissions/accepted/solution.java", "class solution "),
        ("output_validator/interact.java", "class interact "),
        ("input_validators/validate.java", "class validate "),
        (
            "submissions/wrong_answer/guess_wrong.java",
            "class guess_wrong ",
        ),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.contains(class), "{file}:\n{text}");
    }
}
