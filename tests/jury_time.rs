//! Slow jury programs run no more than needed: `verify` checks an output the output validator
//! already judged (same input, answer, output and arguments) from memory, and says how the time
//! went between the kinds of program.

use std::path::PathBuf;

use crate::support::{TempPackage, json, leapfrog};

/// The sum problem with a custom Python output validator that notes each run (the output it
/// was given) in a log outside the package, and two accepted submissions that print the same.
fn sum_with_noting_validator(secret: usize) -> (TempPackage, tempfile::TempDir, PathBuf) {
    let pkg = TempPackage::sum(2.0, 256, secret);
    let text = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    pkg.write(
        "problem.yaml",
        &text.replace("validation: default", "validation: custom"),
    );
    // The validator runs as the package's jury user where the judge is root: it may write here.
    let logs = tempfile::tempdir().unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(logs.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let log = logs.path().join("checks.log");
    pkg.write(
        "output_validators/check/check.py",
        &format!(
            "import sys\nwant = open(sys.argv[2]).read().split()\ngot = sys.stdin.read()\n\
             open({:?}, 'a').write(repr(got) + '\\n')\n\
             sys.exit(42 if got.split() == want else 43)\n",
            log.display().to_string()
        ),
    );
    // A space after the sum: these outputs differ from the answer files, which verify's data
    // check gives the validator too, so the log tells the two apart.
    let sum = "a, b = map(int, input().split())\nprint(a + b, '')\n";
    pkg.write("submissions/accepted/one.py", sum);
    pkg.write("submissions/accepted/two.py", &format!("# the same\n{sum}"));
    (pkg, logs, log)
}

#[test]
fn two_accepted_submissions_with_the_same_output_are_checked_once_per_test() {
    let (pkg, _logs, log) = sum_with_noting_validator(4);
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = json(&out);
    assert_eq!(out.status.code(), Some(0), "{v}");
    let all = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = all.lines().filter(|l| l.ends_with(" \\n'")).collect();
    // 1 sample and 4 secret tests: one validator run each, not one per submission.
    assert_eq!(
        lines.len(),
        5,
        "validator runs on the submissions' outputs: {all}"
    );
    let checks = &v["time_by_program"]["output_checks"];
    assert_eq!(checks["runs"], 5, "{v}");
    assert_eq!(checks["reused"], 5, "{v}");
    // Both submissions are still judged on every test, with the same verdicts.
    for row in v["submissions"].as_array().unwrap() {
        assert_eq!(row["verdict"], "AC", "{row}");
        assert_eq!(row["tests_run"], 5, "{row}");
    }
}

#[test]
fn a_different_output_is_checked_on_its_own() {
    let (pkg, _logs, log) = sum_with_noting_validator(2);
    pkg.write(
        "submissions/wrong_answer/off.py",
        "a, b = map(int, input().split())\nprint(a + b + 1, '')\n",
    );
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--json", "--all-tests"])
        .output()
        .unwrap();
    let v = json(&out);
    assert_eq!(out.status.code(), Some(0), "{v}");
    let all = std::fs::read_to_string(&log).unwrap();
    let runs = all.lines().filter(|l| l.ends_with(" \\n'")).count();
    // 3 tests: once for the two accepted outputs, once for the wrong ones.
    assert_eq!(runs, 6, "{all}");
    let wrong = v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["submission"].as_str().unwrap().contains("off.py"))
        .unwrap();
    assert_eq!(wrong["verdict"], "WA", "{wrong}");
}

#[test]
fn verify_says_where_the_time_went() {
    let (pkg, _logs, _log) = sum_with_noting_validator(2);
    let out = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("time in programs:"))
        .unwrap_or_else(|| panic!("no time line: {stdout}"));
    assert!(line.contains("submissions"), "{line}");
    assert!(line.contains("output validator"), "{line}");
    assert!(line.contains('%'), "{line}");
    // Not a terminal: no estimate of the time left.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("time left"), "{stderr}");
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = json(&out);
    let kinds = v["time_by_program"]["kinds"].as_array().unwrap();
    let names: Vec<&str> = kinds.iter().map(|k| k["kind"].as_str().unwrap()).collect();
    assert!(names.contains(&"submissions"), "{v}");
    assert!(names.contains(&"output validator"), "{v}");
    let total: f64 = kinds.iter().map(|k| k["percent"].as_f64().unwrap()).sum();
    assert!((total - 100.0).abs() < 0.5, "{v}");
}

/// What verify drew on stderr on a terminal (a pseudo-terminal made by `script`, 400 columns
/// wide, so that the bar's text is not cut), as the lines a screen would show one after the
/// other: every redraw of the bar is one, with its escape sequences taken out.
fn verify_on_a_terminal(pkg: &TempPackage, jobs: &str) -> Vec<String> {
    let bin = assert_cmd::cargo::cargo_bin!("leapfrog");
    let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache");
    let command = format!(
        "stty cols 400 rows 50; exec '{}' verify '{}' --jobs {jobs} 2>&1 >/dev/null",
        bin.display(),
        pkg.path().display()
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("LEAPFROG_CACHE_DIR", cache)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let plain = without_escapes(&String::from_utf8_lossy(&out.stdout));
    (plain.split(['\r', '\n']))
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// `text` without the terminal's control sequences (`ESC [ … letter`).
fn without_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        if chars.next() == Some('[') {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        }
    }
    out
}

