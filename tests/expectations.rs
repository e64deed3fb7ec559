//! What `verify` expects of each submission: the format's default folders (`rejected/`,
//! `brute_force/` among them), `submissions/submissions.yaml` globs with braces and per-group
//! rules, and DOMjudge's `@EXPECTED_RESULTS@:` line.

use crate::support;

use support::{TempPackage, json, leapfrog, verify_ok};

/// A sum problem with two secret groups: `small` (small numbers) and `big` (a >= 100).
fn grouped_package() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write("data/secret/small/01.in", "2 3\n");
    pkg.write("data/secret/small/01.ans", "5\n");
    pkg.write("data/secret/big/01.in", "100 1\n");
    pkg.write("data/secret/big/01.ans", "101\n");
    pkg.write("data/secret/big/02.in", "500 5\n");
    pkg.write("data/secret/big/02.ans", "505\n");
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    // Right on small numbers only: the rules below say where it must pass and fail.
    let small_only = "a, b = map(int, input().split())\nprint(a + b if a < 100 else 0)\n";
    pkg.write("submissions/wrong_answer/small_only.py", small_only);
    pkg.write("submissions/wrong_answer/small_only_too.py", small_only);
    pkg.write("submissions/rejected/crash.py", "import sys\nsys.exit(3)\n");
    // Crashes on the big group instead of answering wrong: what brute_force/ allows.
    pkg.write(
        "submissions/brute_force/gives_up.py",
        "a, b = map(int, input().split())\nif a >= 100:\n    raise RuntimeError('too big for me')\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/domjudge/product.py",
        "# @EXPECTED_RESULTS@: WRONG-ANSWER, RUN-ERROR\na, b = map(int, input().split())\nprint(a * b)\n",
    );
    pkg.write(
        "submissions/submissions.yaml",
        "wrong_answer/small_only{,_too}.py:\n  sample:\n    permitted: [AC]\n  secret/small:\n    permitted: [AC]\n  secret/big:\n    permitted: [WA]\n    required: [WA]\n",
    );
    pkg
}

fn row<'a>(v: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["submission"] == name)
        .unwrap_or_else(|| panic!("no row {name} in {v}"))
}

#[test]
fn every_convention_gives_the_expected_table() {
    let pkg = grouped_package();
    let v = verify_ok(&pkg);
    assert_eq!(v["ok"], true, "{v}");
    let expected = [
        ("accepted/sum.py", "AC", "AC"),
        ("rejected/crash.py", "WA|TLE|RTE", "RTE"),
        ("wrong_answer/small_only.py", "WA", "WA"),
        ("wrong_answer/small_only_too.py", "WA", "WA"),
        ("brute_force/gives_up.py", "TLE|RTE", "RTE"),
        ("domjudge/product.py", "WA|RTE", "WA"),
    ];
    let rows = v["submissions"].as_array().unwrap();
    assert_eq!(rows.len(), expected.len(), "{v}");
    for (name, label, verdict) in expected {
        let r = row(&v, name);
        assert_eq!(r["status"], "ok", "{r}");
        assert_eq!(r["expected"], label, "{r}");
        assert_eq!(r["verdict"], verdict, "{r}");
    }
    // The brace glob reached both programs, with its three per-group rules after the folder's.
    for name in [
        "wrong_answer/small_only.py",
        "wrong_answer/small_only_too.py",
    ] {
        let rules = row(&v, name)["expectation"].as_array().unwrap().clone();
        let tests: Vec<&str> = rules.iter().map(|r| r["tests"].as_str().unwrap()).collect();
        assert_eq!(
            tests,
            ["*", "sample", "secret/small", "secret/big"],
            "{name}"
        );
    }
    let dj = &row(&v, "domjudge/product.py")["expectation"][0];
    assert_eq!(dj["from"], "@EXPECTED_RESULTS@ in product.py:1", "{dj}");
}

