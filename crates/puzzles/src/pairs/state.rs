//! The compact position used by every search: one bit per square saying "white checker here",
//! plus the index of the gap's left square. A row has 2n + 2 squares, so a `u128` holds every
//! size up to n = 63; memo keys squeeze out the two gap bits and need n <= [`MAX_SEARCH_N`].
//!
//! The module also owns the two measures that bound optimal play (see `count::rules`):
//! `same_pairs` (adjacent checkers of equal colour) and `misplaced` (checkers on a square of
//! the wrong parity for the goal, which has whites on even squares and blacks on odd ones).

/// The largest n the bitboard searches (breadth-first search, counting, listing) accept.
pub const MAX_SEARCH_N: u32 = 56;

/// Bit i set for every even square i.
const EVEN_SQUARES: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;

/// A colour on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    Empty,
    Black,
    White,
}

/// A position of the game of size `n`: 2n + 2 squares, two adjacent ones empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// Bit i is set when square i holds a white checker (gap squares are always clear).
    pub white: u128,
    /// The left square of the gap.
    pub gap: u32,
    /// The number of squares, 2n + 2.
    pub squares: u32,
}

impl State {
    /// Blacks on 0 .. n-1, whites on n .. 2n-1, the gap on 2n and 2n+1.
    pub fn start(n: u32) -> State {
        assert!(
            (1..=MAX_SEARCH_N).contains(&n),
            "bitboard searches need 1 <= n <= {MAX_SEARCH_N}"
        );
        let white = low_bits(2 * n) & !low_bits(n);
        State {
            white,
            gap: 2 * n,
            squares: 2 * n + 2,
        }
    }

    /// The gap on 0 and 1, whites on the even squares 2 .. 2n, blacks on the odd ones.
    pub fn goal(n: u32) -> State {
        assert!(
            (1..=MAX_SEARCH_N).contains(&n),
            "bitboard searches need 1 <= n <= {MAX_SEARCH_N}"
        );
        let squares = 2 * n + 2;
        State {
            white: EVEN_SQUARES & low_bits(squares) & !0b11,
            gap: 0,
            squares,
        }
    }

    pub fn n(&self) -> u32 {
        (self.squares - 2) / 2
    }

    /// Every square that holds a checker.
    #[inline]
    pub fn occupied(&self) -> u128 {
        low_bits(self.squares) & !(0b11u128 << self.gap)
    }

    pub fn square(&self, i: u32) -> Square {
        if i == self.gap || i == self.gap + 1 {
            Square::Empty
        } else if self.white >> i & 1 == 1 {
            Square::White
        } else {
            Square::Black
        }
    }

    /// Whether the checkers on `p` and `p + 1` may move into the gap.
    #[inline]
    pub fn can_move(&self, p: u32) -> bool {
        p + 1 < self.squares && p + 1 != self.gap && p != self.gap && p != self.gap + 1
    }

    /// Moves the pair on `p`, `p + 1` into the gap; the pair's squares become the new gap.
    #[inline]
    pub fn moved(&self, p: u32) -> State {
        debug_assert!(self.can_move(p));
        let pair = self.white >> p & 0b11;
        let white = (self.white & !(0b11u128 << p)) | pair << self.gap;
        State {
            white,
            gap: p,
            squares: self.squares,
        }
    }

