//! `shifting-query`: a game with up to 10^9 checkers a side and a list of move numbers, chosen to
//! probe the places where a formula breaks: the first and last moves, the boundaries between
//! the phases of the canonical solution, and the ends of the long triangular blocks of the
//! opening and closing (where a floating-point square root goes wrong).

use anyhow::bail;
use clap::Parser;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Which move numbers to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Indices {
    /// Uniform over 1..=K.
    Random,
    /// 1, 2, 3, ...
    Start,
    /// ..., K - 1, K.
    End,
    /// Within a few moves of the phase boundaries.
    Phases,
    /// At and next to the ends of opening and closing blocks.
    Triangles,
    /// Every move (needs K <= q).
    All,
    /// A quarter each of random, phases, triangles, and start/end.
    Mixed,
}

/// The relative size of the sides when they are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Shape {
    Any,
    Square,
    MoreBlack,
    MoreWhite,
}

#[derive(Debug, Parser)]
#[command(name = "shifting-query")]
pub struct Options {
    /// Blacks (default: drawn from 2..=max-side).
    #[arg(long)]
    pub n: Option<u64>,
    /// Whites (default: drawn from 2..=max-side).
    #[arg(long)]
    pub m: Option<u64>,
    /// The shape of drawn sides.
    #[arg(long, value_enum, default_value = "any")]
    pub shape: Shape,
    /// The largest side to draw.
    #[arg(long, default_value_t = 1_000_000_000)]
    pub max_side: u64,
    /// The number of queries (with `--indices all`: at most this many).
    #[arg(long, default_value_t = 100_000)]
    pub q: u64,
    #[arg(long, value_enum, default_value = "mixed")]
    pub indices: Indices,
    #[arg(long)]
    pub seed: u64,
}

fn triangle(j: u64) -> u64 {
    j * (j + 1) / 2
}

/// The move numbers where the canonical solution changes phase: the end of the opening, of the
/// crossing and of the middle, for sides `n` and `m`.
fn phase_ends(n: u64, m: u64) -> [u64; 3] {
    let (big, small) = (n.max(m), n.min(m));
    let opening = triangle(small);
    let crossing = opening + small;
    [opening, crossing, crossing + (big - small) * (small + 1)]
}

pub fn draw_sides(o: &Options, rng: &mut ChaCha8Rng) -> anyhow::Result<(u64, u64)> {
    if o.max_side < 2 {
        bail!("--max-side must be at least 2");
    }
    let side = |rng: &mut ChaCha8Rng| rng.random_range(2..=o.max_side);
    let (n, m) = match (o.n, o.m) {
        (Some(n), Some(m)) => (n, m),
        (Some(n), None) => (n, side(rng)),
        (None, Some(m)) => (side(rng), m),
        (None, None) => {
            let (a, b) = (side(rng), side(rng));
            match o.shape {
                Shape::Any => (a, b),
                Shape::Square => (a, a),
                Shape::MoreBlack | Shape::MoreWhite if a == b => {
                    bail!("drew equal sides; try another seed")
                }
                Shape::MoreBlack => (a.max(b), a.min(b)),
                Shape::MoreWhite => (a.min(b), a.max(b)),
            }
        }
    };
    if !(2..=1_000_000_000).contains(&n) || !(2..=1_000_000_000).contains(&m) {
        bail!("the sides must lie in 2..=10^9 (n = {n}, m = {m})");
    }
    Ok((n, m))
}

/// One move number near `centre` (within `spread`), clamped to 1..=total.
fn near(rng: &mut ChaCha8Rng, centre: u64, spread: u64, total: u64) -> u64 {
    let offset = rng.random_range(0..=2 * spread);
    (centre + offset).saturating_sub(spread).clamp(1, total)
}

