//! `submissions/` in the legacy export, which has no `submissions.yaml`: what that file expects
//! of a program is carried by the program's folder or, outside the four folders whose meaning
//! is fixed, by DOMjudge's `@EXPECTED_RESULTS@:` line in its source, which DOMjudge and
//! BAPCtools read (problemtools leaves such folders alone).
//!
//! The line lists the results a program may end with, and BAPCtools reads it as two rules:
//! every test is accepted or gets one of them, and the final result (the first test that is not
//! accepted) is one of them. A rule of `submissions.yaml` carries over only when it says
//! exactly that ([`leapfrog_package::Expectation::final_results`]); one that constrains a group
//! of tests, asks for a judge message, a score or a use for the time limit, or requires a
//! verdict that the final result does not decide, stops the export, naming the program and the
//! rule.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::files::{check_name, copy_file, copy_tree, file_name};
use leapfrog_package::{LEGACY_FOLDERS, Package, Submission};

const MARK: &str = "@EXPECTED_RESULTS@:";

/// Writes `submissions/` of the legacy export into `dest`.
pub fn write_legacy(package: &Package, dest: &Path, notes: &mut Vec<String>) -> anyhow::Result<()> {
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
    if let Some(own) = leapfrog_package::folder_results(folder) {
        // The folder decides; submissions.yaml may only say the same.
        if submission.listed {
            let results = expectation.final_results().map_err(|why| refuse(&why))?;
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
    let results = expectation.final_results().map_err(|why| refuse(&why))?;
    if expectation.final_verdicts.as_ref().map(|(_, s)| *s) == Some(results) {
        return Ok(None); // its own line says it already
    }
    results
        .domjudge_names()
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

    #[test]
    fn a_line_replaces_the_list_and_keeps_the_closer() {
        assert_eq!(
            replace_list(" * @EXPECTED_RESULTS@: CORRECT, NO-OUTPUT */", "CORRECT"),
            " * @EXPECTED_RESULTS@: CORRECT */"
        );
    }
}
