//! `leapfrog generate`: reproducible bytes, atomic writes, and refusing to clobber hand-made data.

use crate::support;

use std::collections::BTreeMap;
use std::path::Path;

use predicates::prelude::*;
use support::{TempPackage, generators_yaml, leapfrog};

const SUM: &str = "/submissions/accepted/sum.py";

/// A package whose plan uses a generator program of its own and a submission as the solution,
/// the way packages made with other tools do.
fn package_with_plan() -> TempPackage {
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write(
        "generators/gen.py",
        "import random, sys\nargs = dict(zip(sys.argv[1::2], sys.argv[2::2]))\nrng = random.Random(int(args['--seed']))\nm = int(args['--max'])\nprint(rng.randint(0, m), rng.randint(0, m))\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "generators/generators.yaml",
        &generators_yaml(
            SUM,
            &[
                ("secret/small/01", "gen.py --seed 1 --max 10"),
                ("secret/small/02", "gen.py --seed 2 --max 10"),
                ("secret/big/01", "gen.py --seed 3 --max 1000000000"),
            ],
        ),
    );
    pkg
}

/// Every file below data/secret with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).unwrap().display().to_string(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

fn leftovers(data: &Path) -> Vec<String> {
    walkdir::WalkDir::new(data)
        .into_iter()
        .map(Result::unwrap)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".generate-") || n.starts_with(".tmp-"))
        .collect()
}

#[test]
fn generating_twice_gives_identical_bytes() {
    let pkg = package_with_plan();
    leapfrog()
        .args(["generate", &pkg.arg()])
        .assert()
        .success()
        .stdout(
            predicates::str::contains("3 tests")
                .and(predicates::str::contains("6 files written, 0 unchanged")),
        );
    let secret = pkg.path().join("data/secret");
    let first = snapshot(&secret);
    assert_eq!(
        first
            .keys()
            .filter(|k| k.ends_with(".in") || k.ends_with(".ans"))
            .count(),
        6
    );
    let a: Vec<u64> = String::from_utf8_lossy(&first["small/01.in"])
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(
        String::from_utf8_lossy(&first["small/01.ans"]).trim(),
        (a[0] + a[1]).to_string()
    );

    leapfrog()
        .args(["generate", &pkg.arg()])
        .assert()
        .success()
        .stdout(predicates::str::contains("0 files written, 6 unchanged"));
    assert_eq!(
        snapshot(&secret),
        first,
        "a second run reproduces every byte"
    );

    // So does a fresh run from nothing.
    std::fs::remove_dir_all(&secret).unwrap();
    leapfrog()
        .args(["generate", &pkg.arg(), "--jobs", "1"])
        .assert()
        .success();
    assert_eq!(snapshot(&secret), first);
    assert!(leftovers(&pkg.path().join("data")).is_empty());
}

#[test]
fn refuses_to_overwrite_files_it_did_not_write_unless_forced() {
    let pkg = package_with_plan();
    let hand_made = pkg.write("data/secret/small/01.in", "5 5\n");
    pkg.write("data/secret/small/01.ans", "10\n");
    leapfrog()
        .args(["generate", &pkg.arg()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "refusing to overwrite 2 test file(s)",
        ))
        .stderr(predicates::str::contains("--force"));
    assert_eq!(std::fs::read_to_string(&hand_made).unwrap(), "5 5\n");
    leapfrog()
        .args(["generate", &pkg.arg(), "--force"])
        .assert()
        .success();
    assert_ne!(std::fs::read_to_string(&hand_made).unwrap(), "5 5\n");

    // Editing a generated file makes it the user's: generate leaves it alone again.
    std::fs::write(&hand_made, "7 7\n").unwrap();
    leapfrog().args(["generate", &pkg.arg()]).assert().code(2);
    assert_eq!(std::fs::read_to_string(&hand_made).unwrap(), "7 7\n");
}

