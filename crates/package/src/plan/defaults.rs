//! What stress testing takes from the plan when it is given no reference and no generator:
//! the plan's solution, and the generator most of its tests use with their command lines.

use super::Source;
use crate::PackageError;

/// The generator that stress testing draws from when it is given none.
#[derive(Debug, Clone)]
pub struct DefaultGenerator {
    /// The first word of the plan's commands: a built-in generator's name or a program of the
    /// package (below `generators/`, or `/path` from the package root).
    pub name: String,
    /// The arguments of every plan test that uses it, in plan order, with `{seed}` left in
    /// place so that each random test gets its own.
    pub lines: Vec<Vec<String>>,
}

impl crate::Package {
    /// The reference that answers random tests when none is given: the plan's `solution` (a
    /// built-in solver's name or a program of the package), if there is a plan.
    pub fn default_reference(&self) -> Result<Option<String>, PackageError> {
        Ok(self.plan()?.map(|plan| plan.solution))
    }

    /// The generator that makes random tests when none is given: the one most of the plan's
    /// generated tests use (the first of them on a tie), with the arguments of each test.
    pub fn default_generator(&self) -> Result<Option<DefaultGenerator>, PackageError> {
        let Some(plan) = self.plan()? else {
            return Ok(None);
        };
        let mut found: Vec<DefaultGenerator> = Vec::new();
        let generated = plan
            .tests
            .into_iter()
            .filter(|t| matches!(t.source, Source::Generate) && t.included_from.is_none());
        for test in generated {
            match found.iter_mut().find(|g| g.name == test.generator) {
                Some(known) => known.lines.push(test.arg_templates),
                None => found.push(DefaultGenerator {
                    name: test.generator,
                    lines: vec![test.arg_templates],
                }),
            }
        }
        // `max_by_key` keeps the last of equals: search from the end to keep the first.
        Ok(found.into_iter().rev().max_by_key(|g| g.lines.len()))
    }
}
