//! The 2025-09 package format (tests/fixtures/fmt2025-quotient): its checker in
//! `output_validator/` used without a `validation` key, `test_group.yaml` and per-test `.yaml`
//! argument lists reaching the validators, the invalid / valid data folders checked by
//! `validate`, and versions, keys and folders of the wrong version refused with a message naming
//! them.

use std::path::Path;

use crate::support::{TempPackage, run};

fn has_python() -> bool {
    let found = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("skipped: python3 is not installed (the fixture's programs are Python)");
    }
    found
}

/// A copy of the fixture, so that nothing a run writes lands in the repository.
fn fixture() -> TempPackage {
    TempPackage::from_fixture("fmt2025-quotient")
}

#[test]
fn the_checker_of_output_validator_judges_with_the_arguments_of_test_group_yaml() {
    if !has_python() {
        return;
    }
    let pkg = fixture();
    let v = crate::support::verify_ok(&pkg);
    let text = v.to_string();
    // Seven decimals pass only through the checker with its tolerance (the token diff would
    // reject them, and the checker fails without its arguments).
    assert!(text.contains("accepted/seven_digits.py"), "{v}");
    assert!(!text.contains("judge error\":1"), "{v}");
    let (code, said) = run(&[
        "judge",
        &pkg.arg(),
        &format!("{}/submissions/wrong_answer/integer.py", pkg.arg()),
    ]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("is more than 1e-06 away"),
        "the judge message is shown: {said}"
    );
}

#[test]
fn a_test_yaml_overrides_its_group() {
    if !has_python() {
        return;
    }
    let pkg = fixture();
    // Three decimals: within the 1e-3 of secret/large/2.yaml, not within the 1e-6 elsewhere.
    let source = "a, b = map(int, input().split())\nprint(f\"{a / b:.4f}\")\n";
    let (v, code) = crate::support::judge_source(&pkg, "four.py", source, &[]);
    assert_eq!(code, 1, "{v}");
    let tests = v["tests"].as_array().expect("a tests array");
    let verdict = |name: &str| {
        tests
            .iter()
            .find(|t| t["name"] == name)
            .map(|t| t["verdict"].as_str().unwrap_or("").to_string())
            .unwrap_or_else(|| panic!("no test {name}: {v}"))
    };
    assert_eq!(verdict("secret/large/2"), "AC", "{v}");
    assert_eq!(verdict("secret/small/1"), "WA", "{v}");
}

#[test]
fn validate_checks_the_invalid_and_valid_data_folders() {
    if !has_python() {
        return;
    }
    let pkg = fixture();
    let (code, said) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("6 cases of invalid/valid data behave"),
        "{said}"
    );

    // An invalid input the validator accepts, an invalid output the checker accepts, a valid
    // output it rejects: each is named.
    pkg.write("data/invalid_input/fine.in", "3 4\n");
    pkg.write("data/invalid_output/right.in", "1 2\n");
    pkg.write("data/invalid_output/right.ans", "0.5\n");
    pkg.write("data/invalid_output/right.out", "0.5\n");
    pkg.write("data/valid_output/off.in", "1 2\n");
    pkg.write("data/valid_output/off.ans", "0.5\n");
    pkg.write("data/valid_output/off.out", "0.6\n");
    let (code, said) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("invalid_input/fine.in: every input validator accepts"),
        "{said}"
    );
    assert!(
        said.contains("invalid_output/right.in") && said.contains("accepts this invalid output"),
        "{said}"
    );
    assert!(
        said.contains("valid_output/off.in") && said.contains("rejects this valid output"),
        "{said}"
    );
    assert!(said.contains("3 invalid"), "{said}");
}

