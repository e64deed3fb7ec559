//! Counting and listing every optimal solution.
//!
//! For n >= 4 the optimum is n moves: the construction reaches the goal in n, and no sequence is
//! shorter because the start has 2n - 2 same-colour contacts, the goal none, and a move removes
//! at most two of them, the last move at most one (see `rules`). For n <= 3 breadth-first
//! search supplies the optimum. Counting then searches sequences of exactly that length,
//! pruned and short-cut by the rules in [`rules`]: a position can only stay on an optimal path
//! if almost every remaining move removes two contacts, and once no spare move is left the
//! rest of the solution is forced up to the order of independent dominoes, which is counted in
//! closed form instead of searched.

mod balances;
mod binomials;
mod correction;
mod layers;
#[cfg(test)]
mod lemmas;
mod listing;
pub mod report;
pub mod rules;
mod scan;
pub mod structural;

use num_bigint::BigUint;

use super::bfs;
use super::state::MAX_SEARCH_N;

pub use layers::{Effort, count_paths};
pub use listing::{Finishes, list_paths};
pub use structural::count_structural;

/// The optimum for one size and how many solutions reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Optimal {
    /// The minimum number of moves, `None` when the goal is unreachable.
    pub moves: Option<u32>,
    /// The number of different optimal move sequences (0 when unreachable).
    pub solutions: u128,
    pub effort: Effort,
}

/// The minimum number of moves for size n: breadth-first search below 4, n from there on.
pub fn minimum_moves(n: u32) -> Option<u32> {
    if n >= 4 {
        Some(n)
    } else {
        bfs::shortest(n).map(|s| s.moves)
    }
}

/// Counts the optimal solutions of size `n` (1 <= n <= 56).
pub fn count_optimal(n: u32) -> Optimal {
    assert!((1..=MAX_SEARCH_N).contains(&n));
    match minimum_moves(n) {
        None => Optimal {
            moves: None,
            solutions: 0,
            effort: Effort::default(),
        },
        Some(moves) => {
            let (solutions, effort) = count_paths(n, moves);
            Optimal {
                moves: Some(moves),
                solutions,
                effort,
            }
        }
    }
}

/// The closed form the exact counts follow for every n the counter has reached (4 <= n <= 25):
/// with k = floor(n / 4), the count is (k!)^4 times C(k-1) (a Catalan number) for n = 4k,
/// binomial(2k-2, k-1) for n = 4k+1, k * binomial(2k-1, k-1) for n = 4k+2 and
/// (k+1) * k * binomial(2k-1, k-1) for n = 4k+3. It is an observation, not a proof: the table
/// prints it next to the exact count, so a disagreement would show. `None` below n = 4 (where
/// it does not apply) and when the value overflows u128.
pub fn observed_pattern(n: u32) -> Option<u128> {
    if n < 4 {
        return None;
    }
    let k = u128::from(n / 4);
    let binomial = |top: u128, bottom: u128| -> Option<u128> {
        (1..=bottom).try_fold(1u128, |acc, i| Some(acc.checked_mul(top - bottom + i)? / i))
    };
    let factor = match n % 4 {
        0 => binomial(2 * k - 2, k - 1)? / k,
        1 => binomial(2 * k - 2, k - 1)?,
        2 => k.checked_mul(binomial(2 * k - 1, k - 1)?)?,
        _ => (k + 1)
            .checked_mul(k)?
            .checked_mul(binomial(2 * k - 1, k - 1)?)?,
    };
    let k_factorial = (1..=k).try_fold(1u128, |acc, i| acc.checked_mul(i))?;
    let fourth = k_factorial
        .checked_mul(k_factorial)?
        .checked_mul(k_factorial)?
        .checked_mul(k_factorial)?;
    factor.checked_mul(fourth)
}

