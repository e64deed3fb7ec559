//! `leapfrog mutants`: mutants of an accepted submission judged on a package's tests, survivors
//! hunted with random tests, and the tests that kill them added to the package's plan.

use std::path::{Path, PathBuf};

use crate::setter_support::copy_tree;
use crate::support::{json, leapfrog};

/// A throw-away copy of one of the repository's packages.
fn copy_of(problem: &str) -> (tempfile::TempDir, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::Builder::new()
        .prefix("leapfrog-mutants-")
        .tempdir()
        .unwrap();
    let package = dir.path().join("problems").join(problem);
    copy_tree(&root.join("problems").join(problem), &package);
    let _ = std::fs::remove_dir_all(package.join("data/secret"));
    (dir, package)
}

fn run_mutants(package: &Path, submission: &Path, extra: &[&str]) -> serde_json::Value {
    let out = leapfrog()
        .arg("mutants")
        .arg(package)
        .arg(submission)
        .args(["--json", "--no-sandbox"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(&out)
}

#[test]
fn samples_alone_leave_survivors_and_hunted_tests_added_to_the_plan_kill_them() {
    // frogs' Python solution is short (about forty mutants), and its first sample alone (one
    // frog a side) leaves six survivors. The hunt draws ten tests of each size from 1 up, so
    // five of them fall at the first test with two frogs a side (the 11th to 14th test): quick
    // on an idle machine, but the budget is generous because a loaded one runs far fewer tests
    // a second. The sixth survivor spends the whole budget.
    let (_dir, package) = copy_of("frogs");
    let submission = package.join("submissions/accepted/rows.py");
    let first = run_mutants(
        &package,
        &submission,
        &["--tests", "sample/1", "--hunt", "10", "--add"],
    );
    let result = &first["submissions"][0];
    let total = result["total"].as_u64().unwrap();
    assert!(total >= 30, "{result}");
    assert!(result["survived"].as_u64().unwrap() >= 1, "{result}");
    let score = result["score"].as_f64().unwrap();
    let (killed, survived) = (
        result["killed"].as_f64().unwrap(),
        result["survived"].as_f64().unwrap(),
    );
    assert!((score - killed / (killed + survived)).abs() < 1e-9);
    let hunted: Vec<&serde_json::Value> = result["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["counterexample"].is_object())
        .collect();
    assert!(
        !hunted.is_empty(),
        "the hunt told no survivor apart: {result}"
    );
    let added = first["added_tests"].as_array().unwrap();
    assert!(!added.is_empty() && added.len() <= hunted.len());
    let plan = std::fs::read_to_string(package.join("generators/generators.yaml")).unwrap();
    for m in &hunted {
        assert!(
            plan.contains(&format!(
                "rows.py:{} ({})",
                m["line"],
                m["operator"].as_str().unwrap()
            )),
            "{plan}"
        );
    }

    // The same mutants, judged on the samples and the new tests: each hunted one is now killed.
    let second = run_mutants(
        &package,
        &submission,
        &["--tests", "sample/1,secret/mutants/*"],
    );
    let after = second["submissions"][0]["mutants"].as_array().unwrap();
    assert_eq!(
        after.len() as u64,
        total,
        "the same mutants in the same order"
    );
    let before_all = result["mutants"].as_array().unwrap();
    for (old, new) in before_all.iter().zip(after) {
        assert_eq!(
            (old["line"].clone(), old["after"].clone()),
            (new["line"].clone(), new["after"].clone())
        );
        if old["counterexample"].is_object() {
            assert_ne!(new["status"], "survived", "{new}");
            let by = new["killed_by"].as_str().unwrap();
            assert!(by.starts_with("secret/mutants/"), "{new}");
        }
    }
}

#[test]
fn a_language_without_a_mutator_and_a_package_without_accepted_programs_are_usage_errors() {
    let (_dir, package) = copy_of("frogs");
    let java = package.join("submissions/accepted/Rows.java");
    std::fs::write(
        &java,
        "class Rows { public static void main(String[] a) {} }\n",
    )
    .unwrap();
    let out = leapfrog()
        .arg("mutants")
        .arg(&package)
        .arg(&java)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no mutator for this language"));

    std::fs::remove_dir_all(package.join("submissions/accepted")).unwrap();
    let out = leapfrog().arg("mutants").arg(&package).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no accepted submission"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = leapfrog()
        .arg("mutants")
        .arg(&package)
        .arg("--add")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--add needs --hunt");
}

/// A mutant that hangs its compiler is stopped at the package's `limits.compilation_time`
/// (here with a stand-in compiler that sleeps on seeing one mutant): that mutant is
/// `build_failed`, the others are judged as usual, and nothing is left running.
#[test]
fn a_mutant_that_hangs_the_compiler_is_stopped_at_the_packages_compilation_time() {
    if !crate::support::installed(&["g++", "grep", "sleep", "pgrep"]) {
        return;
    }
    let pkg = crate::support::TempPackage::sum(1.0, 256, 2);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: default\nlimits:\n  time_limit: 1\n  compilation_time: 2\n",
    );
    // A sleep no other test starts, so that the check below finds only ours.
    let nap = format!("sleep {}", 7000 + std::process::id() % 1000);
    pkg.write(
        "languages.yaml",
        &format!(
            "cpp:\n  name: C++\n  extensions: [cpp]\n  compile: [sh, -c, 'if grep -q \"a - b\" \"$2\"; then {nap}; fi; exec g++ -O2 -o \"$1\" \"$2\"', sh, '{{binary}}', '{{files}}']\n  run: '{{binary}}'\n  version: g++ --version\n"
        ),
    );
    let source = pkg.write(
        "submissions/accepted/sum.cpp",
        "#include <cstdio>\nint main() {\n    long a, b;\n    if (scanf(\"%ld %ld\", &a, &b) != 2) return 1;\n    printf(\"%ld\\n\", a + b);\n}\n",
    );
    let started = std::time::Instant::now();
    let report = run_mutants(pkg.path(), &source, &[]);
    let mutants = report["submissions"][0]["mutants"].as_array().unwrap();
    let hung: Vec<_> = mutants.iter().filter(|m| m["after"] == "a - b").collect();
    assert_eq!(hung.len(), 1, "{report}");
    assert_eq!(hung[0]["status"], "build_failed", "{report}");
    assert!(
        mutants.iter().any(|m| m["status"] == "killed"),
        "the other mutants are judged: {report}"
    );
    // Two seconds of CPU, five of wall clock, not the two minutes leapfrog allows by default.
    assert!(started.elapsed() < std::time::Duration::from_secs(100));
    let left = std::process::Command::new("pgrep")
        .args(["-f", &nap])
        .output()
        .unwrap();
    assert!(
        left.stdout.is_empty(),
        "still running: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}
