//! A submission's run in limits-only mode where the judge is root: it executes as the run's
//! unprivileged user ([`runner::run_user`]), which owns nothing of the judge's. That user must
//! still reach what the run needs by path, while the package, the compile cache and the judge's
//! scratch space may sit under directories only root may enter (`/root`, a `0700` temporary
//! directory):
//!
//! - the program: a copy of its build in the test's own directory, readable by every user and
//!   writable by root alone (so the run can change neither it nor the cache's entry);
//! - its working directory: the test's `work`, which the runner hands to that user;
//! - the way there: the judge's scratch directory may be entered (`0711`) but not listed.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use leapfrog_package::lang::Compiled;
use leapfrog_runner as runner;

use super::fault::JudgeFault;

/// The command of a run as the run's user, its program copied into `test_dir` (`program`),
/// and the scratch directory `test_dir` lies in opened for entering.
pub(crate) fn command(
    program: &Compiled,
    memory_mib: u64,
    test_dir: &Path,
) -> Result<Vec<OsString>, JudgeFault> {
    let location = program.location();
    if location.as_os_str().is_empty() {
        return Ok(program.command(memory_mib));
    }
    if let Some(scratch) = test_dir.parent() {
        open_for_entering(scratch)?;
    }
    let copy = test_dir.join("program");
    copy_readable(location, &copy)?;
    Ok(program.command_at(memory_mib, &copy))
}

/// The user a submission's limits-only run becomes (`None` where the judge is not root).
pub(crate) fn user() -> Option<runner::RunUser> {
    runner::run_user()
}

/// `0711`: every user may pass through `dir` to a path it knows, none may list or change it.
fn open_for_entering(dir: &Path) -> Result<(), JudgeFault> {
    let mode = std::fs::Permissions::from_mode(0o711);
    std::fs::set_permissions(dir, mode)
        .map_err(|e| JudgeFault::file("opening for the run's user", dir, e))
}

/// Copies the program's build (a directory, or the executable itself) to `to`: directories
/// `0755`, files `0644` (`0755` if executable), all the judge's.
fn copy_readable(from: &Path, to: &Path) -> Result<(), JudgeFault> {
    let copied = if from.is_dir() {
        std::fs::create_dir(to)
            .and_then(|()| std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755)))
            .map_err(|e| JudgeFault::file("creating", to, e))?;
        leapfrog_util::copy_dir_contents(from, to).map_err(std::io::Error::other)
    } else {
        std::fs::copy(from, to).and_then(|_| {
            let executable = std::fs::metadata(from)?.permissions().mode() & 0o111;
            std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o644 | executable))
        })
    };
    copied.map_err(|e| JudgeFault::file("copying the program for the run's user from", from, e))
}
