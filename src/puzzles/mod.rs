//! The puzzles themselves: game rules, reference solvers, and the registry that `leapfrog solve`
//! and `leapfrog generate` look solvers up in.
//!
//! Every puzzle module exposes a solver with the signature [`SolveFn`]: it reads one problem
//! input, writes the answer, and reports malformed input as an [`InputError`] naming the line
//! and column of the first problem. Solvers stream their output through their own buffer, so
//! the `dyn Write` behind them is called once per buffer flush, not once per move.

pub mod checkers;
pub mod frogs;
pub mod pairs;
pub mod shifting;

use std::fmt;
use std::io::{self, BufRead, Write};

/// Reads one problem input and writes its answer.
pub type SolveFn = fn(&mut dyn BufRead, &mut dyn Write) -> Result<(), SolveError>;

/// One puzzle's entry in the registry.
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
}

/// Every puzzle leapfrog can solve, in the order `--list` shows them.
pub static PUZZLES: &[Puzzle] = &[
    Puzzle {
        name: "checkers",
        about: "Which black king can capture every white piece in one move? (square, None, Multiple)",
        solve: checkers::solve,
        show: Some(checkers::show),
        outcome: checkers::outcome,
    },
    Puzzle {
        name: "checkers-path",
        about: "The same question, answered with the capture path itself",
        solve: checkers::solve_path,
        show: Some(checkers::show),
        outcome: checkers::outcome,
    },
    Puzzle {
        name: "shifting",
        about: "Shifting checkers: an optimal solution for n black and m white",
        solve: shifting::solve::solve_shifting,
        show: Some(shifting::show::show_shifting),
        outcome: shifting::solve::size_class,
    },
    Puzzle {
        name: "shifting-query",
        about: "Shifting checkers: the i-th move of the canonical solution, n, m up to 10^9",
        solve: shifting::solve::solve_query,
        show: None,
        outcome: shifting::solve::query_class,
    },
    Puzzle {
        name: "shifting-labels",
        about: "Shifting checkers with one white: the optimal solution with a given label",
        solve: shifting::solve::solve_labels,
        show: None,
        outcome: shifting::solve::label_class,
    },
    Puzzle {
        name: "frogs",
        about: "Kordemsky's frogs: N a side, forward moves only, every row of a shortest solution",
        solve: frogs::solve_frogs,
        show: Some(frogs::show_frogs),
        outcome: shifting::solve::size_class,
    },
    Puzzle {
        name: "pairs",
        about: "Moving checkers two at a time from BB..WW to alternating (minimum moves)",
        solve: pairs::solve,
        show: Some(pairs::show),
        outcome: pairs::outcome,
    },
];

/// Looks a puzzle up by its command-line name.
pub fn find(name: &str) -> Option<&'static Puzzle> {
    PUZZLES.iter().find(|p| p.name == name)
}

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
