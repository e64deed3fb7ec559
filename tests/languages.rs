//! The language table: one package (tests/fixtures/langs-sum) with the same accepted program in
//! every language of the table, files it switches off and a file of no language; `verify` must
//! accept each program whose toolchain is installed, skip the others naming the missing
//! command, and list the rest as ignored. A package's own `languages.yaml` adds and replaces
//! entries; a missing toolchain is a usage error for `judge`. The commands a package's table
//! brings are the package's code: where they run (or, for `languages`, do not), they run under
//! a [`Guard`], which checks afterwards that the package, the caller's files and the judge's
//! temporary directory are as before.

use crate::support;
use support::guard::Guard;

use support::{TempPackage, json, leapfrog, verify_ok};

/// Each program of the fixture: its file, the language `verify` must name, and the command
/// whose absence makes it skipped.
const PROGRAMS: [(&str, &str, &str); 20] = [
    ("sum.c", "C", "gcc"),
    ("sum.cpp", "C++", "g++"),
    ("sum.rs", "Rust", "rustc"),
    ("sum.py", "Python", "python3"),
    ("sum-pypy", "PyPy", "pypy3"),
    ("Sum.java", "Java", "javac"),
    ("sum.kt", "Kotlin", "kotlinc"),
    ("sum.scala", "Scala", "scalac"),
    ("sum.go", "Go", "go"),
    ("sum.hs", "Haskell", "ghc"),
    ("sum.ml", "OCaml", "ocamlopt"),
    ("sum.js", "JavaScript", "node"),
    ("sum.rb", "Ruby", "ruby"),
    ("sum.php", "PHP", "php"),
    ("sum.cs", "C#", "mcs"),
    ("sum.lisp", "Common Lisp", "sbcl"),
    ("sum.pl", "Prolog", "swipl"),
    ("sum.sh", "Bash", "bash"),
    // The package's own languages.yaml adds AWK.
    ("sum.awk", "AWK", "awk"),
    ("difference.rb", "Ruby", "ruby"),
];

/// The files the judge must leave out, and the reason it gives.
const IGNORED: [(&str, &str); 3] = [
    ("notes.txt", "no known language"),
    ("sum.c.disabled", "switched off (ends with `.disabled`)"),
    ("sum.py~", "switched off (ends with `~`)"),
];

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
}

/// A copy of the fixture, so that nothing a run writes lands in the repository.
fn copy_of_fixture() -> TempPackage {
    TempPackage::from_fixture("langs-sum")
}

fn file_of(row: &serde_json::Value) -> String {
    let name = row["submission"].as_str().unwrap();
    name.rsplit('/').next().unwrap().to_string()
}

#[test]
fn verify_accepts_every_installed_language_and_skips_or_ignores_the_rest() {
    let pkg = copy_of_fixture();
    let v = verify_ok(&pkg);
    assert_eq!(v["ok"], true, "{v}");
    let rows = v["submissions"].as_array().unwrap();
    assert_eq!(rows.len(), PROGRAMS.len() + IGNORED.len(), "{v}");
    let mut skipped = Vec::new();
    for row in rows {
        let file = file_of(row);
        if let Some((_, reason)) = IGNORED.iter().find(|(name, _)| *name == file) {
            assert_eq!(row["status"], "ignored", "{row}");
            assert!(row["reason"].as_str().unwrap().contains(reason), "{row}");
            continue;
        }
        let (_, language, tool) = PROGRAMS
            .iter()
            .find(|(name, _, _)| *name == file)
            .unwrap_or_else(|| panic!("unexpected row {row}"));
        // A Python 3 submission runs on PyPy where PyPy is installed (the book's languages page).
        let language = match file.as_str() {
            "sum.py" if on_path("pypy3") => "PyPy",
            _ => *language,
        };
        assert_eq!(row["language"], language, "{row}");
        if on_path(tool) {
            assert_eq!(row["status"], "ok", "{row}");
            assert_eq!(row["verdict"], row["expected"], "{row}");
        } else {
            assert_eq!(row["status"], "skipped", "{row}");
            assert_eq!(row["reason"], format!("{tool} is not installed"), "{row}");
            skipped.push(language);
        }
    }
    if !skipped.is_empty() {
        eprintln!("skipped (toolchain not installed): {skipped:?}");
    }
}

