//! Breadth-first search over every position of small games, with no knowledge of the
//! construction: the ground truth the tests hold the solvers, the formula, the labels and the
//! counts against.
//!
//! Positions are packed two bits per square into a `u64` (rows of up to 32 squares). The search
//! allows every legal move (either colour, either direction, a slide or a jump over one checker
//! of either colour), so it also confirms that optimal play never needs the moves the theory rules
//! out.

use std::collections::HashMap;

use super::game::{Row, Square};

/// The state graph of one game, explored from the start and from the goal.
pub struct Search {
    n: usize,
    m: usize,
    from_start: HashMap<u64, u32>,
    to_goal: HashMap<u64, u32>,
}

fn pack(row: &Row) -> u64 {
    row.squares().iter().enumerate().fold(0u64, |acc, (i, s)| {
        let code = match s {
            Square::Empty => 0,
            Square::Black => 1,
            Square::White => 2,
        };
        acc | code << (2 * i)
    })
}

/// The positions one move away from `state`, each with the square the move started from.
fn neighbours(state: u64, squares: usize) -> impl Iterator<Item = (u64, u64)> {
    let empty = (0..squares)
        .find(|&i| state >> (2 * i) & 3 == 0)
        .expect("one empty square");
    (empty.saturating_sub(2)..=(empty + 2).min(squares - 1))
        .filter(move |&p| p != empty)
        .map(move |p| {
            let code = state >> (2 * p) & 3;
            let next = state & !(3 << (2 * p)) | code << (2 * empty);
            (next, p as u64 + 1)
        })
}

/// Distances from `origin` to every reachable position.
fn distances(origin: u64, squares: usize) -> HashMap<u64, u32> {
    let mut dist = HashMap::from([(origin, 0)]);
    let mut frontier = vec![origin];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for &state in &frontier {
            for (to, _) in neighbours(state, squares) {
                dist.entry(to).or_insert_with(|| {
                    next.push(to);
                    d
                });
            }
        }
        frontier = next;
    }
    dist
}

impl Search {
    /// Explores the whole game; `n + m + 1` must be at most 32.
    pub fn new(n: usize, m: usize) -> Search {
        assert!(n + m < 32, "the exhaustive search packs a row into 64 bits");
        let squares = n + m + 1;
        Search {
            n,
            m,
            from_start: distances(pack(&Row::start(n, m)), squares),
            to_goal: distances(pack(&Row::goal(n, m)), squares),
        }
    }

    /// The fewest moves from the start to the goal.
    pub fn min_moves(&self) -> u64 {
        self.from_start[&pack(&Row::goal(self.n, self.m))] as u64
    }

    /// The number of positions reachable from the start.
    pub fn positions(&self) -> usize {
        self.from_start.len()
    }

    /// Whether the move from `state` to `next` lies on some shortest path.
    fn on_shortest_path(&self, state: u64, next: u64) -> bool {
        let total = self.min_moves() as u32;
        self.from_start[&state] + 1 == self.from_start[&next]
            && self.from_start[&next] + self.to_goal[&next] == total
    }

    /// The number of shortest paths from the start to the goal.
    pub fn count_optimal(&self) -> u128 {
        let squares = self.n + self.m + 1;
        let mut memo = HashMap::new();
        fn paths(s: &Search, state: u64, squares: usize, memo: &mut HashMap<u64, u128>) -> u128 {
            if s.to_goal[&state] == 0 {
                return 1;
            }
            if let Some(&c) = memo.get(&state) {
                return c;
            }
            let c = neighbours(state, squares)
                .filter(|&(next, _)| s.on_shortest_path(state, next))
                .map(|(next, _)| paths(s, next, squares, memo))
                .sum();
            memo.insert(state, c);
            c
        }
        paths(self, pack(&Row::start(self.n, self.m)), squares, &mut memo)
    }

