//! The kept sandbox: bubblewrap builds a submission's sandbox (its root, and its user, UTS and
//! cgroup namespaces) once per worker, and every run enters it instead of starting
//! bubblewrap again. Each run still gets its own mount, PID, IPC and network namespaces and a fresh,
//! empty `/sandbox`, `/tmp` and `/dev/shm` ([`super::enter`]); everything else in the kept root
//! is read-only, so nothing one run writes is visible to the next.
//!
//! Starting bubblewrap costs milliseconds per run, mostly in creating the network and user
//! namespaces and assembling the root mount by mount; entering kept namespaces and mounting
//! three directories costs a fraction of that. Only the namespaces are kept (as open
//! descriptors): the process bubblewrap started in them ends as soon as they are open.

use std::ffi::CString;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::error::{Doing, SetupError};

/// The runner's own failures, unless a signature says otherwise.
type Result<T, E = SetupError> = std::result::Result<T, E>;

use super::sandbox;

/// The namespaces a run shares with the other runs of its submission and worker, after the
/// user namespace that owns them (joining it first gives the capabilities to join the others).
/// The network namespace is not among them: a socket left in TIME_WAIT would carry state from
/// one test to the next, so each run gets a fresh one ([`super::enter`]).
const KEPT_NAMESPACES: [(&str, libc::c_int); 3] = [
    ("mnt", libc::CLONE_NEWNS),
    ("uts", libc::CLONE_NEWUTS),
    ("cgroup", libc::CLONE_NEWCGROUP),
];

/// `ioctl(NS_GET_USERNS)`: the user namespace that owns a namespace.
const NS_GET_USERNS: libc::c_ulong = 0xb701;

/// The namespaces of one kept sandbox, and the size of each run's fresh directories.
#[derive(Debug)]
pub struct KeptSandbox {
    /// The owning user namespace, then the others, in the order they are joined.
    pub(super) namespaces: Vec<(OwnedFd, libc::c_int)>,
    /// The user namespace bubblewrap runs programs in, when it is not the owning one: without
    /// root, bubblewrap maps the user to root in the outer namespace (to mount `/dev/pts`) and
    /// back to itself in an inner one. The program joins it.
    pub(super) program_user: Option<OwnedFd>,
    /// Mount options of the run's tmpfs, which holds `/sandbox`, `/tmp` and `/dev/shm`.
    pub(super) tmpfs_options: CString,
}

impl KeptSandbox {
    /// Builds the sandbox with bubblewrap and keeps its namespaces. The command bubblewrap runs
    /// inside, `cat`, echoes a byte once everything is in place; then its namespaces are opened
    /// and it is let go.
    pub(super) fn start(
        bwrap: &Path,
        read_only: &[(PathBuf, PathBuf)],
        tmpfs_bytes: u64,
    ) -> Result<KeptSandbox> {
        let argv = sandbox::kept_args(bwrap, read_only);
        let mut holder = Command::new(&argv[0])
            .args(&argv[1..])
            .arg("cat")
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .doing(|| "starting bwrap".into())?;
        let opened = open_namespaces(&mut holder);
        drop(holder.stdin.take());
        let mut said = String::new();
        if let Some(mut stderr) = holder.stderr.take() {
            let _ = stderr.read_to_string(&mut said);
        }
        let _ = holder.wait();
        let (namespaces, program_user) = match opened {
            Ok(opened) => {
                // bubblewrap's outer process does not reap its inner one, which then comes back
                // to the judge (a subreaper).
                // SAFETY: waiting for a process that is ours or not a child at all (ECHILD).
                unsafe { libc::waitpid(opened.inner, std::ptr::null_mut(), 0) };
                (opened.namespaces, opened.program_user)
            }
            Err(err) if said.trim().is_empty() => return Err(err),
            Err(_) => return Err(SetupError::msg(said.trim())),
        };
        let tmpfs_options = CString::new(format!("size={tmpfs_bytes},mode=0755"))
            .map_err(|_| SetupError::msg("tmpfs options"))?;
        Ok(KeptSandbox {
            namespaces,
            program_user,
            tmpfs_options,
        })
    }
}

/// The namespaces of a finished sandbox, opened, and the process they were opened through.
struct Opened {
    /// Each namespace to join, with its kind, the user namespace first.
    namespaces: Vec<(OwnedFd, libc::c_int)>,
    /// The program's own user namespace, where it differs from the sandbox's.
    program_user: Option<OwnedFd>,
    /// The sandbox's first process (bubblewrap's child), which the judge reaps.
    inner: libc::pid_t,
}

