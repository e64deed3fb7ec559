//! Lenient reading, strict verdicts (issue 32): what problemtools or BAPCtools accept is
//! accepted, a key that cannot change a verdict is a warning naming its file and line, and what
//! would be misjudged silently is refused saying why. Every package here is written in the test.

use crate::support::{TempPackage, leapfrog};

/// Whether python3 is there (`installed` says the test is skipped when it is not).
fn has_python() -> bool {
    crate::support::installed(&["python3"])
}

const SUM: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// `verify` on a package: exit code, stdout and stderr.
fn verify(pkg: &TempPackage) -> (i32, String, String) {
    let out = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

fn sum_with(problem_yaml: &str) -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 2);
    pkg.write("problem.yaml", problem_yaml);
    pkg.write("submissions/accepted/sum.py", SUM);
    pkg
}

#[test]
fn an_unknown_key_is_a_warning_with_its_line() {
    if !has_python() {
        return;
    }
    let pkg = sum_with("name: Sum\nlimits:\n  time_limit: 2\nflavour: sweet\n");
    let (code, _, err) = verify(&pkg);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("problem.yaml:4: unknown key `flavour` is ignored"),
        "{err}"
    );
}

#[test]
fn a_typo_of_a_limit_is_refused_with_its_line_and_the_key_meant() {
    let pkg = sum_with("name: Sum\nlimits:\n  time_limt: 2\n");
    let (code, _, err) = verify(&pkg);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("problem.yaml:3: unknown key `limits.time_limt`"),
        "{err}"
    );
    assert!(err.contains("did you mean `limits.time_limit`"), "{err}");
}

#[test]
fn a_limit_of_the_wrong_kind_names_the_key_the_line_and_what_is_expected() {
    let cases = [
        (
            "time_limit: one",
            "limits.time_limit: expected a number of seconds",
            "",
        ),
        (
            "time_limit: 2s",
            "not '2s'",
            "without a unit: time_limit: 2",
        ),
        (
            "memory: 256MB",
            "limits.memory: expected a whole number of MiB",
            "memory: 256)",
        ),
    ];
    for (line, what, hint) in cases {
        let pkg = sum_with(&format!("name: Sum\nlimits:\n  {line}\n"));
        let (code, _, err) = verify(&pkg);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("problem.yaml:3: ") && err.contains(what),
            "{line}: {err}"
        );
        assert!(err.contains(hint), "{line}: {err}");
        assert!(!err.contains("invalid type"), "not serde's words: {err}");
    }
}

#[test]
fn source_url_and_author_in_2025_09_are_warnings() {
    if !has_python() {
        return;
    }
    let pkg = TempPackage::from_fixture("fmt2025-quotient");
    let yaml = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    pkg.write(
        "problem.yaml",
        &format!("{yaml}source_url: https://example.org\nauthor: Ada\n"),
    );
    let (code, _, err) = verify(&pkg);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("`source_url` is not a key of problem_format_version 2025-09"),
        "{err}"
    );
    assert!(err.contains("`author`"), "{err}");
}

#[test]
fn the_2023_07_draft_reads_the_legacy_folder_spellings() {
    if !has_python() {
        return;
    }
    let pkg = TempPackage::from_fixture("fmt2025-quotient");
    let yaml = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    pkg.write("problem.yaml", &yaml.replace("2025-09", "2023-07-draft"));
    let p = pkg.path();
    std::fs::rename(p.join("output_validator"), p.join("output_validators")).unwrap();
    if p.join("statement").exists() {
        std::fs::rename(p.join("statement"), p.join("problem_statement")).unwrap();
    }
    // Its accepted submissions pass only through the checker (seven decimals).
    let (code, out, err) = verify(&pkg);
    assert_eq!(code, 0, "{out}{err}");
}

/// A legacy scoring package as problemtools' oddecho example shapes it: two subtasks of 50
/// scored by `min`, `first_error accept_if_any_accepted` on secret, `ignore_sample` at the top.
fn legacy_scoring() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write(
        "problem.yaml",
        "name: Sum\ntype: scoring\nlimits:\n  time_limit: 2\n",
    );
    pkg.write(
        "data/testdata.yaml",
        "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n",
    );
    pkg.write(
        "data/sample/testdata.yaml",
        "range: 0 0\naccept_score: 0\ngrader_flags: first_error\n",
    );
    pkg.write(
        "data/secret/testdata.yaml",
        "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted\n",
    );
    for (group, inputs) in [("small", ["1 2", "3 4"]), ("large", ["100 200", "300 400"])] {
        pkg.write(
            &format!("data/secret/{group}/testdata.yaml"),
            "on_reject: break\naccept_score: 50\nrange: 0 50\ngrader_flags: min\n",
        );
        pkg.write_sum_group(group, &inputs);
    }
    pkg.write("submissions/accepted/sum.py", SUM);
    // Right on small numbers only: half the score, and AC through accept_if_any_accepted.
    pkg.write(
        "submissions/partially_accepted/small.py",
        "a, b = map(int, input().split())\nprint(a + b if a < 10 else 0)\n",
    );
    pkg
}

