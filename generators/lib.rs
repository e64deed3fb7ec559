//! Seeded test generators, one module per generator, the list of them ([`ALL`], family by family
//! in the order of [`leapfrog_puzzles::FAMILIES`]), and the lookups that generator plans
//! (`generators/generators.yaml` in a package) and `leapfrog gen` use.
//!
//! A generator is a pure function of its arguments: the seed is always one of them, randomness
//! comes only from `rand_chacha::ChaCha8Rng::seed_from_u64(seed)`, and integers are drawn as
//! fixed-width types (never `usize`), so the same command line gives the same bytes on every
//! machine. Generators may call the reference solvers in `leapfrog_puzzles` to check the outcome
//! they planted before returning a test.

/// Returns a [`GenerateError`] of the given kind with a formatted message.
macro_rules! fail {
    ($kind:ident, $($message:tt)+) => {
        return Err($crate::GenerateError::$kind(format!($($message)+)))
    };
}

pub mod checkers;
pub mod frogs;
pub mod pairs;
pub mod shifting;
pub mod shifting_labels;
pub mod shifting_query;

/// How a command line splits into words is the plan format's rule, kept with the other leaf
/// utilities; generators and their tests use it under these names.
pub use leapfrog_util::{split_command, words};

// A generator's types are the registry crate's, which the tools see without seeing the
// generators.
pub use leapfrog_registry::{GenerateError, GenerateFn, Generator};

/// A generator's result.
pub type Result<T> = leapfrog_registry::GenerateResult<T>;

/// Every built-in generator, family by family (the registry's order): what `leapfrog gen --list`
/// shows.
pub static ALL: &[Generator] = &[
    Generator {
        name: "checkers",
        about: "Boards for checkers / checkers-path with a planted outcome (unique, none, near misses...)",
        run: checkers::run,
        sized: checkers::sized,
    },
    Generator {
        name: "shifting",
        about: "Shifting checkers games n m by shape (square, more black, one white...) and size",
        run: shifting::run,
        sized: shifting::sized,
    },
    Generator {
        name: "shifting-query",
        about: "Huge shifting games with move numbers at phase and block boundaries",
        run: shifting_query::run,
        sized: shifting_query::sized,
    },
    Generator {
        name: "shifting-labels",
        about: "One-white shifting games with a label planted inside or just outside the set",
        run: shifting_labels::run,
        sized: shifting_labels::sized,
    },
    Generator {
        name: "frogs",
        about: "Kordemsky's frogs: N frogs a side",
        run: frogs::run,
        sized: frogs::sized,
    },
    Generator {
        name: "pairs",
        about: "The size n for pairs (fixed, or drawn from a range, optionally by residue mod 4)",
        run: pairs::run,
        sized: pairs::sized,
    },
];

/// Every built-in generator, in [`ALL`]'s order.
pub fn all() -> impl Iterator<Item = &'static Generator> {
    ALL.iter()
}

/// Looks a generator up by name.
pub fn find(name: &str) -> Option<&'static Generator> {
    all().find(|g| g.name == name)
}

/// Parses a generator's own arguments with clap, the generator's name standing in for `argv[0]`.
/// A `--help` request comes back as a `clap::Error`, which `leapfrog gen` prints as help.
pub fn parse_args<T: clap::Parser>(name: &str, args: &[String]) -> Result<T> {
    Ok(T::try_parse_from(
        std::iter::once(name).chain(args.iter().map(String::as_str)),
    )?)
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = super::all().map(|g| g.name).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "a generator is listed twice: {names:?}");
    }

    /// Every problem's structured search names a generator of this list.
    #[test]
    fn conditions_name_listed_generators() {
        for puzzle in leapfrog_puzzles::all() {
            if let Some(c) = puzzle.conditions {
                assert!(
                    super::find(c.generator).is_some(),
                    "{}: no generator {}",
                    puzzle.name,
                    c.generator
                );
            }
        }
    }
}
