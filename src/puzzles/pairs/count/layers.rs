//! Counting by layers: every open position at distance d from the start, with the number of
//! move sequences reaching it, expands into distance d + 1. Positions the rules decide are
//! never stored: dead ones are dropped and those with a closed-form number of finishes add
//! (ways to reach them) x (ways to finish) to the total. Identical positions reached by
//! different sequences merge into one entry, and only two layers are alive at a time.

use rustc_hash::FxHashMap;

use super::super::state::State;
use super::rules::{Outlook, outlook};

/// Statistics of one count, for the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effort {
    /// Open positions expanded (summed over layers).
    pub expanded: u64,
    /// The largest layer.
    pub widest: u64,
}

/// The number of move sequences of exactly `moves` moves from the start to the goal.
pub fn count_paths(n: u32, moves: u32) -> (u128, Effort) {
    let mut effort = Effort::default();
    let start = State::start(n);
    let mut total: u128 = 0;
    let mut layer: FxHashMap<u128, u128> = FxHashMap::default();
    match outlook(&start, moves) {
        Outlook::Dead => return (0, effort),
        Outlook::Solved(ways) => return (ways, effort),
        Outlook::Open => {
            layer.insert(start.key(0), 1);
        }
    }
    for done in 0..moves {
        let left = moves - done - 1;
        let mut next: FxHashMap<u128, u128> =
            FxHashMap::with_capacity_and_hasher(layer.len() * 2, Default::default());
        effort.expanded += layer.len() as u64;
        effort.widest = effort.widest.max(layer.len() as u64);
        for (&key, &ways) in &layer {
            let (state, _) = State::from_key(key, n);
            for p in state.moves() {
                let child = state.moved(p);
                match outlook(&child, left) {
                    Outlook::Dead => {}
                    Outlook::Solved(finishes) => {
                        let add = ways.checked_mul(finishes).expect("counts fit in u128");
                        total = total.checked_add(add).expect("counts fit in u128");
                    }
                    Outlook::Open => {
                        let entry = next.entry(child.key(0)).or_insert(0);
                        *entry = entry.checked_add(ways).expect("counts fit in u128");
                    }
                }
            }
        }
        layer = next;
    }
    (total, effort)
}
