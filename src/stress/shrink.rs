//! Which reductions a failing input gets: those of the puzzle's registry entry, or, for a
//! problem without a built-in solver, each of its numbers shrunk in turn.

use crate::puzzles::registry::ShrinkFn;

/// How a problem's input shrinks.
#[derive(Clone, Copy)]
pub struct Shape(ShrinkFn);

impl Shape {
    /// The shape of a puzzle's input, by the puzzle's name.
    pub fn of(puzzle: &str) -> Shape {
        Shape(crate::puzzles::find(puzzle).map_or(crate::puzzles::shrink::numbers, |p| p.shrink))
    }
}

/// Smaller variants of `input`, larger reductions first.
pub fn candidates(shape: Shape, input: &[u8]) -> Vec<Vec<u8>> {
    (shape.0)(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_puzzle_shrinks_its_own_input_and_others_shrink_numbers() {
        let board = candidates(Shape::of("checkers-path"), b"3\n._.\nW.B\n._.\n");
        assert_eq!(board[0], b"2\n.B\n_.\n");
        let queries = candidates(Shape::of("shifting-query"), b"4 4 3\n1\n24\n7\n");
        assert_eq!(queries[0], b"4 4 1\n1\n");
        let numbers = candidates(Shape::of("a-package-of-its-own"), b"2 1\n");
        assert_eq!(numbers, [b"1 1\n".to_vec(), b"2 0\n".to_vec()]);
    }
}
