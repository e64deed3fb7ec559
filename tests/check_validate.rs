//! `leapfrog check` and `leapfrog validate` on small packages, and `verify` skipping languages
//! whose tools are missing.

use crate::support;

use predicates::prelude::*;
use support::{TempPackage, leapfrog};

#[test]
fn check_prints_the_verdict_and_reason_with_scriptable_exit_codes() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    let input = pkg.path().join("data/sample/1.in");
    let good = pkg.write("outputs/good.out", "3\n");
    let bad = pkg.write("outputs/bad.out", "4\n");
    leapfrog()
        .args([
            "check",
            &pkg.arg(),
            input.to_str().unwrap(),
            good.to_str().unwrap(),
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("AC"));
    leapfrog()
        .args([
            "check",
            &pkg.arg(),
            input.to_str().unwrap(),
            bad.to_str().unwrap(),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "WA  line 1: expected \"3\", got \"4\"",
        ));
    // An explicit answer file wins over the .ans next to the input.
    leapfrog()
        .args([
            "check",
            &pkg.arg(),
            input.to_str().unwrap(),
            bad.to_str().unwrap(),
            bad.to_str().unwrap(),
        ])
        .assert()
        .code(0);
    leapfrog()
        .args(["check", &pkg.arg(), input.to_str().unwrap(), "missing.out"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.out"));
}

#[test]
fn validate_names_each_invalid_file_with_the_validators_reason() {
    let pkg = TempPackage::sum(1.0, 256, 2);
    leapfrog()
        .args(["validate", &pkg.arg()])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 inputs pass 1 input validator;"));
    pkg.write("data/secret/02.in", "1 two\n");
    leapfrog()
        .args(["validate", &pkg.arg()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "secret/02.in: validate.py: expected two non-negative integers",
        ))
        .stdout(predicate::str::contains("1 invalid, 0 errors, 3 tests"));
}

#[test]
fn a_broken_input_validator_is_a_judge_error() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("input_validators/validate.py", "import sys\nsys.exit(7)\n");
    leapfrog()
        .args(["validate", &pkg.arg()])
        .assert()
        .code(2)
        .stdout(
            predicate::str::contains("input validator")
                .and(predicate::str::contains("exit code 7")),
        );
}

#[test]
fn verify_skips_languages_whose_tools_are_missing() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/accepted/Sum.java",
        "public class Sum { public static void main(String[] a) { } }\n",
    );
    // A PATH that offers python3 and nothing else.
    let bin = tempfile::tempdir().unwrap();
    let python = real_python();
    std::os::unix::fs::symlink(&python, bin.path().join("python3")).unwrap();
    let output = leapfrog()
        .env("PATH", bin.path())
        .args(["verify", &pkg.arg(), "--no-sandbox", "--json"])
        .output()
        .unwrap();
    let v = support::json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    let java = v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["language"] == "Java")
        .unwrap();
    assert_eq!(java["status"], "skipped");
    assert_eq!(java["reason"], "javac is not installed");
}

/// The Python interpreter itself (not a version manager's shim, which needs a shell), one that
/// every user may run where there is one: the jury's user runs the package's Python validators,
/// and the judge refuses an interpreter only root may reach.
fn real_python() -> std::path::PathBuf {
    let system = std::path::Path::new("/usr/bin/python3");
    if system.exists() {
        return system.to_path_buf();
    }
    let out = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .unwrap();
    std::path::PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

#[test]
fn validate_runs_a_custom_checker_on_every_answer() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("problem.yaml", "name: Sum\nvalidation: custom\n");
    // A checker that recomputes the sum from the input, so a wrong answer file is caught.
    pkg.write(
        "output_validators/check.py",
        "import sys, os\na, b = map(int, open(sys.argv[1]).read().split())\nout = sys.stdin.read().split()\nif out == [str(a + b)]:\n    sys.exit(42)\nopen(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write('the sum is %d, not %s\\n' % (a + b, ' '.join(out)))\nsys.exit(43)\n",
    );
    leapfrog().args(["validate", &pkg.arg()]).assert().success();
    // A legacy secret answer the checker rejects is a warning, as problemtools makes it.
    pkg.write("data/secret/01.ans", "9\n");
    leapfrog()
        .args(["validate", &pkg.arg()])
        .assert()
        .code(0)
        .stderr(
            predicate::str::contains("01.ans is rejected by")
                .and(predicate::str::contains("the sum is 8, not 9")),
        );
    // A sample's answer is shown as an output: it must pass.
    pkg.write("data/sample/1.ans", "4\n");
    leapfrog()
        .args(["validate", &pkg.arg()])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("1.ans is rejected by")
                .and(predicate::str::contains("the sum is 3, not 4")),
        );
}
