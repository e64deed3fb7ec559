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
        if !self.kept_supported() {
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
            None => {
                let bwrap = self.sandbox().map_err(SetupError::msg)?;
                let sandbox = Arc::new(KeptSandbox::start(bwrap, &key.mounts, tmpfs_bytes)?);
                kept.lock().push((key, sandbox.clone()));
                sandbox
            }
        };
        Ok(Isolation::Kept(sandbox))
    }

    /// Whether runs can enter a kept sandbox here: tried once, with `true`.
    fn kept_supported(&self) -> bool {
        // A trial cut short by the token says nothing of the machine: not kept as the answer.
        if self.cancel().is_cancelled() {
            return false;
        }
        *self
            .kept()
            .supported
            .get_or_init(|| match self.try_kept_sandbox() {
                Ok(()) => true,
                Err(why) => {
                    eprintln!("note: bubblewrap is started for every run: {why}");
                    false
                }
            })
    }

    fn try_kept_sandbox(&self) -> Result<(), RunError> {
        let bwrap = self.sandbox().map_err(SetupError::msg)?;
        let sandbox = Arc::new(KeptSandbox::start(bwrap, &[], 1 << 20)?);
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
