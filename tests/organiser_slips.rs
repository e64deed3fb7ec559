//! What a new contest organiser gets wrong in `problems.yaml`, each found by following the
//! first-contest guide and then slipping: a listed folder misspelt, two problems with one
//! label. Each is named with its file and line, by `status` and by `export` alike.

use std::path::Path;

use crate::support::leapfrog;

/// `leapfrog ARGS` in `dir`: its exit code and everything it printed.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = leapfrog().current_dir(dir).args(args).output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), said)
}

/// A contest `spring` of two new Python problems, `hello` (A) and `ratio` (B), in `work`.
fn spring(work: &Path) -> std::path::PathBuf {
    assert_eq!(run_in(work, &["new", "contest", "spring"]).0, 0);
    let contest = work.join("spring");
    for name in ["hello", "ratio"] {
        let (code, said) = run_in(&contest, &["new", "problem", name]);
        assert_eq!(code, 0, "{said}");
    }
    contest
}

fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{from:?} not in {text}");
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn a_misspelt_folder_in_problems_yaml_names_its_line_and_the_folder_meant() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    edit(&contest.join("problems.yaml"), "id: ratio", "id: raito");
    for args in [
        vec!["status", "spring"],
        vec!["export", "spring", "dj", "--format", "domjudge"],
    ] {
        let (code, said) = run_in(work.path(), &args);
        assert_eq!(code, 2, "{said}");
        let line = std::fs::read_to_string(contest.join("problems.yaml"))
            .unwrap()
            .lines()
            .position(|l| l.contains("raito"))
            .unwrap()
            + 1;
        assert!(
            said.contains(&format!("problems.yaml:{line}:")),
            "the entry's line: {said}"
        );
        assert!(said.contains("there is no folder"), "{said}");
        assert!(said.contains("did you mean `ratio`?"), "{said}");
    }
    // A name far from every folder gets no guess.
    edit(&contest.join("problems.yaml"), "id: raito", "id: zebra");
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 2, "{said}");
    assert!(!said.contains("did you mean"), "{said}");
}

#[test]
fn two_problems_with_one_label_are_refused_naming_both() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    edit(&contest.join("problems.yaml"), "label: B", "label: A");
    for args in [
        vec!["status", "spring"],
        vec!["export", "spring", "dj", "--format", "domjudge"],
    ] {
        let (code, said) = run_in(work.path(), &args);
        assert_eq!(code, 2, "{said}");
        assert!(
            said.contains("problems `hello`")
                && said.contains("and `ratio` both have the label `A`"),
            "{said}"
        );
        assert!(said.contains("problems.yaml:"), "{said}");
    }
    assert!(!work.path().join("dj").exists(), "nothing exported");

    // A label left out takes its place's letter, which may be one given to another problem.
    std::fs::write(
        contest.join("problems.yaml"),
        "- id: hello\n  label: B\n- id: ratio\n",
    )
    .unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("both have the label `B`"), "{said}");
}
