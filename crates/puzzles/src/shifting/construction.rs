//! An optimal solution built move by move, in O(1) memory and O(1) time per move, for any
//! `n, m >= 1`.
//!
//! Call the larger side `big` and the smaller `small` (when blacks are the smaller side the
//! whole game is played mirrored: square `p` becomes `n + m + 2 - p` and the colours swap roles).
//! The solution has four phases, each a list of *blocks*, each block one slide plus a run of
//! jumps that all move the empty square the same way:
//!
//! 1. opening: block `j = 1 ..= small` is `j - 1` jumps then one slide, in a direction that
//!    flips after every block; it builds `small` alternating pairs next to the empty square;
//! 2. crossing: `small` jumps that carry the empty square across the alternating stretch;
//! 3. middle (only when `big > small`): `big - small` blocks of one black slide to the right
//!    followed by `small` jumps in the flipped direction; each block walks one surplus checker
//!    through the alternating stretch;
//! 4. closing: the opening backwards, blocks of one slide then `small - r` jumps.
//!
//! The phases use `s(s+1)/2 + s + (b-s)(s+1) + s(s+1)/2 = nm + n + m` moves, the minimum.
//! [`Runs`] yields the moves grouped into runs (a slide, or a run of jumps: an arithmetic
//! progression of squares with step ±2), which is what the fast writer wants; [`Moves`] yields
//! them one at a time.

/// Consecutive moves whose squares form an arithmetic progression: `first`, `first + step`, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub first: u64,
    /// -2, -1, 1 or 2 (only meaningful when `len > 1`).
    pub step: i64,
    pub len: u64,
}

impl Run {
    /// The `k`-th move of the run, from 0.
    pub fn at(&self, k: u64) -> u64 {
        (self.first as i64 + self.step * k as i64) as u64
    }

    /// The last move of the run.
    pub fn last(&self) -> u64 {
        self.at(self.len - 1)
    }
}

/// Where the construction is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cursor {
    /// Opening block `block`; `jumped` once its jumps are out.
    Opening {
        block: u64,
        jumped: bool,
    },
    Crossing,
    /// Middle block `block`; `slid` once its slide is out.
    Middle {
        block: u64,
        slid: bool,
    },
    /// Closing block `block`; `slid` once its slide is out.
    Closing {
        block: u64,
        slid: bool,
    },
    Done,
}

/// The runs of an optimal solution, in order.
#[derive(Debug, Clone)]
pub struct Runs {
    big: u64,
    small: u64,
    /// Squares are reported as `n + m + 2 - p` (the game is played with the colours swapped).
    mirrored: bool,
    /// The empty square, in the unmirrored game (where blacks are the larger side).
    empty: i64,
    /// +1 when the next slide or jump moves the empty square right (a white checker moves
    /// left), -1 when it moves it left (a black checker moves right).
    toward: i64,
    cursor: Cursor,
}

impl Runs {
    /// The canonical solution: its first move is the black checker on square `n` sliding right.
    pub fn canonical(n: u64, m: u64) -> Runs {
        Runs::new(n, m, true)
    }

    /// An optimal solution for `n` blacks and `m` whites (both at least 1). With
    /// `black_first`, the first move is the black on square `n` sliding right; otherwise it is
    /// the white on square `n + 2` sliding left. When `n, m >= 2` these are the only two optimal
    /// solutions.
    pub fn new(n: u64, m: u64, black_first: bool) -> Runs {
        assert!(
            n >= 1 && m >= 1,
            "shifting needs at least one checker of each colour"
        );
        let mirrored = n < m;
        let (big, small) = if mirrored { (m, n) } else { (n, m) };
        // Mirroring turns "black slides right" into "white slides left".
        let toward = if black_first != mirrored { -1 } else { 1 };
        Runs {
            big,
            small,
            mirrored,
            empty: big as i64 + 1,
            toward,
            cursor: Cursor::Opening {
                block: 1,
                jumped: false,
            },
        }
    }

    /// Moves the empty square by one slide in the current direction.
    fn slide(&mut self, toward: i64) -> Run {
        self.empty += toward;
        self.report(Run {
            first: self.empty as u64,
            step: toward,
            len: 1,
        })
    }

    /// Makes `count` jumps in the current direction.
    fn jumps(&mut self, count: u64) -> Run {
        let step = 2 * self.toward;
        let first = self.empty + step;
        self.empty += step * count as i64;
        self.report(Run {
            first: first as u64,
            step,
            len: count,
        })
    }

    /// Translates a run of the unmirrored game into the real one.
    fn report(&self, run: Run) -> Run {
        if self.mirrored {
            let far = self.big + self.small + 2;
            Run {
                first: far - run.first,
                step: -run.step,
                len: run.len,
            }
        } else {
            run
        }
    }
}

impl Iterator for Runs {
    type Item = Run;

