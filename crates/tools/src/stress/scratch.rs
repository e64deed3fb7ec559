//! Stress's scratch directory, in a known place: `<tmp>/leapfrog-stress/<pid>`. Dropping it
//! removes it (an interruption unwinds to the drop); a run that died without unwinding (killed,
//! out of memory) leaves its directory behind, and the next run removes every directory there
//! whose process is gone.

use std::path::{Path, PathBuf};

/// A scratch directory removed on drop.
pub(super) struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// Creates this process's scratch directory, after removing those of dead runs.
    pub(super) fn new() -> anyhow::Result<Scratch> {
        let base = std::env::temp_dir().join("leapfrog-stress");
        std::fs::create_dir_all(&base)?;
        sweep(&base);
        let path = base.join(std::process::id().to_string());
        // A directory of ours with this pid is a leftover of a dead process that had our pid.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)?;
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

/// Removes the directories of runs whose process no longer exists.
fn sweep(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        if pid as u32 != std::process::id() && !alive(pid) {
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
        let dead = base.path().join("4194305");
        let live = base.path().join("1");
        let other = base.path().join("notes");
        for dir in [&dead, &live, &other] {
            std::fs::create_dir_all(dir.join("0")).unwrap();
        }
        sweep(base.path());
        assert!(!dead.exists());
        assert!(live.exists(), "pid 1 is alive");
        assert!(other.exists(), "only pid-named directories are swept");
    }
}