#[test]
fn an_invalid_test_stops_everything_and_keeps_the_old_data() {
    let pkg = package_with_plan();
    leapfrog().args(["generate", &pkg.arg()]).assert().success();
    let secret = pkg.path().join("data/secret");
    let before = snapshot(&secret);
    // A plan line whose generator makes a negative number: the validator must reject it.
    pkg.write(
        "generators/generators.yaml",
        &generators_yaml(
            SUM,
            &[
                ("secret/small/01", "gen.py --seed 9 --max 10"),
                ("secret/bad", "neg.py"),
            ],
        ),
    );
    pkg.write("generators/neg.py", "print(-1, 2)\n");
    leapfrog()
        .args(["generate", &pkg.arg()])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("test secret/bad (neg.py)"))
        .stderr(predicates::str::contains(
            "validate.py: expected two non-negative integers",
        ));
    assert_eq!(snapshot(&secret), before, "nothing was written");
    assert!(
        leftovers(&pkg.path().join("data")).is_empty(),
        "no temporary files are left behind"
    );

    // A generator that crashes is reported with its own words.
    pkg.write(
        "generators/generators.yaml",
        &generators_yaml(SUM, &[("secret/x", "boom.py")]),
    );
    pkg.write(
        "generators/boom.py",
        "raise SystemExit('cannot make this test')\n",
    );
    leapfrog()
        .args(["generate", &pkg.arg()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot make this test"));
    assert_eq!(snapshot(&secret), before);
}

#[test]
fn tests_that_leave_the_plan_are_removed_and_judge_generates_missing_data() {
    let pkg = package_with_plan();
    leapfrog().args(["generate", &pkg.arg()]).assert().success();
    pkg.write(
        "generators/generators.yaml",
        &generators_yaml(SUM, &[("secret/small/01", "gen.py --seed 1 --max 10")]),
    );
    leapfrog()
        .args(["generate", &pkg.arg()])
        .assert()
        .success()
        .stdout(predicates::str::contains("4 removed"));
    assert!(
        !pkg.path().join("data/secret/big").exists(),
        "emptied groups disappear"
    );

    std::fs::remove_dir_all(pkg.path().join("data/secret")).unwrap();
    let sub = pkg.path().join("submissions/accepted/sum.py");
    leapfrog()
        .args(["judge", &pkg.arg(), sub.to_str().unwrap()])
        .assert()
        .success()
        .stderr(predicates::str::contains(
            "data/secret is missing; generating it (1 test)",
        ));
    assert!(pkg.path().join("data/secret/small/01.ans").is_file());
}

/// Sends `signal` to `leapfrog generate` while it is half-way through a slow plan.
fn interrupt_generate(signal: i32) {
    let pkg = package_with_plan();
    leapfrog().args(["generate", &pkg.arg()]).assert().success();
    let secret = pkg.path().join("data/secret");
    let before = snapshot(&secret);
    pkg.write("generators/slow.py", "import sys, time\nprint(sys.argv[1], 1)\nsys.stdout.flush()\ntime.sleep(float(sys.argv[2]))\n");
    pkg.write(
        "generators/generators.yaml",
        &generators_yaml(
            SUM,
            &[
                ("secret/a", "slow.py 1 0"),
                ("secret/b", &format!("slow.py 2 30.{signal}")),
                ("secret/c", &format!("slow.py 3 30.{signal}")),
            ],
        ),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
        .env(
            "LEAPFROG_CACHE_DIR",
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache"),
        )
        .args(["generate", &pkg.arg(), "--jobs", "2"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the staging directory exists and the first test is done.
    let data = pkg.path().join("data");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !walkdir::WalkDir::new(&data)
        .into_iter()
        .flatten()
        .any(|e| e.path().ends_with("0/test.ans"))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "generate never got going"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as i32, signal) };
    let started = std::time::Instant::now();
    let status = child.wait().unwrap();
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "stopped promptly"
    );
    assert_eq!(status.code(), Some(130));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_eq!(snapshot(&secret), before, "the previous data is intact");
    assert!(
        leftovers(&data).is_empty(),
        "no temporary files: {:?}",
        leftovers(&data)
    );
    assert!(
        survivors_named(&format!("slow.py 2 30.{signal}")).is_empty(),
        "the generators were stopped"
    );
}

/// Processes whose command line mentions `needle`.
fn survivors_named(needle: &str) -> Vec<String> {
    std::thread::sleep(std::time::Duration::from_millis(100));
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(needle))
        .collect()
}

#[test]
fn sigterm_during_generate_keeps_the_old_data() {
    interrupt_generate(libc::SIGTERM);
}

#[test]
fn sigint_during_generate_keeps_the_old_data() {
    interrupt_generate(libc::SIGINT);
}
