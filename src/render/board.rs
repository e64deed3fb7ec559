//! Boards in the `checkers` input format (`n`, then `n` rows of `.`, `_`, `B`, `W`) and the capture
//! sequences drawn on them. Columns are lettered `a`, `b`, ... from the left and rows numbered from
//! 1 at the bottom, so the first row of the input is row `n`.

use crate::puzzles::InputError;

/// What occupies one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// A square no piece may stand on (`.`).
    Off,
    /// A playable, empty square (`_`).
    Empty,
    Black,
    White,
}

/// A square board, stored top row first (as the input lists it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub size: usize,
    cells: Vec<Cell>,
}

/// A square, counted from the top-left corner of the drawing (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square {
    pub row: usize,
    pub col: usize,
}

/// The largest board `render` draws; a bigger picture is unreadable anyway.
pub const MAX_SIZE: usize = 200;

impl Board {
    /// Parses the `checkers` input format. Errors name the line and column.
    pub fn parse(text: &str) -> Result<Board, InputError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let (first_no, first) = lines
            .by_ref()
            .find(|(_, l)| !l.trim().is_empty())
            .ok_or_else(|| InputError::new(1, 0, "expected the board size n, found nothing"))?;
        let size_text = first.trim();
        let size: usize = size_text.parse().map_err(|_| {
            InputError::new(
                first_no,
                column_of(first, size_text),
                format!("expected the board size n, found '{size_text}'"),
            )
        })?;
        if size == 0 || size > MAX_SIZE {
            return Err(InputError::new(
                first_no,
                column_of(first, size_text),
                format!("the board size must be between 1 and {MAX_SIZE}, not {size}"),
            ));
        }
        let mut cells = Vec::with_capacity(size * size);
        let mut last_line = first_no;
        for row in 0..size {
            let Some((no, line)) = lines.next() else {
                return Err(InputError::new(
                    last_line + 1,
                    0,
                    format!("expected {size} rows of the board, found only {row}"),
                ));
            };
            last_line = no;
            let line = line.trim_end();
            for (i, ch) in line.chars().enumerate() {
                if i == size {
                    return Err(InputError::new(
                        no,
                        i + 1,
                        format!("row has more than {size} squares"),
                    ));
                }
                cells.push(match ch {
                    '.' => Cell::Off,
                    '_' => Cell::Empty,
                    'B' => Cell::Black,
                    'W' => Cell::White,
                    other => {
                        return Err(InputError::new(
                            no,
                            i + 1,
                            format!("unexpected '{other}': squares are '.', '_', 'B' or 'W'"),
                        ));
                    }
                });
            }
            let len = line.chars().count();
            if len < size {
                return Err(InputError::new(
                    no,
                    len + 1,
                    format!("row has {len} squares, expected {size}"),
                ));
            }
        }
        if let Some((no, line)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(InputError::new(
                no,
                column_of(line, line.trim()),
                "unexpected text after the last row of the board",
            ));
        }
        Ok(Board { size, cells })
    }

    pub fn get(&self, sq: Square) -> Cell {
        self.cells[sq.row * self.size + sq.col]
    }

    fn set(&mut self, sq: Square, cell: Cell) {
        self.cells[sq.row * self.size + sq.col] = cell;
    }

    /// Every square with its content, top row first.
    pub fn squares(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        self.cells.iter().enumerate().map(|(i, &c)| {
            (
                Square {
                    row: i / self.size,
                    col: i % self.size,
                },
                c,
            )
        })
    }

    /// The name of a square: column letter(s) and row number from the bottom (`b2`).
    pub fn square_name(&self, sq: Square) -> String {
        format!("{}{}", column_name(sq.col), self.size - sq.row)
    }

    /// Parses a square name such as `b2` (letters, then the row counted from the bottom).
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
        let number: usize = digits.parse().ok()?;
        if col >= self.size || number == 0 || number > self.size {
            return None;
        }
        Some(Square {
            row: self.size - number,
            col,
        })
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

/// The 1-based column at which `part` (a sub-slice of `line`) starts.
fn column_of(line: &str, part: &str) -> usize {
    let offset = part.as_ptr() as usize - line.as_ptr() as usize;
    line[..offset].chars().count() + 1
}

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
    let mut squares = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let sq = board.parse_square(w).ok_or_else(|| {
            err(
                i + 1,
                w,
                format!(
                    "not a square of this board (columns a..{}, rows 1..{})",
                    column_name(board.size - 1),
                    board.size
                ),
            )
        })?;
        squares.push(sq);
    }
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
    if board.get(start) != Cell::Black {
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
                    board.square_name(to),
                    board.square_name(from)
                ),
            ));
        }
        let over = Square {
            row: (from.row as isize + dr / 2) as usize,
            col: (from.col as isize + dc / 2) as usize,
        };
        if current.get(over) != Cell::White {
            return Err(err(
                i + 2,
                word,
                format!(
                    "there is no white piece on {} to jump over",
                    board.square_name(over)
                ),
            ));
        }
        if current.get(to) != Cell::Empty {
            return Err(err(
                i + 2,
                word,
                format!("{} is not an empty playable square", board.square_name(to)),
            ));
        }
        current.set(from, Cell::Empty);
        current.set(over, Cell::Empty);
        current.set(to, Cell::Black);
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

    fn at(board: &Board, name: &str) -> Cell {
        board.get(board.parse_square(name).unwrap())
    }

    #[test]
    fn parses_and_names_squares_from_the_bottom_left() {
        let board = Board::parse(SAMPLE).unwrap();
        assert_eq!(board.size, 5);
        let a1 = board.parse_square("a1").unwrap();
        assert_eq!(a1, Square { row: 4, col: 0 });
        assert_eq!(board.get(a1), Cell::Black);
        assert_eq!(board.square_name(a1), "a1");
        assert_eq!(at(&board, "d4"), Cell::White);
        assert_eq!(at(&board, "b1"), Cell::Off);
        assert_eq!(board.parse_square("f1"), None);
        assert_eq!(board.parse_square("a6"), None);
        assert_eq!(board.parse_square("A1"), None);
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
    fn bad_boards_name_line_and_column() {
        let e = Board::parse("3\n._.\n_Q_\n._.\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 2));
        let e = Board::parse("3\n._.\n_._\n").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("found only 2"), "{e}");
        let e = Board::parse("3\n._.\n_._._\n._.\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 4));
        let e = Board::parse("x\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = Board::parse("2\n._\n_.\n  extra\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 3));
    }

    #[test]
    fn a_double_capture_removes_both_white_pieces() {
        let board = Board::parse(SAMPLE).unwrap();
        let (jumps, boards) = play_path(&board, "a1-c3-e5").unwrap();
        assert_eq!(jumps.len(), 2);
        assert_eq!(jumps[1].over, board.parse_square("d4").unwrap());
        let after = &boards[1];
        for empty in ["a1", "b2", "c3", "d4"] {
            assert_eq!(at(after, empty), Cell::Empty, "{empty}");
        }
        assert_eq!(at(after, "e5"), Cell::Black);
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
        let board = Board::parse(SAMPLE).unwrap();
        let reason = |path: &str| play_path(&board, path).unwrap_err().reason;
        assert!(reason("b2 d4").contains("black piece"));
        assert!(reason("a1 b2").contains("diagonal jump"));
        assert!(reason("a1 z9").contains("not a square"));
        assert!(reason("a1").contains("at least two"));
        assert!(reason("c3 e5").contains("black piece"));
    }
}
