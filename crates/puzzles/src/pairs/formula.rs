//! The explicit formula: the i-th move of the construction in O(1), without the moves before it.
//!
//! With L = (n - 4) / 4 reductions and base size b = n - 4L (4 ..= 7), move i (1-based) is
//! - `2i - 1` for odd i <= 2L and `2(n - i)` for even i <= 2L (the descent),
//! - `4L + BASE[b - 4][i - 2L - 1]` for 2L < i <= 2L + b (the base game, shifted),
//! - `2i + 1` when n - i is odd and `2(n - i)` when it is even, for i > 2L + b (the climb).
//!
//! (The research note this puzzle comes from bounds the middle range by i < 2L + r + 3 with
//! r = n mod 4; the base game has r + 4 moves, so the range really ends at i = 2L + r + 4.)

use super::construction::{BASE, levels};

/// Move `i` (1 ..= n) of the constructed optimal solution for n >= 4.
#[inline]
pub fn move_at(n: u64, i: u64) -> u64 {
    debug_assert!(n >= 4 && (1..=n).contains(&i));
    let levels = levels(n);
    let base = BASE[(n - 4 * levels - 4) as usize];
    let descent = 2 * levels;
    if i <= descent {
        if i % 2 == 1 { 2 * i - 1 } else { 2 * (n - i) }
    } else if i <= descent + base.len() as u64 {
        4 * levels + base[(i - descent - 1) as usize]
    } else if (n - i) % 2 == 1 {
        2 * i + 1
    } else {
        2 * (n - i)
    }
}

#[cfg(test)]
mod tests {
    use super::super::construction::Construction;
    use super::*;

    #[test]
    fn formula_equals_construction_move_by_move_up_to_2000() {
        for n in 4..=2000u64 {
            for (i, expected) in (1..).zip(Construction::new(n)) {
                assert_eq!(move_at(n, i), expected, "n = {n}, move {i}");
            }
        }
    }

    #[test]
    fn formula_at_huge_sizes_matches_the_iterator_at_both_ends() {
        let n = 1_000_000_007u64;
        let head: Vec<u64> = Construction::new(n).take(6).collect();
        assert_eq!(head, (1..=6).map(|i| move_at(n, i)).collect::<Vec<_>>());
        assert_eq!(move_at(n, n), 0);
        assert_eq!(move_at(n, n - 1), 2 * (n - 1) + 1);
    }
}
