//! The generator plan, `generators/plan.yaml` in a package: every generated test's name with
//! the command line that makes it, and the solution that answers it.
//!
//! ```yaml
//! solution: checkers            # a built-in reference solver, or a program path in the package
//! tests:
//!   secret/unique/01-n8: checkers --outcome unique --n 8 --seed 1
//!   secret/none/01-n8: checkers --outcome none --n 8 --seed 2
//! ```
//! A command's first word names a built-in generator (`leapfrog gen --list`) or a program in
//! the package's `generators/` directory; the rest are its arguments, split on white space.

use std::path::{Component, Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;

#[derive(Debug, Clone)]
pub struct PlanTest {
    /// The test's path under `data/` without extension (`secret/unique/01-n8`).
    pub name: String,
    /// The generator: the first word of the command.
    pub generator: String,
    pub args: Vec<String>,
}

impl PlanTest {
    /// The command as written in the plan.
    pub fn command_line(&self) -> String {
        std::iter::once(self.generator.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[derive(Debug, Clone)]
pub struct Plan {
    pub path: PathBuf,
    /// Where the answers come from, as written: a built-in reference solver's name, else a
    /// program's path relative to the package root. The package layer does not know the
    /// built-in solvers; the layers that answer tests decide which it is.
    pub solution: String,
    pub tests: Vec<PlanTest>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlan {
    solution: String,
    tests: serde_yaml_ng::Mapping,
}

impl Plan {
    pub fn load(path: &Path) -> anyhow::Result<Plan> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let raw: RawPlan =
            serde_yaml_ng::from_str(&text).with_context(|| path.display().to_string())?;
        let mut tests = Vec::new();
        for (key, value) in raw.tests {
            let (Some(name), Some(command)) = (key.as_str(), value.as_str()) else {
                bail!(
                    "{}: every test must map a name to a command line",
                    path.display()
                );
            };
            check_test_name(name).with_context(|| format!("{}: test '{name}'", path.display()))?;
            let Some((generator, args)) = crate::util::split_command(command) else {
                bail!("{}: test '{name}' has an empty command", path.display());
            };
            tests.push(PlanTest {
                name: name.to_string(),
                generator,
                args,
            });
        }
        if tests.is_empty() {
            bail!("{}: the plan lists no tests", path.display());
        }
        Ok(Plan {
            path: path.to_path_buf(),
            solution: raw.solution,
            tests,
        })
    }
}

/// A test name must stay inside `data/secret/` and be a plain relative path.
fn check_test_name(name: &str) -> anyhow::Result<()> {
    let path = Path::new(name);
    if !name.starts_with("secret/") {
        bail!("generated tests live under secret/");
    }
    if path
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        bail!("the name must be a plain relative path (no '..', no leading '/')");
    }
    if name.ends_with(".in") || name.ends_with(".ans") {
        bail!("give the name without an extension");
    }
    Ok(())
}

/// The generator that stress testing draws from when it is given none.
#[derive(Debug, Clone)]
pub struct DefaultGenerator {
    /// The first word of the plan's commands: a built-in generator's name or a program in the
    /// package's `generators/` directory.
    pub name: String,
    /// The arguments of every plan test that uses it, in plan order.
    pub lines: Vec<Vec<String>>,
}

impl super::Package {
    /// The reference that answers random tests when none is given: the plan's `solution` as
    /// written (a built-in solver's name or a path relative to the package), if there is a plan.
    pub fn default_reference(&self) -> anyhow::Result<Option<String>> {
        Ok(self.plan()?.map(|plan| plan.solution))
    }

    /// The generator that makes random tests when none is given: the one most of the plan's
    /// tests use (the first of them on a tie), with the arguments of each of its tests.
    pub fn default_generator(&self) -> anyhow::Result<Option<DefaultGenerator>> {
        let Some(plan) = self.plan()? else {
            return Ok(None);
        };
        let mut found: Vec<DefaultGenerator> = Vec::new();
        for test in plan.tests {
            match found.iter_mut().find(|g| g.name == test.generator) {
                Some(known) => known.lines.push(test.args),
                None => found.push(DefaultGenerator {
                    name: test.generator,
                    lines: vec![test.args],
                }),
            }
        }
        // `max_by_key` keeps the last of equals: search from the end to keep the first.
        Ok(found.into_iter().rev().max_by_key(|g| g.lines.len()))
    }
}
