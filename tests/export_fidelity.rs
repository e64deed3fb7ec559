//! An export is the same problem: the problem's type, uuid, credits and statement survive
//! `leapfrog export` to every format, and the exported package verifies as the original does.

use crate::support;

use std::path::Path;

use support::{TempPackage, leapfrog};

/// `leapfrog export PKG --format FORMAT DEST`: its output.
fn export(pkg: &TempPackage, format: &str, dest: &Path) -> std::process::Output {
    leapfrog()
        .args(["export", &pkg.arg(), "--format", format])
        .arg(dest)
        .output()
        .unwrap()
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn yaml(path: &Path) -> serde_yaml_ng::Value {
    serde_yaml_ng::from_str(&text(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const STATEMENT_MD: &str = "# Guess\n\n## Interaction\n\nGuess the number.\n";

#[test]
fn an_interactive_problem_stays_interactive_in_the_2025_09_export() {
    let pkg = TempPackage::from_fixture("guess");
    pkg.write("problem_statement/problem.en.md", STATEMENT_MD);
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("guess");
    let output = export(&pkg, "2025-09", &dest);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let problem = yaml(&dest.join("problem.yaml"));
    assert_eq!(problem["type"].as_str(), Some("interactive"), "{problem:?}");
    let verified = leapfrog()
        .args(["verify", "--json"])
        .arg(&dest)
        .output()
        .unwrap();
    assert_eq!(verified.status.code(), Some(0), "{verified:?}");
}

/// A package whose problem.yaml says who made it and where it comes from.
fn credited_package(format_line: &str, credits: &str) -> TempPackage {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "problem.yaml",
        &format!(
            "{format_line}name: Sum\nuuid: 3f1c2b5e-8d4a-4e7b-9c0d-1a2b3c4d5e6f\n{credits}\nsource: Spring Contest 2026\nlicense: cc by-sa\nrights_owner: The Jury\nlimits:\n  time_limit: 1\n  memory: 256\n"
        ),
    );
    pkg.write("problem_statement/problem.en.md", "# Sum\n\nAdd them.\n");
    pkg
}

#[test]
fn export_keeps_the_uuid_and_the_credits() {
    let pkg = credited_package("", "credits: Ada Lovelace");
    let out = tempfile::tempdir().unwrap();
    for (format, credit_key) in [("legacy", "author"), ("2025-09", "credits")] {
        let dest = out.path().join(format.replace('-', ""));
        let output = export(&pkg, format, &dest);
        assert_eq!(output.status.code(), Some(0), "{format}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("'credits'"), "{format}: {stderr}");
        let problem = yaml(&dest.join("problem.yaml"));
        assert_eq!(
            problem["uuid"].as_str(),
            Some("3f1c2b5e-8d4a-4e7b-9c0d-1a2b3c4d5e6f"),
            "{format}: {problem:?}"
        );
        assert_eq!(
            problem[credit_key].as_str(),
            Some("Ada Lovelace"),
            "{format}: {problem:?}"
        );
        assert_eq!(problem["license"].as_str(), Some("cc by-sa"));
        assert_eq!(problem["rights_owner"].as_str(), Some("The Jury"));
    }
}

const STATEMENT_TEX: &str = "\\problemname{Sum}\n\nAdd the two numbers $a$ and $b$.\n\n\\section*{Input}\nTwo integers.\n\n\\section*{Output}\nTheir sum.\n";

#[test]
fn a_latex_statement_is_exported_as_it_is() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("problem_statement/problem.en.tex", STATEMENT_TEX);
    let out = tempfile::tempdir().unwrap();
    for (format, file) in [
        ("legacy", "problem_statement/problem.en.tex"),
        ("2025-09", "statement/problem.en.tex"),
        ("domjudge", "problem_statement/problem.en.tex"),
    ] {
        let dest = out.path().join(format.replace('-', ""));
        let output = export(&pkg, format, &dest);
        assert_eq!(output.status.code(), Some(0), "{format}: {output:?}");
        // DOMjudge's export holds the package in DEST/<short name>/, beside its zip.
        let package = match format {
            "domjudge" => std::fs::read_dir(&dest)
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.is_dir())
                .expect("the package folder beside the zip"),
            _ => dest,
        };
        assert_eq!(text(&package.join(file)), STATEMENT_TEX, "{format}");
    }
}

/// A 2025-09 package whose input validator and statement use the constant `MAX`.
fn package_with_constants() -> TempPackage {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\nlimits:\n  time_limit: 1\n  memory: 256\nconstants:\n  MAX: 50\n",
    );
    // Python only after the substitution: `{{MAX}}` alone is a set of a set.
    pkg.write(
        "input_validators/validate.py",
        "import sys\nlimit = {{MAX}}\nparts = sys.stdin.read().split()\nif len(parts) != 2 or not all(p.isdigit() and int(p) <= limit for p in parts):\n    sys.exit(43)\nsys.exit(42)\n",
    );
    pkg.write(
        "statement/problem.en.tex",
        "\\problemname{Sum}\n\nAdd two numbers of at most {{MAX}}.\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg
}

#[test]
fn constants_are_written_out_for_the_formats_without_them() {
    let pkg = package_with_constants();
    let out = tempfile::tempdir().unwrap();
    for format in ["legacy", "domjudge"] {
        let dest = out.path().join(format);
        let output = export(&pkg, format, &dest);
        assert_eq!(output.status.code(), Some(0), "{format}: {output:?}");
        let package = match format {
            "domjudge" => dest.join(
                std::fs::read_dir(&dest)
                    .unwrap()
                    .map(|e| e.unwrap().file_name())
                    .find(|n| !n.to_string_lossy().ends_with(".zip"))
                    .unwrap(),
            ),
            _ => dest,
        };
        let problem = yaml(&package.join("problem.yaml"));
        assert!(problem.get("constants").is_none(), "{format}: {problem:?}");
        let validator = text(&package.join("input_validators/validate.py"));
        assert!(validator.contains("limit = 50\n"), "{format}: {validator}");
        let statement = text(&package.join("problem_statement/problem.en.tex"));
        assert!(statement.contains("at most 50."), "{format}: {statement}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("constants"), "{format}: no note: {stderr}");
        let verified = leapfrog()
            .args(["verify", "--json"])
            .arg(&package)
            .output()
            .unwrap();
        assert_eq!(verified.status.code(), Some(0), "{format}: {verified:?}");
    }
    // The 2025-09 format has constants: they stay as they are.
    let dest = out.path().join("modern");
    let output = export(&pkg, "2025-09", &dest);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(text(&dest.join("input_validators/validate.py")).contains("{{MAX}}"));
    assert_eq!(
        yaml(&dest.join("problem.yaml"))["constants"]["MAX"].as_i64(),
        Some(50)
    );
}

#[test]
fn on_reject_is_left_out_of_a_pass_fail_2025_09_export_with_a_note() {
    let pkg = TempPackage::sum(1.0, 256, 2);
    pkg.write("data/secret/testdata.yaml", "on_reject: continue\n");
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("sum");
    let output = export(&pkg, "2025-09", &dest);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("on_reject: continue"), "no note: {stderr}");
    let group = text(&dest.join("data/secret/test_group.yaml"));
    assert!(!group.contains("on_reject"), "{group}");
    let verified = leapfrog()
        .args(["verify", "--json"])
        .arg(&dest)
        .output()
        .unwrap();
    assert_eq!(verified.status.code(), Some(0), "{verified:?}");
    // On a scoring problem it decides the score: still refused, naming the key.
    let problem = text(&pkg.path().join("problem.yaml"));
    pkg.write("problem.yaml", &format!("{problem}type: scoring\n"));
    let output = export(&pkg, "2025-09", &out.path().join("scoring"));
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("`on_reject`"));
}

/// `verify --json DIR`, which must exit 0: each submission's file name (DOMjudge's zip may move
/// a program to another folder) and verdict, sorted.
fn verdicts(dir: &Path) -> Vec<(String, String)> {
    let output = leapfrog()
        .args(["verify", "--json"])
        .arg(dir)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}: {output:?}",
        dir.display()
    );
    let report = support::json(&output);
    let mut rows: Vec<(String, String)> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let name = row["submission"].as_str().unwrap();
            let file = name.rsplit('/').next().unwrap().to_string();
            (file, row["verdict"].as_str().unwrap().to_string())
        })
        .collect();
    rows.sort();
    rows
}

