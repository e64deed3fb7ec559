//! Problem types beyond "read the input, print the output": interactive problems (the
//! submission and the output validator joined by pipes), multi-pass problems and scoring
//! problems, each judged and verified on a small fixture package under tests/fixtures.

use crate::support;

use std::path::PathBuf;

use support::{TempPackage, json, leapfrog};

fn fixture(name: &str) -> PathBuf {
    support::fixture_path(name)
}

/// A copy of a fixture package, so that nothing a run writes lands in the repository.
fn copy_of(name: &str) -> TempPackage {
    TempPackage::from_fixture(name)
}

/// A copy of a fixture whose validators are Python programs; `None` (the test is skipped, and
/// says so) where python3 is not installed.
fn with_python(name: &str) -> Option<TempPackage> {
    support::installed(&["python3"]).then(|| copy_of(name))
}

/// `leapfrog judge PKG SUBMISSION --json ...`: the JSON report and the exit code.
fn judge(pkg: &TempPackage, submission: &str, extra: &[&str]) -> (serde_json::Value, i32) {
    let output = leapfrog()
        .args(["judge", &pkg.arg(), submission, "--json", "--no-sandbox"])
        .args(extra)
        .current_dir(pkg.path())
        .output()
        .unwrap();
    (json(&output), output.status.code().unwrap_or(-1))
}

