//! Choosing how submissions are isolated: inside the bubblewrap sandbox when it works here
//! (started for each run, or kept for many: [`super::launcher`], one per submission and worker,
//! found here), with resource limits only otherwise (said once, clearly), or refusing to run at
//! all when the user demands the sandbox (`--require-sandbox`).

use std::path::Path;
use std::sync::{Arc, Once};

use super::error::{Doing, SetupError};
use super::handle::Key;
use super::launcher::KeptSandbox;
use super::sandbox::{self, Mounts};
use super::{RunError, Runner};

/// How one run is isolated.
#[derive(Debug, Clone)]
pub enum Isolation {
    /// Resource limits only.
    Direct,
    /// Inside bubblewrap started for the run, seeing only these mounts besides the system.
    Sandbox(Mounts),
    /// Inside a kept sandbox, in fresh directories and namespaces of its own.
    Kept(Arc<KeptSandbox>),
}

/// How a command isolates the submissions it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IsolationChoice {
    Sandbox,
    LimitsOnly,
}

impl IsolationChoice {
    /// The name reports use: `sandbox` or `limits-only`.
    pub fn name(self) -> &'static str {
        match self {
            IsolationChoice::Sandbox => "sandbox",
            IsolationChoice::LimitsOnly => "limits-only",
        }
    }
}

/// Why a command cannot isolate its submissions as asked.
#[derive(Debug, thiserror::Error)]
pub enum IsolationError {
    #[error("--require-sandbox and --no-sandbox contradict each other")]
    Contradiction,
    /// The sandbox was required and does not work here: why not.
    #[error("--require-sandbox: {0}")]
    Unavailable(String),
}

impl Runner {
    /// Picks the isolation for submissions: the sandbox when available (unless `disable`),
    /// else limits only with a one-time note on stderr; an error when `require` and it is
    /// unavailable.
    pub fn choose_isolation(
        &self,
        require: bool,
        disable: bool,
    ) -> Result<IsolationChoice, IsolationError> {
        if disable {
            if require {
                return Err(IsolationError::Contradiction);
            }
            return Ok(IsolationChoice::LimitsOnly);
        }
        match self.sandbox() {
            Ok(_) => Ok(IsolationChoice::Sandbox),
            Err(why) if require => Err(IsolationError::Unavailable(why.to_string())),
            Err(why) => {
                static NOTE: Once = Once::new();
                NOTE.call_once(|| {
                    eprintln!(
                        "note: no sandbox ({why}); submissions run with resource limits only"
                    );
                });
                Ok(IsolationChoice::LimitsOnly)
            }
        }
    }

