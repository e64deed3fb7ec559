//! `submissions/` in the legacy export, which has no `submissions.yaml`: what that file expects
//! of a program is carried by the program's folder or, outside the four folders whose meaning
//! is fixed, by DOMjudge's `@EXPECTED_RESULTS@:` line in its source, which DOMjudge and
//! BAPCtools read (problemtools leaves such folders alone).
//!
//! The line lists the results a program may end with, and BAPCtools reads it as two rules:
//! every test is accepted or gets one of them, and the final result (the first test that is not
//! accepted) is one of them. A rule of `submissions.yaml` carries over only when it says
//! exactly that ([`final_results`]); one that constrains a group of tests, asks for a judge
//! message, a score or a use for the time limit, or requires a verdict that the final result
//! does not decide, stops the export, naming the program and the rule.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::files::{check_name, copy_file, copy_tree, file_name};
use super::kattis::Notes;
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Expectation, LEGACY_FOLDERS, Package, Submission, TestScope, VerdictSet};

const MARK: &str = "@EXPECTED_RESULTS@:";

/// Every verdict a test of a 2025-09 rule can get (its `RTE` covers leapfrog's MLE and OLE).
fn any_test() -> VerdictSet {
    use Verdict::*;
    VerdictSet::of(&[Ac, Wa, Tle, Rte, Mle, Ole])
}

fn accepted() -> VerdictSet {
    VerdictSet::of(&[Verdict::Ac])
}

/// The results a program may end with when that says all its expectation says, read as
/// BAPCtools reads `@EXPECTED_RESULTS@:`; otherwise why it says more.
pub fn final_results(expectation: &Expectation) -> Result<VerdictSet, String> {
    if let Some(score) = &expectation.score {
        let shown = serde_yaml_ng::to_string(score).unwrap_or_default();
        return Err(format!(
            "submissions.yaml requires `score: {}`",
            shown.trim()
        ));
    }
    // `tests`: what each test may get; `last`: what the final result may be.
    let (mut tests, mut last) = (any_test(), any_test());
    // A compile error is no test's verdict: a line that lists it keeps it unless a rule
    // requires a verdict of some test, which a program that does not compile never meets.
    let compiles = VerdictSet::of(&[Verdict::Ce]);
    let mut may_not_compile = false;
    if let Some((_, listed)) = &expectation.final_verdicts {
        tests = tests.and(listed.or(accepted()));
        last = last.and(*listed);
        may_not_compile = listed.contains(Verdict::Ce);
    }
    for rule in &expectation.rules {
        let origin = &rule.origin;
        if let TestScope::Matching { pattern, .. } = &rule.tests {
            return Err(format!("{origin}: a rule for the tests `{pattern}` only"));
        }
        if rule.message.is_some() {
            return Err(format!("{origin}: `message`"));
        }
        if rule.time_limit_use.is_some() {
            return Err(format!("{origin}: `use_for_time_limit`"));
        }
        if let Some(permitted) = rule.permitted {
            tests = tests.and(permitted);
            last = last.and(permitted);
        }
    }
    if !tests.contains(Verdict::Ac) {
        return Err(format!(
            "permitting only {} on every test (the line always lets a test be accepted)",
            tests.label()
        ));
    }
    for rule in &expectation.rules {
        let Some(required) = rule.required else {
            continue;
        };
        if tests.is_subset(required) {
            continue; // every test meets it
        }
        // "Some test gets one of these" is "the first failure is one of these" only when they
        // are all the failures permitted.
        if required.contains(Verdict::Ac) || !tests.without(accepted()).is_subset(required) {
            return Err(format!(
                "{}: requiring {} on some test while permitting {}",
                rule.origin,
                required.label(),
                tests.label()
            ));
        }
        last = last.and(required);
        may_not_compile = false;
    }
    let results = last.and(tests);
    if results.is_empty() {
        return Err("no result meets every rule".into());
    }
    if results.or(accepted()) != tests {
        // (`tests` holds no compile error, `results` none yet.)
        return Err(format!(
            "permitting {} on a test but only {} as the result",
            tests.label(),
            results.label()
        ));
    }
    Ok(match may_not_compile {
        true => results.or(compiles),
        false => results,
    })
}