fn one_index(kind: Indices, rng: &mut ChaCha8Rng, k: u64, n: u64, m: u64, total: u64) -> u64 {
    match kind {
        Indices::Random => rng.random_range(1..=total),
        Indices::Start => (k + 1).min(total),
        Indices::End => total.saturating_sub(k).max(1),
        Indices::Phases => {
            let marks = phase_ends(n, m);
            let centre = [1, marks[0], marks[1], marks[2], total][rng.random_range(0..5usize)];
            near(rng, centre, 3, total)
        }
        Indices::Triangles => {
            let small = n.min(m);
            // Large blocks most of the time: that is where precision fails.
            let j = if rng.random_bool(0.7) {
                rng.random_range(small - small / 1000..=small)
            } else {
                rng.random_range(1..=small)
            };
            let offset = rng.random_range(0..=2);
            if rng.random_bool(0.5) {
                (triangle(j) + offset).saturating_sub(1).clamp(1, total)
            } else {
                (total + 1 - triangle(j) + offset)
                    .saturating_sub(1)
                    .clamp(1, total)
            }
        }
        Indices::All => k + 1,
        Indices::Mixed => {
            let kind = [
                Indices::Random,
                Indices::Phases,
                Indices::Triangles,
                Indices::Start,
                Indices::End,
            ][(k % 5) as usize];
            one_index(kind, rng, k / 5, n, m, total)
        }
    }
}

pub fn run(args: &[String]) -> anyhow::Result<Vec<u8>> {
    let o: Options = super::parse_args("shifting-query", args)?;
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let (n, m) = draw_sides(&o, &mut rng)?;
    let total = n * m + n + m;
    let q = if o.indices == Indices::All {
        if total > o.q {
            bail!("--indices all needs K = {total} <= q = {}", o.q);
        }
        total
    } else {
        o.q
    };
    if !(1..=100_000).contains(&q) {
        bail!("q must lie in 1..=100000");
    }
    let mut text = format!("{n} {m} {q}\n");
    for k in 0..q {
        let i = one_index(o.indices, &mut rng, k, n, m, total);
        text.push_str(&i.to_string());
        text.push('\n');
    }
    Ok(text.into_bytes())
}

pub fn sized(size: u32, seed: u64) -> Vec<String> {
    // Sides double with every size, reaching 10^9 at size 31: precision mistakes only show on
    // huge games, and the stress tester should get there within a minute.
    let side = (2 + (1u64 << size.min(40))).min(1_000_000_000);
    let q = (size as u64 * 10).min(100_000);
    [
        "--max-side",
        &side.to_string(),
        "--q",
        &q.to_string(),
        "--seed",
        &seed.to_string(),
    ]
    .map(String::from)
    .to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gen_args(line: &str) -> Vec<u64> {
        let text = String::from_utf8(run(&crate::words(line)).unwrap()).unwrap();
        text.split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect()
    }

    #[test]
    fn every_index_is_in_range() {
        for kind in ["random", "start", "end", "phases", "triangles", "mixed"] {
            let v = gen_args(&format!(
                "--n 1000000000 --m 2 --q 500 --indices {kind} --seed 3"
            ));
            let total = v[0] * v[1] + v[0] + v[1];
            assert_eq!(v[2], 500);
            assert!(v[3..].iter().all(|&i| (1..=total).contains(&i)), "{kind}");
        }
    }

    #[test]
    fn all_lists_every_move() {
        let v = gen_args("--n 3 --m 2 --indices all --seed 1");
        assert_eq!(v, vec![3, 2, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    }

    #[test]
    fn triangles_hit_block_ends() {
        let v = gen_args("--n 1000000000 --m 1000000000 --q 300 --indices triangles --seed 5");
        let small = 1_000_000_000u64;
        let at_block_end = |i: u64| {
            let j = ((8 * i as u128 + 1).isqrt() as u64 - 1) / 2;
            triangle(j) == i || triangle(j) + 1 == i || triangle(j + 1) == i + 1
        };
        let total = v[0] * v[1] + v[0] + v[1];
        let hits = v[3..]
            .iter()
            .filter(|&&i| at_block_end(i) || at_block_end(total + 1 - i))
            .count();
        assert_eq!(hits, 300);
        assert!(v[3..].iter().any(|&i| i > triangle(small - 1000)));
    }
}
