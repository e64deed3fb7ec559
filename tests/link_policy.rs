//! The link policy (issue 40): a hostile package, contest or submission whose links (or `..`
//! paths) lead out of it to a file the judge may read and its reader may not. Each case plants
//! a secret outside, then checks that the judge refuses, naming the link and where it points,
//! and that the secret shows up in nothing the judge printed or wrote.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use crate::support::guard::Guard;
use crate::support::{TempPackage, installed};

const MARKER: &str = "SECRET-MARKER-40";

/// A folder outside every package, holding `secret.in`, `secret.ans` and `secret.txt` with
/// the marker (removed on drop).
fn outside() -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("leapfrog-outside-")
        .tempdir()
        .unwrap();
    for name in ["secret.in", "secret.ans", "secret.txt"] {
        std::fs::write(dir.path().join(name), format!("{MARKER}\n")).unwrap();
    }
    dir
}

/// `leapfrog ARGS` under a [`Guard`]: exit code, stdout and stderr together. `verify` and
/// `judge` must leave the trees they are given (the package, a submission) as they found
/// them; `generate` and `export` write where they are told, so only the temporary directory,
/// the cache and the caller's files are watched then.
fn run(args: &[&str]) -> (i32, String) {
    let reads_only = matches!(args.first(), Some(&"verify" | &"judge"));
    let given: Vec<&Path> = match reads_only {
        true => args[1..]
            .iter()
            .map(Path::new)
            .filter(|p| p.exists())
            .collect(),
        false => Vec::new(),
    };
    let guard = Guard::over(&given);
    let out = guard.command().args(args).output().unwrap();
    guard.finish();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// No file below `dir` holds the marker.
fn no_copy_below(dir: &Path) {
    for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
        if entry.file_type().is_file() {
            let bytes = std::fs::read(entry.path()).unwrap_or_default();
            let text = String::from_utf8_lossy(&bytes);
            assert!(
                !text.contains(MARKER),
                "{} holds the secret",
                entry.path().display()
            );
        }
    }
}

/// Links `at` (in the package) to `file` of the outside directory `secret`.
fn link_out(pkg: &TempPackage, secret: &tempfile::TempDir, file: &str, at: &str) {
    symlink(secret.path().join(file), pkg.path().join(at)).unwrap();
}

/// `leapfrog COMMAND PKG` refuses the link `link` out of the package to `target`.
fn refuses(command: &str, pkg: &TempPackage, link: &str, target: &Path) {
    let (code, text) = run(&[command, &pkg.arg()]);
    refused(code, &text, link, target);
}

/// The secret, refused: exit 2, the link and its target named, the marker nowhere.
fn refused(code: i32, text: &str, link: &str, target: &Path) {
    assert_eq!(code, 2, "{text}");
    assert!(text.contains(link), "the link {link} is not named:\n{text}");
    let target = target.display().to_string();
    assert!(text.contains(&target), "{target} is not named:\n{text}");
    assert!(!text.contains(MARKER), "the secret was read:\n{text}");
}

#[test]
fn a_test_file_linked_out_of_the_package_is_refused() {
    let secret = outside();
    let pkg = TempPackage::sum(1.0, 256, 1);
    link_out(&pkg, &secret, "secret.in", "data/secret/02.in");
    pkg.write("data/secret/02.ans", "3\n");
    refuses("verify", &pkg, "data/secret/02.in", secret.path());
    // An answer alone linked out is refused too.
    std::fs::remove_file(pkg.path().join("data/secret/02.in")).unwrap();
    pkg.write("data/secret/02.in", "1 2\n");
    std::fs::remove_file(pkg.path().join("data/secret/02.ans")).unwrap();
    link_out(&pkg, &secret, "secret.ans", "data/secret/02.ans");
    refuses("verify", &pkg, "data/secret/02.ans", secret.path());
}

#[test]
fn a_folder_of_tests_linked_out_of_the_package_is_refused() {
    let secret = outside();
    let pkg = TempPackage::sum(1.0, 256, 1);
    symlink(secret.path(), pkg.path().join("data/secret/stolen")).unwrap();
    refuses("verify", &pkg, "data/secret/stolen", secret.path());
}

