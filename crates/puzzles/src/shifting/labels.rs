//! Every optimal solution of the one-white game (`n` blacks, `m = 1`), named by an integer.
//!
//! While `r` blacks are still left of the empty square (which is then square `r + 1`, with the
//! white on `r + 2`), the solver reads the next bit of the label, least significant first:
//!
//! * bit 0: the white slides left and the nearest black jumps over it (`r + 2`, `r`); `r -= 1`;
//! * bit 1: the nearest black slides right, the white jumps left over it, that black slides
//!   right again and the black left of the white jumps over it (`r`, `r + 2`, `r + 1`, `r - 1`);
//!   `r -= 2`. With `r = 1` the fourth move does not exist and the goal is already reached.
//!
//! At `r = 0` the white slides into square 1 and the game ends. A number is a label when every
//! set bit is read before the end. Every optimal solution takes one of these two openings at
//! each stage, so labels and optimal solutions correspond one to one, and there are `F(n + 2)`
//! of them (`f(r) = f(r-1) + f(r-2)`, `f(0) = 1`, `f(1) = 2`).

/// Whether `label` names an optimal solution of the game with `n` blacks and one white.
pub fn is_label(n: u64, label: u64) -> bool {
    let mut left = n;
    let mut bit = 0u32;
    while left > 0 && bit < 64 {
        left = left.saturating_sub(1 + (label >> bit & 1));
        bit += 1;
    }
    bit >= 64 || label >> bit == 0
}

/// The checks that make `k` a label of `n`, each of which a program may leave out on its own:
/// `width`, no bit at `n` or above (a game has at most `n` stages, so a label has at most `n`
/// bits); `end-slide`, when the game ends with the white's last slide (`r = 0`), no bit set
/// between the last one read and bit `n`; `end-short`, the same when the game ends with the
/// three-move stage (a 1 read at `r = 1`). `k` is a label exactly when all three hold.
pub const FAULTS: [&str; 3] = ["end-slide", "end-short", "width"];

/// How the game of `label`, read as a label of `n`, ends: the number of bits read, and whether
/// the last stage was the three-move one (a 1 read with one black left).
pub fn ending(n: u64, label: u64) -> (u32, bool) {
    let (mut left, mut bit, mut short) = (n, 0u32, false);
    while left > 0 && bit < 64 {
        let one = label >> bit & 1 == 1;
        short = one && left == 1;
        left = left.saturating_sub(1 + one as u64);
        bit += 1;
    }
    (bit, short)
}

/// The checks of [`FAULTS`] that `k` breaks as a label of `n` (`n <= 63`), each judged on its
/// own: bits at `n` and above count for `width` only, bits read-to-`n` for the end the game
/// has. Empty exactly when `k` is a label.
pub fn faults(n: u64, k: u64) -> Vec<&'static str> {
    assert!(n <= 63, "a label of n <= 63 blacks fits in 64 bits");
    let (read, short) = ending(n, k);
    let mut found = Vec::new();
    let unread_below_n = (read as u64..n).any(|b| k >> b & 1 == 1);
    if unread_below_n {
        found.push(if short { "end-short" } else { "end-slide" });
    }
    if k >> n != 0 {
        found.push("width");
    }
    found
}

/// The `index`-th label of `n` (0-based; at every stage the labels reading a 0 come before
/// those reading a 1), or `None` when `index` is not below the number of labels. Used to draw labels uniformly. Needs `n <= 90`, so that
/// the counts fit in a `u64`.
pub fn label_by_index(n: u64, mut index: u64) -> Option<u64> {
    assert!(n <= 90, "label counts beyond F(92) do not fit in 64 bits");
    // count[r] = number of ways to finish from r blacks left = F(r + 2).
    let mut count = vec![1u64, 2];
    for r in 2..=n as usize {
        count.push(count[r - 1] + count[r - 2]);
    }
    if index >= count[n as usize] {
        return None;
    }
    let (mut left, mut bit, mut label) = (n as usize, 0u32, 0u64);
    while left > 0 {
        let zero_first = count[left - 1];
        if index < zero_first {
            left -= 1;
        } else {
            index -= zero_first;
            label |= 1 << bit;
            left = left.saturating_sub(2);
        }
        bit += 1;
    }
    Some(label)
}

/// The moves of the solution labelled `label`, one at a time (`2n + 1` of them).
#[derive(Debug, Clone)]
pub struct LabelMoves {
    label: u64,
    bit: u32,
    left: u64,
    pending: [u64; 4],
    pending_len: usize,
    next_pending: usize,
    finished: bool,
}

impl LabelMoves {
    /// `None` when `label` is not a label of `n`.
    pub fn new(n: u64, label: u64) -> Option<LabelMoves> {
        is_label(n, label).then_some(LabelMoves {
            label,
            bit: 0,
            left: n,
            pending: [0; 4],
            pending_len: 0,
            next_pending: 0,
            finished: false,
        })
    }

