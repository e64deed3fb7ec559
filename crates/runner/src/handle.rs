//! The runner as a value: a [`Runner`] is what a command makes to run programs, one per command
//! invocation. It owns everything the runner keeps between runs: the probes (does the sandbox
//! work here, can runs enter a kept sandbox), the kept sandboxes, the entries of runs that are
//! over but still exiting, the judge's cgroup directories, its crash ledger, and the token that
//! stops its runs ([`Cancel`]). Making one first clears what dead judges left (`ledger`);
//! dropping it reaps those entries, lets go of the kept sandboxes,
//! kills the orphans of its runs, removes its cgroup directories and its ledger. A SIGINT or
//! SIGTERM sets the token of every live runner: its runs stop, the command returns
//! [`Interrupted`](crate::Interrupted), and the runner is dropped on the way out.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::cancel::{Cancel, Signals};
use super::cgroup::Bases;
use super::identity::RunUser;
use super::launcher::KeptSandbox;
use super::ledger::Ledger;
use super::memory::MemoryEnforcement;

/// The runner of one command: see the module's comment.
pub struct Runner {
    cancel: Cancel,
    /// The token's hooks on SIGINT and SIGTERM, for as long as the runner lives.
    _signals: Signals,
    ledger: Option<Ledger>,
    bases: Bases,
    /// The bubblewrap binary, or why the sandbox does not work here: probed on first use.
    sandbox: OnceLock<Result<PathBuf, String>>,
    /// Whether a sandbox started for one run can run as the run's user here: probed on first
    /// use (`lent`).
    sandbox_as_user: OnceLock<bool>,
    kept: KeptSandboxes,
    /// The session of every run this runner started (numbered as its first process), for the
    /// sweep when it is dropped.
    sessions: Mutex<Vec<libc::pid_t>>,
    exits: super::reap::Exits,
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("cancelled", &self.cancel.is_cancelled())
            .finish_non_exhaustive()
    }
}

impl Runner {
    /// A runner whose runs stop once `cancel` is set; SIGINT and SIGTERM set it while the
    /// runner lives. Clears what dead judges left first (their ledgers), so that a run never
    /// meets a dead judge's processes or directories, and never touches a live judge's.
    pub fn new(cancel: Cancel) -> Runner {
        let ledger = Ledger::open();
        let bases = Bases::find();
        if let Some(ledger) = &ledger {
            bases.dirs().for_each(|dir| ledger.note_dir("cgroup", dir));
        }
        super::reap::become_subreaper();
        Runner {
            _signals: cancel.on_signals(),
            cancel,
            ledger,
            bases,
            sandbox: OnceLock::new(),
            sandbox_as_user: OnceLock::new(),
            kept: KeptSandboxes::default(),
            sessions: Mutex::new(Vec::new()),
            exits: super::reap::Exits::default(),
        }
    }

    /// The token that stops this runner's runs (set on SIGINT / SIGTERM).
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// The bubblewrap binary, if the sandbox works here; otherwise why not (probed once).
    pub fn sandbox(&self) -> Result<&Path, &str> {
        self.sandbox
            .get_or_init(super::sandbox::probe)
            .as_ref()
            .map(PathBuf::as_path)
            .map_err(String::as_str)
    }

    /// The user that starts bubblewrap for a sandbox started for one run, when `wanted` (the
    /// run's user, where the judge is root): `wanted` if bubblewrap works as that user here
    /// (tried once), else `None`: where unprivileged user namespaces are off, bubblewrap starts
    /// as the judge, without a user namespace, and the program becomes `wanted` inside it
    /// (`spawn`; said once on stderr).
    pub(crate) fn sandbox_user(&self, wanted: Option<RunUser>) -> Option<RunUser> {
        let user = wanted?;
        let bwrap = self.sandbox().ok()?;
        let works = *self.sandbox_as_user.get_or_init(|| {
            match super::lent::probe(bwrap, user) {
                Ok(()) => true,
                Err(why) => {
                    static NOTE: std::sync::Once = std::sync::Once::new();
                    NOTE.call_once(|| {
                        eprintln!(
                            "note: {why}; for compiles and tests with files of their own, bubblewrap starts as the judge and the program becomes the run's user inside"
                        );
                    });
                    false
                }
            }
        });
        works.then_some(user)
    }

