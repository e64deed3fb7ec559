//! The fixed parts of a stress run (the submission prepared by the [`Judge`], the reference and
//! the validators) and what it does with one input: validate it, answer it, judge the
//! submission on it. A generated test is one of `secret` ([`Package::test_in_group`]) and is
//! judged by the [`Judge`] as `judge` judges the package's own: the group's validator
//! arguments, the limits, the run again alone. Inputs, answers and outputs live in files of the
//! scratch directory, never in memory.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};

use super::scratch::Scratch;
use super::{Status, StressOptions, StressSink};
use crate::generate::Reference;
use leapfrog_judge::checking::{CheckOutcome, InputValidators};
use leapfrog_judge::program::Program;
use leapfrog_judge::{self as judge, Judge, JudgeError, OwnTest, Prepared, TestResult};
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Package, TestCase};
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;

/// The fixed parts of a stress run.
pub(super) struct Harness<'a> {
    registry: &'a Registry,
    /// The command's runner: it runs the submission, the reference and the validators.
    runner: &'a Arc<Runner>,
    package: &'a Package,
    validators: InputValidators,
    /// Judges the submission on every test, with the package's checker and limits.
    judge: Judge,
    submission: Prepared,
    reference: Reference,
    options: &'a StressOptions,
    scratch: Scratch,
    counter: std::cell::Cell<u64>,
    /// A test of `secret`, as each case is judged: that group's settings (validator arguments,
    /// the submission's arguments), resolved once; a case is this test with its own files.
    secret: TestCase,
    /// The command's sink: each test judged goes there from the judge, and each status.
    sink: RefCell<&'a mut dyn StressSink>,
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
        (submission, against): (&Path, Option<&Path>),
        options: &'a StressOptions,
        sink: &'a mut dyn StressSink,
    ) -> anyhow::Result<Self> {
        let language = package.languages.detect(submission)?;
        let judge = Judge::prepare_for_own_tests(runner, package, &options.judge)?;
        let mut prepared = judge.submission(submission, language)?;
        if let Some(err) = prepared.compile_error() {
            return Err(err.clone().named(&submission.display().to_string()).into());
        }
        // A wall-clock stop with CPU time to spare may be the machine's load: the test runs
        // again alone, as verify runs it, before it counts.
        prepared.rerun_wall_clock = true;
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
            judge,
            submission: prepared,
            reference,
            options,
            scratch: Scratch::new()?,
            counter: std::cell::Cell::new(0),
            secret: package.test_in_group(
                "secret",
                "stress".into(),
                PathBuf::new(),
                PathBuf::new(),
            )?,
            sink: RefCell::new(sink),
        })
    }

    /// Tells the command's sink where the search is: its phase, the random tests tried, and
    /// the size of the case at hand.
    pub(super) fn status(&self, phase: &'static str, tests: u64, case: &Case) {
        let size = super::first_line(&case.input());
        self.sink
            .borrow_mut()
            .status(&Status { phase, tests, size });
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

    /// Answers a case with the reference and judges the submission on it.
    pub(super) fn trial(&self, case: Case) -> Result<Trial, JudgeError> {
        self.answer(&case)?;
        let result = self.judge(&case)?;
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
            Err(err) if err.is_interrupted() => Err(err.into()),
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

    fn judge(&self, case: &Case) -> Result<TestResult, JudgeError> {
        let test = self.test_case(case);
        let work = case.dir.join("run");
        let _ = std::fs::remove_dir_all(&work);
        std::fs::create_dir_all(&work).map_err(anyhow::Error::from)?;
        let transcripts = case.dir.join("transcripts");
        let keep = OwnTest {
            output: Some(&case.output()),
            transcripts: self.interactive().then_some(transcripts.as_path()),
        };
        let mut sink = self.sink.borrow_mut();
        let result =
            (self.judge).judge_own_test(&self.submission, &test, (&work, keep), &mut **sink)?;
        let _ = std::fs::remove_dir_all(&work);
        Ok(result)
    }

    /// A case as a test of `secret`: the settings of that group (validator arguments, the
    /// submission's arguments) are the ones a test added there would get.
    fn test_case(&self, case: &Case) -> TestCase {
        TestCase {
            input: case.input(),
            answer: case.answer(),
            ..self.secret.clone()
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
                Reference::Program(program, _) => judge::play_reference(
                    program,
                    self.judge.checker(),
                    test,
                    &self.judge.limits,
                    work,
                ),
                Reference::Builtin(puzzle) => Err(anyhow::anyhow!(
                    "the built-in solver '{}' cannot play an interactive problem: give --against PROGRAM",
                    puzzle.name
                )),
            };
            return played
                .with_context(|| format!("the reference, on the input {:?}", shown().trim()));
        }
        match self.judge.checker().check(test, &test.answer, work) {
            CheckOutcome::Accepted => Ok(()),
            CheckOutcome::Rejected { reason, .. } => bail!(
                "the reference and the checker disagree: {} rejects the reference's own answer ({reason}) on this input:\n{}",
                self.judge.checker().describe(),
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
