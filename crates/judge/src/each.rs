//! One test of a submission being judged: the limits its programs run under (those in force,
//! or the longer run limit `verify` measures with), its CPU slot, its run, the run again alone
//! after a wall-clock stop, and the result judged against the limit; the rules of the last two
//! are [`crate::verdict`]'s.

use std::path::Path;

use leapfrog_package::lang::Compiled;
use leapfrog_package::{Limits, TestCase};
use leapfrog_runner::Interrupted;
use leapfrog_runner::units::Seconds;

use super::verdict::{self, LimitPolicy};
use super::{Judge, Prepared, TestResult, TestRunner, kept_output};

impl Judge {
    /// Judges against `limit` but lets programs run up to `run_limit` CPU seconds, so that
    /// `verify` sees how far past the limit they go: a test that ends past `limit` is TLE, and
    /// one stopped at `run_limit` is marked [`TestResult::cut_off`].
    pub fn measure_beyond(&mut self, limit: Seconds, run_limit: Seconds) {
        self.limits.time_s = limit;
        self.run_limit = (run_limit.get() > limit.get()).then_some(run_limit);
    }

    /// The limit tests are judged against, and the longer one programs may run under.
    pub fn limit_policy(&self) -> LimitPolicy {
        LimitPolicy {
            limit: self.limits.time_s,
            run_limit: self.run_limit,
        }
    }

    /// The runner of one submission's tests: its program, under `limits`, with this judge's
    /// checker, isolation and process allowance.
    pub(super) fn test_runner<'a>(
        &'a self,
        program: &'a Compiled,
        limits: &'a Limits,
        transcripts: Option<&'a Path>,
    ) -> TestRunner<'a> {
        TestRunner {
            runner: &self.runner,
            program,
            checker: &self.checker,
            limits,
            isolation: self.options.isolation,
            processes: self.options.processes,
            transcripts,
            spare: Default::default(),
        }
    }

    /// The limits programs run under: those in force, or the longer run limit of
    /// [`Judge::measure_beyond`] with its wall-clock time.
    pub(super) fn run_limits(&self) -> Limits {
        let mut run_limits = self.limits.clone();
        if let Some(run_limit) = self.run_limit {
            run_limits.time_s = run_limit;
            // BAPCtools' timeout: the time limit × time_limit_to_tle + 1 s of wall-clock time.
            let wall = run_limit.get().max(1.5 * self.limits.time_s.get()) + 1.0;
            run_limits.wall_s = Seconds::new(wall).ok();
        }
        run_limits
    }

    /// Runs and judges one test on a CPU slot of its own, once more alone when the wall-clock
    /// limit stopped it and `rerun_wall_clock` asks for that; `Err` when interrupted.
    pub(super) fn judge_test(
        &self,
        test_runner: &TestRunner,
        test: &TestCase,
        scratch: &Path,
        rerun_wall_clock: bool,
    ) -> Result<TestResult, Interrupted> {
        let keep = (self.options.keep_outputs.as_ref()).map(|d| kept_output(d, &test.name));
        self.judge_test_keeping(
            test_runner,
            test,
            scratch,
            rerun_wall_clock,
            keep.as_deref(),
        )
    }

    /// [`Judge::judge_test`], a copy of the output going to `keep`.
    fn judge_test_keeping(
        &self,
        test_runner: &TestRunner,
        test: &TestCase,
        scratch: &Path,
        rerun_wall_clock: bool,
        keep: Option<&Path>,
    ) -> Result<TestResult, Interrupted> {
        // A slot of its own among the runs of every submission judged at once.
        let slot = self.shared.slot();
        let run = || test_runner.run(test, slot.index, scratch, keep);
        // Every run holds `alone` shared; a run again alone holds it exclusively, after the
        // runs in flight end and before any other starts.
        let alone = &self.shared.alone;
        let first = {
            let _shared = alone.read().unwrap_or_else(|e| e.into_inner());
            run()
        };
        let result = match first {
            Ok(r) if verdict::runs_again_alone(&r, rerun_wall_clock) => {
                let _alone = alone.write().unwrap_or_else(|e| e.into_inner());
                run().map(verdict::after_run_alone)
            }
            other => other,
        };
        let policy = self.limit_policy();
        result.map(|r| policy.judge(r))
    }
}

/// Where a test the command made itself leaves what the command shows of it.
#[derive(Debug, Clone, Copy, Default)]
pub struct OwnTest<'a> {
    /// Receives a copy of the submission's output.
    pub output: Option<&'a Path>,
    /// Receives the transcript of an interactive problem's test, as `<test name>.txt`.
    pub transcripts: Option<&'a Path>,
}

impl Judge {
    /// Judges a submission on one test the command made itself (`stress`'s generated tests,
    /// given their settings by [`leapfrog_package::Package::test_in_group`]), by the rules of
    /// every test: the checker and its arguments, the limits, the run again alone after a
    /// wall-clock stop. Runs in `scratch`; an error when the submission did not compile.
    ///
    /// The test goes to `sink` as a run's tests go ([`crate::JudgeSink`]: `started` with one
    /// test, then `test_done`), so a command shows its own tests as it shows any other; there
    /// is no submission's verdict to finish with. The result is returned too, for the command
    /// that goes on from it (shrinking a failure).
    pub fn judge_own_test(
        &self,
        submission: &Prepared,
        test: &TestCase,
        (scratch, keep): (&Path, OwnTest),
        sink: &mut dyn crate::JudgeSink,
    ) -> Result<TestResult, crate::JudgeError> {
        let program = match &submission.program {
            Ok(program) => program,
            Err(err) => {
                let named = err.clone().named(&submission.path.display().to_string());
                return Err(crate::JudgeError::Failed(named.into()));
            }
        };
        let run_limits = self.run_limits();
        let test_runner = self.test_runner(program, &run_limits, keep.transcripts);
        let _busy = self.shared.busy();
        let rerun = submission.rerun_wall_clock;
        sink.started(1);
        let result = self.judge_test_keeping(&test_runner, test, scratch, rerun, keep.output)?;
        // One test: whether to go on is the command's to decide, after it.
        let _ = sink.test_done(&result);
        Ok(result)
    }

    /// The checker every test's output goes through (`stress` checks its reference's answers
    /// with it).
    pub fn checker(&self) -> &crate::checking::OutputChecker {
        &self.checker
    }
}
