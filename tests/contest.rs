//! Contest folders: `new contest` and `new problem` make one that verifies at once; `verify`,
//! `generate`, `validate` and `export` take a contest as they take a problem; a contest of the
//! project's own fixture packages, one of each kind, verifies with one command and the verdicts
//! each gets alone; `status` sums a contest up.

use std::path::Path;

use crate::support::{self, json, leapfrog};

fn text(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// `leapfrog ARGS` in `dir`, which must exit with `code`: its output.
fn run_in(dir: &Path, args: &[&str], code: i32) -> std::process::Output {
    let output = leapfrog().current_dir(dir).args(args).output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}: {}",
        text(&output)
    );
    output
}

#[test]
fn a_new_contest_of_three_new_problems_verifies_then_exports_for_domjudge() {
    let work = tempfile::tempdir().unwrap();
    run_in(work.path(), &["new", "contest", "spring"], 0);
    let contest = work.path().join("spring");
    let mut langs = vec![("alpha", "python")];
    if support::installed(&["g++"]) {
        langs.push(("beta", "cpp"));
    } else {
        langs.push(("beta", "python"));
    }
    langs.push(("gamma", "rust"));
    for (name, lang) in &langs {
        let out = run_in(&contest, &["new", "problem", name, "--lang", lang], 0);
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("added"),
            "{}",
            text(&out)
        );
    }
    let listed = std::fs::read_to_string(contest.join("problems.yaml")).unwrap();
    assert!(listed.contains("- id: gamma\n  label: C"), "{listed}");

    // Clean at once: every problem generates its data, checks it and verifies.
    let out = run_in(work.path(), &["verify", "spring", "--json"], 0);
    let v = json(&out);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["problems"].as_array().unwrap().len(), 3, "{v}");

    // One more wrong submission each (besides the one `new` wrote): expected, so still exit 0,
    // all in one table.
    for (name, _) in &langs {
        let wrong = contest
            .join(name)
            .join("submissions/wrong_answer/difference.py");
        std::fs::create_dir_all(wrong.parent().unwrap()).unwrap();
        std::fs::write(&wrong, "a, b = map(int, input().split())\nprint(a - b)\n").unwrap();
    }
    let out = run_in(work.path(), &["verify", "spring"], 0);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let table = &stdout[stdout.find("contest Spring").expect("the contest table")..];
    for (label, (name, _)) in ["A", "B", "C"].iter().zip(&langs) {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("{label} {name}")))
            .unwrap_or_else(|| panic!("no row for {name}: {table}"));
        assert!(row.contains("3/3"), "{row}");
    }
    assert!(
        table.contains("3 problems: 3 as expected, 0 not"),
        "{table}"
    );

    // The DOMjudge export: three zips, contest.yaml and problems.yaml, read as DOMjudge does.
    let out = run_in(
        work.path(),
        &["export", "spring", "--format", "domjudge", "dj"],
        0,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("import-contest"), "{stdout}");
    assert!(stdout.contains("problems/add-data"), "{stdout}");
    let dj = work.path().join("dj");
    let zips = std::fs::read_dir(&dj)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "zip")
        })
        .count();
    assert_eq!(zips, 3);
    let imported = crate::domjudge::import_contest(&dj);
    let got: Vec<(&str, &str)> = imported
        .iter()
        .map(|(id, label, _)| (id.as_str(), label.as_str()))
        .collect();
    assert_eq!(got, [("alpha", "A"), ("beta", "B"), ("gamma", "C")]);
    assert_eq!(imported[0].2, "Alpha");
}

#[test]
fn new_never_overwrites_and_checks_the_name() {
    let work = tempfile::tempdir().unwrap();
    std::fs::create_dir(work.path().join("taken")).unwrap();
    std::fs::write(work.path().join("taken/mine.txt"), "keep").unwrap();
    for what in ["problem", "contest"] {
        let out = run_in(work.path(), &["new", what, "taken"], 2);
        assert!(text(&out).contains("already exists"), "{}", text(&out));
    }
    assert_eq!(
        std::fs::read_dir(work.path().join("taken"))
            .unwrap()
            .count(),
        1,
        "nothing added to the existing folder"
    );
    let out = run_in(work.path(), &["new", "problem", "Hello World"], 2);
    assert!(text(&out).contains("try helloworld"), "{}", text(&out));
    assert!(!work.path().join("Hello World").exists());
}

