//! `leapfrog solve shifting --show`: the row after every move of the canonical solution, one
//! line per move, coloured when stdout is a terminal (the `console` crate decides, honouring
//! `CLICOLOR` and `CLICOLOR_FORCE`).

use std::io::{BufRead, Write};

use console::Style;

use super::construction::Moves;
use super::count::optimal_solutions;
use super::game::{Row, Square, min_moves};
use super::input::Tokens;
use super::solve::read_sides;
use crate::{InputError, SolveError};

/// The longest row `--show` draws (a drawing has one line per move, each as long as the row).
pub const MAX_DRAWN: u64 = 1000;

/// The colours of one drawing: a style per kind of square, and one for the checker that has just
/// moved.
pub struct Palette {
    pub left: Style,
    pub right: Style,
    pub empty: Style,
    pub moved: Style,
    pub plain: Style,
}

impl Palette {
    /// Real colours when `colour`, plain text otherwise.
    pub fn new(colour: bool) -> Palette {
        let base = Style::new().force_styling(colour);
        Palette {
            left: base.clone().red().bold(),
            right: base.clone().cyan().bold(),
            empty: base.clone().dim(),
            moved: base.clone().reverse(),
            plain: base,
        }
    }
}

/// Writes one row: each square's letter, space-separated, the square at index `moved` (0-based)
/// highlighted.
pub fn draw_row(
    out: &mut dyn Write,
    letters: impl Iterator<Item = (char, u8)>,
    moved: Option<usize>,
    palette: &Palette,
) -> std::io::Result<()> {
    for (i, (letter, kind)) in letters.enumerate() {
        let style = match kind {
            0 => &palette.left,
            1 => &palette.right,
            _ => &palette.empty,
        };
        let style = if moved == Some(i) {
            &palette.moved
        } else {
            style
        };
        write!(out, " {}", style.apply_to(letter))?;
    }
    writeln!(out)
}

/// Draws the canonical solution of `n m`.
pub fn show_shifting(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let mut tokens = Tokens::read(input)?;
    let (n, m) = read_sides(&mut tokens)?;
    tokens.end()?;
    if n + m + 1 > MAX_DRAWN {
        let why = format!(
            "a row of {} squares is too long to draw (at most {MAX_DRAWN})",
            n + m + 1
        );
        return Err(InputError::new(1, 0, why).into());
    }
    draw_solution(
        n as usize,
        m as usize,
        output,
        &Palette::new(console::colors_enabled()),
    )?;
    Ok(())
}

/// The drawing itself, with an explicit palette (the tests draw without colour).
pub fn draw_solution(
    n: usize,
    m: usize,
    out: &mut dyn Write,
    palette: &Palette,
) -> std::io::Result<()> {
    let (nu, mu) = (n as u64, m as u64);
    let total = min_moves(nu, mu).expect("checked by the input reader");
    writeln!(
        out,
        "{n} black, {m} white: {total} moves (nm + n + m), {} optimal solutions; the one starting \
         with the black on square {n}:",
        optimal_solutions(nu, mu)
    )?;
    let width = total.to_string().len();
    // "b 12>14 slide": the widest note for this row length.
    let note_width = 2 * (n + m + 1).to_string().len() + 9;
    let mut row = Row::start(n, m);
    let letters = |row: &Row| {
        row.squares()
            .iter()
            .map(|s| match s {
                Square::Black => ('b', 0),
                Square::White => ('w', 1),
                Square::Empty => ('_', 2),
            })
            .collect::<Vec<_>>()
    };
    write!(out, "{:>width$} {:>note_width$}", 0, "")?;
    draw_row(out, letters(&row).into_iter(), None, palette)?;
    for (k, p) in Moves::canonical(nu, mu).enumerate() {
        let to = row.empty();
        let what = if p.abs_diff(to) == 1 { "slide" } else { "jump" };
        let mover = row.at(p).letter();
        row.play(p)
            .expect("the construction only makes legal moves");
        let note = format!("{mover} {p}>{to} {what}");
        write!(out, "{:>width$} {:>note_width$}", k + 1, note)?;
        draw_row(
            out,
            letters(&row).into_iter(),
            Some((to - 1) as usize),
            palette,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_row_without_colour() {
        let mut out = Vec::new();
        draw_solution(1, 1, &mut out, &Palette::new(false)).unwrap();
        let text = String::from_utf8(out).unwrap();
        let expected = "1 black, 1 white: 3 moves (nm + n + m), 2 optimal solutions; the one \
                        starting with the black on square 1:\n\
                        0             b _ w\n\
                        1 b 1>2 slide _ b w\n\
                        2  w 3>1 jump w b _\n\
                        3 b 2>3 slide w _ b\n";
        assert_eq!(text, expected);
    }

    #[test]
    fn colour_marks_the_moved_checker() {
        let mut out = Vec::new();
        draw_solution(2, 2, &mut out, &Palette::new(true)).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("\u{1b}[7m"),
            "the moved checker is shown in reverse video"
        );
        assert_eq!(text.lines().count(), 1 + 1 + 8);
    }
}
