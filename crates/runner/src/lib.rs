//! Running untrusted programs under limits and measuring them: the lowest layer of leapfrog
//! above its utilities, knowing nothing of packages, languages or verdicts.
//!
//! Beside the runner itself, the crate holds what every layer above shares about running:
//! validated limit quantities ([`units`]), the SIGINT / SIGTERM flag ([`interrupt`]) and
//! running jobs in parallel with results in order ([`parallel`]).
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
//! (a cgroup, waiting, the sandbox), [`run`] fails instead: that is never the program's doing.

pub mod interrupt;
pub mod parallel;
pub mod units;

mod bare;
mod cgroup;
mod child;
mod duet;
mod enter;
mod identity;
mod isolation;
mod launcher;
mod ledger;
mod limits;
mod memory;
mod outcome;
mod procs;
mod reap;
pub mod sandbox;
mod seccomp;
mod spawn;

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;

pub use duet::{Duet, DuetOutcome, Speaker, run_duet};
pub use identity::{JURY_GID, JURY_UID, RUN_GID, RUN_UID, RunUser, jury_user, run_user};
pub use isolation::{Isolation, IsolationChoice, choose_isolation, sandbox_for_run};
pub use ledger::{forget_dir, note_dir, recover};
pub use limits::{
    COMPILER_TASKS, DEFAULT_COMPILATION_MEMORY_MIB, DEFAULT_COMPILATION_TIME_S, RunLimits,
};
pub use memory::{MemoryEnforcement, admissible_jobs, memory_enforcement};
pub use outcome::{Limit, RunError, signal_name};
pub use reap::reap_orphans;

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
    /// In limits-only mode, the user the program becomes ([`run_user`], [`jury_user`]; `None`:
    /// the judge's): it is handed the working directory, which must be the run's own; the
    /// caller makes what the run reads reachable. Sandboxed runs pick their user themselves.
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

/// Runs a program to the end (or until a limit stops it) and measures it. Fails with
/// [`RunError::Interrupted`] when the judge was interrupted meanwhile, with
/// [`RunError::SandboxFailed`] when the sandbox could not start the program, and with
/// [`RunError::Setup`] naming the cause when the runner's own machinery failed.
pub fn run(spec: &RunSpec) -> Result<RunOutcome, RunError> {
    run_with_ends(spec, spawn::Ends::default(), None)
}

