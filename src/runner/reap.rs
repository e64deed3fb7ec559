//! Waiting for a run under its time limits, and leaving nothing behind: killing the run's
//! process group, reaping it, and sweeping up orphans that escaped their group.
//!
//! The judge makes itself a child subreaper, so a run's orphaned descendants are re-parented to
//! the judge rather than to PID 1 (which, in containers, often never reaps them).

use std::sync::Once;
use std::time::{Duration, Instant};

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

/// Waits for `pid` to end, stopping it when it passes its CPU or wall limit or when the judge
/// is interrupted. Returns its wait status, resource usage and why it was stopped, if it was.
pub(super) fn wait_with_limits(
    pid: libc::pid_t,
    start: Instant,
    limits: &RunLimits,
) -> (i32, libc::rusage, Option<Stopped>) {
    let pidfd = PidFd::open(pid);
    let clock = cpu_clock(pid);
    let mut stopped = None;
    loop {
        if stopped.is_none() {
            let elapsed = start.elapsed();
            let reason = if crate::interrupt::requested() {
                Some(Stopped::Interrupted)
            } else if elapsed >= limits.wall {
                Some(Stopped::WallLimit)
            } else if clock.is_some_and(|c| cpu_time(c).is_some_and(|t| t > limits.cpu)) {
                Some(Stopped::CpuLimit)
            } else {
                None
            };
            if let Some(reason) = reason {
                stopped = Some(reason);
                signal_group(pid);
            } else {
                let timeout = (limits.wall - elapsed).min(POLL);
                if !pidfd.wait_readable(timeout) {
                    continue;
                }
            }
        }
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if stopped.is_some() || pidfd.is_some() {
            0
        } else {
            libc::WNOHANG
        };
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            return (status, usage, stopped);
        }
        if r < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            // Not our child any more (cannot happen unless someone else reaped it): report a kill.
            return (libc::SIGKILL, usage, stopped.or(Some(Stopped::WallLimit)));
        }
        if r == 0 && pidfd.is_none() {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// Sends SIGKILL to every process in the run's group.
fn signal_group(pgid: libc::pid_t) {
    // SAFETY: signalling a process group we created.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
}

/// Kills every process left in the run's group and reaps those that are our children.
pub(super) fn kill_group(pgid: libc::pid_t) {
    signal_group(pgid);
    let mut status = 0;
    // SAFETY: reaping children in a process group we created.
    while unsafe { libc::waitpid(-pgid, &mut status, 0) } > 0 {}
}

/// Kills and reaps every child of the judge: call when no run is in progress (at the end of a
/// command) to collect orphans that left their process group before it was killed.
pub fn reap_orphans() {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    for _round in 0..50 {
        let orphans = children_of(me);
        if orphans.is_empty() {
            break;
        }
        for pid in &orphans {
            // SAFETY: signalling a process that is our child.
            unsafe {
                libc::kill(*pid, libc::SIGKILL);
            }
        }
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            let mut status = 0;
            // SAFETY: reaping our own children.
            let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
            if r < 0 || (r == 0 && Instant::now() > deadline) {
                break;
            }
            if r == 0 {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// The processes whose parent is `parent`, from /proc.
fn children_of(parent: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut children = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command name is in parentheses and may contain anything; fields follow the last ')'.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            continue;
        };
        let ppid = rest
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse::<libc::pid_t>().ok());
        if ppid == Some(parent) {
            children.push(pid);
        }
    }
    children
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

    fn is_none(&self) -> bool {
        self.0.is_none()
    }

    /// Waits up to `timeout` for the process to end; without a pidfd, sleeps briefly instead.
    fn wait_readable(&self, timeout: Duration) -> bool {
        match self.0 {
            Some(fd) => {
                let mut pfd = libc::pollfd {
                    fd,
                    events: libc::POLLIN,
                    revents: 0,
                };
                let ms = timeout.as_millis().clamp(1, i32::MAX as u128) as i32;
                // SAFETY: one valid pollfd.
                unsafe { libc::poll(&mut pfd, 1, ms) > 0 }
            }
            None => {
                std::thread::sleep(timeout.min(Duration::from_millis(2)));
                true
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
