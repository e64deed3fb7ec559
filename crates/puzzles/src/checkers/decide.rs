//! Which black pieces can capture every white piece in one move, decided in time linear in the
//! board size.
//!
//! A king always jumps two squares diagonally, so it never leaves its *class*: the squares
//! with the same row parity, the same column parity and the same parity of `row/2 + col/2`.
//! There are four classes. From class K a piece can only jump over squares of the other row
//! and column parity, and each such square lies between exactly two class-K squares (on one of
//! its two diagonals; the other diagonal joins two squares of the sibling class). So, seen from
//! a piece of class K, the white pieces are the edges of a graph whose vertices are the class-K
//! squares, and capturing all of them in one move means walking a trail that uses every edge
//! once, starting at the piece. Such a trail exists exactly when:
//! - every white piece is an edge (a white on a square of the piece's own parities can never
//!   be jumped);
//! - both ends of every edge are on the board and free to land on: empty, or the piece's own
//!   square, which it leaves at its first jump (other black pieces never move out of the way);
//! - the edges form one connected piece that contains the start;
//! - no vertex has odd degree (the trail ends where it started), or exactly two do and the
//!   start is one of them (Euler).
//!
//! A black piece that touches a white piece is the end of that white's edge in its own class,
//! so when two such pieces share a class each blocks a landing square the other needs, and
//! neither is a solver. Each class is therefore examined once, from its only candidate.

use super::board::{BLACK, Board, EMPTY, Square, WHITE};

/// The four diagonal steps, in the order the path search tries them.
pub const DIAGONALS: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The answer to the decision question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    None,
    One(Square),
    Multiple,
}

/// Which of the four classes a square belongs to (see the module documentation).
pub fn class_of(sq: Square) -> usize {
    (sq.row & 1) * 2 + ((sq.row / 2 + sq.col / 2) & 1)
}

/// The answer the problem asks for.
pub fn answer(board: &Board) -> Answer {
    match capturing_pieces(board).as_slice() {
        [] => Answer::None,
        [one] => Answer::One(*one),
        _ => Answer::Multiple,
    }
}

/// Every black piece that can capture all white pieces in one move, in input order.
pub fn capturing_pieces(board: &Board) -> Vec<Square> {
    // The one black piece per class that touches a white piece, unless there are several.
    let mut candidate: [Option<Square>; 4] = [None; 4];
    let mut crowded = [false; 4];
    for sq in board.squares() {
        if board.at(sq) == BLACK && degree(board, sq) > 0 {
            let class = class_of(sq);
            crowded[class] |= candidate[class].is_some();
            candidate[class].get_or_insert(sq);
        }
    }
    let mut scratch = Scratch::new(board);
    let mut found: Vec<Square> = (0..4)
        .filter(|&class| !crowded[class])
        .filter_map(|class| candidate[class].map(|sq| (class, sq)))
        .filter(|&(class, sq)| scratch.captures_all(board, sq, class as u8 + 1))
        .map(|(_, sq)| sq)
        .collect();
    found.sort();
    found
}

/// How many white pieces stand diagonally next to a square: its degree in its class's graph.
fn degree(board: &Board, sq: Square) -> usize {
    DIAGONALS
        .iter()
        .filter(|&&(dr, dc)| {
            board
                .offset(sq, dr, dc)
                .is_some_and(|m| board.at(m) == WHITE)
        })
        .count()
}

/// Per-square marks reused across the classes. Each class search writes its own stamp, so the
/// arrays never need clearing (the classes' vertex sets are disjoint; a white square is an edge
/// of two sibling classes, which use different stamps).
struct Scratch {
    visited: Vec<u8>,
    counted: Vec<u8>,
    stack: Vec<Square>,
}

impl Scratch {
    fn new(board: &Board) -> Scratch {
        let squares = board.size() * board.size();
        Scratch {
            visited: vec![0; squares],
            counted: vec![0; squares],
            stack: Vec::new(),
        }
    }

    /// Whether the piece on `start` can capture every white piece: a search of its class's
    /// graph that checks landings, counts the white pieces it reaches and the odd vertices.
    fn captures_all(&mut self, board: &Board, start: Square, stamp: u8) -> bool {
        let (mut reached, mut odd, mut start_is_odd) = (0, 0, false);
        self.stack.clear();
        self.stack.push(start);
        self.visited[board.index(start)] = stamp;
        while let Some(sq) = self.stack.pop() {
            let mut degree = 0;
            for (dr, dc) in DIAGONALS {
                let Some(middle) = board.offset(sq, dr, dc) else {
                    continue;
                };
                if board.at(middle) != WHITE {
                    continue;
                }
                degree += 1;
                // The far side of the white must exist and be free when the piece gets there.
                let Some(landing) = board.offset(middle, dr, dc) else {
                    return false;
                };
                if landing != start && board.at(landing) != EMPTY {
                    return false;
                }
                let m = board.index(middle);
                if self.counted[m] != stamp {
                    self.counted[m] = stamp;
                    reached += 1;
                }
                let l = board.index(landing);
                if self.visited[l] != stamp {
                    self.visited[l] = stamp;
                    self.stack.push(landing);
                }
            }
            if degree % 2 == 1 {
                odd += 1;
                start_is_odd |= sq == start;
            }
        }
        reached == board.whites() && (odd == 0 || (odd == 2 && start_is_odd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let text = format!("{}\n{}\n", rows.len(), rows.join("\n"));
        Board::parse(text.as_bytes()).unwrap()
    }

    fn answer_name(rows: &[&str]) -> String {
        let b = board(rows);
        match answer(&b) {
            Answer::None => "None".into(),
            Answer::Multiple => "Multiple".into(),
            Answer::One(sq) => b.name(sq),
        }
    }

    #[test]
    fn jumps_stay_in_their_class() {
        for row in 0..24 {
            for col in 0..24 {
                let sq = Square { row, col };
                for (dr, dc) in DIAGONALS {
                    let to = Square {
                        row: (row as isize + 2 * dr + 2) as usize,
                        col: (col as isize + 2 * dc + 2) as usize,
                    };
                    let from = Square {
                        row: row + 2,
                        col: col + 2,
                    };
                    assert_eq!(class_of(from), class_of(to), "{sq:?} {dr} {dc}");
                }
            }
        }
    }

    #[test]
    fn the_seed_board_has_no_solver() {
        let rows = [
            "._._._._", "_._._._.", ".W._.B._", "_.W.W._.", ".W.B._._", "_._._._.", ".W._.W._",
            "_._._._.",
        ];
        assert_eq!(answer_name(&rows), "None");
    }

    #[test]
    fn one_jump_and_two_ways_to_make_it() {
        assert_eq!(answer_name(&["B._", ".W.", "_._"]), "a3");
        assert_eq!(answer_name(&["B.B", ".W.", "_._"]), "Multiple");
        // Landing on another black piece or off the board is impossible.
        assert_eq!(answer_name(&["B._", ".W.", "_.B"]), "None");
        assert_eq!(answer_name(&["._.W", "_.B.", "._._", "_._."]), "None");
    }

    #[test]
    fn the_start_square_is_free_once_the_piece_has_left() {
        // Four whites around c3 form a cycle for the piece on a3 (class of a3, c5, e3, c1).
        let rows = ["_._._", ".W.W.", "B._._", ".W.W.", "_._._"];
        assert_eq!(answer_name(&rows), "a3");
    }
}
