//! Shifting checkers: `n` black and `m` white checkers swap sides along a row with one empty
//! square, in the fewest moves (`nm + n + m`).
//!
//! Three problems share this module: `shifting` (print an optimal solution), `shifting-query`
//! (the `i`-th move of the canonical solution for huge games) and `shifting-labels` (every
//! optimal solution of the one-white game, named by an integer). The Kordemsky frogs puzzle in
//! [`crate::frogs`] is the same game and reuses the construction.

pub mod construction;
pub mod count;
pub mod exhaustive;
pub mod formula;
pub mod game;
pub mod input;
pub mod labels;
pub mod output;
pub mod show;
#[cfg(test)]
mod skip_ahead;
pub mod solve;

use super::{Family, Puzzle, shrink};

/// The registry entry: the three shifting problems and their generators.
pub static FAMILY: Family = Family {
    name: "shifting",
    puzzles: &[
        Puzzle {
            name: "shifting",
            about: "Shifting checkers: an optimal solution for n black and m white",
            solve: solve::solve_shifting,
            show: Some(show::show_shifting),
            outcome: solve::size_class,
            shrink: shrink::numbers,
            conditions: Some(&super::conditions::SHIFTING_CONDITIONS),
        },
        Puzzle {
            name: "shifting-query",
            about: "Shifting checkers: the i-th move of the canonical solution, n, m up to 10^9",
            solve: solve::solve_query,
            show: None,
            outcome: solve::query_class,
            shrink: shrink::queries,
            conditions: Some(&super::conditions::QUERY_CONDITIONS),
        },
        Puzzle {
            name: "shifting-labels",
            about: "Shifting checkers with one white: the optimal solution with a given label",
            solve: solve::solve_labels,
            show: None,
            outcome: solve::label_class,
            shrink: shrink::numbers,
            conditions: Some(&super::conditions::LABEL_CONDITIONS),
        },
    ],
    counter: None,
};
