//! Where the judges' programs that make or check test data (generators, the plan's solution,
//! input and answer validators) run as the jury's user of their package ([`jury_user_of`])
//! where the judge is root, as output validators and interactors do ([`crate::as_run_user`]):
//! a user that owns nothing of the package, the compile cache or the caller's files, so that a
//! validator handed a test's input by its path, or a generator that knows where the package
//! lies, can read what every user may read but change nothing of the judge's. Each package has
//! a jury user of its own, so that one package's programs can neither read the files another
//! package's validators are handed nor signal them while both are judged.
//!
//! Each program gets a room of its own in the judge's scratch space (`0711`, entered but not
//! listed), made at its first run: a copy of its build (made once, not once a run), readable
//! by all and writable by root alone, and, for each run, copies of the files its arguments
//! name that other users could not reach (an answer validator's input inside a `0700`
//! package). The run's working directory is handed to it for the run and taken back after it
//! ([`Lent::take_back`]): what it left there becomes the judge's again, before the judge reads
//! or moves any of it (a generator's `testcase.in`), so that no file of the package ever
//! belongs to the jury's user.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use leapfrog_package::lang::Compiled;
use leapfrog_runner::{self as runner, RunSpec, Runner};

use super::as_run_user;
use super::fault::JudgeFault;

/// The user the jury's programs of the package holding `source` run as where the judge is
/// root (`None` where it is not): the package is the nearest folder above `source` with a
/// `problem.yaml`, else the folder `source` lies in.
pub(crate) fn jury_user_of(source: &Path) -> Option<runner::RunUser> {
    runner::run_user()?;
    let absolute = std::path::absolute(source).unwrap_or_else(|_| source.to_path_buf());
    let folder = absolute.parent().unwrap_or(&absolute);
    let root = leapfrog_util::package_around(folder).unwrap_or_else(|| folder.to_path_buf());
    let root = root.canonicalize().unwrap_or(root);
    runner::jury_user(root.as_os_str().as_encoded_bytes())
}

/// A program's room: made at its first run as the jury's user, removed with the program.
#[derive(Debug, Default)]
pub(crate) struct Room {
    /// The jury's user of the program's package ([`jury_user_of`]).
    user: Option<runner::RunUser>,
    state: Mutex<State>,
    runs: AtomicU64,
}

#[derive(Debug, Default)]
struct State {
    home: Option<Home>,
    /// The command of the copy for each memory limit it ran under (a JVM's heap follows it).
    commands: Vec<(u64, Vec<OsString>)>,
}

/// The room's directory, in the ledger while it lives (a judge killed mid-run leaves it, and
/// the next removes it).
#[derive(Debug)]
struct Home {
    dir: tempfile::TempDir,
    runner: Arc<Runner>,
}

impl Drop for Home {
    fn drop(&mut self) {
        self.runner.forget_dir(self.dir.path());
    }
}

/// A run lent to the jury's user: what to take back once it ended.
pub(crate) struct Lent {
    dir: PathBuf,
    files: Option<PathBuf>,
}

impl Room {
    /// The room of the program built from `source`, for its package's jury user.
    pub(crate) fn for_program(source: &Path) -> Room {
        Room {
            user: jury_user_of(source),
            ..Room::default()
        }
    }

    /// The user the program runs as (`None` where the judge is not root).
    pub(crate) fn user(&self) -> Option<runner::RunUser> {
        self.user
    }

    /// The command that runs `compiled`'s copy in the room as the jury's user, copying it
    /// there at its first use; `None` where the judge is not root (runs are then its own
    /// user). Where the jury's user cannot run it, an error: never the judge's user instead.
    pub(crate) fn command(
        &self,
        runner: &Arc<Runner>,
        compiled: &Compiled,
        memory_mib: u64,
    ) -> Result<Option<Vec<OsString>>, JudgeFault> {
        if self.user.is_none() {
            return Ok(None);
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, argv)) = state.commands.iter().find(|(m, _)| *m == memory_mib) {
            return Ok(Some(argv.clone()));
        }
        let home = match &state.home {
            Some(home) => home.dir.path().to_path_buf(),
            None => {
                let home = make_home(runner)?;
                let path = home.dir.path().to_path_buf();
                state.home = Some(home);
                path
            }
        };
        let dir = home.join(format!("m{memory_mib}"));
        make_dir(&dir)?;
        // A file the command names besides the program (a `.ctd` script checktestdata reads) is
        // copied beside it where other users could not read it.
        let argv = as_run_user::command(compiled, memory_mib, &dir)?;
        let argv = reachable_args(argv, &dir, 1)?;
        state.commands.push((memory_mib, argv.clone()));
        Ok(Some(argv))
    }

    /// Makes `spec` (with `args` at the end of its command line) a run as the jury's user: the
    /// room's copy of the program, the files `args` name where that user can reach them.
    /// `None` where the judge is not root ([`Room::command`]).
    pub(crate) fn lend(
        &self,
        runner: &Arc<Runner>,
        compiled: &Compiled,
        spec: &mut RunSpec,
        args: &[OsString],
        memory_mib: u64,
    ) -> Result<Option<Lent>, JudgeFault> {
        let (Some(user), Some(mut argv)) = (self.user, self.command(runner, compiled, memory_mib)?)
        else {
            return Ok(None);
        };
        let files = if args.iter().any(needs_copy) {
            let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let home = state.home.as_ref().map(|h| h.dir.path().to_path_buf());
            let n = self.runs.fetch_add(1, Ordering::Relaxed);
            let files = home.unwrap_or_default().join(format!("r{n}"));
            make_dir(&files)?;
            argv.extend(reachable_args(args.to_vec(), &files, 0)?);
            Some(files)
        } else {
            argv.extend(args.iter().cloned());
            None
        };
        spec.argv = argv;
        spec.user = Some(user);
        Ok(Some(Lent {
            dir: spec.cwd.clone(),
            files,
        }))
    }
}

