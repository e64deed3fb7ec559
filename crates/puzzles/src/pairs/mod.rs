//! `pairs`: n black and n white checkers in a row of 2n + 2 squares, moved two at a time.
//!
//! Start: blacks on 0 .. n-1, whites on n .. 2n-1, squares 2n and 2n+1 empty. Goal: squares 0
//! and 1 empty, whites on 2, 4, .., 2n and blacks on 3, 5, .., 2n+1. A move takes two adjacent
//! checkers and, keeping their order, puts them on the two empty squares; it is written as the
//! square of the pair's left checker. The answer is `None` when the goal is out of reach (n = 1
//! and 2), otherwise the minimum number of moves K and K moves, one per line.
//!
//! - [`state`]: the bitboard position and the measures that bound optimal play;
//! - [`row`]: the game on a row of any length, for replaying and drawing;
//! - [`bfs`]: breadth-first search (small n: the optimum and the number of optimal solutions);
//! - [`construction`]: the linear construction, streamed in O(1) memory;
//! - [`formula`]: any single move of the construction in O(1);
//! - [`count`]: counting and listing every optimal solution;
//! - [`digits`]: the fast writer for the answer;
//! - [`keymap`]: hash maps and sets keyed by packed positions.

pub mod bfs;
pub mod construction;
pub mod count;
pub mod digits;
pub mod formula;
pub mod keymap;
pub mod row;
pub mod state;

use std::io::{BufRead, Read, Write};

use super::{Family, InputError, Puzzle, SolveError, shrink};
use construction::Construction;
use digits::{Counter, LineWriter};
use row::Row;

/// The registry entry; `pairs` is the family with a counter (`leapfrog count pairs`).
pub static FAMILY: Family = Family {
    name: "pairs",
    puzzles: &[Puzzle {
        name: "pairs",
        about: "Moving checkers two at a time from BB..WW to alternating (minimum moves)",
        solve,
        show: Some(show),
        outcome,
        shrink: shrink::numbers,
        conditions: Some(&super::conditions::PAIRS_CONDITIONS),
    }],
    counter: Some(count::report::run),
};

/// The largest n the solver accepts (the problem allows 10^6; benchmarks go further).
pub const SOLVER_MAX_N: u64 = 1_000_000_000;
/// The largest n `--show` draws.
const SHOW_MAX_N: u64 = 200;

/// The moves of an optimal solution, or `None` when there is none.
pub fn optimal_moves(n: u64) -> Option<Box<dyn Iterator<Item = u64>>> {
    if n >= 4 {
        Some(Box::new(Construction::new(n)))
    } else {
        let path = bfs::shortest_path(n as u32)?;
        Some(Box::new(path.into_iter().map(u64::from)))
    }
}

/// The reference solver: reads n, writes `None` or K and K moves, one per line.
pub fn solve(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let n = read_n(input, SOLVER_MAX_N)?;
    let mut out = LineWriter::new(output);
    if n >= 4 {
        write_construction(n, &mut out)?;
    } else {
        match optimal_moves(n) {
            None => out.text(b"None\n")?,
            Some(moves) => {
                let moves: Vec<u64> = moves.collect();
                out.number(moves.len() as u64)?;
                for p in moves {
                    out.number(p)?;
                }
            }
        }
    }
    out.finish()?;
    Ok(())
}

/// Writes n and the construction's moves, one per line. The moves on the way in and on the way
/// out form four arithmetic sequences with step 4 (see [`construction`]), so each is kept as
/// text and stepped in place instead of formatted.
pub fn write_construction(n: u64, out: &mut LineWriter) -> std::io::Result<()> {
    let levels = construction::levels(n);
    let base = construction::BASE[(n - 4 * levels - 4) as usize];
    out.number(n)?;
    if levels > 0 {
        // Level j contributes 4j + 1 and 2n - 4j - 4 on the way in ...
        let mut rising = Counter::new(1);
        let mut falling = Counter::new(2 * n - 4);
        for j in 0..levels {
            out.counter(&rising)?;
            out.counter(&falling)?;
            if j + 1 < levels {
                rising.add(4);
                falling.sub(4);
            }
        }
    }
    for &p in base {
        out.number(4 * levels + p)?;
    }
    if levels > 0 {
        // ... and 2n - 4j - 1 and 4j on the way out, deepest level first.
        let top = levels - 1;
        let mut rising = Counter::new(2 * n - 4 * top - 1);
        let mut falling = Counter::new(4 * top);
        for j in (0..levels).rev() {
            out.counter(&rising)?;
            out.counter(&falling)?;
            if j > 0 {
                rising.add(4);
                falling.sub(4);
            }
        }
    }
    Ok(())
}