    /// Every legal move, in increasing order of position.
    pub fn moves(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.squares - 1).filter(|&p| self.can_move(p))
    }

    /// Adjacent squares that both hold checkers: bit i stands for the pair (i, i + 1). These are
    /// also the legal moves.
    #[inline]
    pub fn neighbours(&self) -> u128 {
        let occ = self.occupied();
        occ & (occ >> 1)
    }

    /// Adjacent checkers of the same colour: bit i set when squares i and i + 1 hold them.
    #[inline]
    pub fn same_mask(&self) -> u128 {
        self.neighbours() & !(self.white ^ (self.white >> 1))
    }

    /// How many adjacent checkers have the same colour (0 in the goal, 2n - 2 at the start).
    #[inline]
    pub fn same_pairs(&self) -> u32 {
        self.same_mask().count_ones()
    }

    /// Checkers on a square of the wrong parity: bit i set when square i holds a black on an
    /// even square or a white on an odd one.
    #[inline]
    pub fn misplaced_mask(&self) -> u128 {
        self.occupied() & (self.white ^ EVEN_SQUARES)
    }

    /// How many checkers stand on a square of the wrong parity (0 in the goal).
    #[inline]
    pub fn misplaced(&self) -> u32 {
        self.misplaced_mask().count_ones()
    }

    /// Whether both neighbours of the gap exist (the gap touches neither end of the row).
    #[inline]
    pub fn gap_is_interior(&self) -> bool {
        self.gap >= 1 && self.gap + 2 < self.squares
    }

    /// For an interior gap: whether the checkers on either side of it have the same colour.
    #[inline]
    pub fn gap_sides_match(&self) -> bool {
        (self.white >> (self.gap - 1) & 1) == (self.white >> (self.gap + 2) & 1)
    }

    /// A memo key: the colours of the 2n checkers in row order (gap bits squeezed out), the gap
    /// index above them, and `tag` (at most 6 bits, e.g. the number of moves left) on top.
    #[inline]
    pub fn key(&self, tag: u32) -> u128 {
        debug_assert!(self.n() <= MAX_SEARCH_N && tag < 64);
        let below = self.white & low_bits(self.gap);
        let above = self.white >> (self.gap + 2);
        let colours = below | above << self.gap;
        let width = self.squares - 2;
        colours | (self.gap as u128) << width | (tag as u128) << (width + 7)
    }

    /// Rebuilds a position of size `n` from [`State::key`]; returns it with the key's tag.
    #[inline]
    pub fn from_key(key: u128, n: u32) -> (State, u32) {
        let width = 2 * n;
        let colours = key & low_bits(width);
        let gap = (key >> width) as u32 & 0x7f;
        let tag = (key >> (width + 7)) as u32;
        let white = (colours & low_bits(gap)) | (colours >> gap) << (gap + 2);
        (
            State {
                white,
                gap,
                squares: width + 2,
            },
            tag,
        )
    }

    /// The row as text: `B`, `W` and `.` for the gap.
    pub fn to_text(&self) -> String {
        (0..self.squares)
            .map(|i| match self.square(i) {
                Square::Empty => '.',
                Square::Black => 'B',
                Square::White => 'W',
            })
            .collect()
    }
}

/// The lowest `k` bits set (k <= 128).
#[inline]
pub fn low_bits(k: u32) -> u128 {
    if k >= 128 {
        u128::MAX
    } else {
        (1u128 << k) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_and_goal_rows() {
        assert_eq!(State::start(3).to_text(), "BBBWWW..");
        assert_eq!(State::goal(3).to_text(), "..WBWBWB");
        assert_eq!(State::start(5).same_pairs(), 8);
        assert_eq!(State::goal(5).same_pairs(), 0);
        assert_eq!(State::goal(5).misplaced(), 0);
        // Blacks on 0, 2 and whites on 3, 5 are misplaced.
        assert_eq!(State::start(3).misplaced(), 4);
    }

    #[test]
    fn a_move_swaps_pair_and_gap() {
        let s = State::start(4).moved(1);
        assert_eq!(s.to_text(), "B..BWWWWBB");
        assert!(!s.can_move(0) && !s.can_move(1) && !s.can_move(2) && s.can_move(3));
        assert_eq!(s.moved(6).to_text(), "BWWBWW..BB");
    }

    #[test]
    fn keys_tell_positions_apart() {
        let mut seen = std::collections::HashMap::new();
        let mut frontier = vec![State::start(4)];
        while let Some(s) = frontier.pop() {
            let key = s.key(5);
            assert_eq!(State::from_key(key, 4), (s, 5));
            if let Some(old) = seen.insert(key, s) {
                assert_eq!(old, s, "two positions share a key");
                continue;
            }
            frontier.extend(s.moves().map(|p| s.moved(p)));
        }
        assert_eq!(seen.len(), 630, "positions reachable for n = 4");
    }
}
