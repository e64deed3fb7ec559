//! A dangling link where leapfrog reads a program or the test data: the message says the path
//! is a link and where it points, once, instead of a bare "No such file or directory" (twice).

use crate::support;

use support::{TempPackage, leapfrog};

fn said(args: &[&str]) -> (i32, String) {
    let out = leapfrog().args(args).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

fn sum_with_accepted() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 2);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg
}

#[test]
fn a_dangling_validator_link_is_named_as_a_link_once() {
    let pkg = sum_with_accepted();
    let link = pkg.path().join("input_validators/shared.py");
    std::os::unix::fs::symlink("../../common/shared.py", &link).unwrap();
    let (code, text) = said(&["validate", &pkg.arg()]);
    // main: "error: input validator …/shared.py: …/shared.py: No such file or directory (os
    // error 2)".
    assert_eq!(code, 2, "{text}");
    let wanted = format!(
        "{} is a link to ../../common/shared.py, which does not exist",
        link.display()
    );
    assert!(text.contains(&wanted), "{text}");
    assert!(!text.contains("No such file"), "{text}");
    let error = text.lines().find(|l| l.starts_with("error:")).unwrap();
    assert_eq!(
        error.matches(&link.display().to_string()).count(),
        1,
        "{text}"
    );
}

#[test]
fn a_dangling_submission_link_is_named_as_a_link() {
    let pkg = sum_with_accepted();
    let link = pkg.path().join("submissions/accepted/other.py");
    std::os::unix::fs::symlink("../../../elsewhere/other.py", &link).unwrap();
    let (code, text) = said(&["judge", &pkg.arg(), &link.display().to_string()]);
    // main: "error: …/other.py: No such file or directory (os error 2)".
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("is a link to ../../../elsewhere/other.py, which does not exist"),
        "{text}"
    );
    assert!(!text.contains("No such file"), "{text}");
}

#[test]
fn a_dangling_test_file_link_is_named_once() {
    let pkg = sum_with_accepted();
    let link = pkg.path().join("data/secret/03.in");
    std::os::unix::fs::symlink("/nowhere/03.in", &link).unwrap();
    pkg.write("data/secret/03.ans", "3\n");
    let sum = pkg.path().join("submissions/accepted/sum.py");
    let (_, text) = said(&["judge", &pkg.arg(), &sum.display().to_string()]);
    // main: "answer file has no test input …/03.in (rename one so the two match)".
    assert!(!text.contains("rename"), "{text}");
    assert!(
        text.contains("03.in is a link to /nowhere/03.in, which does not exist"),
        "{text}"
    );
    // Without its answer: main said "IO error for operation on …/03.in: No such file or
    // directory (os error 2): No such file or directory (os error 2)".
    std::fs::remove_file(pkg.path().join("data/secret/03.ans")).unwrap();
    let (_, text) = said(&["judge", &pkg.arg(), &sum.display().to_string()]);
    assert_eq!(text.matches("No such file").count(), 0, "{text}");
    assert_eq!(text.matches("/nowhere/03.in").count(), 1, "{text}");
}
