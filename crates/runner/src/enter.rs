//! A run entering its kept sandbox ([`super::launcher`]), between `fork` and `exec`:
//!
//! - the runner's child (the *entry*) joins the kept namespaces, unshares fresh mount, PID, IPC
//!   and network namespaces (with the loopback up), mounts the run's own tmpfs at `/sandbox`, `/tmp` and `/dev/shm`, and
//!   starts two processes that share its memory (as `posix_spawn` does), so that neither copies
//!   the judge's page tables again:
//! - the *init*, PID 1 of the new PID namespace, mounts that namespace's `/proc` and then reaps
//!   whatever is orphaned in the run, adding up its CPU time;
//! - the *program*, PID 2, becomes the run's unprivileged user where the judge is root
//!   ([`super::identity`]; its working directory is handed to that user), drops every
//!   capability (and the right to regain any) and `exec`s.
//!
//! The entry waits for the program, kills the init (and with it everything left in the PID
//! namespace), reports the program's status, CPU time, peak memory and what its tmpfs holds on a
//! pipe the program never holds, and exits the way the program did.
//!
//! The entry is a copy of the judge, and the init shares its memory: before anything else the
//! entry blanks its copy of the judge's command line and environment, so that the run's
//! `/proc/1/cmdline` and `/proc/1/environ` show neither the package's paths nor the judge's
//! variables. It is outside the run's PID namespace, so the
//! program cannot see, trace or signal it.
//!
//! Only system calls on data prepared before the fork: the judge that forked is multithreaded.

use std::ffi::{CStr, CString, OsString};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};

use super::bare;
use super::bare::{
    check, close_all_but, exit_code, kill_and_reap, last_capability, prctl, usage_micros, wait_for,
};
use super::error::SetupError;
use super::identity::{self, RunUser};
use super::launcher::{KeptSandbox, REPORT_BYTES};

/// The run's directories: made in its tmpfs (mounted at `/tmp`), then shown at their places;
/// `/tmp` itself comes last, covering the tmpfs's root.
const FRESH: [(&CStr, libc::mode_t, &CStr); 3] = [
    (c"/tmp/w", 0o755, c"/sandbox"),
    (c"/tmp/s", 0o1777, c"/dev/shm"),
    (c"/tmp/t", 0o1777, c"/tmp"),
];

/// The stack of each of the two processes that share the entry's memory.
const STACK_BYTES: usize = 64 << 10;

/// What the init and the program tell the entry through their shared memory.
#[derive(Default)]
struct Shared {
    /// The errno of the step that failed in the init or before the program's `exec`; 0: none.
    failed: AtomicI32,
    /// The write end of the pipe on which the init says that `/proc` is ready.
    ready: AtomicI32,
    /// CPU microseconds and the largest peak memory of the orphans the init reaped.
    orphans_cpu_us: AtomicU64,
    orphans_peak: AtomicU64,
}

pub(super) struct Entry {
    sandbox: Arc<KeptSandbox>,
    report: RawFd,
    last_capability: libc::c_int,
    /// The program's argv and environment, and the pointer arrays `execve` takes (pointing
    /// into them; built before the fork, never changed).
    _strings: Vec<CString>,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    shared: Shared,
    /// Where the judge's command line and environment lie in its memory (`/proc/self/stat`).
    judge_strings: [(usize, usize); 2],
    /// The unprivileged user the program becomes (where the judge is root): see
    /// [`super::identity`].
    user: Option<RunUser>,
    /// The program's address-space cap, set as it starts.
    address_space: Option<u64>,
}

// SAFETY: the raw pointers point into `_strings`, owned by the same value and never changed.
unsafe impl Send for Entry {}
// SAFETY: as above; the only shared mutable state is atomic.
unsafe impl Sync for Entry {}

impl Entry {
    pub(super) fn new(
        sandbox: Arc<KeptSandbox>,
        report: RawFd,
        argv: &[OsString],
        env: Option<&[(OsString, OsString)]>,
    ) -> Result<Entry, SetupError> {
        let c_string = |bytes: &[u8]| {
            CString::new(bytes).map_err(|_| SetupError::msg("a NUL byte in the command line"))
        };
        let args = argv
            .iter()
            .map(|a| c_string(a.as_bytes()))
            .collect::<Result<Vec<_>, SetupError>>()?;
        let pairs: Vec<(OsString, OsString)> = match env {
            Some(env) => env.to_vec(),
            None => std::env::vars_os().collect(),
        };
        let vars = pairs
            .iter()
            .map(|(k, v)| c_string(&[k.as_bytes(), b"=", v.as_bytes()].concat()))
            .collect::<Result<Vec<_>, SetupError>>()?;
        let pointers = |strings: &[CString]| {
            let mut p: Vec<*const libc::c_char> = strings.iter().map(|s| s.as_ptr()).collect();
            p.push(std::ptr::null());
            p
        };
        Ok(Entry {
            argv: pointers(&args),
            envp: pointers(&vars),
            _strings: args.into_iter().chain(vars).collect(),
            sandbox,
            report,
            last_capability: last_capability(),
            shared: Shared::default(),
            judge_strings: bare::judge_strings(),
            user: identity::run_user(),
            address_space: None,
        })
    }

