//! Stress testing with shrinking: draw random tests from the problem's generator (small sizes
//! first), run the submission and the reference on each, check with the problem's checker, and
//! stop at the first failure. Then shrink it while it keeps failing the same way: its generator
//! command line first ([`genline`]: sizes bisected down, other seeds), then the input itself
//! (the puzzle's reductions, delta debugging on lines and tokens, smaller numbers), keeping only
//! candidates the package's input validators accept.
//!
//! Memory is bounded by one input: inputs, answers and outputs stay in files of a scratch
//! directory (at most a few at a time), which nothing outlives.
//!
//! Everything is a function of the seed: the same seed finds the same first failure.

pub mod add;
mod ddmin;
pub mod excerpt;
pub mod genline;
mod harness;
mod layout;
mod reduce;
mod scratch;
mod source;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use leapfrog_judge::{JudgeOptions, JudgeSink};
use leapfrog_package::Package;
use leapfrog_package::verdict::Verdict;
use leapfrog_registry::{Registry, ShrinkFn};
use leapfrog_runner::Runner;

use genline::{Line, LineShrinker, Moved};
use harness::{Harness, Trial};
use reduce::Reducer;
use source::choose_generator;

/// How to stress.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// A generator command line to use instead of the plan's generator at growing sizes. Its
    /// `{seed}` (or the value after `--seed`, or an appended `--seed`) changes every test.
    pub generator: Option<String>,
    /// A failing input to shrink instead of searching for one.
    pub input: Option<PathBuf>,
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

/// What a stress run reports to its command: every test it judges, as the judge reports it
/// ([`JudgeSink`]), and where the search is ([`StressSink::status`]). The command's display
/// is one; nothing calls back up into the command through a closure.
pub trait StressSink: JudgeSink {
    /// The search moved on: a new random test drawn, or a smaller failing one found.
    fn status(&mut self, _status: &Status) {}
}

/// Shows nothing (a hunt of `mutants`, which shows its own progress).
impl StressSink for leapfrog_judge::EveryTest {}

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
    /// The generator command line of the first failing test (the input's path with `--input`).
    pub generator_line: String,
    /// The shrunk command line, when its output is the failing input as shown.
    pub shrunk_line: Option<String>,
    /// The command line's arguments that shrinking moved.
    pub moved: Vec<Moved>,
    pub original_bytes: usize,
    pub shrink_steps: usize,
}

pub enum Outcome {
    Found(Box<Found>),
    Survived { tests: u64, seconds: f64 },
}

pub fn stress(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
    submission: &Path,
    against: Option<&Path>,
    options: &StressOptions,
    sink: &mut dyn StressSink,
) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let programs = (submission, against);
    let harness = Harness::new(registry, runner, package, programs, options, sink)?;
    let shape = registry
        .find(&source::puzzle_name(registry, package)?)
        .map(|p| p.shrink);
    if let Some(path) = &options.input {
        let case = harness.case_from_file(path)?;
        if let Some(reason) = harness.invalid(&case)? {
            bail!(
                "{}: the input validators reject it: {reason}",
                path.display()
            );
        }
        let trial = harness.trial(case)?;
        harness.check_reference(&trial)?;
        if trial.result.verdict == Verdict::Ac {
            return Ok(Outcome::Survived {
                tests: 1,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        let origin = Origin::File(path.display().to_string());
        let found = shrink(&harness, trial, origin, shape, 1, started)?;
        return Ok(Outcome::Found(Box::new(found)));
    }
    let generator = choose_generator(registry, package, options)?;
    let mut tried = 0;
    for i in 0..options.iterations {
        crate::interrupt::check()?;
        if started.elapsed() > options.time {
            break;
        }
        let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(i);
        let line = generator.line(i, seed);
        let shown = line.render();
        let case = match harness.generate(&line.name, &line.args()) {
            Ok(case) => case,
            Err(_) if generator.is_structured(i) => continue,
            Err(err) => return Err(err.context(format!("generator: {shown}"))),
        };
        harness.status("searching", i + 1, &case);
        if let Some(reason) = harness.invalid(&case)? {
            bail!("the generator made an invalid input ({shown}): {reason}");
        }
        tried = i + 1;
        let trial = harness
            .trial(case)
            .with_context(|| format!("test from {shown}"))?;
        // The reference must satisfy the checker: on the first test, and on any failure.
        if i == 0 || trial.result.verdict != Verdict::Ac {
            harness.check_reference(&trial)?;
        }
        if trial.result.verdict == Verdict::Ac {
            continue;
        }
        let found = shrink(&harness, trial, Origin::Line(line), shape, i + 1, started)?;
        return Ok(Outcome::Found(Box::new(found)));
    }
    runner.sweep_orphans();
    Ok(Outcome::Survived {
        tests: tried,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Where a failing input came from.
enum Origin {
    Line(Line),
    File(String),
}

/// Shrinks a failure (its generator command line first, then the input itself) and reads the
/// smallest failing test's files.
fn shrink(
    harness: &Harness,
    trial: Trial,
    origin: Origin,
    shape: Option<ShrinkFn>,
    tests: u64,
    started: Instant,
) -> anyhow::Result<Found> {
    let seconds = started.elapsed().as_secs_f64();
    let now = Instant::now();
    let deadline = now + harness.shrink_time();
    let seeds_until = now + harness.shrink_time() * 2 / 3;
    let verdict = trial.result.verdict;
    let original_bytes = trial.case.input_len();
    let (mut best, mut line, mut moved, mut line_steps) = (trial, None, Vec::new(), 0);
    let generator_line = match origin {
        Origin::Line(original) => {
            let shown = original.render();
            let mut shrinker = LineShrinker {
                harness,
                verdict,
                deadline,
                seeds_until,
                steps: 0,
                tests,
            };
            let (shrunk, trial, arguments) = shrinker.shrink(original, best)?;
            (best, line, moved, line_steps) = (trial, Some(shrunk), arguments, shrinker.steps);
            shown
        }
        Origin::File(path) => path,
    };
    let mut reducer = Reducer {
        harness,
        verdict,
        deadline,
        steps: 0,
        tests,
    };
    best = reducer.reduce(best, shape)?;
    let input_steps = reducer.steps;
    harness.runner().sweep_orphans();
    let case = &best.case;
    let read = |path: std::path::PathBuf| std::fs::read(path).unwrap_or_default();
    Ok(Found {
        verdict: best.result.verdict,
        message: best.result.cause.to_string(),
        details: best.result.details.clone(),
        input: read(case.input()),
        answer: read(case.answer()),
        output: read(case.output()),
        transcript: harness.interactive().then(|| read(case.transcript())),
        tests,
        seconds,
        generator_line,
        // The shrunk command line makes the failing input only if the input was left as it is.
        shrunk_line: line.filter(|_| input_steps == 0).map(|l| l.render()),
        moved,
        original_bytes,
        shrink_steps: line_steps + input_steps,
    })
}

/// The start of an input's first line (its size, for the row and board games).
fn first_line(path: &Path) -> String {
    let head = excerpt::head(path);
    let line = head.lines().next().unwrap_or_default();
    line.chars().take(40).collect::<String>().trim().to_string()
}
