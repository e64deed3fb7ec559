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