#[test]
fn links_inside_the_package_are_followed() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    symlink("01.in", pkg.path().join("data/secret/02.in")).unwrap();
    symlink("01.ans", pkg.path().join("data/secret/02.ans")).unwrap();
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let (code, text) = run(&["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{text}");
}

#[test]
fn a_link_in_a_tests_files_folder_out_of_the_package_is_refused() {
    let secret = outside();
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("data/secret/01.files/fine.txt", "ok\n");
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    link_out(
        &pkg,
        &secret,
        "secret.txt",
        "data/secret/01.files/stolen.txt",
    );
    refuses("verify", &pkg, "01.files/stolen.txt", secret.path());
}

/// A package whose generators.yaml copies one test from `copy` (relative to generators/).
fn copying_package(copy: &str) -> TempPackage {
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "generators/generators.yaml",
        &format!(
            "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      stolen:\n        copy: {copy}\n"
        ),
    );
    pkg
}

#[test]
fn a_copy_key_out_of_the_package_is_refused() {
    let secret = outside();
    // Through a link inside generators/ …
    let pkg = copying_package("manual/stolen");
    std::fs::create_dir_all(pkg.path().join("generators/manual")).unwrap();
    for ext in ["in", "ans"] {
        let link = pkg.path().join(format!("generators/manual/stolen.{ext}"));
        symlink(secret.path().join(format!("secret.{ext}")), link).unwrap();
    }
    let (code, text) = run(&["generate", &pkg.arg()]);
    refused(code, &text, "manual/stolen.in", secret.path());
    assert!(text.contains("key 'copy'"), "{text}");
    no_copy_below(&pkg.path().join("data"));
    // … and through `..` alone.
    let pkg = copying_package("");
    let up = pathdiff(secret.path(), &pkg.path().join("generators")).join("secret");
    let plan = std::fs::read_to_string(pkg.path().join("generators/generators.yaml")).unwrap();
    let plan = plan.replace("copy: ", &format!("copy: {}", up.display()));
    pkg.write("generators/generators.yaml", &plan);
    refuses("generate", &pkg, "key 'copy'", secret.path());
    no_copy_below(&pkg.path().join("data"));
}

/// `to` written relative to `from` (both absolute): `../../x`.
fn pathdiff(to: &Path, from: &Path) -> PathBuf {
    let ups = from.components().count() - 1;
    let mut rel = PathBuf::new();
    for _ in 0..ups {
        rel.push("..");
    }
    rel.join(to.strip_prefix("/").unwrap())
}

