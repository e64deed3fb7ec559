//! The linear construction of an optimal solution, streamed in O(1) memory.
//!
//! For n >= 8 the solution of size n is two moves that carve a fresh game of size n - 4 out of
//! squares 4 .. 2n - 3 (`1` then `2n - 4`), that smaller game's solution shifted right by 4, and
//! two moves that finish around it (`2n - 1` then `0`). Peeling off four checkers per colour at
//! a time ends at a base size 4 ..= 7, whose solutions come from [`BASE`]. Unrolled, level j
//! (the game of size n - 4j starting on square 4j) contributes `4j + 1` and `2n - 4j - 4` on the
//! way in and `2n - 4j - 1` and `4j` on the way out, so an iterator needs only the level and a
//! step counter, never a stack.

/// Optimal solutions for the base sizes 4, 5, 6 and 7 (index n - 4). Breadth-first search
/// confirms each is optimal (tests in `bfs`).
pub const BASE: [&[u64]; 4] = [
    &[1, 4, 7, 0],
    &[1, 7, 4, 9, 0],
    &[1, 7, 3, 8, 11, 0],
    &[1, 10, 4, 9, 6, 13, 0],
];

/// The number of four-checker reductions before the base: sizes n, n - 4, ... down to 4 ..= 7.
#[inline]
pub fn levels(n: u64) -> u64 {
    debug_assert!(n >= 4);
    (n - 4) / 4
}

/// The moves of the construction for n >= 4, in order (exactly n of them).
#[derive(Debug, Clone)]
pub struct Construction {
    n: u64,
    levels: u64,
    base: &'static [u64],
    /// Moves emitted so far.
    index: u64,
}

impl Construction {
    pub fn new(n: u64) -> Construction {
        assert!(n >= 4, "the construction starts at n = 4");
        let levels = levels(n);
        Construction {
            n,
            levels,
            base: BASE[(n - 4 * levels - 4) as usize],
            index: 0,
        }
    }
}

impl Iterator for Construction {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        let i = self.index;
        if i >= self.n {
            return None;
        }
        self.index += 1;
        let descent = 2 * self.levels;
        let base_end = descent + self.base.len() as u64;
        Some(if i < descent {
            let j = i / 2;
            if i.is_multiple_of(2) {
                4 * j + 1
            } else {
                2 * self.n - 4 * j - 4
            }
        } else if i < base_end {
            4 * self.levels + self.base[(i - descent) as usize]
        } else {
            // Climbing back out: level j's last two moves, deepest level first.
            let from_end = self.n - 1 - i;
            let j = from_end / 2;
            if from_end % 2 == 1 {
                2 * self.n - 4 * j - 1
            } else {
                4 * j
            }
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.n - self.index) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Construction {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The construction written as the recursion it unrolls, for comparison.
    fn recursive(first: u64, k: u64, out: &mut Vec<u64>) {
        if k < 8 {
            out.extend(BASE[(k - 4) as usize].iter().map(|p| first + p));
            return;
        }
        out.push(first + 1);
        out.push(first + 2 * k - 4);
        recursive(first + 4, k - 4, out);
        out.push(first + 2 * k - 1);
        out.push(first);
    }

    #[test]
    fn iterator_equals_the_recursion() {
        for n in 4..=600 {
            let mut expected = Vec::new();
            recursive(0, n, &mut expected);
            assert_eq!(
                Construction::new(n).collect::<Vec<_>>(),
                expected,
                "n = {n}"
            );
        }
    }

    #[test]
    fn small_sizes() {
        assert_eq!(
            Construction::new(8).collect::<Vec<_>>(),
            [1, 12, 5, 8, 11, 4, 15, 0]
        );
        assert_eq!(Construction::new(9).len(), 9);
    }
}