#[test]
fn a_broken_rule_is_a_mismatch_naming_it() {
    let pkg = grouped_package();
    // Wrong on the small group, which the per-group rule forbids.
    pkg.write("submissions/wrong_answer/small_only_too.py", "print(0)\n");
    // A wrong answer is never allowed in brute_force/.
    pkg.write("submissions/brute_force/gives_up.py", "print(0)\n");
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let v = json(&output);
    let r = row(&v, "wrong_answer/small_only_too.py");
    assert_eq!(r["status"], "mismatch", "{r}");
    let reason = r["reason"].as_str().unwrap();
    assert!(
        reason.contains("'wrong_answer/small_only{,_too}.py'"),
        "{reason}"
    );
    let r = row(&v, "brute_force/gives_up.py");
    assert_eq!(r["status"], "mismatch", "{r}");
    assert!(
        r["reason"].as_str().unwrap().contains("folder brute_force"),
        "{r}"
    );
    assert_eq!(row(&v, "accepted/sum.py")["status"], "ok");
}

#[test]
fn submissions_yaml_names_the_language_of_a_file_without_extension() {
    let pkg = grouped_package();
    pkg.write(
        "submissions/accepted/plain",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let yaml = std::fs::read_to_string(pkg.path().join("submissions/submissions.yaml")).unwrap();
    pkg.write(
        "submissions/submissions.yaml",
        &format!("{yaml}accepted/plain:\n  language: python3\n"),
    );
    let v = verify_ok(&pkg);
    let plain = row(&v, "accepted/plain");
    assert_eq!(plain["status"], "ok", "{plain}");
    assert_eq!(plain["language"], row(&v, "accepted/sum.py")["language"]);
}

#[test]
fn submissions_yaml_entrypoint_picks_the_file_a_directory_program_starts_from() {
    // BAPCtools' rule (its test package `testexpectations`): `entrypoint` names the file a
    // directory submission runs, even when another is called main.*.
    let pkg = grouped_package();
    pkg.write(
        "submissions/accepted/two_files/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/accepted/two_files/main.py",
        "import sys\nprint('the wrong entry point')\nsys.exit(1)\n",
    );
    let yaml = std::fs::read_to_string(pkg.path().join("submissions/submissions.yaml")).unwrap();
    pkg.write(
        "submissions/submissions.yaml",
        &format!("{yaml}accepted/two_files:\n  language: python3\n  entrypoint: sum.py\n"),
    );
    let v = verify_ok(&pkg);
    let program = row(&v, "accepted/two_files");
    assert_eq!(program["status"], "ok", "{program}");
    assert_eq!(program["verdict"], "AC", "{program}");
}

#[test]
fn a_program_no_rule_names_is_ignored() {
    let pkg = grouped_package();
    pkg.write("submissions/scratch/try.py", "print(1)\n");
    let v = verify_ok(&pkg);
    let r = row(&v, "scratch/try.py");
    assert_eq!(r["status"], "ignored", "{r}");
    assert!(
        r["reason"].as_str().unwrap().contains("no expectation"),
        "{r}"
    );
}

/// Runs verify and returns its stderr, which must explain a refusal (exit 2).
fn refused(pkg: &TempPackage) -> String {
    let output = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(output.status.code(), Some(2), "{err}");
    err
}

#[test]
fn bad_expectations_are_refused_with_the_place_named() {
    let pkg = grouped_package();
    pkg.write(
        "submissions/submissions.yaml",
        "accepted/*:\n  permited: [AC]\n",
    );
    let err = refused(&pkg);
    assert!(err.contains("submissions.yaml"), "{err}");
    assert!(err.contains("`permited`"), "{err}");
    assert!(err.contains("did you mean `permitted`"), "{err}");

    pkg.write(
        "submissions/submissions.yaml",
        "accepted/*:\n  permitted: [AC, OK]\n",
    );
    let err = refused(&pkg);
    assert!(err.contains("'accepted/*'.permitted"), "{err}");
    assert!(err.contains("unknown verdict `OK`"), "{err}");

    std::fs::remove_file(pkg.path().join("submissions/submissions.yaml")).unwrap();
    pkg.write(
        "submissions/domjudge/product.py",
        "print(0)\n# @EXPECTED_RESULTS@: WRONG-ANSWR\n",
    );
    let err = refused(&pkg);
    assert!(err.contains("product.py:2"), "{err}");
    assert!(err.contains("unknown result `WRONG-ANSWR`"), "{err}");
}
