//! A run entering its kept sandbox ([`super::launcher`]), between `fork` and `exec`. The
//! process tree mirrors bubblewrap's:
//!
//! - the runner's child (the *entry*) joins the kept namespaces, unshares fresh mount, PID and
//!   IPC namespaces, mounts the run's own tmpfs at `/sandbox`, `/tmp` and `/dev/shm`, forks
//!   the init and waits for it, ending the way it ends;
//! - the *init*, PID 1 of the new PID namespace, mounts that namespace's `/proc`, forks the
//!   program, reaps every process of the run that ends, and when the program has ended reports
//!   its status, CPU time and peak memory on a pipe and exits, at which the kernel kills
//!   whatever is left in the namespace. It cannot be traced or signalled by the program;
//! - the program drops every capability (and the right to regain any) and `exec`s.
//!
//! Only system calls on data prepared before the fork: the judge that forked is multithreaded.

use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::sync::Arc;

use super::launcher::{KeptSandbox, REPORT_BYTES};

/// Parts of `/proc` that are shown read-only, as bubblewrap does.
const PROC_COVERS: [&std::ffi::CStr; 4] = [
    c"/proc/sys",
    c"/proc/sysrq-trigger",
    c"/proc/irq",
    c"/proc/bus",
];

/// The run's directories: made in its tmpfs (mounted at `/tmp`), then shown at their places;
/// `/tmp` itself comes last, covering the tmpfs's root.
const FRESH: [(&std::ffi::CStr, libc::mode_t, &std::ffi::CStr); 3] = [
    (c"/tmp/w", 0o755, c"/sandbox"),
    (c"/tmp/s", 0o1777, c"/dev/shm"),
    (c"/tmp/t", 0o1777, c"/tmp"),
];

pub(super) struct Entry {
    sandbox: Arc<KeptSandbox>,
    report: RawFd,
    last_capability: libc::c_int,
}

impl Entry {
    pub(super) fn new(sandbox: Arc<KeptSandbox>, report: RawFd) -> Entry {
        Entry {
            sandbox,
            report,
            last_capability: last_capability(),
        }
    }

    /// Runs in the runner's child: returns only in the program's process, ready to `exec`.
    pub(super) fn enter(&self) -> io::Result<()> {
        // SAFETY: system calls on descriptors and C strings owned by `self`; the processes
        // that do not return end with `_exit`.
        unsafe {
            for (fd, kind) in &self.sandbox.namespaces {
                check(libc::setns(fd.as_raw_fd(), *kind))?;
            }
            check(libc::unshare(
                libc::CLONE_NEWNS | libc::CLONE_NEWPID | libc::CLONE_NEWIPC,
            ))?;
            check(libc::mount(
                c"tmpfs".as_ptr(),
                c"/tmp".as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                self.sandbox.tmpfs_options.as_ptr().cast(),
            ))?;
            for (dir, mode, place) in FRESH {
                check(libc::mkdir(dir.as_ptr(), mode))?;
                // mkdir is subject to the umask.
                check(libc::chmod(dir.as_ptr(), mode))?;
                check(libc::mount(
                    dir.as_ptr(),
                    place.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND,
                    std::ptr::null(),
                ))?;
            }
            check(libc::chdir(c"/sandbox".as_ptr()))?;
            check(prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
            ))?;
            let init = check(libc::fork())?;
            if init == 0 {
                return self.init();
            }
            close_all_but(self.report);
            let status = wait_for(init);
            libc::_exit(exit_code(status));
        }
    }

    /// PID 1 of the run's namespace: returns only in the program's process.
    unsafe fn init(&self) -> io::Result<()> {
        // SAFETY: as in `enter`.
        unsafe {
            let proc_flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
            check(libc::mount(
                c"proc".as_ptr(),
                c"/proc".as_ptr(),
                c"proc".as_ptr(),
                proc_flags,
                std::ptr::null(),
            ))?;
            for cover in PROC_COVERS {
                let path = cover.as_ptr();
                let (null, no_data) = (std::ptr::null(), std::ptr::null());
                if libc::access(path, libc::F_OK) == 0 {
                    let bind = libc::MS_BIND | libc::MS_REC;
                    check(libc::mount(path, path, null, bind, no_data))?;
                    let flags = libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | proc_flags;
                    check(libc::mount(null, path, null, flags, no_data))?;
                }
            }
            // Not traceable by the program (same user), so its report cannot be forged.
            if let Some(user) = &self.sandbox.program_user {
                check(libc::setns(user.as_raw_fd(), libc::CLONE_NEWUSER))?;
            }
            check(prctl(libc::PR_SET_DUMPABLE, 0))?;
            check(prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
            ))?;
            let program = check(libc::fork())?;
            if program == 0 {
                return self.drop_capabilities();
            }
            close_all_but(self.report);
            let (status, cpu_us, peak) = reap_until(program);
            let mut record = [0u8; REPORT_BYTES];
            record[..8].copy_from_slice(&(status as u32 as u64).to_ne_bytes());
            record[8..16].copy_from_slice(&cpu_us.to_ne_bytes());
            record[16..].copy_from_slice(&peak.to_ne_bytes());
            libc::write(self.report, record.as_ptr().cast(), REPORT_BYTES);
            libc::_exit(exit_code(status));
        }
    }

    /// The program's last step before `exec`: no capabilities, none to be regained.
    fn drop_capabilities(&self) -> io::Result<()> {
        #[repr(C)]
        struct Header {
            version: u32,
            pid: libc::c_int,
        }
        #[repr(C)]
        struct Data {
            effective: u32,
            permitted: u32,
            inheritable: u32,
        }
        const VERSION_3: u32 = 0x2008_0522;
        // SAFETY: prctl with integer arguments; capset reads the two structs we pass.
        unsafe {
            for cap in 0..=self.last_capability {
                prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong);
            }
            prctl(
                libc::PR_CAP_AMBIENT,
                libc::PR_CAP_AMBIENT_CLEAR_ALL as libc::c_ulong,
            );
            let header = Header {
                version: VERSION_3,
                pid: 0,
            };
            let none = [
                Data {
                    effective: 0,
                    permitted: 0,
                    inheritable: 0,
                },
                Data {
                    effective: 0,
                    permitted: 0,
                    inheritable: 0,
                },
            ];
            check(libc::syscall(libc::SYS_capset, &header, none.as_ptr()) as libc::c_int)?;
            check(prctl(libc::PR_SET_NO_NEW_PRIVS, 1))?;
        }
        Ok(())
    }
}

