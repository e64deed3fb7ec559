//! The property loops: proptest draws recipes (see [`super::edits`]), each becomes a hostile
//! output or input, the compiled checker or validator judges it through the runner, and the
//! verdict is held against the problem's independent oracle. On a failure proptest shrinks the
//! recipe and the panic shows the smallest one with the bytes it builds.
//!
//! `LEAPFROG_FUZZ_CASES` sets the number of cases per program (default [`DEFAULT_CASES`]) and
//! `LEAPFROG_FUZZ_SEED` the seed (default fixed, so CI runs are reproducible).

use std::cell::Cell;
use std::path::Path;

use leapfrog::checking::diff::{self, DiffFlags};
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};

use super::edits::{self, Split, tokens};
use super::pool::{Instance, Pool, solve};
use super::problems::{Problem, Truth};
use super::programs::{self, Said};

/// Cases per checker or validator in a plain `cargo test` run.
pub const DEFAULT_CASES: u32 = 300;
const DEFAULT_SEED: u64 = 0x1eaf_0907;

pub fn cases() -> u32 {
    std::env::var("LEAPFROG_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

pub fn seed() -> u64 {
    std::env::var("LEAPFROG_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_SEED)
}

/// A runner whose seed depends on the target too, so targets do not all draw the same recipes.
fn runner(target: &str, cases: u32) -> TestRunner {
    let salt = target.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(seed() ^ salt),
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..Config::default()
    })
}

/// What a fuzz run saw, for the report.
#[derive(Debug, Default)]
pub struct Tally {
    pub cases: u64,
    pub accepted: u64,
    pub rejected: u64,
}

impl Tally {
    pub fn print(&self, what: &str) {
        eprintln!(
            "{what}: {} cases, {} accepted, {} rejected (seed {})",
            self.cases,
            self.accepted,
            self.rejected,
            seed()
        );
    }
}

#[derive(Default)]
struct Counts {
    cases: Cell<u64>,
    accepted: Cell<u64>,
    rejected: Cell<u64>,
}

impl Counts {
    fn count(&self, yes: bool) {
        self.cases.set(self.cases.get() + 1);
        let slot = if yes { &self.accepted } else { &self.rejected };
        slot.set(slot.get() + 1);
    }

    fn tally(&self) -> Tally {
        Tally {
            cases: self.cases.get(),
            accepted: self.accepted.get(),
            rejected: self.rejected.get(),
        }
    }
}

/// Bytes for a failure message: escaped, the head only.
pub fn shown(bytes: &[u8]) -> String {
    const HEAD: usize = 300;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(HEAD)]);
    let more = if bytes.len() > HEAD {
        format!("... ({} bytes)", bytes.len())
    } else {
        String::new()
    };
    format!("{:?}{more}", text)
}

fn fail(instance: &Instance, text: &[u8], why: String) -> TestCaseError {
    TestCaseError::fail(format!(
        "{why}\n  test: {}\n  bytes: {}",
        instance.name,
        shown(text)
    ))
}

fn finish<T: std::fmt::Debug>(what: &str, result: Result<(), TestError<T>>) {
    if let Err(err) = result {
        panic!("{what}: {err}");
    }
}

/// Fuzzes a problem's output checker: never a crash, never a silent rejection, never an
/// accepted wrong output, and (outside vertical tabs, which only some checkers count as white
/// space) never a rejected right one.
pub fn fuzz_checker(problem: &Problem) -> Tally {
    let source = super::pool::package(problem.name)
        .output_validator()
        .unwrap()
        .expect("validation: custom");
    fuzz_checker_source(problem, &source, cases())
}

