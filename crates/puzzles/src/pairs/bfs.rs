//! Breadth-first search over every position: the minimum number of moves and how many
//! shortest solutions there are, with no knowledge of the puzzle beyond its rules. It answers
//! the small sizes that the construction does not cover (n <= 3) and is the reference the
//! counter is tested against. Positions grow about fourfold per size (n = 10 has 4 million),
//! so it is meant for n up to about 11.

use super::keymap::{KeyMap, KeySet};
use super::state::State;

/// What breadth-first search found for one size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortest {
    /// The minimum number of moves.
    pub moves: u32,
    /// How many different move sequences of that length reach the goal.
    pub solutions: u128,
}

/// Every position at one distance from the start, with the number of shortest ways to it.
type Layer = KeyMap;

/// Searches until the goal's layer is complete; `None` when the goal cannot be reached.
/// Keeps every layer when `keep` is set (for [`shortest_path`]).
fn search(n: u32, keep: bool) -> (Option<Shortest>, Vec<Layer>) {
    let goal = State::goal(n).key(0);
    let start = State::start(n).key(0);
    let mut seen = KeySet::default();
    seen.insert(start);
    let mut layer = Layer::default();
    layer.insert(start, 1);
    let mut kept = Vec::new();
    let mut distance = 0;
    loop {
        if let Some(&solutions) = layer.get(&goal) {
            if keep {
                kept.push(layer);
            }
            return (
                Some(Shortest {
                    moves: distance,
                    solutions,
                }),
                kept,
            );
        }
        if layer.is_empty() {
            return (None, kept);
        }
        let mut next = Layer::default();
        for (&key, &ways) in &layer {
            let (state, _) = State::from_key(key, n);
            for p in state.moves() {
                let child = state.moved(p).key(0);
                if seen.contains(&child) {
                    continue;
                }
                let entry = next.entry(child).or_insert(0);
                *entry = entry.checked_add(ways).expect("path counts fit in u128");
            }
        }
        seen.extend(next.keys().copied());
        if keep {
            kept.push(layer);
        }
        layer = next;
        distance += 1;
    }
}

/// The minimum number of moves and the number of shortest solutions, or `None` when the goal
/// is unreachable.
pub fn shortest(n: u32) -> Option<Shortest> {
    search(n, false).0
}

/// The lexicographically smallest shortest solution, or `None` when there is none.
pub fn shortest_path(n: u32) -> Option<Vec<u32>> {
    let (found, layers) = search(n, true);
    let found = found?;
    // Walk back from the goal, keeping in each layer only the positions that lead to it.
    let depth = found.moves as usize;
    let mut useful: Vec<KeySet> = vec![KeySet::default(); depth + 1];
    useful[depth].insert(State::goal(n).key(0));
    for d in (0..depth).rev() {
        let (below, above) = useful.split_at_mut(d + 1);
        for &key in layers[d].keys() {
            let (state, _) = State::from_key(key, n);
            if state
                .moves()
                .any(|p| above[0].contains(&state.moved(p).key(0)))
            {
                below[d].insert(key);
            }
        }
    }
    let mut state = State::start(n);
    let mut path = Vec::with_capacity(depth);
    for d in 0..depth {
        let p = state
            .moves()
            .find(|&p| useful[d + 1].contains(&state.moved(p).key(0)))
            .expect("every useful position has a useful successor");
        path.push(p);
        state = state.moved(p);
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::super::construction::BASE;
    use super::super::row::Row;
    use super::*;

    #[test]
    fn tiny_sizes() {
        assert_eq!(shortest(1), None);
        assert_eq!(shortest(2), None);
        // Three pairs cannot finish in three moves, but four are enough, in two ways.
        assert_eq!(
            shortest(3),
            Some(Shortest {
                moves: 4,
                solutions: 2
            })
        );
        let path = shortest_path(3).unwrap();
        let mut row = Row::start(3);
        for &p in &path {
            row.play(p as u64).unwrap();
        }
        assert!(row.is_goal());
    }

    #[test]
    fn base_table_is_optimal_and_unique() {
        for n in 4..=7u32 {
            let found = shortest(n).unwrap();
            assert_eq!(found.moves, n, "n = {n}");
            let expected = if n == 7 { 2 } else { 1 };
            assert_eq!(found.solutions, expected, "n = {n}");
            let path = shortest_path(n).unwrap();
            if n < 7 {
                let base: Vec<u32> = BASE[n as usize - 4].iter().map(|&p| p as u32).collect();
                assert_eq!(
                    path, base,
                    "n = {n}: the unique solution is the base table's"
                );
            }
        }
    }
}
