//! `shifting`: games `n m` for the `shifting` problem, by shape (square, more blacks, more whites,
//! one checker on a side) and size (random, or the largest the move budget allows).

use anyhow::bail;
use clap::Parser;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use leapfrog_puzzles::shifting::game::min_moves;

/// The shape of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Shape {
    /// Any sizes.
    Any,
    /// n = m.
    Square,
    /// n > m.
    MoreBlack,
    /// n < m.
    MoreWhite,
    /// n = 1.
    OneBlack,
    /// m = 1.
    OneWhite,
}

/// A game `n m` whose move count `nm + n + m` stays within a budget.
#[derive(Debug, Parser)]
#[command(name = "shifting")]
pub struct Options {
    /// The shape of the game (ignored for a side given explicitly).
    #[arg(long, value_enum, default_value = "any")]
    pub shape: Shape,
    /// The number of black checkers (default: drawn).
    #[arg(long)]
    pub n: Option<u64>,
    /// The number of white checkers (default: drawn).
    #[arg(long)]
    pub m: Option<u64>,
    /// The largest allowed move count nm + n + m.
    #[arg(long, default_value_t = 2_000_000)]
    pub max_moves: u64,
    /// Take the largest game of the shape within the budget instead of a random one.
    #[arg(long)]
    pub largest: bool,
    #[arg(long)]
    pub seed: u64,
}

/// The largest `m` with `nm + n + m <= budget` (0 if none).
fn widest(n: u64, budget: u64) -> u64 {
    budget.saturating_sub(n) / (n + 1)
}

/// Picks from `lo..=hi`: the top when `largest`, else uniformly.
fn pick(rng: &mut ChaCha8Rng, lo: u64, hi: u64, largest: bool) -> anyhow::Result<u64> {
    if lo > hi {
        bail!("no game of this shape fits the move budget");
    }
    Ok(if largest {
        hi
    } else {
        rng.random_range(lo..=hi)
    })
}

/// Draws `(n, m)` for the options.
pub fn draw(o: &Options) -> anyhow::Result<(u64, u64)> {
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let budget = o.max_moves;
    let (n, m) = match (o.n, o.m) {
        (Some(n), Some(m)) => (n, m),
        (Some(n), None) => (n, pick(&mut rng, 1, widest(n, budget), o.largest)?),
        (None, Some(m)) => (pick(&mut rng, 1, widest(m, budget), o.largest)?, m),
        (None, None) => match o.shape {
            Shape::Any => {
                let n = pick(&mut rng, 1, widest(1, budget), false)?;
                (n, pick(&mut rng, 1, widest(n, budget), o.largest)?)
            }
            Shape::Square => {
                let side = (budget + 1).isqrt() - 1;
                let n = pick(&mut rng, 1, side, o.largest)?;
                (n, n)
            }
            Shape::OneWhite => (pick(&mut rng, 1, widest(1, budget), o.largest)?, 1),
            Shape::OneBlack => (1, pick(&mut rng, 1, widest(1, budget), o.largest)?),
            Shape::MoreBlack | Shape::MoreWhite => {
                // The smaller side first (it must leave room for a larger one), then the larger.
                let small_max = (1..).take_while(|&s| s * (s + 1) + 2 * s < budget).last();
                let small = pick(&mut rng, 1, small_max.unwrap_or(0), false)?;
                let big = pick(&mut rng, small + 1, widest(small, budget), o.largest)?;
                if o.shape == Shape::MoreBlack {
                    (big, small)
                } else {
                    (small, big)
                }
            }
        },
    };
    if n == 0 || m == 0 {
        bail!("both sides need at least one checker (n = {n}, m = {m})");
    }
    match min_moves(n, m) {
        Some(k) if k <= budget => Ok((n, m)),
        _ => bail!("n = {n}, m = {m} needs more than --max-moves {budget} moves"),
    }
}

pub fn run(args: &[String]) -> anyhow::Result<Vec<u8>> {
    let options: Options = super::parse_args("shifting", args)?;
    let (n, m) = draw(&options)?;
    Ok(format!("{n} {m}\n").into_bytes())
}

pub fn sized(size: u32, seed: u64) -> Vec<String> {
    let budget = 3 + 5 * (size as u64).pow(2);
    vec![
        "--max-moves".into(),
        budget.min(2_000_000).to_string(),
        "--seed".into(),
        seed.to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gen_args(line: &str) -> String {
        String::from_utf8(run(&crate::words(line)).unwrap()).unwrap()
    }

    #[test]
    fn shapes_and_extremes() {
        assert_eq!(gen_args("--shape square --largest --seed 1"), "1413 1413\n");
        assert_eq!(
            gen_args("--shape one-white --largest --seed 1"),
            "999999 1\n"
        );
        assert_eq!(
            gen_args("--shape one-black --largest --seed 1"),
            "1 999999\n"
        );
        assert_eq!(gen_args("--n 2 --largest --seed 1"), "2 666666\n");
        for seed in 0..50 {
            let text = gen_args(&format!("--shape more-white --seed {seed}"));
            let v: Vec<u64> = text
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            assert!(
                v[0] < v[1] && v[0] * v[1] + v[0] + v[1] <= 2_000_000,
                "{text}"
            );
            let text = gen_args(&format!("--shape more-black --max-moves 50 --seed {seed}"));
            let v: Vec<u64> = text
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            assert!(v[0] > v[1] && v[0] * v[1] + v[0] + v[1] <= 50, "{text}");
        }
    }

    #[test]
    fn impossible_requests_fail() {
        let args: Vec<String> = "--n 3 --m 3 --max-moves 10 --seed 1"
            .split(' ')
            .map(String::from)
            .collect();
        assert!(run(&args).is_err());
        let args: Vec<String> = "--shape more-black --max-moves 4 --seed 1"
            .split(' ')
            .map(String::from)
            .collect();
        assert!(run(&args).is_err());
    }

    #[test]
    fn same_seed_same_bytes() {
        for size in [1, 5, 50, 700] {
            let args = sized(size, 9);
            assert_eq!(run(&args).unwrap(), run(&args).unwrap());
        }
    }
}
