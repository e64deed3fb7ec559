//! The game on a row of any length: one byte per square. Used to replay and draw solutions
//! (the searches use the bitboard in `state`, which stops at n = 56).

use std::fmt;

pub const EMPTY: u8 = b'.';
pub const BLACK: u8 = b'B';
pub const WHITE: u8 = b'W';

/// A row of 2n + 2 squares with one gap of two adjacent empty squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    squares: Vec<u8>,
    gap: usize,
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// The pair would stick out of the row.
    OffTheRow { position: u64, squares: usize },
    /// One of the two squares is part of the gap.
    TouchesGap { position: u64, gap: usize },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::OffTheRow { position, squares } => write!(
                f,
                "position {position} is not the left square of a pair (squares are 0 .. {})",
                squares - 1
            ),
            IllegalMove::TouchesGap { position, gap } => write!(
                f,
                "position {position}: squares {position} and {} must both hold checkers, but {gap} and {} are empty",
                position + 1,
                gap + 1
            ),
        }
    }
}

impl Row {
    /// Blacks on 0 .. n-1, whites on n .. 2n-1, the gap on 2n and 2n+1.
    pub fn start(n: usize) -> Row {
        let mut squares = vec![BLACK; n];
        squares.resize(2 * n, WHITE);
        squares.extend([EMPTY, EMPTY]);
        Row {
            squares,
            gap: 2 * n,
        }
    }

    /// A row from its squares (`B`, `W`, `.`), which must include exactly two empty squares,
    /// side by side (drawings).
    pub fn from_bytes(squares: Vec<u8>) -> Option<Row> {
        let gap = squares.iter().position(|&c| c == EMPTY)?;
        let empties = squares.iter().filter(|&&c| c == EMPTY).count();
        (empties == 2 && squares.get(gap + 1) == Some(&EMPTY)).then_some(Row { squares, gap })
    }

    /// Whether the gap is on 0 and 1 with whites on even squares and blacks on odd ones.
    pub fn is_goal(&self) -> bool {
        self.gap == 0
            && self.squares[2..]
                .iter()
                .enumerate()
                .all(|(i, &c)| c == if i % 2 == 0 { WHITE } else { BLACK })
    }

    /// Moves the checkers on `position` and `position + 1` into the gap.
    pub fn play(&mut self, position: u64) -> Result<(), IllegalMove> {
        let len = self.squares.len();
        if position >= len as u64 - 1 {
            return Err(IllegalMove::OffTheRow {
                position,
                squares: len,
            });
        }
        let p = position as usize;
        if p + 1 == self.gap || p == self.gap || p == self.gap + 1 {
            return Err(IllegalMove::TouchesGap {
                position,
                gap: self.gap,
            });
        }
        self.squares[self.gap] = self.squares[p];
        self.squares[self.gap + 1] = self.squares[p + 1];
        self.squares[p] = EMPTY;
        self.squares[p + 1] = EMPTY;
        self.gap = p;
        Ok(())
    }

    /// The squares as `B`, `W` and `.` bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.squares
    }

    pub fn gap(&self) -> usize {
        self.gap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_and_rejects() {
        let mut row = Row::start(3);
        assert_eq!(row.as_bytes(), b"BBBWWW..");
        assert_eq!(
            row.play(5),
            Err(IllegalMove::TouchesGap {
                position: 5,
                gap: 6
            })
        );
        assert_eq!(
            row.play(7),
            Err(IllegalMove::OffTheRow {
                position: 7,
                squares: 8
            })
        );
        row.play(1).unwrap();
        assert_eq!(row.as_bytes(), b"B..WWWBB");
        assert!(!row.is_goal());
        assert_eq!(Row::from_bytes(b"B..WWWBB".to_vec()), Some(row));
        assert_eq!(Row::from_bytes(b"B.W.".to_vec()), None);
        assert_eq!(Row::from_bytes(b"BW...".to_vec()), None);
        assert_eq!(Row::from_bytes(b"BW".to_vec()), None);
    }
}
