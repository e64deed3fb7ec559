//! Reading a board from text, with line and column for every format error, under the rules of
//! the problems or the looser ones of drawings.
//!
//! Problem input ([`Rules::PROBLEM`]): a line with n (2 ≤ n ≤ 26), then n lines of exactly n
//! characters from `._BW`, the usable squares alternating like a checkerboard in either phase,
//! with at least one `B` and one `W`. The reader is as strict as the input validator about the
//! board itself and a little more forgiving about line ends: it accepts `\r\n`, a missing final
//! newline and blank lines after the board. Drawings ([`Rules::DRAWING`]) may be larger, hold
//! any pieces on any squares, and have blank space around the size and after the rows.

use std::io::BufRead;

use super::board::{BLACK, Board, EMPTY, MAX_SIZE, MIN_SIZE, UNUSABLE, WHITE};
use super::cursor::{Cursor, describe};
use crate::{InputError, SolveError};

/// What a board must satisfy besides its format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub min_size: usize,
    pub max_size: usize,
    /// The problems' rules: the squares alternate, both colours have a piece, and no blank
    /// space stands around the size or after a row.
    pub strict: bool,
}

impl Rules {
    /// The problems' input format.
    pub const PROBLEM: Rules = Rules {
        min_size: MIN_SIZE,
        max_size: MAX_SIZE,
        strict: true,
    };
    /// Boards to draw: a bigger picture than 200 squares a side is unreadable anyway.
    pub const DRAWING: Rules = Rules {
        min_size: 1,
        max_size: 200,
        strict: false,
    };
}

/// Reads one board under `rules`.
pub fn board(input: &mut dyn BufRead, rules: &Rules) -> Result<Board, SolveError> {
    Parser {
        cursor: Cursor::new(input),
        rules,
    }
    .board()
}

/// Parses a board held in memory.
pub fn parse(mut text: &[u8], rules: &Rules) -> Result<Board, InputError> {
    match board(&mut text, rules) {
        Ok(board) => Ok(board),
        Err(SolveError::Input(err)) => Err(err),
        Err(SolveError::Io(err)) => unreachable!("reading a byte slice cannot fail: {err}"),
    }
}

/// The board grammar over a [`Cursor`].
struct Parser<'a> {
    cursor: Cursor<'a>,
    rules: &'a Rules,
}

