//! A property of the one test model: for generated (input, output) pairs near the tolerance
//! boundary, every command that judges one output gives it the same verdict. Two packages: a
//! float tolerance written once in `data/test_group.yaml` for the default validator
//! (`float-dist`), and a custom output validator with its own tolerance (`float-custom`).
//!
//! A custom validator's check runs a sandboxed Python program per pair, so that package gets
//! fewer pairs, keeping the module well under half a minute.
//!
//! Each way of judging is a [`Party`]: it judges all pairs of a package at once and returns
//! one verdict per pair (`-` for a pair it leaves out). The parties are `check`, `judge`, and
//! `stress`'s comparison of a submission's output with the reference's answer; a new one is one
//! more function in [`PARTIES`].

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::support::{TempPackage, json, leapfrog};

/// One test: the input's four coordinates, and the output to judge.
struct Pair {
    name: String,
    input: String,
    output: String,
}

/// A way of judging: the verdict (`AC`, `WA`) of each pair, in order.
type Party = fn(&TempPackage, &[Pair]) -> Vec<String>;

const PARTIES: &[(&str, Party)] = &[
    ("check", by_check),
    ("judge", by_judge),
    ("stress", by_stress),
];

/// How many pairs `stress` judges, from the first: it takes one input per run (about two
/// seconds each), so it gets a prefix of the pairs.
const STRESS_PAIRS: usize = 12;

/// `leapfrog check PKG data/secret/prop/N.in N.out`, one run per pair: exit 0 is AC, 1 WA.
fn by_check(pkg: &TempPackage, pairs: &[Pair]) -> Vec<String> {
    pairs
        .iter()
        .map(|pair| {
            let input = pkg.path().join(format!("data/{}.in", pair.name));
            let output = pkg.write(&format!("outputs/{}.out", pair.name), &pair.output);
            let out = leapfrog()
                .args(["check", &pkg.arg()])
                .arg(&input)
                .arg(&output)
                .output()
                .unwrap();
            match out.status.code() {
                Some(0) => "AC".to_string(),
                Some(1) => "WA".to_string(),
                other => panic!(
                    "check on {} exited {other:?}: {}",
                    pair.name,
                    String::from_utf8_lossy(&out.stderr)
                ),
            }
        })
        .collect()
}

/// A submission that prints each pair's output for its input.
fn lookup(pkg: &TempPackage, pairs: &[Pair]) -> std::path::PathBuf {
    let table: Vec<String> = pairs
        .iter()
        .map(|p| format!("    {:?}: {:?},", p.input.trim(), p.output.trim_end()))
        .collect();
    let source = format!(
        "OUTPUTS = {{\n{}\n}}\nprint(OUTPUTS[input().strip()])\n",
        table.join("\n")
    );
    pkg.write("submissions/scratch/lookup.py", &source)
}

/// `leapfrog stress PKG lookup.py --against nine_digits.py --input data/secret/prop/N.in`, one
/// run per pair of the first [`STRESS_PAIRS`]: the fixture's accepted program answers the input
/// and the lookup's output is compared with that answer as stress compares. Exit 0 (the
/// submission survived) is AC, 1 (a failure found) WA.
fn by_stress(pkg: &TempPackage, pairs: &[Pair]) -> Vec<String> {
    let submission = lookup(pkg, pairs);
    // Where stress saves a failure: inside the package, which the test removes.
    let save = pkg.path().join("stress-saved");
    let reference = pkg.path().join("submissions/accepted/nine_digits.py");
    let judged = pairs.iter().take(STRESS_PAIRS).map(|pair| {
        let input = pkg.path().join(format!("data/{}.in", pair.name));
        let out = leapfrog()
            .args(["stress", &pkg.arg()])
            .arg(&submission)
            .arg("--against")
            .arg(&reference)
            .arg("--input")
            .arg(&input)
            .args(["--shrink-time", "0.1", "--save"])
            .arg(&save)
            .output()
            .unwrap();
        match out.status.code() {
            Some(0) => "AC".to_string(),
            Some(1) => "WA".to_string(),
            other => panic!(
                "stress on {} exited {other:?}: {}",
                pair.name,
                String::from_utf8_lossy(&out.stderr)
            ),
        }
    });
    let left_out = pairs.iter().skip(STRESS_PAIRS).map(|_| "-".to_string());
    judged.chain(left_out).collect()
}

