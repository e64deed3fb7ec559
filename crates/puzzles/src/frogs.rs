//! Kordemsky's frogs: `N` white frogs `O` on the left, one empty square `_`, `N` black frogs `X`
//! on the right; whites only move right, blacks only left, by a step or a jump over one frog.
//!
//! This is shifting checkers with `n = m = N` (a white frog is a black checker, a black frog a
//! white checker): optimal shifting solutions only ever move blacks right and whites left, so the
//! shifting construction solves the frogs in the minimum `(N + 1)² - 1` moves. The answer lists
//! the row after every move.

use std::io::{BufRead, Write};

use crate::shifting::construction::Moves;
use crate::shifting::input::Tokens;
use crate::shifting::show::{MAX_DRAWN, Palette, draw_row};
use crate::{Family, InputError, Puzzle, SolveError, shrink};

/// The registry entry.
pub static FAMILY: Family = Family {
    name: "frogs",
    puzzles: &[Puzzle {
        name: "frogs",
        about: "Kordemsky's frogs: N a side, forward moves only, every row of a shortest solution",
        solve: solve_frogs,
        show: Some(show_frogs),
        outcome: crate::shifting::solve::size_class,
        shrink: shrink::numbers,
        conditions: Some(&super::conditions::FROGS_CONDITIONS),
    }],
    counter: None,
};

/// The largest `N` the solver accepts (the answer has about `2N³` bytes).
pub const MAX_FROGS: u64 = 100_000;

/// Bytes collected before handing them to the writer.
const CHUNK: usize = 1 << 20;

/// The starting row: `O`×N, `_`, `X`×N.
pub fn start_row(frogs: usize) -> Vec<u8> {
    let mut row = vec![b'O'; frogs];
    row.push(b'_');
    row.extend(std::iter::repeat_n(b'X', frogs));
    row
}

fn read_frogs(input: &mut dyn BufRead) -> Result<usize, SolveError> {
    let mut tokens = Tokens::read(input)?;
    let frogs = tokens.integer("N", 1..=MAX_FROGS)?;
    tokens.end()?;
    Ok(frogs as usize)
}

/// `frogs`: `N` in; `(N + 1)² - 1` and the row after each move out.
pub fn solve_frogs(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let frogs = read_frogs(input)?;
    let total = (frogs as u64 + 1).pow(2) - 1;
    let mut row = start_row(frogs);
    row.push(b'\n');
    let mut empty = frogs; // 0-based
    let mut buf = Vec::with_capacity(CHUNK + row.len());
    writeln!(buf, "{total}")?;
    for p in Moves::canonical(frogs as u64, frogs as u64) {
        let p = (p - 1) as usize;
        row.swap(p, empty);
        empty = p;
        buf.extend_from_slice(&row);
        if buf.len() >= CHUNK {
            output.write_all(&buf)?;
            buf.clear();
        }
    }
    output.write_all(&buf)?;
    Ok(())
}

/// `leapfrog solve frogs --show`: the rows, numbered, coloured on a terminal.
pub fn show_frogs(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let frogs = read_frogs(input)?;
    if 2 * frogs as u64 + 1 > MAX_DRAWN {
        let why = format!(
            "a row of {} pads is too long to draw (at most {MAX_DRAWN})",
            2 * frogs + 1
        );
        return Err(InputError::new(1, 0, why).into());
    }
    draw(frogs, output, &Palette::new(console::colors_enabled()))?;
    Ok(())
}

fn draw(frogs: usize, out: &mut dyn Write, palette: &Palette) -> std::io::Result<()> {
    let total = (frogs as u64 + 1).pow(2) - 1;
    writeln!(out, "{frogs} frogs a side: {total} moves, (N + 1)^2 - 1")?;
    let width = total.to_string().len();
    let mut row = start_row(frogs);
    let mut empty = frogs;
    let letters = |row: &[u8]| {
        row.iter()
            .map(|&c| {
                (
                    c as char,
                    match c {
                        b'O' => 0,
                        b'X' => 1,
                        _ => 2,
                    },
                )
            })
            .collect::<Vec<_>>()
    };
    write!(out, "{:>width$}", 0)?;
    draw_row(out, letters(&row).into_iter(), None, palette)?;
    for (k, p) in Moves::canonical(frogs as u64, frogs as u64).enumerate() {
        let p = (p - 1) as usize;
        row.swap(p, empty);
        let landed = empty;
        empty = p;
        write!(out, "{:>width$}", k + 1)?;
        draw_row(out, letters(&row).into_iter(), Some(landed), palette)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(input: &str) -> String {
        let mut out = Vec::new();
        solve_frogs(&mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Replays rows under the frogs' rules (forward only, step or jump over one frog).
    fn legal_step(before: &[u8], after: &[u8]) -> bool {
        let changed: Vec<usize> = (0..before.len())
            .filter(|&i| before[i] != after[i])
            .collect();
        let [a, b] = changed[..] else { return false };
        let (from, to) = if after[a] == b'_' { (a, b) } else { (b, a) };
        let frog = before[from];
        before[to] == b'_'
            && after[to] == frog
            && to.abs_diff(from) <= 2
            && ((frog == b'O' && to > from) || (frog == b'X' && to < from))
    }

    #[test]
    fn one_frog_a_side() {
        assert_eq!(solve("1\n"), "3\n_OX\nXO_\nX_O\n");
    }

    #[test]
    fn every_size_up_to_60_is_legal_and_minimal() {
        for frogs in 1..=60usize {
            let text = solve(&format!("{frogs}"));
            let mut lines = text.lines();
            let total: usize = lines.next().unwrap().parse().unwrap();
            assert_eq!(total, (frogs + 1) * (frogs + 1) - 1);
            let mut before = start_row(frogs);
            let mut count = 0;
            for line in lines {
                assert!(
                    legal_step(&before, line.as_bytes()),
                    "N={frogs} line {}",
                    count + 2
                );
                before = line.as_bytes().to_vec();
                count += 1;
            }
            assert_eq!(count, total);
            let mut goal = vec![b'X'; frogs];
            goal.push(b'_');
            goal.extend(vec![b'O'; frogs]);
            assert_eq!(before, goal);
        }
    }

    #[test]
    fn the_drawing_numbers_every_row() {
        let mut out = Vec::new();
        draw(2, &mut out, &Palette::new(false)).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 1 + 1 + 8);
        assert!(text.lines().nth(1).unwrap().ends_with(" O O _ X X"));
        assert!(text.lines().last().unwrap().ends_with(" X X _ O O"));
    }
}
