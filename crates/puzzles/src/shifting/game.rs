//! The rules of shifting checkers: a row of `n + m + 1` squares, `n` black checkers on the left,
//! one empty square, `m` white checkers on the right, and the goal of swapping the two groups.
//!
//! A move takes the checker one or two squares away from the empty square (jumping over whatever
//! single checker lies between) and puts it on the empty square. A move is named by the square the
//! moving checker leaves, which is also where the empty square is afterwards; that is why every
//! solver and checker in this family only has to follow the empty square to stay in step.

use std::fmt;

/// What sits on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Square {
    Black,
    White,
    Empty,
}

impl Square {
    /// The letter used in drawings and messages: `b`, `w`, `_`.
    pub fn letter(self) -> char {
        match self {
            Square::Black => 'b',
            Square::White => 'w',
            Square::Empty => '_',
        }
    }
}

/// The minimum number of moves, `nm + n + m`, or `None` when it does not fit in a `u64`.
///
/// Why it is a lower bound: every (black, white) pair with the black on the left must be undone,
/// and so must every black left of the empty square and every white right of it; a slide fixes
/// at most one of the second kind and a jump at most one of the first.
pub fn min_moves(n: u64, m: u64) -> Option<u64> {
    n.checked_mul(m)?.checked_add(n)?.checked_add(m)
}

/// Why a move cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// The square number is outside `1 ..= n + m + 1`.
    OffTheRow { square: u64, squares: u64 },
    /// The named square is the empty one.
    EmptySquare { square: u64 },
    /// The checker is more than two squares from the empty square.
    TooFar { square: u64, empty: u64 },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::OffTheRow { square, squares } => {
                write!(f, "square {square} is off the row (squares 1..{squares})")
            }
            IllegalMove::EmptySquare { square } => {
                write!(
                    f,
                    "square {square} is the empty square; there is no checker to move"
                )
            }
            IllegalMove::TooFar { square, empty } => write!(
                f,
                "the checker on square {square} is {} squares from the empty square {empty}; \
                 a move covers one or two",
                square.abs_diff(empty)
            ),
        }
    }
}

/// A position of the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Row {
    /// Square `p` is stored at index `p - 1`.
    squares: Vec<Square>,
    /// The empty square, 1-based.
    empty: u64,
}

impl Row {
    /// `n` blacks, the empty square `n + 1`, `m` whites.
    pub fn start(n: usize, m: usize) -> Row {
        let mut squares = vec![Square::Black; n];
        squares.push(Square::Empty);
        squares.extend(std::iter::repeat_n(Square::White, m));
        Row {
            squares,
            empty: n as u64 + 1,
        }
    }

    /// `m` whites, the empty square `m + 1`, `n` blacks.
    pub fn goal(n: usize, m: usize) -> Row {
        let mut squares = vec![Square::White; m];
        squares.push(Square::Empty);
        squares.extend(std::iter::repeat_n(Square::Black, n));
        Row {
            squares,
            empty: m as u64 + 1,
        }
    }

    /// Builds a row from its letters (`b`, `w`, `_`), for tests.
    pub fn from_letters(letters: &str) -> Option<Row> {
        let squares = letters.chars().map(|c| match c {
            'b' => Some(Square::Black),
            'w' => Some(Square::White),
            '_' => Some(Square::Empty),
            _ => None,
        });
        Row::from_squares(squares.collect::<Option<_>>()?)
    }

    /// A row from its squares, which must include exactly one empty square (drawings).
    pub fn from_squares(squares: Vec<Square>) -> Option<Row> {
        let mut empties = squares
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == Square::Empty);
        let (first, _) = empties.next()?;
        if empties.next().is_some() {
            return None;
        }
        Some(Row {
            squares,
            empty: first as u64 + 1,
        })
    }

    /// The number of squares, `n + m + 1`.
    pub fn len(&self) -> u64 {
        self.squares.len() as u64
    }

    /// Always false: a row has at least its empty square.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The empty square, 1-based.
    pub fn empty(&self) -> u64 {
        self.empty
    }

    /// The squares, left to right (index 0 is square 1).
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// What is on square `p` (1-based).
    pub fn at(&self, p: u64) -> Square {
        self.squares[(p - 1) as usize]
    }

    /// Checks that the checker on square `p` may move to the empty square.
    pub fn check(&self, p: u64) -> Result<(), IllegalMove> {
        if p == 0 || p > self.len() {
            return Err(IllegalMove::OffTheRow {
                square: p,
                squares: self.len(),
            });
        }
        if p == self.empty {
            return Err(IllegalMove::EmptySquare { square: p });
        }
        if p.abs_diff(self.empty) > 2 {
            return Err(IllegalMove::TooFar {
                square: p,
                empty: self.empty,
            });
        }
        Ok(())
    }

    /// Moves the checker on square `p` to the empty square.
    pub fn play(&mut self, p: u64) -> Result<(), IllegalMove> {
        self.check(p)?;
        self.squares
            .swap((p - 1) as usize, (self.empty - 1) as usize);
        self.empty = p;
        Ok(())
    }

    /// Every square a checker could move from, in increasing order.
    pub fn moves(&self) -> impl Iterator<Item = u64> + '_ {
        let lo = self.empty.saturating_sub(2).max(1);
        let hi = (self.empty + 2).min(self.len());
        (lo..=hi).filter(move |&p| p != self.empty)
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.squares {
            write!(f, "{}", s.letter())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_and_goal_rows() {
        assert_eq!(Row::start(3, 2).to_string(), "bbb_ww");
        assert_eq!(Row::goal(3, 2).to_string(), "ww_bbb");
        assert_eq!(Row::start(3, 2).empty(), 4);
        assert_eq!(Row::goal(3, 2).empty(), 3);
    }

    #[test]
    fn moves_reach_one_or_two_squares() {
        let mut row = Row::start(2, 2);
        assert_eq!(row.moves().collect::<Vec<_>>(), vec![1, 2, 4, 5]);
        assert_eq!(row.check(3), Err(IllegalMove::EmptySquare { square: 3 }));
        assert_eq!(
            row.check(6),
            Err(IllegalMove::OffTheRow {
                square: 6,
                squares: 5
            })
        );
        row.play(2).unwrap();
        assert_eq!(row.to_string(), "b_bww");
        assert_eq!(
            row.check(5),
            Err(IllegalMove::TooFar {
                square: 5,
                empty: 2
            })
        );
        row.play(4).unwrap();
        assert_eq!(row.to_string(), "bwb_w");
    }

    #[test]
    fn min_moves_is_nm_plus_n_plus_m() {
        assert_eq!(min_moves(3, 2), Some(11));
        assert_eq!(
            min_moves(1_000_000_000, 1_000_000_000),
            Some(1_000_000_002_000_000_000)
        );
        assert_eq!(min_moves(u64::MAX, 2), None);
    }
}
