//! `frogs`: the number of frogs a side, given or drawn.

use clap::Parser;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Debug, Parser)]
#[command(name = "frogs")]
pub struct Options {
    /// Frogs a side (default: drawn from 1..=max).
    #[arg(long)]
    pub n: Option<u64>,
    /// The largest N to draw.
    #[arg(long, default_value_t = 200)]
    pub max: u64,
    #[arg(long)]
    pub seed: u64,
}

pub fn run(args: &[String]) -> crate::Result<Vec<u8>> {
    let o: Options = super::parse_args("frogs", args)?;
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    if o.max < 1 {
        fail!(Arguments, "--max must be at least 1");
    }
    let n = o.n.unwrap_or_else(|| rng.random_range(1..=o.max));
    if !(1..=200).contains(&n) {
        fail!(Arguments, "N must lie in 1..=200, not {n}");
    }
    Ok(format!("{n}\n").into_bytes())
}

pub fn sized(size: u32, seed: u64) -> Vec<String> {
    let max = (size as u64).clamp(1, 200);
    ["--max", &max.to_string(), "--seed", &seed.to_string()]
        .map(String::from)
        .to_vec()
}
