//! The fixed parts of a stress run (the compiled submission, the reference, the checker and the
//! validators) and what it does with one input: validate it, answer it, judge the submission on
//! it. Inputs, answers and outputs live in files of the scratch directory, never in memory.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};

use super::StressOptions;
use super::scratch::Scratch;
use crate::generate::Reference;
use leapfrog_judge::checking::{CheckOutcome, InputValidators, OutputChecker};
use leapfrog_judge::program::Program;
use leapfrog_judge::{self as judge, TestResult, TestRunner};
use leapfrog_package::lang::{self, Compiled};
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Limits, Package, TestCase};
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;

/// The fixed parts of a stress run.
pub(super) struct Harness<'a> {
    registry: &'a Registry,
    /// The command's runner: it runs the submission, the reference and the validators.
    runner: &'a Arc<Runner>,
    package: &'a Package,
    validators: InputValidators,
    checker: OutputChecker,
    submission: Compiled,
    /// The limits in force: the package's, with the command line's overrides.
    limits: Limits,
    reference: Reference,
    options: &'a StressOptions,
    scratch: Scratch,
    counter: std::cell::Cell<u64>,
}

/// One test's files, in a directory of the scratch space removed when the case is dropped: at
/// most a few exist at a time (the best failure so far, the candidate being tried), so memory
/// and disk stay bounded by a few inputs whatever the number of trials.
pub(super) struct Case {
    dir: PathBuf,
}