fn verdicts(report: &serde_json::Value) -> Vec<String> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{} {}",
                t["name"].as_str().unwrap(),
                t["verdict"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn verify_accepts_the_guessing_game_and_each_failure_gets_its_verdict() {
    let Some(pkg) = with_python("guess") else {
        return;
    };
    let report = support::verify_ok(&pkg);
    let rows = report["submissions"].as_array().expect("submission rows");
    let mut seen = Vec::new();
    for row in rows {
        if row["status"] == "skipped" {
            eprintln!("skipped (toolchain not installed): {}", row["submission"]);
            continue;
        }
        assert_eq!(row["status"], "ok", "{row}");
        seen.push(format!(
            "{} {}",
            row["submission"].as_str().unwrap(),
            row["verdict"]
        ));
    }
    for wanted in [
        "accepted/search.py \"AC\"",
        "wrong_answer/off_by_one.py \"WA\"",
        "wrong_answer/gives_up.py \"WA\"",
        "time_limit_exceeded/no_flush.py \"TLE\"",
    ] {
        assert!(seen.iter().any(|s| s == wanted), "{wanted} not in {seen:?}");
    }
}

#[test]
fn the_validators_judge_message_is_in_the_json_and_the_transcript_shows_both_sides() {
    let Some(pkg) = with_python("guess") else {
        return;
    };
    let transcripts = pkg.path().join("transcripts");
    let (report, code) = judge(
        &pkg,
        "submissions/wrong_answer/off_by_one.py",
        &[
            "--tests",
            "sample",
            "--transcript",
            transcripts.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{report}");
    let test = &report["tests"][0];
    assert_eq!(test["verdict"], "WA", "{report}");
    assert_eq!(
        test["judge_message"], "answered 38, the number was 37",
        "{report}"
    );
    let text = std::fs::read_to_string(transcripts.join("sample__1.txt")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.first(), Some(&"validator>  1 100"), "{text}");
    assert_eq!(lines.get(1), Some(&"submission> ? 50"), "{text}");
    assert_eq!(lines.last(), Some(&"submission> ! 38"), "{text}");

    let (report, code) = judge(
        &pkg,
        "submissions/accepted/search.py",
        &["--tests", "sample"],
    );
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        report["tests"][0]["judge_message"],
        "found 37 with 3 questions"
    );
}

#[test]
fn leaving_early_is_wrong_answer_and_never_flushing_is_time_limit_exceeded() {
    let Some(pkg) = with_python("guess") else {
        return;
    };
    let (report, _) = judge(
        &pkg,
        "submissions/wrong_answer/gives_up.py",
        &["--tests", "low"],
    );
    assert_eq!(verdicts(&report), ["secret/low WA"], "{report}");
    let (report, _) = judge(
        &pkg,
        "submissions/time_limit_exceeded/no_flush.py",
        &["--tests", "low"],
    );
    assert_eq!(verdicts(&report), ["secret/low TLE"], "{report}");
}

#[test]
fn an_interaction_sample_without_the_interactive_type_points_at_the_type() {
    let Some(pkg) = with_python("guess") else {
        return;
    };
    let yaml = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    let untyped = yaml.replace("type: interactive\n", "");
    assert_ne!(untyped, yaml);
    pkg.write("problem.yaml", &untyped);
    pkg.write("data/sample/1.interaction", "<1 100\n>? 50\n<<\n>! 37\n");
    // Judged as an ordinary problem, the search reads the secret number as the range and
    // fails; the warning says why, naming the file and the key to add.
    let run = || {
        let output = leapfrog()
            .args(["judge", &pkg.arg(), "submissions/accepted/search.py"])
            .args(["--json", "--no-sandbox", "--tests", "sample/*"])
            .current_dir(pkg.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        (json(&output), stderr)
    };
    let (report, stderr) = run();
    assert_ne!(report["verdict"], "AC", "{report}");
    assert!(
        stderr.contains("1.interaction: `.interaction` samples belong to interactive"),
        "{stderr}"
    );
    assert!(stderr.contains("`type: interactive`"), "{stderr}");
    // With the type back, the same package is judged interactively and says nothing of it.
    pkg.write("problem.yaml", &yaml);
    let (report, stderr) = run();
    assert_eq!(report["verdict"], "AC", "{report}");
    assert!(!stderr.contains(".interaction"), "{stderr}");
}

#[test]
fn a_validator_that_crashes_is_a_judge_error_with_its_traceback() {
    let Some(pkg) = with_python("guess-broken") else {
        return;
    };
    let submission = fixture("guess/submissions/accepted/search.py");
    let (report, code) = judge(&pkg, submission.to_str().unwrap(), &[]);
    assert_eq!(code, 2, "{report}");
    assert_eq!(verdicts(&report), ["sample/1 JE"], "{report}");
    let message = report["tests"][0]["message"].as_str().unwrap();
    assert!(message.contains("the validator's own bug"), "{message}");
}

#[test]
fn an_unknown_problem_type_is_refused_naming_the_file_and_the_word() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("problem.yaml", "name: Sum\ntype: [interactve]\n");
    let output = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("problem.yaml") && stderr.contains("'interactve'"),
        "{stderr}"
    );
}

#[test]
fn a_multi_pass_submission_reads_back_in_pass_two_what_it_wrote_in_pass_one() {
    let Some(pkg) = with_python("relay") else {
        return;
    };
    support::verify_ok(&pkg);
    let (report, code) = judge(
        &pkg,
        "submissions/accepted/letters.py",
        &["--tests", "sample"],
    );
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        report["tests"][0]["judge_message"],
        "pass 2: bq read back as 42"
    );
    let (report, _) = judge(
        &pkg,
        "submissions/wrong_answer/forgets.py",
        &["--tests", "sample"],
    );
    assert_eq!(verdicts(&report), ["sample/1 WA"], "{report}");
    assert_eq!(
        report["tests"][0]["message"],
        "pass 2: the word xx meant 42, not 0"
    );
}

#[test]
fn asking_for_a_pass_beyond_the_limit_is_a_judge_error() {
    let Some(pkg) = with_python("relay") else {
        return;
    };
    pkg.write(
        "output_validators/relay.py",
        "import sys\nopen(sys.argv[3] + '/nextpass.in', 'w').write('1\\n')\nsys.exit(42)\n",
    );
    let (report, code) = judge(
        &pkg,
        "submissions/accepted/letters.py",
        &["--tests", "sample"],
    );
    assert_eq!(code, 2, "{report}");
    let message = report["tests"][0]["message"].as_str().unwrap();
    assert!(message.contains("pass limit is 2"), "{message}");
}

