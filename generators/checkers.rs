//! `checkers`: boards for the `checkers` and `checkers-path` problems with a planted outcome.
//!
//! `--outcome` names the family; each one is checked against the reference solver before the
//! board is written (the set of black pieces that can capture everything must be exactly the
//! planted one), so a plan line always gives the test it promises. Families:
//! - `unique`, `return` (the trail ends on its own start square), `multiple` (two solvers),
//!   `none` (random board, no solver), `dense` (every non-border square of one row parity
//!   white; the most whites a solvable board can have);
//! - near misses, each one change away from a board with one solver: `degree` (an extra white
//!   breaks the odd-degree condition), `cut` (one white's edge is cut off from the rest),
//!   `island` (a separate loop of four whites: only connectivity fails), `blocked` (another black
//!   piece on a landing square), `edge` (a white on the border whose landing is off the board),
//!   `parity` (a white the piece can never reach), `shared` (black pieces at both ends of one
//!   trail), `border` (every white pinned at the border);
//! - `any`: a family drawn at random, for stress testing;
//! - `combo`: a board in the combination of conditions that `--start`, `--others` and `--fails`
//!   name (see `leapfrog_puzzles::checkers::conditions`), for the structured search of stress;
//! - `single`: a board where the one condition `--fault` names fails and every other holds, or
//!   with `--twin` its neighbour where all hold (`--start`, `--place`, `--others alone|other`).

#[path = "checkers/canvas.rs"]
mod canvas;
#[path = "checkers/combos.rs"]
mod combos;
#[path = "checkers/families.rs"]
mod families;
#[path = "checkers/near_miss.rs"]
mod near_miss;
#[path = "checkers/plant.rs"]
mod plant;
#[path = "checkers/single.rs"]
mod single;

use clap::Parser;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use canvas::{Canvas, Phase, pick};
use leapfrog_puzzles::checkers::conditions::{self, FAILS, FAULTS, OTHERS, STARTS};

/// Attempts per board before a request is declared impossible.
const ATTEMPTS: u32 = 400;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Family {
    Unique,
    Return,
    Multiple,
    None,
    Dense,
    Degree,
    Cut,
    Island,
    Blocked,
    Edge,
    Parity,
    Shared,
    Border,
    Any,
    Combo,
    Single,
}

/// Which border the `edge` family's white stands on (top = the last rank, row n).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    Top,
    Bottom,
    Left,
    Right,
    Any,
}

/// How the `degree` family breaks the degree condition (an Euler trail from the piece needs no
/// square of odd degree, or exactly two with the piece on one of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Odd {
    /// Four or more squares of odd degree.
    Many,
    /// Exactly two, the piece on neither.
    Elsewhere,
    Any,
}

/// A board for `checkers` / `checkers-path` with a planted outcome.
#[derive(Debug, Parser)]
#[command(name = "checkers")]
pub struct Options {
    /// The outcome family to plant.
    #[arg(long, value_enum)]
    pub outcome: Family,
    /// The board size.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=26))]
    pub n: u32,
    /// Which squares are usable: a1 (the usual board) or b1.
    #[arg(long, value_enum, default_value = "a1")]
    pub phase: Phase,
    /// White pieces to plant: jumps of the trail (rounded up to an even number for `return`),
    /// length of the `multiple` line, whites of `none` and `border` (default: random).
    #[arg(long)]
    pub whites: Option<u32>,
    /// Extra black pieces that must not change the outcome (default: a few).
    #[arg(long)]
    pub decoys: Option<u32>,
    /// The side of the board the `edge` family's white stands on.
    #[arg(long, value_enum, default_value = "any")]
    pub side: Side,
    /// How the `degree` family's extra white breaks the degree condition.
    #[arg(long, value_enum, default_value = "any")]
    pub odd: Odd,
    /// `combo`: the degree of the examined piece (1, 3+, even).
    #[arg(long, default_value = "1", value_parser = clap::builder::PossibleValuesParser::new(STARTS))]
    pub start: String,
    /// `combo`: the other black pieces touching a white (alone, same, other, other-degree,
    /// other-solves), or
    /// `nobody`: no black piece touches a white.
    #[arg(long, default_value = "alone", value_parser = clap::builder::PossibleValuesParser::new(OTHERS.iter().copied().chain(["nobody"])))]
    pub others: String,
    /// `combo`: the first condition the examined piece breaks (none, parity, edge, blocked,
    /// split, many, elsewhere).
    #[arg(long, default_value = "none", value_parser = clap::builder::PossibleValuesParser::new(FAILS))]
    pub fails: String,
    /// `single`: the one condition to break (parity, edge, blocked, split, many, elsewhere).
    #[arg(long, default_value = "parity", value_parser = clap::builder::PossibleValuesParser::new(FAULTS))]
    pub fault: String,
    /// `single`: where the change that breaks the condition goes.
    #[arg(long, value_enum, default_value = "any")]
    pub place: single::Place,
    /// `single`: the neighbour of the board instead, without the change (everything holds).
    #[arg(long)]
    pub twin: bool,
    #[arg(long)]
    pub seed: u64,
}

