//! What a position can still become in exactly `left` moves, decided in O(1) where the
//! structure of short solutions allows it. Everything here is a proof obligation, so each rule
//! carries its argument.
//!
//! Two measures drive it (see `state`): `same`, the number of adjacent checkers of equal colour
//! (0 in the goal), and `misplaced`, the checkers on a square of the wrong parity (whites
//! belong on even squares, blacks on odd ones; 0 in the goal).
//!
//! **Same-colour pairs.** A move breaks at most the two contacts on the outer sides of the pair
//! it lifts (the contact inside the pair travels with it) and may create contacts where it
//! lands, so `same` falls by at most 2 per move. The last move always lifts the pair on squares
//! 0 and 1, which has only one outer side: it lowers `same` by at most 1. Hence a position needs
//! `same <= 2 * left - 1`. Call `slack = 2 * left - same` (>= 1): it is the total shortfall of
//! the remaining moves below 2 each, and the last move alone uses at least 1 of it.
//!
//! **Parity.** Two adjacent checkers of one colour always have one of them misplaced, wherever
//! they stand, so moving such a pair never changes `misplaced`. A mixed pair has both checkers
//! right or both wrong, and a move changes `misplaced` by -2, 0 or +2. So `misplaced <= 2 * left`.
//!
//! **Slack 1, interior gap.** Then every move but the last breaks two contacts and creates none
//! ("perfect"): it lifts a pair XY whose outer neighbours are X and Y, and drops it between two
//! checkers of the other colours. A perfect move into a gap flanked by equal colours A _ A must
//! carry the pair of the other colour, and lifting that pair leaves a gap flanked by equal
//! colours again. So with matching flanks every remaining move stays that way up to the last,
//! which would have to drop a mixed pair between two equal checkers, and the goal alternates:
//! no solution. With different flanks A _ C every move carries the pair CA and leaves different
//! flanks again. Call the gap *good* when its flanks stand on their right parity; a pair dropped
//! into it is then right too. If a gap is bad, the pair dropped there and its flanks form four
//! misplaced checkers A C A C in which no two neighbours match: no perfect move can ever lift
//! any of them (lifting needs equal neighbours on both sides), and the last move lifts only
//! squares 0 and 1, so the goal is lost. Lifting a right pair leaves a bad gap (its outer
//! neighbours have the pair's colours on the other parity) for the next move to fill, so every
//! lifted pair is misplaced; the last one too, since a right pair on 0 and 1 is W B, and lifting
//! it while breaking a contact needs a black on square 2, which the goal forbids. So every move
//! fixes two checkers and `misplaced == 2 * left`. Right checkers never move, so the
//! misplaced ones must already sit in separate dominoes (runs of exactly two) that the moves lift
//! one at a time, the domino on 0 and 1 last; a domino dropped into gap g is right exactly when
//! it came from a square of the other parity, so the dominoes' parities alternate and end on
//! even. Any order that alternates works: a domino's neighbours are right and stay put, and the
//! gap is never next to the next domino because that one has the other parity. With e dominoes
//! on even squares and o on odd ones that gives (e - 1)! * o! solutions, and none unless
//! e = ceil(left / 2), o = floor(left / 2) and the gap's parity equals that of `left`.

use super::super::state::State;

/// Bit i set for every even square i.
const EVEN_SQUARES: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;

/// What a position can become in exactly the given number of moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outlook {
    /// It cannot reach the goal in that many moves.
    Dead,
    /// It reaches the goal in exactly this many ways (decided without searching).
    Solved(u128),
    /// Only a search can tell.
    Open,
}

/// Classifies `state` with `left` moves to go.
#[inline]
pub fn outlook(state: &State, left: u32) -> Outlook {
    if left == 0 {
        return if state.gap == 0 && *state == State::goal(state.n()) {
            Outlook::Solved(1)
        } else {
            Outlook::Dead
        };
    }
    let same = state.same_pairs();
    if same >= 2 * left || state.misplaced() > 2 * left {
        return Outlook::Dead;
    }
    if same == 2 * left - 1 && state.gap_is_interior() {
        if state.gap_sides_match() {
            return Outlook::Dead;
        }
        return Outlook::Solved(perfect_finishes(state, left));
    }
    Outlook::Open
}

