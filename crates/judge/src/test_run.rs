//! One test of one submission: run it through the runner, classify how the run ended, check the
//! output with the package's checker, and give the verdict. `judge`, `verify` and `stress` all
//! run tests through [`TestRunner`].

use std::path::{Path, PathBuf};

use crate::checking::OutputChecker;
use leapfrog_package::lang::Compiled;
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Limits, TestCase};
use leapfrog_runner::{
    self as runner, Interrupted, Isolation, IsolationChoice, RunError, RunLimits, RunOutcome,
    RunSpec, Runner,
};

use super::as_run_user;
use super::fault::{self, JudgeFault};
use super::{Cause, TestResult, classify};

mod spare;
pub use spare::SpareDirs;

/// Why a test's run could not be set up: the judge's fault, never the contestant's.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The test's own files (`.files`) could not be copied to the run's directory.
    #[error("copying the test's files: {0}")]
    Files(leapfrog_util::FileError),
    /// A directory or file of the judge's could not be made.
    #[error(transparent)]
    Fault(JudgeFault),
    /// The sandbox kept for the submission and the run's CPU slot did not start.
    #[error(transparent)]
    Sandbox(RunError),
}

/// Runs a compiled submission on tests, under the limits in force, and checks its outputs.
pub struct TestRunner<'a> {
    /// The command's runner: it runs the tests, and stops them when its token is set.
    pub runner: &'a Runner,
    pub program: &'a Compiled,
    pub checker: &'a OutputChecker,
    pub limits: &'a Limits,
    pub isolation: IsolationChoice,
    /// How many processes (and threads) the submission may have at once.
    pub processes: u64,
    /// Where an interactive problem's failing tests leave their transcripts.
    pub transcripts: Option<&'a Path>,
    /// Test directories emptied by the tests before, for the next ones.
    pub spare: SpareDirs,
}

/// The size of a run's output, after a copy to `keep` when asked: a judge fault when the
/// output file is gone (its scratch directory removed during the run) or the copy fails.
fn kept(output: &Path, keep: Option<&Path>) -> Result<u64, JudgeFault> {
    let bytes = std::fs::metadata(output)
        .map_err(|e| JudgeFault::file("reading the run's output file", output, e))?
        .len();
    if let Some(copy) = keep {
        std::fs::copy(output, copy)
            .map_err(|e| JudgeFault::file("keeping the run's output for the report in", copy, e))?;
    }
    Ok(bytes)
}

/// The files of one run in the judge's scratch space: its output and stderr beside its own
/// directory, which is made only where something needs it (the program's working directory on
/// the host, an output validator's, the passes of an interactive or multi-pass problem). A run
/// in a kept sandbox works in a fresh directory in memory and needs none: making and removing
/// a directory costs a journaled update of the scratch disk at every test (a quarter of a
/// millisecond of CPU on ext4, and more waiting), as much as the sandbox's own work.
pub(super) struct RunFiles {
    /// The judge's scratch directory, which holds all of them.
    pub scratch: PathBuf,
    pub dir: PathBuf,
    pub work: PathBuf,
    pub output: PathBuf,
    pub stderr: PathBuf,
}

