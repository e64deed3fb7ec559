//! Waiting for a run under its time limits, and leaving nothing behind: killing the run's
//! process group and reaping it (the orphans that escaped their group are
//! [`super::live`]'s to sweep), or, for a run in a kept sandbox that ended by reporting,
//! reaping its entry later ([`Exits`]).
//!
//! The judge makes itself a child subreaper, so a run's orphaned descendants are re-parented to
//! the judge rather than to PID 1 (which, in containers, often never reaps them).

use std::sync::Once;
use std::time::{Duration, Instant};

use super::cancel::Cancel;
use super::cgroup::RunCgroup;
use super::memory::Sampler;
use super::{POLL, RunLimits, Stopped};

pub(super) fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with integer arguments.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// What waiting for a run found out.
pub(super) struct Waited {
    /// The first process's wait status and usage, once reaped; `None` when the run ended by
    /// reporting (its first process, the kept sandbox's entry, is still exiting, unreaped, and
    /// the report holds the program's status and usage instead).
    pub exited: Option<(i32, libc::rusage)>,
    pub stopped: Option<Stopped>,
    /// The judge was interrupted meanwhile, and the run stopped for that.
    pub interrupted: bool,
    /// The CPU time of the run's processes when the runner last looked: a lower bound for a
    /// run it stopped, whose own accounting can be lost as a sandbox is torn down.
    pub sampled_cpu: Duration,
    /// The largest resident memory the runner sampled (0 when it did not sample).
    pub sampled_peak: u64,
}

impl Waited {
    /// Whether the run ended by reporting rather than by its first process's exit.
    pub fn reported(&self) -> bool {
        self.exited.is_none()
    }
}

/// A started run, as it is waited for: its first process, when it started, and where a kept
/// sandbox's entry reports (its run is over once that is readable).
pub(super) struct Watched<'a> {
    pub pid: libc::pid_t,
    pub start: Instant,
    pub report: Option<std::os::fd::BorrowedFd<'a>>,
}

/// Waits for the run to end (its first process to end, or its report to arrive), stopping it
/// when it passes its CPU, wall or (with a `sampler`) memory limit, when the runner's token
/// `cancel` is set (the judge is interrupted) or when `peer_rejected` is set. Fails only when
/// waiting itself fails (the judge's fault, not the run's).
pub(super) fn wait_with_limits(
    run: Watched<'_>,
    limits: &RunLimits,
    cgroup: Option<&RunCgroup>,
    mut sampler: Option<Sampler>,
    cancel: &Cancel,
    peer_rejected: Option<&std::sync::atomic::AtomicBool>,
) -> std::io::Result<Waited> {
    let Watched {
        pid,
        start,
        report: reported,
    } = run;
    let pidfd = PidFd::open(pid);
    let poll = if sampler.is_some() {
        super::memory::SAMPLE
    } else {
        POLL
    };
    let mut stopped = None;
    let mut interrupted = false;
    let mut sampled_cpu = Duration::ZERO;
    let exited = loop {
        if stopped.is_none() && !interrupted {
            let elapsed = start.elapsed();
            interrupted = cancel.is_cancelled();
            let reason = match interrupted {
                true => None,
                false => past_a_limit(
                    pid,
                    elapsed,
                    limits,
                    cgroup,
                    sampler.as_mut(),
                    peer_rejected,
                    &mut sampled_cpu,
                ),
            };
            if reason.is_some() || interrupted {
                stopped = reason;
                signal_group(pid);
            } else {
                let timeout = (limits.wall - elapsed).min(poll);
                match pidfd.wait_readable(timeout, reported) {
                    Ready::Neither => continue,
                    Ready::Reported => break None,
                    Ready::Ended => {}
                }
            }
        }
        let block = stopped.is_some() || interrupted || pidfd.is_some();
        if let Some(exit) = reap_now(pid, block)? {
            break Some(exit);
        }
        if !block {
            std::thread::sleep(Duration::from_millis(2));
        }
    };
    Ok(Waited {
        exited,
        stopped,
        interrupted,
        sampled_cpu,
        sampled_peak: sampler.map_or(0, |s| s.peak),
    })
}

