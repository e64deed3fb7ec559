//! Starting a run's process: its command line (wrapped in bubblewrap when sandboxed), its
//! standard streams and environment, and the spawn itself, with failures named.
//!
//! A run's input is never a file it could change. Where the run is a user of its own (the judge
//! is root) and the file is not writable by that user, the run gets the judge's file opened
//! read-only: reopening `/proc/self/fd/0` for writing is refused by the file's own permissions.
//! Elsewhere it gets a private, sealed copy in memory, which it cannot change either; the copy
//! keeps the file's holes, so a sparse input of a gigabyte holds only the bytes on disk. bubblewrap gets its arguments on a descriptor (`--args`), so that the
//! sandbox's PID 1, bubblewrap itself, does not show the host paths it mounts on its command
//! line.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{Seek, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Stdio};

use super::error::{Doing, SetupError};

use super::{Isolation, RunError, RunSpec, Runner, sandbox};

/// The runner's own failures, unless a signature says otherwise.
type Result<T, E = SetupError> = std::result::Result<T, E>;

/// Standard streams given as open files (the ends of pipes) rather than by the spec's paths.
#[derive(Default)]
pub(super) struct Ends {
    pub stdin: Option<OwnedFd>,
    pub stdout: Option<OwnedFd>,
}

/// A run's command, with the descriptors it is handed beyond its standard streams (kept open
/// here until the run has started).
pub(super) struct Prepared {
    pub command: Command,
    pub passed: Vec<OwnedFd>,
    /// A sandbox's mounts, lent by the judge to a run that starts bubblewrap as its user.
    pub lent: Option<super::lent::Lent>,
}

/// The command for a run: the program, inside the sandbox when asked (started as `user`, if
/// any), its files and its environment.
pub(super) fn command(
    spec: &RunSpec,
    ends: Ends,
    runner: &Runner,
    user: Option<super::RunUser>,
) -> Result<Prepared, RunError> {
    let stdin = match (ends.stdin, &spec.stdin) {
        (Some(fd), _) => File::from(fd),
        (None, Some(path)) => {
            // A program in a kept sandbox becomes the run's user itself.
            let reader = match &spec.isolation {
                Isolation::Kept(_) => super::identity::run_user(),
                _ => user,
            };
            input_for(path, reader)?
        }
        (None, None) => File::open("/dev/null").doing(|| "opening /dev/null".into())?,
    };
    let piped = ends.stdout.is_some();
    let stdout = match ends.stdout {
        Some(fd) => File::from(fd),
        None => create(&spec.stdout)?,
    };
    // A piped stdout is not the file the paths name: stderr still goes to its own file.
    let stderr = if spec.stderr == spec.stdout && !piped {
        stdout
            .try_clone()
            .doing(|| "sharing the output file".into())?
    } else {
        create(&spec.stderr)?
    };
    let mut passed = Vec::new();
    let mut lent = None;
    let argv = match &spec.isolation {
        Isolation::Direct | Isolation::Kept(_) => spec.argv.clone(),
        Isolation::Sandbox(mounts) => {
            sandboxed_argv(spec, mounts, runner, user, &mut passed, &mut lent)?
        }
    };
    let program = argv
        .first()
        .ok_or_else(|| SetupError::msg("empty command line"))?;
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
    Ok(Prepared {
        command,
        passed,
        lent,
    })
}

/// bubblewrap's command line for a run in a sandbox started for it (as `user`, if any, with
/// its mounts lent: `lent`), its arguments and seccomp filter on descriptors put in `passed`.
fn sandboxed_argv(
    spec: &RunSpec,
    mounts: &sandbox::Mounts,
    runner: &Runner,
    user: Option<super::RunUser>,
    passed: &mut Vec<OwnedFd>,
    lent: &mut Option<super::lent::Lent>,
) -> Result<Vec<OsString>, RunError> {
    let bwrap = runner
        .sandbox()
        .map_err(|why| RunError::SandboxFailed(why.to_string()))?;
    let shown = match user {
        Some(_) => {
            let (sources, shown) = super::lent::Lent::new(mounts)?;
            *lent = Some(sources);
            Some(shown)
        }
        None => None,
    };
    let mut args = sandbox::wrap_args(bwrap, shown.as_ref().unwrap_or(mounts), spec.limits.memory);
    // bwrap itself and the closing `--` stay on the command line.
    args.pop();
    if lent.is_some() {
        args.extend(super::lent::user_args());
    }
    let mut listed = Vec::new();
    for arg in &args[1..] {
        listed.extend_from_slice(arg.as_bytes());
        listed.push(0);
    }
    if let Some(filter) = super::seccomp::filter() {
        let fd = sealed_memfd(c"leapfrog-seccomp", &super::seccomp::bytes(filter))?;
        listed.extend_from_slice(format!("--seccomp\0{}\0", fd.as_raw_fd()).as_bytes());
        passed.push(fd);
    }
    let fd = sealed_memfd(c"leapfrog-bwrap-args", &listed)?;
    let mut argv: Vec<OsString> = vec![bwrap.into(), "--args".into()];
    argv.push(fd.as_raw_fd().to_string().into());
    argv.push("--".into());
    passed.push(fd);
    argv.extend(spec.argv.iter().cloned());
    Ok(argv)
}