/// The results of a legacy folder, which DOMjudge and BAPCtools judge by the folder alone.
fn folder_results(folder: &str) -> Option<VerdictSet> {
    use Verdict::*;
    Some(match folder {
        "accepted" => VerdictSet::of(&[Ac]),
        "wrong_answer" => VerdictSet::of(&[Wa]),
        "time_limit_exceeded" => VerdictSet::of(&[Tle]),
        "run_time_error" => VerdictSet::of(&[Rte, Mle, Ole]),
        _ => return None,
    })
}

/// The results as DOMjudge names them: `WRONG-ANSWER, TIMELIMIT`.
fn domjudge_names(set: VerdictSet) -> Result<String, String> {
    use Verdict::*;
    let run_error = VerdictSet::of(&[Rte, Mle, Ole]);
    let mut names = Vec::new();
    for (verdicts, name) in [
        (VerdictSet::of(&[Ac]), "CORRECT"),
        (VerdictSet::of(&[Wa]), "WRONG-ANSWER"),
        (VerdictSet::of(&[Tle]), "TIMELIMIT"),
        (run_error, "RUN-ERROR"),
        (VerdictSet::of(&[Ce]), "COMPILER-ERROR"),
    ] {
        let inside = set.and(verdicts);
        if inside == verdicts {
            names.push(name);
        } else if !inside.is_empty() {
            return Err(format!(
                "the result {} without the other run errors (DOMjudge reports them all as RUN-ERROR)",
                inside.label()
            ));
        }
    }
    Ok(names.join(", "))
}

/// Writes `submissions/` of the legacy export into `dest`.
pub fn write_legacy(package: &Package, dest: &Path, notes: &mut Notes) -> anyhow::Result<()> {
    let dir = package.root.join("submissions");
    if !dir.is_dir() {
        return Ok(());
    }
    let known = package.submissions()?;
    for entry in leapfrog_package::programs_in(&dir)? {
        let name = file_name(&entry)?;
        if name == "submissions.yaml" {
            notes.push("submissions/submissions.yaml: not copied, the legacy format has no such file; its expectations are carried by the folders and by @EXPECTED_RESULTS@ lines".into());
            continue;
        }
        if !entry.is_dir() {
            bail!(
                "submissions/{name}: the legacy format has no such file (only folders of programs); export to 2025-09"
            );
        }
        for program in leapfrog_package::programs_in(&entry)? {
            let rel = format!("{name}/{}", file_name(&program)?);
            let target = dest.join("submissions").join(&rel);
            let submission = known.iter().find(|s| s.rel == rel);
            if let Some(marker) = plan(&name, &rel, submission)? {
                copy_program(&program, &target)?;
                let file = write_marker(&target, &marker)?;
                let file = file.strip_prefix(dest).unwrap_or(&file).display();
                notes.push(format!(
                    "submissions/{rel}: what submissions/submissions.yaml expects of it written as `{MARK} {marker}` in {file}"
                ));
            } else {
                copy_program(&program, &target)?;
            }
        }
    }
    Ok(())
}

