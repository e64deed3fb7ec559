//! A setter's mistakes that used to pass silently or with a message that left out what was
//! needed (issue 43): each is now named with its file, key or line, and the exit code says
//! whether the package can be used.
use crate::support::{self, TempPackage, fixture_path, run_in};

fn sum_with_accepted() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 2);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg
}

/// A copy of the fixture package `name` in a fresh folder.
fn fixture_copy(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join(name);
    crate::setter_support::copy_tree(&fixture_path(name), &package);
    (dir, package)
}

#[test]
fn an_input_validator_that_does_not_compile_stops_verify() {
    if !support::installed(&["g++"]) {
        return;
    }
    let pkg = sum_with_accepted();
    std::fs::remove_file(pkg.path().join("input_validators/validate.py")).unwrap();
    pkg.write(
        "input_validators/validate.cpp",
        "int main() {\n  return undeclared_name;\n}\n",
    );
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("validate.cpp does not compile"), "{said}");
    assert!(
        said.contains("undeclared_name"),
        "the compiler's words: {said}"
    );
    assert!(
        !said.contains("warning: the test data is not checked"),
        "{said}"
    );
}

#[test]
fn a_limit_at_the_top_of_problem_yaml_is_refused_naming_key_line_and_place() {
    let pkg = sum_with_accepted();
    pkg.write(
        "problem.yaml",
        "name: Sum\nmemory: 512\nlimits:\n  time_limit: 2\n",
    );
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("problem.yaml:2"), "{said}");
    assert!(
        said.contains("`memory`") && said.contains("limits:"),
        "{said}"
    );
    // Spelt as DOMjudge spells its settings, it is the same limit in the wrong place.
    pkg.write("problem.yaml", "name: Sum\ntimelimit: 3\n");
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("problem.yaml:2"), "{said}");
    assert!(
        said.contains("`timelimit` is a limit") && said.contains("{time_limit: ...}"),
        "{said}"
    );
}

#[test]
fn a_submissions_glob_that_matches_nothing_is_named() {
    let pkg = sum_with_accepted();
    pkg.write(
        "submissions/submissions.yaml",
        "accepted/sum.py:\n  permitted: [AC]\nacepted/*:\n  permitted: [AC, WA]\n",
    );
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("submissions.yaml:3: the glob `acepted/*` matches no file"),
        "{said}"
    );
    assert!(
        !said.contains("`accepted/sum.py` matches no file"),
        "{said}"
    );
}

#[test]
fn a_contest_names_unknown_keys_unlisted_folders_and_bad_lengths_of_time() {
    let work = tempfile::tempdir().unwrap();
    assert_eq!(run_in(work.path(), &["new", "contest", "c"]).0, 0);
    let contest = work.path().join("c");
    for name in ["alpha", "beta"] {
        let (code, said) = run_in(&contest, &["new", "problem", name, "--lang", "python"]);
        assert_eq!(code, 0, "{said}");
    }
    std::fs::write(contest.join("problems.yaml"), "- id: alpha\n  labl: A\n").unwrap();
    let (_, said) = run_in(&contest, &["status", "."]);
    assert!(
        said.contains("problems.yaml:2: unknown key `labl`"),
        "{said}"
    );
    assert!(
        said.contains("problem folder `beta` is not listed"),
        "{said}"
    );

    let yaml = contest.join("contest.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    assert!(text.contains("duration: 5:00:00"), "{text}");
    std::fs::write(
        &yaml,
        text.replace("duration: 5:00:00", "duration: 5 hours"),
    )
    .unwrap();
    let (code, said) = run_in(&contest, &["status", "."]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("contest.yaml:"), "{said}");
    assert!(
        said.contains(
            "duration must be a length of time written h:mm:ss, such as 5:00:00, not 5 hours"
        ),
        "{said}"
    );
}

#[test]
fn verify_shows_the_compilers_words_not_only_its_first_line() {
    if !support::installed(&["g++"]) {
        return;
    }
    let pkg = sum_with_accepted();
    pkg.write(
        "submissions/accepted/broken.cpp",
        "int main() {\n  int x = not_declared_here;\n  return x;\n}\n",
    );
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("In function"), "{said}");
    assert!(
        said.contains("not_declared_here"),
        "the error itself: {said}"
    );
}