/// [`fuzz_checker`] with another checker source (the harness's own tests plant broken ones).
pub fn fuzz_checker_source(problem: &Problem, source: &Path, cases: u32) -> Tally {
    let oracle = problem.oracle.expect("a problem with a custom checker");
    let pool = Pool::load(problem.name);
    let exe = programs::compiled(source);
    let scratch = tempfile::tempdir_in(pool.dir()).unwrap();
    let output_path = scratch.path().join("output");
    let counts = Counts::default();
    let result = runner(&format!("checker {}", problem.name), cases).run(
        &edits::output_recipe(),
        |recipe| {
            let instance = pool.get(recipe.instance);
            let output = recipe.build(&instance.answer, |seed| (problem.wander)(instance, seed));
            std::fs::write(&output_path, &output).unwrap();
            let ran = programs::run_checker(
                &exe,
                &instance.input_path,
                &instance.answer_path,
                &output_path,
                scratch.path(),
            );
            let said = ran.said().map_err(|why| fail(instance, &output, why))?;
            let truth = oracle(instance, &output);
            counts.count(said == Said::Yes);
            match (said, truth) {
                (Said::Yes, Truth::Wrong(why)) => Err(fail(
                    instance,
                    &output,
                    format!("accepted a wrong output ({why})"),
                )),
                (Said::No(reason), Truth::Right) if !output.contains(&0x0b) => Err(fail(
                    instance,
                    &output,
                    format!("rejected a right output: {reason}"),
                )),
                _ => Ok(()),
            }
        },
    );
    finish(&format!("{} checker", problem.name), result);
    counts.tally()
}

/// Fuzzes a problem's input validators: never a crash, a rejection names its line, the verdict
/// is the statement's format exactly, and the reference solver takes every accepted input.
pub fn fuzz_validators(problem: &Problem) -> Vec<(String, Tally)> {
    let sources = super::pool::package(problem.name)
        .input_validators()
        .unwrap();
    sources
        .iter()
        .map(|source| {
            let tally = fuzz_validator_source(problem, source, cases());
            (source.display().to_string(), tally)
        })
        .collect()
}

/// Fuzzes one validator program with a problem's inputs.
pub fn fuzz_validator_source(problem: &Problem, source: &Path, cases: u32) -> Tally {
    let pool = Pool::load(problem.name);
    let exe = programs::compiled(source);
    let scratch = tempfile::tempdir_in(pool.dir()).unwrap();
    let input_path = scratch.path().join("input");
    let counts = Counts::default();
    let what = format!("{} validator {}", problem.name, source.display());
    let result = runner(&what, cases).run(&edits::input_recipe(), |recipe| {
        let instance = pool.get(recipe.instance);
        let input = recipe.build(&instance.input, |_| instance.input.clone());
        std::fs::write(&input_path, &input).unwrap();
        let ran = programs::run_validator(&exe, &input_path, scratch.path());
        let said = ran.said().map_err(|why| fail(instance, &input, why))?;
        counts.count(said == Said::Yes);
        match (said, (problem.input_spec)(&input)) {
            (Said::Yes, Err(why)) => Err(fail(
                instance,
                &input,
                format!("accepted an input that breaks the format ({why})"),
            )),
            (Said::Yes, Ok(())) => match solve(problem.name, &input) {
                Ok(_) => Ok(()),
                Err(why) => Err(fail(
                    instance,
                    &input,
                    format!("accepted an input the reference solver rejects: {why}"),
                )),
            },
            (Said::No(reason), Ok(())) => Err(fail(
                instance,
                &input,
                format!("rejected a valid input: {reason}"),
            )),
            (Said::No(reason), Err(_)) if !names_a_line(&reason) => Err(fail(
                instance,
                &input,
                format!("the rejection names no line: {reason}"),
            )),
            (Said::No(_), Err(_)) => Ok(()),
        }
    });
    finish(&what, result);
    counts.tally()
}