/// prctl with one argument, passed at the width the kernel reads, the others zero.
fn prctl(option: libc::c_int, arg: libc::c_ulong) -> libc::c_int {
    let zero: libc::c_ulong = 0;
    // SAFETY: prctl with integer arguments.
    unsafe { libc::prctl(option, arg, zero, zero, zero) }
}

fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(r)
    }
}

/// The highest capability number this kernel knows (read before the fork).
fn last_capability() -> libc::c_int {
    static LAST: std::sync::OnceLock<libc::c_int> = std::sync::OnceLock::new();
    *LAST.get_or_init(|| {
        std::fs::read_to_string("/proc/sys/kernel/cap_last_cap")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(63)
    })
}

/// Closes every descriptor but `keep`, so that the entry and the init hold none of the
/// judge's (among them the pipe on which the runner learns that the program started).
fn close_all_but(keep: RawFd) {
    // SAFETY: closing descriptors of this process, which uses none of them afterwards.
    unsafe {
        let all = libc::c_uint::MAX;
        let ok = keep >= 0
            && (keep == 0 || libc::syscall(libc::SYS_close_range, 0, keep as u32 - 1, 0) == 0)
            && libc::syscall(libc::SYS_close_range, keep as u32 + 1, all, 0) == 0;
        if !ok {
            for fd in (0..4096).filter(|&fd| fd != keep) {
                libc::close(fd);
            }
        }
    }
}

fn wait_for(pid: libc::pid_t) -> libc::c_int {
    let mut status = 0;
    // SAFETY: waiting for our own child.
    while unsafe { libc::waitpid(pid, &mut status, 0) } < 0 {
        if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return libc::SIGKILL;
        }
    }
    status
}

/// Reaps the run's processes until `program` ends: its wait status, and the CPU microseconds
/// and largest peak memory (bytes) of everything reaped.
fn reap_until(program: libc::pid_t) -> (libc::c_int, u64, u64) {
    let (mut cpu_us, mut peak) = (0u64, 0u64);
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: reaping our own children.
        let pid = unsafe { libc::wait4(-1, &mut status, 0, &mut usage) };
        if pid < 0 {
            if io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            return (libc::SIGKILL, cpu_us, peak);
        }
        let micros =
            |tv: libc::timeval| tv.tv_sec.max(0) as u64 * 1_000_000 + tv.tv_usec.max(0) as u64;
        cpu_us += micros(usage.ru_utime) + micros(usage.ru_stime);
        peak = peak.max(usage.ru_maxrss.max(0) as u64 * 1024);
        if pid == program {
            return (status, cpu_us, peak);
        }
    }
}

/// An exit code telling how a process ended: its own, or 128 + the signal that killed it.
fn exit_code(status: libc::c_int) -> libc::c_int {
    if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    }
}
