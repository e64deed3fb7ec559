//! What is a program and how it runs, as the anchors (problemtools, BAPCtools) decide it, on
//! the fixture tests/fixtures/program-kinds: a header beside the output validator is no
//! validator of its own, a Java class `Main` in `solution.java` runs as `Main`, an executable
//! text file is ignored, a `#!/usr/bin/env python2` script is Python 2 (skipped where python2
//! does not start), a contradicting `@EXPECTED_RESULTS@` line in a legacy folder is ignored
//! with a warning, an endless writer in `time_limit_exceeded/` is TLE; and, on throw-away
//! packages, PyPy for Python submissions, problem.yaml's
//! `languages` and `constants`.

use crate::support;

use support::{TempPackage, json, leapfrog};

fn program_kinds() -> Option<TempPackage> {
    support::installed(&["python3", "g++"]).then(|| TempPackage::from_fixture("program-kinds"))
}

fn row<'a>(report: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["submission"] == name)
        .unwrap_or_else(|| panic!("no row {name} in {report}"))
}

/// Whether a Python works (a version manager's shim for a version not selected does not).
fn python_works(tool: &str) -> bool {
    std::process::Command::new(tool)
        .args(["-c", "pass"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn each_kind_of_program_is_judged_or_left_out_as_the_anchors_do() {
    let Some(pkg) = program_kinds() else {
        return;
    };
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json", "--no-sandbox"])
        .output()
        .unwrap();
    let report = json(&output);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{report}\n{stderr}");
    // One output validator: check.cpp, which includes tokens.h.
    assert_eq!(row(&report, "accepted/sum.py")["status"], "ok", "{report}");
    let notes = row(&report, "accepted/notes");
    assert_eq!(notes["status"], "ignored", "{notes}");
    assert!(
        notes["reason"]
            .as_str()
            .unwrap()
            .contains("executable file of no known language"),
        "{notes}"
    );
    let java = row(&report, "accepted/solution.java");
    if support::installed(&["javac", "java"]) {
        assert_eq!(java["status"], "ok", "{java}");
    }
    let old = row(&report, "accepted/old.py");
    assert_eq!(old["language"], "Python 2", "{old}");
    if python_works("python2") {
        assert_eq!(old["status"], "ok", "{old}");
    } else {
        assert_eq!(old["status"], "skipped", "{old}");
        assert_eq!(old["reason"], "python2 is not installed", "{old}");
    }
    let contradicted = row(&report, "wrong_answer/off_by_one.py");
    assert_eq!(contradicted["status"], "ok", "{contradicted}");
    assert_eq!(contradicted["verdict"], "WA", "{contradicted}");
    assert!(
        stderr.contains("@EXPECTED_RESULTS@ in") && stderr.contains("is ignored"),
        "{stderr}"
    );
    assert_eq!(row(&report, "run_time_error/divides.py")["verdict"], "RTE");
    let floods = row(&report, "time_limit_exceeded/floods.cpp");
    assert_eq!(floods["verdict"], "TLE", "{floods}");
}

#[test]
fn a_submission_stops_at_its_first_failing_test_unless_all_tests_are_asked_for() {
    let Some(pkg) = program_kinds() else {
        return;
    };
    let run = |extra: &[&str]| {
        let output = leapfrog()
            .args(["verify", &pkg.arg(), "--json", "--no-sandbox"])
            .args(extra)
            .output()
            .unwrap();
        json(&output)
    };
    let lazy = run(&[]);
    assert_eq!(
        row(&lazy, "wrong_answer/off_by_one.py")["tests_run"],
        1,
        "{lazy}"
    );
    let full = run(&["--all-tests"]);
    assert_eq!(
        row(&full, "wrong_answer/off_by_one.py")["tests_run"],
        3,
        "{full}"
    );
}

#[test]
fn python_submissions_run_on_pypy_where_it_is_installed_and_the_header_says_so() {
    let pkg = TempPackage::sum(2.0, 512, 1);
    let sol = pkg.write(
        "submissions/accepted/sum.py",
        "import sys, platform\na, b = map(int, input().split())\nprint(a + b)\nprint(platform.python_implementation(), file=sys.stderr)\n",
    );
    let output = leapfrog()
        .args(["judge", &pkg.arg(), sol.to_str().unwrap(), "--no-sandbox"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let header = stdout.lines().next().unwrap_or_default();
    let expected = if python_works("pypy3") {
        "(PyPy)"
    } else {
        "(Python)"
    };
    assert!(header.contains(expected), "{header}");
}

/// PyPy sizes its young generation from the cache the processor reports; on a cloud machine
/// that reports 480 MiB of L3 this program (a fresh string and integer at every step) passed
/// 256 MiB in a third of a second and was judged MLE, where a desktop's PyPy stays under
/// 70 MiB. The judge fixes the size, so the program is accepted wherever it runs.
#[test]
fn a_pypy_program_that_makes_garbage_needs_the_same_memory_on_every_machine() {
    if !python_works("pypy3") {
        eprintln!("skipped: pypy3 is not installed");
        return;
    }
    let pkg = TempPackage::sum(10.0, 256, 1);
    let sol = pkg.write(
        "submissions/accepted/garbage.py",
        "a, b = map(int, input().split())\ntotal = 0\nfor _ in range(20000000):\n    total = int(str(total + 1))\nprint(a + b + total - 20000000)\n",
    );
    let output = leapfrog()
        .args(["judge", &pkg.arg(), sol.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_language_problem_yaml_does_not_permit_is_not_judged() {
    let pkg = TempPackage::sum(2.0, 512, 1);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: default\nlanguages: [cpp]\nlimits:\n  time_limit: 2\n",
    );
    pkg.write(
        "submissions/accepted/sum.cpp",
        "#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<\"\\n\";}\n",
    );
    let py = pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    if !support::installed(&["g++", "python3"]) {
        return;
    }
    let report = support::verify_ok(&pkg);
    let ignored = row(&report, "accepted/sum.py");
    assert_eq!(ignored["status"], "ignored", "{ignored}");
    assert!(
        ignored["reason"]
            .as_str()
            .unwrap()
            .contains("not one of the languages problem.yaml permits (cpp)"),
        "{ignored}"
    );
    assert_eq!(row(&report, "accepted/sum.cpp")["status"], "ok", "{report}");
    let (code, text) = support::run(&["judge", &pkg.arg(), py.to_str().unwrap()]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("problem.yaml permits"), "{text}");
}

#[test]
fn constants_are_substituted_in_validators_and_not_in_submissions() {
    if !support::installed(&["python3"]) {
        return;
    }
    let pkg = TempPackage::sum(2.0, 512, 1);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: default\nconstants:\n  MAX:\n    value: 100\n    WORDS: one hundred\nlimits:\n  time_limit: 2\n",
    );
    // Without the substitution `{{MAX}}` is a set of a set in Python: a crash.
    pkg.write(
        "input_validators/validate.py",
        "import sys\nparts = sys.stdin.read().split()\nok = len(parts) == 2 and all(p.isdigit() and int(p) <= {{MAX}} for p in parts)\nprint('at most {{MAX.WORDS}}, {{UNDEFINED}} kept')\nsys.exit(42 if ok else 43)\n",
    );
    let (code, text) = support::run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{text}");
    pkg.write("data/secret/big.in", "101 1\n");
    pkg.write("data/secret/big.ans", "102\n");
    let (code, text) = support::run(&["validate", &pkg.arg()]);
    assert_ne!(code, 0, "{text}");
    assert!(
        text.contains("at most one hundred, {{UNDEFINED}} kept"),
        "{text}"
    );
    std::fs::remove_file(pkg.path().join("data/secret/big.in")).unwrap();
    std::fs::remove_file(pkg.path().join("data/secret/big.ans")).unwrap();
    pkg.write(
        "submissions/wrong_answer/prints_the_name.py",
        "input()\nprint('{{MAX}}')\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let report = support::verify_ok(&pkg);
    assert_eq!(
        row(&report, "wrong_answer/prints_the_name.py")["verdict"],
        "WA",
        "{report}"
    );
}