#[test]
fn a_failing_accepted_submission_shows_the_checkers_words() {
    let (_dir, pkg) = fixture_copy("quarters");
    std::fs::copy(
        pkg.join("submissions/wrong_answer/rounded.py"),
        pkg.join("submissions/accepted/bad.py"),
    )
    .unwrap();
    let (code, said) = run_in(&pkg, &["verify", pkg.to_str().unwrap()]);
    assert_eq!(code, 1, "{said}");
    let row = said
        .lines()
        .find(|l| l.contains("accepted/bad.py"))
        .unwrap();
    assert!(row.contains("beyond the tolerance"), "{row}");
    assert!(row.contains("does not permit"), "{row}");
}

#[test]
fn tests_matching_nothing_is_one_usage_error() {
    let pkg = sum_with_accepted();
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg(), "--tests", "nothing*"]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("matches --tests 'nothing*'"), "{said}");
    assert!(!said.contains("judge error"), "{said}");
    assert_eq!(said.matches("error").count(), 1, "one message: {said}");
}

#[test]
fn a_time_multiplier_below_one_says_what_is_allowed() {
    let pkg = sum_with_accepted();
    pkg.write(
        "problem.yaml",
        "name: Sum\nlimits:\n  time_limit: 2\n  time_multipliers:\n    ac_to_time_limit: 0.5\n",
    );
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("limits.time_multipliers.ac_to_time_limit must be a number of at least 1"),
        "{said}"
    );
    assert!(said.contains("not 0.5"), "{said}");
    assert!(!said.contains("Number("), "{said}");
}

#[test]
fn an_interactive_problem_without_an_interactor_says_so() {
    let (_dir, package) = fixture_copy("guess");
    std::fs::remove_dir_all(package.join("output_validators")).unwrap();
    let (code, said) = run_in(&package, &["verify", package.to_str().unwrap()]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains(
            "interactive problem but no interactor/output validator in output_validators/"
        ),
        "{said}"
    );
}

#[test]
fn status_names_the_statement_folder_of_the_packages_format() {
    let pkg = sum_with_accepted();
    pkg.write(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\nlimits:\n  time_limit: 2\n",
    );
    let (_, said) = run_in(pkg.path(), &["status", &pkg.arg()]);
    let wanted = format!("{}/statement/problem.en.md", pkg.arg());
    assert!(said.contains(&wanted), "{said}");
    assert!(!said.contains("problem_statement"), "{said}");
}

#[test]
fn generate_sums_up_no_answers_for_an_interactive_problem() {
    let (_dir, package) = fixture_copy("guess");
    std::fs::remove_dir_all(package.join("data/secret")).unwrap();
    std::fs::write(
        package.join("generators/generators.yaml"),
        "data:\n  secret:\n    data:\n      a: number.py --seed 1\n      b: number.py --seed 2\n",
    )
    .unwrap();
    let (code, said) = run_in(&package, &["generate", package.to_str().unwrap()]);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("2 tests"), "{said}");
    assert!(!said.contains("answers:"), "{said}");
}

#[test]
fn the_legacy_custom_multi_pass_words_are_read() {
    let (_dir, package) = fixture_copy("relay");
    if !support::installed(&["g++"]) {
        let _ = std::fs::remove_file(package.join("submissions/accepted/letters.cpp"));
    }
    let yaml = package.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    assert!(text.contains("type: multi-pass"), "{text}");
    std::fs::write(
        &yaml,
        text.replace("type: multi-pass", "validation: custom multi-pass"),
    )
    .unwrap();
    let (code, said) = run_in(
        &package,
        &["verify", package.to_str().unwrap(), "--jobs", "2"],
    );
    assert_eq!(code, 0, "{said}");
}

