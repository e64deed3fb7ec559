//! Run cgroups kept for the next run with the same limits. Making a cgroup directory and
//! removing it again (twice per run: `memory` and `pids`) is the costliest part of holding a run
//! in cgroups: the kernel allocates the controllers' per-CPU state and dozens of control files
//! for each directory (about a quarter of a millisecond of CPU per run on a 2-core machine).
//!
//! A cgroup is handed back here only once every task in it is dead, and is taken again only
//! when it is as good as new: next to nothing charged to it any more (see [`CLEAN_BYTES`]), its
//! limits written again, its peak reset to its usage
//! and its OOM-kill count and CPU time read as a baseline (or reset), so that the next run sees
//! its own figures only. Only cgroup v1 memory directories are kept (v1 resets the peak by a write; v2's
//! `memory.peak` resets only for the descriptor that wrote it), and `pids` directories, which
//! hold nothing but their limit.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{Dir, Key};

/// At most this many bytes may still be charged to a kept memory cgroup for it to be reused:
/// what any run leaves behind (100–200 KiB on Linux 6.18: the rest of the kernel's per-CPU
/// batch of 64 precharged pages, kernel objects freed after the run's end). The next run's peak
/// includes it, as a new cgroup's peak includes the batch the kernel precharged for it. A
/// cgroup holding more (the page cache of a file the judge still keeps) is removed, its charges
/// going up to the judge's directory as before, and the run gets a new one.
const CLEAN_BYTES: u64 = 1 << 20;

/// An idle run cgroup: its directories, for which limits.
pub(super) struct Idle {
    pub dirs: Vec<Dir>,
    pub pids: Option<PathBuf>,
    pub memory: Option<PathBuf>,
    pub cpu: Option<(PathBuf, bool)>,
    pub cpuset: Option<(PathBuf, bool)>,
    pub key: Key,
}

/// The idle run cgroups of one judge ([`super::Bases`] owns it).
#[derive(Default)]
pub(super) struct Pool(Mutex<Vec<Idle>>);

impl Pool {
    /// An idle cgroup for these limits, already emptied of charges; `None` when none is kept.
    pub(super) fn take(&self, key: Key) -> Option<Idle> {
        loop {
            let idle = {
                let mut idle = self.0.lock().unwrap_or_else(|e| e.into_inner());
                let at = idle.iter().position(|i| i.key == key)?;
                idle.swap_remove(at)
            };
            let clean = idle.memory.as_deref().is_none_or(|dir| {
                super::files::read_number(&dir.join("memory.usage_in_bytes"))
                    .is_some_and(|b| b <= CLEAN_BYTES)
            });
            if clean {
                return Some(idle);
            }
            remove(&idle.dirs);
        }
    }

    /// Keeps an emptied cgroup for a later run.
    pub(super) fn put(&self, idle: Idle) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(idle);
    }

    /// Removes every kept cgroup (before the judge's own directories go).
    pub(super) fn drain(&self) {
        let idle = std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()));
        for cgroup in idle {
            remove(&cgroup.dirs);
        }
    }
}

/// Removes a cgroup's (empty) directories, retrying while the kernel still counts a task that
/// has just died.
pub(super) fn remove(dirs: &[Dir]) {
    for dir in dirs {
        remove_dir(&dir.path);
    }
}

fn remove_dir(path: &Path) {
    for _ in 0..100 {
        if std::fs::remove_dir(path).is_ok() || !path.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}