    /// The isolation for one sandboxed run of a submission: its worker's kept sandbox (started
    /// on first use), with a fresh working directory of at most `tmpfs_bytes` together with
    /// `/tmp`; where runs cannot enter a kept sandbox here, bubblewrap started for the run in
    /// `mounts.work`.
    pub fn sandbox_for_run(
        &self,
        mounts: Mounts,
        tmpfs_bytes: u64,
        slot: usize,
    ) -> Result<Isolation, RunError> {
        let supported = self.kept().supported.get().copied();
        // A trial cut short by the token says nothing of the machine: not kept as the answer.
        if supported == Some(false) || (supported.is_none() && self.cancel().is_cancelled()) {
            return Ok(Isolation::Sandbox(mounts));
        }
        let key = Key {
            mounts: mounts.read_only,
            tmpfs_bytes,
            slot,
        };
        let kept = self.kept();
        let found = kept
            .lock()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| s.clone());
        let sandbox = match found {
            Some(sandbox) => sandbox,
            None => match self.start_kept(&key, supported.is_none()) {
                Ok(sandbox) => {
                    kept.lock().push((key, sandbox.clone()));
                    sandbox
                }
                // Runs cannot enter a kept sandbox here (said once), or the command was
                // interrupted meanwhile (its run will say so).
                Err(_)
                    if self.kept().supported.get() == Some(&false)
                        || self.cancel().is_cancelled() =>
                {
                    return Ok(Isolation::Sandbox(Mounts {
                        read_only: key.mounts,
                        work: mounts.work,
                    }));
                }
                Err(err) => return Err(err),
            },
        };
        Ok(Isolation::Kept(sandbox))
    }

    /// Starts a kept sandbox for `key`. The first one a runner starts is also its trial of
    /// whether runs can enter a kept sandbox here at all (`true` run in it): when that fails,
    /// bubblewrap is started for every run, said once. (A trial in a sandbox of its own started
    /// bubblewrap once more for every command: about 10 ms of CPU and 30–60 ms of wall time.)
    fn start_kept(&self, key: &Key, trial: bool) -> Result<Arc<KeptSandbox>, RunError> {
        let bwrap = self.sandbox().map_err(SetupError::msg)?;
        let started = KeptSandbox::start(bwrap, &key.mounts, key.tmpfs_bytes).map(Arc::new);
        if !trial {
            return Ok(started?);
        }
        let tried = started
            .map_err(RunError::from)
            .and_then(|sandbox| self.try_kept_sandbox(&sandbox).map(|()| sandbox));
        // A trial cut short by the token says nothing of the machine: not kept as the answer.
        if self.cancel().is_cancelled() {
            return tried;
        }
        let works = tried.is_ok();
        if self.kept().supported.set(works).is_ok()
            && let Err(why) = &tried
        {
            eprintln!("note: bubblewrap is started for every run: {why}");
        }
        tried
    }

    fn try_kept_sandbox(&self, sandbox: &Arc<KeptSandbox>) -> Result<(), RunError> {
        let sandbox = sandbox.clone();
        let dir = tempfile::tempdir().doing(|| "creating a probe directory".into())?;
        let seconds = crate::units::Seconds::new(5.0).map_err(SetupError::msg)?;
        let mebibytes = crate::units::Mebibytes::new(64).map_err(SetupError::msg)?;
        let spec = super::RunSpec {
            argv: vec!["/bin/true".into()],
            cwd: dir.path().to_path_buf(),
            stdin: None,
            stdout: dir.path().join("out"),
            stderr: dir.path().join("err"),
            limits: super::RunLimits::validator(seconds, mebibytes),
            cpu_slot: None,
            env: Some(super::clean_env(Path::new(sandbox::WORK_DIR))),
            isolation: Isolation::Kept(sandbox),
            user: None,
        };
        let outcome = self.run(&spec)?;
        if !outcome.success() {
            return Err(SetupError::msg(format!(
                "a trial run in a kept sandbox failed ({})",
                outcome.describe_exit()
            ))
            .into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cancel, RunLimits, RunSpec};

    /// `argv` run in `dir` with `isolation`, under a submission's limits (2 s, 64 MiB).
    fn spec_in(dir: &Path, argv: &str, isolation: Isolation) -> RunSpec {
        let seconds = crate::units::Seconds::new(2.0).unwrap();
        let mebibytes = crate::units::Mebibytes::new(64).unwrap();
        RunSpec {
            argv: vec![argv.into()],
            cwd: dir.to_path_buf(),
            stdin: None,
            stdout: dir.join("out"),
            stderr: dir.join("err"),
            limits: RunLimits::submission(seconds, None, mebibytes, mebibytes, true),
            cpu_slot: None,
            env: Some(crate::clean_env(Path::new(sandbox::WORK_DIR))),
            isolation,
            user: None,
        }
    }

    /// A judge that has grown (threads, allocator arenas, mapped inputs) may hold more address
    /// space than a run is allowed: entering a kept sandbox must not be held to the run's cap,
    /// which is the program's alone. (It was: the entry, a copy of the judge, could not map its
    /// stacks, ENOMEM, and a later problem's runner fell back to bubblewrap for every run.)
    #[test]
    fn a_kept_sandbox_is_entered_whatever_the_judges_address_space() {
        let runner = Runner::new(Cancel::new());
        if runner.sandbox().is_err() {
            eprintln!("skipped: no sandbox here");
            return;
        }
        let size = 3usize << 30;
        // SAFETY: a reservation of address space only (no access, no memory), unmapped below.
        let reserved = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                size,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        assert_ne!(reserved, libc::MAP_FAILED);
        let dir = tempfile::tempdir().unwrap();
        let mounts = Mounts {
            read_only: Vec::new(),
            work: dir.path().to_path_buf(),
        };
        let isolation = runner.sandbox_for_run(mounts, 64 << 20, 0);
        let outcome = match &isolation {
            Ok(isolation @ Isolation::Kept(_)) => {
                let spec = spec_in(dir.path(), "/bin/true", isolation.clone());
                Some(runner.run(&spec))
            }
            _ => None,
        };
        // SAFETY: the reservation made above.
        unsafe { libc::munmap(reserved, size) };
        let outcome = outcome.unwrap_or_else(|| panic!("not a kept sandbox: {isolation:?}"));
        assert!(outcome.as_ref().is_ok_and(|o| o.success()), "{outcome:?}");
    }

    /// A run in a kept sandbox is over when its entry reports, before the entry itself has
    /// exited; every such entry is still reaped, at the latest when the runner goes (else it
    /// would stay a zombie of the judge, and its cgroup would be left behind).
    #[test]
    fn entries_still_exiting_after_their_report_are_reaped_by_the_runner() {
        let runner = Runner::new(Cancel::new());
        if runner.sandbox().is_err() {
            eprintln!("skipped: no sandbox here");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let mounts = Mounts {
            read_only: Vec::new(),
            work: dir.path().to_path_buf(),
        };
        let Ok(isolation @ Isolation::Kept(_)) = runner.sandbox_for_run(mounts, 64 << 20, 0) else {
            eprintln!("skipped: runs cannot enter a kept sandbox here");
            return;
        };
        let spec = spec_in(dir.path(), "/bin/true", isolation);
        let mut deferred = std::collections::BTreeSet::new();
        for _ in 0..5 {
            assert!(runner.run(&spec).is_ok_and(|o| o.success()));
            deferred.extend(runner.exits().pending());
        }
        assert!(!deferred.is_empty(), "no run ended by its report");
        drop(runner);
        for pid in deferred {
            let mut status = 0;
            // SAFETY: asking about a child of ours without waiting.
            let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG | libc::__WALL) };
            assert_eq!(r, -1, "entry {pid} was left unreaped by the runner");
        }
    }

    /// A kept sandbox a run could not enter is let go, and the next run of its worker gets a
    /// new one instead of failing the same way again.
    #[test]
    fn a_kept_sandbox_that_fails_a_run_is_replaced() {
        let runner = Runner::new(Cancel::new());
        if runner.sandbox().is_err() {
            eprintln!("skipped: no sandbox here");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let mounts = || Mounts {
            read_only: Vec::new(),
            work: dir.path().to_path_buf(),
        };
        let Ok(Isolation::Kept(first)) = runner.sandbox_for_run(mounts(), 64 << 20, 0) else {
            eprintln!("skipped: runs cannot enter a kept sandbox here");
            return;
        };
        let seconds = crate::units::Seconds::new(2.0).unwrap();
        let mebibytes = crate::units::Mebibytes::new(64).unwrap();
        let spec = RunSpec {
            limits: RunLimits::validator(seconds, mebibytes),
            ..spec_in(
                dir.path(),
                "/no/such/program",
                Isolation::Kept(first.clone()),
            )
        };
        assert!(matches!(runner.run(&spec), Err(RunError::SandboxFailed(_))));
        let Ok(Isolation::Kept(second)) = runner.sandbox_for_run(mounts(), 64 << 20, 0) else {
            panic!("no kept sandbox after a failed entry");
        };
        assert!(!Arc::ptr_eq(&first, &second), "the failed sandbox was kept");
        let spec = RunSpec {
            argv: vec!["/bin/true".into()],
            isolation: Isolation::Kept(second),
            ..spec
        };
        assert!(runner.run(&spec).is_ok_and(|o| o.success()));
    }
}
