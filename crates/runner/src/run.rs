//! One run through a [`Runner`]: launching the program (its command, its cgroup, what its
//! child does before `exec`), waiting for it under its limits, and turning what the runner saw
//! into a [`RunOutcome`] or a typed [`RunError`].

use std::os::unix::process::CommandExt;
use std::time::Instant;

use super::error::{Doing, Within};
use super::{
    Isolation, RunError, RunLimits, RunOutcome, RunSpec, Runner, Stopped, cgroup, child, enter,
    identity, launcher, live, memory, outcome, reap, seccomp, spawn,
};

impl Runner {
    /// Runs a program to the end (or until a limit stops it) and measures it. Fails with
    /// [`RunError::Interrupted`] when the token was set meanwhile, with
    /// [`RunError::SandboxFailed`] when the sandbox could not start the program, and with
    /// [`RunError::Setup`] naming the cause when the runner's own machinery failed.
    pub fn run(&self, spec: &RunSpec) -> Result<RunOutcome, RunError> {
        run_with_ends(self, spec, spawn::Ends::default(), None)
    }
}

/// [`Runner::run`], with the run's stdin or stdout given as open files (pipe ends) instead of
/// the spec's paths; the runner closes its copies once the program has started. Once
/// `peer_rejected` is set, the run is stopped ([`Stopped::PeerRejected`]).
pub(super) fn run_with_ends(
    runner: &Runner,
    spec: &RunSpec,
    ends: spawn::Ends,
    peer_rejected: Option<&std::sync::atomic::AtomicBool>,
) -> Result<RunOutcome, RunError> {
    runner.cancel().check()?;
    // Entries that have ended give their cgroups back before this run takes one.
    runner.exits().finish_ended();
    let Launched {
        pid,
        start,
        cgroup,
        report,
        sampler,
        live,
    } = launch(runner, spec, ends)?;
    let sampled_limit = sampler.as_ref().map(memory::Sampler::limit);
    let limits = &spec.limits;
    let cancel = runner.cancel();
    let watched = reap::Watched {
        pid,
        start,
        report: report.as_ref().map(launcher::ReportPipe::read_end),
    };
    let waited = reap::wait_with_limits(
        watched,
        limits,
        cgroup.as_ref(),
        sampler,
        cancel,
        peer_rejected,
    );
    let wall = start.elapsed();
    let reported = waited.as_ref().is_ok_and(reap::Waited::reported);
    let (rest_cpu, rest_peak) = match reported {
        // The entry has reaped everything of the run; only its own exit is left.
        true => (std::time::Duration::ZERO, 0),
        false => reap::kill_group(pid),
    };
    let waited = waited.doing(|| "waiting for the run (wait4)".into())?;
    let counted = count_and_let_go(runner, pid, cgroup, live, reported);
    if waited.interrupted {
        return Err(RunError::Interrupted);
    }
    let report = report.as_ref().and_then(launcher::ReportPipe::read);
    let (status, cpu, rusage_peak) = program_end(report, waited.exited, (rest_cpu, rest_peak))?;
    let exit = outcome::exit_of(status, &spec.isolation);
    if let Some(why) = outcome::sandbox_failure(spec, exit) {
        return Err(RunError::SandboxFailed(why));
    }
    // What the run left in its tmpfs when it ended (a kept sandbox's entry measures it) is
    // memory too: a full tmpfs of the limit's size plus any process is past the limit, even if
    // the run ended between two samples.
    let tmpfs_full = report.is_some_and(|r| sampled_limit.is_some_and(|l| r.tmpfs >= l));
    Ok(RunOutcome {
        exit,
        cpu: cpu
            .max(waited.sampled_cpu)
            .max(counted.cpu.unwrap_or_default()),
        wall,
        // The cgroup's figure is the one its limit applies to; a process's own peak also
        // counts shared library pages the cgroup was never charged for.
        peak_rss: counted.peak.unwrap_or(rusage_peak.max(waited.sampled_peak)),
        memory_exceeded: counted.oom_killed
            || tmpfs_full
            || waited.stopped == Some(Stopped::MemoryLimit),
        stopped: waited.stopped,
        cpu_limit: spec.limits.cpu,
    })
}