/// [`observed_pattern`] in big integers, for any n (`None` below 4), so the structural counter
/// can be compared with it far beyond u128.
pub fn observed_pattern_exact(n: u64) -> Option<BigUint> {
    if n < 4 {
        return None;
    }
    let k = n / 4;
    let binomial = |top: u64, bottom: u64| -> BigUint {
        (1..=bottom).fold(BigUint::from(1u32), |acc, i| {
            acc * BigUint::from(top - bottom + i) / BigUint::from(i)
        })
    };
    let factor = match n % 4 {
        0 => binomial(2 * k - 2, k - 1) / BigUint::from(k),
        1 => binomial(2 * k - 2, k - 1),
        2 => binomial(2 * k - 1, k - 1) * BigUint::from(k),
        _ => binomial(2 * k - 1, k - 1) * BigUint::from(k) * BigUint::from(k + 1),
    };
    let k_factorial = (2..=k).fold(BigUint::from(1u32), |acc, i| acc * BigUint::from(i));
    let square = &k_factorial * &k_factorial;
    Some(factor * &square * &square)
}

/// Calls `visit` with every optimal solution of size `n` in lexicographic order and returns
/// their number (0, and no call, when the goal is unreachable).
pub fn list_optimal<E>(n: u32, visit: &mut dyn FnMut(&[u32]) -> Result<(), E>) -> Result<u128, E> {
    assert!((1..=MAX_SEARCH_N).contains(&n));
    match minimum_moves(n) {
        None => Ok(0),
        Some(moves) => list_paths(n, moves, visit),
    }
}

#[cfg(test)]
mod tests {
    use super::super::bfs;
    use super::super::row::Row;
    use super::*;

    #[test]
    fn solver_and_counter_agree_with_breadth_first_search_up_to_10() {
        for n in 1..=10u32 {
            let searched = bfs::shortest(n);
            let minimum = searched.as_ref().map(|s| s.moves);
            // The solver's answer: its length, and that it really solves the puzzle.
            let answer = super::super::optimal_moves(u64::from(n)).map(|moves| {
                let mut row = Row::start(n as usize);
                let mut length = 0;
                for p in moves {
                    row.play(p).unwrap();
                    length += 1;
                }
                assert!(row.is_goal(), "n = {n}");
                length
            });
            assert_eq!(answer, minimum, "solver, n = {n}");
            let counted = count_optimal(n);
            assert_eq!(counted.moves, minimum, "counter's minimum, n = {n}");
            assert_eq!(
                counted.solutions,
                searched.map_or(0, |s| s.solutions),
                "count, n = {n}"
            );
        }
    }

    #[test]
    fn listing_gives_distinct_legal_optimal_solutions() {
        for n in 1..=12u32 {
            let mut listed: Vec<Vec<u32>> = Vec::new();
            let total = list_optimal::<()>(n, &mut |path| {
                listed.push(path.to_vec());
                Ok(())
            })
            .unwrap();
            assert_eq!(total, listed.len() as u128, "n = {n}");
            assert_eq!(total, count_optimal(n).solutions, "n = {n}");
            assert!(
                listed.windows(2).all(|w| w[0] < w[1]),
                "sorted and distinct, n = {n}"
            );
            for path in &listed {
                let mut row = Row::start(n as usize);
                for &p in path {
                    row.play(p as u64).unwrap();
                }
                assert!(row.is_goal(), "n = {n}: {path:?}");
                assert_eq!(Some(path.len() as u32), minimum_moves(n));
            }
        }
    }

    #[test]
    fn counts_follow_the_observed_pattern() {
        for n in 4..=17u32 {
            assert_eq!(
                Some(count_optimal(n).solutions),
                observed_pattern(n),
                "n = {n}"
            );
        }
        assert_eq!(observed_pattern(24), Some(11_287_019_520_000));
    }

    #[test]
    fn known_counts() {
        let counts: Vec<u128> = (1..=12).map(|n| count_optimal(n).solutions).collect();
        assert_eq!(counts, [0, 0, 2, 1, 1, 1, 2, 16, 32, 96, 288, 2592]);
    }
}