/// Waits until the holder runs inside the finished sandbox, then opens its namespaces.
fn open_namespaces(holder: &mut std::process::Child) -> Result<Opened> {
    let (Some(stdin), Some(stdout)) = (holder.stdin.as_mut(), holder.stdout.as_mut()) else {
        return Err(SetupError::msg("no pipe to bwrap"));
    };
    stdin
        .write_all(b"\n")
        .doing(|| "writing to the sandbox".into())?;
    let mut byte = [0u8];
    stdout
        .read_exact(&mut byte)
        .doing(|| "the sandbox did not start".into())?;
    // The sandbox's first process is bubblewrap's only child.
    let outer = holder.id();
    let children = std::fs::read_to_string(format!("/proc/{outer}/task/{outer}/children"))
        .doing(|| "finding the sandbox's process".into())?;
    let inner: libc::pid_t = children
        .split_whitespace()
        .next()
        .and_then(|pid| pid.parse().ok())
        .ok_or_else(|| SetupError::msg("the sandbox has no process"))?;
    let open = |name: &str| {
        let path = format!("/proc/{inner}/ns/{name}");
        let file = std::fs::File::open(&path).doing(|| format!("opening {path}"))?;
        Ok::<_, SetupError>(OwnedFd::from(file))
    };
    let mut namespaces = Vec::new();
    for (name, kind) in KEPT_NAMESPACES {
        namespaces.push((open(name)?, kind));
    }
    // SAFETY: the ioctl returns a new descriptor (or -1), which we then own.
    let owner = unsafe { libc::ioctl(namespaces[0].0.as_raw_fd(), NS_GET_USERNS) };
    if owner < 0 {
        return Err(std::io::Error::last_os_error())
            .doing(|| "finding the sandbox's user namespace".into());
    }
    // SAFETY: see above.
    let owner = unsafe { OwnedFd::from_raw_fd(owner) };
    let program_user = open("user")?;
    let program_user = (identity(&program_user) != identity(&owner)).then_some(program_user);
    namespaces.insert(0, (owner, libc::CLONE_NEWUSER));
    Ok(Opened {
        namespaces,
        program_user,
        inner,
    })
}

/// What tells two namespaces apart: the device and inode of their descriptors.
fn identity(fd: &OwnedFd) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let file = std::fs::File::from(fd.try_clone().ok()?);
    file.metadata().ok().map(|m| (m.dev(), m.ino()))
}

/// What the run's init reports about the program: its wait status and, added up over the
/// program and every process of the run it reaped, CPU time and the largest peak memory.
#[derive(Debug, Clone, Copy)]
pub(super) struct Report {
    pub status: i32,
    pub cpu: Duration,
    pub peak: u64,
    /// The bytes the run's tmpfs (its `/sandbox`, `/tmp` and `/dev/shm`) held when it ended.
    pub tmpfs: u64,
}

/// The size of a report on the pipe: status, CPU microseconds, peak bytes, tmpfs bytes.
pub(super) const REPORT_BYTES: usize = 32;

/// The pipe a run's init reports on: the judge keeps the read end; the write end goes to the
/// run, closes when the program `exec`s and is closed in the judge once the run started.
pub(super) struct ReportPipe {
    read: OwnedFd,
    write: Option<OwnedFd>,
}

impl ReportPipe {
    pub(super) fn new() -> Result<ReportPipe> {
        let mut fds = [0; 2];
        // SAFETY: pipe2 fills two descriptors, which we then own.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
            return Err(std::io::Error::last_os_error()).doing(|| "creating a report pipe".into());
        }
        // SAFETY: both descriptors were just created and are owned by nobody else.
        let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        Ok(ReportPipe {
            read,
            write: Some(write),
        })
    }

    /// The write end's number, for the run.
    pub(super) fn write_fd(&self) -> RawFd {
        self.write.as_ref().map_or(-1, AsRawFd::as_raw_fd)
    }

    /// Closes the judge's copy of the write end (after the run started).
    pub(super) fn close_write(&mut self) {
        self.write = None;
    }

    /// The read end, to wait on.
    pub(super) fn read_end(&self) -> std::os::fd::BorrowedFd<'_> {
        use std::os::fd::AsFd;
        self.read.as_fd()
    }

    /// The report, if the init lived to send it (not when the run was killed).
    pub(super) fn read(&self) -> Option<Report> {
        let mut buf = [0u8; REPORT_BYTES];
        let mut file = std::fs::File::from(self.read.try_clone().ok()?);
        file.read_exact(&mut buf).ok()?;
        let word = |i: usize| u64::from_ne_bytes(buf[i..i + 8].try_into().unwrap_or_default());
        Some(Report {
            status: word(0) as i32,
            cpu: Duration::from_micros(word(8)),
            peak: word(16),
            tmpfs: word(24),
        })
    }
}