/// The program's wait status, CPU time and peak memory: in a kept sandbox from its entry's
/// `report`, else from its first process's wait (`exited`) with what the group's other
/// processes left (`rest`). A judge error when neither is known.
fn program_end(
    report: Option<launcher::Report>,
    exited: Option<(i32, libc::rusage)>,
    (rest_cpu, rest_peak): (std::time::Duration, u64),
) -> Result<(i32, std::time::Duration, u64), RunError> {
    match (report, exited) {
        (Some(r), _) => Ok((r.status, r.cpu, r.peak.max(r.tmpfs))),
        (None, Some((status, usage))) => Ok((
            status,
            reap::usage_cpu(&usage) + rest_cpu,
            (usage.ru_maxrss.max(0) as u64 * 1024).max(rest_peak),
        )),
        // Readable, yet not a whole report: nothing is known of how the program ended.
        (None, None) => Err(RunError::SandboxFailed(UNREADABLE_REPORT.into())),
    }
}

/// Why a run whose kept sandbox's entry signalled its end is a judge error when the report
/// itself cannot be read.
const UNREADABLE_REPORT: &str = "the sandbox's entry signalled the end of the run, but its report of the program's status could not be read";

/// What a run's cgroup counted (nothing where there is none).
struct Counted {
    peak: Option<u64>,
    cpu: Option<std::time::Duration>,
    oom_killed: bool,
}

/// Reads what the run's cgroup counted, once nothing of the run is left to add to it: every
/// process of the run, those it never waited for included. Then lets go of the cgroup and of
/// the run's place among the live runs; when the run's first process (a kept sandbox's entry
/// that reported) is `still_exiting`, the runner's `Exits` keeps both until it is reaped.
fn count_and_let_go(
    runner: &Runner,
    pid: libc::pid_t,
    cgroup: Option<cgroup::RunCgroup>,
    live: live::Live,
    still_exiting: bool,
) -> Counted {
    let counted = Counted {
        peak: cgroup.as_ref().and_then(cgroup::RunCgroup::peak_memory),
        cpu: cgroup.as_ref().and_then(cgroup::RunCgroup::cpu_time),
        oom_killed: cgroup.as_ref().is_some_and(cgroup::RunCgroup::oom_killed),
    };
    if cgroup.is_none()
        && let Some(ledger) = runner.ledger()
    {
        ledger.forget_run(pid);
    }
    match still_exiting {
        true => runner.exits().later(pid, cgroup, live),
        false => {
            drop(cgroup);
            drop(live);
        }
    }
    counted
}

/// A run's first process, started, and what the runner holds for it until it ends.
struct Launched {
    pid: libc::pid_t,
    start: Instant,
    cgroup: Option<cgroup::RunCgroup>,
    /// In a kept sandbox, where the run's entry reports the program's own status and usage.
    report: Option<launcher::ReportPipe>,
    sampler: Option<memory::Sampler>,
    /// Spares the run's session from a sweep for orphans while it is in progress.
    live: live::Live,
}

/// Starts a run: its command, its cgroup, what its child does before `exec`, the spawn.
fn launch(runner: &Runner, spec: &RunSpec, ends: spawn::Ends) -> Result<Launched, RunError> {
    let user = run_as(spec, runner)?;
    let spawn::Prepared {
        mut command,
        passed,
        lent,
    } = spawn::command(spec, ends, runner, user)?;
    let passed_fds = passed.iter().map(std::os::fd::AsRawFd::as_raw_fd).collect();
    let bases = runner.bases();
    let (limits, cpu) = (&spec.limits, spec.cpu_slot.and_then(child::cpu_for_slot));
    let cgroup = cgroup::RunCgroup::create(bases, limits.processes, limits.memory, cpu)
        .within("setting up the run's cgroup")?;
    if spec.limits.processes.is_some() && !bases.pids_available() {
        warn_unenforced_process_limit();
    }
    let sampled = sampled_limit(&spec.limits, cgroup.as_ref());
    // bubblewrap needs new user namespaces itself, so it installs the filter (`--seccomp`).
    let sandboxed = matches!(spec.isolation, Isolation::Sandbox(_));
    let filter = (!sandboxed).then(seccomp::filter).flatten();
    let mut setup = child::Setup::new(&spec.limits, spec.cpu_slot, cgroup.as_ref())
        .passing(passed_fds)
        .becoming(user)
        .filtered(filter);
    // In a kept sandbox, the child enters it (after joining the run's cgroup, so the program,
    // its descendant, is held there too) and reports the program's own status and usage.
    let (mut report, entry) = match &spec.isolation {
        Isolation::Kept(kept) => {
            setup = setup.leaving_address_space();
            let (report, entry) = kept_entry(spec, kept)?;
            (Some(report), Some(entry))
        }
        _ => (None, None),
    };
    // SAFETY: the closure only makes async-signal-safe system calls on data prepared before
    // the fork (see `lent::Lent::apply`, made while the child is still the judge's user,
    // `child::Setup::apply` and `enter::Entry::enter`).
    unsafe {
        command.pre_exec(move || {
            lent.as_ref().map_or(Ok(()), super::lent::Lent::apply)?;
            setup.apply()?;
            entry.as_ref().map_or(Ok(()), enter::Entry::enter)
        });
    }
    let pinned = child::PinnedThread::new(spec.cpu_slot);
    let start = Instant::now();
    let (pid, live) = start_noted(runner, &mut command, spec)?;
    drop(pinned);
    runner.started(pid);
    // A run held by a cgroup is in the ledger already, with all its processes: the cgroup's
    // directory is (see `ledger`). Only a run without one is noted (and forgotten) itself.
    if cgroup.is_none()
        && let Some(ledger) = runner.ledger()
    {
        ledger.note_run(pid);
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
        live,
    })
}