    /// Every optimal solution as its list of moves, in lexicographic order.
    pub fn optimal_solutions(&self) -> Vec<Vec<u64>> {
        let squares = self.n + self.m + 1;
        let mut all = Vec::new();
        let mut path = Vec::new();
        fn walk(
            s: &Search,
            state: u64,
            squares: usize,
            path: &mut Vec<u64>,
            all: &mut Vec<Vec<u64>>,
        ) {
            if s.to_goal[&state] == 0 {
                all.push(path.clone());
                return;
            }
            for (next, p) in neighbours(state, squares) {
                if s.on_shortest_path(state, next) {
                    path.push(p);
                    walk(s, next, squares, path, all);
                    path.pop();
                }
            }
        }
        walk(
            self,
            pack(&Row::start(self.n, self.m)),
            squares,
            &mut path,
            &mut all,
        );
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shifting::construction::{Moves, Runs};
    use crate::shifting::count::optimal_solutions;
    use crate::shifting::formula::Formula;
    use crate::shifting::game::min_moves;
    use crate::shifting::labels::{LabelMoves, is_label};

    #[test]
    fn search_agrees_with_everything_for_every_n_m_up_to_7() {
        for n in 1..=7usize {
            for m in 1..=7usize {
                let search = Search::new(n, m);
                let (nu, mu) = (n as u64, m as u64);
                let what = format!("n={n} m={m}");
                // Move count: the bound nm + n + m is reached and cannot be beaten.
                assert_eq!(search.min_moves(), min_moves(nu, mu).unwrap(), "{what}");
                // Number of optimal solutions.
                let solutions = search.optimal_solutions();
                assert_eq!(solutions.len() as u128, search.count_optimal(), "{what}");
                assert_eq!(
                    optimal_solutions(nu, mu).to_string(),
                    solutions.len().to_string(),
                    "{what}"
                );
                // The construction in both directions is among them.
                for black_first in [true, false] {
                    let built: Vec<u64> =
                        Moves::from_runs(Runs::new(nu, mu, black_first)).collect();
                    assert!(
                        solutions.contains(&built),
                        "{what} black_first={black_first}"
                    );
                }
                // The canonical solution is the only optimal one starting with square n
                // (when both sides have two or more checkers), and the formula gives it.
                let canonical: Vec<u64> = Moves::canonical(nu, mu).collect();
                let starting_at_n: Vec<_> = solutions.iter().filter(|s| s[0] == nu).collect();
                if n >= 2 && m >= 2 {
                    assert_eq!(starting_at_n, vec![&canonical], "{what}");
                }
                let formula = Formula::canonical(nu, mu).unwrap();
                let by_formula: Vec<u64> =
                    (1..=formula.len()).map(|i| formula.move_at(i)).collect();
                assert_eq!(by_formula, canonical, "{what}");
            }
        }
    }

    #[test]
    fn labels_name_every_optimal_solution_once_for_n_up_to_7() {
        for n in 1..=7u64 {
            let solutions = Search::new(n as usize, 1).optimal_solutions();
            let mut labelled: Vec<Vec<u64>> = (0..1u64 << n)
                .filter(|&k| is_label(n, k))
                .map(|k| LabelMoves::new(n, k).unwrap().collect())
                .collect();
            assert_eq!(
                labelled.len().to_string(),
                optimal_solutions(n, 1).to_string(),
                "n={n}"
            );
            labelled.sort();
            let distinct = labelled.windows(2).all(|w| w[0] != w[1]);
            assert!(distinct, "n={n}: two labels give the same solution");
            // Sorted both ways, the sets are equal: every labelled solution is optimal and
            // every optimal solution has a label.
            assert_eq!(labelled, solutions, "n={n}");
        }
    }

    #[test]
    fn the_search_sees_the_whole_state_space() {
        // All arrangements of 2 blacks, 2 whites and the empty square are reachable.
        assert_eq!(Search::new(2, 2).positions(), 30);
        assert_eq!(Search::new(1, 1).count_optimal(), 2);
    }
}
