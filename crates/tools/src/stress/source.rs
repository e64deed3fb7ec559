//! Where random tests come from: a built-in generator at growing sizes (every other test drawn
//! instead from the next combination of the conditions the puzzle's answer depends on, the
//! structured search; when the puzzle has a single-fault family, tests go in threes: uniform,
//! combination, then one condition broken alone or its twin, the conditions in turn), the
//! package's own generator program on its plan's command lines in turn, or a fixed command
//! line; each time with a new seed.

use anyhow::Context;

use super::StressOptions;
use super::genline::Line;
use leapfrog_package::Package;
use leapfrog_registry::{Conditions, Generator, Registry};

/// Where random tests come from.
pub(super) enum GeneratorSource {
    /// A built-in generator at growing sizes, and the puzzle's conditions when that generator
    /// draws their combinations: then odd-numbered tests go through the combinations in turn.
    Sized(&'static Generator, Option<&'static Conditions>),
    /// A generator program (or a built-in one) on several command lines, taken in turn.
    Lines {
        name: String,
        lines: Vec<Vec<String>>,
    },
}

impl GeneratorSource {
    /// How many tests make one round: uniform only (1), uniform and combination (2), or those
    /// and a single-fault case (3).
    fn round(&self) -> u64 {
        match self {
            GeneratorSource::Sized(_, Some(c)) if c.single.is_some() => 3,
            GeneratorSource::Sized(_, Some(_)) => 2,
            _ => 1,
        }
    }

    /// Whether test `i` comes from the structured search (a combination or a single fault that
    /// the generator may fail to plant with this seed: such a test is skipped, not an error).
    pub(super) fn is_structured(&self, i: u64) -> bool {
        !i.is_multiple_of(self.round())
    }

    /// The generator command line for test `i` with `seed`.
    pub(super) fn line(&self, i: u64, seed: u64) -> Line {
        let (round, place) = (self.round(), i % self.round());
        match self {
            GeneratorSource::Sized(_, Some(c)) if place == 1 => Line {
                name: c.generator.to_string(),
                template: (c.args)((i / round) as usize, seed),
                seed,
            },
            GeneratorSource::Sized(_, Some(c)) if place == 2 => {
                let single = c
                    .single
                    .as_ref()
                    .expect("a round of three has a single-fault family");
                Line {
                    name: c.generator.to_string(),
                    template: (single.args)((i / round) as usize, seed),
                    seed,
                }
            }
            // Ten uniform tests per size, from size 1 up to 100.
            GeneratorSource::Sized(g, _) => {
                let j = i / round;
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

/// The name of the puzzle a package is about: its plan's built-in solver, else the package's
/// own name.
pub(super) fn puzzle_name(registry: &Registry, package: &Package) -> anyhow::Result<String> {
    let plan = package.plan()?;
    Ok(
        crate::generate::builtin_solver(registry, package, plan.as_ref())
            .map_or_else(|| package.short_name.clone(), |p| p.name.to_string()),
    )
}

/// The generator to stress with.
pub(super) fn choose_generator(
    registry: &Registry,
    package: &Package,
    options: &StressOptions,
) -> anyhow::Result<GeneratorSource> {
    let puzzle = puzzle_name(registry, package)?;
    if let Some(line) = &options.generator {
        let (name, args) = leapfrog_util::split_command(line).context("--generator is empty")?;
        let lines = vec![args];
        return Ok(GeneratorSource::Lines { name, lines });
    }
    // The generator most of the plan's tests use: a built-in one at growing sizes, the
    // package's own program on the plan's command lines.
    if let Some(default) = package.default_generator()? {
        if let Some(g) = registry.generator(&default.name) {
            return Ok(GeneratorSource::Sized(g, conditions(registry, &puzzle, g)));
        }
        let source = GeneratorSource::Lines {
            name: default.name,
            lines: default.lines,
        };
        return Ok(source);
    }
    let generator = registry.generator(&puzzle).with_context(|| {
        format!(
            "{} has no generator plan (generators/generators.yaml) and no built-in generator: give --generator 'NAME ARGS'",
            package.short_name
        )
    })?;
    Ok(GeneratorSource::Sized(
        generator,
        conditions(registry, &puzzle, generator),
    ))
}

/// The puzzle's conditions, when `generator` is the one that draws their combinations.
fn conditions(
    registry: &Registry,
    puzzle: &str,
    generator: &Generator,
) -> Option<&'static Conditions> {
    registry
        .find(puzzle)
        .and_then(|p| p.conditions)
        .filter(|c| c.generator == generator.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(puzzle: &str, generator: &str) -> GeneratorSource {
        let g = leapfrog_generators::find(generator).unwrap();
        let c = leapfrog_puzzles::registry::find(puzzle).and_then(|p| p.conditions);
        GeneratorSource::Sized(g, c)
    }

    #[test]
    fn every_third_checkers_test_breaks_one_condition_in_turn() {
        let s = source("checkers", "checkers");
        let faults: Vec<String> = (0..18)
            .map(|i| s.line(i, 7).template)
            .enumerate()
            .filter(|(i, _)| i % 3 == 2)
            .map(|(_, t)| {
                assert!(t.join(" ").contains("--outcome single"), "{t:?}");
                let at = t.iter().position(|w| w == "--fault").unwrap();
                t[at + 1].clone()
            })
            .collect();
        let list = leapfrog_puzzles::checkers::conditions::FAULTS;
        assert_eq!(faults, list.map(String::from));
        assert!(s.line(1, 7).template.join(" ").contains("--outcome combo"));
        assert!(s.line(3, 7).template.join(" ").contains("--outcome any"));
        assert!(s.is_structured(2) && s.is_structured(1) && !s.is_structured(3));
    }

    #[test]
    fn every_third_label_test_breaks_one_check_in_turn() {
        let s = source("shifting-labels", "shifting-labels");
        let lines: Vec<Vec<String>> = (0..18).map(|i| s.line(i, 7).template).collect();
        let faults: Vec<(String, bool)> = lines
            .iter()
            .skip(2)
            .step_by(3)
            .map(|t| {
                let at = t
                    .iter()
                    .position(|w| w == "--fault")
                    .expect("a --fault line");
                (t[at + 1].clone(), t.last().unwrap() == "--twin")
            })
            .collect();
        // The checks in turn, each broken alone and then, the next time round, twinned.
        let list = leapfrog_puzzles::conditions::LABEL_FAULTS;
        let want: Vec<(String, bool)> = [false, true]
            .iter()
            .flat_map(|&twin| list.iter().map(move |f| (f.to_string(), twin)))
            .collect();
        assert_eq!(faults, want);
        for (i, t) in lines.iter().enumerate() {
            assert_eq!(t.contains(&"--fault".to_string()), i % 3 == 2, "{i}: {t:?}");
        }
        assert!(s.is_structured(2) && s.is_structured(1) && !s.is_structured(3));
    }

    #[test]
    fn without_a_single_fault_family_every_other_test_is_a_combination() {
        let s = source("frogs", "frogs");
        assert!(!s.is_structured(0) && s.is_structured(1) && !s.is_structured(2));
    }
}
