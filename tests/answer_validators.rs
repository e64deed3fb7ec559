//! Answer validators (`answer_validators/`, fixture tests/fixtures/answer-check): `validate`
//! runs them on every `.ans` of the data (given the input's path and the test's output
//! validator arguments) and on `data/invalid_answer`, where one must reject each case; without
//! them, an invalid answer is checked as an output, and `validate` says so when that lets one
//! through.

use crate::support::{TempPackage, installed, leapfrog, run};

fn fixture() -> Option<TempPackage> {
    installed(&["python3"]).then(|| TempPackage::from_fixture("answer-check"))
}

fn validate(pkg: &TempPackage) -> (i32, String) {
    run(&["validate", &pkg.arg()])
}

#[test]
fn every_answer_passes_and_every_invalid_answer_is_rejected() {
    let Some(pkg) = fixture() else { return };
    let (code, said) = validate(&pkg);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("1 answer validator"), "{said}");
    assert!(
        said.contains("3 cases of invalid/valid data behave"),
        "{said}"
    );
}

#[test]
fn a_wrong_answer_file_is_named_with_the_validator_s_reason() {
    let Some(pkg) = fixture() else { return };
    pkg.write("data/secret/1.ans", "21\n");
    let (code, said) = validate(&pkg);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("secret/1.ans is rejected by even.py: 21 is odd"),
        "{said}"
    );
}

#[test]
fn an_invalid_answer_every_validator_accepts_is_named() {
    let Some(pkg) = fixture() else { return };
    pkg.write("data/invalid_answer/fine.in", "2\n");
    pkg.write("data/invalid_answer/fine.ans", "4\n");
    let (code, said) = validate(&pkg);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("invalid_answer/fine.in: every answer validator and the default token diff accept this invalid answer"),
        "{said}"
    );
    assert!(
        !said.contains("odd.in"),
        "the other cases are rejected: {said}"
    );
}

#[test]
fn without_answer_validators_an_invalid_answer_is_checked_as_an_output_and_said_so() {
    let Some(pkg) = fixture() else { return };
    std::fs::remove_dir_all(pkg.path().join("answer_validators")).unwrap();
    let (code, said) = validate(&pkg);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("invalid_answer/odd.in: the default token diff accepts this invalid answer (with no answer_validators/, an answer is checked as an output)"),
        "{said}"
    );
}

#[test]
fn an_answer_validator_that_fails_is_a_judge_error() {
    let Some(pkg) = fixture() else { return };
    // Arguments the validator does not know make it exit 1: neither valid nor invalid.
    pkg.write(
        "data/secret/test_group.yaml",
        "output_validator_args: [case_sensitive]\n",
    );
    let (code, said) = validate(&pkg);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("answer validator"), "{said}");
}

#[test]
fn the_2025_export_carries_the_answer_validators() {
    let Some(pkg) = fixture() else { return };
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("double");
    let status = leapfrog()
        .args(["export", &pkg.arg(), "--format", "2025-09"])
        .arg(&dest)
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    assert!(dest.join("answer_validators/even.py").is_file());
    let output = leapfrog()
        .args(["validate", dest.to_str().unwrap()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{said}");
    assert!(said.contains("1 answer validator"), "{said}");
}