#[test]
fn the_progress_line_says_where_the_time_went_and_how_long_is_left() {
    if !crate::support::installed(&["script", "stty"]) {
        return;
    }
    let (pkg, _logs, log) = sum_with_noting_validator(3);
    // A slower validator, so that the bar is drawn while it runs.
    let check = std::fs::read_to_string(pkg.path().join("output_validators/check/check.py"));
    pkg.write(
        "output_validators/check/check.py",
        &format!("import time\ntime.sleep(0.3)\n{}", check.unwrap()),
    );
    pkg.write(
        "submissions/accepted/three.py",
        "a, b = map(int, input().split())\nprint(a + b, '')\n",
    );
    // One at a time, each submission's bar; at once, the table's bar of submissions.
    for (jobs, bar) in [("1", "/4 "), ("2", "/3 ")] {
        let lines = verify_on_a_terminal(&pkg, jobs);
        let drawn: Vec<&String> = lines.iter().filter(|l| l.contains(bar)).collect();
        let shares = drawn
            .iter()
            .any(|l| l.contains("output validator ") && l.contains("% · submissions "));
        assert!(shares, "--jobs {jobs}: no shares on the bar: {lines:#?}");
        let left = drawn.iter().any(|l| {
            let (_, end) = l.rsplit_once(" · about ").unwrap_or_default();
            end.ends_with(" s left") || end.ends_with(" min left")
        });
        assert!(left, "--jobs {jobs}: no time left on the bar: {lines:#?}");
        std::fs::remove_file(&log).unwrap();
    }
}

/// The sum problem whose output validator notes the Python it runs on (`body` follows).
fn sum_noting_interpreter(body: &str) -> (TempPackage, tempfile::TempDir, PathBuf) {
    let (pkg, logs, log) = sum_with_noting_validator(1);
    pkg.write(
        "output_validators/check/check.py",
        &format!(
            "import sys\nopen({:?}, 'a').write(sys.implementation.name + '\\n')\n{body}",
            log.display().to_string()
        ),
    );
    (pkg, logs, log)
}

#[test]
fn a_python_validator_runs_on_pypy_where_it_is_installed() {
    if !crate::support::installed(&["pypy3"]) {
        return;
    }
    let body = "want = open(sys.argv[2]).read().split()\n\
                sys.exit(42 if sys.stdin.read().split() == want else 43)\n";
    let (pkg, _logs, log) = sum_noting_interpreter(body);
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", json(&out));
    let used = std::fs::read_to_string(&log).unwrap();
    assert!(
        !used.is_empty() && used.lines().all(|l| l == "pypy"),
        "{used}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("is not installed"), "{stderr}");
}

#[test]
fn a_validator_pypy_cannot_compile_runs_on_cpython() {
    if !crate::support::installed(&["pypy3"]) {
        return;
    }
    // A `match` statement: Python 3.10's syntax, which PyPy 3.9 does not read.
    let body = "want = open(sys.argv[2]).read().split()\n\
                match sys.stdin.read().split() == want:\n    \
                case True:\n        sys.exit(42)\n    \
                case _:\n        sys.exit(43)\n";
    let (pkg, _logs, log) = sum_noting_interpreter(body);
    let pypy = std::process::Command::new("pypy3")
        .args(["-c", "import sys; print(sys.version_info >= (3, 10))"])
        .output()
        .unwrap();
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", json(&out));
    let used = std::fs::read_to_string(&log).unwrap();
    if String::from_utf8_lossy(&pypy.stdout).trim() == "False" {
        assert!(used.lines().all(|l| l == "cpython"), "{used}");
    }
}

#[test]
fn without_pypy_python_validators_run_on_cpython_and_a_note_says_so() {
    // A PATH whose one Python is CPython, one every user may run (the jury's user runs the
    // validator where the tests run as root).
    let cpython = std::path::Path::new("/usr/bin/python3");
    if !cpython.is_file() {
        eprintln!("skipped: no /usr/bin/python3");
        return;
    }
    let path = tempfile::tempdir().unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::os::unix::fs::symlink(cpython, path.path().join("python3")).unwrap();
    let body = "want = open(sys.argv[2]).read().split()\n\
                sys.exit(42 if sys.stdin.read().split() == want else 43)\n";
    let (pkg, _logs, log) = sum_noting_interpreter(body);
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .env("PATH", path.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", json(&out));
    let used = std::fs::read_to_string(&log).unwrap();
    assert!(
        !used.is_empty() && used.lines().all(|l| l == "cpython"),
        "{used}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let notes = stderr.matches("pypy3 is not installed").count();
    assert_eq!(notes, 1, "one note, for the whole run: {stderr}");
    assert!(
        stderr.contains("Python validators run on CPython"),
        "{stderr}"
    );
}
