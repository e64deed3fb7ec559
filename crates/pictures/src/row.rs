//! Rows of the one-dimensional games (shifting checkers, frogs, pairs): a string of pieces and
//! gaps, and the moves that slide or jump pieces into the gap.
//!
//! Text form: one row per line, `B`/`b`/`X` for a dark piece, `W`/`w`/`O` for a light piece, `_`
//! or `.` for an empty square; spaces between squares are ignored (`B B _ W W` = `BB_WW`). The
//! letters of the frogs problem (`X`, `O`) and of the checkers problems (`B`, `W`) both work.
//!
//! A move is the 1-based number of the leftmost square of the block that moves: with one empty
//! square (shifting, frogs) that is the square the moving piece leaves, which is how those
//! problems name moves; with two adjacent empty squares (pairs) the two pieces on squares `p` and
//! `p + 1` move together, keeping their order, into the gap. Moves follow the games' rules, on
//! the games' own rows: a single piece slides or jumps one or two squares.

use leapfrog_puzzles::pairs::row as pairs;
use leapfrog_puzzles::shifting::game::{self, Square};
use leapfrog_registry::InputError;

/// A row of squares, left to right, as drawn: the squares of the row games (dark pieces are
/// [`Square::Black`], light ones [`Square::White`]), in any arrangement. Moves are played on
/// the games' own rows: [`game::Row`] with one empty square, [`pairs::Row`] with two.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub squares: Vec<Square>,
}

/// The longest row `render` draws.
pub const MAX_SQUARES: usize = 400;

impl Row {
    /// The row as text, `B` dark, `W` light, `_` empty.
    pub fn text(&self) -> String {
        self.squares
            .iter()
            .map(|p| match p {
                Square::Black => 'B',
                Square::White => 'W',
                Square::Empty => '_',
            })
            .collect()
    }

    /// Parses one row. `line` is the 1-based line number used in errors.
    pub fn parse_line(text: &str, line: usize) -> Result<Row, InputError> {
        let mut squares = Vec::new();
        for (i, ch) in text.chars().enumerate() {
            let piece = match ch {
                'B' | 'b' | 'X' => Square::Black,
                'W' | 'w' | 'O' => Square::White,
                '_' | '.' => Square::Empty,
                ' ' | '\t' | '\r' => continue,
                other => {
                    return Err(InputError::new(
                        line,
                        i + 1,
                        format!(
                            "unexpected '{other}': a row uses B/X (dark), W/O (light) and _ (empty)"
                        ),
                    ));
                }
            };
            squares.push(piece);
        }
        if squares.is_empty() {
            return Err(InputError::new(line, 0, "the row is empty"));
        }
        if squares.len() > MAX_SQUARES {
            return Err(InputError::new(
                line,
                0,
                format!(
                    "the row has {} squares; render draws at most {MAX_SQUARES}",
                    squares.len()
                ),
            ));
        }
        Ok(Row { squares })
    }

    /// Parses a row per non-empty line: the first is the start, the others (if any) are the
    /// rows after each move.
    pub fn parse_frames(text: &str) -> Result<Vec<Row>, InputError> {
        let mut rows: Vec<Row> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let row = Row::parse_line(line, i + 1)?;
            if let Some(first) = rows.first()
                && first.squares.len() != row.squares.len()
            {
                return Err(InputError::new(
                    i + 1,
                    0,
                    format!(
                        "this row has {} squares but the first has {}",
                        row.squares.len(),
                        first.squares.len()
                    ),
                ));
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(InputError::new(
                1,
                0,
                "expected a row such as BB_WW, found nothing",
            ));
        }
        Ok(rows)
    }

    /// The empty squares, which must form one block: `(first index, length)`.
    pub fn gap(&self) -> Option<(usize, usize)> {
        let first = self.squares.iter().position(|&p| p == Square::Empty)?;
        let len = self.squares[first..]
            .iter()
            .take_while(|&&p| p == Square::Empty)
            .count();
        let more = self.squares[first + len..].contains(&Square::Empty);
        (!more).then_some((first, len))
    }
}

