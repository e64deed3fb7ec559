//! Shifting checkers: `n` black and `m` white checkers swap sides along a row with one empty
//! square, in the fewest moves (`nm + n + m`).
//!
//! Three problems share this module: `shifting` (print an optimal solution), `shifting-query`
//! (the `i`-th move of the canonical solution for huge games) and `shifting-labels` (every
//! optimal solution of the one-white game, named by an integer). The Kordemsky frogs puzzle in
//! [`crate::puzzles::frogs`] is the same game and reuses the construction.

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
