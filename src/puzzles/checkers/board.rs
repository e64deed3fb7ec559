//! The board: reading it from the problem input (with line and column for every format error),
//! the colouring of its squares, and square names (`a1` is the bottom-left corner).
//!
//! Input format: a line with n (2 ≤ n ≤ 26), then n lines of exactly n characters from `._BW`,
//! the usable squares alternating like a checkerboard in either phase, with at least one `B`
//! and one `W`. The reader is as strict as the input validator about the board itself and a
//! little more forgiving about line ends: it accepts `\r\n`, a missing final newline and blank
//! lines after the board.

use std::io::BufRead;

use crate::puzzles::{InputError, SolveError};

/// The largest board: columns are lettered `a` to `z`.
pub const MAX_SIZE: usize = 26;
/// The smallest board.
pub const MIN_SIZE: usize = 2;

pub const EMPTY: u8 = b'_';
pub const UNUSABLE: u8 = b'.';
pub const BLACK: u8 = b'B';
pub const WHITE: u8 = b'W';

/// A square, counted from the top-left corner of the input (row 0 is the first board line,
/// which is rank n).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub row: usize,
    pub col: usize,
}

/// An n × n board as the input draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    n: usize,
    /// Row-major, row 0 first; one of `._BW` per square.
    cells: Vec<u8>,
    whites: usize,
}

impl Board {
    /// Reads and checks one problem input.
    pub fn read(input: &mut dyn BufRead) -> Result<Board, SolveError> {
        Parser {
            input,
            chunk: [0; CHUNK],
            start: 0,
            end: 0,
            line: 1,
            column: 1,
        }
        .board()
    }

    /// Parses a board held in memory (generators and tests).
    pub fn parse(mut text: &[u8]) -> Result<Board, InputError> {
        match Board::read(&mut text) {
            Ok(board) => Ok(board),
            Err(SolveError::Input(err)) => Err(err),
            Err(SolveError::Io(err)) => unreachable!("reading a byte slice cannot fail: {err}"),
        }
    }

    pub fn size(&self) -> usize {
        self.n
    }

    /// The character on a square (`._BW`).
    pub fn at(&self, sq: Square) -> u8 {
        self.cells[sq.row * self.n + sq.col]
    }

    /// The square `(row + dr, col + dc)` if it is on the board.
    pub fn offset(&self, sq: Square, dr: isize, dc: isize) -> Option<Square> {
        let row = sq.row.checked_add_signed(dr)?;
        let col = sq.col.checked_add_signed(dc)?;
        (row < self.n && col < self.n).then_some(Square { row, col })
    }

    /// A dense index for per-square arrays.
    pub fn index(&self, sq: Square) -> usize {
        sq.row * self.n + sq.col
    }

    /// Every square in input order (top row first, left to right).
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.n * self.n).map(|i| Square {
            row: i / self.n,
            col: i % self.n,
        })
    }

    /// How many white pieces stand on the board.
    pub fn whites(&self) -> usize {
        self.whites
    }

    /// The square's name, file letter then rank number: `a1` is the bottom-left corner.
    pub fn name(&self, sq: Square) -> String {
        let mut out = Vec::with_capacity(3);
        self.write_name(sq, &mut out);
        String::from_utf8(out).expect("square names are ASCII")
    }

    /// Appends the square's name to a byte buffer.
    pub fn write_name(&self, sq: Square, out: &mut Vec<u8>) {
        out.push(b'a' + sq.col as u8);
        let rank = self.n - sq.row;
        if rank >= 10 {
            out.push(b'0' + (rank / 10) as u8);
        }
        out.push(b'0' + (rank % 10) as u8);
    }

    /// The board as the input format writes it.
    pub fn to_text(&self) -> String {
        let mut text = format!("{}\n", self.n);
        for row in self.cells.chunks(self.n) {
            text.push_str(std::str::from_utf8(row).expect("cells are ASCII"));
            text.push('\n');
        }
        text
    }
}

/// Bytes the parser reads at a time: a whole board fits in one read.
const CHUNK: usize = 4096;

/// A byte-at-a-time reader over the input that knows where it is. It reads into its own
/// buffer, so looking at a byte costs no call through the `dyn BufRead`.
struct Parser<'a> {
    input: &'a mut dyn BufRead,
    chunk: [u8; CHUNK],
    /// The unread bytes are `chunk[start..end]`.
    start: usize,
    end: usize,
    line: usize,
    column: usize,
}

