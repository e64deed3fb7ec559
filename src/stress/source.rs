//! Where random tests come from: a built-in generator at growing sizes (every other test drawn
//! instead from the next combination of the conditions the puzzle's answer depends on, the
//! structured search), the package's own generator program on its plan's command lines in turn,
//! or a fixed command line; each time with a new seed.

use anyhow::Context;

use super::StressOptions;
use super::genline::Line;
use leapfrog_package::Package;

/// Where random tests come from.
pub(super) enum GeneratorSource {
    /// A built-in generator at growing sizes, and the puzzle's conditions when that generator
    /// draws their combinations: then odd-numbered tests go through the combinations in turn.
    Sized(
        &'static leapfrog_generators::Generator,
        Option<&'static leapfrog_puzzles::Conditions>,
    ),
    /// A generator program (or a built-in one) on several command lines, taken in turn.
    Lines {
        name: String,
        lines: Vec<Vec<String>>,
    },
}

impl GeneratorSource {
    /// Whether test `i` comes from the structured search (a combination that the generator may
    /// fail to plant with this seed: such a test is skipped, not an error).
    pub(super) fn is_structured(&self, i: u64) -> bool {
        matches!(self, GeneratorSource::Sized(_, Some(_))) && i % 2 == 1
    }

    /// The generator command line for test `i` with `seed`.
    pub(super) fn line(&self, i: u64, seed: u64) -> Line {
        match self {
            GeneratorSource::Sized(_, Some(c)) if i % 2 == 1 => Line {
                name: c.generator.to_string(),
                template: (c.args)((i / 2) as usize, seed),
                seed,
            },
            // Ten uniform tests per size, from size 1 up to 100.
            GeneratorSource::Sized(g, conditions) => {
                let j = if conditions.is_some() { i / 2 } else { i };
                Line {
                    name: g.name.to_string(),
                    template: (g.sized)((1 + j / 10).min(100) as u32, seed),
                    seed,
                }
            }
            GeneratorSource::Lines { name, lines } => Line {
                name: name.clone(),
                template: lines[(i % lines.len().max(1) as u64) as usize].clone(),
                seed,
            },
        }
    }
}

/// A command line's arguments with a new seed: in place of `{seed}`, else as the value after
/// `--seed`, else appended as `--seed N`.
pub(super) fn with_seed(args: &[String], seed: u64) -> Vec<String> {
    let mut args = args.to_vec();
    if let Some(a) = args.iter_mut().find(|a| a.contains("{seed}")) {
        *a = a.replace("{seed}", &seed.to_string());
    } else if let Some(k) = args.iter().position(|a| a == "--seed") {
        if k + 1 < args.len() {
            args[k + 1] = seed.to_string();
        } else {
            args.push(seed.to_string());
        }
    } else {
        args.extend(["--seed".to_string(), seed.to_string()]);
    }
    args
}

/// The name of the puzzle a package is about: its plan's built-in solver, else the package's
/// own name.
pub(super) fn puzzle_name(package: &Package) -> anyhow::Result<String> {
    let plan = package.plan()?;
    Ok(crate::generate::builtin_solver(package, plan.as_ref())
        .map_or_else(|| package.short_name.clone(), |p| p.name.to_string()))
}

/// The generator to stress with.
pub(super) fn choose_generator(
    package: &Package,
    options: &StressOptions,
) -> anyhow::Result<GeneratorSource> {
    let puzzle = puzzle_name(package)?;
    if let Some(line) = &options.generator {
        let (name, args) = leapfrog_util::split_command(line).context("--generator is empty")?;
        let lines = vec![args];
        return Ok(GeneratorSource::Lines { name, lines });
    }
    // The generator most of the plan's tests use: a built-in one at growing sizes, the
    // package's own program on the plan's command lines.
    if let Some(default) = package.default_generator()? {
        if let Some(g) = leapfrog_generators::find(&default.name) {
            return Ok(GeneratorSource::Sized(g, conditions(&puzzle, g)));
        }
        let source = GeneratorSource::Lines {
            name: default.name,
            lines: default.lines,
        };
        return Ok(source);
    }
    let generator = leapfrog_generators::find(&puzzle).with_context(|| {
        format!(
            "{} has no generator plan (generators/generators.yaml) and no built-in generator: give --generator 'NAME ARGS'",
            package.short_name
        )
    })?;
    Ok(GeneratorSource::Sized(
        generator,
        conditions(&puzzle, generator),
    ))
}

/// The puzzle's conditions, when `generator` is the one that draws their combinations.
fn conditions(
    puzzle: &str,
    generator: &leapfrog_generators::Generator,
) -> Option<&'static leapfrog_puzzles::Conditions> {
    leapfrog_puzzles::find(puzzle)
        .and_then(|p| p.conditions)
        .filter(|c| c.generator == generator.name)
}
