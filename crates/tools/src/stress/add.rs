//! `stress --add`: the shrunk failure becomes a test of the package. A failure made by a
//! generator command line becomes an entry of `generators/generators.yaml` (under
//! `data.secret.data`, inserted as text so that the file's comments and order stay); any other
//! failure, or a plan this cannot edit, becomes the files `data/secret/stress/NAME.in|.ans`.

use std::path::PathBuf;

use anyhow::Context;

use super::Found;
use leapfrog_package::Package;

/// What `--add` added.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Added {
    /// The files written or changed.
    pub files: Vec<PathBuf>,
    /// The test's name under `data/` (`secret/stress-int32-1`).
    pub test: String,
    /// One line for the user.
    pub description: String,
}

/// Adds the failure as the test `name` (a file-name-safe word).
pub fn add(package: &Package, found: &Found, name: &str) -> anyhow::Result<Added> {
    if let Some(line) = &found.shrunk_line
        && let Some(added) = add_to_plan(package, line, name)?
    {
        return Ok(added);
    }
    let dir = package.root.join("data").join("secret").join("stress");
    let (input, answer) = (
        dir.join(format!("{name}.in")),
        dir.join(format!("{name}.ans")),
    );
    for path in [&input, &answer] {
        if path.exists() {
            anyhow::bail!("{} exists already: not overwriting it", path.display());
        }
    }
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    leapfrog_util::write_atomically(&input, &found.input)?;
    leapfrog_util::write_atomically(&answer, &found.answer)?;
    Ok(Added {
        description: format!("added the test secret/stress/{name}: {}", input.display()),
        files: vec![input, answer],
        test: format!("secret/stress/{name}"),
    })
}

/// Inserts `name: line` as the first test of `data.secret.data` in generators.yaml, if the
/// plan has such a block; checks that the plan then reads with the new test in it, else puts
/// the file back as it was and returns `None`.
fn add_to_plan(package: &Package, line: &str, name: &str) -> anyhow::Result<Option<Added>> {
    let path = package.plan_path();
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let Some(edited) = insert_entry(&text, name, line) else {
        return Ok(None);
    };
    let test = format!("secret/{name}");
    if let Some(plan) = package.plan()?
        && plan.tests.iter().any(|t| t.name == test)
    {
        anyhow::bail!("{}: the plan has a test {test} already", path.display());
    }
    leapfrog_util::write_atomically(&path, edited.as_bytes())?;
    let reads = package
        .plan()
        .ok()
        .flatten()
        .is_some_and(|plan| plan.tests.iter().any(|t| t.name == test));
    if !reads {
        leapfrog_util::write_atomically(&path, text.as_bytes())?;
        return Ok(None);
    }
    Ok(Some(Added {
        description: format!(
            "added the test {test} to {}: `{line}` (`leapfrog generate` makes its files)",
            path.display()
        ),
        files: vec![path],
        test,
    }))
}

/// The plan's text with an entry inserted at the start of the block `data:` / `secret:` /
/// `data:` (block style, a mapping or a list of one-key mappings).
fn insert_entry(text: &str, name: &str, line: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let meaningful = |l: &str| !l.trim().is_empty() && !l.trim_start().starts_with('#');
    // Each key in turn, each more indented than the one before and inside its block.
    let mut at = 0;
    let mut depth: Option<usize> = None;
    for key in ["data:", "secret:", "data:"] {
        let found = (at..lines.len()).find(|&i| {
            let l = lines[i];
            meaningful(l) && depth.is_none_or(|d| indent(l) > d) && l.trim() == key
        })?;
        // Nothing between the parent and this key may leave the parent's block.
        if (at..found).any(|i| meaningful(lines[i]) && depth.is_some_and(|d| indent(lines[i]) <= d))
        {
            return None;
        }
        depth = Some(indent(lines[found]));
        at = found + 1;
    }
    let child = (at..lines.len()).find(|&i| meaningful(lines[i]))?;
    let child_indent = indent(lines[child]);
    let list = lines[child].trim_start().starts_with("- ");
    // A list may sit at its key's indentation; a mapping's keys are deeper.
    if child_indent < depth? || (child_indent == depth? && !list) {
        return None;
    }
    let quoted = serde_yaml_ng::to_string(line).ok()?;
    let entry = format!(
        "{}{}{name}: {}",
        " ".repeat(child_indent),
        if list { "- " } else { "" },
        quoted.trim_end()
    );
    let mut out: Vec<&str> = lines[..at].to_vec();
    out.push(&entry);
    out.extend_from_slice(&lines[at..]);
    Some(out.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_goes_first_in_the_secret_block() {
        let plan = "# comment\nsolution: /s.py\ndata:\n  sample:\n    data:\n      - x: g.py 1\n  secret:\n    data:\n      # small first\n      01: gen.py --n 2\n";
        let edited = insert_entry(plan, "stress-a-1", "gen.py --n 3 --seed 4").unwrap();
        assert!(edited.ends_with(
            "  secret:\n    data:\n      stress-a-1: gen.py --n 3 --seed 4\n      # small first\n      01: gen.py --n 2\n"
        ), "{edited}");
        let listed = "data:\n  secret:\n    data:\n    - a: g 1\n";
        let edited = insert_entry(listed, "s", "g 2").unwrap();
        assert_eq!(
            edited,
            "data:\n  secret:\n    data:\n    - s: g 2\n    - a: g 1\n"
        );
        assert_eq!(
            insert_entry("data:\n  sample:\n    data: {}\n", "s", "g"),
            None
        );
    }
}