impl Case {
    pub(super) fn input(&self) -> PathBuf {
        self.dir.join("test.in")
    }
    pub(super) fn answer(&self) -> PathBuf {
        self.dir.join("test.ans")
    }
    pub(super) fn output(&self) -> PathBuf {
        self.dir.join("submission.out")
    }
    pub(super) fn transcript(&self) -> PathBuf {
        // The judge names a test's transcript after the test (`stress`).
        self.dir.join("transcripts").join("stress.txt")
    }
    pub(super) fn input_len(&self) -> usize {
        std::fs::metadata(self.input()).map_or(0, |m| m.len() as usize)
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One test's result: its files and how the submission did.
pub(super) struct Trial {
    pub case: Case,
    pub result: TestResult,
}

impl<'a> Harness<'a> {
    pub(super) fn new(
        registry: &'a Registry,
        runner: &'a Arc<Runner>,
        package: &'a Package,
        submission: &Path,
        against: Option<&Path>,
        options: &'a StressOptions,
    ) -> anyhow::Result<Self> {
        let language = package.languages.detect(submission)?;
        let included = package.included()?;
        let submission_build = lang::compile_with_included(
            runner,
            submission,
            language.clone(),
            options.judge.isolation,
            included.for_language(&language),
            Some(package.config.limits.compiler()),
        )
        .map_err(leapfrog_judge::program::build_error)?
        .map_err(|err| err.named(&submission.display().to_string()))?;
        let reference = match against {
            Some(path) => {
                Reference::Program(Program::build(runner, path, "")?, "the reference program")
            }
            None => default_reference(registry, runner, package)?,
        };
        Ok(Harness {
            registry,
            runner,
            package,
            validators: InputValidators::for_package(runner, package)?,
            checker: OutputChecker::for_package(runner, package)?,
            submission: submission_build,
            limits: judge::effective_limits(package, &options.judge),
            reference,
            options,
            scratch: Scratch::new()?,
            counter: std::cell::Cell::new(0),
        })
    }

    /// The command's runner.
    pub(super) fn runner(&self) -> &Runner {
        self.runner
    }

    pub(super) fn shrink_time(&self) -> std::time::Duration {
        self.options.shrink_time
    }

    pub(super) fn interactive(&self) -> bool {
        self.package.config.kind.interactive
    }

    /// Whether input validators describe the input (else only line-level shrinking is safe).
    pub(super) fn has_validators(&self) -> bool {
        !self.validators.is_empty()
    }

    /// A fresh, empty case whose input the caller writes to [`Case::input`].
    pub(super) fn new_case(&self) -> anyhow::Result<Case> {
        let n = self.counter.get();
        self.counter.set(n + 1);
        let dir = self.scratch.path().join(n.to_string());
        std::fs::create_dir_all(&dir)?;
        Ok(Case { dir })
    }

    /// A case holding a copy of a file.
    pub(super) fn case_from_file(&self, path: &Path) -> anyhow::Result<Case> {
        let case = self.new_case()?;
        std::fs::copy(path, case.input()).with_context(|| format!("reading {}", path.display()))?;
        Ok(case)
    }

    /// A case with the generator's output as its input.
    pub(super) fn generate(&self, name: &str, args: &[String]) -> anyhow::Result<Case> {
        let case = self.new_case()?;
        let work = case.dir.join("generator");
        std::fs::create_dir_all(&work)?;
        crate::generate::run_generator(
            self.registry,
            self.runner,
            self.package,
            name,
            args,
            &case.input(),
            &work,
        )?;
        let _ = std::fs::remove_dir_all(&work);
        Ok(case)
    }

    /// Why the input validators reject a case's input, if they do.
    pub(super) fn invalid(&self, case: &Case) -> anyhow::Result<Option<String>> {
        if self.validators.is_empty() {
            return Ok(None);
        }
        let work = case.dir.join("validator");
        std::fs::create_dir_all(&work)?;
        let verdict = self.validators.check(
            &case.input(),
            &Default::default(),
            &work,
            &self.package.config.limits,
        );
        let _ = std::fs::remove_dir_all(&work);
        verdict
    }

    /// Answers a case with the reference and judges the submission on it. A wall-clock
    /// time-out with CPU time to spare can be the machine's load rather than the program (one
    /// that sleeps or waits is stopped the same way every time), so such a trial runs again, up
    /// to twice, before it counts: a busy machine must not make a survivor look killed.
    pub(super) fn trial(&self, case: Case) -> anyhow::Result<Trial> {
        self.answer(&case)?;
        let mut result = self.judge(&case)?;
        for _ in 0..2 {
            let idle_timeout =
                result.verdict == Verdict::Tle && result.time_s < self.limits.time_s.get();
            if !idle_timeout {
                break;
            }
            result = self.judge(&case)?;
        }
        Ok(Trial { case, result })
    }

    /// A candidate that the validators accept and on which the submission still fails with
    /// `verdict`, as a trial; `None` for any other candidate (an error on a candidate is only
    /// a candidate that does not reproduce, but an interruption stops everything).
    pub(super) fn reproduces(&self, case: Case, verdict: Verdict) -> anyhow::Result<Option<Trial>> {
        crate::interrupt::check()?;
        if !matches!(self.invalid(&case), Ok(None)) {
            return Ok(None);
        }
        match self.trial(case) {
            Ok(trial) if trial.result.verdict == verdict => Ok(Some(trial)),
            Ok(_) => Ok(None),
            Err(err) if err.is::<leapfrog_runner::Interrupted>() => Err(err),
            Err(_) => Ok(None),
        }
    }

    /// The reference's answer to a case, in [`Case::answer`]. An interactive problem's
    /// reference answers nothing (it plays against the validator, see
    /// [`Harness::check_reference`]): the answer is empty.
    fn answer(&self, case: &Case) -> anyhow::Result<()> {
        if self.package.config.kind.interactive {
            std::fs::write(case.answer(), b"")?;
            return Ok(());
        }
        let work = case.dir.join("reference");
        std::fs::create_dir_all(&work)?;
        self.reference
            .answer(&case.input(), &case.answer(), &work, self.package)?;
        let _ = std::fs::remove_dir_all(&work);
        Ok(())
    }

    fn judge(&self, case: &Case) -> anyhow::Result<TestResult> {
        let test = self.test_case(case);
        let work = case.dir.join("run");
        let _ = std::fs::remove_dir_all(&work);
        std::fs::create_dir_all(&work)?;
        let transcripts = case.dir.join("transcripts");
        let interactive = self.package.config.kind.interactive;
        let runner = TestRunner {
            runner: self.runner,
            program: &self.submission,
            checker: &self.checker,
            limits: &self.limits,
            isolation: self.options.judge.isolation,
            processes: self.options.judge.processes,
            transcripts: interactive.then_some(transcripts.as_path()),
        };
        let result = runner
            .run(&test, 0, &work, Some(&case.output()))
            .map_err(anyhow::Error::from)?;
        let _ = std::fs::remove_dir_all(&work);
        Ok(result)
    }

    fn test_case(&self, case: &Case) -> TestCase {
        TestCase {
            name: "stress".to_string(),
            input: case.input(),
            answer: case.answer(),
            output_validator_flags: self.package.config.validator_flags.clone(),
            input_validator_flags: Default::default(),
            answer_validator_flags: None,
            args: Vec::new(),
            files: None,
            group: String::new(),
        }
    }

    /// The checker must accept the reference's own answer: otherwise one of them is wrong and
    /// no verdict about the submission can be trusted.
    pub(super) fn check_reference(&self, trial: &Trial) -> anyhow::Result<()> {
        let test = self.test_case(&trial.case);
        let work = trial.case.dir.join("check-reference");
        std::fs::create_dir_all(&work)?;
        let outcome = self.check_reference_in(&test, &work);
        let _ = std::fs::remove_dir_all(&work);
        outcome
    }

    fn check_reference_in(&self, test: &TestCase, work: &Path) -> anyhow::Result<()> {
        let shown = || crate::stress::excerpt::head(&test.input);
        if self.package.config.kind.interactive {
            let played = match &self.reference {
                Reference::Program(program, _) => {
                    judge::play_reference(program, &self.checker, test, &self.limits, work)
                }
                Reference::Builtin(puzzle) => Err(anyhow::anyhow!(
                    "the built-in solver '{}' cannot play an interactive problem: give --against PROGRAM",
                    puzzle.name
                )),
            };
            return played
                .with_context(|| format!("the reference, on the input {:?}", shown().trim()));
        }
        match self.checker.check(test, &test.answer, work) {
            CheckOutcome::Accepted => Ok(()),
            CheckOutcome::Rejected { reason, .. } => bail!(
                "the reference and the checker disagree: {} rejects the reference's own answer ({reason}) on this input:\n{}",
                self.checker.describe(),
                shown()
            ),
            CheckOutcome::JudgeError(why) => {
                bail!("the checker failed on the reference's answer: {why}")
            }
        }
    }
}

/// The reference when none is given: the plan's solution (a built-in solver by name, else a
/// program of the package), else the built-in solver named like the package.
fn default_reference(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
) -> anyhow::Result<Reference> {
    match package.default_reference()? {
        Some(solution) => Reference::for_solution(registry, runner, package, &solution),
        None => registry
            .find(&package.short_name)
            .map(Reference::Builtin)
            .with_context(|| {
                format!(
                    "{} has no generator plan naming its solution and no built-in reference solver: give --against PROGRAM",
                    package.short_name
                )
            }),
    }
}
