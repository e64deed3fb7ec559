//! The plan's validator-testing groups (issue 32): `invalid_input`, `invalid_answer`,
//! `invalid_output` and `valid_output` in `generators.yaml` are generated into `data/` as
//! BAPCtools generates them, and `verify` checks them before judging, as `bt generate` does:
//! the input validators must reject each invalid input, an answer validator (or the output
//! check) each invalid answer, the output check each invalid output, and it must accept each
//! valid output. And every configuration key is checked before anything is compiled or run.
//! Every package here is written in the test.

use crate::support::{TempPackage, leapfrog};

/// Whether python3 is there (`installed` says the test is skipped when it is not).
fn has_python() -> bool {
    crate::support::installed(&["python3"])
}

const SUM: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// An answer validator: the answer is one number without a sign, at most the argument given
/// as `--max N` (answer_validator_args), when there is one.
const ANSWER_CHECK: &str = "import sys\nargs = sys.argv[2:]\nlimit = int(args[args.index('--max') + 1]) if '--max' in args else None\ntext = sys.stdin.read().split()\nif len(text) != 1 or not text[0].isdigit():\n    sys.exit(43)\nif limit is not None and int(text[0]) > limit:\n    sys.exit(43)\nsys.exit(42)\n";

/// The sum package with a plan holding every validator-testing group; `extra` is added to the
/// root's `data`.
fn planned(extra: &str) -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write("submissions/accepted/sum.py", SUM);
    pkg.write("answer_validators/number.py", ANSWER_CHECK);
    let plan = format!(
        "solution: /submissions/accepted/sum.py
data:
  sample:
    data:
      - '': {{in: \"1 2\\n\", ans: \"3\\n\"}}
  secret:
    data:
      big: {{in: \"40 2\\n\"}}
  invalid_output:
    data:
      wrong_sum: {{in: \"1 1\\n\", ans: \"2\\n\", out: \"3\\n\"}}
  invalid_answer:
    data:
      signed: {{in: \"1 1\\n\", ans: \"+2\\n\"}}
      bounded:
        test_group.yaml:
          answer_validator_args: [--max, '10']
        include: [big]
  invalid_input:
    data:
      words: {{in: \"a b\\n\"}}
      three: {{in: \"1 2 3\\n\"}}
  valid_output:
    data:
      spaced: {{in: \"2 2\\n\", ans: \"4\\n\", out: \"  4  \\n\"}}
{extra}"
    );
    pkg.write("generators/generators.yaml", &plan);
    pkg
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = leapfrog().args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

#[test]
fn every_group_is_generated_with_the_files_the_plan_gives() {
    if !has_python() {
        return;
    }
    let pkg = planned("");
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    let data = pkg.path().join("data");
    let read = |rel: &str| std::fs::read_to_string(data.join(rel)).unwrap_or_default();
    assert_eq!(read("invalid_input/words.in"), "a b\n");
    assert!(
        !data.join("invalid_input/words.ans").exists(),
        "a solution never answers an invalid input"
    );
    assert_eq!(read("invalid_answer/signed.ans"), "+2\n");
    assert_eq!(read("invalid_output/wrong_sum.out"), "3\n");
    assert_eq!(read("valid_output/spaced.out"), "  4  \n");
    // An included secret test comes with its answer as the solution made it there.
    assert_eq!(read("invalid_answer/bounded/big.in"), "40 2\n");
    assert_eq!(read("invalid_answer/bounded/big.ans"), "42\n");
    assert!(read("invalid_answer/bounded/test_group.yaml").contains("answer_validator_args"));
    // Generating again writes nothing new; a group that leaves the plan leaves data/.
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    let plan = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&plan).unwrap();
    let cut = text.find("  valid_output:").unwrap();
    std::fs::write(&plan, &text[..cut]).unwrap();
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!data.join("valid_output/spaced.in").exists(), "{out}{err}");
}

#[test]
fn verify_passes_when_the_validators_treat_each_group_as_its_folder_says() {
    if !has_python() {
        return;
    }
    let pkg = planned("");
    let (code, out, err) = run(&["verify", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("accepted/sum.py"), "{out}");
}

#[test]
fn verify_stops_before_judging_when_an_invalid_case_is_let_through() {
    if !has_python() {
        return;
    }
    let cases = [
        // Two numbers: the input validator accepts it.
        (
            "      valid: {in: \"1 2\\n\"}\n",
            "invalid_input",
            "invalid_input/valid.in",
        ),
        // A plain number: the answer validator accepts it, and so does the output check.
        (
            "      plain: {in: \"1 1\\n\", ans: \"2\\n\"}\n",
            "invalid_answer",
            "invalid_answer/plain.in",
        ),
        // The right sum: the output check accepts it.
        (
            "      right: {in: \"1 1\\n\", ans: \"2\\n\", out: \"2\\n\"}\n",
            "invalid_output",
            "invalid_output/right.in",
        ),
        // A wrong sum: the output check rejects this valid output.
        (
            "      wrong: {in: \"1 1\\n\", ans: \"2\\n\", out: \"5\\n\"}\n",
            "valid_output",
            "valid_output/wrong.in",
        ),
    ];
    for (entry, group, named) in cases {
        let pkg = planned("");
        let plan = pkg.path().join("generators/generators.yaml");
        let text = std::fs::read_to_string(&plan).unwrap();
        let anchor = format!("  {group}:\n    data:\n");
        let text = text.replacen(&anchor, &format!("{anchor}{entry}"), 1);
        std::fs::write(&plan, text).unwrap();
        let (code, out, err) = run(&["verify", &pkg.arg()]);
        assert_eq!(code, 1, "{group}: {out}{err}");
        assert!(err.contains(named), "{group}: {err}");
        assert!(err.contains("nothing was judged"), "{group}: {err}");
        assert!(!out.contains("accepted/sum.py"), "{group}: judged: {out}");
    }
}

#[test]
fn a_case_without_the_files_its_group_needs_is_an_error_naming_it() {
    if !has_python() {
        return;
    }
    let pkg = planned("");
    let plan = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&plan).unwrap();
    std::fs::write(
        &plan,
        text.replace(", ans: \"2\\n\", out: \"3\\n\"}", ", ans: \"2\\n\"}"),
    )
    .unwrap();
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("invalid_output/wrong_sum"), "{err}");
    assert!(err.contains("give 'out'"), "{err}");
}

#[test]
fn include_at_the_root_and_unknown_groups_are_read_as_bapctools_reads_them() {
    if !has_python() {
        return;
    }
    // BAPCtools reads includes before data: at the root every key is unknown (an error there).
    let pkg = planned("");
    let plan = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&plan).unwrap();
    std::fs::write(&plan, format!("include: [big]\n{text}")).unwrap();
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("generators.yaml:1"), "{err}");
    assert!(err.contains("nothing comes before the root"), "{err}");
    // A group name no tool knows is warned about and skipped; a near miss is refused.
    let pkg = planned("  extra_stuff:\n    data:\n      x: {in: \"1 1\\n\"}\n");
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("unknown group `extra_stuff`"), "{err}");
    let pkg = planned("  secrets:\n    data:\n      x: {in: \"1 1\\n\"}\n");
    let (code, out, err) = run(&["generate", &pkg.arg()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("did you mean `secret`"), "{err}");
}

/// Each bad key of each configuration file is reported before anything is compiled or run:
/// exit 2, the file and key named, no submission's row printed.
#[test]
fn a_bad_key_in_any_configuration_file_stops_verify_before_any_run() {
    if !has_python() {
        return;
    }
    let cases: [(&str, &str, &str); 5] = [
        (
            "problem.yaml",
            "name: Sum\nlimits:\n  time_limt: 2\n",
            "time_limt",
        ),
        (
            "data/test_group.yaml",
            "ouput_validator_args: [case_sensitive]\n",
            "ouput_validator_args",
        ),
        (
            "data/secret/testdata.yaml",
            "input_validator_flag: --small\n",
            "input_validator_flag",
        ),
        (
            "submissions/submissions.yaml",
            "accepted/sum.py:\n  permited: [AC]\n",
            "permited",
        ),
        (
            "generators/generators.yaml",
            "data:\n  secret:\n    data:\n      a:\n        generate: x.py\n        cont: 2\n",
            "cont",
        ),
    ];
    for (file, text, key) in cases {
        let pkg = TempPackage::sum(2.0, 256, 2);
        pkg.write("submissions/accepted/sum.py", SUM);
        pkg.write(file, text);
        let (code, out, err) = run(&["verify", &pkg.arg()]);
        assert_eq!(code, 2, "{file}: {out}{err}");
        assert!(err.contains(key), "{file}: {err}");
        assert!(!out.contains("sum.py"), "{file}: a submission ran: {out}");
        assert!(!err.contains("panicked"), "{file}: {err}");
    }
}

/// BAPCtools' old `type: directory` on a group, with `data/` already complete, is a deprecation
/// warning naming its line: the plan is generated as if it were not there.
#[test]
fn the_old_type_of_a_group_is_a_warning_with_its_line() {
    if !has_python() {
        return;
    }
    let pkg = planned("");
    let plan = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&plan).unwrap();
    let text = text.replacen("  secret:\n", "  secret:\n    type: directory\n", 1);
    std::fs::write(&plan, &text).unwrap();
    let line = text
        .lines()
        .position(|l| l == "    type: directory")
        .unwrap()
        + 1;
    for _ in 0..2 {
        let (code, out, err) = run(&["generate", &pkg.arg()]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(
            err.contains(&format!("generators.yaml:{line}: `type` is deprecated")),
            "{err}"
        );
    }
    assert!(pkg.path().join("data/secret/big.ans").is_file());
}