/// A run's input, read from its start: the file itself, opened read-only, where `reader` (the
/// run's own user) may not write it; else a private copy, sealed against every change. Only a
/// regular file is copied: a pipe or a device (a stream fed as it is read) is the run's as it
/// is, and nothing the run does to it reaches a file.
fn input_for(path: &Path, reader: Option<super::RunUser>) -> Result<File> {
    let from = File::open(path).doing(|| format!("opening {}", path.display()))?;
    let meta = from
        .metadata()
        .doing(|| format!("reading the metadata of {}", path.display()))?;
    if !meta.is_file() || reader.is_some_and(|user| !writable_by(&meta, user)) {
        return Ok(from);
    }
    let copy = memfd(c"leapfrog-input")?;
    copy_keeping_holes(&from, &copy, meta.len())
        .doing(|| format!("copying {} for the run", path.display()))?;
    seal(&copy)?;
    Ok(copy)
}

/// Whether `user` may write the file by its mode (owner, group or everyone). ACLs are not
/// read: the judge's package and scratch files carry none.
fn writable_by(meta: &std::fs::Metadata, user: super::RunUser) -> bool {
    use std::os::unix::fs::MetadataExt;
    let mode = meta.mode();
    (meta.uid() == user.uid && mode & 0o200 != 0)
        || (meta.gid() == user.gid && mode & 0o020 != 0)
        || mode & 0o002 != 0
}

/// Copies the data of `from` into `to` (an empty memory file), leaving the holes of a sparse
/// file holes: a memory file's holes take no memory.
fn copy_keeping_holes(from: &File, to: &File, len: u64) -> std::io::Result<()> {
    use std::os::unix::fs::FileExt;
    to.set_len(len)?;
    let mut buffer = vec![0u8; 1 << 16];
    let mut at = 0u64;
    while at < len {
        let Some(data) = seek(from, at, libc::SEEK_DATA)? else {
            break;
        };
        let hole = seek(from, data, libc::SEEK_HOLE)?.unwrap_or(len).min(len);
        let mut offset = data;
        while offset < hole {
            let want = buffer.len().min((hole - offset) as usize);
            let n = from.read_at(&mut buffer[..want], offset)?;
            if n == 0 {
                break;
            }
            to.write_all_at(&buffer[..n], offset)?;
            offset += n as u64;
        }
        at = hole.max(offset);
    }
    Ok(())
}

/// `lseek` with `SEEK_DATA` or `SEEK_HOLE`: the next offset from `at`, `None` past the last
/// data (ENXIO). A file system without holes reports all of the file as data.
fn seek(file: &File, at: u64, whence: libc::c_int) -> std::io::Result<Option<u64>> {
    // SAFETY: lseek on a descriptor we own.
    let r = unsafe { libc::lseek(file.as_raw_fd(), at as libc::off_t, whence) };
    if r >= 0 {
        return Ok(Some(r as u64));
    }
    match std::io::Error::last_os_error() {
        err if err.raw_os_error() == Some(libc::ENXIO) => Ok(None),
        err => Err(err),
    }
}

/// A memory file holding `bytes`, sealed, read from its start, closed on `exec` unless the
/// child hands it on.
fn sealed_memfd(name: &std::ffi::CStr, bytes: &[u8]) -> Result<OwnedFd> {
    let mut file = memfd(name)?;
    file.write_all(bytes)
        .doing(|| "filling a memory file".into())?;
    seal(&file)?;
    file.rewind().doing(|| "rewinding a memory file".into())?;
    Ok(OwnedFd::from(file))
}

fn memfd(name: &std::ffi::CStr) -> Result<File> {
    // SAFETY: memfd_create takes a C string and flags and returns a new descriptor or -1.
    let fd =
        unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error())
            .doing(|| "creating a memory file (memfd_create)".into());
    }
    // SAFETY: the descriptor was just created and belongs to nobody else.
    Ok(File::from(unsafe { OwnedFd::from_raw_fd(fd) }))
}

/// No more writing, growing or shrinking, and no more seals to change that.
fn seal(file: &File) -> Result<()> {
    let seals = libc::F_SEAL_SEAL | libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE;
    // SAFETY: fcntl on a descriptor we own.
    if unsafe { libc::fcntl(file.as_raw_fd(), libc::F_ADD_SEALS, seals) } != 0 {
        return Err(std::io::Error::last_os_error()).doing(|| "sealing a memory file".into());
    }
    Ok(())
}

/// Starts the prepared command and returns its pid; the caller waits for it with `wait4`, so
/// the `Child` handle is dropped here.
pub(super) fn start(command: &mut Command, isolation: &Isolation) -> Result<libc::pid_t, RunError> {
    match spawn_past_busy_text(command) {
        Ok(child) => Ok(child.id() as libc::pid_t),
        // The kept sandbox could not be entered, or the program not started in it.
        Err(err) if matches!(isolation, Isolation::Kept(_)) => Err(RunError::SandboxFailed(
            format!("entering the kept sandbox: {err}"),
        )),
        Err(err) => {
            let program = command.get_program().to_string_lossy();
            Err(SetupError::io(format!("starting {program}"), err).into())
        }
    }
}

/// Spawns `command`, again for a while when the program's file is still open for writing
/// somewhere ("Text file busy"): a copy of the program the judge has just written and closed
/// can still be held open by a child that another thread forked meanwhile, until that child
/// starts its own program. The hold lasts a moment, so a few tries get past it.
fn spawn_past_busy_text(command: &mut Command) -> std::io::Result<std::process::Child> {
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(err) if err.raw_os_error() == Some(libc::ETXTBSY) && tries < 50 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            spawned => return spawned,
        }
    }
}

fn create(path: &std::path::Path) -> Result<File> {
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .doing(|| format!("creating {}", path.display()))
}