#[test]
fn legacy_grader_flags_and_partially_accepted_are_judged_as_problemtools_does() {
    if !has_python() {
        return;
    }
    let pkg = legacy_scoring();
    let (code, out, err) = verify(&pkg);
    assert_eq!(code, 0, "{out}{err}");
    // Fully accepted is not partially accepted.
    pkg.write("submissions/partially_accepted/full.py", SUM);
    let (code, out, _) = verify(&pkg);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("fully accepted"), "{out}");
    // Without accept_if_any_accepted the verdict is WA: not AC with a partial score.
    std::fs::remove_file(pkg.path().join("submissions/partially_accepted/full.py")).unwrap();
    pkg.write(
        "data/secret/testdata.yaml",
        "on_reject: continue\nrange: 0 100\ngrader_flags: first_error shiny\n",
    );
    let (code, out, err) = verify(&pkg);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the result is WA, not AC with a partial score"),
        "{out}"
    );
    assert!(
        err.contains("grader_flags: 'shiny'"),
        "an unknown flag is a warning: {err}"
    );
}

#[test]
fn a_custom_grader_is_refused_saying_why() {
    if !has_python() {
        return;
    }
    let pkg = legacy_scoring();
    pkg.write("data/secret/testdata.yaml", "grading: custom\n");
    let (code, out, err) = verify(&pkg);
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("grading: custom needs the package's own grader"),
        "{out}{err}"
    );
}

/// A generator plan whose sample the package also ships (as BAPCtools packages do).
fn planned(extra_root: &str, secret_test: &str) -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write("submissions/accepted/sum.py", SUM);
    pkg.write(
        "generators/generators.yaml",
        &format!(
            "solution: /submissions/accepted/sum.py\n{extra_root}data:\n  sample:\n    data:\n      \"1\":\n        in: \"1 2\\n\"\n        ans: \"3\\n\"\n        in.download: {{link: in}}\n  secret:\n    data:\n{secret_test}  invalid_input:\n    data:\n      words:\n        in: \"a b\\n\"\n"
        ),
    );
    pkg
}

fn generate(pkg: &TempPackage) -> (i32, String) {
    let out = leapfrog().args(["generate", &pkg.arg()]).output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), said)
}

#[test]
fn generators_yaml_is_read_as_bapctools_documents_it() {
    if !has_python() {
        return;
    }
    let root =
        "gitignore_generated: true\ntest_group.yaml:\n  output_validator_args: [case_sensitive]\n";
    let test = "      big:\n        in: \"5 6\\n\"\n        yaml:\n          input_validator_args: []\n        match: \"5\"\n        type: testcase\n";
    let pkg = planned(root, test);
    let (code, said) = generate(&pkg);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("generators.yaml:2: `gitignore_generated` is deprecated"),
        "{said}"
    );
    assert!(said.contains("`type` is deprecated"), "{said}");
    let data = pkg.path().join("data");
    assert_eq!(
        std::fs::read_to_string(data.join("invalid_input/words.in")).unwrap(),
        "a b\n",
        "the invalid_input group is generated"
    );
    assert!(
        data.join("test_group.yaml").is_file(),
        "the root's test_group.yaml is written"
    );
    assert!(
        data.join("secret/big.yaml").is_file(),
        "a test's yaml is written"
    );
    assert_eq!(
        std::fs::read_to_string(data.join("secret/big.ans")).unwrap(),
        "11\n"
    );
    // The shipped sample equals what the plan makes: accepted. One that differs is kept.
    pkg.write("data/sample/1.ans", "4\n");
    let (code, said) = generate(&pkg);
    assert_ne!(code, 0, "{said}");
    assert!(
        said.contains("differ from what the plan makes") && said.contains("sample/1.ans"),
        "{said}"
    );
}

#[test]
fn a_typo_in_generators_yaml_names_the_line_and_the_key_meant() {
    let pkg = planned("", "      big:\n        generte: gen.py 3\n");
    let (code, said) = generate(&pkg);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("generators.yaml:12: unknown key `generte` (did you mean `generate`?)"),
        "{said}"
    );
}
