//! The conditions the answers of the row puzzles depend on (`frogs`, `pairs`, and the three
//! shifting problems), each problem's combinations of them, which combination an input falls
//! in, and a generator command line for each combination (stress's structured search draws
//! from every one of them in turn). The board problems' conditions are in
//! [`super::checkers::conditions`]; each problem's `notes.md` explains its list.

use super::registry::Conditions;

/// The numbers of an input, if they all are numbers.
fn numbers(input: &[u8]) -> Option<Vec<u64>> {
    std::str::from_utf8(input)
        .ok()?
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect()
}

fn owned(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn line(parts: &[String]) -> Vec<String> {
    parts.to_vec()
}

/// A number in `lo..=hi` picked by the seed (a plain hash: the generator draws the rest).
fn pick(seed: u64, lo: u64, hi: u64) -> u64 {
    lo + seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) % (hi - lo + 1)
}

// ---------------------------------------------------------------------------------------------
// frogs: N frogs a side, 1 <= N <= 200. The construction is the shifting one with n = m = N;
// the smallest game has a single pattern, the parity of N decides which colour moves last in
// every block, and the largest tests the output's size.

const FROGS: [&str; 4] = ["N=1", "N even", "N odd", "N=200"];

pub static FROGS_CONDITIONS: Conditions = Conditions {
    generator: "frogs",
    combinations: || owned(&FROGS),
    classify: |input| {
        let n = *numbers(input)?.first()?;
        Some(
            match n {
                1 => FROGS[0],
                200 => FROGS[3],
                n if n % 2 == 0 => FROGS[1],
                _ => FROGS[2],
            }
            .to_string(),
        )
    },
    args: |k, seed| {
        let n = match k % FROGS.len() {
            0 => 1,
            1 => 2 * pick(seed, 1, 20),
            2 => 2 * pick(seed, 1, 20) + 1,
            _ => 200,
        };
        line(&[
            "--n".into(),
            n.to_string(),
            "--seed".into(),
            seed.to_string(),
        ])
    },
    single: None,
};

// ---------------------------------------------------------------------------------------------
// pairs: n pairs, 1 <= n <= 10^6. n = 1 and 2 have no solution, 3 needs n + 1 moves, 4 to 7 are
// the base cases of the construction and every larger n reduces to one of them by n mod 4; the
// largest n tests the output's size.

const PAIRS: [&str; 12] = [
    "n=1",
    "n=2",
    "n=3",
    "base n%4=0",
    "base n%4=1",
    "base n%4=2",
    "base n%4=3",
    "reduced n%4=0",
    "reduced n%4=1",
    "reduced n%4=2",
    "reduced n%4=3",
    "n=1000000",
];

pub static PAIRS_CONDITIONS: Conditions = Conditions {
    generator: "pairs",
    combinations: || owned(&PAIRS),
    classify: |input| {
        let n = *numbers(input)?.first()?;
        let name = match n {
            1..=3 => PAIRS[n as usize - 1].to_string(),
            1_000_000 => PAIRS[11].to_string(),
            4..=7 => format!("base n%4={}", n % 4),
            _ => format!("reduced n%4={}", n % 4),
        };
        Some(name)
    },
    args: |k, seed| {
        let k = k % PAIRS.len();
        // n = 1, 2, 3, then 4 to 7 (residues 0 to 3), then larger n of each residue.
        let n = match k {
            0..=6 => k as u64 + 1,
            7..=10 => 8 + (k as u64 - 7) + 4 * pick(seed, 0, 50),
            _ => 1_000_000,
        };
        line(&["--n".into(), n.to_string()])
    },
    single: None,
};

// ---------------------------------------------------------------------------------------------
// shifting: n black, m white. One checker on a side gives F(n+2) optimal solutions instead of
// two, and the construction's phases differ with the sign of n - m; small games test the
// corners of the construction, large ones its speed and the output's size.

/// The shapes of a shifting game (shared by `shifting` and `shifting-query`).
fn shape(n: u64, m: u64) -> &'static str {
    match (n, m) {
        (1, 1) => "n=m=1",
        (1, _) => "n=1<m",
        (_, 1) => "m=1<n",
        _ if n == m => "n=m",
        _ if n < m => "n<m",
        _ => "n>m",
    }
}

