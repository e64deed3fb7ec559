//! The row scan behind the structural count: for one phase-1 length t it counts the *spend
//! configurations* (see `structural`): the lift sites of phase 1, which of them was lifted last,
//! and the cost-1 move that follows, such that the position after that move finishes in closed
//! form (`rules::perfect_finishes`). Nothing here enumerates positions one by one: squares are
//! read left to right once, and the state kept at a square is what the conditions still need
//! from the squares already read:
//!
//! - the phase-1 row P: which squares carry a lift (black region: `WW` instead of `BB`, white
//!   region: `BB` instead of `WW`), lifts at least 3 squares apart and never touching a region's
//!   edge, one of them (the last lifted, `g0`) still empty;
//! - the row Q after the cost-1 move: P with g0 filled by the pair lifted from the spend site,
//!   and the spend site empty;
//! - the closed-form conditions on Q, all local except two counts: misplaced checkers in runs of
//!   exactly two, squares 0 and 1 misplaced, the squares beside Q's gap not misplaced and of
//!   different colours, the gap's parity; the number of lifts per region, and the balance
//!   (dominoes on even squares minus dominoes on odd squares).
//!
//! The balance can range over O(n) values, so each state carries its counts for every balance
//! ([`Balances`]); every other component is small, and only a few dozen states are alive at a
//! time. Those counts are kept factored as z^low (1 + z²)^J c(z) with a short c (at most five
//! terms of small integers for every n measured up to 10^5), so one step of the scan costs a
//! few dozen short polynomial additions and the whole row O(n) of them; the binomials behind
//! the power are only formed for the one balance read at the end.

use num_bigint::BigUint;

use super::balances::Balances;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn misplaced(colour: u8, square: u64) -> bool {
    (colour == BLACK && square.is_multiple_of(2)) || (colour == WHITE && square % 2 == 1)
}

/// A special site: the parity of its left square and the colours of the pair (EMPTY while the
/// right one is not read yet).
type Site = (u8, u8, u8);

/// Everything the scan remembers about the squares read so far, except the balance.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key {
    /// 0: the square is free; 1: it is the second square of a lift; 2: the second one of g0.
    pending: u8,
    /// Squares since the last lift in this region started (capped at 3).
    spacing: u8,
    /// The square is the second one of the spend site.
    spend_second: bool,
    /// Length of the run of misplaced squares of Q ending at the previous square (0 ..= 2).
    run: u8,
    /// Colour of Q on the previous square.
    previous: u8,
    /// 0: nothing pending; 1: the square is the gap's second square; 2: it is the one after.
    after_gap: u8,
    /// Colour of the square before Q's gap (checked against the square after it).
    flank: u8,
    /// g0, once read: its parity and the pair dropped into it.
    g0: Option<Site>,
    /// The spend site, once read.
    spend: Option<Site>,
    /// Lifts (g0 included) started in the current region.
    lifts: u64,
}

/// The sizes one scan works with.
struct Plan {
    n: u64,
    /// Lifts in the black region and in the white region (g0 included).
    black_lifts: u64,
    white_lifts: u64,
    /// Moves left after the spend move.
    left: u64,
    /// g0 lies in the black region (t odd).
    g0_black: bool,
    /// The change in misplaced checkers the spend move must make.
    misplaced_change: i64,
}

/// What the current square holds in P (and in Q when it is g0's), and the key's lift part.
struct PSquare {
    colour: u8,
    from_g0: u8,
    key: Key,
}

