//! Stress's scratch directory: `<tmp>/leapfrog-stress-<pid>-<random>`, made with `mkdtemp`
//! (a fresh directory or an error, never one another user planted or a link), `0711` (the
//! jury's user passes to the directories its programs run in; no one else may list it).
//! Dropping it removes it (an interruption unwinds to the drop); a run that died without
//! unwinding (killed, out of memory) leaves its directory behind, and the next run removes
//! every such directory of this user's whose process is gone.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The start of every stress scratch directory's name.
const PREFIX: &str = "leapfrog-stress-";

/// A scratch directory removed on drop.
pub(super) struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// Creates this process's scratch directory, after removing those of dead runs.
    pub(super) fn new() -> anyhow::Result<Scratch> {
        let base = std::env::temp_dir();
        sweep(&base);
        let path = tempfile::Builder::new()
            .prefix(&format!("{PREFIX}{}-", std::process::id()))
            .tempdir_in(&base)?
            .keep();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o711))?;
        Ok(Scratch { path })
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Removes the directories of runs whose process no longer exists: only real directories
/// (not links) that belong to this user.
fn sweep(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|s| s.strip_prefix(PREFIX))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<i32>().ok())
        else {
            continue;
        };
        let ours =
            std::fs::symlink_metadata(entry.path()).is_ok_and(|m| m.is_dir() && m.uid() == uid);
        if ours && pid as u32 != std::process::id() && !alive(pid) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether a process with this pid exists (EPERM: it exists, under another user).
fn alive(pid: i32) -> bool {
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 only checks that the process exists; nothing is sent.
    let found = unsafe { libc::kill(pid, 0) } == 0;
    found || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_runs_directory_is_swept_and_a_live_ones_is_kept() {
        let base = tempfile::tempdir().unwrap();
        // The largest pid Linux hands out is below 2^22: this one cannot be running.
        let dead = base.path().join(format!("{PREFIX}4194305-abc"));
        let live = base.path().join(format!("{PREFIX}1-abc"));
        let other = base.path().join("4194305");
        for dir in [&dead, &live, &other] {
            std::fs::create_dir_all(dir.join("0")).unwrap();
        }
        sweep(base.path());
        assert!(!dead.exists());
        assert!(live.exists(), "pid 1 is alive");
        assert!(other.exists(), "only stress's directories are swept");
    }
}
