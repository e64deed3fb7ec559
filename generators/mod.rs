//! Seeded test generators, one module per generator (each listed in its family's registry entry,
//! [`crate::puzzles::registry`]), and the lookups that generator plans (`generators/generators.yaml`
//! in a package) and `leapfrog gen` use.
//!
//! A generator is a pure function of its arguments: the seed is always one of them, randomness
//! comes only from `rand_chacha::ChaCha8Rng::seed_from_u64(seed)`, and integers are drawn as
//! fixed-width types (never `usize`), so the same command line gives the same bytes on every
//! machine. Generators may call the reference solvers in `crate::puzzles` to check the outcome
//! they planted before returning a test.

pub mod checkers;
pub mod frogs;
pub mod pairs;
pub mod shifting;
pub mod shifting_labels;
pub mod shifting_query;

/// How a command line splits into words is the plan format's rule, kept with the other leaf
/// utilities; generators and their tests use it under these names.
pub use crate::util::{split_command, words};

/// Builds one test input from a generator command line (without the generator's name).
pub type GenerateFn = fn(&[String]) -> anyhow::Result<Vec<u8>>;

/// One generator, as its family's registry entry lists it.
pub struct Generator {
    /// The name a plan line starts with (`checkers --outcome unique --n 8 --seed 3`).
    pub name: &'static str,
    /// One line for `leapfrog gen --list`.
    pub about: &'static str,
    /// Builds a test.
    pub run: GenerateFn,
    /// Arguments for a random test of roughly the given size (1 = tiny, growing from there),
    /// used by `leapfrog stress` to draw small tests first.
    pub sized: fn(size: u32, seed: u64) -> Vec<String>,
}

/// Every built-in generator, family by family (the registry's order).
pub fn all() -> impl Iterator<Item = &'static Generator> {
    crate::puzzles::FAMILIES.iter().flat_map(|f| f.generators)
}

/// Looks a generator up by name.
pub fn find(name: &str) -> Option<&'static Generator> {
    all().find(|g| g.name == name)
}

/// Parses a generator's own arguments with clap, the generator's name standing in for `argv[0]`.
/// A `--help` request comes back as a `clap::Error`, which `leapfrog gen` prints as help.
pub fn parse_args<T: clap::Parser>(name: &str, args: &[String]) -> anyhow::Result<T> {
    Ok(T::try_parse_from(
        std::iter::once(name).chain(args.iter().map(String::as_str)),
    )?)
}
