//! Runs outside the sandbox where the judge is root: a submission's run in limits-only mode
//! executes as the run's unprivileged user ([`runner::run_user`]), and the output validator or
//! interactor that judges it as its package's jury user ([`crate::jury_room::jury_user_of`]); neither owns anything of the
//! judge's, and neither can reach the other's processes or files. Each must still reach what
//! it needs by path, while the package, the compile cache and the judge's scratch space may sit
//! under directories only root may enter (`/root`, a `0700` temporary directory):
//!
//! - the program: a copy of its build in the run's own directory (a submission's) or in the
//!   program's room ([`crate::jury_room`], the jury's programs'), readable by every user and
//!   writable by root alone (the run can change neither it nor the cache's entry);
//! - its working directory: the test's `work` (the submission's) or `check` (the validator's,
//!   `0700`), which the runner hands to its user, and the validator's feedback directory;
//! - the files it is given (a validator's input and answer): where every user may read them,
//!   their own paths, else copies in its directory;
//! - the output it judges: on its stdin, opened by the judge, and for a checker that wants it
//!   by path `/dev/stdin` (never a copy of the whole file where other users may read it);
//! - the way there: the judge's scratch directory may be entered (`0711`) but not listed.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use leapfrog_package::lang::Compiled;
use leapfrog_runner::{self as runner, RunUser};

use super::fault::JudgeFault;

/// The user a submission's limits-only run becomes (`None` where the judge is not root).
pub(crate) fn user() -> Option<RunUser> {
    runner::run_user()
}

/// The command of a run as another user, its program copied into `dir` (as `program`).
/// Never the judge's own user: where that user could not start it, because its interpreter
/// (the command's first word, or a script's `#!` line) lies where only the judge's user may go
/// (a version manager's Python under `/root`), an interpreter of the same name further along
/// PATH that every user may run takes its place (said once); where there is none, or where
/// `dir` lies below a directory other users may not pass, the run is refused, saying why.
pub(crate) fn command(
    program: &Compiled,
    memory_mib: u64,
    dir: &Path,
) -> Result<Vec<OsString>, JudgeFault> {
    // The copy is run by its path: the directories above `dir` must let other users pass (the
    // judge's scratch does; a caller's own `0700` directory does not).
    if let Some(above) = dir.parent()
        && !leapfrog_util::others_may(above, 0o001)
    {
        let why = "other users may not pass it, and jury programs never run as the judge's user: \
            set TMPDIR to a directory every user may enter";
        return Err(JudgeFault::file(
            "running a program as another user below",
            above,
            std::io::Error::other(why),
        ));
    }
    let location = program.location();
    let plain = program.command(memory_mib);
    let copy = dir.join("program");
    // A build directory, or a binary run by itself (an executable given as the submission):
    // the copy is all the run needs. A script (a folder's `run`) may use its folder: below.
    let runs_itself = plain.first().is_some_and(|arg| Path::new(arg) == location);
    let argv = if location.is_dir() || (runs_itself && is_elf(location)) {
        copy_readable(location, &copy)?;
        program.command_at(memory_mib, &copy)
    } else {
        // A program run by a command (a folder's `run` script, checktestdata): where it
        // cannot be reached, the folder it lies in, which it may use, is copied.
        match location.parent() {
            Some(folder) if location.is_file() && !leapfrog_util::others_may(location, 0o001) => {
                copy_readable(folder, &copy)?;
                relocated(plain, folder, &copy)
            }
            _ => plain,
        }
    };
    runnable_by_others(argv)
}

/// `argv` as another user can start it ([`runner::runnable::runnable_by_others`]): never as the
/// judge's own user where its interpreter lies out of other users' reach.
fn runnable_by_others(argv: Vec<OsString>) -> Result<Vec<OsString>, JudgeFault> {
    runner::runnable::runnable_by_others(argv, "interpreter")
        .map_err(|e| JudgeFault::file(e.doing, &e.path, std::io::Error::other(e.why)))
}

/// `argv` with every argument naming a file in `from` naming its copy in `to`.
fn relocated(argv: Vec<OsString>, from: &Path, to: &Path) -> Vec<OsString> {
    argv.into_iter()
        .map(|arg| match Path::new(&arg).strip_prefix(from) {
            Ok(rest) => to.join(rest).into_os_string(),
            Err(_) => arg,
        })
        .collect()
}

/// Opens the judge's scratch directory for entering (`0711`) where runs are other users: each
/// passes through it to its own directory, and none may list or change it.
pub(crate) fn open_scratch(scratch: &Path) -> Result<(), JudgeFault> {
    if user().is_none() {
        return Ok(());
    }
    // A caller may hand a directory still to be made (a reference playing in `generate`).
    let mode = std::fs::Permissions::from_mode(0o711);
    std::fs::create_dir_all(scratch)
        .and_then(|()| std::fs::set_permissions(scratch, mode))
        .map_err(|e| JudgeFault::file("opening for the runs' users", scratch, e))
}