/// [`run`], with the run's stdin or stdout given as open files (pipe ends) instead of the
/// spec's paths; the runner closes its copies once the program has started. Once `cancel` is
/// set, the run is stopped ([`Stopped::PeerRejected`]).
fn run_with_ends(
    spec: &RunSpec,
    ends: spawn::Ends,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<RunOutcome, RunError> {
    let Launched {
        pid,
        start,
        cgroup,
        report,
        sampler,
    } = launch(spec, ends)?;
    let sampled_limit = sampler.as_ref().map(memory::Sampler::limit);
    let waited = reap::wait_with_limits(pid, start, &spec.limits, cgroup.as_ref(), sampler, cancel);
    let wall = start.elapsed();
    let (rest_cpu, rest_peak) = reap::kill_group(pid);
    let waited = waited.context("waiting for the run (wait4)")?;
    let cgroup_peak = cgroup.as_ref().and_then(cgroup::RunCgroup::peak_memory);
    let oom_killed = cgroup.as_ref().is_some_and(cgroup::RunCgroup::oom_killed);
    if cgroup.is_none() {
        ledger::forget_run(pid);
    }
    drop(cgroup);
    if waited.interrupted {
        return Err(RunError::Interrupted);
    }
    // In a kept sandbox, the program's own status and usage, from the run's entry.
    let report = report.as_ref().and_then(launcher::ReportPipe::read);
    let exit = outcome::exit_of(report.map_or(waited.status, |r| r.status), &spec.isolation);
    if let Some(why) = outcome::sandbox_failure(spec, exit) {
        return Err(RunError::SandboxFailed(why));
    }
    let rusage_peak = match report {
        Some(r) => r.peak.max(r.tmpfs),
        None => (waited.usage.ru_maxrss.max(0) as u64 * 1024).max(rest_peak),
    };
    // What the run left in its tmpfs when it ended (a kept sandbox's entry measures it) is
    // memory too: a full tmpfs of the limit's size plus any process is past the limit, even if
    // the run ended between two samples.
    let tmpfs_full = report.is_some_and(|r| sampled_limit.is_some_and(|l| r.tmpfs >= l));
    let cpu = match report {
        Some(r) => r.cpu,
        None => reap::usage_cpu(&waited.usage) + rest_cpu,
    };
    Ok(RunOutcome {
        exit,
        cpu: cpu.max(waited.sampled_cpu),
        wall,
        // The cgroup's figure is the one its limit applies to; a process's own peak also
        // counts shared library pages the cgroup was never charged for.
        peak_rss: cgroup_peak.unwrap_or(rusage_peak.max(waited.sampled_peak)),
        memory_exceeded: oom_killed || tmpfs_full || waited.stopped == Some(Stopped::MemoryLimit),
        stopped: waited.stopped,
        cpu_limit: spec.limits.cpu,
    })
}

/// A run's first process, started, and what the runner holds for it until it ends.
struct Launched {
    pid: libc::pid_t,
    start: Instant,
    cgroup: Option<cgroup::RunCgroup>,
    /// In a kept sandbox, where the run's entry reports the program's own status and usage.
    report: Option<launcher::ReportPipe>,
    sampler: Option<memory::Sampler>,
}

/// Starts a run: its command, its cgroup, what its child does before `exec`, the spawn.
fn launch(spec: &RunSpec, ends: spawn::Ends) -> Result<Launched, RunError> {
    reap::become_subreaper();
    let spawn::Prepared {
        mut command,
        passed,
    } = spawn::command(spec, ends)?;
    let passed_fds = passed.iter().map(std::os::fd::AsRawFd::as_raw_fd).collect();
    let cgroup = cgroup::RunCgroup::create(spec.limits.processes, spec.limits.memory)
        .context("setting up the run's cgroup")?;
    if spec.limits.processes.is_some() && !cgroup::pids_available() {
        warn_unenforced_process_limit();
    }
    let sampled = sampled_limit(&spec.limits, cgroup.as_ref());
    // bubblewrap needs new user namespaces itself, so it installs the filter (`--seccomp`).
    let filter = match spec.isolation {
        Isolation::Sandbox(_) => None,
        _ => seccomp::filter(),
    };
    let user = identity::direct_user(spec)?;
    let setup = child::Setup::new(&spec.limits, spec.cpu_slot, cgroup.as_ref())
        .passing(passed_fds)
        .becoming(user)
        .filtered(filter);
    // In a kept sandbox, the child enters it (after joining the run's cgroup, so the program,
    // its descendant, is held there too) and reports the program's own status and usage.
    let (mut report, entry) = match &spec.isolation {
        Isolation::Kept(kept) => {
            let report = launcher::ReportPipe::new()?;
            let env = spec.env.as_deref();
            let entry = enter::Entry::new(kept.clone(), report.write_fd(), &spec.argv, env)?;
            (Some(report), Some(entry))
        }
        _ => (None, None),
    };
    // SAFETY: the closure only makes async-signal-safe system calls on data prepared before
    // the fork (see `child::Setup::apply` and `enter::Entry::enter`).
    unsafe {
        command.pre_exec(move || {
            setup.apply()?;
            entry.as_ref().map_or(Ok(()), enter::Entry::enter)
        });
    }
    let pinned = child::PinnedThread::new(spec.cpu_slot);
    let start = Instant::now();
    let pid = spawn::start(&mut command, &spec.isolation)?;
    drop(pinned);
    // A run held by a cgroup is in the ledger already, with all its processes: the cgroup's
    // directory is (see `ledger`). Only a run without one is noted (and forgotten) itself.
    if cgroup.is_none() {
        ledger::note_run(pid);
    }
    // The program holds its streams now; the judge's copies (pipe ends above all) must go, or
    // the other end of a pipe would never see it close.
    drop(command);
    drop(passed);
    if let Some(report) = &mut report {
        report.close_write();
    }
    // In a kept sandbox the child (the entry) and the run's init share the judge's forked
    // memory; only the program and what it starts count.
    let sampler = sampled.map(|limit| match &spec.isolation {
        Isolation::Kept(_) => memory::Sampler::new(limit, pid)
            .excluding_entry(pid)
            .counting_tmpfs(),
        Isolation::Sandbox(_) => memory::Sampler::new(limit, pid).counting_tmpfs(),
        Isolation::Direct => memory::Sampler::new(limit, pid),
    });
    Ok(Launched {
        pid,
        start,
        cgroup,
        report,
        sampler,
    })
}

/// The limit the memory sampler holds a run to, when the run needs sampling: where no cgroup
/// holds its memory, and where the cgroup that does keeps no peak (cgroup v2 before Linux 5.19),
/// with no limit, only to measure, so that a run stopped early (a TLE) still reports the memory
/// it had, not its launcher's.
fn sampled_limit(limits: &RunLimits, cgroup: Option<&cgroup::RunCgroup>) -> Option<u64> {
    let held = cgroup.is_some_and(cgroup::RunCgroup::limits_memory);
    match limits.memory {
        Some(limit) if !held => Some(limit),
        Some(_) if !cgroup.is_some_and(cgroup::RunCgroup::reports_peak) => Some(u64::MAX),
        _ => None,
    }
}

/// The working directory as the program sees it: where its `HOME` belongs.
pub fn work_dir_seen(isolation: &Isolation, cwd: &std::path::Path) -> PathBuf {
    match isolation {
        Isolation::Direct => cwd.to_path_buf(),
        Isolation::Sandbox(_) | Isolation::Kept(_) => PathBuf::from(sandbox::WORK_DIR),
    }
}

/// Root is exempt from `RLIMIT_NPROC`, so without a pids cgroup a process limit cannot hold.
fn warn_unenforced_process_limit() {
    static NOTE: std::sync::Once = std::sync::Once::new();
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        NOTE.call_once(|| {
            eprintln!(
                "note: running as root without a writable pids cgroup: the process limit is not enforced"
            );
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(dir: &std::path::Path, isolation: Isolation) -> RunSpec {
        RunSpec {
            argv: vec!["/bin/true".into()],
            cwd: dir.to_path_buf(),
            stdin: None,
            stdout: dir.join("out"),
            stderr: dir.join("err"),
            limits: RunLimits::compiler(),
            cpu_slot: None,
            env: None,
            isolation,
            user: None,
        }
    }

    #[test]
    fn a_sandbox_that_cannot_start_is_the_runners_failure() {
        if sandbox::probe().is_err() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let mounts = sandbox::Mounts {
            read_only: vec![(dir.path().join("missing"), "/program".into())],
            work: dir.path().to_path_buf(),
        };
        let err = run(&spec(dir.path(), Isolation::Sandbox(mounts))).unwrap_err();
        let RunError::SandboxFailed(why) = err else {
            panic!("not the sandbox's failure: {err}");
        };
        assert!(why.starts_with("bwrap: "), "{why}");
    }

    #[test]
    fn a_program_saying_bwrap_outside_the_sandbox_is_just_a_program() {
        let dir = tempfile::tempdir().unwrap();
        let mut spec = spec(dir.path(), Isolation::Direct);
        spec.argv = ["/bin/sh", "-c", "echo 'bwrap: no' >&2; exit 1"]
            .map(Into::into)
            .to_vec();
        assert_eq!(run(&spec).unwrap().exit, Exit::Code(1));
    }
}
