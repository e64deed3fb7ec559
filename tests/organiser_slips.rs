//! What a new contest organiser gets wrong in `contest.yaml` and `problems.yaml`, each found by
//! following the first-contest guide and then slipping: a listed folder misspelt, two problems
//! with one label, a contest.yaml key misspelt or written twice, a start time no contest system
//! reads, a contest.yaml that DOMjudge's import would refuse, a YAML file saved as Latin-1 or
//! UTF-16. Each is named with its file (and line), by `status` and by `export` alike, and a
//! problem that cannot be read is a row of `status` that says so without breaking its columns.

use std::path::Path;

use crate::support::run_in;

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

/// `status` and then a DOMjudge export of the contest `spring` in `dir`, each as
/// [`run_in`] gives it: every slip here must be named by both alike.
fn status_and_export(dir: &Path) -> [(i32, String); 2] {
    [
        run_in(dir, &["status", "spring"]),
        run_in(
            dir,
            &["export", "spring", "dj", "--format", "domjudge", "--force"],
        ),
    ]
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
    for (code, said) in status_and_export(work.path()) {
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
    // A folder whose problem.yml should be problem.yaml says so.
    edit(&contest.join("problems.yaml"), "id: raito", "id: ratio");
    std::fs::rename(
        contest.join("ratio/problem.yaml"),
        contest.join("ratio/problem.yml"),
    )
    .unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("problem.yml is there, but every format reads problem.yaml"),
        "{said}"
    );
    std::fs::rename(
        contest.join("ratio/problem.yml"),
        contest.join("ratio/problem.yaml"),
    )
    .unwrap();
    edit(&contest.join("problems.yaml"), "id: ratio", "id: raito");
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
    for (code, said) in status_and_export(work.path()) {
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

#[test]
fn contest_yaml_keys_misspelt_or_written_twice() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let file = contest.join("contest.yaml");
    let original = std::fs::read_to_string(&file).unwrap();

    // A misspelt key: read as before, with a warning naming the line and the key meant.
    edit(&file, "start_time:", "start_tme:");
    let line = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("start_tme"))
        .unwrap()
        + 1;
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 1, "only the secret data is missing: {said}");
    assert!(
        said.contains(&format!(
            "contest.yaml:{line}: unknown key `start_tme` is ignored"
        )) && said.contains("did you mean `start_time`?"),
        "{said}"
    );
    // ...and the export, which copies the file, says DOMjudge would refuse it.
    let (code, said) = run_in(
        work.path(),
        &["export", "spring", "dj", "--format", "domjudge"],
    );
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("no `start_time`, which DOMjudge's contest import needs"),
        "{said}"
    );
    assert!(
        said.contains("exported hello, ratio to dj"),
        "the contest is not counted among the problems: {said}"
    );

    // A key written twice: which one a contest system takes is up to its reader.
    std::fs::write(
        &file,
        format!("{original}start_time: 2031-01-01T10:00:00Z\n"),
    )
    .unwrap();
    let last = original.lines().count() + 1;
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains(&format!(
            "contest.yaml:{last}: `start_time` is written twice"
        )),
        "{said}"
    );
}

#[test]
fn a_start_time_no_contest_system_reads_is_named_with_its_line() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let file = contest.join("contest.yaml");
    let original = std::fs::read_to_string(&file).unwrap();
    let line = original
        .lines()
        .position(|l| l.starts_with("start_time"))
        .unwrap()
        + 1;
    let old = original
        .lines()
        .find(|l| l.starts_with("start_time"))
        .unwrap();
    for bad in [
        "tomorrow 10am",
        "2030-13-01T10:00:00Z",
        "1/4/2030 10:00",
        "2030-04-01 10:00",
    ] {
        std::fs::write(&file, original.replace(old, &format!("start_time: {bad}"))).unwrap();
        // A warning: the start time changes no verdict, so the contest is still read.
        for (code, said) in status_and_export(work.path()) {
            assert_ne!(code, 2, "{bad}: {said}");
            assert!(
                said.contains(&format!(
                    "contest.yaml:{line}: start_time is not a date and time"
                )),
                "{bad}: {said}"
            );
        }
    }
    // What BAPCtools, DOMjudge and YAML read: zones written every way, a space for the T.
    for good in [
        "2030-04-01T10:00:00+02:00",
        "2030-04-01T10:00:00Z",
        "2030-04-01 10:00:00+0200",
        "2030-04-01T10:00:00.500-05",
    ] {
        std::fs::write(&file, original.replace(old, &format!("start_time: {good}"))).unwrap();
        let (code, said) = run_in(work.path(), &["status", "spring"]);
        assert_ne!(code, 2, "{good}: {said}");
        assert!(!said.contains("start_time"), "{good}: {said}");
    }
    // No zone: read as UTC, as BAPCtools does, with a warning (DOMjudge refuses it quoted).
    std::fs::write(
        &file,
        original.replace(old, "start_time: '2030-04-01T10:00:00'"),
    )
    .unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_ne!(code, 2, "{said}");
    assert!(
        said.contains(&format!("contest.yaml:{line}: start_time has no time zone")),
        "{said}"
    );
}

