//! The test model on small packages written here: settings merged down the group chain, each
//! group's own scoring, and the default validator's words checked where they are written.

use super::*;
use crate::Package;
use crate::test_config::InputArgs;

/// A legacy package in a temporary folder with the given files (path, text).
fn package(files: &[(&str, &str)]) -> (tempfile::TempDir, Package) {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let package = Package::open(dir.path().to_str().unwrap()).unwrap();
    (dir, package)
}

const TESTS: [(&str, &str); 6] = [
    ("data/sample/1.in", "1\n"),
    ("data/sample/1.ans", "1\n"),
    ("data/secret/a/1.in", "1\n"),
    ("data/secret/a/1.ans", "1\n"),
    ("data/secret/a/b/2.in", "2\n"),
    ("data/secret/a/b/2.ans", "2\n"),
];

fn with_tests(extra: &[(&str, &str)]) -> (tempfile::TempDir, Package) {
    let mut files = vec![("problem.yaml", "name: T\ntype: scoring\n")];
    files.extend(TESTS);
    files.extend(extra);
    package(&files)
}

#[test]
fn each_setting_comes_from_the_nearest_group_that_sets_it() {
    let (_dir, package) = with_tests(&[
        (
            "data/testdata.yaml",
            "output_validator_flags: float_tolerance 1e-6\ninput_validator_flags: --top\n",
        ),
        (
            "data/secret/a/testdata.yaml",
            "input_validator_flags: --a\n",
        ),
        (
            "data/secret/a/b/testdata.yaml",
            "output_validator_flags: case_sensitive\n",
        ),
    ]);
    let set = package.test_set().unwrap();
    let names: Vec<&str> = set.tests().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["sample/1", "secret/a/1", "secret/a/b/2"]);
    let [sample, a, b] = set.tests() else {
        panic!("three tests")
    };
    let words = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        sample.output_validator_flags,
        words(&["float_tolerance", "1e-6"])
    );
    assert_eq!(
        sample.input_validator_flags,
        InputArgs::All(words(&["--top"]))
    );
    assert_eq!(
        a.output_validator_flags,
        words(&["float_tolerance", "1e-6"])
    );
    assert_eq!(a.input_validator_flags, InputArgs::All(words(&["--a"])));
    assert_eq!(b.output_validator_flags, words(&["case_sensitive"]));
    assert_eq!(b.input_validator_flags, InputArgs::All(words(&["--a"])));
    // The chain runs from the test's folder up to data/.
    let chain: Vec<&str> = set.chain(b).iter().map(|g| g.name.as_str()).collect();
    assert_eq!(chain, ["secret/a/b", "secret/a", "secret", ""]);
    assert_eq!(b.group_chain(), chain);
    assert!(set.kind().scoring);
}

#[test]
fn scoring_and_grader_flags_are_each_groups_own() {
    let (_dir, package) = with_tests(&[
        ("data/testdata.yaml", "grader_flags: ignore_sample\n"),
        (
            "data/secret/a/testdata.yaml",
            "accept_score: 5\nrange: \"0 10\"\ngrader_flags: min first_error\n",
        ),
    ]);
    let set = package.test_set().unwrap();
    let groups = set.groups();
    let a = groups.scoring("secret/a");
    assert_eq!((a.accept_score, a.range), (5.0, Some((0.0, 10.0))));
    assert_eq!(a.aggregation, crate::Aggregation::Min);
    assert_eq!(a.verdicts, Some(crate::VerdictRule::First));
    // Not inherited: b has none of a's rules.
    assert_eq!(groups.scoring("secret/a/b"), GroupScoring::default());
    assert!(groups.scoring("").ignore_sample);
    assert!(groups.grades_verdicts());
    let all = groups.scoring_by_group();
    let names: Vec<&str> = all.keys().map(String::as_str).collect();
    assert_eq!(names, ["", "sample", "secret", "secret/a", "secret/a/b"]);
}

#[test]
fn a_wrong_word_for_the_default_validator_is_named_where_it_is_written() {
    let (_dir, package) = with_tests(&[(
        "data/test_group.yaml",
        "# the tolerance\noutput_validator_args: [float_tolerence, 1e-6]\n",
    )]);
    let err = package.test_set().unwrap_err().to_string();
    assert!(
        err.contains(
            "data/test_group.yaml:2: output_validator_args: unknown flag 'float_tolerence'"
        ),
        "{err}"
    );
    // A test's own `.yaml` is named the same way.
    let (_dir, package) = with_tests(&[(
        "data/secret/a/1.yaml",
        "output_validator_args: [float_tolerance]\n",
    )]);
    let err = package.test_set().unwrap_err().to_string();
    assert!(
        err.contains(
            "1.yaml:1: output_validator_args: validator flag float_tolerance needs a number"
        ),
        "{err}"
    );
}

#[test]
fn a_custom_validator_takes_any_words() {
    let (_dir, package) = with_tests(&[
        ("output_validators/check.py", "import sys\nsys.exit(42)\n"),
        (
            "data/test_group.yaml",
            "output_validator_args: [--eps, tiny]\n",
        ),
    ]);
    let yaml = package.root.join("problem.yaml");
    std::fs::write(&yaml, "name: T\nvalidation: custom\n").unwrap();
    let package = Package::open(package.root.to_str().unwrap()).unwrap();
    let set = package.test_set().unwrap();
    assert_eq!(set.tests()[1].output_validator_flags, ["--eps", "tiny"]);
}

#[test]
fn a_test_from_elsewhere_gets_its_groups_settings() {
    let (dir, package) = with_tests(&[(
        "data/secret/testdata.yaml",
        "output_validator_flags: float_tolerance 1e-3\n",
    )]);
    let input = dir.path().join("x.in");
    let test = package
        .test_in_group("secret", "x".into(), input.clone(), input)
        .unwrap();
    assert_eq!(test.output_validator_flags, ["float_tolerance", "1e-3"]);
    assert_eq!(test.group_chain(), ["secret", ""]);
    // The file a test of data/ is, found by any path to it.
    let by_other_path = dir.path().join("data/secret/a/../a/1.in");
    let found = package.test_with_input(&by_other_path).unwrap().unwrap();
    assert_eq!(found.name, "secret/a/1");
    assert!(
        package
            .test_with_input(&dir.path().join("x.in"))
            .unwrap()
            .is_none()
    );
}
