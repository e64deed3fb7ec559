// Scratch: classify memoised positions by gap kind, slack and whether they finish.
use leapfrog::puzzles::pairs::count::Finishes;
use leapfrog::puzzles::pairs::state::State;
use std::collections::BTreeMap;
fn main() {
    let n: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut f = Finishes::new(n);
    let total = f.of(&State::start(n), n);
    println!("n={n} total={total} positions={}", f.positions());
    let mut census: BTreeMap<(String, u32, u32, bool), u64> = BTreeMap::new();
    for (key, ways) in f.entries() {
        let (s, left) = State::from_key(key, n);
        let kind = if !s.gap_is_interior() {
            "edge"
        } else if s.gap_sides_match() {
            "mono"
        } else {
            "mixed"
        };
        let slack = 2 * left - s.same_pairs();
        let mu_slack = left - s.misplaced() / 2;
        *census
            .entry((kind.to_string(), slack, mu_slack, ways > 0))
            .or_default() += 1;
    }
    for (k, v) in census {
        println!("{k:?} {v}");
    }
}