#[test]
fn a_name_saved_as_latin1_is_refused_with_its_line() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    // An editor that saves `é` as Latin-1 writes one byte, 0xe9, which is not UTF-8.
    let file = contest.join("hello/problem.yaml");
    let text = std::fs::read(&file).unwrap();
    let line = 1 + String::from_utf8_lossy(&text)
        .lines()
        .position(|l| l.starts_with("name:"))
        .unwrap();
    let at = text.windows(11).position(|w| w == b"name: Hello").unwrap();
    let mut latin1 = text[..at].to_vec();
    latin1.extend_from_slice(b"name: Caf\xe9");
    latin1.extend_from_slice(&text[at + 11..]);
    std::fs::write(&file, latin1).unwrap();
    for (code, said) in status_and_export(work.path()) {
        assert_eq!(code, 2, "{said}");
        assert!(
            said.contains(&format!(
                "hello/problem.yaml:{line}: not UTF-8 text (byte 0xe9 in `name: Caf"
            )) && said.contains("save the file as UTF-8"),
            "{said}"
        );
    }
}

/// `text` as UTF-16, little-endian or not, with or without its byte order mark first.
fn utf16(text: &str, little: bool, mark: bool) -> Vec<u8> {
    let order = |u: u16| {
        if little {
            u.to_le_bytes()
        } else {
            u.to_be_bytes()
        }
    };
    let mark = mark.then_some(0xfeff).into_iter();
    mark.chain(text.encode_utf16()).flat_map(order).collect()
}

#[test]
fn a_yaml_file_saved_as_utf16_is_refused_naming_utf16() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    // Notepad's "Unicode": UTF-16 little-endian, opening with the mark FF FE.
    let file = contest.join("hello/problem.yaml");
    let original = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, utf16(&original, true, true)).unwrap();
    for (code, said) in status_and_export(work.path()) {
        assert_eq!(code, 2, "{said}");
        assert!(
            said.contains("hello/problem.yaml: not UTF-8 text but UTF-16 (little-endian, byte order mark FF FE); save the file as UTF-8"),
            "{said}"
        );
    }
    std::fs::write(&file, original).unwrap();
    // Without the mark the ASCII text is valid UTF-8 full of NULs: still named as UTF-16.
    let list = contest.join("problems.yaml");
    let original = std::fs::read_to_string(&list).unwrap();
    std::fs::write(&list, utf16(&original, false, false)).unwrap();
    for (code, said) in status_and_export(work.path()) {
        assert_eq!(code, 2, "{said}");
        assert!(
            said.contains(
                "problems.yaml: not UTF-8 text but UTF-16 (big-endian: every other byte is zero)"
            ),
            "{said}"
        );
    }
}

#[test]
fn export_names_a_sample_without_its_answer_as_verify_does() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    std::fs::remove_file(contest.join("hello/data/sample/1.ans")).unwrap();
    let (code, said) = run_in(
        work.path(),
        &["export", "spring", "dj", "--format", "domjudge"],
    );
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("exporting hello: ")
            && said.contains("data/sample/1.in: test input has no answer file"),
        "not the statement's failure to read it: {said}"
    );
    assert!(!said.contains("No such file"), "{said}");
}