impl Lent {
    /// Takes back the run's working directory and all it holds ([`take_back`]) and removes
    /// the copies made for the run.
    pub(crate) fn take_back(self) -> Result<(), JudgeFault> {
        if let Some(files) = &self.files {
            let _ = std::fs::remove_dir_all(files);
        }
        take_back(&self.dir)
    }
}

/// The room's directory in the judge's scratch space, `0711`, in the ledger.
fn make_home(runner: &Arc<Runner>) -> Result<Home, JudgeFault> {
    let dir = leapfrog_util::scratch_dir("leapfrog-jury-").map_err(|e| {
        let tmp = std::env::temp_dir();
        JudgeFault::file(
            "creating the jury's room in",
            &tmp,
            std::io::Error::other(e),
        )
    })?;
    runner.note_dir(dir.path());
    let home = Home {
        dir,
        runner: Arc::clone(runner),
    };
    let mode = std::fs::Permissions::from_mode(0o711);
    std::fs::set_permissions(home.dir.path(), mode)
        .map_err(|e| JudgeFault::file("opening for the jury's user", home.dir.path(), e))?;
    Ok(home)
}

/// A directory of the room, the judge's, `0711`.
fn make_dir(dir: &Path) -> Result<(), JudgeFault> {
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o711)))
        .map_err(|e| JudgeFault::file("creating", dir, e))
}

/// Whether an argument names a file (by an absolute path) that may need a copy.
fn needs_copy(arg: &OsString) -> bool {
    let path = Path::new(arg);
    path.is_absolute() && path.is_file()
}

/// `argv` from its `from`th argument on with each file it names as the jury's user can reach
/// it: itself, else a copy in `dir` ([`as_run_user::reachable`]).
fn reachable_args(
    argv: Vec<OsString>,
    dir: &Path,
    from: usize,
) -> Result<Vec<OsString>, JudgeFault> {
    argv.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            if i < from || !needs_copy(&arg) {
                return Ok(arg);
            }
            let path = Path::new(&arg);
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let reached = as_run_user::reachable(path, dir, &format!("{i}-{name}"))?;
            Ok(reached.into_os_string())
        })
        .collect()
}

/// Makes everything in `dir` (itself included) the judge's again after a run as another
/// user: owned by the judge, written by no one else (no group or other write, no set-id bit),
/// and with nothing but regular files and directories (a link or a pipe it left could lead
/// the judge, which reads as root, to a file of its own, or block it). The walk goes down from
/// `dir` and follows no link, each directory taken back before what it holds is looked at.
pub(crate) fn take_back(dir: &Path) -> Result<(), JudgeFault> {
    const DOING: &str = "taking back from the jury's user";
    // SAFETY: geteuid and getegid have no preconditions.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.map_err(|e| JudgeFault::file(DOING, dir, e.into()))?;
        let path = entry.path();
        let kind = entry.file_type();
        if !kind.is_file() && !kind.is_dir() {
            std::fs::remove_file(path).map_err(|e| JudgeFault::file(DOING, path, e))?;
            continue;
        }
        std::os::unix::fs::lchown(path, Some(uid), Some(gid))
            .map_err(|e| JudgeFault::file(DOING, path, e))?;
        let mode = std::fs::symlink_metadata(path)
            .map_err(|e| JudgeFault::file(DOING, path, e))?
            .permissions()
            .mode();
        if mode & 0o7022 != 0 {
            let kept = std::fs::Permissions::from_mode(mode & 0o755);
            std::fs::set_permissions(path, kept).map_err(|e| JudgeFault::file(DOING, path, e))?;
        }
    }
    Ok(())
}