    /// Caps the program's address space at `bytes` just before it `exec`s (not the entry's:
    /// see `child::Setup::leaving_address_space`).
    pub(super) fn capping_address_space(mut self, bytes: Option<u64>) -> Entry {
        self.address_space = bytes;
        self
    }

    /// Runs in the runner's child: never returns but with the error that stopped the run
    /// from starting (which the runner then reports).
    pub(super) fn enter(&self) -> io::Result<()> {
        bare::blank(&self.judge_strings);
        // SAFETY: system calls on descriptors and C strings owned by `self`.
        unsafe {
            for (fd, kind) in &self.sandbox.namespaces {
                // A root judge needs no user namespace to join the others, and its program
                // must not be in one: it becomes the run's user of the host, which owns nothing
                // (a uid inside bubblewrap's namespace would be root's on the host).
                if *kind == libc::CLONE_NEWUSER && self.user.is_some() {
                    continue;
                }
                check(libc::setns(fd.as_raw_fd(), *kind))?;
            }
            check(libc::unshare(
                libc::CLONE_NEWNS | libc::CLONE_NEWPID | libc::CLONE_NEWIPC | libc::CLONE_NEWNET,
            ))?;
            // As bubblewrap does for its network namespace: the loopback only, up.
            bare::loopback_up()?;
            self.mount_fresh_directories()?;
            check(libc::chdir(c"/sandbox".as_ptr()))?;
            check(prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
            ))?;
        }
        // The two stacks are mapped here, in the entry's own memory: fresh pages, where stacks
        // allocated by the judge would be zeroed there at every run and copied here as they are
        // written (copy on write after the fork).
        let init_stack = bare::map_stack(STACK_BYTES)?;
        let program_stack = bare::map_stack(STACK_BYTES)?;
        let init = self.start_init(init_stack)?;
        let program = match self.start_program(program_stack) {
            Ok(program) => program,
            Err(err) => {
                kill_and_reap(init);
                return Err(err);
            }
        };
        // The program has its copy of every descriptor; the entry keeps only the report's.
        close_all_but(self.report);
        let (status, usage) = wait_for(program);
        kill_and_reap(init);
        let tmpfs = bare::tmpfs_used();
        let cpu_us = usage_micros(&usage) + self.shared.orphans_cpu_us.load(Ordering::SeqCst);
        let peak = (usage.ru_maxrss.max(0) as u64 * 1024)
            .max(self.shared.orphans_peak.load(Ordering::SeqCst));
        let mut record = [0u8; REPORT_BYTES];
        record[..8].copy_from_slice(&(status as u32 as u64).to_ne_bytes());
        record[8..16].copy_from_slice(&cpu_us.to_ne_bytes());
        record[16..24].copy_from_slice(&peak.to_ne_bytes());
        record[24..].copy_from_slice(&tmpfs.to_ne_bytes());
        // SAFETY: writing a buffer we own, then ending this process.
        unsafe {
            libc::write(self.report, record.as_ptr().cast(), REPORT_BYTES);
            libc::_exit(exit_code(status));
        }
    }

    unsafe fn mount_fresh_directories(&self) -> io::Result<()> {
        // SAFETY: mount, umask and mkdir on C strings we own.
        unsafe {
            check(libc::mount(
                c"tmpfs".as_ptr(),
                c"/tmp".as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                self.sandbox.tmpfs_options.as_ptr().cast(),
            ))?;
            // mkdir is subject to the umask: none while the run's directories are made (two
            // calls, where a chmod of each directory would look its path up again). (A failure
            // ends the run before its program starts, so the umask is not left at 0 for it.)
            let umask = libc::umask(0);
            for (dir, mode, _) in FRESH {
                check(libc::mkdir(dir.as_ptr(), mode))?;
            }
            libc::umask(umask);
            for (dir, mode, place) in FRESH {
                if mode == 0o755 {
                    // The working directory is the run's own (the others are 1777).
                    identity::hand_over(dir, self.user)?;
                }
                check(libc::mount(
                    dir.as_ptr(),
                    place.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND,
                    std::ptr::null(),
                ))?;
            }
        }
        Ok(())
    }

    /// Starts the init and waits until it has mounted `/proc`.
    fn start_init(&self, stack: *mut libc::c_void) -> io::Result<libc::pid_t> {
        let mut ready = [0; 2];
        // SAFETY: pipe2 fills two descriptors; clone runs `init_main` on its own stack with
        // `self`, which outlives it (the entry ends it before exiting).
        unsafe {
            check(libc::pipe2(ready.as_mut_ptr(), libc::O_CLOEXEC))?;
            self.shared.ready.store(ready[1], Ordering::SeqCst);
            let init = libc::clone(
                init_main,
                stack,
                libc::CLONE_VM | libc::SIGCHLD,
                self as *const Entry as *mut libc::c_void,
            );
            libc::close(ready[1]);
            let mut byte = 0u8;
            if init >= 0 {
                while libc::read(ready[0], (&mut byte as *mut u8).cast(), 1) < 0
                    && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
                {
                }
            }
            libc::close(ready[0]);
            let init = check(init)?;
            match self.shared.failed.load(Ordering::SeqCst) {
                0 => Ok(init),
                errno => {
                    kill_and_reap(init);
                    Err(io::Error::from_raw_os_error(errno))
                }
            }
        }
    }

    /// Starts the program; returns once it has `exec`ed (or failed to).
    fn start_program(&self, stack: *mut libc::c_void) -> io::Result<libc::pid_t> {
        // SAFETY: as in `start_init`; with CLONE_VFORK the entry waits while the program
        // uses its memory.
        let program = check(unsafe {
            libc::clone(
                program_main,
                stack,
                libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
                self as *const Entry as *mut libc::c_void,
            )
        })?;
        match self.shared.failed.load(Ordering::SeqCst) {
            0 => Ok(program),
            errno => {
                wait_for(program);
                Err(io::Error::from_raw_os_error(errno))
            }
        }
    }

    /// The init: mounts `/proc`, says so, then reaps orphans until it is killed.
    fn init(&self) -> io::Result<()> {
        bare::mount_proc()?;
        check(prctl(
            libc::PR_SET_PDEATHSIG,
            libc::SIGKILL as libc::c_ulong,
        ))?;
        prctl(libc::PR_SET_NAME, c"sandbox-init".as_ptr() as libc::c_ulong);
        Ok(())
    }

    /// The init's reaping loop: SIGCHLD stays blocked (so that it is queued, not ignored, for
    /// a PID 1) and is waited for between rounds of reaping.
    fn reap_orphans(&self) -> ! {
        // SAFETY: signal-mask calls on a set we own; wait4 on our own children.
        unsafe {
            let mut chld: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut chld);
            libc::sigaddset(&mut chld, libc::SIGCHLD);
            libc::sigprocmask(libc::SIG_BLOCK, &chld, std::ptr::null_mut());
            loop {
                let mut status = 0;
                let mut usage: libc::rusage = std::mem::zeroed();
                while libc::wait4(-1, &mut status, libc::WNOHANG, &mut usage) > 0 {
                    let cpu = usage_micros(&usage);
                    self.shared.orphans_cpu_us.fetch_add(cpu, Ordering::SeqCst);
                    let peak = usage.ru_maxrss.max(0) as u64 * 1024;
                    self.shared.orphans_peak.fetch_max(peak, Ordering::SeqCst);
                }
                libc::sigwaitinfo(&chld, std::ptr::null_mut());
            }
        }
    }

    /// The program's process before `exec`: the run's unprivileged user where the judge is
    /// root, else bubblewrap's user namespace; no capabilities; returns why it could not `exec`.
    fn become_program(&self) -> io::Error {
        let prepared = (|| {
            match (self.user, &self.sandbox.program_user) {
                (Some(user), _) => identity::become_user(user, self.last_capability)?,
                (None, Some(ns)) => {
                    // SAFETY: setns on a descriptor we own.
                    check(unsafe { libc::setns(ns.as_raw_fd(), libc::CLONE_NEWUSER) })?;
                }
                (None, None) => {}
            }
            if let Some(bytes) = self.address_space {
                bare::cap_address_space(bytes)?;
            }
            // (After the change of user, which clears it.)
            check(prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
            ))?;
            bare::drop_capabilities(self.last_capability)
        })();
        if let Err(err) = prepared {
            return err;
        }
        // SAFETY: execve with NUL-terminated arrays we own; it returns only when it fails.
        unsafe { libc::execve(self.argv[0], self.argv.as_ptr(), self.envp.as_ptr()) };
        io::Error::last_os_error()
    }
}