/// The `@EXPECTED_RESULTS@:` list to write into a program, when its source needs one; an error
/// when the legacy format cannot carry what the program is expected to get.
fn plan(
    folder: &str,
    rel: &str,
    submission: Option<&Submission>,
) -> anyhow::Result<Option<String>> {
    let Some(submission) = submission else {
        return Ok(None);
    };
    let expectation = &submission.expectation;
    let refuse = |why: &str| -> anyhow::Error {
        anyhow::anyhow!(
            "submissions/{rel}: {why}, which the legacy format cannot express (its folders and DOMjudge's @EXPECTED_RESULTS@ line say only which results a program may end with); export to 2025-09"
        )
    };
    if submission.language.is_some() || submission.entrypoint.is_some() {
        return Err(refuse(
            "submissions.yaml sets its `language` or `entrypoint`",
        ));
    }
    if let Some(own) = folder_results(folder) {
        // The folder decides; submissions.yaml may only say the same.
        if submission.listed {
            let results = final_results(expectation).map_err(|why| refuse(&why))?;
            if results != own {
                return Err(refuse(&format!(
                    "submissions/submissions.yaml expects {} of a program in {folder}/, which DOMjudge judges by its folder alone (move it to a folder of its own, such as mixed/)",
                    results.label()
                )));
            }
        }
        return Ok(None);
    }
    if LEGACY_FOLDERS.contains(&folder) || folder == "partially_accepted" {
        // leapfrog's own folders (and the legacy one for partial scores) keep their names.
        if submission.listed {
            return Err(refuse(&format!(
                "submissions/submissions.yaml adds to the rule of {folder}/"
            )));
        }
        return Ok(None);
    }
    if expectation.is_empty() {
        bail!(
            "submissions/{rel}: nothing says what it must get (its folder is none the legacy format defines, and no @EXPECTED_RESULTS@ line or submissions.yaml rule names it); export to 2025-09, or move it into one of the folders {}, partially_accepted",
            LEGACY_FOLDERS.join(", ")
        );
    }
    let results = final_results(expectation).map_err(|why| refuse(&why))?;
    if expectation.final_verdicts.as_ref().map(|(_, s)| *s) == Some(results) {
        return Ok(None); // its own line says it already
    }
    domjudge_names(results)
        .map(Some)
        .map_err(|why| refuse(&why))
}

fn copy_program(program: &Path, target: &Path) -> anyhow::Result<()> {
    if program.is_dir() {
        return copy_tree(program, target);
    }
    check_name(&file_name(program)?, program)?;
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    copy_file(program, target)
}

/// Puts `@EXPECTED_RESULTS@: <list>` into the exported program: in place of the line it has,
/// else as a comment at the end of its first source whose comment syntax is known. Returns the
/// file written.
fn write_marker(program: &Path, list: &str) -> anyhow::Result<PathBuf> {
    let mut files = Vec::new();
    if program.is_dir() {
        for entry in walkdir::WalkDir::new(program).sort_by_file_name() {
            let entry = entry?;
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
    } else {
        files.push(program.to_path_buf());
    }
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        if text.contains(MARK) {
            let replaced: Vec<String> = text.lines().map(|l| replace_list(l, list)).collect();
            let mut out = replaced.join("\n");
            if text.ends_with('\n') {
                out.push('\n');
            }
            std::fs::write(file, out).with_context(|| format!("writing {}", file.display()))?;
            return Ok(file.clone());
        }
    }
    for file in &files {
        let Some(lines) = comment_lines(file, list) else {
            continue;
        };
        let mut text =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&lines);
        std::fs::write(file, text).with_context(|| format!("writing {}", file.display()))?;
        return Ok(file.clone());
    }
    bail!(
        "{}: no source of a language whose comments export knows, to hold its `{MARK}` line; export to 2025-09",
        program.display()
    )
}

/// The line with the list after its `@EXPECTED_RESULTS@:` replaced (a comment closer kept).
fn replace_list(line: &str, list: &str) -> String {
    let Some(at) = line.find(MARK) else {
        return line.to_string();
    };
    let rest = line[at + MARK.len()..].trim_end();
    let closer = ["*/", "-->"]
        .into_iter()
        .find(|c| rest.ends_with(c))
        .map(|c| format!(" {c}"))
        .unwrap_or_default();
    format!("{}{MARK} {list}{closer}", &line[..at])
}