/// The round trip of `.ci/roundtrip` for the legacy and DOMjudge formats: each export exits 0
/// and verifies with the original's verdicts. Returns the folder holding them, the legacy
/// export and what its export printed.
fn round_trip(pkg: &TempPackage) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let original = verdicts(pkg.path());
    let out = tempfile::tempdir().unwrap();
    let legacy = out.path().join("legacy");
    let output = export(pkg, "legacy", &legacy);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(verdicts(&legacy), original, "legacy");
    let dj = out.path().join("dj");
    let exported = export(pkg, "domjudge", &dj);
    assert_eq!(exported.status.code(), Some(0), "{exported:?}");
    let zip = std::fs::read_dir(&dj)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "zip"))
        .expect("a zip");
    let unzipped = out.path().join("unzipped");
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&zip).unwrap()).unwrap();
    archive.extract(&unzipped).unwrap();
    assert_eq!(verdicts(&unzipped), original, "DOMjudge");
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    (out, legacy, said)
}

#[test]
fn a_test_with_its_own_validator_arguments_moves_into_a_group_of_its_own() {
    let pkg = TempPackage::from_fixture("fmt2025-quotient");
    // Off by 5e-4 on secret/large/2 only: accepted by that test's own tolerance, 1e-3, and by
    // no other test's; the export must keep it to keep the verdict.
    pkg.write(
        "submissions/accepted/loose_on_one.py",
        "a, b = map(int, input().split())\nq = a / b + (5e-4 if (a, b) == (999, 7) else 0)\nprint(f\"{q:.7f}\")\n",
    );
    let (_out, legacy, said) = round_trip(&pkg);
    assert!(
        said.contains("data/secret/large/2.yaml: `output_validator_args`")
            && said.contains("named secret/large/2/2"),
        "no note: {said}"
    );
    let own = text(&legacy.join("data/secret/large/2/testdata.yaml"));
    assert_eq!(own.trim(), "output_validator_flags: --tolerance 1e-3");
}

