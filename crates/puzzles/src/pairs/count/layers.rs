//! Counting by layers: every open position at distance d from the start, with the number of
//! move sequences reaching it, expands into distance d + 1. Positions the rules decide are
//! never stored: dead ones are dropped and those with a closed-form number of finishes add
//! (ways to reach them) x (ways to finish) to the total. Identical positions reached by
//! different sequences merge into one entry, and only two layers are alive at a time.
//!
//! Two threads share each layer: a round takes a slice of the layer's buckets, each thread
//! expands half of it into per-bucket buffers, then each thread merges the buffers of its own
//! half of the next layer's buckets (no locks: a bucket has one writer per phase).

use std::thread;

use super::super::keymap::{BUCKETS, Buckets, KeyMap, add_to, bucket_of};
use super::super::state::State;
use super::rules::{Outlook, outlook, promising_moves};

/// Buckets of the current layer expanded per round (bounds the buffered children).
const BUCKETS_PER_ROUND: usize = 16;

/// Statistics of one count, for the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effort {
    /// Open positions expanded (summed over layers).
    pub expanded: u64,
}

/// Children of a slice of a layer, waiting to be merged: one buffer per bucket of the next layer.
type Pending = Vec<Vec<(u128, u128)>>;

/// Expands every position of `maps`, with `left` moves to go after the move; returns the
/// children to store and the number of finished sequences found on the way.
fn expand(maps: &[KeyMap], n: u32, left: u32) -> (Pending, u128) {
    let mut pending: Pending = vec![Vec::new(); BUCKETS];
    let mut finished: u128 = 0;
    for map in maps {
        for (&key, &ways) in map {
            let (state, _) = State::from_key(key, n);
            let mut moves = promising_moves(&state, left + 1);
            while moves != 0 {
                let p = moves.trailing_zeros();
                moves &= moves - 1;
                let child = state.moved(p);
                match outlook(&child, left) {
                    Outlook::Dead => {}
                    Outlook::Solved(finishes) => {
                        let add = ways.checked_mul(finishes).expect("counts fit in u128");
                        finished = finished.checked_add(add).expect("counts fit in u128");
                    }
                    Outlook::Open => {
                        let key = child.key(0);
                        pending[bucket_of(key)].push((key, ways));
                    }
                }
            }
        }
    }
    (pending, finished)
}

/// The number of move sequences of exactly `moves` moves from the start to the goal.
pub fn count_paths(n: u32, moves: u32) -> (u128, Effort) {
    let mut effort = Effort::default();
    let start = State::start(n);
    let mut layer = Buckets::new();
    match outlook(&start, moves) {
        Outlook::Dead => return (0, effort),
        Outlook::Solved(ways) => return (ways, effort),
        Outlook::Open => layer.add(start.key(0), 1),
    }
    let mut total: u128 = 0;
    for done in 0..moves {
        let left = moves - done - 1;
        effort.expanded += layer.len() as u64;
        let mut next = Buckets::new();
        for round in layer.maps.chunks_mut(BUCKETS_PER_ROUND) {
            let (first, second) = round.split_at(round.len() / 2);
            let ((pending_a, found_a), (pending_b, found_b)) = thread::scope(|scope| {
                let helper = scope.spawn(|| expand(second, n, left));
                let mine = expand(first, n, left);
                (mine, helper.join().expect("expansion thread panicked"))
            });
            total = total
                .checked_add(found_a)
                .and_then(|t| t.checked_add(found_b))
                .expect("counts fit in u128");
            let (low, high) = next.maps.split_at_mut(BUCKETS / 2);
            let merge = |maps: &mut [KeyMap], offset: usize| {
                for (i, map) in maps.iter_mut().enumerate() {
                    for &(key, ways) in pending_a[offset + i].iter().chain(&pending_b[offset + i]) {
                        add_to(map, key, ways);
                    }
                }
            };
            thread::scope(|scope| {
                scope.spawn(|| merge(high, BUCKETS / 2));
                merge(low, 0);
            });
            for map in round.iter_mut() {
                *map = KeyMap::default();
            }
        }
        layer = next;
        if layer.is_empty() {
            break;
        }
    }
    (total, effort)
}