impl Parser<'_> {
    fn board(mut self) -> Result<Board, SolveError> {
        if !self.rules.strict {
            self.cursor.skip_blank_lines()?;
        }
        let n = self.size()?;
        self.skip_trailing_blanks()?;
        self.cursor.line_end("the size line", false)?;
        let mut cells = Vec::with_capacity(n * n);
        // The colour of the top-left square fixes the phase of the whole board.
        let mut usable_parity = None;
        for row in 0..n {
            self.row(row, n, &mut cells, &mut usable_parity)?;
        }
        self.cursor.skip_blank_lines()?;
        if let Some(other) = self.cursor.peek()? {
            return Err(self.cursor.error(format!(
                "unexpected {} after the last board row",
                describe(other)
            )));
        }
        if self.rules.strict {
            let first_row_line = 2;
            for (piece, name) in [(BLACK, "black piece 'B'"), (WHITE, "white piece 'W'")] {
                if !cells.contains(&piece) {
                    let message = format!("the board has no {name}");
                    return Err(InputError::new(first_row_line, 0, message).into());
                }
            }
        }
        Ok(Board::from_cells(n, cells))
    }

    /// Reads board row `row` (0-based) of `n` squares and its line end.
    fn row(
        &mut self,
        row: usize,
        n: usize,
        cells: &mut Vec<u8>,
        usable_parity: &mut Option<usize>,
    ) -> Result<(), SolveError> {
        for col in 0..n {
            let byte = match self.cursor.peek()? {
                None if col == 0 => {
                    return Err(self
                        .cursor
                        .error(format!("the input ends after {row} of the {n} board rows")));
                }
                None | Some(b'\n' | b'\r') => {
                    return Err(self.cursor.error(format!(
                        "row {} is too short: {col} squares, expected {n}",
                        row + 1
                    )));
                }
                Some(b) => b,
            };
            if !matches!(byte, EMPTY | UNUSABLE | BLACK | WHITE) {
                return Err(self.cursor.error(format!(
                    "unexpected {} (a square is '.', '_', 'B' or 'W')",
                    describe(byte)
                )));
            }
            if self.rules.strict {
                self.check_pattern((row + col) % 2, byte, usable_parity)?;
            }
            cells.push(byte);
            self.cursor.bump();
        }
        self.skip_trailing_blanks()?;
        match self.cursor.peek()? {
            Some(b) if b != b'\n' && b != b'\r' => Err(self
                .cursor
                .error(format!("row {} is too long: expected {n} squares", row + 1))),
            _ => self.cursor.line_end("a board row", row + 1 == n),
        }
    }

    /// Checks that a square of the given parity may hold `byte`: the usable squares alternate.
    fn check_pattern(
        &self,
        parity: usize,
        byte: u8,
        usable_parity: &mut Option<usize>,
    ) -> Result<(), SolveError> {
        let usable = byte != UNUSABLE;
        match *usable_parity {
            None => *usable_parity = Some(if usable { parity } else { 1 - parity }),
            Some(p) if (parity == p) != usable => {
                return Err(self.cursor.error(if usable {
                    format!(
                        "'{}' on a square that must be '.': the squares alternate and \
                         the top-left square fixes the pattern",
                        byte as char
                    )
                } else {
                    "'.' on a usable square: the squares alternate and the top-left \
                     square fixes the pattern"
                        .to_string()
                }));
            }
            Some(_) => {}
        }
        Ok(())
    }

    /// Skips spaces and tabs before a line end, where the rules allow them.
    fn skip_trailing_blanks(&mut self) -> Result<(), SolveError> {
        if !self.rules.strict {
            while let Some(b' ' | b'\t') = self.cursor.peek()? {
                self.cursor.bump();
            }
        }
        Ok(())
    }

    /// The board size on line 1: digits only, no sign (nor, in problem input, a leading zero).
    fn size(&mut self) -> Result<usize, SolveError> {
        let start = self.cursor.column;
        let mut value = 0usize;
        let mut digits = 0;
        while let Some(byte @ b'0'..=b'9') = self.cursor.peek()? {
            if digits == 0 && byte == b'0' && self.rules.strict {
                return Err(self.cursor.error("the board size has a leading zero"));
            }
            value = value
                .saturating_mul(10)
                .saturating_add(usize::from(byte - b'0'));
            digits += 1;
            self.cursor.bump();
        }
        if digits == 0 {
            return Err(match self.cursor.peek()? {
                None => self
                    .cursor
                    .error("the input is empty: expected the board size n"),
                Some(b) => self
                    .cursor
                    .error(format!("expected the board size n, found {}", describe(b))),
            });
        }
        let (min, max) = (self.rules.min_size, self.rules.max_size);
        if !(min..=max).contains(&value) {
            return Err(InputError::new(
                self.cursor.line,
                start,
                format!("the board size must be from {min} to {max}, not {value}"),
            )
            .into());
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::Square;

    fn err(text: &str) -> String {
        Board::parse(text.as_bytes()).unwrap_err().to_string()
    }

    fn drawing(text: &str) -> Result<Board, String> {
        Board::parse_drawing(text.as_bytes()).map_err(|e| e.to_string())
    }

    #[test]
    fn accepts_both_phases_and_forgiving_line_ends() {
        assert!(Board::parse(b"2\nB.\n.W\n").is_ok());
        assert!(Board::parse(b"2\n.B\nW.\n").is_ok());
        assert!(Board::parse(b"2\r\n.B\r\nW.").is_ok());
        assert!(Board::parse(b"2\n.B\nW.\n\n  \n").is_ok());
    }

    #[test]
    fn locates_every_kind_of_error() {
        assert_eq!(
            err(""),
            "line 1, column 1: the input is empty: expected the board size n"
        );
        assert_eq!(
            err("x\n"),
            "line 1, column 1: expected the board size n, found 'x'"
        );
        assert_eq!(
            err("08\n"),
            "line 1, column 1: the board size has a leading zero"
        );
        assert_eq!(
            err("27\n"),
            "line 1, column 1: the board size must be from 2 to 26, not 27"
        );
        assert_eq!(
            err("1\nB\n"),
            "line 1, column 1: the board size must be from 2 to 26, not 1"
        );
        assert_eq!(
            err("2 \n"),
            "line 1, column 2: expected the end of the size line, found a space"
        );
        assert_eq!(
            err("2\nB.\n.w\n"),
            "line 3, column 2: unexpected 'w' (a square is '.', '_', 'B' or 'W')"
        );
        assert_eq!(
            err("2\nB.\n.\n"),
            "line 3, column 2: row 2 is too short: 1 squares, expected 2"
        );
        assert_eq!(
            err("2\nB._\n"),
            "line 2, column 3: row 1 is too long: expected 2 squares"
        );
        assert_eq!(
            err("2\nB.\n"),
            "line 3, column 1: the input ends after 1 of the 2 board rows"
        );
        assert!(
            err("2\nB.\nW.\n").starts_with("line 3, column 1: 'W' on a square that must be '.'")
        );
        assert!(
            err("2\nB_\n.W\n").starts_with("line 2, column 2: '_' on a square that must be '.'")
        );
        assert!(err("2\n.B\n.W\n").starts_with("line 3, column 1: '.' on a usable square"));
        assert_eq!(
            err("2\nB.\n.W\nx"),
            "line 4, column 1: unexpected 'x' after the last board row"
        );
        assert_eq!(
            err("2\nB.\n._\n"),
            "line 2: the board has no white piece 'W'"
        );
        assert_eq!(
            err("2\nW.\n._\n"),
            "line 2: the board has no black piece 'B'"
        );
        assert_eq!(
            err("2\r\nB.\r.W\n"),
            "line 2, column 3: a carriage return must be followed by a line feed"
        );
    }

    #[test]
    fn drawings_take_any_size_and_pieces_and_forgive_blank_space() {
        let board = drawing("\n  3 \nBBB \nWWW\t\n_._\n\n").unwrap();
        assert_eq!((board.size(), board.whites()), (3, 3));
        assert_eq!(board.at(Square { row: 0, col: 1 }), BLACK);
        assert_eq!(drawing("1\n_").unwrap().to_text(), "1\n_\n");
        assert_eq!(
            drawing("\n 200\n").unwrap_err(),
            "line 3, column 1: the input ends after 0 of the 200 board rows"
        );
        assert_eq!(
            drawing("201\n").unwrap_err(),
            "line 1, column 1: the board size must be from 1 to 200, not 201"
        );
        assert_eq!(
            drawing("3\n._.\n_Q_\n._.\n").unwrap_err(),
            "line 3, column 2: unexpected 'Q' (a square is '.', '_', 'B' or 'W')"
        );
        assert_eq!(
            drawing("2\n._\n_.\n  extra\n").unwrap_err(),
            "line 4, column 3: unexpected 'e' after the last board row"
        );
        // The problems' rules stay strict about the same blank space.
        assert!(Board::parse(b" 2\nB.\n.W\n").is_err());
        assert!(Board::parse(b"2\nB. \n.W\n").is_err());
    }
}