/// The choices for P on square `i` given the state `key`.
fn p_choices(plan: &Plan, key: &Key, i: u64, out: &mut Vec<PSquare>) {
    out.clear();
    let n = plan.n;
    let region = if i < n {
        0
    } else if i < 2 * n {
        1
    } else {
        2
    };
    let (base, opposite) = match region {
        0 => (BLACK, WHITE),
        1 => (WHITE, BLACK),
        _ => (BLACK, BLACK),
    };
    let mut next = *key;
    next.spacing = (key.spacing + 1).min(3);
    next.pending = 0;
    match key.pending {
        1 => out.push(PSquare {
            colour: opposite,
            from_g0: EMPTY,
            key: next,
        }),
        2 => {
            let (_, _, y) = key
                .g0
                .expect("g0 is set while its second square is pending");
            out.push(PSquare {
                colour: EMPTY,
                from_g0: y,
                key: next,
            });
        }
        _ => {
            out.push(PSquare {
                colour: base,
                from_g0: EMPTY,
                key: next,
            });
            let (low, high) = if region == 0 {
                (1, n.saturating_sub(3))
            } else {
                (n + 1, 2 * n - 3)
            };
            if region == 2 || key.spacing < 3 || i < low || i > high {
                return;
            }
            let mut lift = next;
            lift.spacing = 1;
            lift.lifts += 1;
            lift.pending = 1;
            out.push(PSquare {
                colour: opposite,
                from_g0: EMPTY,
                key: lift,
            });
            if key.g0.is_some() || plan.g0_black != (region == 0) {
                return;
            }
            for x in [BLACK, WHITE] {
                for y in [BLACK, WHITE] {
                    if let Some((_, sx, sy)) = key.spend
                        && (sx != x || (sy != EMPTY && sy != y))
                    {
                        continue;
                    }
                    let mut g0 = lift;
                    g0.pending = 2;
                    g0.g0 = Some(((i % 2) as u8, x, y));
                    out.push(PSquare {
                        colour: EMPTY,
                        from_g0: x,
                        key: g0,
                    });
                }
            }
        }
    }
}

/// Applies the checks on Q for square `i` holding `colour`; returns the new key and the change
/// of balance, or `None` when the configuration cannot finish in closed form.
fn q_step(mut key: Key, i: u64, colour: u8) -> Option<(Key, i64)> {
    let bad = colour != EMPTY && misplaced(colour, i);
    if key.after_gap == 2 {
        if bad || colour == EMPTY || colour == key.flank {
            return None;
        }
        key.after_gap = 0;
        key.flank = EMPTY;
    }
    let mut shift = 0;
    if bad {
        key.run += 1;
        if key.run == 3 {
            return None;
        }
        if key.run == 2 {
            shift = if (i - 1).is_multiple_of(2) { 1 } else { -1 };
        }
    } else {
        if key.run == 1 {
            return None;
        }
        key.run = 0;
    }
    if i == 1 && key.run != 2 {
        return None;
    }
    key.previous = colour;
    Some((key, shift))
}

/// The successors of `key` on square `i`: new keys with their balance shifts.
fn successors(
    plan: &Plan,
    key: &Key,
    i: u64,
    scratch: &mut Vec<PSquare>,
    out: &mut Vec<(Key, i64)>,
) {
    out.clear();
    p_choices(plan, key, i, scratch);
    for p in scratch.iter() {
        let mut next = p.key;
        if key.spend_second {
            // The spend site's right square: occupied in P, empty in Q.
            if p.colour == EMPTY {
                continue;
            }
            let (parity, x, _) = next
                .spend
                .expect("spend is set while its second square is pending");
            if let Some((_, _, y)) = next.g0
                && y != p.colour
            {
                continue;
            }
            next.spend = Some((parity, x, p.colour));
            next.spend_second = false;
            if let Some((mut stepped, shift)) = q_step(next, i, EMPTY) {
                stepped.after_gap = 2;
                out.push((stepped, shift));
            }
            continue;
        }
        let shown = if p.colour == EMPTY {
            p.from_g0
        } else {
            p.colour
        };
        out.extend(q_step(next, i, shown));
        // Or the spend move lifts the pair starting here (never squares 0, 1 or the end pair).
        let spend_allowed = next.spend.is_none()
            && (2..2 * plan.n).contains(&i)
            && p.colour != EMPTY
            && key.run == 0
            && (i + plan.left).is_multiple_of(2);
        if !spend_allowed {
            continue;
        }
        if let Some((_, x, _)) = next.g0
            && x != p.colour
        {
            continue;
        }
        next.spend = Some(((i % 2) as u8, p.colour, EMPTY));
        next.spend_second = true;
        next.flank = key.previous;
        next.after_gap = 1;
        out.extend(q_step(next, i, EMPTY));
    }
}

