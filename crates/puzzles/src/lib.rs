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

pub use registry::{Conditions, Family, Puzzle, all, find};

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

use std::fmt;
use std::io::{self, BufRead, Write};

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
