//! `shifting-labels`: `n k` with a planted outcome: `k` a label of `n` (uniform over all `F(n+2)`
//! labels, the smallest, the largest) or `k` just outside the set of labels, or (`--fault`) a
//! label with bits added that break one check of [`FAULTS`] alone, or with `--twin` the label
//! itself. Every test is checked against [`is_label`] (and [`faults`]) before it is written.

use clap::Parser;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use leapfrog_puzzles::shifting::count::fibonacci;
use leapfrog_puzzles::shifting::labels::{FAULTS, ending, faults, is_label, label_by_index};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A label drawn uniformly from all F(n+2) labels.
    Valid,
    /// 0, the label that always moves the white first.
    Zero,
    /// The largest label, 2^(n-1).
    Largest,
    /// A label with one more bit set just past the last bit it reads: not a label.
    Outside,
    /// The smallest number above the largest label, 2^(n-1) + 1.
    Above,
    /// 2^n: every bit it sets comes after the game is over.
    Beyond,
    /// Uniform in 0..2^62 (almost never a label).
    Random,
}

/// Where `--fault` puts the bit that breaks the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Place {
    /// The lowest bit the check covers: just past the last bit read (or bit n for `width`).
    Low,
    /// The highest: bit n - 1 (or bit 61 for `width`).
    High,
    /// A bit drawn between the two.
    Random,
}

#[derive(Debug, Parser)]
#[command(name = "shifting-labels")]
pub struct Options {
    /// The number of black checkers, 1..=60 (default: drawn).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=60))]
    pub n: Option<u64>,
    /// What to plant (required unless --k or --fault is given).
    #[arg(long, value_enum, required_unless_present_any = ["k", "fault"])]
    pub kind: Option<Kind>,
    /// An explicit k, 0 <= k < 2^62 (label or not).
    #[arg(long, conflicts_with_all = ["kind", "fault"])]
    pub k: Option<u64>,
    /// A label with one check of notes.md's single-fault list broken alone: end-slide (n >= 2),
    /// end-short (n >= 3) or width.
    #[arg(long, conflicts_with = "kind", value_parser = FAULTS)]
    pub fault: Option<String>,
    /// With --fault: where the breaking bit goes.
    #[arg(long, value_enum, default_value = "random", requires = "fault")]
    pub place: Place,
    /// With --fault: the label before the bit is added (every check holds).
    #[arg(long, requires = "fault")]
    pub twin: bool,
    #[arg(long)]
    pub seed: u64,
}

/// The number of bits a label reads before its game ends.
fn bits_read(n: u64, label: u64) -> u32 {
    let (mut left, mut bit) = (n, 0u32);
    while left > 0 {
        left = left.saturating_sub(1 + (label >> bit & 1));
        bit += 1;
    }
    bit
}

pub fn run(args: &[String]) -> crate::Result<Vec<u8>> {
    let o: Options = super::parse_args("shifting-labels", args)?;
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    // A drawn n suits every fault (the end faults need n >= 2 or 3).
    let lowest = if o.fault.is_some() { 3 } else { 1 };
    let n = o.n.unwrap_or_else(|| rng.random_range(lowest..=60u64));
    let count: u64 = fibonacci(n + 2).try_into().expect("F(62) fits in 64 bits");
    let random_label = |rng: &mut ChaCha8Rng| {
        label_by_index(n, rng.random_range(0..count)).expect("the index is below the count")
    };
    if let Some(fault) = &o.fault {
        return single_fault(&mut rng, n, fault, o.place, o.twin, random_label);
    }
    let Some(kind) = o.kind else {
        let k = o.k.expect("clap requires --kind or --k");
        if k >= 1 << 62 {
            fail!(Arguments, "k must be below 2^62");
        }
        return Ok(format!("{n} {k}\n").into_bytes());
    };
    let (k, should_be_label) = match kind {
        Kind::Valid => (random_label(&mut rng), true),
        Kind::Zero => (0, true),
        Kind::Largest => (1 << (n - 1), true),
        Kind::Outside => {
            let label = random_label(&mut rng);
            (label | 1 << bits_read(n, label), false)
        }
        Kind::Above => ((1 << (n - 1)) + 1, false),
        Kind::Beyond => (1 << n, false),
        Kind::Random => {
            let k = rng.random_range(0..1u64 << 62);
            (k, is_label(n, k))
        }
    };
    if is_label(n, k) != should_be_label {
        fail!(
            Disagree,
            "k = {k} should {}be a label of n = {n}",
            if should_be_label { "" } else { "not " }
        );
    }
    Ok(format!("{n} {k}\n").into_bytes())
}