/// Starts the run's first process, noted as a run in progress. A kept sandbox the run could
/// not enter is noticed here and let go: the next run starts a new one (this run is the judge's
/// error).
fn start_noted(
    runner: &Runner,
    command: &mut std::process::Command,
    spec: &RunSpec,
) -> Result<(libc::pid_t, live::Live), RunError> {
    let started = live::Live::start(|| spawn::start(command, &spec.isolation));
    if let (Err(RunError::SandboxFailed(_)), Isolation::Kept(kept)) = (&started, &spec.isolation) {
        runner.kept().forget(kept);
    }
    started
}

/// The entry into a kept sandbox for a run, with the pipe it reports on; the program's
/// address-space cap is set by the program itself (see `child::Setup::leaving_address_space`).
fn kept_entry(
    spec: &RunSpec,
    kept: &std::sync::Arc<launcher::KeptSandbox>,
) -> Result<(launcher::ReportPipe, enter::Entry), RunError> {
    let report = launcher::ReportPipe::new()?;
    let env = spec.env.as_deref();
    let entry = enter::Entry::new(kept.clone(), report.write_fd(), &spec.argv, env)?
        .capping_address_space(spec.limits.address_space);
    Ok((report, entry))
}

/// The user a run becomes, if any (a limits-only run's, or a sandbox's started for the run
/// where bubblewrap works as that user), with its working directory (in the sandbox, the one
/// bound at `/sandbox`) handed to it before the run starts (the directory itself: what the
/// judge put in it stays the judge's).
fn run_as(spec: &RunSpec, runner: &Runner) -> Result<Option<identity::RunUser>, RunError> {
    let (user, dir) = match &spec.isolation {
        Isolation::Direct => (spec.user, &spec.cwd),
        Isolation::Sandbox(mounts) => match (runner.sandbox_user(spec.user), spec.user) {
            // bubblewrap starts as the judge, and the program becomes the run's user inside
            // (`spawn::sandboxed_argv`): its directory is that user's all the same.
            (None, Some(dropped)) => {
                hand_to(&mounts.work, dropped)?;
                return Ok(None);
            }
            (user, _) => (user, &mounts.work),
        },
        Isolation::Kept(_) => return Ok(None),
    };
    let Some(user) = user else {
        return Ok(None);
    };
    hand_to(dir, user)?;
    Ok(Some(user))
}

/// Makes `dir` (a run's working directory) the run's user's.
fn hand_to(dir: &std::path::Path, user: identity::RunUser) -> Result<(), RunError> {
    std::os::unix::fs::chown(dir, Some(user.uid), Some(user.gid))
        .doing(|| format!("handing {} to the run's user", dir.display()))?;
    Ok(())
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
    use crate::{Cancel, Exit, sandbox};

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
        let runner = Runner::new(Cancel::new());
        if runner.sandbox().is_err() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let mounts = sandbox::Mounts {
            read_only: vec![(dir.path().join("missing"), "/program".into())],
            work: dir.path().to_path_buf(),
        };
        let err = runner
            .run(&spec(dir.path(), Isolation::Sandbox(mounts)))
            .unwrap_err();
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
        let runner = Runner::new(Cancel::new());
        assert_eq!(runner.run(&spec).unwrap().exit, Exit::Code(1));
    }
}