const SHAPES: [&str; 5] = ["n=1<m", "m=1<n", "n=m", "n<m", "n>m"];

pub static SHIFTING_CONDITIONS: Conditions = Conditions {
    generator: "shifting",
    combinations: || {
        let mut all = vec!["n=m=1".to_string()];
        for size in ["small", "large"] {
            all.extend(SHAPES.iter().map(|s| format!("{s} {size}")));
        }
        all
    },
    classify: |input| {
        let v = numbers(input)?;
        let (n, m) = (*v.first()?, *v.get(1)?);
        let shape = shape(n, m);
        if shape == "n=m=1" {
            return Some(shape.to_string());
        }
        let size = if n * m + n + m >= 100_000 {
            "large"
        } else {
            "small"
        };
        Some(format!("{shape} {size}"))
    },
    args: |k, seed| {
        let k = k % 11;
        let (small, big) = (pick(seed, 2, 9), pick(seed, 10, 20));
        let (n, m) = match k {
            0 => (1, 1),
            1 => (1, small),
            2 => (small, 1),
            3 => (small, small),
            4 => (small, big),
            5 => (big, small),
            6 => (1, 400_000 + seed % 1000),
            7 => (400_000 + seed % 1000, 1),
            8 => (700, 700),
            9 => (20, 40_000 + seed % 1000),
            _ => (40_000 + seed % 1000, 20),
        };
        let mut args = vec![
            "--n".to_string(),
            n.to_string(),
            "--m".into(),
            m.to_string(),
        ];
        args.extend(["--seed".into(), seed.to_string()]);
        args
    },
    single: None,
};

// ---------------------------------------------------------------------------------------------
// shifting-query: n, m >= 2 up to 10^9 and move numbers. The shape decides the phases of the
// canonical solution; a side of 2 makes the triangular blocks degenerate; huge sides overflow
// 32-bit arithmetic and floating-point square roots.

pub static QUERY_CONDITIONS: Conditions = Conditions {
    generator: "shifting-query",
    combinations: || {
        let mut all = Vec::new();
        for size in ["side 2", "small", "huge"] {
            all.extend(["n=m", "n<m", "n>m"].iter().map(|s| format!("{s} {size}")));
        }
        all
    },
    classify: |input| {
        let v = numbers(input)?;
        let (n, m) = (*v.first()?, *v.get(1)?);
        let size = match n.min(m) {
            2 => "side 2",
            _ if n.max(m) >= 100_000_000 => "huge",
            _ => "small",
        };
        let shape = match shape(n, m) {
            "n=m" | "n=m=1" => "n=m",
            "n<m" | "n=1<m" => "n<m",
            _ => "n>m",
        };
        Some(format!("{shape} {size}"))
    },
    args: |k, seed| {
        let k = k % 9;
        let (lo, hi) = match k / 3 {
            0 => (2, pick(seed, 3, 1000)),
            1 => (pick(seed, 3, 500), pick(seed, 501, 1000)),
            _ => (pick(seed, 100_000_000, 500_000_000), 1_000_000_000),
        };
        let (n, m) = match k % 3 {
            0 => (lo, lo),
            1 => (lo, hi),
            _ => (hi, lo),
        };
        let mut args = vec![
            "--n".to_string(),
            n.to_string(),
            "--m".into(),
            m.to_string(),
        ];
        args.extend([
            "--q".into(),
            "1000".into(),
            "--indices".into(),
            "mixed".into(),
        ]);
        args.extend(["--seed".into(), seed.to_string()]);
        args
    },
    single: None,
};

// ---------------------------------------------------------------------------------------------
// shifting-labels: n and k. The labels of n are F(n+2) numbers of at most n bits, the largest
// 2^(n-1); a non-label may lie below it (a bit set after the game is over), between it and
// 2^n, or at 2^n and above. n = 1 has only 0 and 1 as labels and nothing non-label below 2.
// Those kinds are a partition of k; the checks a program makes to tell a label are a list of
// their own (LABEL_FAULTS), each of which can fail alone.

/// The checks that make `k` a label (notes.md's single-fault list; `labels::faults` judges
/// each on its own).
pub const LABEL_FAULTS: [&str; 3] = super::shifting::labels::FAULTS;

