//! The one model of a package's tests as commands read it: its settings files are read and
//! checked once, so a mistake in one is reported once, naming the file and the key, and a
//! settings file whose name is a near miss is pointed out rather than silently skipped.

use crate::support::{TempPackage, leapfrog};

fn run(args: &[&str]) -> (i32, String, String) {
    let out = leapfrog().args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

#[test]
fn a_wrong_validator_word_is_reported_once_where_it_is_written() {
    let pkg = TempPackage::from_fixture("float-dist");
    pkg.write(
        "data/test_group.yaml",
        "output_validator_args: [float_tolerence, 1e-6]\n",
    );
    for command in ["validate", "verify"] {
        let (code, out, err) = run(&[command, &pkg.arg()]);
        let said = format!("{out}{err}");
        assert_eq!(code, 2, "{command}: {said}");
        assert_eq!(
            said.matches("float_tolerence").count(),
            1,
            "{command} names the word once: {said}"
        );
        assert!(
            said.contains(
                "data/test_group.yaml:1: output_validator_args: unknown flag 'float_tolerence'"
            ),
            "{command}: {said}"
        );
        assert!(!said.contains(".in:"), "{command} names no test: {said}");
    }
}

#[test]
fn a_misspelt_settings_file_is_pointed_out() {
    let pkg = TempPackage::from_fixture("float-dist");
    let data = pkg.path().join("data");
    std::fs::rename(data.join("test_group.yaml"), data.join("test_groups.yaml")).unwrap();
    let input = data.join("secret/same/07-same.in");
    let output = pkg.write("out/short.out", "0.00\n");
    let (code, out, err) = run(&[
        "check",
        &pkg.arg(),
        input.to_str().unwrap(),
        output.to_str().unwrap(),
    ]);
    // Read as problemtools reads it (the tolerance is lost), with the reason said once.
    assert_eq!(code, 1, "{out}{err}");
    let warning = "data/test_groups.yaml: no tool reads a file of this name, so its settings are not used; did you mean test_group.yaml?";
    assert_eq!(err.matches(warning).count(), 1, "{err}");
}

#[test]
fn misspelt_legacy_and_per_test_settings_files_are_pointed_out() {
    let pkg = TempPackage::sum(2.0, 256, 2);
    pkg.write(
        "data/secret/testdata.yml",
        "output_validator_flags: case_sensitive\n",
    );
    pkg.write("data/secret/01.yml", "args: [x]\n");
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("data/secret/testdata.yml: no tool reads a file of this name, so its settings are not used; did you mean testdata.yaml?"),
        "{err}"
    );
    assert!(
        err.contains("01.yml: no tool reads a test's settings from a .yml file"),
        "{err}"
    );
}

/// `float-custom` with a secret test whose answer is no output (a note for the validator's
/// reader, as the 2025-09 format's own example has), in the given format.
fn hinted(legacy: bool) -> TempPackage {
    let pkg = TempPackage::from_fixture("float-custom");
    pkg.write("data/secret/far/03-hint.in", "0 0 1 1\n");
    pkg.write("data/secret/far/03-hint.ans", "about 1.41 (hypot)\n");
    if legacy {
        let p = pkg.path();
        pkg.write(
            "problem.yaml",
            "name: Distance by checker\nvalidation: custom\nlimits:\n  time_limit: 2\n",
        );
        std::fs::create_dir(p.join("output_validators")).unwrap();
        std::fs::rename(
            p.join("output_validator"),
            p.join("output_validators/checker"),
        )
        .unwrap();
        std::fs::rename(p.join("statement"), p.join("problem_statement")).unwrap();
    }
    pkg
}

#[test]
fn in_2025_09_only_the_samples_answers_must_pass_the_output_validator() {
    let pkg = hinted(false);
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!format!("{out}{err}").contains("03-hint"), "{out}{err}");
    // A sample's answer is shown as an output: it must pass.
    pkg.write("data/sample/1.ans", "five\n");
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("sample/1.ans is rejected"), "{out}{err}");
}

#[test]
fn legacy_answers_outside_the_samples_are_warned_about_as_problemtools_does() {
    let pkg = hinted(true);
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("warning: the answer file") && err.contains("03-hint.ans is rejected"),
        "{out}{err}"
    );
    pkg.write("data/sample/1.ans", "five\n");
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("sample/1.ans is rejected"), "{out}{err}");
}