#[test]
fn problems_yaml_entries_read_as_domjudge_reads_them_with_slips_named() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let list = contest.join("problems.yaml");
    // A number for a label is that label; a colour left unquoted is a comment; a colour by
    // name is no colour a contest system shows; a name other than the package's is not the
    // one exported.
    std::fs::write(
        &list,
        "- id: hello\n  label: 1\n  name: Hi there\n  rgb: #00ff00\n- id: ratio\n  label: 2\n  rgb: blue\n  time_limit: 5\n",
    )
    .unwrap();
    let (code, said) = run_in(
        work.path(),
        &["export", "spring", "dj", "--format", "domjudge"],
    );
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("problems.yaml:4: rgb is empty, since `#` starts a YAML comment"),
        "{said}"
    );
    assert!(
        said.contains("problems.yaml:7: rgb `blue` is not a colour written '#rrggbb'"),
        "{said}"
    );
    assert!(
        said.contains(
            "problem hello is listed as `Hi there` but its problem.yaml calls it `Hello`"
        ),
        "{said}"
    );
    assert!(
        said.contains("problem ratio is listed with time_limit 5 but its package's limit is 2 s"),
        "{said}"
    );
    let exported = std::fs::read_to_string(work.path().join("dj/problems.yaml")).unwrap();
    assert!(exported.contains("label: '1'"), "{exported}");
    assert!(exported.contains("label: '2'"), "{exported}");

    // A colour of the contest's own is kept, written out, with no CSS name that says another.
    std::fs::write(&list, "- id: hello\n  rgb: '#0F0'\n- id: ratio\n").unwrap();
    let (code, said) = run_in(
        work.path(),
        &["export", "spring", "dj", "--format", "domjudge", "--force"],
    );
    assert_eq!(code, 0, "{said}");
    let exported = std::fs::read_to_string(work.path().join("dj/problems.yaml")).unwrap();
    let hello = exported.split("- id: ratio").next().unwrap();
    assert!(hello.contains("rgb: '#00ff00'"), "{exported}");
    assert!(!hello.contains("color:"), "{exported}");

    // A label that is empty, or a list, is refused with the entry's line.
    for (entry, why) in [
        ("label: ''", "has an empty label"),
        ("label: [A]", "`label` must be one value"),
    ] {
        std::fs::write(&list, format!("- id: hello\n- id: ratio\n  {entry}\n")).unwrap();
        let (code, said) = run_in(work.path(), &["status", "spring"]);
        assert_eq!(code, 2, "{said}");
        assert!(
            said.contains("problems.yaml:2: ") && said.contains(why),
            "{said}"
        );
    }
}

#[test]
fn a_freeze_longer_than_the_contest_is_named_with_its_line() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let file = contest.join("contest.yaml");
    edit(
        &file,
        "scoreboard_freeze_duration: 1:00:00",
        "scoreboard_freeze_duration: 6:00:00",
    );
    let line = 1 + std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("scoreboard_freeze_duration"))
        .unwrap();
    for (code, said) in status_and_export(work.path()) {
        assert_ne!(code, 2, "{said}");
        assert!(
            said.contains(&format!(
                "contest.yaml:{line}: scoreboard_freeze_duration 6:00:00 is longer than the duration 5:00:00"
            )),
            "{said}"
        );
    }
    // As long as the contest is allowed: frozen from the start.
    edit(
        &file,
        "scoreboard_freeze_duration: 6:00:00",
        "scoreboard_freeze_duration: 5:00:00",
    );
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_ne!(code, 2, "{said}");
    assert!(!said.contains("is longer than the duration"), "{said}");
}

#[test]
fn windows_line_endings_in_an_input_are_named() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let input = contest.join("hello/data/sample/1.in");
    let text = std::fs::read_to_string(&input).unwrap();
    std::fs::write(&input, text.replace('\n', "\r\n")).unwrap();
    // The validator `new` wrote refuses it, in its own words; the cause is added.
    let (code, said) = run_in(&contest, &["validate", "hello"]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("sample/1.in: ")
            && said.contains("(the file has Windows line endings, \\r\\n: the likely cause)"),
        "{said}"
    );
    // A validator that reads words lets it through: a warning, as problemtools gives.
    std::fs::write(
        contest.join("hello/input_validators/validate.py"),
        "import sys\nwords = sys.stdin.read().split()\nsys.exit(42 if len(words) == 2 else 43)\n",
    )
    .unwrap();
    let (code, said) = run_in(&contest, &["validate", "hello"]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains(
            "sample/1.in: Windows line endings (\\r\\n), which the input validators let through"
        ),
        "{said}"
    );
}

