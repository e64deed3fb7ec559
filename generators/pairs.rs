//! `pairs`: the input of the `pairs` problem, a single n.
//!
//! `--n N` writes exactly N. Otherwise n is drawn uniformly from `--min ..= --max` (as a u64
//! from ChaCha8 seeded with `--seed`), optionally restricted to one residue modulo 4 with
//! `--residue`, since the construction's base case depends on n mod 4. The reference solver's
//! outcome is not planted: it follows from n (`None` for n <= 2, n + 1 moves for n = 3, n
//! moves from there on).

use anyhow::bail;
use clap::Parser;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The largest n the problem allows.
pub const MAX_N: u64 = 1_000_000;

/// One `pairs` input.
#[derive(Debug, Parser)]
#[command(name = "pairs")]
pub struct Options {
    /// Write exactly this n.
    #[arg(long, conflicts_with_all = ["min", "max", "residue"],
          value_parser = clap::value_parser!(u64).range(1..=MAX_N))]
    pub n: Option<u64>,
    /// The smallest n to draw.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=MAX_N))]
    pub min: u64,
    /// The largest n to draw.
    #[arg(long, default_value_t = MAX_N, value_parser = clap::value_parser!(u64).range(1..=MAX_N))]
    pub max: u64,
    /// Only draw n with this remainder modulo 4.
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..4))]
    pub residue: Option<u64>,
    /// The random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The n an option set asks for.
pub fn pick_n(opts: &Options) -> anyhow::Result<u64> {
    if let Some(n) = opts.n {
        return Ok(n);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    match opts.residue {
        None => {
            if opts.min > opts.max {
                bail!("--min {} is larger than --max {}", opts.min, opts.max);
            }
            Ok(rng.random_range(opts.min..=opts.max))
        }
        Some(r) => {
            // The k-th number with remainder r is 4k + r; draw k.
            let first = opts.min.div_ceil(4) * 4 + r;
            let first = if first >= opts.min + 4 {
                first - 4
            } else {
                first
            };
            if first > opts.max {
                bail!(
                    "no n in {}..={} has remainder {r} modulo 4",
                    opts.min,
                    opts.max
                );
            }
            let steps = (opts.max - first) / 4;
            Ok(first + 4 * rng.random_range(0..=steps))
        }
    }
}

pub fn run(args: &[String]) -> anyhow::Result<Vec<u8>> {
    let opts: Options = super::parse_args("pairs", args)?;
    Ok(format!("{}\n", pick_n(&opts)?).into_bytes())
}

/// Size 1 draws n from 1 ..= 12 (all the special small cases); each step up allows four times
/// larger n, up to the problem's limit.
pub fn sized(size: u32, seed: u64) -> Vec<String> {
    let max = 12u64
        .saturating_mul(4u64.saturating_pow(size.saturating_sub(1)))
        .min(MAX_N);
    [
        "--min",
        "1",
        "--max",
        &max.to_string(),
        "--seed",
        &seed.to_string(),
    ]
    .map(String::from)
    .to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(args: &str) -> String {
        String::from_utf8(run(&crate::words(args)).unwrap()).unwrap()
    }

    #[test]
    fn fixed_and_drawn() {
        assert_eq!(make("--n 7"), "7\n");
        for seed in 0..200 {
            let n: u64 = make(&format!("--min 10 --max 20 --seed {seed}"))
                .trim()
                .parse()
                .unwrap();
            assert!((10..=20).contains(&n));
            let n: u64 = make(&format!("--min 999990 --residue 1 --seed {seed}"))
                .trim()
                .parse()
                .unwrap();
            assert!(n >= 999_990 && n % 4 == 1, "{n}");
        }
        assert_eq!(make("--min 5 --max 5 --residue 1"), "5\n");
    }

    #[test]
    fn impossible_requests_fail() {
        let args = crate::words;
        assert!(run(&args("--min 6 --max 6 --residue 1")).is_err());
        assert!(run(&args("--min 9 --max 3")).is_err());
        assert!(run(&args("--n 0")).is_err());
        assert!(run(&args("--n 1000001")).is_err());
    }

    #[test]
    fn sizes_grow_to_the_limit() {
        assert_eq!(sized(1, 3)[3], "12");
        assert_eq!(sized(2, 3)[3], "48");
        assert_eq!(sized(30, 3)[3], MAX_N.to_string());
    }
}
