//! Running untrusted programs under limits and measuring them: the lowest layer of leapfrog
//! above its utilities, knowing nothing of packages, languages or verdicts.
//!
//! A command makes one [`Runner`] (`handle`): it owns what the runner keeps between runs (the
//! probes, the kept sandboxes, the cgroup directories, the crash ledger) and the [`Cancel`]
//! token that stops its runs, and cleans up when dropped. Beside it, the crate holds what
//! every layer above shares about running: validated limit quantities ([`units`]), the cancel
//! token ([`Cancel`], set on SIGINT / SIGTERM) and running jobs in parallel with results in
//! order ([`parallel`]).
//!
//! Each run is a child in its own process group with resource limits set between `fork` and
//! `exec` (`child`), optionally inside the bubblewrap sandbox ([`sandbox`]) and, where the
//! judge can create cgroups, in a memory and a pids cgroup of its own (`cgroup`); without a
//! memory cgroup the runner samples the run's resident memory instead (`memory`). The runner
//! waits on a pidfd, waking at most every 50 ms (10 ms when sampling memory) to add up the CPU
//! clocks of the run's processes, so a busy loop is stopped just past its limit and a sleeping
//! program at the wall-clock limit. Whatever way the run ends, everything it started is killed
//! and reaped (`reap`); the judge is a child subreaper, so orphans of a run come back to it.
//! The runner reports facts (exit status, CPU time, peak memory, why it stopped the run);
//! turning them into verdicts is the judge's business. When the runner's own machinery fails
//! (a cgroup, waiting, the sandbox), [`Runner::run`] fails with a typed [`RunError`] instead:
//! that is never the program's doing.

pub mod parallel;
pub mod units;

mod bare;
mod cancel;
mod cgroup;
mod child;
mod duet;
mod enter;
mod error;
mod handle;
mod identity;
mod isolation;
mod launcher;
mod ledger;
mod lent;
mod limits;
mod live;
mod memory;
mod outcome;
mod procs;
mod reap;
mod relay;
mod run;
pub mod runnable;
pub mod sandbox;
mod seccomp;
mod spawn;

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

pub use cancel::{Cancel, Interrupted, Signals};
pub use duet::{Duet, DuetOutcome};
pub use error::{RunError, SetupError};
pub use handle::Runner;
pub use identity::{JURY_UIDS, RUN_GID, RUN_UID, RunUser, jury_user, run_user};
pub use isolation::{Isolation, IsolationChoice, IsolationError};
pub use limits::{
    BUILD_BYTES, COMPILER_TASKS, DEFAULT_COMPILATION_MEMORY_MIB, DEFAULT_COMPILATION_TIME_S,
    RunLimits,
};
pub use memory::{MemoryEnforcement, admissible_jobs};
pub use outcome::{Limit, signal_name};
pub use relay::Speaker;

/// How often the runner looks at a running child's CPU clock.
const POLL: Duration = Duration::from_millis(50);

/// One program run.
#[derive(Debug, Clone)]
pub struct RunSpec {
    pub argv: Vec<OsString>,
    pub cwd: PathBuf,
    /// The file on stdin; `None` reads from `/dev/null`.
    pub stdin: Option<PathBuf>,
    /// Where stdout goes (created or truncated).
    pub stdout: PathBuf,
    /// Where stderr goes; the same path as stdout interleaves both into one file.
    pub stderr: PathBuf,
    pub limits: RunLimits,
    /// Pin the run to one CPU (slot modulo the CPUs this process may use), so parallel runs do
    /// not migrate onto each other's cores and disturb each other's CPU time.
    pub cpu_slot: Option<usize>,
    /// The environment; `None` inherits the judge's (compilers need it), `Some` replaces it.
    pub env: Option<Vec<(OsString, OsString)>>,
    /// Whether the run happens inside the sandbox, and what it sees there.
    pub isolation: Isolation,
    /// The user the program becomes ([`run_user`], [`jury_user`]; `None`: the judge's), in
    /// limits-only mode and in a sandbox started for the run (there only where bubblewrap works
    /// as that user: tried once per runner, else the judge's own user, said once). It is
    /// handed the working directory, which must be the run's own. In limits-only mode the
    /// caller makes what the run reads reachable; a sandbox's mounts are lent to it by the
    /// judge (`lent`), but the files they show must be readable by it. A kept sandbox picks
    /// its user itself.
    pub user: Option<RunUser>,
}

/// Why the runner stopped a run before it ended by itself: the limit it passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    CpuLimit,
    WallLimit,
    /// The sampled resident memory passed the memory limit.
    MemoryLimit,
    /// Its peer in a duet (an interactive problem's output validator) had already ended with
    /// a rejection, which decides the verdict whatever the submission does next.
    PeerRejected,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// How an exit reads in a verdict's message: `exit code 3`, `killed by signal 11 (SIGSEGV)`.
impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Exit::Code(code) => write!(f, "exit code {code}"),
            Exit::Signal(sig) => write!(f, "killed by signal {sig} ({})", signal_name(sig)),
        }
    }
}

/// What happened in a run.
#[derive(Debug, Clone)]
pub struct RunOutcome {
    pub exit: Exit,
    /// User plus system CPU time of the process and its reaped descendants.
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak memory of the run, in bytes: its memory cgroup's peak, else the larger of the
    /// sampled resident memory of all its processes and the largest process's own peak.
    pub peak_rss: u64,
    /// The run needed more than its memory limit: the kernel's OOM killer stopped it inside
    /// its memory cgroup, or the sampled resident memory passed the limit.
    pub memory_exceeded: bool,
    pub stopped: Option<Stopped>,
    /// The CPU limit the run was held to.
    pub cpu_limit: Duration,
}

impl RunOutcome {
    /// Ended by itself with exit code 0.
    pub fn success(&self) -> bool {
        self.stopped.is_none() && self.exit == Exit::Code(0)
    }

    /// Used more CPU or wall time than allowed (whether or not the runner had to stop it).
    pub fn timed_out(&self) -> bool {
        matches!(self.stopped, Some(Stopped::CpuLimit | Stopped::WallLimit))
            || self.cpu > self.cpu_limit
            || self.exit == Exit::Signal(libc::SIGXCPU)
    }

    /// A short description of how the process ended: `exit code 3`, `signal 11 (SIGSEGV)`.
    pub fn describe_exit(&self) -> String {
        self.exit.to_string()
    }
}

/// The environment for untrusted programs: a plain PATH, a UTF-8 locale, HOME in their
/// working directory, nothing of the judge's own.
pub fn clean_env(home: &std::path::Path) -> Vec<(OsString, OsString)> {
    vec![
        ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
        ("LANG".into(), "C.UTF-8".into()),
        ("HOME".into(), home.into()),
        ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
    ]
}

/// The working directory as the program sees it: where its `HOME` belongs.
pub fn work_dir_seen(isolation: &Isolation, cwd: &std::path::Path) -> PathBuf {
    match isolation {
        Isolation::Direct => cwd.to_path_buf(),
        Isolation::Sandbox(_) | Isolation::Kept(_) => PathBuf::from(sandbox::WORK_DIR),
    }
}
