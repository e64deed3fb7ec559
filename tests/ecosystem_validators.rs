//! Validators written for other contest tools (tests/fixtures/ecosystem-sum): a checktestdata
//! script, a VIVA pattern (skipped with a warning where its runner is missing), a testlib-style
//! checker with testlib's argument order and exit codes, and (in the 2025-09 fixture) an output
//! validator folder with `build` / `run` scripts.

use std::path::Path;

use crate::support::{TempPackage, leapfrog};

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
}

/// PATH with `target/validator-tools` (where .ci/run links checktestdata's `pyctd`) in front.
fn path_with_tools() -> std::ffi::OsString {
    let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/validator-tools");
    let mut dirs = vec![tools];
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap()
}

fn has_checktestdata() -> bool {
    let path = path_with_tools();
    let found = std::env::split_paths(&path)
        .any(|d| d.join("pyctd").is_file() || d.join("checktestdata").is_file());
    if !found {
        eprintln!("skipped: checktestdata is not installed (pip install checktestdata)");
    }
    found
}

fn has(tools: &[&str]) -> bool {
    for tool in tools {
        if !on_path(tool) {
            eprintln!("skipped: {tool} is not installed");
            return false;
        }
    }
    true
}

fn copy_fixture(name: &str) -> TempPackage {
    TempPackage::from_fixture(name)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let output = leapfrog()
        .env("PATH", path_with_tools())
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_checktestdata_script_validates_inputs() {
    if !has(&["python3"]) || !has_checktestdata() {
        return;
    }
    let pkg = copy_fixture("ecosystem-sum");
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    // The three invalid inputs are each rejected by the .ctd script (the only validator run
    // where VIVA is missing).
    assert!(
        out.contains("3 cases of invalid/valid data behave"),
        "{out}{err}"
    );

    pkg.write("data/secret/3.in", "1  2\n");
    pkg.write("data/secret/3.ans", "3\n");
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 1, "two spaces break the script's SPACE: {out}{err}");
    assert!(
        out.contains("secret/3.in") && out.contains("format"),
        "{out}{err}"
    );
}

#[test]
fn a_checktestdata_answer_validator_reads_the_answer_alone() {
    if !has(&["python3"]) || !has_checktestdata() {
        return;
    }
    // BAPCtools runs a `.ctd` answer validator as checktestdata runs: the answer on stdin, no
    // input path (checktestdata would check that file instead) and no output flags (it
    // refuses unknown arguments). Its test package `alternativeencryption` has one, with
    // `output_validator_args` set.
    let pkg = copy_fixture("ecosystem-sum");
    pkg.write(
        "answer_validators/answer.ctd",
        "INT(-2000000,2000000) NEWLINE\nEOF\n",
    );
    pkg.write(
        "data/secret/testdata.yaml",
        "output_validator_flags: case_sensitive\n",
    );
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");

    pkg.write("data/secret/2.ans", "zero\n");
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 1, "a word is no answer: {out}{err}");
    assert!(format!("{out}{err}").contains("2.ans"), "{out}{err}");
}

#[test]
fn a_viva_pattern_without_its_runner_is_skipped_with_a_warning() {
    if on_path("viva") {
        eprintln!("skipped: a viva runner is installed here");
        return;
    }
    if !has(&["python3"]) || !has_checktestdata() {
        return;
    }
    let pkg = copy_fixture("ecosystem-sum");
    let (code, out, err) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("range.viva skipped") && err.contains("viva"),
        "{err}"
    );
}

#[test]
fn a_testlib_checker_is_called_as_testlib_expects() {
    if !has(&["python3", "g++"]) {
        return;
    }
    let pkg = copy_fixture("ecosystem-sum");
    // verify does not need the input validators.
    let output = leapfrog()
        .env("PATH", path_with_tools())
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = crate::support::json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    let text = v.to_string();
    // Exit 1 (wrong answer) and exit 2 (presentation error) are both WA, with the checker's
    // words.
    assert!(text.contains("expected 1999999, found 2000000"), "{v}");
    assert!(text.contains("extra output after the sum"), "{v}");

    // Exit 3 is the checker's own failure: a judge error, never a verdict.
    pkg.write("data/secret/1.ans", "7\n");
    let sum = pkg.path().join("submissions/accepted/sum.py");
    let (code, out, err) = run(&["judge", &pkg.arg(), sum.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("JE") || all.contains("judge error"), "{all}");
    assert!(all.contains("the answer file says 7"), "{all}");
}

#[test]
fn a_testlib_checker_without_its_header_is_refused_by_name() {
    let pkg = copy_fixture("ecosystem-sum");
    std::fs::remove_file(pkg.path().join("output_validators/sumcheck/testlib.h")).unwrap();
    if Path::new("/usr/include/testlib.h").is_file() {
        eprintln!("skipped: testlib.h is installed here");
        return;
    }
    let sum = pkg.path().join("submissions/accepted/sum.py");
    let (code, out, err) = run(&["judge", &pkg.arg(), sum.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("testlib.h") && err.contains("sumcheck"),
        "{out}{err}"
    );
}

#[test]
fn an_output_validator_folder_with_build_and_run_scripts() {
    if !has(&["python3", "sh"]) {
        return;
    }
    let pkg = copy_fixture("fmt2025-quotient");
    let dir = pkg.path().join("output_validator");
    std::fs::rename(dir.join("checker.py"), dir.join("check_impl.py")).unwrap();
    // `build` writes the `run` script; the judge runs it from a copy of the folder.
    pkg.write(
        "output_validator/build",
        "#!/bin/sh\nset -e\nprintf '#!/bin/sh\\nexec python3 \"$(dirname \"$0\")/check_impl.py\" \"$@\"\\n' > run\nchmod +x run\n",
    );
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = crate::support::json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    assert!(v.to_string().contains("is more than 1e-06 away"), "{v}");
    assert!(
        !dir.join("run").exists(),
        "the build runs in a copy, not in the package"
    );

    // A build that fails is a judge error naming the folder.
    pkg.write(
        "output_validator/build",
        "#!/bin/sh\necho no compiler here >&2\nexit 1\n",
    );
    let (code, out, err) = run(&["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("build script failed"),
        "{out}{err}"
    );
}