#[test]
fn a_contest_id_out_of_the_contest_is_refused() {
    let victim = TempPackage::sum(1.0, 256, 1);
    victim.write("data/secret/01.ans", &format!("{MARKER}\n"));
    let contest = tempfile::Builder::new()
        .prefix("leapfrog-contest-")
        .tempdir()
        .unwrap();
    let own = contest.path().join("a");
    std::fs::create_dir_all(own.join("data/sample")).unwrap();
    std::fs::write(own.join("problem.yaml"), "name: A\n").unwrap();
    let id = pathdiff(victim.path(), contest.path());
    let listed = format!("- id: a\n  label: A\n- id: {}\n  label: B\n", id.display());
    std::fs::write(contest.path().join("problems.yaml"), listed).unwrap();
    let out = contest.path().join("out");
    let (code, text) = run(&[
        "export",
        contest.path().to_str().unwrap(),
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("problems.yaml"), "{text}");
    assert!(text.contains(&id.display().to_string()), "{text}");
    no_copy_below(contest.path());
}

#[test]
fn a_directory_submissions_link_out_of_it_is_not_compiled_in() {
    let secret = outside();
    std::fs::write(
        secret.path().join("helper.py"),
        format!("SECRET = '{MARKER}'\n"),
    )
    .unwrap();
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "submissions/scratch/dir/main.py",
        "import helper\nprint(helper.SECRET)\n",
    );
    let link = pkg.path().join("submissions/scratch/dir/helper.py");
    symlink(secret.path().join("helper.py"), &link).unwrap();
    let dir = pkg.path().join("submissions/scratch/dir");
    let (code, text) = run(&["judge", &pkg.arg(), dir.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("\"CE\""), "{text}");
    assert!(text.contains("dir/helper.py"), "{text}");
    assert!(!text.contains(MARKER), "the secret was read:\n{text}");
}

#[test]
fn a_single_file_submission_linked_out_of_reach_is_not_quoted() {
    if !installed(&["g++"]) {
        eprintln!("skipped: g++ is not installed");
        return;
    }
    let secret = outside();
    let pkg = TempPackage::sum(1.0, 256, 1);
    let link = pkg.path().join("submissions/scratch/sol.cpp");
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    // Named as a source, so that a compiler reading it quotes the line it cannot parse.
    let target = secret.path().join("secret.cpp");
    std::fs::write(&target, format!("{MARKER} x;\n")).unwrap();
    symlink(&target, &link).unwrap();
    let (code, text) = run(&["judge", &pkg.arg(), link.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("\"CE\""), "{text}");
    assert!(text.contains("scratch/sol.cpp"), "{text}");
    assert!(!text.contains(MARKER), "the secret was quoted:\n{text}");
}

#[test]
fn a_header_beside_a_single_file_submission_linked_out_is_not_compiled_in() {
    if !installed(&["g++"]) {
        eprintln!("skipped: g++ is not installed");
        return;
    }
    let secret = outside();
    std::fs::write(
        secret.path().join("secret.h"),
        format!("const char *SECRET = \"{MARKER}\";\n"),
    )
    .unwrap();
    let pkg = TempPackage::sum(1.0, 256, 1);
    let sol = pkg.write(
        "submissions/scratch/sol.cpp",
        "#include <cstdio>\n#include \"secret.h\"\nint main() { std::puts(SECRET); }\n",
    );
    link_out(&pkg, &secret, "secret.h", "submissions/scratch/secret.h");
    // Outside the sandbox, where a build copies the headers beside a single file with it.
    let (code, text) = run(&[
        "judge",
        &pkg.arg(),
        sol.to_str().unwrap(),
        "--json",
        "--no-sandbox",
    ]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("\"CE\""), "{text}");
    assert!(text.contains("scratch/secret.h"), "{text}");
    assert!(!text.contains(MARKER), "the secret was read:\n{text}");
}

/// `leapfrog export PKG --format FORMAT DEST` in every format: each refuses the link out,
/// naming it and where it points, and writes nothing that holds the secret.
fn every_export_refuses(pkg: &TempPackage, link: &str, target: &Path) {
    for format in ["legacy", "2025-09", "domjudge"] {
        let out = tempfile::tempdir().unwrap();
        let dest = out.path().join("sum");
        let (code, text) = run(&[
            "export",
            &pkg.arg(),
            "--format",
            format,
            dest.to_str().unwrap(),
        ]);
        refused(code, &text, link, target);
        no_copy_below(out.path());
    }
}

#[test]
fn an_export_refuses_a_link_out_of_the_package() {
    let secret = outside();
    // A test file …
    let pkg = TempPackage::sum(1.0, 256, 1);
    link_out(&pkg, &secret, "secret.ans", "data/secret/02.ans");
    pkg.write("data/secret/02.in", "1 2\n");
    every_export_refuses(&pkg, "data/secret/02.ans", secret.path());
    // … a validator's source …
    let pkg = TempPackage::sum(1.0, 256, 1);
    std::fs::remove_file(pkg.path().join("input_validators/validate.py")).unwrap();
    link_out(&pkg, &secret, "secret.txt", "input_validators/validate.py");
    every_export_refuses(&pkg, "input_validators/validate.py", secret.path());
    // … and a statement's picture.
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("problem_statement/problem.en.md", "# Sum\n\nAdd them.\n");
    link_out(&pkg, &secret, "secret.txt", "problem_statement/notes.txt");
    every_export_refuses(&pkg, "problem_statement/notes.txt", secret.path());
}

#[test]
fn an_export_copies_a_link_inside_the_package_as_a_file() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    std::fs::create_dir_all(pkg.path().join("submissions/wrong_answer")).unwrap();
    pkg.write(
        "shared/plus.py",
        "a, b = map(int, input().split())\nprint(a - b)\n",
    );
    symlink(
        "../../shared/plus.py",
        pkg.path().join("submissions/wrong_answer/minus.py"),
    )
    .unwrap();
    for format in ["legacy", "2025-09"] {
        let out = tempfile::tempdir().unwrap();
        let dest = out.path().join("sum");
        let (code, text) = run(&[
            "export",
            &pkg.arg(),
            "--format",
            format,
            dest.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{text}");
        let copied = dest.join("submissions/wrong_answer/minus.py");
        let meta = std::fs::symlink_metadata(&copied).unwrap();
        assert!(meta.file_type().is_file(), "{format}: not a plain file");
        assert!(std::fs::read_to_string(&copied).unwrap().contains("a - b"));
    }
}

#[test]
fn an_export_follows_a_link_to_the_shared_checkers_only() {
    // The export generates the package's data first, with its Rust validator: where this user
    // cannot reach rustc (an unprivileged judge, rustup under /root), there is nothing to test.
    if !installed(&["rustc"]) {
        return;
    }
    // The setter's layout: problems/hops links its checker from checkers/ beside problems/.
    let repo = crate::setter_support::FixtureRepo::new();
    let hops = repo.problem("hops");
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("hops");
    let (code, text) = run(&[
        "export",
        hops.to_str().unwrap(),
        "--format",
        "2025-09",
        dest.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    let checker = dest.join("output_validator/hops.rs");
    let meta = std::fs::symlink_metadata(&checker).unwrap();
    assert!(meta.file_type().is_file(), "{}", checker.display());
    let original = std::fs::read(repo.path().join("checkers/hops.rs")).unwrap();
    assert_eq!(std::fs::read(&checker).unwrap(), original);
    // Anywhere else in the repository is out of bounds.
    repo.write("private/notes.txt", &format!("{MARKER}\n"));
    symlink(
        "../../../private/notes.txt",
        hops.join("problem_statement/notes.txt"),
    )
    .unwrap();
    let dest = out.path().join("again");
    let (code, text) = run(&[
        "export",
        hops.to_str().unwrap(),
        "--format",
        "legacy",
        dest.to_str().unwrap(),
    ]);
    refused(
        code,
        &text,
        "problem_statement/notes.txt",
        Path::new("../../../private/notes.txt"),
    );
    no_copy_below(out.path());
}

#[test]
fn a_contest_yaml_linked_out_of_the_contest_is_not_exported() {
    let secret = outside();
    let contest = tempfile::Builder::new()
        .prefix("leapfrog-contest-")
        .tempdir()
        .unwrap();
    let own = contest.path().join("a");
    std::fs::create_dir_all(own.join("data/sample")).unwrap();
    std::fs::write(own.join("data/sample/1.in"), "1 2\n").unwrap();
    std::fs::write(own.join("data/sample/1.ans"), "3\n").unwrap();
    std::fs::write(own.join("problem.yaml"), "name: A\n").unwrap();
    symlink(
        secret.path().join("secret.txt"),
        contest.path().join("contest.yaml"),
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("dj");
    let (code, text) = run(&[
        "export",
        contest.path().to_str().unwrap(),
        dest.to_str().unwrap(),
    ]);
    refused(code, &text, "contest.yaml", secret.path());
    no_copy_below(out.path());
}

// The jury's programs: their sources are read as root (copied into a build, hashed, given to a
// compiler), so the policy holds for them too; a link inside the package still works.

/// `helper.py` outside every package: a module whose `SECRET` is the marker.
fn outside_helper() -> tempfile::TempDir {
    let secret = outside();
    std::fs::write(
        secret.path().join("helper.py"),
        format!("SECRET = '{MARKER}'\n"),
    )
    .unwrap();
    secret
}

/// An accepted submission, so that `verify` has something to judge: a validator it could not
/// prepare would then be a warning and exit 0, and only a refusal exits 2.
fn accepted(pkg: &TempPackage) {
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
}

/// An input validator folder `input_validators/v/` whose `main.py` rejects every input with
/// what `helper.py` (beside it, written by the caller) holds: a secret read through a link
/// would be printed with the rejection.
fn validator_folder(pkg: &TempPackage) {
    accepted(pkg);
    std::fs::remove_file(pkg.path().join("input_validators/validate.py")).unwrap();
    pkg.write(
        "input_validators/v/main.py",
        "import sys\nimport helper\nprint(helper.SECRET)\nsys.exit(43 if helper.SECRET != 'ok' else 42)\n",
    );
}

#[test]
fn a_validator_folders_link_out_of_the_package_is_refused() {
    let secret = outside_helper();
    let pkg = TempPackage::sum(1.0, 256, 1);
    validator_folder(&pkg);
    link_out(&pkg, &secret, "helper.py", "input_validators/v/helper.py");
    refuses(
        "verify",
        &pkg,
        "input_validators/v/helper.py",
        secret.path(),
    );
}

#[test]
fn a_header_beside_a_validator_linked_out_of_the_package_is_refused() {
    if !installed(&["g++"]) {
        eprintln!("skipped: g++ is not installed");
        return;
    }
    let secret = outside();
    std::fs::write(
        secret.path().join("secret.h"),
        format!("const char *SECRET = \"{MARKER}\";\n"),
    )
    .unwrap();
    let pkg = TempPackage::sum(1.0, 256, 1);
    accepted(&pkg);
    std::fs::remove_file(pkg.path().join("input_validators/validate.py")).unwrap();
    pkg.write(
        "input_validators/validate.cpp",
        "#include <cstdio>\n#include \"secret.h\"\nint main() { std::puts(SECRET); return 43; }\n",
    );
    link_out(&pkg, &secret, "secret.h", "input_validators/secret.h");
    refuses("verify", &pkg, "input_validators/secret.h", secret.path());
}

#[test]
fn an_output_validator_linked_out_of_the_package_is_refused() {
    let secret = outside();
    std::fs::write(
        secret.path().join("check.py"),
        format!("import sys\nprint('{MARKER}')\nsys.exit(43)\n"),
    )
    .unwrap();
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: custom\nlimits:\n  time_limit: 1.0\n  memory: 256\n  output: 1\n",
    );
    accepted(&pkg);
    std::fs::create_dir_all(pkg.path().join("output_validators")).unwrap();
    link_out(&pkg, &secret, "check.py", "output_validators/check.py");
    refuses("verify", &pkg, "output_validators/check.py", secret.path());
}

#[test]
fn a_generator_folders_link_out_of_the_package_is_refused() {
    let secret = outside_helper();
    let pkg = TempPackage::sum(1.0, 256, 0);
    accepted(&pkg);
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      stolen: gen\n",
    );
    pkg.write(
        "generators/gen/main.py",
        "import helper\nprint(helper.SECRET)\n",
    );
    link_out(&pkg, &secret, "helper.py", "generators/gen/helper.py");
    refuses("generate", &pkg, "generators/gen/helper.py", secret.path());
    no_copy_below(&pkg.path().join("data"));
}

#[test]
fn an_included_file_linked_out_of_the_package_is_refused() {
    let secret = outside_helper();
    let pkg = TempPackage::sum(1.0, 256, 1);
    std::fs::create_dir_all(pkg.path().join("include/python3")).unwrap();
    link_out(&pkg, &secret, "helper.py", "include/python3/helper.py");
    accepted(&pkg);
    pkg.write(
        "submissions/wrong_answer/leak.py",
        "import helper\nprint(helper.SECRET)\n",
    );
    refuses("verify", &pkg, "include/python3/helper.py", secret.path());
}

#[test]
fn a_jury_programs_link_inside_the_package_is_followed() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    validator_folder(&pkg);
    pkg.write("shared/helper.py", "SECRET = 'ok'\n");
    symlink(
        "../../shared/helper.py",
        pkg.path().join("input_validators/v/helper.py"),
    )
    .unwrap();
    let (code, text) = run(&["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{text}");
}
