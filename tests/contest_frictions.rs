//! What a new user met while making a package, each mended and shown here: data checked before
//! it is used, generators stopped by a limit that is named, report paths checked first, clear
//! messages for bad flag values and patterns, validators' tracebacks naming the package's file,
//! huge samples kept out of pages, and `generate`'s short summary.

use crate::support::{TempPackage, leapfrog};

fn text(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn sum_with_accepted(secret: usize) -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, secret);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg
}

#[test]
fn verify_checks_the_data_first_and_remembers_a_clean_check() {
    let pkg = sum_with_accepted(3);
    // Outside the package: a file written into it would change the package.
    let logs = tempfile::tempdir().unwrap();
    // The validator runs as the package's jury user, never as the judge's: it may write here.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(logs.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let log = logs.path().join("validator-runs.log");
    // The validator notes every run, so the test sees whether the check ran again.
    pkg.write(
        "input_validators/validate.py",
        &format!(
            "import sys\nopen({:?}, 'a').write('run\\n')\nparts = sys.stdin.read().split()\nif len(parts) != 2 or not all(p.isdigit() for p in parts):\n    print('expected two non-negative integers')\n    sys.exit(43)\nsys.exit(42)\n",
            log.display().to_string()
        ),
    );
    let out = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let runs = std::fs::read_to_string(&log).unwrap().lines().count();
    assert_eq!(runs, 4, "one validator run per test (1 sample, 3 secret)");
    let out = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let again = std::fs::read_to_string(&log).unwrap().lines().count();
    assert_eq!(again, runs, "an unchanged package is not checked again");

    // An input the validator rejects stops verify before anything is judged.
    pkg.write("data/secret/09.in", "1 x\n");
    pkg.write("data/secret/09.ans", "0\n");
    let out = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let said = text(&out);
    assert!(said.contains("invalid before judging"), "{said}");
    assert!(said.contains("data/secret/09.in"), "{said}");
    assert!(
        said.contains("expected two non-negative integers"),
        "{said}"
    );
}

#[test]
fn judge_says_beside_the_verdict_that_the_input_is_invalid() {
    let pkg = TempPackage::sum(2.0, 256, 1);
    pkg.write("data/secret/02.in", "-4 x\n");
    pkg.write("data/secret/02.ans", "0\n");
    let crash = pkg.write(
        "crash.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let out = leapfrog()
        .args(["judge", &pkg.arg(), crash.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .position(|l| l.contains("secret/02") && l.contains("RTE"))
        .unwrap_or_else(|| panic!("{stdout}"));
    let next = stdout.lines().nth(line + 1).unwrap();
    assert!(
        next.contains("is INVALID") && next.contains("02.in"),
        "{stdout}"
    );
}

#[test]
fn an_answer_without_an_input_is_an_error_naming_both() {
    let pkg = sum_with_accepted(1);
    pkg.write("data/secret/1.ans", "3\n");
    let out = leapfrog()
        .args([
            "judge",
            &pkg.arg(),
            pkg.path()
                .join("submissions/accepted/sum.py")
                .to_str()
                .unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("secret/1.ans") && said.contains("secret/1.in"),
        "{said}"
    );
    let out = leapfrog().args(["validate", &pkg.arg()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).contains("answer file has no test input"),
        "{}",
        text(&out)
    );
}

/// A package whose generator is `source` (Python), with a limit of 1 s for judges' programs.
fn with_generator(source: &str) -> TempPackage {
    let pkg = sum_with_accepted(0);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: default\nlimits:\n  time_limit: 2\n  validation_time: 1\n",
    );
    pkg.write("generators/gen.py", source);
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      - one: gen.py {seed}\n",
    );
    pkg
}

#[test]
fn a_generator_that_loops_forever_is_stopped_by_a_named_limit() {
    let pkg = with_generator("while True:\n    pass\n");
    let out = leapfrog().args(["generate", &pkg.arg()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let said = text(&out);
    assert!(said.contains("time limit of judges' programs"), "{said}");
    assert!(said.contains("limits.validation_time"), "{said}");
}

#[test]
fn generate_prints_a_summary_and_warns_without_validators() {
    let pkg = with_generator("import sys\nprint(int(sys.argv[1]) % 100, 1)\n");
    std::fs::remove_dir_all(pkg.path().join("input_validators")).unwrap();
    let out = leapfrog().args(["generate", &pkg.arg()]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.lines().count() <= 2,
        "a summary, not a line per answer: {stdout}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no input validators"), "{stderr}");
}

/// `--report` makes the page's folder when it is missing (issue 43 asked for it; issue 30 had
/// refused such a path), and a path no page can be written at is still refused before anything
/// is judged.
#[test]
fn a_report_path_is_checked_before_verify_runs_and_its_folder_is_made() {
    let pkg = sum_with_accepted(1);
    let missing = pkg.path().join("nonexistent/dir/r.html");
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--report", missing.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(missing.is_file());
    pkg.write("blocker", "a file, where the page's folder would be\n");
    let blocked = pkg.path().join("blocker/r.html");
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--report", blocked.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let said = text(&out);
    assert!(said.contains("cannot write the page there"), "{said}");
    assert!(!said.contains("submission"), "nothing was judged: {said}");
}

#[test]
fn negative_numbers_and_bad_patterns_get_plain_messages() {
    let pkg = sum_with_accepted(1);
    for (flag, value, expected) in [
        ("--jobs", "-1", "give a whole number from 1 to 256"),
        ("--memory-limit", "-5", "positive whole number of MiB"),
        ("--tests", "[", "invalid pattern"),
    ] {
        let out = leapfrog()
            .args(["verify", &pkg.arg(), flag, value])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", text(&out));
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains(expected), "{flag} {value}: {said}");
        assert!(!said.contains("'-- "), "no tip to use --: {said}");
    }
}

#[test]
fn a_validators_traceback_names_the_packages_own_file() {
    let pkg = sum_with_accepted(1);
    pkg.write(
        "input_validators/validate.py",
        "import sys\n\ndef check(text):\n    return int(text.split()[5])\n\ncheck(sys.stdin.read())\n",
    );
    let out = leapfrog().args(["validate", &pkg.arg()]).output().unwrap();
    assert_ne!(out.status.code(), Some(0));
    let said = text(&out);
    let own = pkg.path().join("input_validators/validate.py");
    assert!(said.contains(&own.display().to_string()), "{said}");
    assert!(!said.contains("leapfrog-cache/build"), "{said}");
}

#[test]
fn a_huge_sample_stays_out_of_the_statement_page_and_the_zip_with_a_warning() {
    let pkg = sum_with_accepted(1);
    pkg.write("problem_statement/problem.en.md", "# Sum\n\nAdd.\n");
    let big = "1 2\n".repeat(400_000);
    pkg.write("data/sample/2.in", &big);
    pkg.write("data/sample/2.ans", "3\n");
    let page = pkg.path().join("page.html");
    let out = leapfrog()
        .args(["statement", &pkg.arg(), "-o", page.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("over the 1 MiB shown in statements"),
        "{}",
        text(&out)
    );
    assert!(std::fs::metadata(&page).unwrap().len() < 200_000);
    let dest = tempfile::tempdir().unwrap();
    let out = leapfrog()
        .args([
            "export",
            &pkg.arg(),
            "--format",
            "domjudge",
            dest.path().join("dj").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("DOMjudge zip's problem.html"),
        "{}",
        text(&out)
    );
}
