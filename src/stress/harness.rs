//! The fixed parts of a stress run (the compiled submission, the reference, the checker and the
//! validators) and what it does with one input: answer it, judge the submission on it, shrink it.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};

use super::shrink::{self, Shape};
use super::{Status, StressOptions, first_line};
use crate::checking::{CheckOutcome, InputValidators, OutputChecker};
use crate::generate::Reference;
use crate::judge::{self, TestResult, TestRunner};
use crate::lang::{self, Compiled};
use crate::package::{Limits, Package, TestCase};
use crate::program::Program;
use crate::verdict::Verdict;

/// The fixed parts of a stress run.
pub(super) struct Harness<'a> {
    package: &'a Package,
    validators: InputValidators,
    checker: OutputChecker,
    submission: Compiled,
    /// The limits in force: the package's, with the command line's overrides.
    limits: Limits,
    reference: Reference,
    options: &'a StressOptions,
    scratch: tempfile::TempDir,
    counter: std::cell::Cell<u64>,
}

/// One test's result: the test files and how the submission did.
pub(super) struct Trial {
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
    pub output: Vec<u8>,
    /// An interactive problem's failing run: both directions, who wrote what (the submission's
    /// output alone says little without the questions it answered).
    pub transcript: Option<Vec<u8>>,
    pub result: TestResult,
}

impl<'a> Harness<'a> {
    pub(super) fn new(
        package: &'a Package,
        submission: &Path,
        against: Option<&Path>,
        options: &'a StressOptions,
    ) -> anyhow::Result<Self> {
        let language = package.languages.detect(submission)?;
        let included = package.included()?;
        let submission_build = lang::compile_with_included(
            submission,
            language.clone(),
            options.judge.isolation,
            included.for_language(&language),
            Some(package.config.limits.compiler()),
        )?
        .map_err(|err| err.named(&submission.display().to_string()))?;
        let reference = match against {
            Some(path) => Reference::Program(Program::build(path, "")?, "the reference program"),
            None => default_reference(package)?,
        };
        Ok(Harness {
            package,
            validators: InputValidators::for_package(package)?,
            checker: OutputChecker::for_package(package)?,
            submission: submission_build,
            limits: judge::effective_limits(package, &options.judge),
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

    pub(super) fn generate(&self, name: &str, args: &[String]) -> anyhow::Result<Vec<u8>> {
        let dir = self.fresh_dir()?;
        let path = dir.join("generated.in");
        crate::generate::run_generator(self.package, name, args, &path, &dir)?;
        let bytes = std::fs::read(&path)?;
        let _ = std::fs::remove_dir_all(&dir);
        Ok(bytes)
    }

    /// Why the input validators reject an input, if they do.
    pub(super) fn invalid(&self, input: &[u8]) -> anyhow::Result<Option<String>> {
        if self.validators.is_empty() {
            return Ok(None);
        }
        let dir = self.fresh_dir()?;
        let path = dir.join("candidate.in");
        std::fs::write(&path, input)?;
        let verdict = self.validators.check(
            &path,
            &Default::default(),
            &dir,
            &self.package.config.limits,
        );
        let _ = std::fs::remove_dir_all(&dir);
        verdict
    }

    /// The reference's answer to an input. An interactive problem's reference answers nothing
    /// (it plays against the validator, see [`Harness::check_reference`]): the answer is empty.
    fn answer(&self, input: &[u8], dir: &Path) -> anyhow::Result<Vec<u8>> {
        if self.package.config.kind.interactive {
            return Ok(Vec::new());
        }
        let (input_path, answer_path) = (dir.join("reference.in"), dir.join("reference.out"));
        std::fs::write(&input_path, input)?;
        self.reference
            .answer(&input_path, &answer_path, dir, self.package)?;
        Ok(std::fs::read(answer_path)?)
    }

    /// Answers an input with the reference and judges the submission on it. A wall-clock
    /// time-out with CPU time to spare can be the machine's load rather than the program (one
    /// that sleeps or waits is stopped the same way every time), so such a trial runs again, up
    /// to twice, before it counts: a busy machine must not make a survivor look killed.
    pub(super) fn trial(&self, input: Vec<u8>) -> anyhow::Result<Trial> {
        let mut trial = self.trial_once(input)?;
        for _ in 0..2 {
            let result = &trial.result;
            let idle_timeout =
                result.verdict == Verdict::Tle && result.time_s < self.limits.time_s.get();
            if !idle_timeout {
                break;
            }
            trial = self.trial_once(trial.input)?;
        }
        Ok(trial)
    }

    fn trial_once(&self, input: Vec<u8>) -> anyhow::Result<Trial> {
        let dir = self.fresh_dir()?;
        let answer = self.answer(&input, &dir)?;
        let test = self.write_test(&dir, &input, &answer)?;
        let kept = dir.join("submission.out");
        let transcripts = dir.join("transcripts");
        let interactive = self.package.config.kind.interactive;
        let runner = TestRunner {
            program: &self.submission,
            checker: &self.checker,
            limits: &self.limits,
            isolation: self.options.judge.isolation,
            processes: self.options.judge.processes,
            transcripts: interactive.then_some(transcripts.as_path()),
        };
        let result = runner
            .run(&test, 0, &dir, Some(&kept))
            .map_err(anyhow::Error::from)?;
        let output = std::fs::read(&kept).unwrap_or_default();
        // The judge names a test's transcript after the test (`stress`); one per pass.
        let transcript =
            interactive.then(|| std::fs::read(transcripts.join("stress.txt")).unwrap_or_default());
        let _ = std::fs::remove_dir_all(&dir);
        Ok(Trial {
            input,
            answer,
            output,
            transcript,
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
            input_validator_flags: Default::default(),
            args: Vec::new(),
            files: None,
        })
    }

    /// The checker must accept the reference's own answer: otherwise one of them is wrong and
    /// no verdict about the submission can be trusted.
    pub(super) fn check_reference(&self, trial: &Trial) -> anyhow::Result<()> {
        let dir = self.fresh_dir()?;
        let test = self.write_test(&dir, &trial.input, &trial.answer)?;
        if self.package.config.kind.interactive {
            let played = match &self.reference {
                Reference::Program(program, _) => {
                    judge::play_reference(program, &self.checker, &test, &self.limits, &dir)
                }
                Reference::Builtin(puzzle) => Err(anyhow::anyhow!(
                    "the built-in solver '{}' cannot play an interactive problem: give --against PROGRAM",
                    puzzle.name
                )),
            };
            let _ = std::fs::remove_dir_all(&dir);
            let input = String::from_utf8_lossy(&trial.input).trim().to_string();
            return played.with_context(|| format!("the reference, on the input {input:?}"));
        }
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
    pub(super) fn shrink(
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

/// The reference when none is given: the plan's solution (a built-in solver by name, else a
/// program of the package), else the built-in solver named like the package.
fn default_reference(package: &Package) -> anyhow::Result<Reference> {
    match package.default_reference()? {
        Some(solution) => Reference::for_solution(package, &solution),
        None => crate::puzzles::find(&package.short_name)
            .map(Reference::Builtin)
            .with_context(|| {
                format!(
                    "{} has no generator plan naming its solution and no built-in reference solver: give --against PROGRAM",
                    package.short_name
                )
            }),
    }
}
