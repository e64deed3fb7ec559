//! A sandbox started for one run as the run's user ([`super::identity`]): what bubblewrap must
//! mount is lent to it by the judge, which may reach it where that user may not.
//!
//! bubblewrap resolves its bind sources as the user that starts it, even those given as
//! descriptors (`--bind-fd` resolves `/proc/self/fd/N` back to its path, as that user): a
//! source below a directory only root may enter (`/root/.cache/...`, a test's `0700` temporary
//! directory) is out of its reach. So the run's child, still root, makes a mount namespace of
//! its own (private: nothing it mounts reaches the host), opens each source, puts a small
//! fresh tmpfs on `/tmp` and binds each source there (`/tmp/0`, `/tmp/1`, ...);
//! only then does it become the run's user and start bubblewrap, which binds those paths as
//! before. The files themselves are not changed: the run's user still needs read access to
//! them (and what it writes, in its working directory, it owns). bubblewrap's own base
//! directory (`/tmp/.bubblewrap-UID`) lands in that tmpfs too, not in the host's `/tmp`.

use std::ffi::{CString, OsString};
use std::path::{Path, PathBuf};

use super::error::{Doing, SetupError};
use super::identity::RunUser;
use super::sandbox::Mounts;

/// Where the lent sources appear in the run's mount namespace (before bubblewrap's).
const LENT_DIR: &str = "/tmp";

/// The sources of one run's mounts, and where the child binds each (C strings made before
/// the fork).
pub(super) struct Lent {
    /// Each source's host path, whether it is a directory, and its lent path.
    sources: Vec<(CString, bool, CString)>,
}

impl Lent {
    /// Notes every source of `mounts` (read-only ones, then the working directory) and returns
    /// the mounts as the run's user will see them: each source at its lent path.
    pub(super) fn new(mounts: &Mounts) -> Result<(Lent, Mounts), SetupError> {
        let mut lent = Lent {
            sources: Vec::new(),
        };
        let mut shown = Mounts::default();
        for (host, inside) in &mounts.read_only {
            shown.read_only.push((lent.add(host)?, inside.clone()));
        }
        shown.work = lent.add(&mounts.work)?;
        Ok((lent, shown))
    }

    fn add(&mut self, host: &Path) -> Result<PathBuf, SetupError> {
        let is_dir = std::fs::metadata(host)
            .doing(|| format!("reading {} for the run's sandbox", host.display()))?
            .is_dir();
        let at = PathBuf::from(format!("{LENT_DIR}/{}", self.sources.len()));
        let c = |p: &Path| {
            CString::new(p.as_os_str().as_encoded_bytes())
                .map_err(|_| SetupError::msg(format!("a NUL byte in {}", p.display())))
        };
        self.sources.push((c(host)?, is_dir, c(&at)?));
        Ok(at)
    }

    /// In the child, before it becomes the run's user: a private mount namespace, a tmpfs on
    /// [`LENT_DIR`], each source bound at its place there (opened first, as it may lie below
    /// [`LENT_DIR`]). Only system calls.
    pub(super) fn apply(&self) -> std::io::Result<()> {
        use super::bare::check;
        const MAX: usize = 64;
        if self.sources.len() > MAX {
            return Err(std::io::Error::from_raw_os_error(libc::E2BIG));
        }
        let mut fds = [-1; MAX];
        // SAFETY: system calls on C strings prepared before the fork and on a stack buffer.
        unsafe {
            check(libc::unshare(libc::CLONE_NEWNS))?;
            let none = std::ptr::null::<libc::c_char>();
            check(libc::mount(
                none,
                c"/".as_ptr(),
                none,
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ))?;
            for (fd, (host, _, _)) in fds.iter_mut().zip(&self.sources) {
                *fd = check(libc::open(host.as_ptr(), libc::O_PATH | libc::O_CLOEXEC))?;
            }
            check(libc::mount(
                c"tmpfs".as_ptr(),
                c"/tmp".as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                c"mode=0755,size=1m,nr_inodes=1k".as_ptr().cast(),
            ))?;
            for (&fd, (_, is_dir, point)) in fds.iter().zip(&self.sources) {
                if *is_dir {
                    check(libc::mkdir(point.as_ptr(), 0o755))?;
                } else {
                    let made = check(libc::open(
                        point.as_ptr(),
                        libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                        0o644,
                    ))?;
                    libc::close(made);
                }
                let proc = proc_fd_path(fd);
                check(libc::mount(
                    proc.as_ptr().cast(),
                    point.as_ptr(),
                    none,
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                ))?;
                libc::close(fd);
            }
        }
        Ok(())
    }
}

/// `/proc/self/fd/N` as a C string in a stack buffer (no allocation: after the fork).
fn proc_fd_path(fd: libc::c_int) -> [u8; 32] {
    let mut buf = [0u8; 32];
    let prefix = b"/proc/self/fd/";
    buf[..prefix.len()].copy_from_slice(prefix);
    let mut digits = [0u8; 12];
    let (mut n, mut len) = (fd.max(0) as u32, 0);
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for (i, d) in digits[..len].iter().rev().enumerate() {
        buf[prefix.len() + i] = *d;
    }
    buf
}

/// The bubblewrap arguments a sandbox started as the run's user adds: its own user namespace
/// (which bubblewrap, unprivileged, needs), and none nested inside it.
pub(super) fn user_args() -> [OsString; 2] {
    ["--unshare-user", "--disable-userns"].map(OsString::from)
}

/// Whether bubblewrap can start a sandbox as `user`, with a mount lent from a directory that
/// user may not enter, and that user can read it and write its working directory; otherwise
/// why not. Tried once per runner ([`super::Runner::sandbox_user`]).
pub(super) fn probe(bwrap: &Path, user: RunUser) -> Result<(), String> {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().map_err(|e| format!("creating a probe directory: {e}"))?;
    let shown = dir.path().join("shown");
    let work = dir.path().join("work");
    let made = std::fs::create_dir(&shown)
        .and_then(|()| std::fs::write(shown.join("file"), b"lent\n"))
        .and_then(|()| std::fs::create_dir(&work))
        .and_then(|()| std::os::unix::fs::chown(&work, Some(user.uid), Some(user.gid)));
    made.map_err(|e| format!("preparing the probe: {e}"))?;
    let mounts = Mounts {
        read_only: vec![(shown, PathBuf::from(super::sandbox::PROGRAM_DIR))],
        work: work.clone(),
    };
    let (lent, seen) = Lent::new(&mounts).map_err(|e| e.to_string())?;
    let mut argv = super::sandbox::wrap_args(bwrap, &seen, Some(1 << 20));
    let at = argv.len() - 1;
    argv.splice(at..at, user_args());
    argv.extend(["/bin/sh", "-c", "cat /program/file > probe"].map(OsString::from));
    let last = super::bare::last_capability();
    let mut command = std::process::Command::new(&argv[0]);
    command.args(&argv[1..]).current_dir("/");
    // SAFETY: only system calls on data prepared before the fork.
    unsafe {
        command.pre_exec(move || {
            lent.apply()?;
            super::identity::become_user(user, last)?;
            super::bare::drop_capabilities(last)
        });
    }
    let output = command
        .output()
        .map_err(|e| format!("running bwrap: {e}"))?;
    let wrote = std::fs::read(work.join("probe")).is_ok_and(|b| b == b"lent\n");
    match output.status.success() && wrote {
        true => Ok(()),
        false => Err(format!(
            "bwrap cannot start a sandbox as an unprivileged user here: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )),
    }
}
