//! A concrete capture path for a piece the decision found: Hierholzer's algorithm on the
//! piece's class graph (white pieces are the edges), linear in the number of white pieces.

use super::board::{Board, Square, WHITE};
use super::decide::DIAGONALS;

/// The start square followed by every landing square, capturing all white pieces.
///
/// `start` must be a piece that [`super::decide::capturing_pieces`] returned; the trail then
/// exists and every landing is free (the decision checked that), so this only has to find it.
pub fn capture_path(board: &Board, start: Square) -> Vec<Square> {
    let squares = board.size() * board.size();
    // The next diagonal to try from each square, and which white pieces are already taken.
    let mut next_direction = vec![0u8; squares];
    let mut captured = vec![false; squares];
    let mut stack = vec![start];
    let mut trail = Vec::with_capacity(board.whites() + 1);
    while let Some(&sq) = stack.last() {
        let mut jumped = None;
        while let Some(&(dr, dc)) = DIAGONALS.get(usize::from(next_direction[board.index(sq)])) {
            next_direction[board.index(sq)] += 1;
            let Some(middle) = board.offset(sq, dr, dc) else {
                continue;
            };
            if board.at(middle) != WHITE || captured[board.index(middle)] {
                continue;
            }
            if let Some(landing) = board.offset(middle, dr, dc) {
                captured[board.index(middle)] = true;
                jumped = Some(landing);
                break;
            }
        }
        match jumped {
            Some(landing) => stack.push(landing),
            // Every edge here is used: the square is final in what remains of the trail.
            None => trail.push(stack.pop().expect("the loop saw a top")),
        }
    }
    trail.reverse();
    debug_assert_eq!(
        trail.len(),
        board.whites() + 1,
        "the decision promised an Euler trail"
    );
    trail
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::decide::capturing_pieces;

    #[test]
    fn walks_a_cycle_back_to_its_start() {
        let board = Board::parse(b"5\n_._._\n.W.W.\nB._._\n.W.W.\n_._._\n").unwrap();
        let start = capturing_pieces(&board)[0];
        let names: Vec<String> = capture_path(&board, start)
            .iter()
            .map(|&s| board.name(s))
            .collect();
        assert_eq!(names, ["a3", "c5", "e3", "c1", "a3"]);
    }
}
