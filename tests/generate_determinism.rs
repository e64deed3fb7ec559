//! `generate` and generators that are not functions of their arguments: a generator that reads
//! `/dev/urandom` is named by `generate --check-deterministic` (exit 1, nothing written) and by
//! a plain `generate` that makes one of its tests again; two `generate` runs at once on one
//! package: the second refuses, naming the first; an interactive problem's answers are
//! described, not summed up.

use crate::support;

use std::time::{Duration, Instant};

use support::{TempPackage, leapfrog};

/// The sum problem with a plan of two generated tests: `fixed` from a generator that uses only
/// its seed, `noisy` from one that reads `/dev/urandom`.
fn sum_with_noisy_generator() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "generators/fixed.py",
        "import random, sys\nrandom.seed(int(sys.argv[1]))\nprint(random.randint(0, 99), random.randint(0, 99))\n",
    );
    pkg.write(
        "generators/noisy.py",
        "import os\nprint(int.from_bytes(os.urandom(6), 'big'), 1)\n",
    );
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      fixed: fixed.py {seed}\n      noisy: noisy.py\n",
    );
    pkg
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = leapfrog().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_deterministic_names_the_generator_that_reads_urandom() {
    let pkg = sum_with_noisy_generator();
    let (code, out, err) = run(&["generate", &pkg.arg(), "--check-deterministic"]);
    // main: "error: unexpected argument '--check-deterministic' found", exit 2.
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("not deterministic  secret/noisy  (noisy.py)"),
        "{out}"
    );
    assert!(!out.contains("secret/fixed"), "{out}");
    assert!(
        out.contains("2 generated tests run twice, 1 not deterministic"),
        "{out}"
    );
    assert!(
        !pkg.path().join("data/secret/noisy.in").exists(),
        "it writes nothing"
    );
}

#[test]
fn a_deterministic_plan_passes_the_check() {
    let pkg = sum_with_noisy_generator();
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      fixed: fixed.py {seed}\n",
    );
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&["generate", &pkg.arg(), "--check-deterministic"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("1 generated test run twice, 0 not deterministic"),
        "{out}"
    );
}

#[test]
fn generate_warns_when_a_test_made_again_differs_from_last_time() {
    let pkg = sum_with_noisy_generator();
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    // The setter deletes the test's input; the same plan and generator make it again.
    std::fs::remove_file(pkg.path().join("data/secret/noisy.in")).unwrap();
    std::fs::remove_file(pkg.path().join("data/secret/fixed.in")).unwrap();
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    // main: no warning at all, and the new bytes silently replace the old.
    assert!(
        err.contains(
            "warning: secret/noisy (noisy.py) gave other input than when it last wrote this test"
        ),
        "{err}"
    );
    assert!(err.contains("not deterministic"), "{err}");
    assert!(!err.contains("secret/fixed"), "{err}");
}

#[test]
fn a_second_generate_at_once_refuses_naming_the_first() {
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "generators/slow.py",
        "import sys, time\ntime.sleep(3)\nprint(sys.argv[1], 1)\n",
    );
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      a: slow.py 1\n",
    );
    let first = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
        .args(["generate", &pkg.arg()])
        .env(
            "LEAPFROG_CACHE_DIR",
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache"),
        )
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let first_pid = first.id();
    // The first holds the lock once its staging folder is there.
    let data = pkg.path().join("data");
    let started = Instant::now();
    let staging = || {
        std::fs::read_dir(&data).is_ok_and(|d| {
            d.flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with(".generate-"))
        })
    };
    while !staging() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the first generate never started staging"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    let first = first.wait_with_output().unwrap();
    let first_said = String::from_utf8_lossy(&first.stderr);
    assert_eq!(first.status.code(), Some(0), "{first_said}");
    // main: one of the two ends with "refusing to overwrite 2 test file(s) that leapfrog
    // generate did not write", blaming the setter's files.
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&format!(
            "another leapfrog generate is running on {}",
            pkg.arg()
        )),
        "{err}"
    );
    assert!(err.contains(&format!("(pid {first_pid})")), "{err}");
    assert!(!err.contains("refusing to overwrite"), "{err}");
    assert!(pkg.path().join("data/secret/a.in").is_file());
}

#[test]
fn generate_says_what_it_did_with_an_interactive_problem_s_answers() {
    let pkg = TempPackage::from_fixture("guess");
    std::fs::remove_dir_all(pkg.path().join("data/secret")).unwrap();
    pkg.write(
        "generators/generators.yaml",
        "data:\n  secret:\n    data:\n      a: number.py --seed 1\n      b: number.py --seed 2\n",
    );
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    // main: the summary line and nothing about the answers (before that, `answers:  ×2`).
    assert!(
        out.contains("  interactive: 2 .ans files kept for the interactor"),
        "{out}"
    );
    assert!(!out.contains('×'), "{out}");
}