/// `line 3` somewhere in the message.
fn names_a_line(reason: &str) -> bool {
    reason
        .match_indices("line ")
        .any(|(at, _)| reason[at + 5..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Flag sets the default diff is fuzzed with (besides each package's own).
pub const FLAG_SETS: &[&str] = &[
    "",
    "case_sensitive",
    "space_change_sensitive",
    "case_sensitive space_change_sensitive",
    "float_tolerance 1e-6",
    "float_absolute_tolerance 0.5",
    "float_relative_tolerance 1e-3 case_sensitive",
];

fn flags(words: &str) -> DiffFlags {
    DiffFlags::parse(
        &words
            .split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>(),
    )
    .expect("valid flags")
}

/// Fuzzes the judge's default token diff (in process) on a problem's answers.
pub fn fuzz_default_diff(problem: &Problem, cases: u32) -> Tally {
    let pool = Pool::load(problem.name);
    let own = pool.package.config.validator_flags.join(" ");
    let mut sets: Vec<String> = FLAG_SETS.iter().map(|s| s.to_string()).collect();
    sets.insert(0, own);
    let counts = Counts::default();
    let strategy = (edits::output_recipe(), 0..sets.len());
    let what = format!("default diff on {} answers", problem.name);
    let result = runner(&what, cases).run(&strategy, |(recipe, set)| {
        let instance = pool.get(recipe.instance);
        let output = recipe.build(&instance.answer, |seed| (problem.wander)(instance, seed));
        let flags = flags(&sets[set]);
        let verdict = diff::compare(&output, &instance.answer, &flags);
        let truth = diff_oracle(&instance.answer, &output, &flags);
        counts.count(verdict.is_ok());
        let why = |text: String| fail(instance, &output, format!("flags '{}': {text}", sets[set]));
        match (verdict, truth) {
            (Ok(()), Err(e)) => Err(why(format!("accepted a wrong output ({e})"))),
            (Err(m), Ok(())) if !output.contains(&0x0b) && !instance.answer.contains(&0x0b) => {
                Err(why(format!("rejected a right output: {}", m.reason)))
            }
            (Err(m), _) => {
                let lines = diff::render_lines(&m);
                if m.reason.trim().is_empty() || m.reason.contains('\n') {
                    return Err(why(format!("not a one-line reason: {:?}", m.reason)));
                }
                if lines.is_empty() && m.answer_line.is_some() {
                    return Err(why("no lines shown".to_string()));
                }
                Ok(())
            }
            (Ok(()), Ok(())) => Ok(()),
        }
    });
    finish(&what, result);
    counts.tally()
}

/// The token comparison as the flags document it, written independently of `diff.rs`: tokens
/// are runs of non-white-space bytes; case is ignored unless `case_sensitive`; white space
/// must match byte for byte under `space_change_sensitive`; with a float tolerance a number
/// within it (absolute or relative to the judges' number, whichever is looser) matches.
pub fn diff_oracle(answer: &[u8], output: &[u8], flags: &DiffFlags) -> Result<(), String> {
    let (want, got) = (Split::new(answer), Split::new(output));
    if flags.space_change_sensitive {
        let spaces = |s: &Split| -> Vec<Vec<u8>> {
            std::iter::once(s.head.clone())
                .chain(s.parts.iter().map(|p| p.1.clone()))
                .collect()
        };
        if spaces(&want) != spaces(&got) {
            return Err("the white space differs".to_string());
        }
    }
    let (want, got) = (tokens(answer), tokens(output));
    if want.len() != got.len() {
        return Err(format!("{} tokens, expected {}", got.len(), want.len()));
    }
    for (k, (a, o)) in want.iter().zip(&got).enumerate() {
        let same = if flags.case_sensitive {
            a == o
        } else {
            a.eq_ignore_ascii_case(o)
        };
        if !same && !within_tolerance(a, o, flags) {
            return Err(format!("token {} differs", k + 1));
        }
    }
    Ok(())
}

fn within_tolerance(answer: &[u8], output: &[u8], flags: &DiffFlags) -> bool {
    if flags.float_absolute_tolerance.is_none() && flags.float_relative_tolerance.is_none() {
        return false;
    }
    let number = |t: &[u8]| std::str::from_utf8(t).ok()?.parse::<f64>().ok();
    let (Some(a), Some(o)) = (number(answer), number(output)) else {
        return false;
    };
    if a.is_nan() || o.is_nan() {
        return a.is_nan() && o.is_nan();
    }
    let allowed = f64::max(
        flags.float_absolute_tolerance.unwrap_or(0.0),
        flags.float_relative_tolerance.unwrap_or(0.0) * a.abs(),
    );
    a == o || (a - o).abs() <= allowed
}

/// Runs a checker on an output file outside the proptest loop (regression cases).
pub fn check_once(problem: &str, instance_input: &[u8], output: &[u8]) -> Result<Said, String> {
    let pool_dir = tempfile::tempdir().unwrap();
    let dir = pool_dir.path();
    let answer = solve(problem, instance_input).expect("a valid input");
    let (input_path, answer_path, output_path) = (dir.join("in"), dir.join("ans"), dir.join("out"));
    std::fs::write(&input_path, instance_input).unwrap();
    std::fs::write(&answer_path, &answer).unwrap();
    std::fs::write(&output_path, output).unwrap();
    let source = super::pool::package(problem)
        .output_validator()
        .unwrap()
        .expect("a custom checker");
    let scratch = dir.join("scratch");
    std::fs::create_dir(&scratch).unwrap();
    programs::run_checker(
        &programs::compiled(&source),
        &input_path,
        &answer_path,
        &output_path,
        &scratch,
    )
    .said()
}

/// Runs a problem's first input validator once (regression cases).
pub fn validate_once(problem: &str, input: &[u8]) -> Result<Said, String> {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("in");
    std::fs::write(&input_path, input).unwrap();
    let source = super::pool::package(problem).input_validators().unwrap()[0].clone();
    programs::run_validator(&programs::compiled(&source), &input_path, dir.path()).said()
}

/// Outputs whose tokens straddle a checker's read-buffer boundary at every alignment: the
/// answer behind 0 to `shifts - 1` blanks, as it is, with the token across `boundary` moved by
/// one, and with that token zero-padded to several lengths. Each verdict is held against the
/// oracle (an open spelling may go either way, but never crash).
pub fn straddle(problem: &Problem, input: &[u8], boundary: usize, shifts: usize) -> Tally {
    let oracle = problem.oracle.expect("a custom checker");
    let answer = solve(problem.name, input).expect("a valid input");
    assert!(
        answer.len() > boundary + 64,
        "the answer must cross the boundary"
    );
    let instance = Instance {
        name: format!("{} across byte {boundary}", problem.name),
        input: input.to_vec(),
        answer: answer.clone(),
        input_path: Default::default(),
        answer_path: Default::default(),
    };
    let counts = Counts::default();
    for shift in 0..shifts {
        let mut right = vec![b' '; shift];
        right.extend_from_slice(&answer);
        // The token around the boundary.
        let start = right[..boundary]
            .iter()
            .rposition(|&b| edits::is_space(b))
            .map_or(0, |p| p + 1);
        let end = boundary
            + right[boundary..]
                .iter()
                .position(|&b| edits::is_space(b))
                .unwrap_or(right.len() - boundary);
        let token = right[start..end].to_vec();
        let splice = |with: &[u8]| [&right[..start], with, &right[end..]].concat();
        let mut outputs = vec![right.clone()];
        for delta in [-1, 1] {
            let edit = edits::Edit::Replace(0, edits::Replacement::Nudge(delta));
            outputs.push(splice(&edits::apply(&edit, token.clone())));
        }
        for width in [8, 9, 17, 20, 33] {
            if width > token.len() {
                let mut padded = vec![b'0'; width - token.len()];
                padded.extend_from_slice(&token);
                outputs.push(splice(&padded));
            }
        }
        for output in outputs {
            let said = check_once(problem.name, input, &output)
                .unwrap_or_else(|why| panic!("{}: {why}", instance.name));
            counts.count(said == Said::Yes);
            match (&said, oracle(&instance, &output)) {
                (Said::Yes, Truth::Wrong(why)) => {
                    panic!(
                        "{}, shift {shift}: accepted a wrong output ({why})",
                        instance.name
                    )
                }
                (Said::No(reason), Truth::Right) => {
                    panic!(
                        "{}, shift {shift}: rejected a right output: {reason}",
                        instance.name
                    )
                }
                _ => {}
            }
        }
    }
    counts.tally()
}