/// The comment that carries the line in a file of this kind, or none for an unknown kind.
fn comment_lines(file: &Path, list: &str) -> Option<String> {
    let ext = file.extension()?.to_str()?.to_ascii_lowercase();
    let why = "exported by leapfrog: what submissions.yaml expects of this program";
    let prefix = match ext.as_str() {
        "py" | "py2" | "py3" | "sh" | "bash" | "rb" | "r" | "jl" | "nim" | "cr" | "ex" | "exs"
        | "awk" | "tcl" => "#",
        "c" | "cc" | "cpp" | "cxx" | "c++" | "h" | "hpp" | "java" | "kt" | "kts" | "rs" | "go"
        | "js" | "mjs" | "ts" | "cs" | "scala" | "swift" | "d" | "dart" | "zig" | "fs"
        | "groovy" | "php" => "//",
        "hs" | "lua" | "sql" | "adb" | "ads" | "elm" => "--",
        "lisp" | "lsp" | "cl" | "scm" | "clj" | "rkt" | "el" => ";",
        "ml" | "mli" | "pas" => {
            return Some(format!("(* {why}\n{MARK} {list}\n*)\n"));
        }
        _ => return None,
    };
    Some(format!("{prefix} {why}\n{prefix} {MARK} {list}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_package::Rule;

    fn set(names: &[&str]) -> VerdictSet {
        let mut set = VerdictSet::default();
        for name in names {
            set.add_spec_name(name).unwrap();
        }
        set
    }

    fn rule(permitted: Option<&[&str]>, required: Option<&[&str]>) -> Rule {
        Rule {
            origin: "test rule".into(),
            tests: TestScope::All,
            permitted: permitted.map(set),
            required: required.map(set),
            message: None,
            time_limit_use: None,
        }
    }

    fn expecting(rules: Vec<Rule>) -> Expectation {
        Expectation {
            rules,
            ..Expectation::default()
        }
    }

    #[test]
    fn the_default_folders_are_their_final_results() {
        let wa = expecting(vec![rule(Some(&["AC", "WA"]), Some(&["WA"]))]);
        assert_eq!(final_results(&wa), Ok(set(&["WA"])));
        let rejected = expecting(vec![rule(None, Some(&["RTE", "TLE", "WA"]))]);
        assert_eq!(final_results(&rejected), Ok(set(&["WA", "TLE", "RTE"])));
        let mixed = expecting(vec![rule(Some(&["AC", "WA", "TLE", "RTE"]), None)]);
        let names = domjudge_names(final_results(&mixed).unwrap()).unwrap();
        assert_eq!(names, "CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR");
    }

    #[test]
    fn rules_the_final_result_does_not_decide_are_refused() {
        // WA on some test while TLE is permitted: a TLE first and a WA later meets it.
        let loose = expecting(vec![rule(Some(&["AC", "WA", "TLE"]), Some(&["WA"]))]);
        assert!(final_results(&loose).unwrap_err().contains("requiring WA"));
        // WA on every test: the line always lets a test be accepted.
        let strict = expecting(vec![rule(Some(&["WA"]), None)]);
        assert!(
            final_results(&strict)
                .unwrap_err()
                .contains("permitting only WA")
        );
        let mut scored = expecting(vec![]);
        scored.score = Some(75.into());
        assert!(final_results(&scored).unwrap_err().contains("`score: 75`"));
    }

    #[test]
    fn a_compile_error_listed_stays_unless_a_test_verdict_is_required() {
        let mut listed = VerdictSet::default();
        for name in ["CORRECT", "COMPILER-ERROR", "WRONG-ANSWER"] {
            listed.add_domjudge_name(name).unwrap();
        }
        let mut mixed = expecting(vec![rule(Some(&["AC", "WA", "TLE", "RTE"]), None)]);
        mixed.final_verdicts = Some(("a.java:6".into(), listed));
        assert_eq!(final_results(&mixed), Ok(listed));
        let mut rejected = expecting(vec![rule(None, Some(&["RTE", "TLE", "WA"]))]);
        rejected.final_verdicts = Some(("a.java:6".into(), listed));
        assert_eq!(final_results(&rejected), Ok(set(&["WA"])));
    }

    #[test]
    fn a_line_replaces_the_list_and_keeps_the_closer() {
        assert_eq!(
            replace_list(" * @EXPECTED_RESULTS@: CORRECT, NO-OUTPUT */", "CORRECT"),
            " * @EXPECTED_RESULTS@: CORRECT */"
        );
    }
}
