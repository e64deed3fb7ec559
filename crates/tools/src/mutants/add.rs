//! `mutants --add`: the random tests that told a survivor apart from the reference become tests
//! of the package's data plan (the group `secret/mutants` of `generators/generators.yaml`),
//! each under a comment naming the mutant it kills, so the data is stronger for good. The plan
//! is edited as text (its comments and order stay as they are), checked by loading it again,
//! and replaced atomically.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, bail};

use super::campaign::SubmissionResult;
use leapfrog_package::{Package, Plan};

/// Appends one plan test per distinct counterexample found (not already in the plan); returns
/// the names of the new tests.
pub fn add_to_plan(package: &Package, results: &[SubmissionResult]) -> anyhow::Result<Vec<String>> {
    let Some(plan) = package.plan()? else {
        bail!(
            "{}: --add needs a data plan (generators/generators.yaml) to add tests to",
            package.root.display()
        );
    };
    let mut taken: BTreeSet<String> = plan.tests.iter().map(|t| t.name.clone()).collect();
    let planned: BTreeSet<String> = plan.tests.iter().map(|t| t.command_line()).collect();
    // One test per distinct generator line, under a comment naming every mutant it kills.
    let mut kills: Vec<(String, String, Vec<String>)> = Vec::new();
    for submission in results {
        let stem = file_stem(&submission.submission);
        for mutant in &submission.mutants {
            let Some(found) = &mutant.counterexample else {
                continue;
            };
            let comment = format!(
                "# kills {}:{} ({}): {} -> {}\n",
                submission.submission, mutant.line, mutant.operator, mutant.before, mutant.after
            );
            let line = leapfrog_util::words(&found.generator).join(" ");
            if planned.contains(&line) {
                continue;
            }
            match kills.iter_mut().find(|(l, _, _)| *l == line) {
                Some((_, _, comments)) => comments.push(comment),
                None => kills.push((line, stem.clone(), vec![comment])),
            }
        }
    }
    let mut lines = Vec::new();
    let mut added = Vec::new();
    for (line, stem, comments) in kills {
        let key = (1..)
            .map(|k| format!("{stem}-{k:02}"))
            .find(|key| !taken.contains(&format!("secret/mutants/{key}")))
            .expect("an unbounded range has a free name");
        let name = format!("secret/mutants/{key}");
        taken.insert(name.clone());
        lines.extend(comments.into_iter().map(|c| c.trim_end().to_string()));
        lines.push(format!("{key}: {line}"));
        added.push(name);
    }
    if !added.is_empty() {
        rewrite(&plan, &lines, &added)?;
    }
    Ok(added)
}

/// Appends `lines` (entries of the group `secret/mutants`) at the end of the plan, which must
/// end with the `secret` group (and its `mutants` group, once there is one), and checks that
/// the result still loads with the new tests in it before it replaces the plan.
fn rewrite(plan: &Plan, lines: &[String], added: &[String]) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&plan.path)
        .with_context(|| format!("reading {}", plan.path.display()))?;
    let mut new = text.clone();
    if !new.ends_with('\n') {
        new.push('\n');
    }
    let indent = match block_indent(&text, "mutants") {
        Some(indent) => indent + 4,
        None => {
            let secret = block_indent(&text, "secret").unwrap_or(2);
            let pad = " ".repeat(secret + 4);
            new.push_str(&format!("{pad}mutants:\n{pad}  data:\n"));
            secret + 8
        }
    };
    for line in lines {
        new.push_str(&format!("{}{line}\n", " ".repeat(indent)));
    }
    let dir = plan.path.parent().context("the plan has a directory")?;
    let check = tempfile::Builder::new()
        .prefix(".plan-")
        .suffix(".yaml")
        .tempfile_in(dir)
        .context("creating a temporary plan")?;
    std::fs::write(check.path(), &new).context("writing the temporary plan")?;
    let reloaded = Plan::load(check.path());
    let ok = reloaded.as_ref().is_ok_and(|p| {
        added
            .iter()
            .all(|name| p.tests.iter().any(|t| &t.name == name))
    });
    if !ok {
        bail!(
            "{}: the new tests could not be appended (the plan must end with the group `secret`, and its `mutants` group if it has one)",
            plan.path.display()
        );
    }
    check
        .persist(&plan.path)
        .with_context(|| format!("replacing {}", plan.path.display()))?;
    Ok(())
}

/// The indentation of the last line `KEY:` of the text when everything after it is indented
/// deeper (the block runs to the end of the file).
fn block_indent(text: &str, key: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().rposition(|l| {
        l.trim_end() == format!("{}{key}:", " ".repeat(l.len() - l.trim_start().len()))
    })?;
    let indent = lines[at].len() - lines[at].trim_start().len();
    let runs_to_end = lines[at + 1..]
        .iter()
        .filter(|l| !l.trim().is_empty())
        .all(|l| l.len() - l.trim_start().len() > indent || l.trim_start().starts_with('#'));
    runs_to_end.then_some(indent)
}

fn file_stem(display: &str) -> String {
    let stem = Path::new(display)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    stem.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}