#[test]
fn a_listed_submission_outside_the_specs_folders_gets_only_what_its_entry_permits() {
    const SUM: &str = "a, b = map(int, input().split())\nprint(a + b)\n";
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\ntype: scoring\nlimits:\n  time_limit: 2\n",
    );
    for (group, inputs) in [("small", ["1 2", "3 4"]), ("large", ["100 200", "300 400"])] {
        pkg.write_sum_group(group, &inputs);
    }
    pkg.write("submissions/accepted/sum.py", SUM);
    // Right on small numbers only; its entry permits WA, and 2025-09 has no rule of its own
    // for a folder outside the spec's table.
    pkg.write(
        "submissions/partially_accepted/small.py",
        "a, b = map(int, input().split())\nprint(a + b if a < 10 else 0)\n",
    );
    pkg.write(
        "submissions/submissions.yaml",
        "partially_accepted/small.py:\n  permitted: [AC, WA]\n",
    );
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    assert!(!said.contains("not AC with a partial score"), "{said}");
}

#[test]
fn a_command_given_no_problem_takes_the_package_or_contest_it_is_run_in() {
    let pkg = sum_with_accepted();
    // From the package's root and from a folder inside it.
    for dir in [
        pkg.path().to_path_buf(),
        pkg.path().join("submissions/accepted"),
    ] {
        let (code, said) = run_in(&dir, &["verify"]);
        assert_eq!(code, 0, "in {}: {said}", dir.display());
        assert!(said.contains("1 submission: 1 as expected"), "{said}");
    }
    let (code, said) = run_in(pkg.path(), &["validate"]);
    assert_eq!(code, 0, "{said}");

    let work = tempfile::tempdir().unwrap();
    assert_eq!(run_in(work.path(), &["new", "contest", "c"]).0, 0);
    let contest = work.path().join("c");
    let (code, said) = run_in(&contest, &["new", "problem", "alpha", "--lang", "python"]);
    assert_eq!(code, 0, "{said}");
    let (code, said) = run_in(&contest, &["verify", "--json"]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("\"problems\""),
        "the contest's report: {said}"
    );

    // Outside any package or contest: one usage error saying what to give.
    let (code, said) = run_in(work.path(), &["verify"]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("no PROBLEM given"), "{said}");
}

#[test]
fn a_dangling_link_in_a_package_is_named_with_its_target_and_verify_goes_on() {
    let pkg = sum_with_accepted();
    std::os::unix::fs::symlink(
        "/nonexistent/leapfrog/problem.pdf",
        pkg.path().join("problem.pdf"),
    )
    .unwrap();
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains(
            "problem.pdf is a link to /nonexistent/leapfrog/problem.pdf, which does not exist"
        ),
        "{said}"
    );
}

#[test]
fn a_misspelt_accepted_folder_is_named_with_the_folder_meant() {
    let pkg = TempPackage::sum(2.0, 256, 2);
    pkg.write(
        "submissions/acepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    // Judged by no rule, so not judged at all: verify says why, which folder was meant, and
    // that nothing now shows the problem can be solved.
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("did you mean accepted/?"), "{said}");
    assert!(said.contains("no submission must be accepted"), "{said}");
    // With the folder spelt right, neither is said.
    std::fs::rename(
        pkg.path().join("submissions/acepted"),
        pkg.path().join("submissions/accepted"),
    )
    .unwrap();
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    assert!(!said.contains("did you mean"), "{said}");
    assert!(!said.contains("no submission must be accepted"), "{said}");
}

#[test]
fn a_misspelt_package_folder_or_problem_yml_is_named() {
    let pkg = sum_with_accepted();
    std::fs::rename(
        pkg.path().join("input_validators"),
        pkg.path().join("input_validator"),
    )
    .unwrap();
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("input_validator: no tool reads a folder of this name")
            && said.contains("did you mean input_validators/?"),
        "{said}"
    );
    std::fs::rename(
        pkg.path().join("problem.yaml"),
        pkg.path().join("problem.yml"),
    )
    .unwrap();
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("problem.yml is there, but every format reads problem.yaml"),
        "{said}"
    );
}

#[test]
fn an_answer_named_out_is_named_when_the_ans_is_missing() {
    let pkg = sum_with_accepted();
    pkg.write("data/secret/extra.in", "1 2\n");
    pkg.write("data/secret/extra.out", "3\n");
    let (code, said) = run_in(pkg.path(), &["verify", &pkg.arg()]);
    assert_ne!(code, 0, "{said}");
    assert!(said.contains("extra.ans"), "{said}");
    assert!(
        said.contains("a .out file is there, but every format reads answers from .ans"),
        "{said}"
    );
}
