//! Checkers (ICPC Pacific Northwest 2015, Division 1, problem K): can one black king capture
//! every white piece in a single move? `checkers` answers with the piece's square, `None` or
//! `Multiple`; `checkers-path` gives the capture path itself.
//!
//! - [`board`]: the board, its squares and their names;
//! - [`read`]: reading a board, under the problems' rules or the looser ones of drawings
//!   (`cursor` is its byte reader that knows the line and column);
//! - [`path`]: capture paths written as square names, replayed on a board (for drawings);
//! - [`decide`]: the linear-time decision (classes of squares, Euler's condition);
//! - [`conditions`]: the conditions the answer depends on, and the combination a board is in;
//! - [`trail`]: a capture path (Hierholzer);
//! - [`show`](mod@show): the drawing behind `leapfrog solve checkers --show`.

pub mod board;
pub mod conditions;
mod cursor;
pub mod decide;
pub mod path;
pub mod read;
pub mod show;
pub mod trail;

use std::io::{BufRead, Write};

pub use board::{Board, Square};
pub use decide::{Answer, answer, capturing_pieces};
pub use trail::capture_path;

use super::{Family, Picture, Puzzle, SolveError, shrink};

/// `checkers`: the square of the only piece that can capture everything, `None` or `Multiple`.
pub fn solve(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let board = Board::read(input)?;
    let mut out = Vec::with_capacity(16);
    match answer(&board) {
        Answer::None => out.extend_from_slice(b"None"),
        Answer::Multiple => out.extend_from_slice(b"Multiple"),
        Answer::One(sq) => board.write_name(sq, &mut out),
    }
    out.push(b'\n');
    output.write_all(&out)?;
    Ok(())
}

/// `checkers-path`: `None`, `Multiple`, or the start square and every landing square.
pub fn solve_path(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let board = Board::read(input)?;
    let mut out = Vec::with_capacity(4 * (board.whites() + 1));
    match answer(&board) {
        Answer::None => out.extend_from_slice(b"None"),
        Answer::Multiple => out.extend_from_slice(b"Multiple"),
        Answer::One(start) => {
            for (i, sq) in capture_path(&board, start).into_iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                board.write_name(sq, &mut out);
            }
        }
    }
    out.push(b'\n');
    output.write_all(&out)?;
    Ok(())
}

/// Draws the board before the move and after every jump of a capture path.
pub fn show(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let board = Board::read(input)?;
    show::draw(&board, output)?;
    Ok(())
}

/// Classifies an answer file of either problem: `None`, `Multiple`, or `square` (one piece can
/// capture everything; the file names it, or its whole path).
pub fn outcome(answer: &[u8]) -> String {
    match super::first_token(answer).as_str() {
        "None" => "None".to_string(),
        "Multiple" => "Multiple".to_string(),
        "" => "empty".to_string(),
        _ => "square".to_string(),
    }
}

/// The conditions both problems' answers depend on ([`conditions`]).
static CONDITIONS: super::Conditions = super::Conditions {
    generator: "checkers",
    combinations: conditions::combinations,
    classify: conditions::classify_text,
    args: conditions::generator_args,
    single: Some(leapfrog_registry::SingleFaults {
        faults: &conditions::FAULTS,
        alone: conditions::single_faults_text,
        args: conditions::single_fault_args,
    }),
};

/// The registry entry: `checkers` and `checkers-path` read the same boards.
pub static FAMILY: Family = Family {
    name: "checkers",
    puzzles: &[
        Puzzle {
            name: "checkers",
            about: "Which black king can capture every white piece in one move? (square, None, Multiple)",
            solve,
            show: Some(show),
            outcome,
            shrink: shrink::board,
            conditions: Some(&CONDITIONS),
            picture: Some(Picture::CheckersBoard),
        },
        Puzzle {
            name: "checkers-path",
            about: "The same question, answered with the capture path itself",
            solve: solve_path,
            show: Some(show),
            outcome,
            shrink: shrink::board,
            conditions: Some(&CONDITIONS),
            picture: Some(Picture::CheckersPath),
        },
    ],
    counter: None,
};