/// `leapfrog solve pairs --show`: the row after every move of the solution.
pub fn show(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let n = read_n(input, SOLVER_MAX_N)?;
    if n > SHOW_MAX_N {
        return Err(
            InputError::new(1, 0, format!("--show draws rows up to n = {SHOW_MAX_N}")).into(),
        );
    }
    let colour = console::colors_enabled();
    let black = console::Style::new().black().on_white().bold();
    let white = console::Style::new().white().on_black().bold();
    let draw = |row: &Row| -> String {
        row.as_bytes()
            .iter()
            .map(|&c| {
                let glyph = (c as char).to_string();
                match (colour, c) {
                    (true, row::BLACK) => black.apply_to(glyph).to_string(),
                    (true, row::WHITE) => white.apply_to(glyph).to_string(),
                    _ => glyph,
                }
            })
            .collect()
    };
    let mut row = Row::start(n as usize);
    writeln!(output, "n = {n}")?;
    writeln!(output, "start     {}", draw(&row))?;
    let Some(moves) = optimal_moves(n) else {
        writeln!(output, "None: the goal cannot be reached")?;
        return Ok(());
    };
    for (i, p) in (1..).zip(moves) {
        row.play(p).expect("the reference solution is legal");
        writeln!(output, "{i:>3}: {p:>3}  {}", draw(&row))?;
    }
    Ok(())
}

/// The outcome of an answer file for `leapfrog generate`'s summary.
pub fn outcome(answer: &[u8]) -> String {
    if super::first_token(answer) == "None" {
        "None".into()
    } else {
        "solved".into()
    }
}

/// Reads the single integer n (1 <= n <= max), allowing white space around it.
fn read_n(input: &mut dyn BufRead, max: u64) -> Result<u64, InputError> {
    let mut text = Vec::new();
    (&mut *input)
        .take(1 << 16)
        .read_to_end(&mut text)
        .map_err(|e| InputError::new(1, 0, format!("cannot read the input: {e}")))?;
    let (mut line, mut column) = (1, 0);
    let mut value: Option<u64> = None;
    let mut token_ended = false;
    for &b in &text {
        if b == b'\n' {
            line += 1;
            column = 0;
            token_ended |= value.is_some();
            continue;
        }
        column += 1;
        match b {
            b' ' | b'\t' | b'\r' => token_ended |= value.is_some(),
            b'0'..=b'9' if !token_ended => {
                let digit = u64::from(b - b'0');
                let v = value.unwrap_or(0).saturating_mul(10).saturating_add(digit);
                if v > max {
                    return Err(InputError::new(
                        line,
                        column,
                        format!("n must be at most {max}"),
                    ));
                }
                value = Some(v);
            }
            _ if token_ended => {
                return Err(InputError::new(line, column, "expected only n, found more"));
            }
            _ => {
                let shown = String::from_utf8_lossy(&[b]).into_owned();
                return Err(InputError::new(
                    line,
                    column,
                    format!("expected a digit, found {shown:?}"),
                ));
            }
        }
    }
    match value {
        None => Err(InputError::new(
            line,
            0,
            "expected n, found the end of the input",
        )),
        Some(0) => Err(InputError::new(1, 0, "n must be at least 1")),
        Some(n) => Ok(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> Result<String, SolveError> {
        let mut out = Vec::new();
        solve(&mut input.as_bytes(), &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn answers() {
        assert_eq!(run("1\n").unwrap(), "None\n");
        assert_eq!(run("2").unwrap(), "None\n");
        assert_eq!(run("4\n").unwrap(), "4\n1\n4\n7\n0\n");
        let three = run(" 3 \n").unwrap();
        assert_eq!(three.lines().next(), Some("4"));
    }

    #[test]
    fn fast_writer_prints_the_construction() {
        let sizes = (4..=1500u64).chain([999_999, 1_000_000, 1_000_001, 1_000_002, 12_345_678]);
        for n in sizes {
            let mut fast = Vec::new();
            let mut w = LineWriter::new(&mut fast);
            write_construction(n, &mut w).unwrap();
            w.finish().unwrap();
            let plain: String = std::iter::once(n)
                .chain(Construction::new(n))
                .map(|p| format!("{p}\n"))
                .collect();
            assert!(fast == plain.as_bytes(), "n = {n}");
        }
    }

    #[test]
    fn constructed_answers_replay_to_the_goal_in_n_moves() {
        for n in 4..=2000usize {
            let mut row = Row::start(n);
            let mut count = 0;
            for p in Construction::new(n as u64) {
                row.play(p).unwrap_or_else(|e| panic!("n = {n}: {e}"));
                count += 1;
            }
            assert!(row.is_goal(), "n = {n}");
            assert_eq!(count, n);
        }
    }

    #[test]
    fn malformed_input_is_located() {
        let err = |s: &str| match run(s) {
            Err(SolveError::Input(e)) => e.to_string(),
            other => panic!("{s:?}: expected an input error, got {other:?}"),
        };
        assert_eq!(err(""), "line 1: expected n, found the end of the input");
        assert_eq!(err("0\n"), "line 1: n must be at least 1");
        assert_eq!(
            err("12x\n"),
            "line 1, column 3: expected a digit, found \"x\""
        );
        assert_eq!(
            err("5\n6\n"),
            "line 2, column 1: expected only n, found more"
        );
        assert_eq!(err("-4"), "line 1, column 1: expected a digit, found \"-\"");
        assert_eq!(
            err("99999999999"),
            "line 1, column 10: n must be at most 1000000000"
        );
    }
}
