//! The judges' own programs ([`program`]: generators, validators, checkers, reference
//! solutions), deciding whether an output is right ([`checking`]), and judging a submission on
//! every test of a package. It knows packages (`leapfrog-package`), not puzzles.
//!
//! Judging goes in two steps. [`Judge::prepare`] reads what judging needs from the
//! package once per command (the limits in force, the tests, the output checker), after the
//! command has made sure the test data exists; [`Judge::submission`] compiles one submission
//! (its language detected once, by the caller); [`Judge::run`] runs every test (in parallel,
//! each pinned to its own CPU) through the [`TestRunner`] and combines the test verdicts. What
//! happens on the way goes out to the command as events to a [`JudgeSink`]; how judging fails
//! comes back as a [`JudgeError`], whose kind decides the exit code.

pub mod checking;
pub mod program;
pub mod spent;
pub mod verdict;

mod as_run_user;
mod cause;
mod classify;
mod each;
mod error;
mod fault;
mod filter;
mod jury_room;
mod options;
mod passes;
mod score;
mod sink;
mod slots;
mod test_run;

pub use filter::{FilterError, TestFilter, selected_tests};
pub use options::{DEFAULT_PROCESSES, JudgeOptions, effective_limits};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use serde::Serialize;

pub use cause::Cause;
pub use each::OwnTest;
pub use error::JudgeError;
pub use fault::JudgeFault;
pub use leapfrog_package::verdict::Verdict;
pub use passes::play_reference;
pub use score::{Grade, GroupScore};
pub use sink::{EveryTest, Flow, JudgeSink, UntilRejected};
pub use slots::{Busy, SlotPool};
pub use test_run::TestRunner;

use crate::checking::OutputChecker;
use leapfrog_package::lang::{self, CompileError, Compiled, Language};
use leapfrog_package::{Included, Limits, Package, TestCase};
use leapfrog_runner::units::Seconds;
use leapfrog_runner::{self as runner, Runner};

/// The result of one test.
#[derive(Debug, Clone, Serialize)]
pub struct TestResult {
    pub name: String,
    pub verdict: Verdict,
    /// CPU time in seconds.
    pub time_s: f64,
    /// Peak resident memory in MiB.
    pub memory_mib: f64,
    /// Why the test got its verdict; in JSON its words (`message`): empty when accepted,
    /// otherwise one line saying why not.
    #[serde(rename = "message")]
    pub cause: Cause,
    /// Lines that show the problem (the differing lines, the checker's drawing); not in JSON.
    #[serde(skip)]
    pub details: Vec<String>,
    /// What an interactive or multi-pass problem's validator said (its `judgemessage.txt`),
    /// whatever the verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_message: Option<String>,
    /// A scoring problem's score for this test.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// Stopped for time at the run limit of [`Judge::measure_beyond`] (so it would have run
    /// longer still); not in JSON.
    #[serde(skip)]
    pub cut_off: bool,
}

/// The result of judging one submission.
#[derive(Debug, Clone, Serialize)]
pub struct JudgeReport {
    pub problem: String,
    pub submission: String,
    pub verdict: Verdict,
    /// How submissions were isolated: `sandbox` or `limits-only`.
    pub isolation: &'static str,
    /// How memory limits were enforced: `cgroup` or `sampled`.
    pub memory_enforcement: &'static str,
    pub tests: Vec<TestResult>,
    /// A scoring problem's total score (that of `secret`) and the most it could be.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_score: Option<f64>,
    /// A scoring problem's score per group of `secret`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupScore>,
    /// The compiler's message when the verdict is CE.
    #[serde(skip)]
    pub compile_message: Option<String>,
    #[serde(skip)]
    pub language: String,
    #[serde(skip)]
    pub limits: Limits,
}

impl JudgeReport {
    pub fn max_time(&self) -> f64 {
        self.tests.iter().map(|t| t.time_s).fold(0.0, f64::max)
    }

    pub fn max_memory(&self) -> f64 {
        self.tests.iter().map(|t| t.memory_mib).fold(0.0, f64::max)
    }
}

