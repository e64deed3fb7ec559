//! The `checkers` and `checkers-path` packages end to end: generate the secret data, validate
//! it, and verify that every submission gets the verdict its folder names on the secret tests
//! alone (so every wrong submission is caught by generated data, not only by the samples).
//!
//! Slow (every submission on every test, including a time-limit one): run it with
//! `cargo test --release --test checkers_packages -- --ignored`.

use crate::support;

use support::{json, leapfrog};

fn prove(problem: &str) {
    let root = env!("CARGO_MANIFEST_DIR");
    let run = |args: &[&str]| {
        let output = leapfrog().current_dir(root).args(args).output().unwrap();
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "leapfrog {args:?}\n{text}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        (output, text)
    };
    let (_, generated) = run(&["generate", problem]);
    for outcome in ["Multiple", "None", "square"] {
        assert!(generated.contains(outcome), "{generated}");
    }
    run(&["validate", problem]);

    let (output, _) = run(&["verify", problem, "--tests", "secret/*", "--json"]);
    let report = json(&output);
    assert_eq!(report["ok"], true, "{report}");
    let rows = report["submissions"].as_array().unwrap();
    let count = |expected: &str| rows.iter().filter(|r| r["expected"] == expected).count();
    assert!(
        count("WA") >= 8 && count("TLE") >= 1 && count("AC") >= 3,
        "{report}"
    );
    for row in rows {
        assert_eq!(row["status"], "ok", "{row}");
        assert_eq!(row["verdict"], row["expected"], "{row}");
    }

    for accepted in ["classes.rs", "euler.cpp", "search.py"] {
        let path = format!("problems/{problem}/submissions/accepted/{accepted}");
        run(&["judge", problem, &path]);
    }
}

#[test]
#[ignore = "slow: judges every submission of both packages"]
fn checkers_package_verifies_on_secret_data_alone() {
    prove("checkers");
}

#[test]
#[ignore = "slow: judges every submission of both packages"]
fn checkers_path_package_verifies_on_secret_data_alone() {
    prove("checkers-path");
}