#[test]
fn the_table_names_ignored_files_and_summarises_them() {
    let pkg = copy_of_fixture();
    // Only the switched-off and unknown files, so the run needs no compiler.
    std::fs::remove_dir_all(pkg.path().join("submissions/wrong_answer")).unwrap();
    for entry in std::fs::read_dir(pkg.path().join("submissions/accepted")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !IGNORED.iter().any(|(ignored, _)| *ignored == name) {
            std::fs::remove_file(&path).unwrap();
        }
    }
    let output = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    for (file, reason) in IGNORED {
        let line = stdout
            .lines()
            .find(|l| l.contains(&format!("accepted/{file} ")))
            .unwrap_or_else(|| panic!("no row for {file}:\n{stdout}"));
        assert!(line.trim_start().starts_with("ignored"), "{line}");
        assert!(line.contains(reason), "{line}");
    }
    assert!(stdout.contains("3 ignored"), "{stdout}");
}

/// A package language whose compiler no machine has.
const MISSING_TOOL: &str = "nope:\n  name: Nope\n  extensions: [nope]\n  compile: leapfrog-no-such-compiler -o {binary} {files}\n  run: \"{binary}\"\n";

#[test]
fn a_missing_toolchain_is_skipped_by_verify_and_refused_by_judge() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("languages.yaml", MISSING_TOOL);
    let sub = pkg.write("submissions/accepted/sum.nope", "add\n");
    let v = verify_ok(&pkg);
    let row = &v["submissions"][0];
    assert_eq!(row["status"], "skipped", "{row}");
    assert_eq!(row["language"], "Nope", "{row}");
    assert_eq!(
        row["reason"], "leapfrog-no-such-compiler is not installed",
        "{row}"
    );
    leapfrog()
        .args(["judge", &pkg.arg(), sub.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "leapfrog-no-such-compiler is not installed",
        ));
}

#[test]
fn judge_refuses_switched_off_and_unknown_files_by_name() {
    let pkg = copy_of_fixture();
    for (file, reason) in IGNORED {
        let path = pkg.path().join("submissions/accepted").join(file);
        leapfrog()
            .args(["judge", &pkg.arg(), path.to_str().unwrap()])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(file))
            .stderr(predicates::str::contains(reason));
    }
}

#[test]
fn a_package_table_replaces_built_in_entries() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "languages.yaml",
        "python3:\n  name: Python (package's own)\n  extensions: [py]\n  copy: after\n  run: python3 {mainfile}\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    if !on_path("python3") {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let guard = Guard::over(&[pkg.path()]);
    let output = guard.run(["verify", &pkg.arg(), "--json"]);
    let v = json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    let row = &v["submissions"][0];
    assert_eq!(row["language"], "Python (package's own)", "{row}");
    assert_eq!(row["status"], "ok", "{row}");
}

#[test]
fn a_bad_package_table_is_refused_naming_the_file_and_key() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("submissions/accepted/sum.py", "print(3)\n");
    pkg.write(
        "languages.yaml",
        "ruby:\n  name: Ruby\n  extension: [rb]\n  run: ruby {mainfile}\n",
    );
    leapfrog()
        .args(["verify", &pkg.arg()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("languages.yaml"))
        .stderr(predicates::str::contains("`ruby`"))
        .stderr(predicates::str::contains("extension"));
    pkg.write(
        "languages.yaml",
        "ruby:\n  name: Ruby\n  extensions: [rb]\n  run: ruby {main}\n",
    );
    leapfrog()
        .args(["verify", &pkg.arg()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("unknown placeholder {main}"));
}

#[test]
fn the_judges_programs_use_the_package_table_too() {
    if !on_path("awk") {
        eprintln!("skipped: awk is not installed");
        return;
    }
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "languages.yaml",
        "awk:\n  name: AWK\n  extensions: [awk]\n  copy: after\n  run: awk -f {mainfile}\n",
    );
    // Two numbers on one line, or the input is invalid.
    pkg.write(
        "input_validators/fields.awk",
        "NF != 2 { bad = 1 }\nEND { if (bad || NR != 1) { print \"expected one line of two numbers\"; exit 43 } exit 42 }\n",
    );
    let guard = Guard::over(&[pkg.path()]);
    guard
        .leapfrog()
        .args(["validate", &pkg.arg()])
        .assert()
        .success();
    guard.finish();
    pkg.write("data/secret/02.in", "1 2 3\n");
    pkg.write("data/secret/02.ans", "6\n");
    let guard = Guard::over(&[pkg.path()]);
    guard
        .leapfrog()
        .args(["validate", &pkg.arg()])
        .assert()
        .code(1)
        .stdout(predicates::str::contains(
            "expected one line of two numbers",
        ));
    guard.finish();
}

