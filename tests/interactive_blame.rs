//! Who is to blame when one side of an interactive test leaves: every row of the book's table
//! (docs/src/reference/problem-types.md), on the fixture tests/fixtures/doubling (a validator
//! that sends numbers to be doubled; its test input says how long its greeting is and whether
//! it reads a missing reply leniently, crashes on it, or is broken from the start).

use crate::support;

use support::guard::Guard;
use support::{TempPackage, json};

/// A copy of the doubling fixture (Python programs); `None` where python3 is not installed.
fn doubling() -> Option<TempPackage> {
    support::installed(&["python3"]).then(|| TempPackage::from_fixture("doubling"))
}

/// The verdict and message of `leapfrog judge` on one test, with `extra` arguments.
fn judged(pkg: &TempPackage, submission: &str, test: &str, extra: &[&str]) -> (String, String) {
    // The package and the judge's scratch space come out of every blame as they went in.
    let guard = Guard::over(&[pkg.path()]);
    let output = guard
        .leapfrog()
        .args(["judge", &pkg.arg(), submission, "--json", "--no-sandbox"])
        .args(["--tests", test])
        .args(extra)
        .current_dir(pkg.path())
        .output()
        .unwrap();
    let report = json(&output);
    guard.finish();
    let only = &report["tests"][0];
    assert_eq!(only["name"], test, "{report}");
    (
        only["verdict"].as_str().unwrap().to_string(),
        only["message"].as_str().unwrap().to_string(),
    )
}

/// A test of the given mode added to the copy: `secret/<name>`.
fn add_test(pkg: &TempPackage, name: &str, input: &str) -> String {
    pkg.write(&format!("data/secret/{name}.in"), input);
    pkg.write(&format!("data/secret/{name}.ans"), "");
    format!("secret/{name}")
}

#[test]
fn verify_passes_the_doubling_game() {
    let Some(pkg) = doubling() else {
        return;
    };
    let report = support::verify_ok(&pkg);
    for row in report["submissions"].as_array().unwrap() {
        assert_eq!(row["status"], "ok", "{row}");
    }
}

#[test]
fn row_1_a_validator_that_breaks_while_the_submission_runs_is_a_judge_error() {
    let Some(pkg) = doubling() else {
        return;
    };
    let test = add_test(&pkg, "broken", "1 0 broken\n");
    let (verdict, message) = judged(&pkg, "submissions/accepted/doubles.py", &test, &[]);
    assert_eq!(verdict, "JE", "{message}");
    assert!(message.contains("the validator's own bug"), "{message}");
}

#[test]
fn row_2_a_validator_that_rejects_first_wins_over_what_the_submission_does_next() {
    let Some(pkg) = doubling() else {
        return;
    };
    let (verdict, message) = judged(
        &pkg,
        "submissions/wrong_answer/wrong_then_spins.py",
        "secret/quiet",
        &[],
    );
    assert_eq!(
        (verdict.as_str(), message.as_str()),
        ("WA", "1 doubled is 2, not '3'")
    );
}

#[test]
fn row_3_a_submission_that_dies_writing_to_a_validator_that_rejected_is_wrong_answer() {
    let Some(pkg) = doubling() else {
        return;
    };
    let (verdict, message) = judged(
        &pkg,
        "submissions/wrong_answer/wrong_then_floods.py",
        "secret/quiet",
        &[],
    );
    assert_eq!(
        (verdict.as_str(), message.as_str()),
        ("WA", "1 doubled is 2, not '3'")
    );
}

