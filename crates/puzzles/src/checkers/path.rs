//! Capture paths written as square names (`b2 d4 f2`, `b2-d4-f2`, `b2xd4xf2`), replayed on a
//! board jump by jump with the reason for the first illegal one; `leapfrog render` and the
//! statements' pictures draw them.

use super::board::{BLACK, Board, EMPTY, Square, WHITE, column_name};

/// Splits a path into square names. Squares may be separated by white space, `,`, `-` or `x`
/// (`b2xd4`); an `x` followed by a digit is a column letter (`x4`), not a separator.
fn path_words(path: &str) -> Vec<&str> {
    let bytes = path.as_bytes();
    let mut words = Vec::new();
    let mut start: Option<usize> = None;
    let mut seen_digit = false;
    for (i, &b) in bytes.iter().enumerate() {
        let next_is_digit = bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        let separator = b.is_ascii_whitespace()
            || b == b','
            || b == b'-'
            || (b == b'x' && !next_is_digit && (start.is_none() || seen_digit));
        // A letter right after digits starts the next square (`b2d4`).
        let new_word = b.is_ascii_alphabetic() && seen_digit;
        if separator || new_word {
            if let Some(s) = start.take() {
                words.push(&path[s..i]);
            }
            seen_digit = false;
            if separator {
                continue;
            }
        }
        if start.is_none() {
            start = Some(i);
        }
        seen_digit |= b.is_ascii_digit();
    }
    if let Some(s) = start {
        words.push(&path[s..]);
    }
    words
}

/// The squares a path names, or the first word that names none of this board.
fn parse_squares(board: &Board, words: &[&str]) -> Result<Vec<Square>, MoveError> {
    let mut squares = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let sq = board.parse_square(w).ok_or_else(|| MoveError {
            index: i + 1,
            text: w.to_string(),
            reason: format!(
                "not a square of this board (columns a..{}, rows 1..{})",
                column_name(board.size() - 1),
                board.size()
            ),
        })?;
        squares.push(sq);
    }
    Ok(squares)
}

/// One capture: the jumping piece goes from `from` over `captured` to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Jump {
    pub from: Square,
    pub over: Square,
    pub to: Square,
}

/// Why a capture sequence cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({text}): {reason}")]
pub struct MoveError {
    /// 1-based position in the move list.
    pub index: usize,
    pub text: String,
    pub reason: String,
}

/// Parses a path of squares (`b2 d4 f2`, `b2-d4-f2` or `b2xd4xf2`) into the jumps it makes on
/// `board`, checking each one: the first square holds a black piece, and every step jumps
/// diagonally over a white piece onto an empty playable square. Returns the jumps and the board
/// after each of them.
pub fn play_path(board: &Board, path: &str) -> Result<(Vec<Jump>, Vec<Board>), MoveError> {
    let words = path_words(path);
    let err = |index: usize, text: &str, reason: String| MoveError {
        index,
        text: text.to_string(),
        reason,
    };
    let squares = parse_squares(board, &words)?;
    let Some(&start) = squares.first() else {
        return Ok((Vec::new(), Vec::new()));
    };
    if squares.len() == 1 {
        return Err(err(
            1,
            words[0],
            "a path needs at least two squares: where the piece starts and where it lands".into(),
        ));
    }
    if board.at(start) != BLACK {
        return Err(err(
            1,
            words[0],
            "the path must start on a black piece (B)".into(),
        ));
    }
    let mut current = board.clone();
    let mut jumps = Vec::new();
    let mut boards = Vec::new();
    for (i, pair) in squares.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let word = words[i + 1];
        let dr = to.row as isize - from.row as isize;
        let dc = to.col as isize - from.col as isize;
        if dr.abs() != 2 || dc.abs() != 2 {
            return Err(err(
                i + 2,
                word,
                format!(
                    "{} is not a diagonal jump from {}",
                    board.name(to),
                    board.name(from)
                ),
            ));
        }
        let over = Square {
            row: (from.row as isize + dr / 2) as usize,
            col: (from.col as isize + dc / 2) as usize,
        };
        if current.at(over) != WHITE {
            return Err(err(
                i + 2,
                word,
                format!(
                    "there is no white piece on {} to jump over",
                    board.name(over)
                ),
            ));
        }
        if current.at(to) != EMPTY {
            return Err(err(
                i + 2,
                word,
                format!("{} is not an empty playable square", board.name(to)),
            ));
        }
        current.set(from, EMPTY);
        current.set(over, EMPTY);
        current.set(to, BLACK);
        jumps.push(Jump { from, over, to });
        boards.push(current.clone());
    }
    Ok((jumps, boards))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A black piece on a1 that can take b2 and d4 in one move.
    const SAMPLE: &str = "5\n_._._\n._.W.\n_._._\n.W._.\nB._._\n";

    fn at(board: &Board, name: &str) -> u8 {
        board.at(board.parse_square(name).unwrap())
    }

    #[test]
    fn a_double_capture_removes_both_white_pieces() {
        let board = Board::parse_drawing(SAMPLE.as_bytes()).unwrap();
        let (jumps, boards) = play_path(&board, "a1-c3-e5").unwrap();
        assert_eq!(jumps.len(), 2);
        assert_eq!(jumps[1].over, board.parse_square("d4").unwrap());
        let after = &boards[1];
        for empty in ["a1", "b2", "c3", "d4"] {
            assert_eq!(at(after, empty), EMPTY, "{empty}");
        }
        assert_eq!(at(after, "e5"), BLACK);
        assert_eq!(play_path(&board, "a1 x c3 x e5").unwrap().0, jumps);
        // Jumping back over b2 fails: that piece is already taken.
        let e = play_path(&board, "a1 c3 a1").unwrap_err();
        assert_eq!(e.index, 3);
        assert!(e.reason.contains("no white piece on b2"), "{e}");
    }

    #[test]
    fn path_separators() {
        assert_eq!(path_words("b2 d4,f2-h4"), ["b2", "d4", "f2", "h4"]);
        assert_eq!(path_words("b2xd4 x f2"), ["b2", "d4", "f2"]);
        assert_eq!(path_words("b2d4"), ["b2", "d4"]);
        assert_eq!(path_words("x4 b2x4"), ["x4", "b2", "x4"]);
        assert_eq!(path_words("  "), Vec::<&str>::new());
    }

    #[test]
    fn illegal_paths_are_explained() {
        let board = Board::parse_drawing(SAMPLE.as_bytes()).unwrap();
        let reason = |path: &str| play_path(&board, path).unwrap_err().reason;
        assert!(reason("b2 d4").contains("black piece"));
        assert!(reason("a1 b2").contains("diagonal jump"));
        assert!(reason("a1 z9").contains("not a square"));
        assert!(reason("a1").contains("at least two"));
        assert!(reason("c3 e5").contains("black piece"));
    }
}