    /// Queues the moves of the next stage.
    fn refill(&mut self) {
        let r = self.left;
        let one = self.bit < 64 && self.label >> self.bit & 1 == 1;
        let (moves, len): ([u64; 4], usize) = if r == 0 {
            self.finished = true;
            ([2, 0, 0, 0], 1)
        } else if !one {
            self.left -= 1;
            ([r + 2, r, 0, 0], 2)
        } else if r == 1 {
            self.finished = true;
            ([1, 3, 2, 0], 3)
        } else {
            self.left -= 2;
            ([r, r + 2, r + 1, r - 1], 4)
        };
        if r > 0 {
            self.bit += 1;
        }
        self.pending = moves;
        self.pending_len = len;
        self.next_pending = 0;
    }
}

impl Iterator for LabelMoves {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.next_pending == self.pending_len {
            if self.finished {
                return None;
            }
            self.refill();
        }
        self.next_pending += 1;
        Some(self.pending[self.next_pending - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shifting::count::fibonacci;
    use crate::shifting::game::Row;

    #[test]
    fn the_five_labels_of_three() {
        let labels: Vec<u64> = (0..64).filter(|&k| is_label(3, k)).collect();
        assert_eq!(labels, vec![0, 1, 2, 3, 4]);
        assert_eq!(
            LabelMoves::new(3, 0).unwrap().collect::<Vec<_>>(),
            vec![5, 3, 4, 2, 3, 1, 2]
        );
        assert_eq!(
            LabelMoves::new(3, 1).unwrap().collect::<Vec<_>>(),
            vec![3, 5, 4, 2, 3, 1, 2]
        );
        assert_eq!(
            LabelMoves::new(3, 3).unwrap().collect::<Vec<_>>(),
            vec![3, 5, 4, 2, 1, 3, 2]
        );
        assert_eq!(
            LabelMoves::new(3, 4).unwrap().collect::<Vec<_>>(),
            vec![5, 3, 4, 2, 1, 3, 2]
        );
        // 5 = 0b101: bits 0 and 1 finish the game, so bit 2 is never read.
        assert!(LabelMoves::new(3, 5).is_none());
    }

    #[test]
    fn a_number_breaks_no_check_exactly_when_it_is_a_label() {
        for n in 1..=12u64 {
            for k in 0..1u64 << (n + 2) {
                let found = faults(n, k);
                assert_eq!(found.is_empty(), is_label(n, k), "n={n} k={k}: {found:?}");
                // The game ends one way, so at most one end check fails.
                assert!(found.iter().filter(|f| f.starts_with("end")).count() <= 1);
            }
        }
        // n = 3: 5 = 0b101 ends with the slide after two bits, 7 = 0b111 with the short stage
        // after two, 8 = 2^3 is label 0 with a bit beyond the width.
        assert_eq!(faults(3, 5), ["end-slide"]);
        assert_eq!(faults(3, 7), ["end-short"]);
        assert_eq!(faults(3, 8), ["width"]);
        assert_eq!(faults(3, 13), ["end-slide", "width"]);
        assert_eq!(faults(60, 1 << 61), ["width"]);
    }

    #[test]
    fn label_counts_are_fibonacci() {
        for n in 0..=20u64 {
            let count = (0..1u64 << (n + 1)).filter(|&k| is_label(n, k)).count() as u64;
            assert_eq!(count.to_string(), fibonacci(n + 2).to_string(), "n={n}");
            // Nothing at or above 2^n is a label: each stage reads a bit and removes a black.
            assert!(
                !((1u64 << n)..(1u64 << (n + 1))).any(|k| is_label(n, k)),
                "n={n}"
            );
        }
    }

    #[test]
    fn label_by_index_enumerates_every_label_once() {
        for n in 0..=16u64 {
            let mut by_index: Vec<u64> = (0..).map_while(|i| label_by_index(n, i)).collect();
            by_index.sort_unstable();
            let direct: Vec<u64> = (0..1u64 << n.max(1)).filter(|&k| is_label(n, k)).collect();
            assert_eq!(by_index, direct, "n={n}");
        }
        assert_eq!(
            label_by_index(60, fibonacci(62).to_string().parse::<u64>().unwrap()),
            None
        );
    }

    #[test]
    fn every_label_of_sixty_blacks_plays_correctly() {
        // A few labels at the edges of n = 60, replayed on a real row.
        let count: u64 = fibonacci(62).to_string().parse().unwrap();
        for index in [0, 1, 2, count / 3, count / 2, count - 2, count - 1] {
            let label = label_by_index(60, index).unwrap();
            let mut row = Row::start(60, 1);
            let mut moves = 0;
            for p in LabelMoves::new(60, label).unwrap() {
                row.play(p).unwrap();
                moves += 1;
            }
            assert_eq!(moves, 121);
            assert_eq!(row, Row::goal(60, 1));
        }
    }

    #[test]
    fn huge_labels_and_games() {
        assert!(is_label(1000, u64::MAX >> 1)); // 63 ones use 126 blacks; the rest are zeros
        assert!(!is_label(60, 1 << 61));
        assert!(is_label(60, 0));
        assert_eq!(LabelMoves::new(1000, u64::MAX).unwrap().count(), 2001);
    }
}