/// Where the init starts (on its own stack, sharing the entry's memory).
extern "C" fn init_main(entry: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `entry` is the Entry that started us, alive until it kills us.
    let entry = unsafe { &*(entry as *const Entry) };
    if let Err(err) = entry.init() {
        let errno = err.raw_os_error().unwrap_or(libc::EINVAL);
        entry.shared.failed.store(errno, Ordering::SeqCst);
    }
    let ready = entry.shared.ready.load(Ordering::SeqCst);
    // SAFETY: writing one byte to our copy of the pipe, then closing every descriptor.
    unsafe {
        libc::write(ready, b"!".as_ptr().cast(), 1);
    }
    close_all_but(-1);
    if entry.shared.failed.load(Ordering::SeqCst) != 0 {
        return 1;
    }
    entry.reap_orphans()
}

/// Where the program's process starts (sharing the entry's memory until `exec`).
extern "C" fn program_main(entry: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `entry` is the Entry that started us, waiting until we exec or exit.
    let entry = unsafe { &*(entry as *const Entry) };
    let err = entry.become_program();
    let errno = err.raw_os_error().unwrap_or(libc::EINVAL);
    entry.shared.failed.store(errno, Ordering::SeqCst);
    // SAFETY: ending this process without running anything of the judge's.
    unsafe { libc::_exit(127) }
}
