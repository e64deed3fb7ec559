//! What happens in the child between `fork` and `exec`: its own session (so no controlling
//! terminal, and a process group of its own), its cgroups, resource limits, the CPU it is pinned
//! to, no descriptor of the judge's beyond its three standard streams (and those it is handed
//! on purpose), and the seccomp filter ([`super::seccomp`]). Everything is computed before the
//! fork; the child only makes system calls.

use std::ffi::CString;
use std::os::fd::RawFd;

use super::RunLimits;
use super::cgroup::RunCgroup;
use super::identity::RunUser;

pub(super) struct Setup {
    rlimits: Vec<(libc::__rlimit_resource_t, libc::rlim_t, libc::rlim_t)>,
    cpu: Option<libc::cpu_set_t>,
    /// The `cgroup.procs` files of the run's cgroups, to join before `exec`.
    cgroup_procs: Vec<CString>,
    /// Descriptors above 2 the program is handed on purpose (bubblewrap's arguments).
    keep: Vec<RawFd>,
    /// The seccomp filter to install, unless bubblewrap installs it itself.
    filter: Option<&'static [libc::sock_filter]>,
    /// The unprivileged user a limits-only run becomes, with the highest capability number.
    user: Option<(RunUser, libc::c_int)>,
}

impl Setup {
    pub(super) fn new(
        limits: &RunLimits,
        cpu_slot: Option<usize>,
        cgroup: Option<&RunCgroup>,
    ) -> Setup {
        // The kernel's CPU limit is a backstop for processes the runner does not watch (children
        // of the run): whole seconds, so one second beyond the limit, rounded up.
        let cpu_secs = limits.cpu.as_secs_f64().ceil() as libc::rlim_t + 1;
        let mut rlimits = vec![
            (libc::RLIMIT_CPU, cpu_secs, cpu_secs + 1),
            (libc::RLIMIT_CORE, 0, 0),
            (
                libc::RLIMIT_FSIZE,
                limits.file_bytes + 1,
                limits.file_bytes + 1,
            ),
        ];
        if let Some(bytes) = limits.address_space {
            rlimits.push((libc::RLIMIT_AS, bytes, bytes));
        }
        if let Some(bytes) = limits.stack {
            rlimits.push((libc::RLIMIT_STACK, bytes, libc::RLIM_INFINITY));
        }
        if let Some(n) = limits.processes
            && !cgroup.is_some_and(RunCgroup::limits_processes)
        {
            // The kernel counts every process of the user, so the run's allowance comes on top
            // of what the user already runs. (It ignores this limit for root: see `cgroup`.)
            let n = processes_of_this_user() + n;
            rlimits.push((libc::RLIMIT_NPROC, n, n));
        }
        Setup {
            rlimits,
            cpu: cpu_slot.and_then(cpu_set_for_slot),
            cgroup_procs: cgroup.map(RunCgroup::procs_files).unwrap_or_default(),
            keep: Vec::new(),
            filter: None,
            user: None,
        }
    }

    /// Leaves the address-space cap to the program itself: a run entering a kept sandbox is a
    /// copy of the judge until the program `exec`s, and the judge's address space may be larger
    /// than the program's cap (its threads, its allocator's arenas), so that the entry could not
    /// even map the stacks of the processes it starts (ENOMEM). The entry applies it
    /// ([`super::enter`]).
    pub(super) fn leaving_address_space(mut self) -> Setup {
        self.rlimits
            .retain(|&(resource, _, _)| resource != libc::RLIMIT_AS);
        self
    }

    /// Hands these descriptors on to the program (all others above 2 are closed at `exec`).
    pub(super) fn passing(mut self, fds: Vec<RawFd>) -> Setup {
        self.keep = fds;
        self
    }

    /// Installs the seccomp filter before `exec` (where bubblewrap does not).
    pub(super) fn filtered(mut self, filter: Option<&'static [libc::sock_filter]>) -> Setup {
        self.filter = filter;
        self
    }

    /// Becomes `user` before `exec` (a limits-only run where the judge is root).
    pub(super) fn becoming(mut self, user: Option<RunUser>) -> Setup {
        self.user = user.map(|user| (user, super::bare::last_capability()));
        self
    }

