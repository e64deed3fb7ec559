//! Choosing how submissions are isolated: inside the bubblewrap sandbox when it works here
//! (started for each run, or kept for many: [`super::launcher`], one per submission and worker,
//! found here), with resource limits only otherwise (said once, clearly), or refusing to run at
//! all when the user demands the sandbox (`--require-sandbox`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Once, OnceLock};

use anyhow::{Context, bail};

use super::launcher::KeptSandbox;
use super::sandbox::{self, Mounts};

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

/// Picks the isolation for submissions: the sandbox when available (unless `disable`), else
/// limits only with a one-time note on stderr; an error when `require` and it is unavailable.
pub fn choose_isolation(require: bool, disable: bool) -> anyhow::Result<IsolationChoice> {
    if disable {
        if require {
            anyhow::bail!("--require-sandbox and --no-sandbox contradict each other");
        }
        return Ok(IsolationChoice::LimitsOnly);
    }
    match sandbox::probe() {
        Ok(_) => Ok(IsolationChoice::Sandbox),
        Err(why) if require => anyhow::bail!("--require-sandbox: {why}"),
        Err(why) => {
            static NOTE: Once = Once::new();
            NOTE.call_once(|| {
                eprintln!("note: no sandbox ({why}); submissions run with resource limits only");
            });
            Ok(IsolationChoice::LimitsOnly)
        }
    }
}

/// What a kept sandbox was started for: runs that show the same mounts, get the same tmpfs
/// size and come from the same worker share it.
#[derive(PartialEq, Eq)]
struct Key {
    /// The read-only mounts (host path, path inside).
    mounts: Vec<(PathBuf, PathBuf)>,
    tmpfs_bytes: u64,
    slot: usize,
}

/// Every kept sandbox, with the key it was started for.
type Kept = Mutex<Vec<(Key, Arc<KeptSandbox>)>>;

fn kept() -> &'static Kept {
    static KEPT: OnceLock<Kept> = OnceLock::new();
    KEPT.get_or_init(|| Mutex::new(Vec::new()))
}

/// The isolation for one sandboxed run of a submission: its worker's kept sandbox (started on
/// first use), with a fresh working directory of at most `tmpfs_bytes` together with `/tmp`;
/// where runs cannot enter a kept sandbox here, bubblewrap started for the run in `mounts.work`.
pub fn sandbox_for_run(mounts: Mounts, tmpfs_bytes: u64, slot: usize) -> anyhow::Result<Isolation> {
    if !supported() {
        return Ok(Isolation::Sandbox(mounts));
    }
    let key = Key {
        mounts: mounts.read_only,
        tmpfs_bytes,
        slot,
    };
    let found = lock_kept()
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, s)| s.clone());
    let sandbox = match found {
        Some(sandbox) => sandbox,
        None => {
            let bwrap = sandbox::probe().map_err(|why| anyhow::anyhow!("{why}"))?;
            let sandbox = Arc::new(KeptSandbox::start(bwrap, &key.mounts, tmpfs_bytes)?);
            lock_kept().push((key, sandbox.clone()));
            sandbox
        }
    };
    Ok(Isolation::Kept(sandbox))
}

fn lock_kept() -> std::sync::MutexGuard<'static, Vec<(Key, Arc<KeptSandbox>)>> {
    kept()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Lets go of every kept sandbox (their namespaces end with the last run using them).
pub(super) fn forget_all() {
    lock_kept().clear();
}

/// Whether runs can enter a kept sandbox here: tried once, with `true`.
fn supported() -> bool {
    static SUPPORTED: OnceLock<bool> = OnceLock::new();
    *SUPPORTED.get_or_init(|| match try_kept_sandbox() {
        Ok(()) => true,
        Err(why) => {
            eprintln!("note: bubblewrap is started for every run: {why:#}");
            false
        }
    })
}

fn try_kept_sandbox() -> anyhow::Result<()> {
    let bwrap = sandbox::probe().map_err(|why| anyhow::anyhow!("{why}"))?;
    let sandbox = Arc::new(KeptSandbox::start(bwrap, &[], 1 << 20)?);
    let dir = tempfile::tempdir().context("creating a probe directory")?;
    let seconds = crate::units::Seconds::new(5.0).map_err(anyhow::Error::msg)?;
    let mebibytes = crate::units::Mebibytes::new(64).map_err(anyhow::Error::msg)?;
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
    let outcome = super::run(&spec)?;
    if !outcome.success() {
        bail!(
            "a trial run in a kept sandbox failed ({})",
            outcome.describe_exit()
        );
    }
    Ok(())
}
