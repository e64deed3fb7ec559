//! Where random tests come from: a built-in generator at growing sizes, or a fixed command line
//! whose seed changes; and the shape of the problem's input, which decides how it shrinks.

use anyhow::Context;

use super::StressOptions;
use super::shrink::Shape;
use crate::package::Package;

/// Where random tests come from.
pub(super) enum GeneratorSource {
    /// A built-in generator at growing sizes.
    Sized(&'static crate::generators::Generator),
    /// A fixed command line whose seed changes.
    Line { name: String, args: Vec<String> },
}

impl GeneratorSource {
    /// The generator and its arguments for test `i` with `seed`.
    pub(super) fn args(&self, i: u64, seed: u64) -> (String, Vec<String>) {
        match self {
            // Ten tests per size, from size 1 up to 100.
            GeneratorSource::Sized(g) => (
                g.name.to_string(),
                (g.sized)((1 + i / 10).min(100) as u32, seed),
            ),
            GeneratorSource::Line { name, args } => {
                let mut args = args.clone();
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
                (name.clone(), args)
            }
        }
    }
}

/// The generator to stress with, and the shape of the problem's input.
pub(super) fn choose_generator(
    package: &Package,
    options: &StressOptions,
) -> anyhow::Result<(GeneratorSource, Shape)> {
    let plan = package.plan()?;
    let puzzle = crate::generate::puzzle_name(package, plan.as_ref());
    let shape = Shape::of(&puzzle);
    if let Some(line) = &options.generator {
        let (name, args) = crate::util::split_command(line).context("--generator is empty")?;
        return Ok((GeneratorSource::Line { name, args }, shape));
    }
    // The built-in generator the plan uses most.
    let mut counts: Vec<(&'static crate::generators::Generator, usize)> = Vec::new();
    for test in plan.iter().flat_map(|p| &p.tests) {
        if let Some(g) = crate::generators::find(&test.generator) {
            match counts.iter_mut().find(|(known, _)| known.name == g.name) {
                Some((_, n)) => *n += 1,
                None => counts.push((g, 1)),
            }
        }
    }
    let best = counts.into_iter().max_by_key(|&(_, n)| n).map(|(g, _)| g);
    let generator = best
        .or_else(|| crate::generators::find(&puzzle))
        .with_context(|| {
            format!(
                "{} has no built-in generator in its plan: give --generator 'NAME ARGS'",
                package.short_name
            )
        })?;
    Ok((GeneratorSource::Sized(generator), shape))
}