fn pair_misplaced(site: Site) -> i64 {
    let (parity, x, y) = site;
    let square = u64::from(parity);
    i64::from(misplaced(x, square)) + i64::from(misplaced(y, square + 1))
}

/// The entry for `key` in `layer`, created empty when missing.
fn slot(layer: &mut Vec<(Key, Balances)>, key: Key) -> &mut Balances {
    let index = match layer.iter().position(|(k, _)| *k == key) {
        Some(index) => index,
        None => {
            layer.push((key, Balances::default()));
            layer.len() - 1
        }
    };
    &mut layer[index].1
}

/// Merges entries whose keys became equal.
fn merge_equal_keys(layer: Vec<(Key, Balances)>) -> Vec<(Key, Balances)> {
    let mut merged: Vec<(Key, Balances)> = Vec::with_capacity(layer.len());
    for (key, balances) in layer {
        slot(&mut merged, key).add_shifted(&balances, 0);
    }
    merged
}

/// The number of spend configurations for phase-1 length `t` whose position after the spend
/// move has a closed-form finish (each counts once; the caller multiplies by the orders).
pub fn spend_configurations(n: u64, t: u64, misplaced_start: u64) -> BigUint {
    let left = n - 1 - t;
    let plan = Plan {
        n,
        black_lifts: t.div_ceil(2),
        white_lifts: t / 2,
        left,
        g0_black: t % 2 == 1,
        misplaced_change: 2 * left as i64 - misplaced_start as i64,
    };
    let target = (left % 2) as i64;
    let start = Key {
        pending: 0,
        spacing: 3,
        spend_second: false,
        run: 0,
        previous: EMPTY,
        after_gap: 0,
        flank: EMPTY,
        g0: None,
        spend: None,
        lifts: 0,
    };
    // A handful of keys are alive at a time: a vector with linear look-up beats hashing.
    let mut layer: Vec<(Key, Balances)> = vec![(start, Balances::one())];
    let (mut scratch, mut successors_of) = (Vec::new(), Vec::new());
    let squares = 2 * n + 2;
    for i in 0..squares {
        if i == n || i == 2 * n {
            let want = if i == n {
                plan.black_lifts
            } else {
                plan.white_lifts
            };
            layer.retain(|(key, _)| key.pending == 0 && key.lifts == want);
            for (key, _) in &mut layer {
                key.lifts = 0;
                key.spacing = 3;
            }
            layer = merge_equal_keys(layer);
        }
        let mut next: Vec<(Key, Balances)> = Vec::with_capacity(layer.len() * 2);
        for (key, balances) in layer {
            successors(&plan, &key, i, &mut scratch, &mut successors_of);
            let Some((&(last, last_shift), rest)) = successors_of.split_last() else {
                continue;
            };
            for &(successor, shift) in rest {
                slot(&mut next, successor).add_shifted(&balances, shift);
            }
            match next.iter_mut().find(|(k, _)| *k == last) {
                Some((_, target)) => target.add_shifted(&balances, last_shift),
                None => {
                    let mut moved = balances;
                    moved.shift(last_shift);
                    next.push((last, moved));
                }
            }
        }
        // Dominoes are disjoint and separated by a square that is not misplaced, so at most
        // one completes per three squares from here on: a state none of whose balances lies
        // that close to the target can be forgotten.
        let reach = ((squares - i) / 3 + 1) as i64;
        for (_, balances) in &mut next {
            balances.prune(target, reach);
        }
        next.retain(|(_, b)| !b.is_empty());
        layer = next;
    }
    let mut total = BigUint::ZERO;
    for (key, balances) in &layer {
        let (Some(g0), Some(spend)) = (key.g0, key.spend) else {
            continue;
        };
        if key.pending != 0 || key.spend_second || key.run == 1 || key.after_gap != 0 {
            continue;
        }
        if pair_misplaced(g0) - pair_misplaced(spend) != plan.misplaced_change {
            continue;
        }
        total += balances.at(target);
    }
    total
}
