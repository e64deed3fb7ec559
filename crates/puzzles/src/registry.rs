//! The registry of puzzle families: one [`Family`] entry per family, each written in the
//! family's own module (`checkers::FAMILY`, ...), and the lookups over [`FAMILIES`], the one
//! list of them (`families!` in `crates/puzzles/src/lib.rs`).
//!
//! Everything that differs between families is reached through an entry: the problems a family
//! answers (solver, `--show` drawing, outcome classifier for `leapfrog generate`, and how a
//! failing input shrinks in `leapfrog stress`), the conditions its answers depend on, and its
//! counter (its generators are listed in `leapfrog-generators`, family by family). Commands look
//! names up here and never match on them, so adding a family means writing its entry and
//! adding its name to the list.

use std::io::{self, Write};
use std::ops::RangeInclusive;

pub use super::FAMILIES;
use super::SolveFn;

/// One puzzle family: a game and everything leapfrog knows about it.
pub struct Family {
    /// The family's name (its module under `crates/puzzles/src/`).
    pub name: &'static str,
    /// The problems its reference solvers answer, in `--list` order.
    pub puzzles: &'static [Puzzle],
    /// `leapfrog count`, for a family that can count its optimal solutions.
    pub counter: Option<CountFn>,
}

/// One problem a family answers, named as on the command line and in generator plans.
pub struct Puzzle {
    /// The name used on the command line and in generator plans (`leapfrog solve checkers`).
    pub name: &'static str,
    /// One line for `leapfrog solve --list`.
    pub about: &'static str,
    /// The reference solver.
    pub solve: SolveFn,
    /// A terminal drawing of the solution (`leapfrog solve NAME --show`), for puzzles that have one.
    pub show: Option<SolveFn>,
    /// Names the kind of outcome an answer file represents, for the per-outcome summary that
    /// `leapfrog generate` prints (for example `None`, `Multiple` or `square`).
    pub outcome: fn(&[u8]) -> String,
    /// Smaller variants of a failing input, larger reductions first ([`super::shrink`] has the
    /// common shapes); `leapfrog stress` keeps those the input validators accept.
    pub shrink: ShrinkFn,
    /// The conditions its answer depends on, for `leapfrog stress`'s structured search.
    pub conditions: Option<&'static Conditions>,
    /// How a rejected output is replayed on its input and drawn (the report page's picture at
    /// the failure); `None` for a problem without a drawing.
    pub picture: Option<Picture>,
}

/// What a problem's input and answer are, as far as drawing them goes: the report page replays
/// a rejected output on its input, as far as it is legal, and draws the board or the row where
/// it goes wrong. The registry says which kind a problem is; the drawing itself belongs to the
/// layers above (render, matrix).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// A checkers board; the answer names a square, `None` or `Multiple` (`checkers`).
    CheckersBoard,
    /// A checkers board; the answer is a capture path, replayed jump by jump (`checkers-path`).
    CheckersPath,
    /// The shifting row of `n` black and `m` white pieces (input `n m`); the answer is the
    /// move count, then the moves as squares.
    ShiftingRow,
    /// The shifting row with one white piece (input `n` first); the answer as for
    /// [`Picture::ShiftingRow`].
    ShiftingOneWhite,
    /// The frogs row; the answer is the move count, then every row after a move.
    FrogsRows,
    /// The pairs row; the answer is the move count, then the moves.
    PairsRow,
}

/// The conditions a problem's answer depends on (its `notes.md` lists them): every
/// combination of them by name, the combination an input falls in, and a command line of the
/// family's generator for each combination. `leapfrog stress` draws from every combination in
/// turn, alongside uniform random tests; a test checks that each has a secret test.
pub struct Conditions {
    /// The built-in generator the command lines are for.
    pub generator: &'static str,
    /// Every combination, by name, in a fixed order.
    pub combinations: fn() -> Vec<String>,
    /// The combination an input falls in; `None` if it is not an input of the problem.
    pub classify: fn(&[u8]) -> Option<String>,
    /// The generator's arguments for an input in combination `k` (cycling) with this seed.
    pub args: fn(usize, u64) -> Vec<String>,
}

/// Smaller variants of an input, larger reductions first.
pub type ShrinkFn = fn(&[u8]) -> Vec<Vec<u8>>;

/// How a counter counts: from the structure of optimal solutions, or by searching positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMethod {
    Structural,
    Search,
}

impl CountMethod {
    pub fn name(self) -> &'static str {
        match self {
            CountMethod::Structural => "structural",
            CountMethod::Search => "search",
        }
    }
}

/// What `leapfrog count` asks a counter for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountRequest {
    /// The number of optimal solutions of one size.
    One { n: u32, method: CountMethod },
    /// Every optimal solution of one size, then their number.
    List(u32),
    /// A Markdown table of the counts for every size in the range; with the structural
    /// method, the search also runs (and must agree) up to `search_up_to`.
    Table {
        range: RangeInclusive<u32>,
        method: CountMethod,
        search_up_to: u32,
    },
}

/// Answers a [`CountRequest`] on the writer (stdout for `leapfrog count`).
pub type CountFn = fn(&CountRequest, &mut dyn Write) -> Result<(), CountError>;

/// Why a counter stopped without its answer.
#[derive(Debug, thiserror::Error)]
pub enum CountError {
    /// The size lies outside what the method can count (`what` names the method).
    #[error("n must be between 1 and {max} for {what} (got {n})")]
    OutOfRange {
        n: u32,
        max: u32,
        what: &'static str,
    },
    /// Two counting methods disagree on one size: a bug in one of them.
    #[error("n = {n}: the structural count {structural} differs from the search's {searched}")]
    Disagree {
        n: u32,
        structural: String,
        searched: String,
    },
    /// Writing the list of solutions failed.
    #[error("writing the solutions")]
    List(#[source] io::Error),
    /// Writing the answer failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Every problem of every family, in `--list` order.
pub fn all() -> impl Iterator<Item = &'static Puzzle> {
    FAMILIES.iter().flat_map(|f| f.puzzles)
}

/// Looks a puzzle up by its command-line name.
pub fn find(name: &str) -> Option<&'static Puzzle> {
    all().find(|p| p.name == name)
}

/// The counter for a problem name, if its family has one.
pub fn counter(name: &str) -> Option<CountFn> {
    FAMILIES
        .iter()
        .find(|f| f.puzzles.iter().any(|p| p.name == name))?
        .counter
}

/// The problems whose family has a counter.
pub fn counted() -> impl Iterator<Item = &'static Puzzle> {
    FAMILIES
        .iter()
        .filter(|f| f.counter.is_some())
        .flat_map(|f| f.puzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = all().map(|p| p.name).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "a name is registered twice: {names:?}");
    }

    #[test]
    fn lookups_find_every_entry() {
        for p in all() {
            assert!(std::ptr::eq(find(p.name).unwrap(), p));
        }
        assert!(find("no-such-puzzle").is_none());
        assert!(counter("pairs").is_some());
        assert!(counter("checkers").is_none());
    }
}