/// The families `any` draws from.
const CONCRETE: [Family; 13] = [
    Family::Unique,
    Family::Return,
    Family::Multiple,
    Family::None,
    Family::Dense,
    Family::Degree,
    Family::Cut,
    Family::Island,
    Family::Blocked,
    Family::Edge,
    Family::Parity,
    Family::Shared,
    Family::Border,
];

pub fn run(args: &[String]) -> crate::Result<Vec<u8>> {
    let opts: Options = super::parse_args("checkers", args)?;
    if opts.whites == Some(0) {
        fail!(
            Arguments,
            "--whites must be at least 1: every board has a white piece"
        );
    }
    if opts.whites.is_some() && opts.outcome == Family::Dense {
        fail!(
            Arguments,
            "--whites does not apply to dense boards (they hold as many whites as possible)"
        );
    }
    if opts.outcome == Family::Combo
        && opts.others != "nobody"
        && !conditions::possible(&combos::wanted(&opts))
    {
        fail!(
            Impossible,
            "no board has the combination {}: see `leapfrog gen checkers --help`",
            combos::wanted(&opts).name()
        );
    }
    if opts.outcome == Family::Single {
        if !["alone", "other"].contains(&opts.others.as_str()) {
            fail!(Arguments, "--outcome single takes --others alone or other");
        }
        if opts.fault == "elsewhere" && opts.start != "even" {
            fail!(
                Impossible,
                "--fault elsewhere needs --start even: a piece of odd degree is itself one of \
                 the odd squares"
            );
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    for _ in 0..ATTEMPTS {
        if opts.outcome == Family::Single {
            if let Some(canvas) = single::attempt(&mut rng, &opts) {
                return Ok(canvas.text());
            }
            continue;
        }
        if opts.outcome == Family::Combo {
            let mut canvas = Canvas::new(opts.n, opts.phase);
            if combos::attempt(&mut canvas, &mut rng, &opts).is_some() {
                return Ok(canvas.text());
            }
            continue;
        }
        let family = match opts.outcome {
            Family::Any => pick(&mut rng, &CONCRETE).expect("families"),
            family => family,
        };
        let mut canvas = Canvas::new(opts.n, opts.phase);
        let Some(mut expected) = families::attempt(family, &mut canvas, &mut rng, &opts) else {
            continue;
        };
        expected.sort();
        families::decorate(&mut canvas, &mut rng, family, &opts, &expected);
        // The promise of the family, checked by the reference solver on the final board.
        if plant::solvers(&canvas) != expected {
            continue;
        }
        return Ok(canvas.text());
    }
    fail!(
        Impossible,
        "could not plant '{}' on a {n}×{n} board with {:?} usable in {ATTEMPTS} attempts \
         (too small a board, or too many whites asked for)",
        format!("{:?}", opts.outcome).to_lowercase(),
        opts.phase,
        n = opts.n
    )
}

/// A random board of roughly the given size: side `size + 2` (at most 26), any family.
pub fn sized(size: u32, seed: u64) -> Vec<String> {
    let n = size.saturating_add(2).min(26);
    let phase = if seed.is_multiple_of(2) { "a1" } else { "b1" };
    [
        "--outcome",
        "any",
        "--n",
        &n.to_string(),
        "--phase",
        phase,
        "--seed",
        &seed.to_string(),
    ]
    .map(String::from)
    .to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_puzzles::checkers::{Answer, Board, answer};

    fn generate(line: &str) -> crate::Result<Vec<u8>> {
        run(&crate::words(line))
    }

    fn outcome(line: &str) -> String {
        let text = generate(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let board = Board::parse(&text).unwrap();
        match answer(&board) {
            Answer::None => "None".into(),
            Answer::Multiple => "Multiple".into(),
            Answer::One(_) => "square".into(),
        }
    }

    #[test]
    fn every_family_plants_its_outcome_on_both_phases() {
        let expected = [
            ("unique", "square"),
            ("return", "square"),
            ("multiple", "Multiple"),
            ("none", "None"),
            ("degree", "None"),
            ("cut", "None"),
            ("island", "None"),
            ("blocked", "None"),
            ("edge", "None"),
            ("parity", "None"),
            ("shared", "None"),
            ("border", "None"),
        ];
        for phase in ["a1", "b1"] {
            for n in [8, 11, 26] {
                for (family, want) in expected {
                    for seed in 0..3 {
                        let line =
                            format!("--outcome {family} --n {n} --phase {phase} --seed {seed}");
                        assert_eq!(outcome(&line), want, "{line}");
                    }
                }
            }
        }
    }

    #[test]
    fn single_faults_break_one_condition_and_their_twins_none() {
        use leapfrog_puzzles::checkers::conditions::faults;
        for fault in FAULTS {
            let start = if fault == "elsewhere" { "even" } else { "1" };
            for (n, phase, others) in [(9, "a1", "alone"), (12, "b1", "other")] {
                let line = format!(
                    "--outcome single --fault {fault} --start {start} --others {others} \
                     --n {n} --phase {phase} --seed 5"
                );
                assert_eq!(outcome(&line), "None", "{line}");
                let twin = Board::parse(&generate(&format!("{line} --twin")).unwrap()).unwrap();
                let Answer::One(piece) = answer(&twin) else {
                    panic!("{line} --twin: no single solver");
                };
                let board = Board::parse(&generate(&line).unwrap()).unwrap();
                assert_eq!(faults(&board, piece), [fault], "{line}");
                assert!(faults(&twin, piece).is_empty(), "{line}");
            }
        }
        let err = generate("--outcome single --fault elsewhere --start 1 --seed 1").unwrap_err();
        assert!(err.to_string().contains("needs --start even"), "{err}");
    }

    #[test]
    fn same_arguments_same_bytes() {
        let line = "--outcome unique --n 12 --seed 7";
        assert_eq!(generate(line).unwrap(), generate(line).unwrap());
        assert_ne!(
            generate(line).unwrap(),
            generate("--outcome unique --n 12 --seed 8").unwrap()
        );
    }

    #[test]
    fn impossible_requests_say_why() {
        // On a 3×3 board with b1 usable no jump fits at all.
        let err = generate("--outcome unique --n 3 --phase b1 --seed 1")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("could not plant 'unique' on a 3×3 board"),
            "{err}"
        );
        assert!(generate("--outcome unique --whites 0 --seed 1").is_err());
        assert!(generate("--outcome unique --n 27 --seed 1").is_err());
    }

    #[test]
    fn sized_arguments_parse_and_grow() {
        for size in [1, 5, 40] {
            let args = sized(size, 3);
            assert!(run(&args).is_ok(), "{args:?}");
        }
        assert_eq!(sized(1, 0)[3], "3");
        assert_eq!(sized(100, 0)[3], "26");
    }
}