/// `leapfrog judge` once, with a submission that prints each pair's output for its input.
fn by_judge(pkg: &TempPackage, pairs: &[Pair]) -> Vec<String> {
    let submission = lookup(pkg, pairs);
    let out = leapfrog()
        .args(["judge", &pkg.arg()])
        .arg(&submission)
        .args(["--json", "-j", "2"])
        .output()
        .unwrap();
    let report = json(&out);
    let by_name: BTreeMap<&str, &str> = report["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("no tests in {report}"))
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["verdict"].as_str().unwrap()))
        .collect();
    pairs
        .iter()
        .map(|p| by_name[p.name.as_str()].to_string())
        .collect()
}

/// `count` pairs with distinct inputs: outputs off the exact distance by about the tolerance
/// (1e-6, absolute or relative), on either side of it, a few with a point repeated (distance 0,
/// printed as `0.00`), and a few that are not one number.
fn pairs(seed: u64, count: usize) -> Vec<Pair> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = std::collections::BTreeSet::new();
    let mut pairs = Vec::new();
    while pairs.len() < count {
        let mut c = [0i64; 4];
        for x in &mut c {
            // Small and large distances, so both the absolute and the relative bound decide.
            let reach = if rng.random_bool(0.5) { 3 } else { 1000 };
            *x = rng.random_range(-reach..=reach);
        }
        if rng.random_bool(0.1) {
            (c[2], c[3]) = (c[0], c[1]);
        }
        let input = format!("{} {} {} {}\n", c[0], c[1], c[2], c[3]);
        if !seen.insert(input.clone()) {
            continue;
        }
        let exact = ((c[2] - c[0]) as f64).hypot((c[3] - c[1]) as f64);
        let bound = 1e-6 * exact.max(1.0);
        let output = match rng.random_range(0..20) {
            0 if exact == 0.0 => "0.00".to_string(),
            0 => format!("{exact:.2}"),
            1 => format!("{exact:.9} 0"),
            _ => {
                let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                let off = side * bound * rng.random_range(0.5..1.5);
                format!("{:.12}", exact + off)
            }
        };
        pairs.push(Pair {
            name: format!("secret/prop/{:03}", pairs.len()),
            input,
            output: format!("{output}\n"),
        });
    }
    pairs
}

/// The fixture with its tests replaced by the pairs' inputs and the judges' answers (nine
/// decimals, as the fixture's own answers are written).
fn package_with(fixture: &str, pairs: &[Pair]) -> TempPackage {
    let pkg = TempPackage::from_fixture(fixture);
    for group in ["sample", "secret"] {
        std::fs::remove_dir_all(pkg.path().join("data").join(group)).unwrap();
    }
    for pair in pairs {
        let c: Vec<f64> = pair
            .input
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let exact = (c[2] - c[0]).hypot(c[3] - c[1]);
        pkg.write(&format!("data/{}.in", pair.name), &pair.input);
        pkg.write(&format!("data/{}.ans", pair.name), &format!("{exact:.9}\n"));
    }
    pkg
}

/// Every party gives every pair the same verdict, and the pairs reach both verdicts (a
/// property that holds because everything is accepted, or rejected, would prove nothing).
fn parties_agree(fixture: &str, seed: u64, count: usize) {
    let pairs = pairs(seed, count);
    let pkg = package_with(fixture, &pairs);
    let verdicts: Vec<(&str, Vec<String>)> = PARTIES
        .iter()
        .map(|(name, party)| (*name, party(&pkg, &pairs)))
        .collect();
    let (first, reference) = &verdicts[0];
    for (name, theirs) in &verdicts[1..] {
        let differ: Vec<String> = pairs
            .iter()
            .zip(reference.iter().zip(theirs))
            .filter(|(_, (a, b))| a != b && b.as_str() != "-")
            .map(|(p, (a, b))| {
                format!(
                    "{}: input {:?} output {:?}: {first} {a}, {name} {b}",
                    p.name,
                    p.input.trim(),
                    p.output.trim()
                )
            })
            .collect();
        assert!(
            differ.is_empty(),
            "{fixture}: {} of {} pairs differ:\n{}",
            differ.len(),
            pairs.len(),
            differ.join("\n")
        );
    }
    for verdict in ["AC", "WA"] {
        assert!(
            reference.iter().any(|v| v == verdict),
            "{fixture}: no pair got {verdict}"
        );
    }
}

#[test]
fn check_judge_and_stress_agree_under_a_float_tolerance_of_data() {
    parties_agree("float-dist", 0x5eed_0001, 150);
}

#[test]
fn check_judge_and_stress_agree_under_a_custom_output_validator() {
    parties_agree("float-custom", 0x5eed_0002, 24);
}
