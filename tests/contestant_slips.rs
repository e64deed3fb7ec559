//! The slips a contestant practising with `leapfrog judge` makes, one submission each, and what
//! the judge must say about them: enough to find the mistake without reading the package.

use crate::support;
use predicates::prelude::*;

use support::{TempPackage, judge_source, leapfrog};

fn first_message(v: &serde_json::Value) -> String {
    v["tests"][0]["message"].as_str().unwrap().to_string()
}

#[test]
fn an_answer_printed_to_stderr_only_is_wrong_and_the_reason_says_where_it_went() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let (v, code) = judge_source(
        &pkg,
        "err.py",
        "import sys\na, b = map(int, input().split())\nprint(a + b, file=sys.stderr)\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(v["verdict"], "WA");
    let message = first_message(&v);
    assert!(
        message.contains("nothing to standard output and 2 bytes to standard error"),
        "{message}"
    );
    // A program that writes nothing anywhere gets the plain reason, no guess about stderr.
    let (v, _) = judge_source(&pkg, "silent.py", "pass\n", &[]);
    assert_eq!(
        first_message(&v),
        "output ended early: expected \"3\" on line 1"
    );
}

#[test]
fn an_output_that_stops_or_goes_on_is_shown_where_it_ends_without_a_caret() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write("data/sample/1.ans", "3\n5\n1\n3\n");
    let run = |name: &str, source: &str| {
        let path = pkg.write(&format!("submissions/scratch/{name}"), source);
        let out = leapfrog()
            .args(["judge", &pkg.arg(), path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stdout).unwrap()
    };
    let short = run("short.py", "print('3\\n5\\n1')\n");
    assert!(short.contains("expected (line 4): 3\n"), "{short}");
    assert!(
        short.contains("got:      nothing after line 3\n"),
        "{short}"
    );
    // Line 3 is right: no caret may point into it.
    assert!(!short.contains('^'), "{short}");
    let long = run("long.py", "print('3\\n5\\n1\\n3\\n4')\n");
    assert!(long.contains("expected: nothing after line 4\n"), "{long}");
    assert!(long.contains("got      (line 5): 4\n"), "{long}");
    assert!(!long.contains('^'), "{long}");
}

#[test]
fn a_tests_filter_that_matches_nothing_shows_what_the_names_look_like() {
    let pkg = TempPackage::sum(1.0, 256, 2);
    let sub = pkg.write("submissions/scratch/ok.py", "print(3)\n");
    leapfrog()
        .args([
            "judge",
            &pkg.arg(),
            sub.to_str().unwrap(),
            "--tests",
            "big*",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "matches --tests 'big*'; its tests are named sample/1, secret/01, secret/02",
        ));
}

#[test]
fn a_directory_of_several_sources_says_which_one_runs() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write("submissions/scratch/split/solve.py", "print(3)\n");
    pkg.write("submissions/scratch/split/helpers.py", "print(4)\n");
    let dir = pkg.path().join("submissions/scratch/split");
    // Without a main.*, the first by name runs: helpers.py, which a contestant rarely means.
    leapfrog()
        .args(["judge", &pkg.arg(), dir.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "starting at helpers.py of 2 files)",
        ));
    pkg.write("submissions/scratch/split/main.py", "print(3)\n");
    leapfrog()
        .args(["judge", &pkg.arg(), dir.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("starting at main.py of 3 files"));
}

