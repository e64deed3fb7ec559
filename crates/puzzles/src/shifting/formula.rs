//! The `i`-th move of an optimal solution in O(1) time, without playing the moves before it.
//!
//! Derivation (`N >= M` are the larger and smaller side, `e₀ = N + 1` the starting empty square,
//! `σ = ±1` the direction the empty square takes first, `T(j) = j(j+1)/2`):
//!
//! * opening, moves `1 ..= T(M)`: move `i` is step `t = i - T(j-1)` of block `j` (the smallest
//!   `j` with `T(j) >= i`). Block `j` runs in direction `σⱼ = σ(-1)^(j-1)`; the blocks before it
//!   left the empty square at `e₀ - σⱼ(j-1)` (the displacements `σⱼ(2j-1)` telescope), so jump
//!   `t < j` lands at `e₀ + σⱼ(2t - j + 1)` and the closing slide at `e₀ + σⱼ j`;
//! * crossing, the next `M` moves, direction `σ' = σ(-1)^M`: jump `t` lands at `e₀ + σ'(2t - M)`;
//! * middle, `(N-M)(M+1)` moves in blocks of `M + 1`: in block `k` (direction
//!   `τₖ = σ'(-1)^k`), step `u = 0 ..= M` (0 is the slide) lands at `e₀ - k + τₖ(2u - M)`;
//! * closing, the last `T(M)` moves, counted from the end: move `K + 1 - i` from the end lies in
//!   the closing block of length `L` (the smallest with `T(L) >= K + 1 - i`), which is block
//!   `r = M + 1 - L` in direction `ρᵣ = σ'(-1)^(N-M+r)`; its step `t` lands at
//!   `M + 1 + ρᵣ(2t - 2 - M + r)`.
//!
//! When the blacks are the smaller side the game is solved mirrored (`p ↦ n + m + 2 - p`).
//! Everything is exact integer arithmetic (128-bit, integer square roots), so any `n, m` whose
//! move count fits in a `u64` works; the tests check the formula against the construction move by
//! move for every `n, m <= 60` and at sampled indices of games with `n, m` up to `10^9`.

/// Answers "which square does move `i` start from" for one game.
#[derive(Debug, Clone, Copy)]
pub struct Formula {
    n: u64,
    m: u64,
    big: i128,
    small: i128,
    mirrored: bool,
    /// Direction of the empty square's first move in the unmirrored game.
    sigma: i128,
    /// Last move of the opening, the crossing and the middle; the total.
    opening_end: u128,
    crossing_end: u128,
    middle_end: u128,
    total: u128,
}

/// `j(j+1)/2`.
fn triangle(j: u128) -> u128 {
    j * (j + 1) / 2
}

/// The smallest `j` with `T(j) >= i`, for `i >= 1`.
fn triangle_root(i: u128) -> u128 {
    let j = ((8 * i + 1).isqrt() - 1) / 2; // the largest j with T(j) <= i
    if triangle(j) == i { j } else { j + 1 }
}

/// `(-1)^k` times `sign`.
fn flip(sign: i128, k: u128) -> i128 {
    if k.is_multiple_of(2) { sign } else { -sign }
}

impl Formula {
    /// The canonical solution: the first move is the black on square `n` sliding right.
    /// `None` when `n` or `m` is 0 or the move count does not fit in a `u64`.
    pub fn canonical(n: u64, m: u64) -> Option<Formula> {
        Formula::new(n, m, true)
    }

    /// The solution whose first move is the black on square `n` sliding right (`black_first`)
    /// or the white on square `n + 2` sliding left.
    pub fn new(n: u64, m: u64, black_first: bool) -> Option<Formula> {
        if n == 0 || m == 0 {
            return None;
        }
        crate::shifting::game::min_moves(n, m)?;
        let mirrored = n < m;
        let (big, small) = if mirrored { (m, n) } else { (n, m) };
        let (big, small) = (big as u128, small as u128);
        let opening_end = triangle(small);
        let crossing_end = opening_end + small;
        let middle_end = crossing_end + (big - small) * (small + 1);
        let total = middle_end + triangle(small);
        Some(Formula {
            n,
            m,
            big: big as i128,
            small: small as i128,
            mirrored,
            sigma: if black_first != mirrored { -1 } else { 1 },
            opening_end,
            crossing_end,
            middle_end,
            total,
        })
    }

    /// The number of moves, `nm + n + m`.
    pub fn len(&self) -> u64 {
        self.total as u64
    }

    /// Always false: every game takes at least 3 moves.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The square move `i` starts from (`1 <= i <= len()`).
    pub fn move_at(&self, i: u64) -> u64 {
        let i = i as u128;
        assert!(
            i >= 1 && i <= self.total,
            "move {i} is outside 1..={}",
            self.total
        );
        let (big, small) = (self.big, self.small);
        let start = big + 1;
        let after_opening = flip(self.sigma, small as u128);
        let square = if i <= self.opening_end {
            let j = triangle_root(i);
            let t = (i - triangle(j - 1)) as i128;
            let dir = flip(self.sigma, j - 1);
            let j = j as i128;
            if t < j {
                start + dir * (2 * t - j + 1)
            } else {
                start + dir * j
            }
        } else if i <= self.crossing_end {
            let t = (i - self.opening_end) as i128;
            start + after_opening * (2 * t - small)
        } else if i <= self.middle_end {
            let offset = i - self.crossing_end - 1;
            let block = offset / (small as u128 + 1) + 1;
            let u = (offset % (small as u128 + 1)) as i128;
            start - block as i128 + flip(after_opening, block) * (2 * u - small)
        } else {
            let from_end = self.total + 1 - i;
            let len = triangle_root(from_end);
            let block = small - len as i128 + 1;
            let t = len as i128 - (from_end - triangle(len - 1)) as i128 + 1;
            let dir = flip(after_opening, (big - small + block) as u128);
            small + 1 + dir * (2 * t - 2 - small + block)
        };
        let square = if self.mirrored {
            (self.n + self.m + 2) as i128 - square
        } else {
            square
        };
        square as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shifting::construction::{Moves, Runs};

    #[test]
    fn triangle_root_at_the_edges() {
        for j in 1..2000u128 {
            assert_eq!(triangle_root(triangle(j)), j);
            assert_eq!(triangle_root(triangle(j) + 1), j + 1);
        }
        // Large blocks, where a floating-point square root would be off by one.
        for j in [1_000_000_000u128, 1_414_213_562, 4_000_000_000] {
            assert_eq!(triangle_root(triangle(j)), j);
            assert_eq!(triangle_root(triangle(j) - 1), j);
            assert_eq!(triangle_root(triangle(j) + 1), j + 1);
        }
    }

    #[test]
    fn formula_equals_construction_for_every_n_m_up_to_60() {
        for n in 1..=60 {
            for m in 1..=60 {
                for black_first in [true, false] {
                    let formula = Formula::new(n, m, black_first).unwrap();
                    let mut count = 0;
                    for (i, p) in Moves::from_runs(Runs::new(n, m, black_first)).enumerate() {
                        assert_eq!(formula.move_at(i as u64 + 1), p, "n={n} m={m} i={}", i + 1);
                        count += 1;
                    }
                    assert_eq!(count, formula.len());
                }
            }
        }
    }

    #[test]
    fn rejects_games_that_do_not_fit() {
        assert!(Formula::canonical(0, 5).is_none());
        assert!(Formula::canonical(u64::MAX / 2, 3).is_none());
        assert_eq!(
            Formula::canonical(1_000_000_000, 1_000_000_000)
                .unwrap()
                .len(),
            1_000_000_002_000_000_000
        );
    }
}
