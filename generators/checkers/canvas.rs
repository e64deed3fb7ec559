//! The board a generator draws on: squares addressed by signed coordinates (off-board
//! neighbours need no special casing), the colouring phase, and the small random helpers every
//! family uses. All randomness is drawn as `u32`, so a seed gives the same board everywhere.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use leapfrog_puzzles::checkers::Board;

/// A square as the generator addresses it: row 0 is the top input line.
pub type At = (i32, i32);

/// The four diagonal steps.
pub const DIAGONALS: [At; 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Which squares are usable: does a1 (the bottom-left corner) belong to them?
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Phase {
    /// a1 is usable, as on a real checkerboard.
    A1,
    /// a1 is not usable; b1 is.
    B1,
}

#[derive(Debug, Clone)]
pub struct Canvas {
    pub n: i32,
    /// `(row + col) % 2` of the usable squares.
    usable_parity: i32,
    cells: Vec<u8>,
}

impl Canvas {
    /// An empty board: `_` on usable squares, `.` elsewhere.
    pub fn new(n: u32, phase: Phase) -> Canvas {
        let n = n as i32;
        // a1 is (row n-1, column 0).
        let a1_parity = (n - 1) % 2;
        let usable_parity = match phase {
            Phase::A1 => a1_parity,
            Phase::B1 => 1 - a1_parity,
        };
        let cells = (0..n * n)
            .map(|i| {
                if (i / n + i % n) % 2 == usable_parity {
                    b'_'
                } else {
                    b'.'
                }
            })
            .collect();
        Canvas {
            n,
            usable_parity,
            cells,
        }
    }

    pub fn on_board(&self, (r, c): At) -> bool {
        (0..self.n).contains(&r) && (0..self.n).contains(&c)
    }

    pub fn usable(&self, (r, c): At) -> bool {
        self.on_board((r, c)) && (r + c).rem_euclid(2) == self.usable_parity
    }

    /// The square's character, or `None` off the board.
    pub fn get(&self, at: At) -> Option<u8> {
        self.on_board(at)
            .then(|| self.cells[(at.0 * self.n + at.1) as usize])
    }

    pub fn is(&self, at: At, piece: u8) -> bool {
        self.get(at) == Some(piece)
    }

    pub fn set(&mut self, at: At, piece: u8) {
        assert!(self.usable(at), "a piece on an unusable square {at:?}");
        self.cells[(at.0 * self.n + at.1) as usize] = piece;
    }

    /// Every usable square, in input order.
    pub fn usable_squares(&self) -> Vec<At> {
        (0..self.n * self.n)
            .map(|i| (i / self.n, i % self.n))
            .filter(|&a| self.usable(a))
            .collect()
    }

    /// How many white pieces stand diagonally next to a square.
    pub fn degree(&self, at: At) -> usize {
        DIAGONALS
            .iter()
            .filter(|d| self.is(step(at, **d, 1), b'W'))
            .count()
    }

    pub fn count(&self, piece: u8) -> usize {
        self.cells.iter().filter(|&&c| c == piece).count()
    }

    /// The input text.
    pub fn text(&self) -> Vec<u8> {
        let mut out = format!("{}\n", self.n).into_bytes();
        for row in self.cells.chunks(self.n as usize) {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
        out
    }

    /// The board as the reference solver sees it.
    pub fn board(&self) -> Board {
        Board::parse(&self.text()).expect("the generator draws well-formed boards")
    }
}

/// `at` moved `times` steps along a diagonal.
pub fn step(at: At, d: At, times: i32) -> At {
    (at.0 + d.0 * times, at.1 + d.1 * times)
}

/// The jump class of a usable square (the same four classes the reference solver reasons
/// with): jumps of two squares never leave it.
pub fn class_of((r, c): At) -> i32 {
    (r & 1) * 2 + ((r.div_euclid(2) + c.div_euclid(2)) & 1)
}

/// A number in `0..n` (n > 0).
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    rng.random_range(0..n)
}

/// A number in `lo..=hi`.
pub fn between(rng: &mut ChaCha8Rng, lo: u32, hi: u32) -> u32 {
    rng.random_range(lo..=hi)
}

/// True with probability `num / den`.
pub fn chance(rng: &mut ChaCha8Rng, num: u32, den: u32) -> bool {
    below(rng, den) < num
}

/// A random element.
pub fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[below(rng, items.len() as u32) as usize])
}

/// Fisher–Yates with `u32` draws.
pub fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