/// Each broken package is refused (exit 2) with a message naming what is wrong.
fn refused(pkg: &TempPackage, names: &[&str]) {
    let (code, said) = run(&["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    for name in names {
        assert!(said.contains(name), "expected {name:?} in: {said}");
    }
    assert!(!said.contains("panicked"), "{said}");
}

#[test]
fn an_unsupported_version_is_refused_by_name() {
    let pkg = fixture();
    let yaml = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    pkg.write("problem.yaml", &yaml.replace("2025-09", "2031-01"));
    refused(
        &pkg,
        &[
            "problem_format_version '2031-01' is not supported",
            "2025-09",
        ],
    );
}

#[test]
fn keys_of_the_other_version_are_refused_by_name() {
    let pkg = fixture();
    let yaml = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    pkg.write("problem.yaml", &format!("{yaml}validation: custom\n"));
    refused(
        &pkg,
        &["`validation` is not a key of problem_format_version 2025-09"],
    );
    pkg.write(
        "problem.yaml",
        &format!("{yaml}validator_flags: float_tolerance 1e-6\n"),
    );
    refused(&pkg, &["`validator_flags`", "output_validator_args"]);
    let limits = yaml.replace("limits:\n", "limits:\n  time_multiplier: 3\n");
    pkg.write("problem.yaml", &limits);
    refused(&pkg, &["limits.time_multiplier", "time_multipliers"]);
}

#[test]
fn folders_and_files_of_the_other_version_are_refused_by_name() {
    let pkg = fixture();
    std::fs::rename(
        pkg.path().join("output_validator"),
        pkg.path().join("output_validators"),
    )
    .unwrap();
    refused(&pkg, &["output_validators", "reads output_validator/"]);
    std::fs::rename(
        pkg.path().join("output_validators"),
        pkg.path().join("output_validator"),
    )
    .unwrap();

    let group = pkg.path().join("data/secret/small");
    // problemtools reads testdata.yaml in every version: read, with a warning.
    std::fs::rename(group.join("test_group.yaml"), group.join("testdata.yaml")).unwrap();
    if has_python() {
        let out = crate::support::leapfrog()
            .args(["verify", "--json", &pkg.arg()])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{said}");
        assert!(said.contains("names this file test_group.yaml"), "{said}");
    }
    std::fs::rename(group.join("testdata.yaml"), group.join("test_group.yaml")).unwrap();

    pkg.write("data/secret/small/1.yaml", "args: --fast\n");
    refused(&pkg, &["1.yaml", "args must be a list of strings"]);
    std::fs::remove_file(pkg.path().join("data/secret/small/1.yaml")).unwrap();
    pkg.write(
        "data/secret/small/test_group.yaml",
        "output_validator_args: \"--tolerance 1e-6\"\n",
    );
    refused(&pkg, &["output_validator_args must be a list of strings"]);
    pkg.write(
        "data/secret/small/test_group.yaml",
        "ouput_validator_args: []\n",
    );
    refused(&pkg, &["unknown key `ouput_validator_args`"]);
}

#[test]
fn a_legacy_package_with_the_2025_folder_is_refused() {
    let pkg = TempPackage::sum(2.0, 256, 1);
    pkg.write("output_validator/check.py", "import sys\nsys.exit(42)\n");
    refused(&pkg, &["output_validator", "reads output_validators/"]);
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_2025_package_exports_in_both_versions_and_for_domjudge() {
    if !has_python() {
        return;
    }
    let pkg = fixture();
    let out = tempfile::tempdir().unwrap();

    // Legacy sets arguments per group only: the test with its own `.yaml` moves into a group
    // of its own whose testdata.yaml holds them, so it keeps its looser tolerance.
    let legacy = out.path().join("quotient");
    let (code, said) = run(&[
        "export",
        &pkg.arg(),
        "--format",
        "legacy",
        legacy.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("data/secret/large/2.yaml: `output_validator_args`")
            && said.contains("group of its own"),
        "{said}"
    );
    assert!(legacy.join("data/secret/large/2/2.in").is_file());
    assert!(!legacy.join("data/secret/large/2.yaml").exists());
    let own = read(&legacy.join("data/secret/large/2/testdata.yaml"));
    assert_eq!(
        own.trim(),
        "output_validator_flags: --tolerance 1e-3",
        "{own}"
    );
    assert!(
        legacy
            .join("output_validators/checker/checker.py")
            .is_file()
    );
    assert!(legacy.join("problem_statement/problem.en.tex").is_file());
    assert!(legacy.join(".timelimit").is_file());
    let yaml = read(&legacy.join("problem.yaml"));
    assert!(
        yaml.contains("validation: custom") && !yaml.contains("problem_format_version"),
        "{yaml}"
    );
    let group = read(&legacy.join("data/secret/small/testdata.yaml"));
    assert!(
        group.contains("output_validator_flags: --tolerance 1e-6"),
        "{group}"
    );
    assert!(group.contains("bounds: --max 10"), "{group}");
    let (code, said) = run(&["verify", legacy.to_str().unwrap()]);
    assert_eq!(code, 0, "{said}");

    // 2025-09: the layout of the source, the time limit in problem.yaml, the args lists kept.
    let modern = out.path().join("again");
    let (code, said) = run(&[
        "export",
        &pkg.arg(),
        "--format",
        "2025-09",
        modern.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{said}");
    let yaml = read(&modern.join("problem.yaml"));
    assert!(yaml.contains("problem_format_version: 2025-09"), "{yaml}");
    assert!(
        yaml.contains("time_limit: 4") && !yaml.contains("validation"),
        "{yaml}"
    );
    assert!(modern.join("output_validator/checker.py").is_file());
    // The 2025-09 format reads Markdown: the statement is carried as it is.
    assert!(modern.join("statement/problem.en.md").is_file());
    assert!(!modern.join(".timelimit").exists());
    let group = read(&modern.join("data/secret/large/test_group.yaml"));
    assert!(
        group.contains("output_validator_args:") && group.contains("- --tolerance"),
        "{group}"
    );
    assert!(!modern.join("data/secret/large/testdata.yaml").exists());
    let (code, said) = run(&["verify", modern.to_str().unwrap()]);
    assert_eq!(code, 0, "{said}");

    // DOMjudge: one problem's folder and zip.
    let dj = out.path().join("dj");
    let (code, said) = run(&[
        "export",
        &pkg.arg(),
        "--format",
        "domjudge",
        dj.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{said}");
    let short = pkg
        .path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .replace(['-', '_', '.'], "")
        .to_lowercase();
    assert!(dj.join(format!("{short}.zip")).is_file(), "{said}");
}

#[test]
fn a_legacy_package_exports_as_2025_with_its_flags_as_lists() {
    if !has_python() {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 2);
    let yaml = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    pkg.write(
        "problem.yaml",
        &format!("{yaml}validator_flags: case_sensitive\nauthor: A. Setter\n"),
    );
    pkg.write(
        "data/secret/testdata.yaml",
        "input_validator_flags: --small\n",
    );
    pkg.write("problem_statement/problem.en.md", "Print $a + b$.\n");
    pkg.write(
        "submissions/accepted/sum.py",
        "print(sum(map(int, input().split())))\n",
    );
    let dest = pkg.path().parent().unwrap().join(format!(
        "{}-modern",
        pkg.path().file_name().unwrap().to_string_lossy()
    ));
    let (code, said) = run(&[
        "export",
        &pkg.arg(),
        "--format",
        "2025-09",
        dest.to_str().unwrap(),
    ]);
    let cleanup = scopeguard(&dest);
    assert_eq!(code, 0, "{said}");
    let top = read(&dest.join("data/test_group.yaml"));
    assert!(
        top.contains("output_validator_args:") && top.contains("- case_sensitive"),
        "{top}"
    );
    let secret = read(&dest.join("data/secret/test_group.yaml"));
    assert!(
        secret.contains("input_validator_args:") && secret.contains("- --small"),
        "{secret}"
    );
    let yaml = read(&dest.join("problem.yaml"));
    assert!(
        yaml.contains("credits: A. Setter") && !yaml.contains("validator_flags"),
        "{yaml}"
    );
    drop(cleanup);
}

/// Removes a directory when dropped.
struct Remove(std::path::PathBuf);

impl Drop for Remove {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scopeguard(path: &Path) -> Remove {
    Remove(path.to_path_buf())
}