    fn next(&mut self) -> Option<Run> {
        loop {
            match self.cursor {
                Cursor::Opening {
                    block,
                    jumped: false,
                } => {
                    self.cursor = Cursor::Opening {
                        block,
                        jumped: true,
                    };
                    if block > 1 {
                        return Some(self.jumps(block - 1));
                    }
                }
                Cursor::Opening {
                    block,
                    jumped: true,
                } => {
                    let run = self.slide(self.toward);
                    self.toward = -self.toward;
                    self.cursor = if block == self.small {
                        Cursor::Crossing
                    } else {
                        Cursor::Opening {
                            block: block + 1,
                            jumped: false,
                        }
                    };
                    return Some(run);
                }
                Cursor::Crossing => {
                    self.cursor = if self.big > self.small {
                        Cursor::Middle {
                            block: 1,
                            slid: false,
                        }
                    } else {
                        Cursor::Closing {
                            block: 1,
                            slid: false,
                        }
                    };
                    return Some(self.jumps(self.small));
                }
                Cursor::Middle { block, slid: false } => {
                    self.cursor = Cursor::Middle { block, slid: true };
                    // A black always slides right here, whatever the jump direction.
                    let run = self.slide(-1);
                    self.toward = -self.toward;
                    return Some(run);
                }
                Cursor::Middle { block, slid: true } => {
                    self.cursor = if block == self.big - self.small {
                        Cursor::Closing {
                            block: 1,
                            slid: false,
                        }
                    } else {
                        Cursor::Middle {
                            block: block + 1,
                            slid: false,
                        }
                    };
                    return Some(self.jumps(self.small));
                }
                Cursor::Closing { block, slid: false } => {
                    self.cursor = Cursor::Closing { block, slid: true };
                    self.toward = -self.toward;
                    return Some(self.slide(self.toward));
                }
                Cursor::Closing { block, slid: true } => {
                    self.cursor = if block == self.small {
                        Cursor::Done
                    } else {
                        Cursor::Closing {
                            block: block + 1,
                            slid: false,
                        }
                    };
                    if block < self.small {
                        return Some(self.jumps(self.small - block));
                    }
                }
                Cursor::Done => return None,
            }
        }
    }
}

/// The moves of an optimal solution, one at a time.
#[derive(Debug, Clone)]
pub struct Moves {
    runs: Runs,
    current: Option<Run>,
    taken: u64,
}

impl Moves {
    /// The canonical solution (first move: the black on square `n` slides right).
    pub fn canonical(n: u64, m: u64) -> Moves {
        Moves::from_runs(Runs::canonical(n, m))
    }

    pub fn from_runs(runs: Runs) -> Moves {
        Moves {
            runs,
            current: None,
            taken: 0,
        }
    }
}

impl Iterator for Moves {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        loop {
            if let Some(run) = self.current
                && self.taken < run.len
            {
                self.taken += 1;
                return Some(run.at(self.taken - 1));
            }
            self.current = Some(self.runs.next()?);
            self.taken = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shifting::game::{Row, min_moves};

    /// Plays a solution on a real row and checks it ends at the goal in the minimum count.
    fn assert_optimal(n: usize, m: usize, moves: impl Iterator<Item = u64>) {
        let mut row = Row::start(n, m);
        let mut count = 0;
        for p in moves {
            row.play(p)
                .unwrap_or_else(|e| panic!("n={n} m={m} move {}: {e}", count + 1));
            count += 1;
        }
        assert_eq!(count, min_moves(n as u64, m as u64).unwrap(), "n={n} m={m}");
        assert_eq!(row, Row::goal(n, m), "n={n} m={m}");
    }

    #[test]
    fn both_directions_solve_every_small_game() {
        for n in 1..=40 {
            for m in 1..=40 {
                for black_first in [true, false] {
                    assert_optimal(
                        n,
                        m,
                        Moves::from_runs(Runs::new(n as u64, m as u64, black_first)),
                    );
                }
            }
        }
    }

    #[test]
    fn canonical_first_move_is_the_black_on_square_n() {
        for (n, m) in [(1, 1), (3, 2), (2, 3), (5, 5), (1, 7), (7, 1)] {
            assert_eq!(Moves::canonical(n, m).next(), Some(n), "n={n} m={m}");
            assert_eq!(Moves::from_runs(Runs::new(n, m, false)).next(), Some(n + 2));
        }
    }

    #[test]
    fn the_three_by_two_game() {
        // bbb_ww bb_bww bbwb_w bbwbw_ bbw_wb b_wbwb _bwbwb wb_bwb wbwb_b wbw_bb w_wbbb ww_bbb
        let moves: Vec<u64> = Moves::canonical(3, 2).collect();
        assert_eq!(moves, vec![3, 5, 6, 4, 2, 1, 3, 5, 4, 2, 3]);
    }

    #[test]
    fn runs_never_have_zero_length() {
        for n in 1..=12 {
            for m in 1..=12 {
                assert!(Runs::canonical(n, m).all(|r| r.len > 0));
            }
        }
    }
}