impl Parser<'_> {
    fn peek(&mut self) -> Result<Option<u8>, SolveError> {
        while self.start == self.end {
            match self.input.read(&mut self.chunk) {
                Ok(0) => return Ok(None),
                Ok(read) => (self.start, self.end) = (0, read),
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err.into()),
            }
        }
        Ok(Some(self.chunk[self.start]))
    }

    /// Moves past the byte `peek` returned (on the same line).
    fn bump(&mut self) {
        self.start += 1;
        self.column += 1;
    }

    /// Moves past a line feed.
    fn next_line(&mut self) {
        self.start += 1;
        self.line += 1;
        self.column = 1;
    }

    fn error(&self, message: impl Into<String>) -> SolveError {
        InputError::new(self.line, self.column, message).into()
    }

    /// Consumes a line end (`\n` or `\r\n`), or accepts the end of the input when `last`.
    fn line_end(&mut self, what: &str, last: bool) -> Result<(), SolveError> {
        match self.peek()? {
            Some(b'\n') => {}
            Some(b'\r') => {
                let column = self.column;
                self.bump();
                if self.peek()? != Some(b'\n') {
                    let message = "a carriage return must be followed by a line feed";
                    return Err(InputError::new(self.line, column, message).into());
                }
            }
            None if last => return Ok(()),
            None => return Err(self.error(format!("the input ends inside {what}"))),
            Some(other) => {
                return Err(self.error(format!(
                    "expected the end of {what}, found {}",
                    describe(other)
                )));
            }
        }
        self.next_line();
        Ok(())
    }

    fn board(mut self) -> Result<Board, SolveError> {
        let n = self.size()?;
        self.line_end("the size line", false)?;
        let mut cells = Vec::with_capacity(n * n);
        // The colour of the top-left square fixes the phase of the whole board.
        let mut usable_parity = None;
        let (mut blacks, mut whites) = (0usize, 0usize);
        for row in 0..n {
            for col in 0..n {
                let byte = match self.peek()? {
                    None if col == 0 => {
                        return Err(
                            self.error(format!("the input ends after {row} of the {n} board rows"))
                        );
                    }
                    None | Some(b'\n' | b'\r') => {
                        return Err(self.error(format!(
                            "row {} is too short: {col} squares, expected {n}",
                            row + 1
                        )));
                    }
                    Some(b) => b,
                };
                if !matches!(byte, EMPTY | UNUSABLE | BLACK | WHITE) {
                    return Err(self.error(format!(
                        "unexpected {} (a square is '.', '_', 'B' or 'W')",
                        describe(byte)
                    )));
                }
                let parity = (row + col) % 2;
                let usable = byte != UNUSABLE;
                match usable_parity {
                    None => usable_parity = Some(if usable { parity } else { 1 - parity }),
                    Some(p) if (parity == p) != usable => {
                        return Err(self.error(if usable {
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
                blacks += usize::from(byte == BLACK);
                whites += usize::from(byte == WHITE);
                cells.push(byte);
                self.bump();
            }
            match self.peek()? {
                Some(b) if b != b'\n' && b != b'\r' => {
                    return Err(
                        self.error(format!("row {} is too long: expected {n} squares", row + 1))
                    );
                }
                _ => self.line_end("a board row", row + 1 == n)?,
            }
        }
        // Only blank lines may follow the board.
        while let Some(byte) = self.peek()? {
            match byte {
                b' ' | b'\t' | b'\r' => self.bump(),
                b'\n' => self.next_line(),
                other => {
                    return Err(self.error(format!(
                        "unexpected {} after the last board row",
                        describe(other)
                    )));
                }
            }
        }
        let first_row_line = 2;
        if blacks == 0 {
            return Err(
                InputError::new(first_row_line, 0, "the board has no black piece 'B'").into(),
            );
        }
        if whites == 0 {
            return Err(
                InputError::new(first_row_line, 0, "the board has no white piece 'W'").into(),
            );
        }
        Ok(Board { n, cells, whites })
    }

    /// The board size on line 1: digits only, no sign or leading zero.
    fn size(&mut self) -> Result<usize, SolveError> {
        let start = self.column;
        let mut value = 0usize;
        let mut digits = 0;
        while let Some(byte @ b'0'..=b'9') = self.peek()? {
            if digits == 0 && byte == b'0' {
                return Err(self.error("the board size has a leading zero"));
            }
            value = value
                .saturating_mul(10)
                .saturating_add(usize::from(byte - b'0'));
            digits += 1;
            self.bump();
        }
        if digits == 0 {
            return Err(match self.peek()? {
                None => self.error("the input is empty: expected the board size n"),
                Some(b) => self.error(format!("expected the board size n, found {}", describe(b))),
            });
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&value) {
            return Err(InputError::new(
                self.line,
                start,
                format!("the board size must be from {MIN_SIZE} to {MAX_SIZE}, not {value}"),
            )
            .into());
        }
        Ok(value)
    }
}

/// A byte as an error message shows it.
fn describe(byte: u8) -> String {
    match byte {
        b'\n' => "a line end".to_string(),
        b' ' => "a space".to_string(),
        b'\t' => "a tab".to_string(),
        b'\r' => "a carriage return".to_string(),
        0x21..=0x7e => format!("'{}'", byte as char),
        _ => format!("byte 0x{byte:02x}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Board::parse(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn names_count_ranks_from_the_bottom() {
        let board = Board::parse(b"3\nB._\n._.\nW._\n").unwrap();
        assert_eq!(board.name(Square { row: 0, col: 0 }), "a3");
        assert_eq!(board.name(Square { row: 2, col: 0 }), "a1");
        assert_eq!(board.name(Square { row: 1, col: 1 }), "b2");
        let big = "26\n".to_string()
            + &(0..26)
                .map(|r| {
                    (0..26)
                        .map(|c| match (r + c) % 2 {
                            0 if r == 0 && c == 0 => 'B',
                            0 if r == 0 && c == 2 => 'W',
                            0 => '_',
                            _ => '.',
                        })
                        .collect::<String>()
                        + "\n"
                })
                .collect::<String>();
        let board = Board::parse(big.as_bytes()).unwrap();
        assert_eq!(board.name(Square { row: 0, col: 25 }), "z26");
        assert_eq!(board.name(Square { row: 16, col: 3 }), "d10");
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
}
