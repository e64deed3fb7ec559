//! Stress testing with shrinking: draw random tests from the problem's generator (small sizes
//! first), run the submission and the reference on each, check with the problem's checker, and
//! stop at the first failure. Then shrink the failing input while it keeps failing the same way,
//! with problem-aware reductions ([`shrink`]) that the package's input validators must accept.
//!
//! Everything is a function of the seed: the same seed finds the same first failure.

mod harness;
pub mod shrink;
mod source;

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::judge::JudgeOptions;
use crate::package::Package;
use crate::verdict::Verdict;

use harness::Harness;
use source::choose_generator;

/// How to stress.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// A generator command line to use instead of the plan's generator at growing sizes. Its
    /// `{seed}` (or the value after `--seed`, or an appended `--seed`) changes every test.
    pub generator: Option<String>,
    pub seed: u64,
    /// At most this many random tests.
    pub iterations: u64,
    /// At most this long searching.
    pub time: Duration,
    /// At most this long shrinking.
    pub shrink_time: Duration,
    pub judge: JudgeOptions,
}

/// What the user sees while stress testing.
#[derive(Debug, Clone)]
pub struct Status {
    pub phase: &'static str,
    pub tests: u64,
    /// The first line of the current input (its size, for the row and board games).
    pub size: String,
}

/// A failure, shrunk.
#[derive(Debug, Clone)]
pub struct Found {
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
    pub output: Vec<u8>,
    /// What passed between an interactive submission and the validator, tagged by who wrote it.
    pub transcript: Option<Vec<u8>>,
    pub verdict: Verdict,
    pub message: String,
    pub details: Vec<String>,
    /// Random tests tried before the first failure (that one included).
    pub tests: u64,
    pub seconds: f64,
    /// The generator command line of the first failing test.
    pub generator_line: String,
    pub original_bytes: usize,
    pub shrink_steps: usize,
}

pub enum Outcome {
    Found(Box<Found>),
    Survived { tests: u64, seconds: f64 },
}

pub fn stress(
    package: &Package,
    submission: &Path,
    against: Option<&Path>,
    options: &StressOptions,
    on_status: &mut dyn FnMut(&Status),
) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let harness = Harness::new(package, submission, against, options)?;
    let (generator, shape) = choose_generator(package, options)?;
    let mut tried = 0;
    for i in 0..options.iterations {
        crate::interrupt::check()?;
        if started.elapsed() > options.time {
            break;
        }
        let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(i);
        let (name, args) = generator.args(i, seed);
        let line = std::iter::once(name.as_str())
            .chain(args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        let input = harness
            .generate(&name, &args)
            .with_context(|| format!("generator: {line}"))?;
        on_status(&Status {
            phase: "searching",
            tests: i + 1,
            size: first_line(&input),
        });
        if let Some(reason) = harness.invalid(&input)? {
            bail!("the generator made an invalid input ({line}): {reason}");
        }
        tried = i + 1;
        let trial = harness
            .trial(input)
            .with_context(|| format!("test from {line}"))?;
        // The reference must satisfy the checker: on the first test, and on any failure.
        if i == 0 || trial.result.verdict != Verdict::Ac {
            harness.check_reference(&trial)?;
        }
        if trial.result.verdict == Verdict::Ac {
            continue;
        }
        let original_bytes = trial.input.len();
        let seconds = started.elapsed().as_secs_f64();
        let (best, steps) = harness.shrink(trial, shape, i + 1, on_status)?;
        return Ok(Outcome::Found(Box::new(Found {
            verdict: best.result.verdict,
            message: best.result.message.clone(),
            details: best.result.details.clone(),
            input: best.input,
            answer: best.answer,
            output: best.output,
            transcript: best.transcript,
            tests: i + 1,
            seconds,
            generator_line: line,
            original_bytes,
            shrink_steps: steps,
        })));
    }
    crate::runner::reap_orphans();
    Ok(Outcome::Survived {
        tests: tried,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn first_line(input: &[u8]) -> String {
    let line = input.split(|&b| b == b'\n').next().unwrap_or_default();
    let text = String::from_utf8_lossy(&line[..line.len().min(40)]).into_owned();
    text.trim().to_string()
}