/// A label of `n` whose game ends as `fault` needs (any end for `width`) and leaves at least
/// one bit unread below `n` for the end faults, with the bit `place` names added to it (none
/// with `twin`). Rejection sampling over uniform labels: for `n >= 3` most labels qualify.
fn single_fault(
    rng: &mut ChaCha8Rng,
    n: u64,
    fault: &str,
    place: Place,
    twin: bool,
    random_label: impl Fn(&mut ChaCha8Rng) -> u64,
) -> crate::Result<Vec<u8>> {
    let least = match fault {
        "end-slide" => 2,
        "end-short" => 3,
        _ => 1,
    };
    if n < least {
        fail!(Arguments, "--fault {fault} needs n >= {least} (n = {n})");
    }
    let fits = |label: u64| {
        let (read, short) = ending(n, label);
        match fault {
            "width" => true,
            _ => u64::from(read) < n && short == (fault == "end-short"),
        }
    };
    let Some(label) = (0..10_000).map(|_| random_label(rng)).find(|&l| fits(l)) else {
        fail!(
            Disagree,
            "no label of n = {n} ends as --fault {fault} needs"
        );
    };
    let (lo, hi) = match fault {
        "width" => (n, 61),
        _ => (u64::from(ending(n, label).0), n - 1),
    };
    let bit = match place {
        Place::Low => lo,
        Place::High => hi,
        Place::Random => rng.random_range(lo..=hi),
    };
    let k = if twin { label } else { label | 1 << bit };
    let want: &[&str] = if twin { &[] } else { &[fault] };
    if faults(n, k) != want {
        fail!(
            Disagree,
            "k = {k} should break {want:?} alone as a label of n = {n}"
        );
    }
    Ok(format!("{n} {k}\n").into_bytes())
}

pub fn sized(size: u32, seed: u64) -> Vec<String> {
    let n = (size as u64).clamp(1, 60);
    let kind = ["valid", "outside", "zero", "largest", "beyond"][(seed % 5) as usize];
    [
        "--n",
        &n.to_string(),
        "--kind",
        kind,
        "--seed",
        &seed.to_string(),
    ]
    .map(String::from)
    .to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gen_args(line: &str) -> (u64, u64) {
        let text = String::from_utf8(run(&crate::words(line)).unwrap()).unwrap();
        let v: Vec<u64> = text
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        (v[0], v[1])
    }

    #[test]
    fn planted_kinds() {
        assert_eq!(gen_args("--n 60 --kind largest --seed 1"), (60, 1 << 59));
        assert_eq!(gen_args("--n 5 --kind above --seed 1"), (5, 17));
        assert_eq!(gen_args("--n 5 --kind beyond --seed 1"), (5, 32));
        assert_eq!(
            gen_args("--n 60 --k 4611686018427387903 --seed 1"),
            (60, (1 << 62) - 1)
        );
        for seed in 0..100 {
            let (n, k) = gen_args(&format!("--kind valid --seed {seed}"));
            assert!(is_label(n, k));
            let (n, k) = gen_args(&format!("--kind outside --seed {seed}"));
            assert!(!is_label(n, k) && k < 1 << 62);
            // One bit fewer is a label again: the number is just outside the set.
            assert!(is_label(n, k & !(1 << (63 - k.leading_zeros()))));
        }
    }

    #[test]
    fn each_fault_breaks_its_check_alone_beside_a_label() {
        for fault in FAULTS {
            for seed in 0..60 {
                let place = ["low", "high", "random"][seed % 3];
                let line = format!("--fault {fault} --place {place} --seed {seed}");
                let (n, k) = gen_args(&line);
                let (tn, twin) = gen_args(&format!("{line} --twin"));
                assert_eq!(faults(n, k), [fault], "{line}");
                assert!(tn == n && is_label(n, twin), "{line}");
                // The twin is the same label without the one bit that was added.
                assert_eq!((k ^ twin).count_ones(), 1, "{line}");
            }
        }
        assert_eq!(
            gen_args("--n 3 --fault end-short --place low --seed 1"),
            (3, 7)
        );
        assert_eq!(
            gen_args("--n 60 --fault width --place high --seed 1").1 >> 61,
            1
        );
        assert!(run(&crate::words("--n 2 --fault end-short --seed 1")).is_err());
        assert!(run(&crate::words("--n 1 --fault end-slide --seed 1")).is_err());
    }
}
