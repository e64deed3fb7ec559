//! Stress testing with shrinking: draw random tests from the problem's generator (small sizes
//! first), run the submission and the reference on each, check with the problem's checker, and
//! stop at the first failure. Then shrink the failing input while it keeps failing the same way,
//! with problem-aware reductions ([`shrink`]) that the package's input validators must accept.
//!
//! Everything is a function of the seed: the same seed finds the same first failure.

pub mod shrink;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::checking::{CheckOutcome, InputValidators, OutputChecker};
use crate::judge::{self, JudgeOptions, Verdict};
use crate::lang::{self, Compiled};
use crate::package::{Package, Solution, TestCase};
use crate::runner::IsolationChoice;

use shrink::Shape;

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

/// Where reference answers come from.
enum Reference {
    Builtin(&'static crate::puzzles::Puzzle),
    Program(Compiled),
}

/// The fixed parts of a stress run.
struct Harness<'a> {
    package: &'a Package,
    validators: InputValidators,
    checker: OutputChecker,
    submission: Compiled,
    reference: Reference,
    options: &'a StressOptions,
    scratch: tempfile::TempDir,
    counter: std::cell::Cell<u64>,
}

/// One test's result: the test files and how the submission did.
struct Trial {
    input: Vec<u8>,
    answer: Vec<u8>,
    output: Vec<u8>,
    result: judge::TestResult,
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

/// Where random tests come from.
enum GeneratorSource {
    /// A built-in generator at growing sizes.
    Sized(&'static crate::generators::Generator),
    /// A fixed command line whose seed changes.
    Line { name: String, args: Vec<String> },
}

impl GeneratorSource {
    /// The generator and its arguments for test `i` with `seed`.
    fn args(&self, i: u64, seed: u64) -> (String, Vec<String>) {
        match self {
            // Ten tests per size, from size 1 up to 100.
            GeneratorSource::Sized(g) => (
                g.name.to_string(),
                (g.sized)((1 + i / 10).min(100) as u32, seed),
            ),
            GeneratorSource::Line { name, args } => {
                let mut args = args.clone();
                if let Some(a) = args.iter_mut().find(|a| a.contains("{seed}")) {
                    *a = a.replace("{seed}", &seed.to_string());
                } else if let Some(k) = args.iter().position(|a| a == "--seed") {
                    if k + 1 < args.len() {
                        args[k + 1] = seed.to_string();
                    } else {
                        args.push(seed.to_string());
                    }
                } else {
                    args.extend(["--seed".to_string(), seed.to_string()]);
                }
                (name.clone(), args)
            }
        }
    }
}

/// The generator to stress with, and the shape of the problem's input.
fn choose_generator(
    package: &Package,
    options: &StressOptions,
) -> anyhow::Result<(GeneratorSource, Shape)> {
    let plan = package.plan()?;
    let puzzle = match plan.as_ref().map(|p| &p.solution) {
        Some(Solution::Builtin(name)) => name.clone(),
        _ => package.short_name.clone(),
    };
    let shape = Shape::of(&puzzle);
    if let Some(line) = &options.generator {
        let (name, args) =
            crate::generators::split_command(line).context("--generator is empty")?;
        return Ok((GeneratorSource::Line { name, args }, shape));
    }
    // The built-in generator the plan uses most.
    let mut counts: Vec<(&'static crate::generators::Generator, usize)> = Vec::new();
    for test in plan.iter().flat_map(|p| &p.tests) {
        if let Some(g) = crate::generators::find(&test.generator) {
            match counts.iter_mut().find(|(known, _)| known.name == g.name) {
                Some((_, n)) => *n += 1,
                None => counts.push((g, 1)),
            }
        }
    }
    let best = counts.into_iter().max_by_key(|&(_, n)| n).map(|(g, _)| g);
    let generator = best
        .or_else(|| crate::generators::find(&puzzle))
        .with_context(|| {
            format!(
                "{} has no built-in generator in its plan: give --generator 'NAME ARGS'",
                package.short_name
            )
        })?;
    Ok((GeneratorSource::Sized(generator), shape))
}

impl<'a> Harness<'a> {
    fn new(
        package: &'a Package,
        submission: &Path,
        against: Option<&Path>,
        options: &'a StressOptions,
    ) -> anyhow::Result<Self> {
        let submission_build = match lang::compile(submission, options.judge.isolation)? {
            Ok(c) => c,
            Err(err) => bail!(
                "{} does not compile:\n{}",
                submission.display(),
                err.message.trim_end()
            ),
        };
        let reference = match against {
            Some(path) => match lang::compile(path, IsolationChoice::LimitsOnly)? {
                Ok(c) => Reference::Program(c),
                Err(err) => bail!(
                    "{} does not compile:\n{}",
                    path.display(),
                    err.message.trim_end()
                ),
            },
            None => {
                let name = match package.plan()?.map(|p| p.solution) {
                    Some(Solution::Builtin(name)) => name,
                    _ => package.short_name.clone(),
                };
                let puzzle = crate::puzzles::find(&name).with_context(|| {
                    format!(
                        "{} has no built-in reference solver: give --against PROGRAM",
                        package.short_name
                    )
                })?;
                Reference::Builtin(puzzle)
            }
        };
        Ok(Harness {
            package,
            validators: InputValidators::for_package(package)?,
            checker: OutputChecker::for_package(package)?,
            submission: submission_build,
            reference,
            options,
            scratch: tempfile::Builder::new()
                .prefix("leapfrog-stress-")
                .tempdir()?,
            counter: std::cell::Cell::new(0),
        })
    }

    /// A fresh scratch directory.
    fn fresh_dir(&self) -> anyhow::Result<PathBuf> {
        let n = self.counter.get();
        self.counter.set(n + 1);
        let dir = self.scratch.path().join(n.to_string());
        std::fs::create_dir_all(&dir)?;
        Ok(dir)
    }

    fn generate(&self, name: &str, args: &[String]) -> anyhow::Result<Vec<u8>> {
        let dir = self.fresh_dir()?;
        let path = dir.join("generated.in");
        crate::generate::run_generator(self.package, name, args, &path, &dir)?;
        let bytes = std::fs::read(&path)?;
        let _ = std::fs::remove_dir_all(&dir);
        Ok(bytes)
    }

    /// Why the input validators reject an input, if they do.
    fn invalid(&self, input: &[u8]) -> anyhow::Result<Option<String>> {
        if self.validators.is_empty() {
            return Ok(None);
        }
        let dir = self.fresh_dir()?;
        let path = dir.join("candidate.in");
        std::fs::write(&path, input)?;
        let verdict = self
            .validators
            .check(&path, &[], &dir, &self.package.config.limits);
        let _ = std::fs::remove_dir_all(&dir);
        verdict
    }

    /// The reference's answer to an input.
    fn answer(&self, input: &[u8], dir: &Path) -> anyhow::Result<Vec<u8>> {
        match &self.reference {
            Reference::Builtin(puzzle) => {
                let mut out = Vec::new();
                (puzzle.solve)(&mut &input[..], &mut out)
                    .with_context(|| format!("the reference solver '{}'", puzzle.name))?;
                Ok(out)
            }
            Reference::Program(compiled) => {
                let input_path = dir.join("reference.in");
                std::fs::write(&input_path, input)?;
                compiled
                    .run_tool(
                        &[],
                        Some(&input_path),
                        &dir.join("reference.out"),
                        dir,
                        &self.package.config.limits,
                    )
                    .context("the reference program")?;
                Ok(std::fs::read(dir.join("reference.out"))?)
            }
        }
    }

    /// Answers an input with the reference and judges the submission on it.
    fn trial(&self, input: Vec<u8>) -> anyhow::Result<Trial> {
        let dir = self.fresh_dir()?;
        let answer = self.answer(&input, &dir)?;
        let test = self.write_test(&dir, &input, &answer)?;
        let kept = dir.join("submission.out");
        let limits = judge::effective_limits(self.package, &self.options.judge);
        let result = judge::run_test(
            &test,
            0,
            &self.submission,
            &self.checker,
            &limits,
            &self.options.judge,
            &dir,
            Some(&kept),
        )
        .map_err(anyhow::Error::from)?;
        let output = std::fs::read(&kept).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        Ok(Trial {
            input,
            answer,
            output,
            result,
        })
    }

    fn write_test(&self, dir: &Path, input: &[u8], answer: &[u8]) -> anyhow::Result<TestCase> {
        let (input_path, answer_path) = (dir.join("test.in"), dir.join("test.ans"));
        std::fs::write(&input_path, input)?;
        std::fs::write(&answer_path, answer)?;
        Ok(TestCase {
            name: "stress".to_string(),
            input: input_path,
            answer: answer_path,
            output_validator_flags: self.package.config.validator_flags.clone(),
            input_validator_flags: Vec::new(),
        })
    }

    /// The checker must accept the reference's own answer: otherwise one of them is wrong and
    /// no verdict about the submission can be trusted.
    fn check_reference(&self, trial: &Trial) -> anyhow::Result<()> {
        let dir = self.fresh_dir()?;
        let test = self.write_test(&dir, &trial.input, &trial.answer)?;
        let outcome = self.checker.check(&test, &test.answer, &dir);
        let _ = std::fs::remove_dir_all(&dir);
        match outcome {
            CheckOutcome::Accepted => Ok(()),
            CheckOutcome::Rejected { reason, .. } => bail!(
                "the reference and the checker disagree: {} rejects the reference's own answer ({reason}) on this input:\n{}",
                self.checker.describe(),
                String::from_utf8_lossy(&trial.input)
            ),
            CheckOutcome::JudgeError(why) => {
                bail!("the checker failed on the reference's answer: {why}")
            }
        }
    }

    /// Shrinks a failing trial while it keeps failing with the same verdict.
    fn shrink(
        &self,
        mut best: Trial,
        shape: Shape,
        tests: u64,
        on_status: &mut dyn FnMut(&Status),
    ) -> anyhow::Result<(Trial, usize)> {
        let deadline = Instant::now() + self.options.shrink_time;
        let mut steps = 0;
        'smaller: loop {
            for candidate in shrink::candidates(shape, &best.input) {
                crate::interrupt::check()?;
                if Instant::now() > deadline {
                    break 'smaller;
                }
                if candidate.len() > best.input.len() || candidate == best.input {
                    continue;
                }
                if !matches!(self.invalid(&candidate), Ok(None)) {
                    continue;
                }
                let Ok(trial) = self.trial(candidate) else {
                    continue;
                };
                if trial.result.verdict == best.result.verdict {
                    best = trial;
                    steps += 1;
                    on_status(&Status {
                        phase: "shrinking",
                        tests,
                        size: first_line(&best.input),
                    });
                    continue 'smaller;
                }
            }
            break;
        }
        crate::runner::reap_orphans();
        Ok((best, steps))
    }
}

fn first_line(input: &[u8]) -> String {
    let line = input.split(|&b| b == b'\n').next().unwrap_or_default();
    let text = String::from_utf8_lossy(&line[..line.len().min(40)]).into_owned();
    text.trim().to_string()
}