/// The checks of [`LABEL_FAULTS`] that fail alone for an input `n k` (none when two fail, or
/// none, or for anything that is not an input of the problem).
fn label_faults_alone(input: &[u8]) -> Vec<String> {
    let Some([n, k]) = numbers(input).and_then(|v| <[u64; 2]>::try_from(v).ok()) else {
        return Vec::new();
    };
    if !(1..=60).contains(&n) {
        return Vec::new();
    }
    match super::shifting::labels::faults(n, k).as_slice() {
        [one] => vec![one.to_string()],
        _ => Vec::new(),
    }
}

/// The `shifting-labels` generator's arguments for single-fault case `k` (cycling): the checks
/// of [`LABEL_FAULTS`] in turn, each broken alone and, the next time round, its twin (the
/// label itself); the breaking bit's place varies with the seed, and n is mostly small (3 to
/// 12, so a failure shrinks to a short game), one time in four up to 60.
pub fn label_fault_args(k: usize, seed: u64) -> Vec<String> {
    let fault = LABEL_FAULTS[k % LABEL_FAULTS.len()];
    let n = match seed % 4 {
        0 => pick(seed, 13, 60),
        _ => pick(seed, 3, 12),
    };
    let place = ["low", "high", "random"][(seed / 4 % 3) as usize];
    let mut args = vec![
        "--n".to_string(),
        n.to_string(),
        "--fault".into(),
        fault.into(),
    ];
    args.extend([
        "--place".into(),
        place.into(),
        "--seed".into(),
        seed.to_string(),
    ]);
    if (k / LABEL_FAULTS.len()) % 2 == 1 {
        args.push("--twin".into());
    }
    args
}

pub static LABEL_CONDITIONS: Conditions = Conditions {
    generator: "shifting-labels",
    combinations: || {
        let mut all = owned(&["n=1 label", "n=1 beyond"]);
        for size in ["n<=10", "n>10"] {
            for kind in ["zero", "largest", "label", "outside", "above", "beyond"] {
                all.push(format!("{size} {kind}"));
            }
        }
        all
    },
    classify: |input| {
        let v = numbers(input)?;
        let (n, k) = (*v.first()?, *v.get(1)?);
        if !(1..=60).contains(&n) {
            return None;
        }
        let largest = 1u64 << (n - 1);
        let label = super::shifting::labels::is_label(n, k);
        if n == 1 {
            return Some(if label { "n=1 label" } else { "n=1 beyond" }.to_string());
        }
        let kind = match k {
            0 => "zero",
            _ if k == largest => "largest",
            _ if label => "label",
            _ if k < largest => "outside",
            _ if k < 2 * largest => "above",
            _ => "beyond",
        };
        let size = if n <= 10 { "n<=10" } else { "n>10" };
        Some(format!("{size} {kind}"))
    },
    args: |k, seed| {
        let k = k % 14;
        let n = match k {
            0 | 1 => 1,
            2..=7 => pick(seed, 4, 10),
            _ => pick(seed, 11, 60),
        };
        let kind = match k {
            0 => "valid",
            1 => "beyond",
            _ => ["zero", "largest", "valid", "outside", "above", "beyond"][(k - 2) % 6],
        };
        let mut args = vec![
            "--n".to_string(),
            n.to_string(),
            "--kind".into(),
            kind.into(),
        ];
        args.extend(["--seed".into(), seed.to_string()]);
        args
    },
    single: Some(leapfrog_registry::SingleFaults {
        faults: &LABEL_FAULTS,
        alone: label_faults_alone,
        args: label_fault_args,
    }),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_fault_cases_go_through_the_checks_broken_then_twinned() {
        for k in 0..12 {
            let args = label_fault_args(k, 5 + k as u64);
            let at = args.iter().position(|w| w == "--fault").unwrap();
            assert_eq!(args[at + 1], LABEL_FAULTS[k % 3], "{args:?}");
            assert_eq!(args.last().unwrap() == "--twin", k % 6 >= 3, "{args:?}");
        }
        assert_eq!(label_faults_alone(b"3 7\n"), ["end-short"]);
        assert_eq!(label_faults_alone(b"3 13\n"), Vec::<String>::new());
        assert_eq!(label_faults_alone(b"3 4\n"), Vec::<String>::new());
        assert_eq!(label_faults_alone(b"3\n"), Vec::<String>::new());
    }
}