/// Prepares the jury's run in `dir` (its working directory, `0700`) with its feedback directory
/// handed to `user`.
fn prepare_jury_dir(dir: &Path, feedback: &Path, user: RunUser) -> Result<(), JudgeFault> {
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
        .map_err(|e| JudgeFault::file("closing to other users", dir, e))?;
    std::os::unix::fs::chown(feedback, Some(user.uid), Some(user.gid))
        .map_err(|e| JudgeFault::file("handing to the validator's user", feedback, e))
}

/// Where the judge is root, readies `scratch` and `feedback` for `user` (the validator's
/// package's jury user), and gives the files it is handed by path (input, answer) as that user
/// can reach them ([`reachable`]). The output is no such file: it is on the validator's stdin
/// ([`output_path`]).
pub(crate) fn jury_files<const N: usize>(
    user: Option<RunUser>,
    scratch: &Path,
    feedback: &Path,
    files: [&Path; N],
) -> anyhow::Result<[PathBuf; N]> {
    let Some(user) = user else {
        return Ok(files.map(Path::to_path_buf));
    };
    prepare_jury_dir(scratch, feedback, user)?;
    let mut reached = files.map(Path::to_path_buf);
    for (i, (file, name)) in files.iter().zip(["input", "answer"]).enumerate() {
        reached[i] = reachable(file, scratch, name)?;
    }
    Ok(reached)
}

/// The path naming an output validator's output (on its stdin, which the judge opened) for a
/// validator that also wants it by path (testlib's): its own path where `user` may reach it,
/// else `/dev/stdin`, which reopens the open file without passing the directories above it
/// (a `0700` one is no obstacle), so a large output is never copied. Only a file that other
/// users may not read at all is handed as a copy ([`reachable`]).
pub(crate) fn output_path(
    user: Option<RunUser>,
    output: &Path,
    scratch: &Path,
) -> Result<PathBuf, JudgeFault> {
    let absolute = std::path::absolute(output).unwrap_or_else(|_| output.to_path_buf());
    if user.is_none() || leapfrog_util::others_may(&absolute, 0o004) {
        return Ok(absolute);
    }
    let readable = std::fs::metadata(&absolute)
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o004 != 0);
    if readable {
        return Ok(PathBuf::from("/dev/stdin"));
    }
    reachable(&absolute, scratch, "output")
}

/// `path` as another user can reach it: itself where every user may read it and enter every
/// directory above it, else a copy in `dir` named `name` (a hard link where it can be one).
pub(crate) fn reachable(path: &Path, dir: &Path, name: &str) -> Result<PathBuf, JudgeFault> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if leapfrog_util::others_may(&absolute, 0o004) {
        return Ok(absolute);
    }
    let copy = dir.join(name);
    let _ = std::fs::remove_file(&copy);
    // A named pipe (`leapfrog check`'s lazy answer) is readable by all in a directory all may
    // enter, so it is handed as itself above; one that is not would be drained by its copy.
    copy_file(&absolute, &copy)
        .map_err(|e| JudgeFault::file("copying for the validator's user", path, e))?;
    Ok(copy)
}

/// Whether the file is an ELF executable, which needs nothing of the folder it lies in.
fn is_elf(path: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok()
        && magic == *b"\x7fELF"
}

/// Copies the program's build (a directory, or the executable itself) to `to`: directories
/// `0755`, files `0644` (`0755` if executable), all the judge's.
fn copy_readable(from: &Path, to: &Path) -> Result<(), JudgeFault> {
    let copied = if from.is_dir() {
        let _ = std::fs::remove_dir_all(to);
        std::fs::create_dir(to)
            .and_then(|()| std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755)))
            .map_err(|e| JudgeFault::file("creating", to, e))?;
        leapfrog_util::copy_dir_contents_keeping_links(from, to).map_err(std::io::Error::other)
    } else {
        let _ = std::fs::remove_file(to);
        copy_file(from, to)
    };
    copied.map_err(|e| JudgeFault::file("copying the program for the run's user from", from, e))
}

/// A copy of a file readable by every user and writable by root alone: a hard link where the
/// file already is (the compile cache's builds are), else a copy `0644` (`0755` if executable).
fn copy_file(from: &Path, to: &Path) -> std::io::Result<()> {
    let mode = std::fs::metadata(from)?.permissions().mode();
    if mode & 0o7022 == 0 && mode & 0o004 != 0 && std::fs::hard_link(from, to).is_ok() {
        return Ok(());
    }
    leapfrog_util::copy_readable_file(from, to)
}

/// Whether the jury's run left a file at `path` (in its feedback directory): a regular file,
/// not a link to one of the judge's, which the judge would read as root.
pub(crate) fn left_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// The start of a feedback file the jury's run left ([`left_file`]), empty if there is none.
pub(crate) fn read_feedback(path: &Path) -> String {
    if left_file(path) {
        leapfrog_util::read_head(path)
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests;
