//! Per-run cgroups: a `memory` cgroup that holds a run at its memory limit with swap off (the
//! kernel's OOM killer stops it the moment it needs more, and the cgroup's peak is the memory
//! figure), and a `pids` cgroup for the process limit, which the kernel will not enforce through
//! `RLIMIT_NPROC` for the global root user, even inside a user namespace.
//!
//! A controller is used when the judge can create cgroups for it (root with a cgroup v1 mount
//! of it, or a delegated cgroup v2 subtree that offers it). Each run gets a directory per
//! hierarchy of its own, new or emptied by the run before it ([`pool`]); the child joins them
//! before `exec`, and at the end every task still in them is killed, even one that left the
//! run's process group.

mod hierarchy;
mod pool;

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use hierarchy::Base;

use crate::error::{Doing, SetupError, Within};

/// Set to `sampled` to judge memory by sampling even where a memory cgroup would work (for
/// testing the fallback).
pub const FORCE_SAMPLED_ENV: &str = "LEAPFROG_MEMORY_ENFORCEMENT";

/// The judge's own cgroup directories, one per controller it can use here: found when a
/// [`crate::Runner`] is made, removed when it is dropped (by then they are empty).
pub(crate) struct Bases {
    pids: Option<Base>,
    memory: Option<Base>,
    /// The runs' cgroups kept, emptied, for later runs with the same limits.
    idle: Arc<pool::Pool>,
}

impl Bases {
    /// The directories this judge may create its runs' cgroups under (none unless root).
    pub(crate) fn find() -> Bases {
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        let forced = std::env::var(FORCE_SAMPLED_ENV).is_ok_and(|v| v == "sampled");
        Bases {
            pids: root.then(|| Base::find("pids")).flatten(),
            memory: (root && !forced).then(|| Base::find("memory")).flatten(),
            idle: Arc::default(),
        }
    }

    /// The directories, for the crash ledger.
    pub(crate) fn dirs(&self) -> impl Iterator<Item = &Path> {
        [&self.pids, &self.memory]
            .into_iter()
            .flatten()
            .map(|base| base.dir.as_path())
    }

    /// Whether runs can be held to a process count by a cgroup.
    pub(crate) fn pids_available(&self) -> bool {
        self.pids.is_some()
    }

    /// Whether runs can be held to their memory limit by a cgroup.
    pub(crate) fn memory_available(&self) -> bool {
        self.memory.is_some()
    }

    /// Removes the judge's own cgroup directories, the kept runs' cgroups first (when no run is
    /// in progress: they are empty).
    pub(crate) fn remove(&self) {
        self.idle.drain();
        for base in [&self.pids, &self.memory].into_iter().flatten() {
            base.remove();
        }
    }
}

/// One directory of a run's cgroup, in one hierarchy.
pub(super) struct Dir {
    path: PathBuf,
    procs: CString,
}

/// One run's cgroups (one directory per hierarchy involved).
pub struct RunCgroup {
    dirs: Vec<Dir>,
    /// The directory whose `pids.max` holds the run.
    pids: Option<PathBuf>,
    /// The memory directory, and whether it is cgroup v2.
    memory: Option<(PathBuf, bool)>,
    /// The limits it was made for: `(tasks, memory bytes)`.
    key: (Option<u64>, Option<u64>),
    /// The OOM kills the memory cgroup had counted before the run (a kept one counts on).
    oom_before: u64,
    /// Set up completely, so that it may be kept for the next run once emptied.
    reusable: bool,
    /// Where it goes back to once emptied.
    idle: Arc<pool::Pool>,
}