#[test]
fn submissions_yaml_goes_into_expected_results_lines() {
    let pkg = TempPackage::sum(1.0, 256, 2);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    // WA on the second secret test, and a crash: folders the legacy format does not define.
    pkg.write(
        "submissions/mixed/off.py",
        "a, b = map(int, input().split())\nprint(a + b + (a == 2))\n",
    );
    pkg.write("submissions/rejected/crash.py", "import sys\nsys.exit(3)\n");
    pkg.write(
        "submissions/submissions.yaml",
        "mixed:\n  permitted: [AC, WA]\n",
    );
    let (_out, legacy, said) = round_trip(&pkg);
    let off = text(&legacy.join("submissions/mixed/off.py"));
    assert!(
        off.ends_with("# @EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER\n"),
        "{off}"
    );
    let crash = text(&legacy.join("submissions/rejected/crash.py"));
    assert!(
        crash.contains("@EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT, RUN-ERROR"),
        "{crash}"
    );
    assert!(!legacy.join("submissions/submissions.yaml").exists());
    assert!(
        said.contains("submissions/mixed/off.py: what submissions/submissions.yaml expects"),
        "no note: {said}"
    );
}

#[test]
fn what_a_legacy_export_cannot_say_is_refused_by_name() {
    let refused = |pkg: &TempPackage, words: &[&str]| {
        let out = tempfile::tempdir().unwrap();
        let output = export(pkg, "legacy", &out.path().join("x"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        for word in words {
            assert!(stderr.contains(word), "no `{word}` in: {stderr}");
        }
    };
    // A rule for some tests only: the line speaks of the final result.
    let pkg = TempPackage::sum(1.0, 256, 2);
    pkg.write("submissions/mixed/off.py", "print(0)\n");
    pkg.write(
        "submissions/submissions.yaml",
        "mixed/off.py:\n  secret:\n    required: [WA]\n",
    );
    refused(&pkg, &["submissions/mixed/off.py", "`secret` only"]);
    // An argument a legacy flag string cannot hold (judges split it on white space).
    let pkg = TempPackage::sum(1.0, 256, 2);
    pkg.write(
        "data/secret/test_group.yaml",
        "input_validator_args: [\"\", \"a b\"]\n",
    );
    refused(
        &pkg,
        &[
            "data/secret/test_group.yaml: `input_validator_args`",
            "white space",
        ],
    );
    // Files beside a test's input: legacy judges would not give them to the submission.
    let pkg = TempPackage::sum(1.0, 256, 2);
    pkg.write("data/secret/01.files/table.txt", "1 2\n");
    refused(&pkg, &["data/secret/01.files", "no files beside"]);
    // On a scoring problem, a group of its own would score the test by its own rules.
    let pkg = TempPackage::sum(1.0, 256, 2);
    let problem = text(&pkg.path().join("problem.yaml"));
    pkg.write("problem.yaml", &format!("{problem}type: scoring\n"));
    pkg.write(
        "data/secret/02.yaml",
        "output_validator_args: [case_sensitive]\n",
    );
    refused(
        &pkg,
        &["data/secret/02.yaml: `output_validator_args`", "scoring"],
    );
}