#[test]
fn row_4_the_submissions_time_limit_comes_before_a_validator_that_crashed_on_its_leaving() {
    let Some(pkg) = doubling() else {
        return;
    };
    let test = add_test(&pkg, "strict", "3 0 strict\n");
    let (verdict, message) = judged(
        &pkg,
        "submissions/time_limit_exceeded/sleeps.py",
        &test,
        &[],
    );
    assert_eq!(verdict, "TLE", "{message}");
    // "stopped by the wall-clock limit after 2.5 s, ...": the wall-clock limit is 1.5 × the
    // 1 s limit + 1 s, as BAPCtools' timeout, no longer 3 × + 1 s.
    let wall: f64 = message
        .strip_prefix("stopped by the wall-clock limit after ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    assert!((2.4..3.5).contains(&wall), "{message}");
}

#[test]
fn row_5_the_submissions_crash_comes_before_a_validator_that_crashed_on_its_leaving() {
    let Some(pkg) = doubling() else {
        return;
    };
    let test = add_test(&pkg, "strict", "3 0 strict\n");
    for program in ["crashes.py", "crashes_at_the_end.py"] {
        let path = format!("submissions/run_time_error/{program}");
        let (verdict, message) = judged(&pkg, &path, &test, &[]);
        assert_eq!(verdict, "RTE", "{program}: {message}");
        assert!(message.contains("exit code 3"), "{program}: {message}");
    }
}

#[test]
fn row_6_a_validator_writing_after_the_submission_left_reads_its_end_instead_of_dying() {
    let Some(pkg) = doubling() else {
        return;
    };
    // A 200 kB greeting fills the pipe long after the submission has gone; with the relay
    // (--transcript) as without it, the validator sees the end of the submission's output.
    // The transcripts go to a folder of the caller's, never into the package (the guard of
    // `judged` sees the package come out unchanged).
    let transcripts = tempfile::tempdir().unwrap();
    let relayed = ["--transcript", transcripts.path().to_str().unwrap()];
    for extra in [&[][..], &relayed[..]] {
        let (verdict, message) = judged(
            &pkg,
            "submissions/wrong_answer/leaves.py",
            "secret/loud",
            extra,
        );
        assert_eq!(
            (verdict.as_str(), message.as_str()),
            ("WA", "no reply to 1: the submission left"),
            "{extra:?}"
        );
    }
    let (verdict, message) = judged(
        &pkg,
        "submissions/run_time_error/crashes.py",
        "secret/loud",
        &[],
    );
    assert_eq!(verdict, "RTE", "{message}");
}

#[test]
fn row_7_a_validator_that_crashes_after_a_submission_that_ended_well_is_a_judge_error() {
    let Some(pkg) = doubling() else {
        return;
    };
    let test = add_test(&pkg, "strict", "3 0 strict\n");
    let (verdict, message) = judged(&pkg, "submissions/wrong_answer/leaves.py", &test, &[]);
    assert_eq!(verdict, "JE", "{message}");
    assert!(message.contains("invalid literal"), "{message}");
}

#[test]
fn row_8_otherwise_the_validators_word_decides() {
    let Some(pkg) = doubling() else {
        return;
    };
    let (verdict, _) = judged(&pkg, "submissions/accepted/doubles.py", "secret/loud", &[]);
    assert_eq!(verdict, "AC");
    let (verdict, message) = judged(
        &pkg,
        "submissions/wrong_answer/leaves.py",
        "secret/quiet",
        &[],
    );
    assert_eq!(
        (verdict.as_str(), message.as_str()),
        ("WA", "no reply to 1: the submission left")
    );
}

#[test]
fn a_submission_that_closes_its_output_is_judged_by_what_it_does_next() {
    let Some(pkg) = doubling() else {
        return;
    };
    // The validator sees the end of the submission's output only once the submission has
    // ended (BAPCtools' relay does the same; its test package `guess` has such submissions):
    // a crash after closing stdout is RTE, sleeping past the limit is TLE, not the lenient
    // validator's "no reply".
    pkg.write(
        "submissions/run_time_error/closes_then_crashes.py",
        "import os, sys, time\nos.close(1)\ntime.sleep(0.5)\nsys.exit(3)\n",
    );
    pkg.write(
        "submissions/time_limit_exceeded/closes_then_sleeps.py",
        "import os, time\nos.close(1)\ntime.sleep(30)\n",
    );
    let (verdict, message) = judged(
        &pkg,
        "submissions/run_time_error/closes_then_crashes.py",
        "secret/quiet",
        &[],
    );
    assert_eq!(verdict, "RTE", "{message}");
    assert!(message.contains("exit code 3"), "{message}");
    let (verdict, message) = judged(
        &pkg,
        "submissions/time_limit_exceeded/closes_then_sleeps.py",
        "secret/quiet",
        &[],
    );
    assert_eq!(verdict, "TLE", "{message}");
}

#[test]
fn a_validator_that_rejects_stops_the_submission_at_once() {
    let Some(pkg) = doubling() else {
        return;
    };
    // Wrong on the first round, then spinning: BAPCtools kills it once the validator has
    // rejected, so verify does not wait for its limit (the rejection stands, row 2).
    let started = std::time::Instant::now();
    let (verdict, _) = judged(
        &pkg,
        "submissions/wrong_answer/wrong_then_spins.py",
        "secret/quiet",
        &["--time-limit", "60"],
    );
    assert_eq!(verdict, "WA");
    // Not a speed threshold: without the stop, the run would last the limit's 60 s at least.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(40),
        "{:?}",
        started.elapsed()
    );
}