    /// Runs in the child after `fork`: only async-signal-safe calls, no allocation.
    pub(super) fn apply(&self) -> std::io::Result<()> {
        // SAFETY: plain system calls on values owned by `self`.
        unsafe {
            // A new session: no controlling terminal to type into or read from, and a process
            // group (numbered as the child) that the runner kills at the end.
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            // Dies with the judge, even by SIGKILL (what it started, the next judge clears:
            // see `ledger`).
            super::bare::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
            // Output past the limit is cut off, not fatal: writes beyond `RLIMIT_FSIZE` fail
            // (EFBIG) instead of killing the run with SIGXFSZ, as DOMjudge truncates it. A
            // program that keeps writing runs into its time limit (TLE, as the anchors judge
            // an endless writer); one that stops or dies is OLE (the file is past the limit).
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            for procs in &self.cgroup_procs {
                let fd = libc::open(procs.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                let joined = fd >= 0 && libc::write(fd, b"0".as_ptr().cast(), 1) == 1;
                if fd >= 0 {
                    libc::close(fd);
                }
                if !joined {
                    return Err(std::io::Error::last_os_error());
                }
            }
            for &(resource, soft, hard) in &self.rlimits {
                let mut current = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::getrlimit(resource, &mut current);
                // Never ask for more than the hard limit we were given: that would fail.
                let hard = hard.min(current.rlim_max);
                let limit = libc::rlimit {
                    rlim_cur: soft.min(hard),
                    rlim_max: hard,
                };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if let Some(set) = &self.cpu {
                // Where a cpuset holds the run (see `cgroup`), this only repeats it; elsewhere
                // pinning is a measurement aid the run may undo: failure is ignored.
                libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set);
            }
        }
        close_on_exec_above_2(&self.keep);
        if let Some((user, last_capability)) = self.user {
            become_run_user(user, last_capability)?;
        }
        if let Some(filter) = self.filter {
            super::seccomp::install(filter)?;
        }
        Ok(())
    }
}

/// The run's user for good (as a program in a kept sandbox becomes it: [`super::identity`]),
/// with no capability and none to regain; the death signal, which the change of user clears,
/// is set again. The working directory was entered (by the standard library) as the judge.
fn become_run_user(user: RunUser, last_capability: libc::c_int) -> std::io::Result<()> {
    use super::bare::{check, prctl};
    super::identity::become_user(user, last_capability)?;
    check(prctl(
        libc::PR_SET_PDEATHSIG,
        libc::SIGKILL as libc::c_ulong,
    ))?;
    super::bare::drop_capabilities(last_capability)
}

/// Marks every descriptor above 2 but `keep` close-on-exec: whatever the judge's caller left
/// open (a file on descriptor 7) never reaches a run. (Marked, not closed: the standard
/// library's pipe that reports a failed `exec` must stay open until then.)
fn close_on_exec_above_2(keep: &[RawFd]) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    // SAFETY: fcntl and close_range on this process's own descriptor table.
    unsafe {
        let all = libc::c_uint::MAX;
        if libc::syscall(libc::SYS_close_range, 3, all, CLOSE_RANGE_CLOEXEC) != 0 {
            // Before Linux 5.11: one descriptor at a time, up to the descriptor limit.
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
            let top = limit.rlim_cur.min(1 << 20) as RawFd;
            for fd in 3..top {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
        for &fd in keep {
            libc::fcntl(fd, libc::F_SETFD, 0);
        }
    }
}

/// The calling thread, pinned to its run's CPU while it starts the run, so that the child,
/// forked from it, starts on that CPU: pinned only after the fork (in [`Setup::apply`], which
/// stays as a check), it would first have to be moved there, waiting for that CPU (milliseconds
/// on a busy machine, at every run). Dropping it gives the thread back every CPU the judge may
/// use (which moves nothing), so that nothing else the thread does, or starts, is pinned.
pub(super) struct PinnedThread(bool);

impl PinnedThread {
    pub(super) fn new(slot: Option<usize>) -> PinnedThread {
        let Some(set) = slot.and_then(cpu_set_for_slot) else {
            return PinnedThread(false);
        };
        // SAFETY: sched_setaffinity on the calling thread (0) with a set we own. Failure only
        // means that the child moves itself, as it did before.
        let pinned =
            unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) };
        PinnedThread(pinned == 0)
    }
}

impl Drop for PinnedThread {
    fn drop(&mut self) {
        if !self.0 {
            return;
        }
        // SAFETY: cpu_set_t is plain data; CPU_SET writes inside it; sched_setaffinity on the
        // calling thread with a set we own.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            for &cpu in allowed_cpus() {
                libc::CPU_SET(cpu, &mut set);
            }
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
        }
    }
}

/// The CPU a slot's runs are pinned to, chosen among the CPUs this process may run on; `None`
/// where there is only one.
pub(super) fn cpu_for_slot(slot: usize) -> Option<usize> {
    let allowed = allowed_cpus();
    (allowed.len() >= 2).then(|| allowed[slot % allowed.len()])
}

/// The CPU set holding just the slot's CPU ([`cpu_for_slot`]).
fn cpu_set_for_slot(slot: usize) -> Option<libc::cpu_set_t> {
    let cpu = cpu_for_slot(slot)?;
    // SAFETY: cpu_set_t is plain data; CPU_ZERO/CPU_SET only write inside it.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_ZERO(&mut set);
        libc::CPU_SET(cpu, &mut set);
        Some(set)
    }
}

/// The CPUs the judge may use, in order: read once, before any thread is pinned to one of them
/// ([`PinnedThread`]).
fn allowed_cpus() -> &'static [usize] {
    static ALLOWED: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
    ALLOWED.get_or_init(|| {
        // SAFETY: sched_getaffinity fills the set we pass; CPU_ISSET only reads it.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
                return Vec::new();
            }
            (0..libc::CPU_SETSIZE as usize)
                .filter(|&cpu| libc::CPU_ISSET(cpu, &set))
                .collect()
        }
    })
}

/// How many processes the current user runs now (counted once per judge).
fn processes_of_this_user() -> u64 {
    static COUNT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *COUNT.get_or_init(|| {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: getuid has no preconditions.
        let uid = unsafe { libc::getuid() };
        std::fs::read_dir("/proc")
            .map(|entries| {
                entries
                    .flatten()
                    .filter(|e| {
                        e.file_name()
                            .to_string_lossy()
                            .bytes()
                            .all(|b| b.is_ascii_digit())
                    })
                    .filter(|e| e.metadata().is_ok_and(|m| m.uid() == uid))
                    .count() as u64
            })
            .unwrap_or(0)
    })
}