/// What judging needs from a package, prepared once per command.
pub struct Judge {
    problem: String,
    options: JudgeOptions,
    /// The limits in force: the package's, with command-line overrides.
    pub limits: Limits,
    /// The tests to run, in order, after `--tests`.
    pub tests: Vec<TestCase>,
    checker: OutputChecker,
    /// Every group's own scoring rules, from the package's test model, when the problem is
    /// scored.
    scored: Option<std::collections::BTreeMap<String, leapfrog_package::GroupScoring>>,
    /// The CPU limit programs run under when it is above `limits.time_s` (see
    /// [`Judge::measure_beyond`]).
    run_limit: Option<Seconds>,
    /// The files the package adds to every submission of a language.
    included: Included,
    /// The CPU slots and locks of the runs of every submission judged at once.
    shared: Arc<slots::Shared>,
    /// The command's runner: it runs every test, and its token stops them.
    runner: Arc<Runner>,
}

/// One submission, ready to judge: its language and its program, or why it did not compile.
pub struct Prepared {
    path: PathBuf,
    language: Language,
    program: Result<Compiled, CompileError>,
    /// Whether a wall-clock TLE is run again alone (see [`JudgeOptions::rerun_wall_clock`]);
    /// off for a program whose expectation is to exceed the limit anyway.
    pub rerun_wall_clock: bool,
    /// Whether its tests run one at a time instead of `jobs` at a time. Several at a time
    /// start the next tests before the current one is settled; for a program expected to
    /// exceed the limit those run to the limit too, and are thrown away once the first TLE
    /// settles the result, while the slot they hold could judge another submission.
    pub one_test_at_a_time: bool,
}

impl Prepared {
    /// Why the submission did not compile, if it did not.
    pub fn compile_error(&self) -> Option<&CompileError> {
        self.program.as_ref().err()
    }
}

/// Some of a package's test names, for an error that says a filter matched none: a filter is
/// easiest to fix seeing what the names look like (`secret/03-big`, not `big3`).
fn some_test_names(package: &Package) -> String {
    const SHOWN: usize = 6;
    let Ok(all) = selected_tests(package, None) else {
        return String::new();
    };
    if all.is_empty() {
        return " (the package has no tests at all)".to_string();
    }
    let names: Vec<&str> = all.iter().take(SHOWN).map(|t| t.name.as_str()).collect();
    let more = match all.len() > SHOWN {
        true => format!(", … ({} in all)", all.len()),
        false => String::new(),
    };
    format!("; its tests are named {}{more}", names.join(", "))
}

impl Judge {
    /// Reads the limits, discovers the tests (the caller has made sure the data exists) and
    /// builds the output checker.
    pub fn prepare(
        runner: &Arc<Runner>,
        package: &Package,
        options: &JudgeOptions,
    ) -> Result<Judge, JudgeError> {
        let filter = options.filter.as_ref();
        let tests = selected_tests(package, filter)?;
        if tests.is_empty() {
            return Err(JudgeError::Failed(anyhow::anyhow!(
                "no test of {} matches --tests '{}'{}",
                package.short_name,
                filter.map_or("", TestFilter::as_str),
                some_test_names(package)
            )));
        }
        Ok(Judge::prepare_with(runner, package, options, tests)?)
    }

    /// [`Judge::prepare`] for a command that makes its own tests (`stress`): none of the
    /// package's is read, each is judged by [`Judge::judge_own_test`].
    pub fn prepare_for_own_tests(
        runner: &Arc<Runner>,
        package: &Package,
        options: &JudgeOptions,
    ) -> anyhow::Result<Judge> {
        Judge::prepare_with(runner, package, options, Vec::new())
    }

    fn prepare_with(
        runner: &Arc<Runner>,
        package: &Package,
        options: &JudgeOptions,
        tests: Vec<TestCase>,
    ) -> anyhow::Result<Judge> {
        fault::check_scratch()?;
        let included = package.included()?;
        (included.warnings.iter()).for_each(|warning| leapfrog_util::warn(warning));
        let limits = effective_limits(package, options);
        let scored = match package.config.kind.scoring {
            true => Some(package.test_set()?.groups().scoring_by_group()),
            false => None,
        };
        // A pool shared with other problems' judges was sized by its maker for all their limits.
        let shared = match &options.pool {
            Some(pool) => Arc::clone(&pool.0),
            None => {
                let jobs = runner::admissible_jobs(options.jobs, limits.memory_mib.bytes());
                Arc::new(slots::Shared::new(jobs, Arc::clone(runner)))
            }
        };
        Ok(Judge {
            problem: package.short_name.clone(),
            options: options.clone(),
            limits,
            tests,
            checker: OutputChecker::for_package(runner, package)?,
            scored,
            run_limit: None,
            included,
            shared,
            runner: Arc::clone(runner),
        })
    }

