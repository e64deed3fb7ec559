//! Listing every solution of a given length. A depth-first search first counts the finishes of
//! every position it meets (memoised on the position and the number of moves left), then the
//! listing walks only into positions with at least one finish. So the listing never enters a
//! dead branch: between two printed solutions it does at most (moves) x (2n + 1) successor
//! look-ups, whatever the number of dead ends; the search before it is paid once.

use super::super::keymap::{KeyMap, key_map};
use super::super::state::State;
use super::rules::{Outlook, outlook};

/// The finishes of every position met, keyed by position and moves left.
pub struct Finishes {
    n: u32,
    memo: KeyMap,
}

impl Finishes {
    pub fn new(n: u32) -> Finishes {
        Finishes {
            n,
            memo: key_map(0),
        }
    }

    /// The number of ways `state` reaches the goal in exactly `left` moves.
    pub fn of(&mut self, state: &State, left: u32) -> u128 {
        debug_assert_eq!(state.n(), self.n);
        match outlook(state, left) {
            Outlook::Dead => 0,
            Outlook::Solved(ways) => ways,
            Outlook::Open => {
                let key = state.key(left);
                if let Some(&ways) = self.memo.get(&key) {
                    return ways;
                }
                let mut ways: u128 = 0;
                for p in state.moves() {
                    let finishes = self.of(&state.moved(p), left - 1);
                    ways = ways.checked_add(finishes).expect("counts fit in u128");
                }
                self.memo.insert(key, ways);
                ways
            }
        }
    }

    /// Positions memoised so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }
}

/// Calls `visit` with every move sequence of exactly `moves` moves from the start to the goal,
/// in lexicographic order; returns how many there were. `visit` may stop the listing early by
/// returning an error.
pub fn list_paths<E>(
    n: u32,
    moves: u32,
    visit: &mut dyn FnMut(&[u32]) -> Result<(), E>,
) -> Result<u128, E> {
    let mut finishes = Finishes::new(n);
    let start = State::start(n);
    let total = finishes.of(&start, moves);
    if total > 0 {
        let mut path = Vec::with_capacity(moves as usize);
        walk(&mut finishes, start, moves, &mut path, visit)?;
    }
    Ok(total)
}

fn walk<E>(
    finishes: &mut Finishes,
    state: State,
    left: u32,
    path: &mut Vec<u32>,
    visit: &mut dyn FnMut(&[u32]) -> Result<(), E>,
) -> Result<(), E> {
    if left == 0 {
        return visit(path);
    }
    for p in state.moves() {
        let child = state.moved(p);
        // Already memoised or decided in O(1): this never searches again.
        if finishes.of(&child, left - 1) > 0 {
            path.push(p);
            walk(finishes, child, left - 1, path, visit)?;
            path.pop();
        }
    }
    Ok(())
}