impl RunCgroup {
    /// Fresh cgroups allowing at most `max_tasks` tasks (processes and threads) and
    /// `memory_bytes` of memory, for whichever of the two is asked for and possible here.
    /// `Ok(None)` when neither is; an error when the judge should be able to set one up and
    /// could not (a judge error, never the contestant's fault).
    pub fn create(
        bases: &Bases,
        max_tasks: Option<u64>,
        memory_bytes: Option<u64>,
    ) -> Result<Option<Self>, SetupError> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        if max_tasks.is_none() && memory_bytes.is_none() {
            // Nothing to hold: no directory is made (and none is left behind).
            return Ok(None);
        }
        let key = (max_tasks, memory_bytes);
        if let Some(idle) = bases.idle.take(key) {
            return RunCgroup::reuse(idle, &bases.idle).map(Some);
        }
        let run = format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let mut cgroup = RunCgroup {
            dirs: Vec::new(),
            pids: None,
            memory: None,
            key,
            oom_before: 0,
            reusable: false,
            idle: Arc::clone(&bases.idle),
        };
        if let (Some(base), Some(_)) = (&bases.memory, memory_bytes) {
            let path = cgroup.add_dir(base, &run)?;
            cgroup.memory = Some((path, base.v2));
        }
        if let (Some(base), Some(_)) = (&bases.pids, max_tasks) {
            // In a v2 hierarchy holding both controllers, one directory does for both.
            let shared = cgroup
                .memory
                .as_ref()
                .filter(|(path, _)| path.parent() == Some(base.dir.as_path()))
                .map(|(path, _)| path.clone());
            cgroup.pids = Some(match shared {
                Some(path) => path,
                None => cgroup.add_dir(base, &run)?,
            });
        }
        cgroup.hold()?;
        // A v2 memory cgroup's peak cannot be reset for the next run: it is not kept.
        cgroup.reusable = cgroup.memory.as_ref().is_none_or(|(_, v2)| !v2);
        Ok((!cgroup.dirs.is_empty()).then_some(cgroup))
    }

    /// A kept cgroup, made ready for a new run: its limits written again, its peak reset and
    /// its OOM kills counted from here.
    fn reuse(idle: pool::Idle, pool: &Arc<pool::Pool>) -> Result<Self, SetupError> {
        let mut cgroup = RunCgroup {
            dirs: idle.dirs,
            pids: idle.pids,
            memory: idle.memory.map(|path| (path, false)),
            key: idle.key,
            oom_before: 0,
            reusable: false,
            idle: Arc::clone(pool),
        };
        cgroup.hold()?;
        if let Some((path, _)) = &cgroup.memory {
            write(&path.join("memory.max_usage_in_bytes"), "0")?;
            cgroup.oom_before = oom_kills(path, false).unwrap_or(0);
        }
        cgroup.reusable = true;
        Ok(cgroup)
    }

    /// Writes the run's limits (again, for a kept cgroup: nothing of the last run's stays).
    fn hold(&self) -> Result<(), SetupError> {
        let (max_tasks, memory_bytes) = self.key;
        if let (Some((path, v2)), Some(bytes)) = (&self.memory, memory_bytes) {
            set_memory_limit(path, *v2, bytes).within(format_args!(
                "setting the memory limit of {}",
                path.display()
            ))?;
        }
        if let (Some(path), Some(n)) = (&self.pids, max_tasks) {
            write(&path.join("pids.max"), &n.to_string())?;
        }
        Ok(())
    }

    fn add_dir(&mut self, base: &Base, run: &str) -> Result<PathBuf, SetupError> {
        base.ensure()
            .doing(|| format!("creating the cgroup {}", base.dir.display()))?;
        let path = base.dir.join(run);
        std::fs::create_dir(&path).doing(|| format!("creating the cgroup {}", path.display()))?;
        let procs = CString::new(
            path.join("cgroup.procs")
                .into_os_string()
                .into_encoded_bytes(),
        )
        .map_err(|_| SetupError::msg("a cgroup path with a NUL byte"))?;
        self.dirs.push(Dir {
            path: path.clone(),
            procs,
        });
        Ok(path)
    }

    /// The `cgroup.procs` files the child writes "0" to, joining the cgroups before `exec`.
    pub fn procs_files(&self) -> Vec<CString> {
        self.dirs.iter().map(|d| d.procs.clone()).collect()
    }

    /// Whether the run's process count is held by this cgroup.
    pub fn limits_processes(&self) -> bool {
        self.pids.is_some()
    }

    /// Whether the run's memory is held by this cgroup.
    pub fn limits_memory(&self) -> bool {
        self.memory.is_some()
    }

    /// The processes in the cgroup now.
    pub fn pids(&self) -> Vec<libc::pid_t> {
        let mut pids: Vec<libc::pid_t> = self
            .dirs
            .iter()
            .filter_map(|d| std::fs::read_to_string(d.path.join("cgroup.procs")).ok())
            .flat_map(|s| {
                s.lines()
                    .filter_map(|l| l.trim().parse().ok())
                    .collect::<Vec<_>>()
            })
            .collect();
        pids.sort_unstable();
        pids.dedup();
        pids
    }

    /// Whether the kernel keeps the cgroup's peak (cgroup v2 has `memory.peak` only since
    /// Linux 5.19; v1 always has `memory.max_usage_in_bytes`).
    pub fn reports_peak(&self) -> bool {
        self.memory
            .as_ref()
            .is_some_and(|(path, v2)| !v2 || path.join("memory.peak").is_file())
    }

    /// The most memory the run's cgroup held at once, in bytes.
    pub fn peak_memory(&self) -> Option<u64> {
        let (path, v2) = self.memory.as_ref()?;
        let file = if *v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        read_number(&path.join(file))
    }

    /// Whether the kernel's OOM killer killed a process of the run for passing its limit.
    pub fn oom_killed(&self) -> bool {
        let Some((path, v2)) = &self.memory else {
            return false;
        };
        oom_kills(path, *v2).is_some_and(|n| n > self.oom_before)
    }

    /// Kills everything in the cgroup until it is empty (processes forking as they die are
    /// caught by the next round); whether it is.
    pub fn kill_all(&self) -> bool {
        for _ in 0..200 {
            let pids = self.pids();
            if pids.is_empty() {
                return true;
            }
            for pid in pids {
                // SAFETY: signalling a process of this run.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        false
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        if self.kill_all() && self.reusable {
            self.idle.put(pool::Idle {
                dirs: std::mem::take(&mut self.dirs),
                pids: self.pids.take(),
                memory: self.memory.take().map(|(path, _)| path),
                key: self.key,
            });
        } else {
            pool::remove(&self.dirs);
        }
    }
}

/// The OOM kills a memory cgroup has counted (`oom_kill` in v2's `memory.events`, v1's
/// `memory.oom_control`).
fn oom_kills(dir: &Path, v2: bool) -> Option<u64> {
    let file = if v2 {
        "memory.events"
    } else {
        "memory.oom_control"
    };
    let text = std::fs::read_to_string(dir.join(file)).ok()?;
    text.lines()
        .find_map(|line| line.strip_prefix("oom_kill ")?.trim().parse().ok())
}

/// Holds a cgroup at `bytes` of memory with no swap.
fn set_memory_limit(dir: &Path, v2: bool, bytes: u64) -> Result<(), SetupError> {
    let bytes = bytes.to_string();
    if v2 {
        write(&dir.join("memory.max"), &bytes)?;
        if dir.join("memory.swap.max").exists() {
            write(&dir.join("memory.swap.max"), "0")?;
        }
        // When the OOM killer strikes, stop the whole run, not one of its processes.
        let _ = std::fs::write(dir.join("memory.oom.group"), "1");
    } else {
        write(&dir.join("memory.limit_in_bytes"), &bytes)?;
        // memory + swap may not be below memory alone, so it is set second.
        if dir.join("memory.memsw.limit_in_bytes").exists() {
            write(&dir.join("memory.memsw.limit_in_bytes"), &bytes)?;
        }
        let _ = std::fs::write(dir.join("memory.swappiness"), "0");
    }
    Ok(())
}

fn write(path: &Path, value: &str) -> Result<(), SetupError> {
    std::fs::write(path, value).doing(|| format!("writing {value} to {}", path.display()))
}

fn read_number(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}