/// The number of ways to finish in `left` perfect moves from a position with slack 1 and an
/// interior gap between different colours (the closed form derived in the module comment).
fn perfect_finishes(state: &State, left: u32) -> u128 {
    let misplaced = state.misplaced_mask();
    if misplaced.count_ones() != 2 * left
        || misplaced >> (state.gap - 1) & 1 == 1
        || misplaced & 0b11 != 0b11
        || (state.gap + left) % 2 == 1
    {
        return 0;
    }
    let starts = misplaced & !(misplaced << 1);
    let ends = misplaced & !(misplaced >> 1);
    if ends != starts << 1 {
        return 0; // some run of misplaced checkers is not a single domino
    }
    let even = (starts & EVEN_SQUARES).count_ones();
    let odd = (starts & !EVEN_SQUARES).count_ones();
    if even != left.div_ceil(2) || odd != left / 2 {
        return 0;
    }
    factorial(even - 1) * factorial(odd)
}

/// The moves worth trying from `state` with `left` moves to go: a superset of those whose
/// successor keeps slack >= 1, as a mask of positions. A move lowers the slack by
/// 2 - (contacts broken where the pair leaves) + (contacts created where it lands), so with
/// slack s it must break at least 3 - s contacts; with slack 2 it must also not create more
/// than it breaks minus one. (The last move is the exception: it may spend all the slack, and
/// it always lifts the pair on 0 and 1.) Pairs next to the gap change the landing site's neighbours, so
/// they are always kept and left to [`outlook`].
#[inline]
pub fn promising_moves(state: &State, left: u32) -> u128 {
    let legal = state.neighbours();
    if left == 1 {
        // The last move lifts the pair on 0 and 1, whatever it breaks.
        return legal & 1;
    }
    let same = state.same_mask();
    let slack = (2 * left).saturating_sub(state.same_pairs());
    if slack > 2 {
        return legal;
    }
    // Bit p: the contact on the left (p - 1, p) or on the right (p + 1, p + 2) of the pair is
    // between equal colours and breaks when the pair leaves.
    let left_breaks = same << 1;
    let right_breaks = same >> 1;
    let gap = state.gap;
    let near_gap = (0b10_0001_u128 << gap >> 2) & legal;
    // Contacts created where the pair lands: its left checker (bit p of `white`) against the
    // gap's left neighbour, its right checker (bit p + 1) against the right neighbour.
    let all = u128::MAX;
    let left_creates = if gap >= 1 {
        if state.white >> (gap - 1) & 1 == 1 {
            state.white
        } else {
            !state.white
        }
    } else {
        0
    };
    let right_creates = if gap + 2 < state.squares {
        if state.white >> (gap + 2) & 1 == 1 {
            state.white >> 1
        } else {
            !(state.white >> 1)
        }
    } else {
        0
    };
    let keep = match slack {
        // Break two, create none.
        1 => left_breaks & right_breaks & !left_creates & !right_creates,
        // Break two and create at most one, or break one and create none.
        2 => {
            (left_breaks & right_breaks & !(left_creates & right_creates))
                | ((left_breaks ^ right_breaks) & !(left_creates | right_creates))
        }
        _ => all,
    };
    (keep & legal) | near_gap
}

fn factorial(k: u32) -> u128 {
    (1..=k as u128).product()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_and_one_move_before_it() {
        let goal = State::goal(6);
        assert_eq!(outlook(&goal, 0), Outlook::Solved(1));
        // Lift any domino g (odd, so W B ... becomes B W on 0, 1) out of the goal: one way back.
        for g in (3..12).step_by(2) {
            let before = goal.moved(g);
            assert_eq!(before.to_text().as_bytes()[..2], *b"BW");
            assert_eq!(outlook(&before, 1), Outlook::Solved(1), "gap at {g}");
        }
    }

    #[test]
    fn promising_moves_keep_every_move_that_can_still_finish() {
        for n in [5u32, 6] {
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![State::start(n)];
            while let Some(state) = stack.pop() {
                if !seen.insert(state.key(0)) {
                    continue;
                }
                for left in 1..=n + 1 {
                    let mask = promising_moves(&state, left);
                    for p in state.moves() {
                        if outlook(&state.moved(p), left - 1) != Outlook::Dead {
                            assert!(
                                mask >> p & 1 == 1,
                                "{} left {left}: move {p}",
                                state.to_text()
                            );
                        }
                    }
                }
                stack.extend(state.moves().map(|p| state.moved(p)));
            }
            assert!(seen.len() > 1000);
        }
    }

    #[test]
    fn start_needs_search() {
        assert_eq!(outlook(&State::start(8), 8), Outlook::Open);
        assert_eq!(outlook(&State::start(8), 7), Outlook::Dead);
    }
}