/// Why a move list cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({text}): {reason}")]
pub struct RowMoveError {
    pub index: usize,
    pub text: String,
    pub reason: String,
}

/// Plays a list of moves (square numbers separated by white space or commas) and returns the row
/// after each move. `first` is the number of the leftmost square: 1, or 0 as in `pairs`.
pub fn play_moves(start: &Row, moves: &str, first: usize) -> Result<Vec<Row>, RowMoveError> {
    let mut game = Game::new(start)?;
    let width = game.width();
    let squares = start.squares.len();
    let mut out = Vec::new();
    for (i, word) in moves
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        let err = |reason: String| RowMoveError {
            index: i + 1,
            text: word.to_string(),
            reason,
        };
        let p: usize = word
            .parse()
            .map_err(|_| err("a move is a square number".into()))?;
        let last = first + squares - 1;
        if p < first || p + width - 1 > last {
            return Err(err(format!(
                "squares are numbered {first}..{last} and {} at once",
                if width == 1 {
                    "1 piece moves"
                } else {
                    "2 pieces move"
                }
            )));
        }
        out.push(game.play(p - first).map_err(|reason| match reason {
            Refused::Empty if width > 1 => err(format!(
                "square {p} or {} is empty; a move takes pieces into the gap",
                p + 1
            )),
            Refused::Empty => err(format!(
                "square {p} is empty; a move takes pieces into the gap"
            )),
            Refused::TooFar(distance) => err(format!(
                "square {p} is {distance} squares from the gap; a piece moves one or two"
            )),
        })?);
    }
    Ok(out)
}

/// The game a row's moves are played in, chosen by its gap.
enum Game {
    /// One empty square: shifting checkers and the frogs.
    Single(game::Row),
    /// Two empty squares side by side: pairs.
    Double(pairs::Row),
}

/// Why a game refused a move that names a square of the row.
enum Refused {
    /// A square of the moving block is empty.
    Empty,
    /// The piece is this many squares from the empty square.
    TooFar(u64),
}

impl Game {
    fn new(start: &Row) -> Result<Game, RowMoveError> {
        let refuse = |reason: &str| RowMoveError {
            index: 0,
            text: String::new(),
            reason: reason.into(),
        };
        match start.gap() {
            Some((_, 1)) => Ok(Game::Single(
                game::Row::from_squares(start.squares.clone()).expect("one empty square"),
            )),
            Some((_, 2)) => {
                let bytes = start.squares.iter().map(|&s| match s {
                    Square::Black => pairs::BLACK,
                    Square::White => pairs::WHITE,
                    Square::Empty => pairs::EMPTY,
                });
                Ok(Game::Double(
                    pairs::Row::from_bytes(bytes.collect()).expect("two empty squares"),
                ))
            }
            Some(_) => Err(refuse(
                "moves need one empty square (shifting, frogs) or two side by side (pairs)",
            )),
            None => Err(refuse(
                "moves need the empty squares of the row to form one block",
            )),
        }
    }

    /// How many pieces a move takes into the gap.
    fn width(&self) -> usize {
        match self {
            Game::Single(_) => 1,
            Game::Double(_) => 2,
        }
    }