#[test]
fn a_difference_far_along_a_long_line_is_in_the_lines_shown() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let words = |changed: usize| -> String {
        let words: Vec<String> = (0..1000)
            .map(|i| if i == changed { i + 1 } else { i }.to_string())
            .collect();
        words.join(" ")
    };
    pkg.write("data/sample/1.ans", &format!("{}\n", words(usize::MAX)));
    let path = pkg.write(
        "submissions/scratch/long.py",
        &format!("print('{}')\n", words(900)),
    );
    let out = leapfrog()
        .args(["judge", &pkg.arg(), path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    // The first 200 characters of both lines are the same: the lines shown start further on.
    assert!(text.contains("expected (line 1): …"), "{text}");
    assert!(text.contains(" 899 900 901 "), "{text}");
    assert!(text.contains(" 899 901 901 "), "{text}");
}

#[test]
fn a_submission_that_is_a_loop_of_links_is_not_called_missing() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let dir = pkg.path().join("submissions/scratch");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink("b.py", dir.join("a.py")).unwrap();
    std::os::unix::fs::symlink("a.py", dir.join("b.py")).unwrap();
    leapfrog()
        .args(["judge", &pkg.arg(), dir.join("a.py").to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a.py: Too many levels of symbolic links",
        ))
        .stderr(predicate::str::contains("does not exist").not());
}

#[test]
fn a_pipe_given_as_the_submission_is_refused_not_waited_on() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("sol.py");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    // Opened to read its first line, the pipe would wait for a writer forever.
    leapfrog()
        .args(["judge", &pkg.arg(), fifo.to_str().unwrap()])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not a file or a folder of sources",
        ));
}

/// Runs leapfrog with `args`: its exit code, its stdout parsed as the one JSON object it must
/// be, and its stderr.
fn failing_json(args: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let out = leapfrog().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), support::json(&out), stderr)
}

#[test]
fn a_json_run_that_fails_before_judging_still_prints_one_object_on_stdout() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let gone = pkg.path().join("submissions/scratch/gone.py");
    let gone = gone.to_str().unwrap();
    let nowhere = pkg.path().join("no-such-problem");
    let nowhere = nowhere.to_str().unwrap();
    let runs: [&[&str]; 3] = [
        &["judge", &pkg.arg(), gone, "--json"],
        &["judge", nowhere, gone, "--json"],
        &["verify", nowhere, "--json"],
    ];
    for args in runs {
        let (code, v, stderr) = failing_json(args);
        assert_eq!(code, Some(2), "{args:?}: {v} {stderr}");
        assert_eq!(v["exit_code"], 2, "{v}");
        let object = v.as_object().unwrap();
        assert_eq!(object.len(), 2, "only the two keys: {v}");
        let error = v["error"].as_str().unwrap();
        // The object holds the human message whole, as stderr shows it after `error: `.
        let human = stderr.trim_end().strip_prefix("error: ").unwrap();
        assert_eq!(error, human, "{args:?}");
        let named = if args[0] == "judge" && args[1] == pkg.arg() {
            "gone.py"
        } else {
            "no-such-problem"
        };
        assert!(error.contains(named), "{args:?}: {error}");
    }
    // Without --json, stdout stays empty and the message is on stderr alone.
    let out = leapfrog()
        .args(["judge", &pkg.arg(), gone])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "{:?}", out.stdout);
}

/// A file saved under a Latin-1 name (`somme_é.py` from an old editor) is not UTF-8. Its
/// name would reach the interpreter changed, and the run fail as the contestant's fault: it is
/// refused naming the cause, and `verify` lists it as not judged, saying why.
#[test]
fn a_submission_whose_name_is_not_utf8_is_refused_saying_so() {
    use std::os::unix::ffi::OsStrExt;
    let pkg = TempPackage::sum(2.0, 256, 0);
    let dir = pkg.path().join("submissions/accepted");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(std::ffi::OsStr::from_bytes(b"somme_\xe9.py"));
    std::fs::write(&path, "a, b = map(int, input().split())\nprint(a + b)\n").unwrap();
    let out = leapfrog()
        .args(["judge", &pkg.arg()])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("file name is not UTF-8"), "{stderr}");
    let out = leapfrog()
        .args(["verify", "--json", &pkg.arg()])
        .output()
        .unwrap();
    let v = support::json(&out);
    let row = (v["submissions"].as_array().unwrap().iter())
        .find(|s| {
            s["submission"]
                .as_str()
                .is_some_and(|n| n.contains("somme_"))
        })
        .unwrap_or_else(|| panic!("no row for the file: {v}"));
    assert!(
        row["reason"].as_str().unwrap().contains("not UTF-8"),
        "{row}"
    );
}
