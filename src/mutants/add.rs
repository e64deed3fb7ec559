//! `mutants --add`: the random tests that told a survivor apart from the reference become tests
//! of the package's data plan, each under a comment naming the mutant it kills, so the data is
//! stronger for good. The plan is edited as text (its comments and order stay as they are),
//! checked by loading it again, and replaced atomically.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, bail};

use super::campaign::SubmissionResult;
use crate::package::{Package, Plan};

/// Appends one plan test per distinct counterexample found (not already in the plan); returns
/// the names of the new tests.
pub fn add_to_plan(package: &Package, results: &[SubmissionResult]) -> anyhow::Result<Vec<String>> {
    let Some(plan) = package.plan()? else {
        bail!(
            "{}: --add needs a data plan (generators/plan.yaml) to add tests to",
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
                "  # kills {}:{} ({}): {} -> {}\n",
                submission.submission, mutant.line, mutant.operator, mutant.before, mutant.after
            );
            let line = crate::generators::words(&found.generator).join(" ");
            if planned.contains(&line) {
                continue;
            }
            match kills.iter_mut().find(|(l, _, _)| *l == line) {
                Some((_, _, comments)) => comments.push(comment),
                None => kills.push((line, stem.clone(), vec![comment])),
            }
        }
    }
    let mut lines = String::new();
    let mut added = Vec::new();
    for (line, stem, comments) in kills {
        let name = (1..)
            .map(|k| format!("secret/mutants/{stem}-{k:02}"))
            .find(|name| !taken.contains(name))
            .expect("an unbounded range has a free name");
        taken.insert(name.clone());
        lines.extend(comments);
        lines.push_str(&format!("  {name}: {line}\n"));
        added.push(name);
    }
    if !added.is_empty() {
        rewrite(&plan, &lines, &added)?;
    }
    Ok(added)
}

/// Appends `lines` under the plan's `tests:` (which must be its last key) and checks that the
/// result still loads with the new tests in it before it replaces the plan.
fn rewrite(plan: &Plan, lines: &str, added: &[String]) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&plan.path)
        .with_context(|| format!("reading {}", plan.path.display()))?;
    let mut new = text.clone();
    if !new.ends_with('\n') {
        new.push('\n');
    }
    new.push_str(lines);
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
            "{}: the new tests could not be appended (is `tests:` the plan's last key?)",
            plan.path.display()
        );
    }
    check
        .persist(&plan.path)
        .with_context(|| format!("replacing {}", plan.path.display()))?;
    Ok(())
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
