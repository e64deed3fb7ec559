//! `leapfrog export`: the Kattis layout it writes, its refusal to overwrite, and that a failed or
//! interrupted export never leaves a half-written package behind.

use crate::setter_support;
use crate::support;

use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

use setter_support::{FixtureRepo, listing};
use support::leapfrog;

fn export(repo: &FixtureRepo, args: &[&str]) -> std::process::Output {
    leapfrog()
        .current_dir(repo.path())
        .arg("export")
        .args(args)
        .output()
        .unwrap()
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The staging directories an export may have left next to `dest`.
fn leftovers(parent: &Path) -> Vec<String> {
    std::fs::read_dir(parent)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".export-") || n.starts_with(".old-export-"))
        .collect()
}

#[test]
fn a_problem_exports_in_the_legacy_kattis_layout() {
    let repo = FixtureRepo::new();
    let out = repo.path().join("out/hops");
    let output = export(
        &repo,
        &["hops", "--format", "kattis", out.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let files = listing(&out);
    for expected in [
        ".timelimit",
        "problem.yaml",
        "problem_statement/problem.en.tex",
        "problem_statement/picture1.png",
        "problem_statement/picture2.png",
        "problem_statement/picture3.png",
        "data/sample/1.in",
        "data/sample/2.ans",
        "data/secret/large/01.ans",
        "data/secret/small/02.in",
        "input_validators/validate/validate.rs",
        "input_validators/validate/run",
        "input_validators/validate/build",
        "output_validators/hops/hops.rs",
        "output_validators/hops/build",
        "output_validators/hops/run",
        "submissions/accepted/Hops.java",
        "submissions/accepted/hops.py",
        "submissions/wrong_answer/squares.py",
        "submissions/time_limit_exceeded/simulate.cpp",
    ] {
        assert!(
            files.contains(&expected.to_string()),
            "{expected} missing from {files:#?}"
        );
    }
    // Folders the legacy format does not know (problemtools warns about them), and our own
    // bookkeeping, stay out.
    assert!(
        !files.iter().any(|f| f.starts_with("generators/")),
        "{files:#?}"
    );
    for absent in [
        "data/secret/.generated.json",
        "problem_statement/problem.en.md",
    ] {
        assert!(
            !files.contains(&absent.to_string()),
            "{absent} exported: {files:#?}"
        );
    }
    assert!(files.iter().all(|f| {
        !f.split('/')
            .any(|p| p.starts_with('.') && p != ".timelimit")
    }));

    // problem.yaml: legacy keys only, the time limit moved to .timelimit, a stable uuid.
    let yaml: serde_yaml_ng::Value =
        serde_yaml_ng::from_str(&text(&out.join("problem.yaml"))).unwrap();
    assert_eq!(yaml["name"], "Frog Hops");
    assert_eq!(yaml["validation"], "custom");
    assert_eq!(yaml["license"], "cc by-sa");
    assert_eq!(yaml["limits"]["memory"], 512);
    assert!(yaml["limits"].get("time_limit").is_none(), "{yaml:?}");
    assert_eq!(yaml["uuid"].as_str().unwrap().len(), 36);
    assert_eq!(text(&out.join(".timelimit")), "1\n");

    // The statement in LaTeX, with the pictures as PNG.
    let tex = text(&out.join("problem_statement/problem.en.tex"));
    assert!(tex.starts_with("\\problemname{Frog Hops}\n"), "{tex}");
    assert!(tex.contains("\\section*{Input}"), "{tex}");
    assert!(tex.contains("$1 \\le N \\le 10^6$"), "{tex}");
    assert!(
        tex.contains("\\includegraphics[width=0.79\\textwidth]{picture3.png}"),
        "{tex}"
    );
    let png = std::fs::read(out.join("problem_statement/picture1.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");

    // Data: the generated answers, byte for byte.
    let source = repo.problem("hops").join("data/secret");
    for rel in ["large/01.in", "large/01.ans", "small/02.ans"] {
        assert_eq!(
            std::fs::read(source.join(rel)).unwrap(),
            std::fs::read(out.join("data/secret").join(rel)).unwrap(),
            "{rel}"
        );
    }

    // The checker: a real file (not the package's symlink) and an executable build script.
    let checker = out.join("output_validators/hops/hops.rs");
    assert!(!checker.symlink_metadata().unwrap().file_type().is_symlink());
    assert_eq!(text(&checker), text(&repo.path().join("checkers/hops.rs")));
    use std::os::unix::fs::PermissionsExt;
    let build = out.join("output_validators/hops/build");
    assert_eq!(
        build.metadata().unwrap().permissions().mode() & 0o777,
        0o755
    );
    let script = text(&build);
    assert!(script.contains("src=hops.rs\n"), "{script}");
    assert!(
        script.contains(
            "rustc --edition 2021 -C opt-level=3 -C target-feature=+crt-static -o run.new \"$src\""
        ),
        "{script}"
    );
    // The prebuilt program beside it: static, executable.
    let run = out.join("output_validators/hops/run");
    assert_eq!(run.metadata().unwrap().permissions().mode() & 0o777, 0o755);
    leapfrog::export::validator::check_static_x86_64(&std::fs::read(&run).unwrap()).unwrap();
    assert!(leftovers(&repo.path().join("out")).is_empty());
}

#[test]
fn the_build_script_compiles_a_working_checker() {
    let repo = FixtureRepo::new();
    let out = repo.path().join("hops-export");
    assert!(
        export(&repo, &["hops", out.to_str().unwrap()])
            .status
            .success()
    );
    let dir = out.join("output_validators/hops");
    let status = std::process::Command::new("./build")
        .current_dir(&dir)
        .status()
        .unwrap();
    assert!(status.success());
    let feedback = tempfile::tempdir().unwrap();
    let run = |output: &str| {
        let mut cmd = std::process::Command::new(dir.join("run"));
        cmd.arg(out.join("data/sample/2.in"))
            .arg(out.join("data/sample/2.ans"))
            .arg(feedback.path());
        support::run_with_stdin(&mut cmd, output.as_bytes(), support::Stdin::Pipe)
            .status
            .code()
    };
    assert_eq!(run("15\n"), Some(42));
    assert_eq!(run("16\n"), Some(43));
}

#[test]
fn a_non_empty_destination_is_refused_unless_forced() {
    let repo = FixtureRepo::new();
    let out = repo.path().join("busy");
    let keep = repo.write("busy/notes.txt", "mine\n");
    let output = export(&repo, &["hops", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not empty; pass --force"), "{stderr}");
    assert!(stderr.contains("busy"), "{stderr}");
    assert_eq!(text(&keep), "mine\n");
    assert!(leftovers(repo.path()).is_empty());

    let output = export(&repo, &["hops", out.to_str().unwrap(), "--force"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(!keep.exists(), "--force replaces the old contents");
    assert!(out.join("problem.yaml").is_file());
    assert!(leftovers(repo.path()).is_empty());

    // An empty directory is fine without --force; a file is not a destination.
    std::fs::create_dir(repo.path().join("empty")).unwrap();
    assert!(export(&repo, &["hops", "empty"]).status.success());
    repo.write("file", "x");
    let output = export(&repo, &["hops", "file"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a directory"));
}

#[test]
fn a_failing_export_leaves_the_destination_as_it_was() {
    let repo = FixtureRepo::new();
    // A broken picture: the statement cannot be converted.
    let statement = repo.problem("hops").join("problem_statement/problem.en.md");
    let mut md = text(&statement);
    md.push_str("\n```board\n3\n._.\n_Q_\n._.\n```\n");
    std::fs::write(&statement, md).unwrap();

    let fresh = repo.path().join("fresh");
    let output = export(&repo, &["hops", fresh.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("problem.en.md"), "{stderr}");
    assert!(stderr.contains("unexpected 'Q'"), "{stderr}");
    assert!(!fresh.exists());

    let old = repo.write("old/problem.yaml", "name: previous export\n");
    let output = export(&repo, &["hops", "old", "--force"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&old), "name: previous export\n");
    assert_eq!(listing(&repo.path().join("old")), ["problem.yaml"]);
    assert!(
        leftovers(repo.path()).is_empty(),
        "{:?}",
        leftovers(repo.path())
    );
}

#[test]
fn an_interrupted_export_leaves_nothing_half_written() {
    let repo = FixtureRepo::new();
    // Secret data that takes a while to generate: the export is under way (its staging
    // directory exists) when SIGTERM arrives.
    let plan: String = (1..=40)
        .map(|i| format!("          \"{i:02}\": slow.py {i}\n"))
        .collect();
    repo.write(
        "problems/hops/generators/generators.yaml",
        &format!("solution: /submissions/accepted/hops.py\ndata:\n  secret:\n    data:\n      slow:\n        data:\n{plan}"),
    );
    repo.write(
        "problems/hops/generators/slow.py",
        "import sys, time\ntime.sleep(0.25)\nprint(int(sys.argv[1]))\n",
    );
    let old = repo.write("dest/problem.yaml", "name: previous export\n");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
        .current_dir(repo.path())
        .env(
            "LEAPFROG_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache"),
        )
        .args(["export", "hops", "dest", "--force"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while leftovers(repo.path()).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the export never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(600));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the export finished too early to test"
    );
    // SAFETY: kill takes plain integers; the child is ours and not yet waited for.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_eq!(text(&old), "name: previous export\n");
    assert_eq!(listing(&repo.path().join("dest")), ["problem.yaml"]);
    assert!(
        leftovers(repo.path()).is_empty(),
        "{:?}",
        leftovers(repo.path())
    );
}

#[test]
fn export_all_writes_every_problem_and_a_domjudge_zip_each() {
    let repo = FixtureRepo::new();
    // A second problem: a copy of the first under a name problemtools would not take as it is.
    let copy = repo.problem("hops-two");
    std::process::Command::new("cp")
        .args(["-a"])
        .arg(repo.problem("hops"))
        .arg(&copy)
        .status()
        .unwrap();
    std::fs::write(
        copy.join("problem.yaml"),
        text(&copy.join("problem.yaml")).replace("Frog Hops", "Frog Hops Again"),
    )
    .unwrap();
    let output = export(&repo, &["--all", "contest"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let contest = repo.path().join("contest");
    let top: Vec<String> = listing(&contest)
        .into_iter()
        .filter(|p| !p.trim_end_matches('/').contains('/'))
        .collect();
    // Short names are [a-z0-9]+, as problemtools requires of the package directory; problems/
    // is one contest, so DOMjudge's contest files come with it.
    assert_eq!(
        top,
        [
            "contest.yaml",
            "hops/",
            "hops.zip",
            "hopstwo/",
            "hopstwo.zip",
            "problems.yaml"
        ]
    );

    let zip_path = contest.join("hopstwo.zip");
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&zip_path).unwrap()).unwrap();
    let names: Vec<String> = zip.file_names().map(|n| n.unwrap().to_string()).collect();
    for expected in [
        "problem.yaml",
        ".timelimit",
        "domjudge-problem.ini",
        "problem.html",
        "data/secret/large/01.ans",
        "output_validators/hops/build",
        "submissions/accepted/hops.cpp",
    ] {
        assert!(
            names.contains(&expected.to_string()),
            "{expected} not in {names:?}"
        );
    }
    // DOMjudge never runs generators.
    assert!(
        !names.iter().any(|n| n.starts_with("generators/")),
        "{names:?}"
    );
    let mut ini = String::new();
    zip.by_name("domjudge-problem.ini")
        .unwrap()
        .read_to_string(&mut ini)
        .unwrap();
    assert_eq!(
        ini,
        "name = \"Frog Hops Again\"\ntimelimit = 1\nexternalid = hopstwo\n"
    );
    let build = zip.by_name("output_validators/hops/build").unwrap();
    assert_eq!(build.unix_mode().unwrap() & 0o777, 0o755);
    drop(build);
    let mut html = String::new();
    zip.by_name("problem.html")
        .unwrap()
        .read_to_string(&mut html)
        .unwrap();
    assert!(html.contains("<h1>Frog Hops Again</h1>"));

    // Zips are reproducible: a second export gives the same bytes.
    let first = std::fs::read(&zip_path).unwrap();
    let output = export(&repo, &["--all", "contest", "--force"]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(std::fs::read(&zip_path).unwrap(), first);
}

#[test]
fn usage_errors() {
    let repo = FixtureRepo::new();
    let output = export(&repo, &["--all", "a", "b"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("with --all, give only"));
    let output = export(&repo, &["hops"]);
    assert_eq!(output.status.code(), Some(2));
    let output = export(&repo, &["hops", "problems/hops/out"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("into the package"));
    let output = export(&repo, &["nosuch", "out"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no problem 'nosuch'"));
}

/// A package whose data comes from the built-in `frogs` generator and solver, through the
/// `build` programs every package of `problems/` carries.
fn builtin_generator_package() -> support::TempPackage {
    let pkg = support::TempPackage::sum(1.0, 256, 0);
    pkg.write("problem.yaml", "name: Frogs\nvalidation: default\n");
    pkg.write("data/sample/1.in", "2\n");
    pkg.write("data/sample/1.ans", "3\n");
    pkg.write(
        "problem_statement/problem.en.md",
        "# Frogs\n\n## Input\n\nOne number.\n\n## Output\n\nThe moves.\n",
    );
    std::fs::remove_file(pkg.path().join("input_validators/validate.py")).unwrap();
    let build =
        text(&Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/frogs/generators/frogs/build"));
    use std::os::unix::fs::PermissionsExt;
    for dir in ["generators/frogs", "generators/solve/frogs"] {
        let path = pkg.write(&format!("{dir}/build"), &build);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    pkg.write(
        "generators/generators.yaml",
        &support::generators_yaml(
            "/generators/solve/frogs",
            &[("secret/1", "frogs --n 6 --seed 3")],
        ),
    );
    pkg
}

/// Runs an exported program folder's `build` and then its `run`, as BAPCtools does, in a
/// scratch copy, with a PATH that has no leapfrog and no cargo.
fn build_and_run(folder: &Path, args: &[&str], stdin: &str) -> String {
    let scratch = tempfile::tempdir().unwrap();
    let plain_path = "/usr/local/sbin:/usr/sbin:/sbin:/usr/bin:/bin";
    let built = std::process::Command::new(folder.join("build"))
        .current_dir(scratch.path())
        .env("PATH", plain_path)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let mut run = std::process::Command::new(scratch.path().join("run"));
    run.args(args).env("PATH", plain_path);
    let output = support::run_with_stdin(&mut run, stdin.as_bytes(), support::Stdin::Pipe);
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn an_exported_package_remakes_its_data_without_leapfrog() {
    let pkg = builtin_generator_package();
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("frogs");
    let output = leapfrog()
        .args([
            "export",
            &pkg.arg(),
            "--format",
            "2025-09",
            dest.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let generators = dest.join("generators");
    assert!(generators.join("generators.yaml").is_file());
    for dir in ["frogs", "solve/frogs"] {
        assert!(generators.join(dir).join("leapfrog-gen").is_file(), "{dir}");
    }

    // The carried program makes the same input as the plan's test, and answers it as the
    // reference does.
    let input = build_and_run(&generators.join("frogs"), &["--n", "6", "--seed", "3"], "");
    assert_eq!(input, text(&pkg.path().join("data/secret/1.in")));
    let answer = build_and_run(&generators.join("solve/frogs"), &[], &input);
    assert_eq!(answer, text(&pkg.path().join("data/secret/1.ans")));
}

/// The input validator of [`rust_constants_package`]: the bound comes from the constant `MAX`,
/// and the format strings hold Rust's own doubled braces, one of them around a name that is
/// not a constant, which must come through as they are.
const CONSTANT_INPUT_VALIDATOR: &str = r#"use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let limit: u64 = {{MAX}};
    // Only `{50}` if the braces survive and the constant was written in.
    if format!("{{{}}}", limit) != "{50}" || format!("{{}}{{LIMIT}}") != "{}{LIMIT}" {
        std::process::exit(1);
    }
    let numbers: Vec<Option<u64>> = text.split_whitespace().map(|p| p.parse().ok()).collect();
    let ok = numbers.len() == 2 && numbers.iter().all(|n| n.is_some_and(|n| n <= limit));
    std::process::exit(if ok { 42 } else { 43 });
}
"#;

/// The output validator of [`rust_constants_package`]: an answer off by at most the constant
/// `SLACK` is accepted, with Rust's literal braces in its feedback.
const CONSTANT_OUTPUT_VALIDATOR: &str = r#"use std::io::Read;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let answer: i64 = std::fs::read_to_string(&args[2]).unwrap().trim().parse().unwrap();
    let mut team = String::new();
    std::io::stdin().read_to_string(&mut team).unwrap();
    let slack: i64 = {{SLACK}};
    let verdict = match team.trim().parse::<i64>() {
        Ok(got) if (got - answer).abs() <= slack => 42,
        _ => 43,
    };
    let feedback = format!("{{expected {answer}}} {{{}}}\n", verdict);
    std::fs::write(format!("{}/judgemessage.txt", args[3]), feedback).unwrap();
    std::process::exit(verdict);
}
"#;

/// A 2025-09 sum problem whose Rust validators take their bounds from `constants`: the input
/// validator must reject `data/invalid_input/big` (over `MAX`), and the output validator's
/// `SLACK` decides which of the off-by-one and off-by-two submissions is accepted.
fn rust_constants_package() -> support::TempPackage {
    let pkg = support::TempPackage::sum(1.0, 256, 2);
    std::fs::remove_file(pkg.path().join("input_validators/validate.py")).unwrap();
    pkg.write(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\nuuid: 5d0c8f43-2b7e-4f1a-9a36-0e6b7c1d2f48\nlimits:\n  time_limit: 1\n  memory: 256\nconstants:\n  MAX: 50\n  SLACK: 1\n",
    );
    pkg.write("input_validators/validate.rs", CONSTANT_INPUT_VALIDATOR);
    pkg.write("output_validator/check.rs", CONSTANT_OUTPUT_VALIDATOR);
    pkg.write("data/invalid_input/big.in", "10 51\n");
    pkg.write(
        "statement/problem.en.md",
        "# Sum\n\nAdd two numbers of at most {{MAX}}.\n",
    );
    let sum = |extra: u32| format!("a, b = map(int, input().split())\nprint(a + b + {extra})\n");
    pkg.write("submissions/accepted/exact.py", &sum(0));
    pkg.write("submissions/accepted/off_by_one.py", &sum(1));
    pkg.write("submissions/wrong_answer/off_by_two.py", &sum(2));
    pkg
}

/// Each submission of a `verify --json` report with its verdict and its tests' verdicts.
fn verdicts(report: &serde_json::Value) -> Vec<(String, String, Vec<String>)> {
    let mut found: Vec<_> = report["submissions"]
        .as_array()
        .unwrap_or_else(|| panic!("no submissions: {report}"))
        .iter()
        .map(|s| {
            let tests = s["tests"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| format!("{} {}", t["name"], t["verdict"]))
                .collect();
            (s["submission"].to_string(), s["verdict"].to_string(), tests)
        })
        .collect();
    found.sort();
    found
}

fn verify_json(package: &Path) -> serde_json::Value {
    let output = leapfrog()
        .args(["verify", "--json"])
        .arg(package)
        .output()
        .unwrap();
    let report = support::json(&output);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}: {report}",
        package.display()
    );
    report
}

/// Exports `pkg` in the 2025-09 format to `sum` in a fresh folder, which must succeed: the
/// folder and what export printed.
fn export_2025_09(pkg: &support::TempPackage) -> (tempfile::TempDir, std::process::Output) {
    let out = tempfile::tempdir().unwrap();
    let output = leapfrog()
        .args(["export", &pkg.arg(), "--format", "2025-09"])
        .arg(out.path().join("sum"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    (out, output)
}

#[test]
fn a_2025_09_export_writes_the_constants_into_its_rust_validators() {
    if !support::installed(&["rustc"]) {
        return;
    }
    let pkg = rust_constants_package();
    let source = verify_json(pkg.path());
    let (out, output) = export_2025_09(&pkg);
    let dest = out.path().join("sum");
    // One note per Rust source it changed, naming the program and the constants it got.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let notes: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("wrote the constants"))
        .collect();
    assert_eq!(notes.len(), 2, "{stderr}");
    for (program, names) in [
        ("input_validators/validate.rs", "MAX"),
        ("output_validator/check.rs", "SLACK"),
    ] {
        let wrote = format!(": {program}: wrote the constants {names} into the Rust source (");
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with("note: ") && n.contains(&wrote)),
            "{stderr}"
        );
    }

    // The shipped sources hold the values, and Rust's own braces as they were written.
    let validator = text(&dest.join("input_validators/validate/validate.rs"));
    assert!(validator.contains("let limit: u64 = 50;"), "{validator}");
    assert!(
        validator.contains(r#"format!("{{{}}}", limit) != "{50}" || format!("{{}}{{LIMIT}}")"#),
        "{validator}"
    );
    assert_eq!(
        validator,
        CONSTANT_INPUT_VALIDATOR.replace("{{MAX}}", "50"),
        "only the constant changed"
    );
    let checker = text(&dest.join("output_validator/check.rs"));
    assert_eq!(checker, CONSTANT_OUTPUT_VALIDATOR.replace("{{SLACK}}", "1"));
    // The 2025-09 format keeps the key: its judges substitute the files the export did not.
    let problem: serde_yaml_ng::Value =
        serde_yaml_ng::from_str(&text(&dest.join("problem.yaml"))).unwrap();
    assert_eq!(
        problem["constants"]["MAX"].as_i64(),
        Some(50),
        "{problem:?}"
    );
    assert!(text(&dest.join("statement/problem.en.md")).contains("{{MAX}}"));

    // The export judges as the source does: the same verdicts, test by test, and the input
    // validator still rejects the input over the bound (else verify fails).
    let exported = verify_json(&dest);
    assert_eq!(verdicts(&exported), verdicts(&source));
    let off_by_one = verdicts(&source)
        .into_iter()
        .find(|(name, _, _)| name.contains("off_by_one"))
        .unwrap();
    assert_eq!(off_by_one.1, "\"AC\"", "SLACK did not reach the checker");
}

/// The answer validator of [`rust_answer_constants_package`]: an answer is one line with a
/// number no smaller than either addend and at most the constant `MAX_SUM`. Without the
/// constant written in, `{{MAX_SUM}}` is a block naming the constant being defined, which
/// rustc refuses.
const CONSTANT_ANSWER_VALIDATOR: &str = r#"use std::io::Read;
const MAX_SUM: u64 = {{MAX_SUM}};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let input = std::fs::read_to_string(&args[1]).unwrap();
    let addends: Vec<u64> = input.split_whitespace().map(|p| p.parse().unwrap()).collect();
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let reason = match text.strip_suffix('\n').map(str::parse::<u64>) {
        Some(Ok(sum)) if sum > MAX_SUM => format!("{sum} is over MAX_SUM ({MAX_SUM})"),
        Some(Ok(sum)) if addends.iter().any(|&a| a > sum) => format!("{sum} is under an addend"),
        Some(Ok(_)) => std::process::exit(42),
        _ => "expected one line with a number".to_string(),
    };
    println!("{reason}");
    std::process::exit(43);
}
"#;

/// A 2025-09 sum problem whose one answer validator is a Rust program bounded by the constant
/// `MAX_SUM` (100): `data/invalid_answer/over` (110) must be rejected, which only the bound
/// does (110 is the sum of its input).
fn rust_answer_constants_package() -> support::TempPackage {
    let pkg = support::TempPackage::sum(1.0, 256, 2);
    pkg.write(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\nuuid: 0b7e3c52-8d4a-4f19-b6e2-5a9c1d3f7e80\nlimits:\n  time_limit: 1\n  memory: 256\nconstants:\n  MAX_SUM: 100\n",
    );
    pkg.write("answer_validators/bound.rs", CONSTANT_ANSWER_VALIDATOR);
    pkg.write("data/invalid_answer/over.in", "60 50\n");
    pkg.write("data/invalid_answer/over.ans", "110\n");
    let sum = |extra: u32| format!("a, b = map(int, input().split())\nprint(a + b + {extra})\n");
    pkg.write("submissions/accepted/exact.py", &sum(0));
    pkg.write("submissions/wrong_answer/off_by_one.py", &sum(1));
    pkg
}

/// `validate` on a package: its exit code and what it printed.
fn validate(package: &Path) -> (i32, String) {
    support::run(&["validate", package.to_str().unwrap()])
}

#[test]
fn a_2025_09_export_writes_the_constants_into_its_rust_answer_validators() {
    if !support::installed(&["rustc", "python3"]) {
        return;
    }
    let pkg = rust_answer_constants_package();
    let (out, output) = export_2025_09(&pkg);
    let dest = out.path().join("sum");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            ": answer_validators/bound.rs: wrote the constants MAX_SUM into the Rust source ("
        ),
        "{stderr}"
    );

    // The shipped source holds the value and nothing else changed.
    let program = dest.join("answer_validators/bound");
    assert_eq!(
        text(&program.join("bound.rs")),
        CONSTANT_ANSWER_VALIDATOR.replace("{{MAX_SUM}}", "100")
    );
    // The shipped program, as a judge without rustc runs it, refuses the answer over the bound
    // and takes a fitting one.
    let shipped = |input: &Path, answer: &str| {
        let mut child = std::process::Command::new(program.join("run"))
            .arg(input)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(answer.as_bytes())
            .unwrap();
        let done = child.wait_with_output().unwrap();
        (
            done.status.code(),
            String::from_utf8_lossy(&done.stdout).into_owned(),
        )
    };
    let over = dest.join("data/invalid_answer/over.in");
    assert_eq!(
        shipped(&over, "110\n"),
        (Some(43), "110 is over MAX_SUM (100)\n".to_string())
    );
    assert_eq!(shipped(&over, "100\n").0, Some(42));

    // Judged from the source and from the export, the submissions get the same verdicts.
    assert_eq!(
        verdicts(&verify_json(&dest)),
        verdicts(&verify_json(pkg.path()))
    );

    // Both validate every answer and see the over-bound answer rejected; an answer under the
    // bound in invalid_answer/ is then let through by both, so the bound is the same.
    for package in [pkg.path(), dest.as_path()] {
        let (code, said) = validate(package);
        assert_eq!(code, 0, "{}: {said}", package.display());
        assert!(said.contains("1 answer validator"), "{said}");
        std::fs::write(package.join("data/invalid_answer/fits.in"), "30 40\n").unwrap();
        std::fs::write(package.join("data/invalid_answer/fits.ans"), "70\n").unwrap();
        let (code, said) = validate(package);
        assert_eq!(code, 1, "{}: {said}", package.display());
        assert!(
            said.contains("invalid_answer/fits.in: every answer validator"),
            "{said}"
        );
        assert!(!said.contains("over.in"), "{said}");
    }
}