/// Reaps `pid` (our child) if it has ended, waiting for it when `block`: its wait status and
/// usage; `None` while it runs or when the wait was interrupted. Fails when `pid` is not our
/// child any more (someone else reaped it): nothing is known of the run then.
fn reap_now(pid: libc::pid_t, block: bool) -> std::io::Result<Option<(i32, libc::rusage)>> {
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    // SAFETY: waiting for our own child.
    let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
    if r == pid {
        return Ok(Some((status, usage)));
    }
    let err = std::io::Error::last_os_error();
    match r < 0 && err.raw_os_error() != Some(libc::EINTR) {
        true => Err(err),
        false => Ok(None),
    }
}

/// Why the run must stop now, if it must: its peer rejected it, or it is past its memory, wall
/// or CPU limit `elapsed` after its start. `sampled_cpu` keeps the CPU time whenever it is read.
fn past_a_limit(
    pid: libc::pid_t,
    elapsed: Duration,
    limits: &RunLimits,
    cgroup: Option<&RunCgroup>,
    sampler: Option<&mut Sampler>,
    peer_rejected: Option<&std::sync::atomic::AtomicBool>,
    sampled_cpu: &mut Duration,
) -> Option<Stopped> {
    if peer_rejected.is_some_and(|c| c.load(std::sync::atomic::Ordering::Acquire)) {
        Some(Stopped::PeerRejected)
    } else if sampler.is_some_and(|s| s.over_limit(cgroup)) {
        Some(Stopped::MemoryLimit)
    } else if elapsed >= limits.wall {
        Some(Stopped::WallLimit)
    } else if (elapsed >= limits.cpu || cgroup.is_some_and(|c| c.cpu_time().is_some())) && {
        *sampled_cpu = run_cpu_time(pid, cgroup);
        *sampled_cpu > limits.cpu
    } {
        Some(Stopped::CpuLimit)
    } else {
        None
    }
}

/// Sends SIGKILL to every process in the run's group.
fn signal_group(pgid: libc::pid_t) {
    // SAFETY: signalling a process group we created.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
}

/// Kills every process left in the run's group and reaps those that are our children. Returns
/// their CPU time and the largest peak memory among them: a sandboxed program's usage reaches us
/// this way, because bubblewrap's outer process exits without reaping its inner one, which
/// then comes back to the judge, the subreaper, with the program's usage inside its own.
pub(super) fn kill_group(pgid: libc::pid_t) -> (Duration, u64) {
    signal_group(pgid);
    let mut cpu = Duration::ZERO;
    let mut peak = 0;
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: reaping children in a process group we created.
        if unsafe { libc::wait4(-pgid, &mut status, 0, &mut usage) } <= 0 {
            break;
        }
        cpu += usage_cpu(&usage);
        peak = peak.max(usage.ru_maxrss.max(0) as u64 * 1024);
    }
    (cpu, peak)
}

/// User plus system time of a rusage.
pub(super) fn usage_cpu(usage: &libc::rusage) -> Duration {
    timeval(usage.ru_utime) + timeval(usage.ru_stime)
}

fn timeval(tv: libc::timeval) -> Duration {
    Duration::from_secs(tv.tv_sec.max(0) as u64) + Duration::from_micros(tv.tv_usec.max(0) as u64)
}

/// The CPU time of the run: all its processes' as its cgroup counts them (those that ended
/// and were never waited for included), else its live processes': those in its cgroup, else
/// those in its process group (whose id is the run's pid).
fn run_cpu_time(pid: libc::pid_t, cgroup: Option<&RunCgroup>) -> Duration {
    if let Some(counted) = cgroup.and_then(RunCgroup::cpu_time) {
        return counted;
    }
    let pids = match cgroup {
        Some(cgroup) => cgroup.pids(),
        None => super::procs::processes_where(|_, pgrp| pgrp == pid),
    };
    pids.into_iter()
        .filter_map(cpu_clock)
        .filter_map(cpu_time)
        .sum()
}

/// What waiting for a run found.
enum Ready {
    Neither,
    /// The run's first process has ended.
    Ended,
    /// Its report has arrived.
    Reported,
}

/// A pidfd: becomes readable when the process ends. Absent on kernels before 5.3.
struct PidFd(Option<libc::c_int>);

impl PidFd {
    fn open(pid: libc::pid_t) -> PidFd {
        // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        PidFd((fd >= 0).then_some(fd as libc::c_int))
    }