    /// The command's runner, which runs every test.
    pub fn runner(&self) -> &Arc<Runner> {
        &self.runner
    }

    /// Marks a submission in progress until the guard is dropped: a caller that starts other
    /// programs of its own while several submissions are judged at once (a version check, say)
    /// holds it, so that no submission's end sweeps them away as orphans.
    pub fn busy(&self) -> Busy<'_> {
        self.shared.busy()
    }

    /// Compiles a submission (from the cache when it can) whose language the caller detected,
    /// with the files the package adds to every submission of that language.
    pub fn submission(&self, path: &Path, language: Language) -> anyhow::Result<Prepared> {
        self.submission_from(path, language, None)
    }

    /// [`Judge::submission`], started from `entrypoint` (a file of a directory program, as
    /// submissions.yaml's `entrypoint` names it) rather than the file found by the usual rule.
    pub fn submission_from(
        &self,
        path: &Path,
        language: Language,
        entrypoint: Option<&str>,
    ) -> anyhow::Result<Prepared> {
        let _busy = self.shared.busy();
        // A compiler holds a slot as a run does, so that runs keep a CPU to themselves.
        let slot = self.shared.slot();
        let included = self.included.for_language(&language);
        let program = lang::compile_from(
            &self.runner,
            path,
            language.clone(),
            self.options.isolation,
            (included, entrypoint),
            Some(self.limits.compiler()),
        )
        .map_err(program::build_error)?;
        drop(slot);
        Ok(Prepared {
            path: path.to_path_buf(),
            language,
            program,
            rerun_wall_clock: self.options.rerun_wall_clock,
            one_test_at_a_time: false,
        })
    }

    /// Runs every test in order, until the sink answers [`Flow::Stop`], and reports each event
    /// of the run to the sink (see [`JudgeSink`]).
    pub fn run(
        &self,
        submission: &Prepared,
        sink: &mut dyn JudgeSink,
    ) -> Result<JudgeReport, JudgeError> {
        let mut report = self.empty_report(submission);
        let program = match &submission.program {
            Ok(program) => program,
            Err(err) => {
                report.verdict = verdict::not_compiled();
                report.compile_message = Some(err.message.clone());
                sink.finished(&report);
                return Ok(report);
            }
        };
        let run_limits = self.run_limits();
        let test_runner =
            self.test_runner(program, &run_limits, self.options.transcripts.as_deref());
        let scratch = tempfile::Builder::new()
            .prefix("leapfrog-judge-")
            .tempdir()
            .context("creating a scratch directory")?;
        self.runner.note_dir(scratch.path());
        sink.started(self.tests.len());
        let mut interrupted = false;
        let busy = self.shared.busy();
        let rerun = submission.rerun_wall_clock;
        let jobs = if submission.one_test_at_a_time {
            1
        } else {
            self.options.jobs
        };
        leapfrog_runner::parallel::ordered(
            &self.tests,
            jobs,
            |_, test| self.judge_test(&test_runner, test, scratch.path(), rerun),
            |_, result| match result {
                Ok(result) => {
                    let flow = sink.test_done(&result);
                    report.tests.push(result);
                    flow == Flow::Continue
                }
                Err(_) => {
                    interrupted = true;
                    false
                }
            },
        );
        drop(busy);
        if interrupted || self.runner.cancel().is_cancelled() {
            return Err(JudgeError::Interrupted);
        }
        self.grade(&mut report.tests).apply_to(&mut report);
        sink.finished(&report);
        Ok(report)
    }

    /// The report of a submission before any test: accepted, nothing judged.
    fn empty_report(&self, submission: &Prepared) -> JudgeReport {
        JudgeReport {
            problem: self.problem.clone(),
            submission: submission.path.display().to_string(),
            // Nothing judged yet: nothing failed.
            verdict: verdict::of_submission(&[], None),
            isolation: self.options.isolation.name(),
            memory_enforcement: self.runner.memory_enforcement().name(),
            tests: Vec::new(),
            score: None,
            max_score: None,
            groups: Vec::new(),
            compile_message: None,
            language: submission.language.name().to_string(),
            limits: self.limits.clone(),
        }
    }
}

/// Where [`JudgeOptions::keep_outputs`] puts the output of the test named `name`.
pub fn kept_output(dir: &Path, name: &str) -> PathBuf {
    dir.join(leapfrog_util::test_file_name(name))
}
