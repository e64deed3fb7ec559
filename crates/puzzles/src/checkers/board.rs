//! The board: its squares and pieces, and square names (`a1` is the bottom-left corner; columns
//! go on `z`, `aa`, `ab`, ... on the larger boards that drawings allow). Reading a board from
//! text, with line and column for every format error, is [`super::read`].

use std::io::BufRead;

use super::read::{self, Rules};
use crate::{InputError, SolveError};

/// The largest board of the problems: columns are lettered `a` to `z`.
pub const MAX_SIZE: usize = 26;
/// The smallest board of the problems.
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
    /// Reads and checks one problem input (the rules of [`Rules::PROBLEM`]).
    pub fn read(input: &mut dyn BufRead) -> Result<Board, SolveError> {
        read::board(input, &Rules::PROBLEM)
    }

    /// Parses a problem input held in memory (generators and tests).
    pub fn parse(text: &[u8]) -> Result<Board, InputError> {
        read::parse(text, &Rules::PROBLEM)
    }

    /// Parses a board to draw: any size up to [`Rules::DRAWING`]'s, any pieces, blank space
    /// forgiven (`leapfrog render`, statement pictures).
    pub fn parse_drawing(text: &[u8]) -> Result<Board, InputError> {
        read::parse(text, &Rules::DRAWING)
    }

    /// A board from its cells (`._BW`, row-major), which the reader has checked.
    pub(super) fn from_cells(n: usize, cells: Vec<u8>) -> Board {
        let whites = cells.iter().filter(|&&c| c == WHITE).count();
        Board { n, cells, whites }
    }

    pub fn size(&self) -> usize {
        self.n
    }

    /// The character on a square (`._BW`).
    pub fn at(&self, sq: Square) -> u8 {
        self.cells[sq.row * self.n + sq.col]
    }

    /// Puts a character (`._BW`) on a square.
    pub fn set(&mut self, sq: Square, cell: u8) {
        let old = std::mem::replace(&mut self.cells[sq.row * self.n + sq.col], cell);
        self.whites = self.whites + usize::from(cell == WHITE) - usize::from(old == WHITE);
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

    /// The square's name, file letter(s) then rank number: `a1` is the bottom-left corner.
    pub fn name(&self, sq: Square) -> String {
        let mut out = Vec::with_capacity(3);
        self.write_name(sq, &mut out);
        String::from_utf8(out).expect("square names are ASCII")
    }

    /// Appends the square's name to a byte buffer.
    pub fn write_name(&self, sq: Square, out: &mut Vec<u8>) {
        if sq.col < 26 {
            out.push(b'a' + sq.col as u8);
        } else {
            out.extend_from_slice(column_name(sq.col).as_bytes());
        }
        let rank = self.n - sq.row;
        if rank < 100 {
            if rank >= 10 {
                out.push(b'0' + (rank / 10) as u8);
            }
            out.push(b'0' + (rank % 10) as u8);
        } else {
            out.extend_from_slice(rank.to_string().as_bytes());
        }
    }

    /// Parses a square name such as `b2` (letters, then the rank counted from the bottom).
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        let split = name.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = name.split_at(split);
        if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_lowercase()) {
            return None;
        }
        let mut col = 0usize;
        for b in letters.bytes() {
            col = col.checked_mul(26)?.checked_add((b - b'a') as usize + 1)?;
        }
        let col = col - 1;
        let rank: usize = digits.parse().ok()?;
        if col >= self.n || rank == 0 || rank > self.n {
            return None;
        }
        Some(Square {
            row: self.n - rank,
            col,
        })
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

/// Spreadsheet-style column names: `a` .. `z`, then `aa`, `ab`, ...
pub fn column_name(col: usize) -> String {
    let mut n = col + 1;
    let mut name = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        name.push(b'a' + rem as u8);
        n = (n - 1) / 26;
    }
    name.reverse();
    String::from_utf8(name).expect("letters are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn names_go_on_past_z_and_parse_back() {
        let row = "_".repeat(120) + "\n";
        let board = Board::parse_drawing(format!("120\n{}", row.repeat(120)).as_bytes()).unwrap();
        for sq in [
            Square { row: 0, col: 0 },
            Square { row: 119, col: 26 },
            Square { row: 5, col: 52 },
            Square { row: 17, col: 119 },
        ] {
            assert_eq!(board.parse_square(&board.name(sq)), Some(sq));
        }
        assert_eq!(board.name(Square { row: 0, col: 26 }), "aa120");
        assert_eq!(board.parse_square("a121"), None);
        assert_eq!(board.parse_square("A1"), None);
        assert_eq!(board.parse_square("a0"), None);
    }

    #[test]
    fn column_names_continue_past_z() {
        assert_eq!(column_name(0), "a");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(27), "ab");
        assert_eq!(column_name(52), "ba");
    }

    #[test]
    fn setting_a_square_keeps_the_white_count() {
        let mut board = Board::parse(b"2\nB.\n.W\n").unwrap();
        let (b, w) = (Square { row: 0, col: 0 }, Square { row: 1, col: 1 });
        board.set(w, EMPTY);
        assert_eq!(board.whites(), 0);
        board.set(b, WHITE);
        assert_eq!((board.whites(), board.at(b)), (1, WHITE));
    }
}
