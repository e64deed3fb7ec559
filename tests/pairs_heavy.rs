//! Cross-checks of the `pairs` counter beyond the unit tests. All but the last are too slow for
//! every `cargo test` run and are ignored; run them with
//!
//!     cargo test --release --locked --test integration -- pairs_heavy --ignored
//!
//! (add `--nocapture` to see the counts they print):
//!
//! - the structural counter against the search for 21 <= n <= 26 (n <= 20 is a unit test);
//! - breadth-first search (no knowledge of the puzzle beyond its rules) against the counter
//!   for n = 11 (16 million positions, about a minute and 2 GB);
//! - a plain memoised search that uses only the rules of the game and the same-colour-contact
//!   bound (none of the counter's closed forms or move filters) against the counter for
//!   n <= 16, which reaches well past what breadth-first search can;
//! - not ignored: the structural counter against the observed closed form at n = 10^4
//!   (issue 42), a cross-check far beyond the unit test's n <= 160. The closed form is only
//!   observed, so a failure here would mean either a bug in the counter or the first n where the
//!   closed form breaks. The count takes about 0.1 s in release and under a second unoptimised.

use std::collections::HashMap;

use leapfrog::puzzles::pairs::bfs;
use leapfrog::puzzles::pairs::count::{count_optimal, count_structural, observed_pattern_exact};
use leapfrog::puzzles::pairs::state::State;

#[test]
#[ignore = "about a minute and 2 GB: run with --ignored"]
fn breadth_first_search_agrees_at_11() {
    let searched = bfs::shortest(11).unwrap();
    let counted = count_optimal(11);
    eprintln!(
        "n = 11: search {searched:?}, counter {:?}",
        counted.solutions
    );
    assert_eq!(counted.moves, Some(searched.moves));
    assert_eq!(counted.solutions, searched.solutions);
}

/// Sequences of exactly `left` moves from `state` to the goal, pruned only by "a move removes
/// at most two same-colour contacts, the last one at most one".
fn plain(state: State, left: u32, goal: &State, memo: &mut HashMap<(u128, u32), u128>) -> u128 {
    if left == 0 {
        return u128::from(state == *goal);
    }
    if state.same_pairs() + 1 > 2 * left {
        return 0;
    }
    let key = (state.key(0), left);
    if let Some(&ways) = memo.get(&key) {
        return ways;
    }
    let ways = state
        .moves()
        .map(|p| plain(state.moved(p), left - 1, goal, memo))
        .sum();
    memo.insert(key, ways);
    ways
}

#[test]
#[ignore = "a few minutes and several GB: run with --ignored"]
fn plain_search_agrees_up_to_16() {
    for n in 4..=16u32 {
        let mut memo = HashMap::new();
        let expected = plain(State::start(n), n, &State::goal(n), &mut memo);
        let counted = count_optimal(n).solutions;
        eprintln!(
            "n = {n}: plain search {expected} ({} positions), counter {counted}",
            memo.len()
        );
        assert_eq!(counted, expected, "n = {n}");
    }
}

#[test]
#[ignore = "the search for n = 26 takes minutes and about 5 GB: run with --ignored"]
fn structural_count_equals_the_search_from_21_to_26() {
    for n in 21..=26u32 {
        let searched = count_optimal(n).solutions;
        let structural = count_structural(u64::from(n));
        eprintln!("n = {n}: search {searched}, structural {structural}");
        assert_eq!(structural, searched.into(), "n = {n}");
    }
}

#[test]
fn structural_count_follows_the_observed_closed_form_at_ten_thousand() {
    let n = 10_000u64;
    let clock = std::time::Instant::now();
    let counted = count_structural(n);
    eprintln!(
        "n = {n}: counted in {:.1} s, {} bits",
        clock.elapsed().as_secs_f64(),
        counted.bits()
    );
    assert_eq!(Some(counted), observed_pattern_exact(n), "n = {n}");
}
