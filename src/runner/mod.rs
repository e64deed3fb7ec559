//! Running untrusted programs under limits and measuring them.
//!
//! Each run is a child in its own process group with resource limits set between `fork` and
//! `exec` ([`child`]), optionally inside the bubblewrap sandbox ([`sandbox`]) and, when the judge
//! runs as root, in a pids cgroup of its own ([`cgroup`]). The runner waits on a pidfd, waking at
//! most every 50 ms to add up the CPU clocks of the run's processes, so a busy loop is stopped
//! just past its limit and a sleeping program at the wall-clock limit. Whatever way the run
//! ends, everything it started is killed and reaped ([`reap`]); the judge is a child subreaper,
//! so orphans of a run come back to it. The runner reports facts (exit status, CPU time, peak
//! memory, why it stopped the run); turning them into verdicts is the judge's business.

mod bare;
mod cgroup;
mod child;
mod enter;
mod isolation;
mod launcher;
mod limits;
mod reap;
pub mod sandbox;

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context;

pub use isolation::{Isolation, IsolationChoice, choose_isolation};
pub use launcher::sandbox_for_run;
pub use limits::RunLimits;
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
}

/// Why the runner stopped a run before it ended by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    CpuLimit,
    WallLimit,
    /// The judge was interrupted (SIGINT / SIGTERM).
    Interrupted,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// What happened in a run.
#[derive(Debug, Clone)]
pub struct RunOutcome {
    pub exit: Exit,
    /// User plus system CPU time of the process and its reaped descendants.
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak resident memory of the largest process of the run, in bytes.
    pub peak_rss: u64,
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
        match self.exit {
            Exit::Code(code) => format!("exit code {code}"),
            Exit::Signal(sig) => format!("killed by signal {sig} ({})", signal_name(sig)),
        }
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
/// [`crate::interrupt::Interrupted`] when the judge was interrupted meanwhile.
pub fn run(spec: &RunSpec) -> anyhow::Result<RunOutcome> {
    reap::become_subreaper();
    let stdin = match &spec.stdin {
        Some(path) => File::open(path).with_context(|| format!("opening {}", path.display()))?,
        None => File::open("/dev/null").context("opening /dev/null")?,
    };
    let stdout = create(&spec.stdout)?;
    let stderr = if spec.stderr == spec.stdout {
        stdout.try_clone().context("sharing the output file")?
    } else {
        create(&spec.stderr)?
    };
    let argv = match &spec.isolation {
        Isolation::Direct | Isolation::Kept(_) => spec.argv.clone(),
        Isolation::Sandbox(mounts) => {
            let bwrap = sandbox::probe()
                .map_err(|why| anyhow::anyhow!("the sandbox is unavailable: {why}"))?;
            let mut argv = sandbox::wrap_args(bwrap, mounts);
            argv.extend(spec.argv.iter().cloned());
            argv
        }
    };
    let program = argv.first().context("empty command line")?;
    let mut command = Command::new(program);
    command
        .args(&argv[1..])
        .current_dir(&spec.cwd)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr));
    if let Some(env) = &spec.env {
        command.env_clear().envs(env.iter().map(|(k, v)| (k, v)));
    }
    let cgroup = spec.limits.processes.and_then(cgroup::RunCgroup::create);
    if spec.limits.processes.is_some() && cgroup.is_none() && !cgroup::available() {
        warn_unenforced_process_limit();
    }
    let setup = child::Setup::new(&spec.limits, spec.cpu_slot, cgroup.as_ref());
    let (mut report, entry) = match &spec.isolation {
        Isolation::Kept(kept) => {
            let report = launcher::ReportPipe::new()?;
            let env = spec.env.as_deref();
            let entry = enter::Entry::new(kept.clone(), report.write_fd(), &argv, env)?;
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
    let start = Instant::now();
    let child = command
        .spawn()
        .with_context(|| format!("starting {}", program.to_string_lossy()))?;
    let pid = child.id() as libc::pid_t;
    // The child is waited for with wait4 below, never through `child`.
    drop(child);
    if let Some(report) = &mut report {
        report.close_write();
    }
    let waited = reap::wait_with_limits(pid, start, &spec.limits, cgroup.as_ref());
    let (status, usage, stopped) = (waited.status, waited.usage, waited.stopped);
    let wall = start.elapsed();
    let (rest_cpu, rest_peak) = reap::kill_group(pid);
    drop(cgroup);
    if stopped == Some(Stopped::Interrupted) {
        return Err(crate::interrupt::Interrupted.into());
    }
    // In a kept sandbox, the program's own status and usage, from the run's init.
    let report = report.as_ref().and_then(launcher::ReportPipe::read);
    let status = report.map_or(status, |r| r.status);
    let exit = match (libc::WIFSIGNALED(status), &spec.isolation) {
        (true, _) => Exit::Signal(libc::WTERMSIG(status)),
        // bubblewrap reports a program killed by signal N as exit code 128 + N.
        (false, Isolation::Sandbox(_)) if (129..160).contains(&libc::WEXITSTATUS(status)) => {
            Exit::Signal(libc::WEXITSTATUS(status) - 128)
        }
        (false, _) => Exit::Code(libc::WEXITSTATUS(status)),
    };
    Ok(RunOutcome {
        exit,
        cpu: report
            .map_or(reap::usage_cpu(&usage) + rest_cpu, |r| r.cpu)
            .max(waited.sampled_cpu),
        wall,
        peak_rss: report.map_or((usage.ru_maxrss.max(0) as u64 * 1024).max(rest_peak), |r| {
            r.peak
        }),
        stopped,
        cpu_limit: spec.limits.cpu,
    })
}

fn create(path: &std::path::Path) -> anyhow::Result<File> {
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))
}

/// The conventional name of a signal.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGINT => "SIGINT",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGSYS => "SIGSYS",
        _ => "unknown signal",
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