impl RunFiles {
    /// A fresh directory of the test's own in `scratch_root`, with a random name (so no two
    /// tests share files, whatever their names, and another local user cannot guess it in a
    /// scratch space it cannot list): `0711`, for the run's and the validator's users to pass
    /// to their own `work` and `check`; the run's output and stderr in its `out`, which only the
    /// judge may enter.
    fn under(scratch_root: &Path) -> Result<RunFiles, JudgeFault> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new()
            .prefix("test-")
            .tempdir_in(scratch_root)
            .map_err(|e| JudgeFault::file("creating a test's directory in", scratch_root, e))?
            .keep();
        let out = dir.join("out");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o711))
            .and_then(|()| std::fs::create_dir(&out))
            .and_then(|()| std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o700)))
            .map_err(|e| JudgeFault::file("creating", &out, e))?;
        Ok(RunFiles {
            work: dir.join("work"),
            output: out.join("output"),
            stderr: out.join("stderr"),
            scratch: scratch_root.to_path_buf(),
            dir,
        })
    }

    /// Makes the run's own directory (a judge fault when it cannot be made).
    fn make_dir(&self) -> Result<(), JudgeFault> {
        std::fs::create_dir_all(&self.dir).map_err(|e| JudgeFault::file("creating", &self.dir, e))
    }

    /// Removes everything in the test's directory but the directory itself and its `out` (the
    /// output, the stderr, the program's and the validator's working directories, a pass's
    /// files); whether nothing is left.
    fn empty(&self) -> bool {
        let out = self.output.parent().map(Path::to_path_buf);
        let clear = |dir: &Path, keep: Option<&Path>| -> std::io::Result<()> {
            for entry in std::fs::read_dir(dir)? {
                let path = entry?.path();
                if Some(path.as_path()) == keep {
                    continue;
                }
                match std::fs::symlink_metadata(&path)?.is_dir() {
                    true => std::fs::remove_dir_all(&path)?,
                    false => std::fs::remove_file(&path)?,
                }
            }
            Ok(())
        };
        let cleared = out
            .as_deref()
            .is_some_and(|out| clear(out, None).is_ok() && clear(&self.dir, Some(out)).is_ok());
        cleared && std::fs::read_dir(&self.dir).is_ok_and(|entries| entries.count() == 1)
    }

    /// Removes whatever of them was made.
    fn remove(&self) {
        let _ = std::fs::remove_file(&self.output);
        let _ = std::fs::remove_file(&self.stderr);
        if self.dir.exists() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// What was measured, rounded: milliseconds and tenths of a MiB (finer digits would be noise).
pub(super) struct Measured {
    pub time_s: f64,
    pub memory_mib: f64,
}

impl Measured {
    pub(super) fn of(outcome: &RunOutcome) -> Measured {
        Measured::of_usage(outcome.cpu, outcome.peak_rss)
    }

    /// From a CPU time and a peak memory in bytes.
    pub(super) fn of_usage(cpu: std::time::Duration, peak_bytes: u64) -> Measured {
        Measured {
            time_s: (cpu.as_secs_f64() * 1000.0).round() / 1000.0,
            memory_mib: (peak_bytes as f64 / f64::from(1 << 20) * 10.0).round() / 10.0,
        }
    }

    pub(super) fn result(&self, test: &TestCase, cause: Cause) -> TestResult {
        self.result_with(test, cause, Vec::new())
    }

    pub(super) fn result_with(
        &self,
        test: &TestCase,
        cause: Cause,
        details: Vec<String>,
    ) -> TestResult {
        TestResult {
            name: test.name.clone(),
            verdict: cause.verdict(),
            time_s: self.time_s,
            memory_mib: self.memory_mib,
            cause,
            details,
            judge_message: None,
            score: None,
            cut_off: false,
        }
    }

    /// A judge fault on `test`, in its words.
    pub(super) fn fault(&self, test: &TestCase, why: impl ToString) -> TestResult {
        self.result(test, Cause::JudgeFault(why.to_string()))
    }
}

pub(super) const UNMEASURED: Measured = Measured {
    time_s: 0.0,
    memory_mib: 0.0,
};

impl TestRunner<'_> {
    /// Runs and checks one test on CPU `slot`, in a directory under `scratch_root`;
    /// `keep_output` receives a copy of what the program printed. `Err` only when the judge
    /// was interrupted. A test that fails while the scratch space is full is the judge's
    /// fault (JE): its output may have been cut short there.
    pub fn run(
        &self,
        test: &TestCase,
        slot: usize,
        scratch_root: &Path,
        keep_output: Option<&Path>,
    ) -> Result<TestResult, Interrupted> {
        // A spare directory's scratch root was opened for the runs' users when it was made.
        let files = match self.spare.take(scratch_root) {
            Some(spare) => Ok(spare),
            None => {
                as_run_user::open_scratch(scratch_root).and_then(|()| RunFiles::under(scratch_root))
            }
        };
        let files = match files {
            Ok(files) => files,
            Err(fault) => return Ok(UNMEASURED.fault(test, fault)),
        };
        let result = self.run_in(test, slot, &files, keep_output)?;
        // Looked at before the run's files go, while they still fill the space.
        let full = match result.verdict {
            Verdict::Ac | Verdict::Je => None,
            _ => fault::scratch_full(scratch_root),
        };
        self.spare.give_back(files);
        Ok(match full {
            Some(full) => {
                let mut blamed = result;
                blamed.set_cause(Cause::JudgeFault(full.to_string()));
                blamed.details.clear();
                blamed
            }
            None => result,
        })
    }

    /// [`TestRunner::run`] with `files`, which the caller removes.
    fn run_in(
        &self,
        test: &TestCase,
        slot: usize,
        files: &RunFiles,
        keep_output: Option<&Path>,
    ) -> Result<TestResult, Interrupted> {
        let spec = match self.spec(test, slot, files) {
            Ok(spec) => spec,
            Err(why) => return Ok(UNMEASURED.fault(test, why)),
        };
        let kind = self.checker.kind();
        if kind.interactive || kind.multi_pass || kind.scoring {
            return self.run_passes(test, spec, files);
        }
        let outcome = match self.runner.run(&spec) {
            Ok(o) => o,
            Err(RunError::Interrupted) => return Err(Interrupted),
            Err(err) => return Ok(UNMEASURED.fault(test, err)),
        };
        crate::spent::record(crate::spent::Kind::Submission, outcome.wall);
        let measured = Measured::of(&outcome);
        let output_bytes = match kept(&files.output, keep_output) {
            Ok(bytes) => bytes,
            Err(fault) => return Ok(measured.fault(test, fault)),
        };
        let stderr_text = leapfrog_util::read_head_tail(&files.stderr);
        if let Some(cause) =
            classify::run_verdict(&outcome, self.limits, output_bytes, &stderr_text)
        {
            return Ok(measured.result(test, cause));
        }
        let mut result = self.check(test, files, &measured);
        if output_bytes == 0 {
            let stderr = std::fs::metadata(&files.stderr).map_or(0, |m| m.len());
            super::verdict::point_at_stderr(&mut result, stderr);
        }
        Ok(result)
    }

    /// The run: the submission's command (inside the sandbox, or under limits only) with the
    /// test's `args`, the test input on stdin, its own working directory holding the test's
    /// `.files`. In the sandbox, the run enters the sandbox
    /// kept for this submission and `slot`; `Err` says why that sandbox failed to start.
    fn spec(&self, test: &TestCase, slot: usize, files: &RunFiles) -> Result<RunSpec, SetupError> {
        let memory_mib = self.limits.memory_mib;
        // The run's user, outside a kept sandbox (which picks its own).
        let mut user = None;
        let (mut argv, isolation) = match self.isolation {
            IsolationChoice::Sandbox => {
                let (argv, mounts) = self
                    .program
                    .sandboxed_command(memory_mib.get(), &files.work);
                // The run's working directory and /tmp share a tmpfs as large as its memory
                // limit; a test with files of its own runs in its own sandbox, in the directory
                // that holds them.
                let isolation = match test.files {
                    Some(_) => {
                        // As the run's user where bubblewrap works as that user (the runner
                        // tries): the files copied in stay the judge's, the directory is its.
                        user = as_run_user::user();
                        Ok(Isolation::Sandbox(mounts))
                    }
                    None => (self.runner).sandbox_for_run(mounts, memory_mib.bytes(), slot),
                };
                match isolation {
                    Ok(isolation) => (argv, isolation),
                    Err(err @ RunError::SandboxFailed(_)) => return Err(SetupError::Sandbox(err)),
                    Err(err) => {
                        let failed = RunError::SandboxFailed(err.to_string());
                        return Err(SetupError::Sandbox(failed));
                    }
                }
            }
            IsolationChoice::LimitsOnly => {
                files.make_dir().map_err(SetupError::Fault)?;
                let as_user = as_run_user::user()
                    .map(|_| as_run_user::command(self.program, memory_mib.get(), &files.dir))
                    .transpose()
                    .map_err(SetupError::Fault)?;
                user = as_user.is_some().then(as_run_user::user).flatten();
                let argv = as_user.unwrap_or_else(|| self.program.command(memory_mib.get()));
                (argv, Isolation::Direct)
            }
        };
        argv.extend(test.args.iter().map(Into::into));
        // A run in a kept sandbox starts in the judge's scratch directory on the host, and then
        // in the sandbox's own working directory: it needs none of its own there.
        let cwd = match isolation {
            Isolation::Kept(_) => files.scratch.clone(),
            _ => {
                std::fs::create_dir_all(&files.work)
                    .map_err(|e| SetupError::Fault(JudgeFault::file("creating", &files.work, e)))?;
                if let Some(given) = &test.files {
                    leapfrog_util::copy_dir_contents(given, &files.work)
                        .map_err(SetupError::Files)?;
                }
                files.work.clone()
            }
        };
        let home = runner::work_dir_seen(&isolation, &files.work);
        let mut limits = RunLimits::submission(
            self.limits.time_s,
            self.limits.wall_s,
            memory_mib,
            self.limits.output_mib,
            self.program.allows_address_space_cap(),
        );
        limits.processes = Some(self.processes);
        Ok(RunSpec {
            argv,
            cwd,
            stdin: Some(test.input.clone()),
            stdout: files.output.clone(),
            stderr: files.stderr.clone(),
            limits,
            cpu_slot: Some(slot),
            env: Some(runner::clean_env(&home)),
            isolation,
            user,
        })
    }

    /// The checker's verdict on an output of a run that ended well.
    fn check(&self, test: &TestCase, files: &RunFiles, measured: &Measured) -> TestResult {
        // Only an output validator (a program) works in a directory; the default diff does not.
        let check_dir = files.dir.join("check");
        let made = match self.checker.uses_scratch() {
            true => std::fs::create_dir_all(&check_dir),
            false => Ok(()),
        };
        if let Err(err) = made {
            return measured.fault(test, JudgeFault::file("creating", &check_dir, err));
        }
        let (cause, details) =
            super::verdict::of_check(self.checker.check(test, &files.output, &check_dir));
        measured.result_with(test, cause, details)
    }
}
