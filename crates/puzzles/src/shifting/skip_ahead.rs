//! A second, independent way to find move `i` of a huge game, used only to test the formula:
//! skip whole blocks of the construction in pairs, by binary search, then walk the last block.
//!
//! The formula in [`super::formula`] is a per-move closed form. This module only uses facts
//! about *blocks* of the construction, each of which is easy to check by hand: two consecutive
//! opening blocks `j`, `j + 1` take `2j + 1` moves and leave the empty square two squares further
//! from the centre, against the direction of block `j`; two middle blocks take `2(small + 1)` moves
//! and shift it two squares left; two closing blocks `r`, `r + 1` take `2(small - r) + 1` moves
//! and shift it two squares in the direction of block `r`. Directions repeat every two blocks.
//! It answers in O(log n) time, and it is itself tested against the full construction.

/// The direction of the empty square in one block: +1 right, -1 left.
type Dir = i128;

/// Where move `index` (1-based, counted inside the block) of a block lands, given the empty
/// square before the block, the block's direction, and whether it starts with its slide.
fn in_block(before: i128, dir: Dir, slide_first: bool, jumps: i128, index: i128) -> i128 {
    if slide_first {
        // slide, then jumps
        before + dir + 2 * dir * (index - 1)
    } else if index <= jumps {
        before + 2 * dir * index
    } else {
        before + 2 * dir * jumps + dir
    }
}

/// The largest `p` in `0..=limit` with `cost(p) < budget`, for `cost` increasing.
fn largest_below(limit: i128, budget: i128, cost: impl Fn(i128) -> i128) -> i128 {
    let (mut lo, mut hi) = (0, limit);
    while lo < hi {
        let mid = (lo + hi + 1) / 2;
        if cost(mid) < budget {
            lo = mid
        } else {
            hi = mid - 1
        }
    }
    lo
}