    /// Takes bubblewrap for unable to start as a run's user, as where unprivileged user
    /// namespaces are off (for the tests of that case on machines where they are on).
    #[cfg(test)]
    pub(crate) fn as_if_no_unprivileged_sandbox(&self) {
        let _ = self.sandbox_as_user.set(false);
    }

    /// How memory limits are enforced for this runner's runs.
    pub fn memory_enforcement(&self) -> MemoryEnforcement {
        if self.bases.memory_available() {
            MemoryEnforcement::Cgroup
        } else {
            MemoryEnforcement::Sampled
        }
    }

    /// Notes a directory the command created (a scratch directory, a build's staging
    /// directory) in the crash ledger, so that a later judge removes it if this one dies.
    pub fn note_dir(&self, path: &Path) {
        if let Some(ledger) = &self.ledger {
            ledger.note_dir("dir", path);
        }
    }

    /// Forgets a directory noted with [`Runner::note_dir`] once it is removed.
    pub fn forget_dir(&self, path: &Path) {
        if let Some(ledger) = &self.ledger {
            ledger.forget_dir("dir", path);
        }
    }

    /// Kills and reaps every child of the process but the runs in progress (this runner's or
    /// another's, with what stays in their sessions): the orphans of finished runs, which left
    /// their run's process group (even their session) before it was killed and came back to
    /// the judge, a subreaper. For a command, between runs: a program the command started
    /// itself and still waits for is a child too.
    pub fn sweep_orphans(&self) {
        super::live::sweep_children(|_| true);
    }

    /// Notes a run's session, for the sweep when the runner is dropped.
    pub(crate) fn started(&self, session: libc::pid_t) {
        self.sessions
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(session);
    }

    pub(crate) fn bases(&self) -> &Bases {
        &self.bases
    }

    pub(crate) fn ledger(&self) -> Option<&Ledger> {
        self.ledger.as_ref()
    }

    pub(crate) fn kept(&self) -> &KeptSandboxes {
        &self.kept
    }

    /// The entries of kept sandboxes whose runs are over but whose own exit is not reaped yet.
    pub(crate) fn exits(&self) -> &super::reap::Exits {
        &self.exits
    }
}

/// What a kept sandbox was started for: runs that show the same mounts, get the same tmpfs
/// size and come from the same worker share it.
#[derive(PartialEq, Eq)]
pub(crate) struct Key {
    /// The read-only mounts (host path, path inside).
    pub mounts: Vec<(PathBuf, PathBuf)>,
    pub tmpfs_bytes: u64,
    pub slot: usize,
}

/// Every kept sandbox of a [`Runner`], with the key it was started for, and whether runs can
/// enter one here at all (tried once, on first use).
#[derive(Default)]
pub(crate) struct KeptSandboxes {
    started: Mutex<Vec<(Key, Arc<KeptSandbox>)>>,
    pub supported: OnceLock<bool>,
}

impl KeptSandboxes {
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(Key, Arc<KeptSandbox>)>> {
        self.started
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Lets go of a kept sandbox that a run could not enter, so that the next run of its key
    /// starts a new one instead of failing the same way.
    pub(crate) fn forget(&self, sandbox: &Arc<KeptSandbox>) {
        self.lock().retain(|(_, kept)| !Arc::ptr_eq(kept, sandbox));
    }

    /// Lets go of every kept sandbox (their namespaces end with the last run using them).
    pub(crate) fn forget_all(&self) {
        self.lock().clear();
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        self.exits.finish_all();
        self.kept.forget_all();
        // Only what is left of this runner's own runs: the process may hold other children
        // (another runner's, a test harness's) that are none of its business.
        let sessions = std::mem::take(
            self.sessions
                .get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        );
        super::live::sweep_children(|sid| sessions.contains(&sid));
        self.bases.remove();
        // The ledger goes last (its own `Drop`): until then a crash still leaves it listing
        // what is left.
    }
}
