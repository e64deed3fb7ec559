//! The registry's types: what a puzzle family, a problem, a generator and a drawing of them are,
//! as values a command can hold, and [`Registry`], the one value that lists them all.
//!
//! This crate is the seam between the tools and the puzzles. The puzzle families
//! (`leapfrog-puzzles`), their generators (`leapfrog-generators`) and their drawings
//! (`leapfrog-pictures`) fill a [`Registry`] in; the tools (`leapfrog-tools`: generate, stress,
//! the report page, statements, the commands) take one as a value and never name a family. Only
//! the top crate, `leapfrog`, depends on both sides and wires them together, so a change in a
//! solver or a generator rebuilds the puzzles, the generators and that thin top, not the tools.
//!
//! Everything that differs between families is reached through an entry: the problems a family
//! answers (solver, `--show` drawing, outcome classifier for `leapfrog generate`, and how a
//! failing input shrinks in `leapfrog stress`), the conditions its answers depend on, its
//! counter, its generators and its pictures. Commands look names up here and never match on
//! them, so adding a family means writing its entries and adding its name to the lists.

mod drawing;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::ops::RangeInclusive;

pub use drawing::{DrawError, DrawFn, Drawing, Drawings, Kind, Layout, MAX_FRAMES};

/// Every family, generator and drawing leapfrog knows: filled in by the top crate, read by the
/// tools.
pub struct Registry {
    /// The puzzle families, in the order `leapfrog solve --list` shows their problems.
    pub families: &'static [&'static Family],
    /// The built-in generators, family by family: what `leapfrog gen --list` shows.
    pub generators: &'static [Generator],
    /// How boards and rows are drawn.
    pub drawings: Drawings,
}

impl Registry {
    /// Every problem of every family, in `--list` order.
    pub fn puzzles(&self) -> impl Iterator<Item = &'static Puzzle> {
        self.families.iter().flat_map(|f| f.puzzles)
    }

    /// Looks a puzzle up by its command-line name.
    pub fn find(&self, name: &str) -> Option<&'static Puzzle> {
        find_in(self.families, name)
    }

    /// The counter for a problem name, if its family has one.
    pub fn counter(&self, name: &str) -> Option<CountFn> {
        counter_in(self.families, name)
    }

    /// The problems whose family has a counter.
    pub fn counted(&self) -> impl Iterator<Item = &'static Puzzle> {
        self.families
            .iter()
            .filter(|f| f.counter.is_some())
            .flat_map(|f| f.puzzles)
    }

    /// Every built-in generator, in list order.
    pub fn generators(&self) -> impl Iterator<Item = &'static Generator> {
        self.generators.iter()
    }

    /// Looks a generator up by name.
    pub fn generator(&self, name: &str) -> Option<&'static Generator> {
        self.generators().find(|g| g.name == name)
    }
}

/// Looks a puzzle up by its command-line name among `families` (the registry's lookup, also
/// for the puzzles crate's own list).
pub fn find_in(families: &[&'static Family], name: &str) -> Option<&'static Puzzle> {
    families
        .iter()
        .flat_map(|f| f.puzzles)
        .find(|p| p.name == name)
}

/// The counter of the family that answers `name`, if it has one.
pub fn counter_in(families: &[&'static Family], name: &str) -> Option<CountFn> {
    families
        .iter()
        .find(|f| f.puzzles.iter().any(|p| p.name == name))?
        .counter
}

/// Reads one problem input and writes its answer.
pub type SolveFn = fn(&mut dyn BufRead, &mut dyn Write) -> Result<(), SolveError>;

/// The outcome classifier for puzzles whose answers all look alike: the first token.
pub fn first_token(answer: &[u8]) -> String {
    String::from_utf8_lossy(answer)
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string()
}

/// A problem input that breaks the format, located at its first offending character.
/// Lines and columns count from 1; column 0 means "the line as a whole".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl InputError {
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        InputError {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.message
            )
        }
    }
}

impl std::error::Error for InputError {}

/// Why a solver stopped without an answer.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("malformed input: {0}")]
    Input(#[from] InputError),
    #[error(transparent)]
    Io(#[from] io::Error),
}

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
    /// Smaller variants of a failing input, larger reductions first (`leapfrog_puzzles::shrink` has
    /// the common shapes); `leapfrog stress` keeps those the input validators accept.
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
    /// The single-fault family, when the problem has one: inputs where one condition fails and
    /// every other holds, beside neighbours where all hold (stress draws every third test
    /// from it).
    pub single: Option<SingleFaults>,
}

/// Inputs that break exactly one of a problem's conditions (its `notes.md` lists them), made
/// by the same built-in generator as the combinations.
pub struct SingleFaults {
    /// The conditions, by name, in a fixed order.
    pub faults: &'static [&'static str],
    /// The conditions that fail alone in an input (none when several fail, or none at all).
    pub alone: fn(&[u8]) -> Vec<String>,
    /// The generator's arguments for single-fault case `k` (cycling over the conditions, each
    /// broken alone and then beside its neighbour where all hold) with this seed.
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

/// Builds one test input from a generator command line (without the generator's name).
pub type GenerateFn = fn(&[String]) -> GenerateResult<Vec<u8>>;

/// Why a generator made no test. The message is what `leapfrog gen` and plan errors print.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// clap refused the generator's arguments, or they asked for `--help` or `--version`:
    /// `leapfrog gen` prints it as clap prints it (help on stdout, usage errors on stderr).
    #[error(transparent)]
    Usage(#[from] clap::Error),
    /// Argument values that clap accepts one by one but that do not fit (`--min` above
    /// `--max`, `--whites 0`, a size outside the problem's bounds).
    #[error("{0}")]
    Arguments(String),
    /// A request no test satisfies, or none was found within the generator's attempts (no
    /// size with that remainder, no board with that combination, a move budget too small).
    #[error("{0}")]
    Impossible(String),
    /// The reference solver disagrees with what the generator planted: a bug in one of them.
    #[error("internal error: {0}")]
    Disagree(String),
}

/// A generator's result.
pub type GenerateResult<T> = std::result::Result<T, GenerateError>;

/// One generator, as [`Registry::generators`] lists it.
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