/// Move `i` of the solution for `n` blacks and `m` whites whose first move is the black on square
/// `n` (`black_first`) or the white on square `n + 2`.
pub fn move_at(n: u64, m: u64, black_first: bool, i: u64) -> u64 {
    let mirrored = n < m;
    let (big, small) = (n.max(m) as i128, n.min(m) as i128);
    let mut left = i as i128; // moves still to go, counting move i itself
    let mut empty = big + 1;
    let mut dir: Dir = if black_first != mirrored { -1 } else { 1 };
    let square = 'found: {
        // Opening: block j is j - 1 jumps then a slide; the direction flips after each block.
        let mut j = 1;
        let pairs = largest_below(small / 2, left, |p| p * (2 * j + 1) + 2 * p * (p - 1));
        left -= pairs * (2 * j + 1) + 2 * pairs * (pairs - 1);
        empty -= 2 * pairs * dir;
        j += 2 * pairs;
        while j <= small {
            if left <= j {
                break 'found in_block(empty, dir, false, j - 1, left);
            }
            left -= j;
            empty += dir * (2 * j - 1);
            dir = -dir;
            j += 1;
        }
        // Crossing: small jumps.
        if left <= small {
            break 'found empty + 2 * dir * left;
        }
        left -= small;
        empty += 2 * dir * small;
        // Middle: big - small blocks of a slide left then small jumps the flipped way.
        let blocks = big - small;
        let pairs = largest_below(blocks / 2, left, |p| 2 * p * (small + 1));
        left -= 2 * pairs * (small + 1);
        empty -= 2 * pairs;
        for _ in 2 * pairs..blocks {
            if left <= small + 1 {
                break 'found if left == 1 {
                    empty - 1
                } else {
                    empty - 1 - 2 * dir * (left - 1)
                };
            }
            left -= small + 1;
            empty += -1 - 2 * dir * small;
            dir = -dir;
        }
        // Closing: block r flips the direction, slides, then makes small - r jumps.
        let mut r = 1;
        let pairs = largest_below(small / 2, left, |p| {
            p * (2 * small - 2 * r + 1) - 2 * p * (p - 1)
        });
        left -= pairs * (2 * small - 2 * r + 1) - 2 * pairs * (pairs - 1);
        // After an even number of blocks the direction is back where it was; each pair moves
        // the empty square two squares the way its first block goes (the flipped direction).
        empty -= 2 * pairs * dir;
        r += 2 * pairs;
        loop {
            dir = -dir;
            let len = small - r + 1;
            if left <= len {
                break 'found in_block(empty, dir, true, small - r, left);
            }
            left -= len;
            empty += dir * (2 * (small - r) + 1);
            r += 1;
        }
    };
    let square = if mirrored {
        (n + m + 2) as i128 - square
    } else {
        square
    };
    square as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shifting::construction::{Moves, Runs};
    use crate::shifting::formula::Formula;

    #[test]
    fn skip_ahead_matches_the_construction_on_every_move_of_small_games() {
        for n in 1..=30 {
            for m in 1..=30 {
                for black_first in [true, false] {
                    for (k, p) in Moves::from_runs(Runs::new(n, m, black_first)).enumerate() {
                        assert_eq!(
                            move_at(n, m, black_first, k as u64 + 1),
                            p,
                            "n={n} m={m} i={}",
                            k + 1
                        );
                    }
                }
            }
        }
    }

    /// Indices worth sampling in a game: the ends, the phase boundaries, the ends of the
    /// largest opening and closing blocks, and a spread in between.
    fn sample_indices(n: u64, m: u64, total: u64) -> Vec<u64> {
        let small = n.min(m) as u128;
        let tri = |j: u128| (j * (j + 1) / 2) as u64;
        let opening = tri(small);
        let crossing = opening + small as u64;
        let middle = crossing + (n.max(m) - n.min(m)) * (small as u64 + 1);
        let mut marks = vec![
            1,
            opening,
            crossing,
            middle,
            total,
            1_000_000_000,
            total / 2,
        ];
        for j in [small, small - 1, small / 2, small * 9 / 10] {
            marks.push(tri(j));
            marks.push(total + 1 - tri(j));
        }
        let mut indices = Vec::new();
        for mark in marks {
            for delta in -3i64..=3 {
                let i = mark as i128 + delta as i128;
                if i >= 1 && i <= total as i128 {
                    indices.push(i as u64);
                }
            }
        }
        // A deterministic spread (a fixed-step walk, no randomness needed).
        let step = (total / 997).max(1);
        indices.extend((0..997).map(|k| 1 + k * step).filter(|&i| i <= total));
        indices
    }

    #[test]
    fn formula_matches_the_skip_ahead_at_sampled_indices_of_huge_games() {
        const G: u64 = 1_000_000_000;
        let games = [
            (G, G),
            (G, G - 1),
            (G - 1, G),
            (G, 2),
            (2, G),
            (G, 31_623),
            (31_623, G),
            (999_999_937, 999_999_929),
            (123_456_789, 987_654_321),
            (G, 1),
            (1, G),
            (3, 3),
        ];
        for (n, m) in games {
            for black_first in [true, false] {
                let formula = Formula::new(n, m, black_first).unwrap();
                for i in sample_indices(n, m, formula.len()) {
                    assert_eq!(
                        formula.move_at(i),
                        move_at(n, m, black_first, i),
                        "n={n} m={m} i={i}"
                    );
                }
            }
        }
    }

    #[test]
    fn formula_matches_the_construction_up_to_move_a_billion() {
        // Walk the construction run by run (not move by move) up to move 10^9, comparing the
        // formula at the ends and the middle of every run. Games with a long opening or long
        // middle blocks keep the number of runs small.
        const LIMIT: u64 = 1_000_000_000;
        for (n, m) in [
            (1_000_000_000u64, 1_000_000_000u64),
            (50_000, 1_000_000_000),
            (1_000_000_000, 40_000),
        ] {
            let formula = Formula::canonical(n, m).unwrap();
            let mut before = 0u64;
            let mut runs = 0u64;
            for run in Runs::canonical(n, m) {
                let len = run.len;
                for k in [0, len / 2, len - 1] {
                    assert_eq!(
                        formula.move_at(before + k + 1),
                        run.at(k),
                        "n={n} m={m} i={}",
                        before + k + 1
                    );
                }
                before += len;
                runs += 1;
                if before >= LIMIT {
                    break;
                }
            }
            assert!(before >= LIMIT && runs > 1000, "n={n} m={m}: {runs} runs");
        }
    }
}