#[test]
fn an_interactive_multi_pass_game_plays_its_second_pass_from_the_first() {
    let Some(pkg) = with_python("guess-twice") else {
        return;
    };
    support::verify_ok(&pkg);
    let transcripts = pkg.path().join("transcripts");
    let (report, _) = judge(
        &pkg,
        "submissions/wrong_answer/fixed_range.py",
        &[
            "--tests",
            "sample",
            "--transcript",
            transcripts.to_str().unwrap(),
        ],
    );
    // Pass 1 took three questions (50, 25, 37), so pass 2's number is 100 + 3 * 37 + 37.
    assert_eq!(
        report["tests"][0]["message"], "pass 2: answered 100, the number was 248",
        "{report}"
    );
    let text = std::fs::read_to_string(transcripts.join("sample__1.pass2.txt")).unwrap();
    assert!(text.starts_with("validator>  1 1000\n"), "{text}");
}

#[test]
fn scores_add_up_by_group_and_verify_checks_the_stated_scores() {
    let Some(pkg) = with_python("squares") else {
        return;
    };
    let report = support::verify_ok(&pkg);
    let scores: Vec<String> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{} {}", r["submission"].as_str().unwrap(), r["score"]))
        .collect();
    assert_eq!(
        scores,
        [
            "accepted/exact.py 100.0",
            "accepted/floats.py 75.0",
            "wrong_answer/no_large.py 50.0",
            "wrong_answer/small_only.py 20.0"
        ]
    );
    // Floating point is exact on small and medium squares (min groups: all or nothing) and
    // close on the large ones, where the validator's score.txt gives half of each test.
    let (report, code) = judge(&pkg, "submissions/accepted/floats.py", &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        (report["score"].as_f64(), report["max_score"].as_f64()),
        (Some(75.0), Some(100.0))
    );
    let groups: Vec<String> = report["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            format!(
                "{} {} {} {}",
                g["name"].as_str().unwrap(),
                g["score"],
                g["max"],
                g["aggregation"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        groups,
        [
            "secret 75.0 100.0 sum",
            "secret/large 25.0 50.0 sum",
            "secret/medium 30.0 30.0 min",
            "secret/small 20.0 20.0 min"
        ]
    );
    let large = &report["tests"][1];
    assert_eq!(
        (large["name"].as_str(), large["score"].as_f64()),
        (Some("secret/large/1"), Some(0.5))
    );
    // The table shows the same figures.
    let output = leapfrog()
        .args([
            "judge",
            &pkg.arg(),
            "submissions/accepted/floats.py",
            "--no-sandbox",
        ])
        .current_dir(pkg.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("score 75 of 100"), "{text}");
    assert!(
        text.contains("secret/large") && text.contains("25 of 50"),
        "{text}"
    );
}

#[test]
fn a_score_other_than_the_stated_one_is_a_mismatch() {
    let Some(pkg) = with_python("squares") else {
        return;
    };
    pkg.write(
        "submissions/submissions.yaml",
        "accepted/floats.py:\n  score: 70\n",
    );
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json", "--no-sandbox"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output);
    let rows = report["submissions"].as_array().unwrap();
    let floats = rows
        .iter()
        .find(|r| r["submission"] == "accepted/floats.py")
        .unwrap();
    assert_eq!(floats["status"], "mismatch", "{floats}");
    assert!(
        floats["reason"]
            .as_str()
            .unwrap()
            .contains("score 75, expected 70"),
        "{floats}"
    );
    // Without a stated score, an accepted submission must reach the full score.
    pkg.write("submissions/submissions.yaml", "");
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json", "--no-sandbox"])
        .output()
        .unwrap();
    let report = json(&output);
    let rows = report["submissions"].as_array().unwrap();
    let floats = rows
        .iter()
        .find(|r| r["submission"] == "accepted/floats.py")
        .unwrap();
    assert!(
        floats["reason"]
            .as_str()
            .unwrap()
            .contains("score 75, expected 100"),
        "{floats}"
    );
}

#[test]
fn stress_plays_the_reference_and_the_submission_against_the_validator() {
    let Some(pkg) = with_python("guess") else {
        return;
    };
    let stress = |submission: &str, against: &str| {
        leapfrog()
            .args(["stress", &pkg.arg(), submission, "--against", against])
            .args([
                "--generator",
                "number.py",
                "--iterations",
                "5",
                "--no-sandbox",
            ])
            .current_dir(pkg.path())
            .output()
            .unwrap()
    };
    let found = stress(
        "submissions/wrong_answer/off_by_one.py",
        "submissions/accepted/search.py",
    );
    let text = String::from_utf8_lossy(&found.stdout);
    assert_eq!(found.status.code(), Some(1), "{text}");
    assert!(
        text.contains("WA after 1 test") && text.contains("the number was"),
        "{text}"
    );
    // The failing game is shown as it was played, both sides, ending with the wrong answer.
    let transcript = text
        .split("--- transcript (")
        .nth(1)
        .unwrap_or_else(|| panic!("no transcript: {text}"));
    assert!(
        transcript.contains("validator>  1 100\nsubmission> ? 50\n"),
        "{transcript}"
    );
    assert!(!text.contains("--- submission output"), "{text}");
    // A reference the validator rejects is the judges' problem, said as such.
    let wrong = stress(
        "submissions/accepted/search.py",
        "submissions/wrong_answer/off_by_one.py",
    );
    let stderr = String::from_utf8_lossy(&wrong.stderr);
    assert_eq!(wrong.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("not accepted when it plays against the validator"),
        "{stderr}"
    );
}

#[test]
fn generate_writes_an_interactive_problems_tests_once_the_solution_wins_the_game() {
    let Some(pkg) = with_python("guess") else {
        return;
    };
    std::fs::remove_dir_all(pkg.path().join("data/secret")).unwrap();
    let plan = |solution: &str| {
        format!(
            "solution: /submissions/{solution}\ndata:\n  secret:\n    data:\n      - drawn: number.py --seed {{seed}}\n"
        )
    };
    pkg.write("generators/generators.yaml", &plan("accepted/search.py"));
    let output = leapfrog().args(["generate", &pkg.arg()]).output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let input = std::fs::read_to_string(pkg.path().join("data/secret/1-drawn.in")).unwrap();
    assert!(
        (1..=100).contains(&input.trim().parse::<u32>().unwrap()),
        "{input}"
    );
    let answer = std::fs::read_to_string(pkg.path().join("data/secret/1-drawn.ans")).unwrap();
    assert_eq!(
        answer, "",
        "an interactive answer file is the plan's business"
    );

    pkg.write(
        "generators/generators.yaml",
        &plan("wrong_answer/off_by_one.py"),
    );
    std::fs::remove_dir_all(pkg.path().join("data/secret")).unwrap();
    let output = leapfrog().args(["generate", &pkg.arg()]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("key 'solution'") && stderr.contains("WA"),
        "{stderr}"
    );
}

#[test]
fn generate_plays_a_multi_pass_solution_in_a_package_other_users_cannot_enter() {
    let Some(pkg) = with_python("guess-twice") else {
        return;
    };
    // A package only its owner may enter, as one under `/root` is: the solution's play runs as
    // other users where the judge is root, so it must run elsewhere.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(pkg.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/search.py\ndata:\n  secret:\n    data:\n      - kept: {in: '100'}\n",
    );
    std::fs::remove_dir_all(pkg.path().join("data/secret")).unwrap();
    let output = leapfrog().args(["generate", &pkg.arg()]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        pkg.path().join("data/secret/1-kept.in").is_file(),
        "{stderr}"
    );
}

#[test]
fn a_validator_that_hangs_is_a_judge_error_at_its_own_limit() {
    let Some(pkg) = with_python("guess-broken") else {
        return;
    };
    pkg.write(
        "problem.yaml",
        "name: Hanging validator\ntype: interactive\nlimits:\n  time_limit: 2\n  validation_time: 0.5\n",
    );
    pkg.write(
        "output_validators/interact.py",
        "import time\nprint('1 100', flush=True)\nwhile True:\n    time.sleep(1)\n",
    );
    let submission = fixture("guess/submissions/accepted/search.py");
    let (report, code) = judge(&pkg, submission.to_str().unwrap(), &[]);
    assert_eq!(code, 2, "{report}");
    assert_eq!(verdicts(&report), ["sample/1 JE"], "{report}");
    let message = report["tests"][0]["message"].as_str().unwrap();
    assert!(message.contains("ran out of time"), "{message}");
}