/// Copies `tests/fixtures/<name>` to `to`, leaving out the submissions named in `drop` (relative
/// to `submissions/`).
fn copy_fixture(name: &str, to: &Path, drop: &[&str]) {
    let from = support::fixture_path(name);
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.unwrap();
        let rel = entry.path().strip_prefix(&from).unwrap();
        if drop.iter().any(|d| rel == Path::new("submissions").join(d)) {
            continue;
        }
        let dest = to.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
        } else {
            std::fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// Each submission's (name, verdict, status) in a verify report.
fn verdicts(report: &serde_json::Value) -> Vec<(String, String, String)> {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["submission"].as_str().unwrap().to_string(),
                s["verdict"].to_string(),
                s["status"].to_string(),
            )
        })
        .collect()
}

#[test]
fn a_contest_of_every_kind_of_fixture_verifies_with_one_command_as_each_alone() {
    let work = tempfile::tempdir().unwrap();
    let contest = work.path().join("kinds");
    // legacy, 2023-07 (the 2025-09 fixture relabelled), 2025-09, interactive, multi-pass,
    // scoring, generators.yaml. The legacy one keeps two submissions of its many languages.
    let mut legacy_drop: Vec<String> =
        std::fs::read_dir(support::fixture_path("langs-sum/submissions/accepted"))
            .unwrap()
            .map(|e| format!("accepted/{}", e.unwrap().file_name().to_string_lossy()))
            .filter(|n| n != "accepted/sum.py")
            .collect();
    legacy_drop.push("wrong_answer/difference.rb".into());
    let legacy_drop: Vec<&str> = legacy_drop.iter().map(String::as_str).collect();
    copy_fixture("langs-sum", &contest.join("legacy"), &legacy_drop);
    let wrong = contest.join("legacy/submissions/wrong_answer/difference.py");
    std::fs::create_dir_all(wrong.parent().unwrap()).unwrap();
    std::fs::write(&wrong, "a, b = map(int, input().split())\nprint(a - b)\n").unwrap();
    copy_fixture("fmt2025-quotient", &contest.join("draft"), &[]);
    let yaml = contest.join("draft/problem.yaml");
    let text2025 = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text2025.replace("2025-09", "2023-07-draft")).unwrap();
    copy_fixture("fmt2025-quotient", &contest.join("modern"), &[]);
    let guess_drop: &[&str] = if support::installed(&["g++"]) {
        &["accepted/search.rs"]
    } else {
        &["accepted/search.rs", "accepted/search.cpp"]
    };
    copy_fixture("guess", &contest.join("interactive"), guess_drop);
    copy_fixture("relay", &contest.join("multipass"), &[]);
    copy_fixture("squares", &contest.join("scoring"), &[]);
    copy_fixture("genyaml-sum", &contest.join("generated"), &[]);
    if !support::installed(&["g++"]) {
        let _ = std::fs::remove_file(contest.join("multipass/submissions/accepted/letters.cpp"));
    }
    std::fs::write(
        contest.join("problems.yaml"),
        "- id: legacy\n- id: draft\n- id: modern\n- id: interactive\n- id: multipass\n- id: scoring\n- id: generated\n",
    )
    .unwrap();

    let out = leapfrog()
        .args(["verify", contest.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let all = json(&out);
    let problems = all["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 7, "{all}");
    let mut worst = 0;
    for problem in problems {
        let id = problem["problem"].as_str().unwrap();
        let alone = leapfrog()
            .args(["verify", contest.join(id).to_str().unwrap(), "--json"])
            .output()
            .unwrap();
        worst = worst.max(alone.status.code().unwrap());
        let alone = json(&alone);
        assert_eq!(verdicts(&problem["report"]), verdicts(&alone), "{id}");
        assert_eq!(problem["ok"], alone["ok"], "{id}");
    }
    assert_eq!(out.status.code(), Some(worst), "{all}");
    assert_eq!(all["ok"], true, "every fixture verifies clean: {all}");
}

#[test]
fn status_on_problems_shows_all_seven_and_writes_a_page() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = tempfile::tempdir().unwrap();
    let html = page.path().join("status.html");
    let out = leapfrog()
        .current_dir(repo)
        .args([
            "status",
            "problems",
            "--json",
            "--html",
            html.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let v = json(&out);
    let problems = v["problems"].as_array().unwrap();
    let names: Vec<&str> = problems
        .iter()
        .map(|p| p["problem"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "checkers",
            "checkers-path",
            "frogs",
            "pairs",
            "shifting",
            "shifting-labels",
            "shifting-query"
        ]
    );
    for p in problems {
        assert!(p["error"].is_null(), "{p}");
        assert!(p["samples"].as_u64().unwrap() > 0, "{p}");
        assert!(p["submissions"]["AC"].as_u64().unwrap() > 0, "{p}");
        assert!(p["time_limit"]["how"].is_string(), "{p}");
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<tr data-problem=").count(), 7);
    // The table too, without --json.
    let out = leapfrog()
        .current_dir(repo)
        .args(["status"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    for name in names {
        assert!(stdout.contains(name), "{stdout}");
    }
}

#[test]
fn status_says_what_a_fresh_problem_lacks() {
    let work = tempfile::tempdir().unwrap();
    run_in(work.path(), &["new", "problem", "fresh"], 0);
    let out = run_in(work.path(), &["status", "fresh", "--json"], 1);
    let v = json(&out);
    let p = &v["problems"][0];
    assert_eq!(p["data"], "missing", "{p}");
    let missing = p["missing"].to_string();
    // `new` writes a wrong submission too: only the data is missing.
    assert!(!missing.contains("a wrong submission"), "{missing}");
    assert!(missing.contains("generated data"), "{missing}");
    assert_eq!(p["time_limit"]["how"], "problem.yaml");
}

#[test]
fn generate_and_validate_take_a_contest() {
    let work = tempfile::tempdir().unwrap();
    run_in(work.path(), &["new", "contest", "cup"], 0);
    let cup = work.path().join("cup");
    run_in(&cup, &["new", "problem", "one"], 0);
    run_in(&cup, &["new", "problem", "two"], 0);
    let out = run_in(work.path(), &["generate", "cup"], 0);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("== A generate one") && stdout.contains("== B generate two"),
        "{stdout}"
    );
    let out = run_in(work.path(), &["validate", "cup"], 0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .matches("valid ")
            .count(),
        2,
        "{}",
        text(&out)
    );
}

/// An "add two numbers" problem in `dir`: three tests, an accepted and a wrong submission.
fn sum_problem(dir: &Path) {
    let files = [
        ("problem.yaml", "name: Sum\nlimits:\n  time_limit: 2\n"),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/1.in", "20 22\n"),
        ("data/secret/1.ans", "42\n"),
        ("data/secret/2.in", "5 5\n"),
        ("data/secret/2.ans", "10\n"),
        (
            "input_validators/two.py",
            "import sys\nok = len(sys.stdin.read().split()) == 2\nsys.exit(42 if ok else 43)\n",
        ),
        (
            "submissions/accepted/add.py",
            "print(sum(map(int, input().split())))\n",
        ),
        (
            "submissions/wrong_answer/sub.py",
            "a, b = map(int, input().split())\nprint(a - b)\n",
        ),
    ];
    for (rel, contents) in files {
        std::fs::create_dir_all(dir.join(rel).parent().unwrap()).unwrap();
        std::fs::write(dir.join(rel), contents).unwrap();
    }
}

/// `verify CONTEST` with two jobs in the sandbox judges problems side by side; what it prints
/// must not show it: the same lines in the same order as one problem after the other, each
/// problem's block whole under its heading. Only the time by program differs: judged side by
/// side, the problems' runs are not told apart, so it is the contest's, under the table.
#[test]
fn problems_judged_side_by_side_print_as_one_after_the_other() {
    if !support::sandbox_works() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let contest = work.path().join("duo");
    for id in ["alpha", "beta", "gamma"] {
        sum_problem(&contest.join(id));
    }
    let verify = |jobs: &str| {
        let out = run_in(work.path(), &["verify", "duo", "--jobs", jobs], 0);
        String::from_utf8(out.stdout).unwrap()
    };
    // Untimed first: the data checked and the programs built, so both runs below only judge.
    verify("2");
    let (one, two) = (verify("1"), verify("2"));
    let times = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("time in programs"))
            .count()
    };
    assert_eq!(times(&one), 4, "each problem's and the contest's:\n{one}");
    assert_eq!(times(&two), 1, "the contest's only:\n{two}");
    assert!(
        two.lines().last().unwrap().starts_with("time in programs"),
        "{two}"
    );
    // Times differ from run to run: every decimal number (`0.05`, `12.3s`) becomes `T`.
    let timeless = |word: &str| match word.trim_end_matches('s').parse::<f64>() {
        Ok(_) if word.contains('.') => "T".to_string(),
        _ => word.to_string(),
    };
    let plain = |text: &str| -> Vec<String> {
        (text.lines())
            .filter(|l| !l.starts_with("time in programs"))
            .map(|l| {
                l.split_whitespace()
                    .map(timeless)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    assert_eq!(
        plain(&one),
        plain(&two),
        "one job:\n{one}\ntwo jobs:\n{two}"
    );
    // Each heading is followed by its own problem's table.
    let lines: Vec<&str> = two.lines().collect();
    let headings: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("== "))
        .collect();
    assert_eq!(headings.len(), 3, "{two}");
    for (i, id) in headings.iter().zip(["alpha", "beta", "gamma"]) {
        assert!(lines[*i].ends_with(id), "{two}");
        assert!(lines[i + 1].starts_with(&format!("verify {id} ")), "{two}");
    }
}