    /// Plays the move whose block starts on `index` (0-based, on the row) and returns the row.
    fn play(&mut self, index: usize) -> Result<Row, Refused> {
        match self {
            Game::Single(row) => {
                let p = index as u64 + 1;
                row.play(p).map_err(|illegal| match illegal {
                    game::IllegalMove::TooFar { square, empty } => {
                        Refused::TooFar(square.abs_diff(empty))
                    }
                    _ => Refused::Empty,
                })?;
                Ok(Row {
                    squares: row.squares().to_vec(),
                })
            }
            Game::Double(row) => {
                row.play(index as u64).map_err(|_| Refused::Empty)?;
                let squares = row.as_bytes().iter().map(|&b| match b {
                    pairs::BLACK => Square::Black,
                    pairs::WHITE => Square::White,
                    _ => Square::Empty,
                });
                Ok(Row {
                    squares: squares.collect(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(row: &Row) -> String {
        row.text()
    }

    #[test]
    fn letters_of_both_families() {
        let a = Row::parse_line("OO_XX", 1).unwrap();
        let b = Row::parse_line("W W _ B B", 1).unwrap();
        assert_eq!(a, b);
        let e = Row::parse_line("BB_Q", 7).unwrap_err();
        assert_eq!((e.line, e.column), (7, 4));
    }

    #[test]
    fn single_gap_moves_name_the_square_left() {
        // Shifting with n = m = 1: B_W -> _BW (slide) -> WB_ (jump) -> W_B (slide).
        let start = Row::parse_line("B_W", 1).unwrap();
        let frames = play_moves(&start, "1 3 2", 1).unwrap();
        let rows: Vec<String> = frames.iter().map(text).collect();
        assert_eq!(rows, ["_BW", "WB_", "W_B"]);
    }

    #[test]
    fn pairs_move_two_pieces_into_the_double_gap() {
        let start = Row::parse_line("BBWW__", 1).unwrap();
        let frames = play_moves(&start, "2", 1).unwrap();
        assert_eq!(text(&frames[0]), "B__WBW");
    }

    #[test]
    fn squares_may_be_numbered_from_zero() {
        // The first sample of pairs: n = 4, moves 1 4 7 0 with squares 0..9.
        let start = Row::parse_line("BBBBWWWW..", 1).unwrap();
        let frames = play_moves(&start, "1 4 7 0", 0).unwrap();
        let rows: Vec<String> = frames.iter().map(text).collect();
        assert_eq!(
            rows,
            ["B__BWWWWBB", "BWWB__WWBB", "BWWBWBW__B", "__WBWBWBWB"]
        );
        let e = play_moves(&start, "9", 0).unwrap_err();
        assert!(e.reason.contains("numbered 0..9"), "{e}");
    }

    #[test]
    fn impossible_moves_are_explained() {
        let start = Row::parse_line("BB_WW", 1).unwrap();
        assert!(
            play_moves(&start, "3", 1)
                .unwrap_err()
                .reason
                .contains("empty")
        );
        assert!(
            play_moves(&start, "9", 1)
                .unwrap_err()
                .reason
                .contains("1..5")
        );
        assert!(
            play_moves(&start, "b", 1)
                .unwrap_err()
                .reason
                .contains("square number")
        );
        let split = Row::parse_line("B_B_", 1).unwrap();
        assert!(
            play_moves(&split, "1", 1)
                .unwrap_err()
                .reason
                .contains("one block")
        );
        let pairs = Row::parse_line("BW__WB", 1).unwrap();
        assert!(
            play_moves(&pairs, "2", 1)
                .unwrap_err()
                .reason
                .contains("empty")
        );
        assert!(
            play_moves(&Row::parse_line("BBB_W", 1).unwrap(), "1", 1)
                .unwrap_err()
                .reason
                .contains("square 1 is 3 squares from the gap")
        );
        assert!(
            play_moves(&Row::parse_line("B___W", 1).unwrap(), "1", 1)
                .unwrap_err()
                .reason
                .contains("one empty square")
        );
        let overlap = Row::parse_line("B__WBW", 1).unwrap();
        assert!(
            play_moves(&overlap, "1", 1)
                .unwrap_err()
                .reason
                .contains("square 1 or 2")
        );
    }

    #[test]
    fn frames_must_have_equal_length() {
        let e = Row::parse_frames("B_W\n\n_BWW\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(Row::parse_frames("OO_XX\nO_OXX\n").unwrap().len(), 2);
    }
}