#[test]
fn languages_lists_the_table_a_package_brings_and_what_is_missing() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write("languages.yaml", MISSING_TOOL);
    let output = leapfrog()
        .args(["languages", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let v = json(&output);
    let entries = v.as_array().unwrap();
    let keys: Vec<&str> = entries.iter().map(|e| e["key"].as_str().unwrap()).collect();
    for key in [
        "c",
        "cpp",
        "rust",
        "python3",
        "java",
        "go",
        "javascript",
        "bash",
        "nope",
    ] {
        assert!(keys.contains(&key), "{key} missing from {keys:?}");
    }
    let nope = entries.iter().find(|e| e["key"] == "nope").unwrap();
    assert_eq!(nope["missing"], "leapfrog-no-such-compiler", "{nope}");
    assert_eq!(nope["extensions"], serde_json::json!(["nope"]), "{nope}");
}

/// R and Prolog as DOMjudge names their files (`.R`, `.plg`): known languages, judged where
/// their toolchain is installed and skipped naming it where it is not, never "no known language".
#[test]
fn r_and_prolog_files_as_domjudge_names_them_are_known_languages() {
    let pkg = TempPackage::sum(2.0, 256, 1);
    pkg.write(
        "submissions/accepted/sum.R",
        "x <- scan(file(\"stdin\"), quiet = TRUE)\ncat(sum(x), \"\\n\")\n",
    );
    let prolog = std::fs::read_to_string(support::fixture_path(
        "langs-sum/submissions/accepted/sum.pl",
    ))
    .unwrap();
    pkg.write("submissions/accepted/sum.plg", &prolog);
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = json(&output);
    let rows = v["submissions"].as_array().unwrap();
    for (file, language, tool) in [("sum.R", "R", "Rscript"), ("sum.plg", "Prolog", "swipl")] {
        let row = rows
            .iter()
            .find(|r| file_of(r) == file)
            .unwrap_or_else(|| panic!("no row for {file}: {v}"));
        assert_eq!(row["language"], language, "{row}");
        if on_path(tool) {
            assert_eq!(row["status"], "ok", "{row}");
        } else {
            assert_eq!(row["status"], "skipped", "{row}");
            assert_eq!(row["reason"], format!("{tool} is not installed"), "{row}");
        }
    }
}

/// A package's `version` command is the package's code: `languages` runs none of them (it
/// would run them as its caller, root on a judge machine, outside any sandbox), and says so.
#[test]
fn languages_runs_no_version_command_a_package_brings() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let marker = pkg.path().join("ran-as");
    pkg.write(
        "languages.yaml",
        &format!(
            "bash:\n  name: Bash (package's own)\n  extensions: [sh]\n  run: bash {{mainfile}}\n  version: sh -c 'id -u > {}'\n",
            marker.display()
        ),
    );
    let guard = Guard::over(&[pkg.path()]);
    let output = guard
        .leapfrog()
        .args(["languages", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let ran = std::fs::read_to_string(&marker).ok();
    assert_eq!(
        ran, None,
        "the package's version command ran as uid {ran:?}"
    );
    guard.finish();
    let v = json(&output);
    let bash = v.as_array().unwrap().iter().find(|e| e["key"] == "bash");
    let version = bash.unwrap()["version"].as_str().unwrap().to_string();
    assert!(version.starts_with("not run:"), "{version}");
    // The judge's own commands still run.
    let cpp = v.as_array().unwrap().iter().find(|e| e["key"] == "cpp");
    let cpp = cpp.unwrap();
    if cpp["missing"].is_null() {
        assert!(
            !cpp["version"].as_str().unwrap().starts_with("not run"),
            "{cpp}"
        );
    }
}

/// The rest of DOMjudge's default languages (Ada, Fortran, Pascal, Perl, Swift, AWK), each with
/// DOMjudge's extension: a known language, accepted where its toolchain is installed and
/// skipped as "not installed" where it is not; never "no known language". A `.pl` file is Perl
/// when its `#!` line says so (else Prolog: see docs/src/reference/languages.md).
#[test]
fn domjudge_default_languages_are_known_and_judged_or_named_not_installed() {
    let pkg = TempPackage::sum(5.0, 1024, 2);
    let programs: [(&str, &str, &str, &str); 6] = [
        (
            "sum.adb",
            "Ada",
            "gnatmake",
            "with Ada.Integer_Text_IO; use Ada.Integer_Text_IO;\nwith Ada.Text_IO; use Ada.Text_IO;\nprocedure Sum is\n   A, B : Integer;\nbegin\n   Get (A);\n   Get (B);\n   Put (A + B, Width => 0);\n   New_Line;\nend Sum;\n",
        ),
        (
            "sum.f90",
            "Fortran",
            "gfortran",
            "program sum\n  implicit none\n  integer(kind=8) :: a, b\n  read (*, *) a, b\n  write (*, '(I0)') a + b\nend program sum\n",
        ),
        (
            "sum.pas",
            "Pascal",
            "fpc",
            "program Sum;\nvar a, b: Int64;\nbegin\n  ReadLn(a, b);\n  WriteLn(a + b);\nend.\n",
        ),
        (
            "sum.pl",
            "Perl",
            "perl",
            "#!/usr/bin/env perl\nmy @x = split ' ', <STDIN>;\nprint $x[0] + $x[1], \"\\n\";\n",
        ),
        (
            "sum.swift",
            "Swift",
            "swiftc",
            "let parts = readLine()!.split(separator: \" \").map { Int($0)! }\nprint(parts[0] + parts[1])\n",
        ),
        ("sum.awk", "AWK", "awk", "{ print $1 + $2 }\n"),
    ];
    for (file, _, _, text) in programs {
        pkg.write(&format!("submissions/accepted/{file}"), text);
    }
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = json(&output);
    let rows = v["submissions"].as_array().unwrap();
    for (file, language, tool, _) in programs {
        let row = rows
            .iter()
            .find(|r| file_of(r) == file)
            .unwrap_or_else(|| panic!("no row for {file}: {v}"));
        assert_eq!(row["language"], language, "{row}");
        if on_path(tool) {
            assert_eq!(row["status"], "ok", "{row}");
        } else {
            eprintln!("skipped: {tool} is not installed; {file} must say so");
            assert_eq!(row["status"], "skipped", "{row}");
            assert_eq!(row["reason"], format!("{tool} is not installed"), "{row}");
        }
    }
}

/// A `rust-toolchain.toml` in the directory the judge is started from (here the package's own,
/// naming a "toolchain" of the package's by its path) chooses nothing the judge runs: rustup's
/// proxy would run that toolchain's `rustc`, a file of the package, as the caller (root on a
/// judge machine), outside any sandbox, so the judge asks its toolchains about themselves from
/// `/`. Skipped where `rustc` on PATH is not rustup's proxy.
#[test]
fn a_toolchain_file_where_the_judge_is_started_picks_nothing_it_runs() {
    let proxy = leapfrog::util::find_in_path("rustc")
        .and_then(|p| std::fs::canonicalize(p).ok())
        .filter(|p| p.file_name().is_some_and(|n| n == "rustup"));
    if proxy.is_none() {
        eprintln!("skipped: rustc is not rustup's proxy here");
        return;
    }
    let pkg = TempPackage::sum(5.0, 256, 1);
    let seen = tempfile::tempdir().unwrap();
    let marker = seen.path().join("ran-as");
    let fake = pkg.write(
        "toolchain/bin/rustc",
        &format!(
            "#!/bin/sh\nid -u > '{}'\necho 'rustc 9.9.9 (the package's own)'\n",
            marker.display()
        ),
    );
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    pkg.write(
        "rust-toolchain.toml",
        &format!(
            "[toolchain]\npath = \"{}\"\n",
            pkg.path().join("toolchain").display()
        ),
    );
    pkg.write(
        "submissions/accepted/sum.rs",
        "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let n: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!(\"{}\", n[0] + n[1]);\n}\n",
    );
    let guard = Guard::over(&[pkg.path()]);
    // As a caller at a shell would: cargo, run through rustup, hands its tests the toolchain
    // it chose, which would outweigh any toolchain file.
    let listed = guard
        .command()
        .current_dir(pkg.path())
        .env_remove("RUSTUP_TOOLCHAIN")
        .args(["languages", "--json"])
        .output()
        .unwrap();
    let judged = guard
        .command()
        .current_dir(pkg.path())
        .env_remove("RUSTUP_TOOLCHAIN")
        .args(["judge", ".", "submissions/accepted/sum.rs", "--json"])
        .output()
        .unwrap();
    let ran = std::fs::read_to_string(&marker).ok();
    assert_eq!(ran, None, "the package's rustc ran, as uid {ran:?}");
    let v = json(&listed);
    let rust = v.as_array().unwrap().iter().find(|e| e["key"] == "rust");
    let version = rust.unwrap()["version"].as_str().unwrap();
    assert!(
        version.starts_with("rustc ") && !version.contains("9.9.9"),
        "{version}"
    );
    let v = json(&judged);
    assert_eq!(v["verdict"], "AC", "{v}");
    guard.finish();
}
