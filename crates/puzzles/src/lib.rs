//! The puzzle families: game rules, reference solvers, the conditions their answers depend on,
//! the common shrink shapes, and the [`registry`] that every command looks families up in. The
//! seeded generators sit one crate above (`leapfrog-generators`, in the top-level
//! `generators/` folder): they call these solvers to check what they plant.
//!
//! Every puzzle module exposes a solver with the signature [`SolveFn`]: it reads one problem
//! input, writes the answer, and reports malformed input as an [`InputError`] naming the line
//! and column of the first problem. Solvers stream their output through their own buffer, so
//! the `dyn Write` behind them is called once per buffer flush, not once per move.

pub mod conditions;
pub mod registry;
pub mod shrink;

pub use registry::{Conditions, Family, Picture, Puzzle, all, find};

/// Declares each family's module and lists its registry entry (`<module>::FAMILY`) in
/// [`FAMILIES`], so that the two cannot drift apart.
macro_rules! families {
    ($($family:ident),+ $(,)?) => {
        $(pub mod $family;)+

        /// Every puzzle family, in the order `leapfrog solve --list` and `leapfrog gen --list`
        /// show their problems.
        pub static FAMILIES: &[&Family] = &[$(&$family::FAMILY),+];
    };
}

// The one list of puzzle families: a new family is its module (with its `FAMILY` entry) and
// its name here.
families!(checkers, shifting, frogs, pairs);

// The types every solver and entry is written in live in the registry crate, which the tools
// see without seeing the puzzles.
pub use leapfrog_registry::{InputError, SolveError, SolveFn, first_token};