    fn is_some(&self) -> bool {
        self.0.is_some()
    }

    /// Waits up to `timeout` for the process to end or for `reported` to be readable (the
    /// entry's report has arrived); without a pidfd, sleeps briefly instead.
    fn wait_readable(
        &self,
        timeout: Duration,
        reported: Option<std::os::fd::BorrowedFd<'_>>,
    ) -> Ready {
        use std::os::fd::AsRawFd;
        match self.0 {
            Some(fd) => {
                let mut pfds =
                    [fd, reported.map_or(-1, |r| r.as_raw_fd())].map(|fd| libc::pollfd {
                        fd,
                        events: libc::POLLIN,
                        revents: 0,
                    });
                let ms = timeout.as_millis().clamp(1, i32::MAX as u128) as i32;
                // SAFETY: two pollfds (a negative descriptor is ignored).
                if unsafe { libc::poll(pfds.as_mut_ptr(), 2, ms) } <= 0 {
                    Ready::Neither
                } else if pfds[1].revents & libc::POLLIN != 0 {
                    Ready::Reported
                } else {
                    Ready::Ended
                }
            }
            None => {
                std::thread::sleep(timeout.min(Duration::from_millis(2)));
                Ready::Ended
            }
        }
    }
}

impl Drop for PidFd {
    fn drop(&mut self) {
        if let Some(fd) = self.0 {
            // SAFETY: closing the descriptor we opened.
            unsafe {
                libc::close(fd);
            }
        }
    }
}

/// The CPU-time clock of a process (all its threads).
fn cpu_clock(pid: libc::pid_t) -> Option<libc::clockid_t> {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: writes one clockid.
    (unsafe { libc::clock_getcpuclockid(pid, &mut clock) } == 0).then_some(clock)
}

fn cpu_time(clock: libc::clockid_t) -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: writes one timespec.
    (unsafe { libc::clock_gettime(clock, &mut ts) } == 0).then(|| {
        Duration::new(
            ts.tv_sec.max(0) as u64,
            ts.tv_nsec.clamp(0, 999_999_999) as u32,
        )
    })
}

/// The first processes of runs that are over but still exiting: a kept sandbox's entry reports
/// once the program and everything else of the run are gone, and its own exit (tearing down the
/// run's namespaces, unmapping its copy of the judge) takes a fraction of a millisecond more,
/// which the next test need not wait for. Each is reaped later with its cgroup (which it is in
/// until it has exited) and its place among the live runs, before the next run takes a cgroup
/// and when the runner is dropped.
#[derive(Default)]
pub(super) struct Exits(std::sync::Mutex<Vec<Exiting>>);

struct Exiting {
    pid: libc::pid_t,
    _cgroup: Option<RunCgroup>,
    _live: super::live::Live,
}

impl Exits {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Exiting>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn later(
        &self,
        pid: libc::pid_t,
        cgroup: Option<RunCgroup>,
        live: super::live::Live,
    ) {
        self.lock().push(Exiting {
            pid,
            _cgroup: cgroup,
            _live: live,
        });
    }

    /// Reaps those that have ended (their cgroups go back to the pool).
    pub(super) fn finish_ended(&self) {
        let ended: Vec<Exiting> = {
            let mut exiting = self.lock();
            let (ended, still) = std::mem::take(&mut *exiting)
                .into_iter()
                .partition(|e| reaped(e.pid, libc::WNOHANG));
            *exiting = still;
            ended
        };
        drop(ended);
    }

    /// The entries not reaped yet.
    #[cfg(test)]
    pub(super) fn pending(&self) -> Vec<libc::pid_t> {
        self.lock().iter().map(|e| e.pid).collect()
    }

    /// Waits for every one of them.
    pub(super) fn finish_all(&self) {
        for exiting in std::mem::take(&mut *self.lock()) {
            reaped(exiting.pid, 0);
        }
    }
}

/// Whether `pid` (our child) is reaped now: it had ended, or it is gone (reaped elsewhere).
fn reaped(pid: libc::pid_t, flags: libc::c_int) -> bool {
    let mut status = 0;
    loop {
        // SAFETY: waiting for our own child.
        let r =
            unsafe { libc::wait4(pid, &mut status, flags | libc::__WALL, std::ptr::null_mut()) };
        if r < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
            continue;
        }
        return r != 0;
    }
}