#[test]
fn a_statement_that_mentions_a_sample_the_problem_lacks_is_warned_about() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let statement = contest.join("hello/statement/problem.en.md");
    let mut text = std::fs::read_to_string(&statement).unwrap();
    let line = text.lines().count() + 2;
    text.push_str("\nIn Sample 1 the sum is small; in Sample Input 2 it is large.\n");
    std::fs::write(&statement, text).unwrap();
    let (code, said) = run_in(&contest, &["statement", "hello", "-o", "hello.html"]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains(&format!(
            "problem.en.md:{line}: the statement mentions sample 2, but the problem has 1 sample in data/sample/"
        )),
        "{said}"
    );
    assert!(!said.contains("mentions sample 1"), "{said}");
    // With the second sample there, nothing is said.
    for ext in ["in", "ans"] {
        std::fs::copy(
            contest.join(format!("hello/data/sample/1.{ext}")),
            contest.join(format!("hello/data/sample/2.{ext}")),
        )
        .unwrap();
    }
    let (code, said) = run_in(&contest, &["statement", "hello", "-o", "hello.html"]);
    assert_eq!(code, 0, "{said}");
    assert!(!said.contains("mentions sample"), "{said}");
}

#[test]
fn contest_files_of_the_wrong_shape_say_what_shape_they_take() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let list = contest.join("problems.yaml");
    let original = std::fs::read_to_string(&list).unwrap();

    // A folder as a shell completes it, `hello/`: the folder hello, not also unlisted.
    std::fs::write(&list, original.replace("id: hello", "id: hello/")).unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 1, "{said}");
    assert!(!said.contains("not listed"), "{said}");
    assert!(said.contains("A hello "), "{said}");

    // A mapping where the list belongs, and a list where contest.yaml's keys belong.
    std::fs::write(&list, "hello:\n  label: A\n").unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains(
            "problems.yaml: problems.yaml is a list, one `- id: <folder>` entry per problem"
        ),
        "{said}"
    );
    std::fs::write(&list, &original).unwrap();
    std::fs::write(contest.join("contest.yaml"), "- name: Spring\n").unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("contest.yaml is keys and their values"),
        "{said}"
    );

    // An empty list beside the problem folders names the list.
    std::fs::remove_file(contest.join("contest.yaml")).unwrap();
    std::fs::write(&list, "# to do\n").unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("problems.yaml: lists no problems"), "{said}");
}

#[test]
fn new_takes_the_language_by_the_extension_it_prints() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    // `new` says "(pass-fail, py programs)": the same word picks the language.
    for (lang, ext) in [("py", "py"), ("rs", "rs"), ("c++", "cpp")] {
        let name = format!("p{ext}");
        let (code, said) = run_in(&contest, &["new", "problem", &name, "--lang", lang]);
        assert_eq!(code, 0, "{lang}: {said}");
        assert!(said.contains(&format!("{ext} programs")), "{lang}: {said}");
    }
}

#[test]
fn a_second_list_of_problems_in_contest_yaml_is_named() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    let file = contest.join("contest.yaml");
    let mut text = std::fs::read_to_string(&file).unwrap();
    let line = text.lines().count() + 1;
    text.push_str("problems:\n  - short-name: ratio\n    letter: A\n");
    std::fs::write(&file, text).unwrap();
    let (code, said) = run_in(work.path(), &["status", "spring"]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains(&format!(
            "contest.yaml:{line}: `problems:` is ignored, since problems.yaml lists the contest's problems"
        )),
        "{said}"
    );
    assert!(said.contains("A hello "), "problems.yaml's order: {said}");
}

#[test]
fn a_problem_that_cannot_be_read_keeps_the_status_table_in_columns() {
    let work = tempfile::tempdir().unwrap();
    let contest = spring(work.path());
    std::fs::write(contest.join("ratio/problem.yaml"), "name: [Ratio\n").unwrap();
    let out = crate::support::leapfrog()
        .current_dir(work.path())
        .args(["status", "spring"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let table = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    // Every line of the table is one line: the heading, the column names, one row a problem
    // and the legend. The broken problem's row says `error`, with no part of the message.
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 5, "{table}");
    let row = lines.iter().find(|l| l.starts_with("B ratio")).unwrap();
    assert!(row.contains("error"), "{table}");
    assert!(
        !table.contains("problem.yaml"),
        "the message is not in the table: {table}"
    );
    // The whole message follows on stderr, naming the problem and its file.
    let said = stderr
        .lines()
        .find(|l| l.contains("B ratio:"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(said.contains("ratio/problem.yaml"), "{stderr}");
    // The JSON keeps the message in the problem's entry, as before.
    let out = crate::support::leapfrog()
        .current_dir(work.path())
        .args(["status", "spring", "--json"])
        .output()
        .unwrap();
    let v = crate::support::json(&out);
    let error = v["problems"][1]["error"].as_str().unwrap();
    assert!(error.contains("problem.yaml"), "{v}");
}
