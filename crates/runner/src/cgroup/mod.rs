//! Per-run cgroups: a `memory` cgroup that holds a run at its memory limit with swap off (the
//! kernel's OOM killer stops it the moment it needs more, and the cgroup's peak is the memory
//! figure), and a `pids` cgroup for the process limit, which the kernel will not enforce through
//! `RLIMIT_NPROC` for the global root user, even inside a user namespace.
//!
//! A controller is used when the judge can create cgroups for it (root with a cgroup v1 mount
//! of it, or a delegated cgroup v2 subtree that offers it). Each run gets a fresh directory per
//! hierarchy; the child joins them before `exec`, and at the end every task still in them is
//! killed, even one that left the run's process group.

mod hierarchy;

use std::ffi::CString;
use std::path::{Path, PathBuf};
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

    /// Removes the judge's own cgroup directories (when no run is in progress: they are empty).
    pub(crate) fn remove(&self) {
        for base in [&self.pids, &self.memory].into_iter().flatten() {
            base.remove();
        }
    }
}

/// One directory of a run's cgroup, in one hierarchy.
struct Dir {
    path: PathBuf,
    procs: CString,
}

/// One run's cgroups (one directory per hierarchy involved).
pub struct RunCgroup {
    dirs: Vec<Dir>,
    /// Whether `pids.max` holds the run.
    pids: bool,
    /// The memory directory, and whether it is cgroup v2.
    memory: Option<(PathBuf, bool)>,
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
        let run = format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let mut cgroup = RunCgroup {
            dirs: Vec::new(),
            pids: false,
            memory: None,
        };
        if let (Some(base), Some(bytes)) = (&bases.memory, memory_bytes) {
            let path = cgroup.add_dir(base, &run)?;
            set_memory_limit(&path, base.v2, bytes).within(format_args!(
                "setting the memory limit of {}",
                path.display()
            ))?;
            cgroup.memory = Some((path, base.v2));
        }
        if let (Some(base), Some(n)) = (&bases.pids, max_tasks) {
            // In a v2 hierarchy holding both controllers, one directory does for both.
            let shared = cgroup
                .memory
                .as_ref()
                .filter(|(path, _)| path.parent() == Some(base.dir.as_path()))
                .map(|(path, _)| path.clone());
            let path = match shared {
                Some(path) => path,
                None => cgroup.add_dir(base, &run)?,
            };
            write(&path.join("pids.max"), &n.to_string())?;
            cgroup.pids = true;
        }
        Ok((!cgroup.dirs.is_empty()).then_some(cgroup))
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
        self.pids
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
        let file = if *v2 {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        std::fs::read_to_string(path.join(file)).is_ok_and(|text| {
            text.lines().any(|line| {
                line.strip_prefix("oom_kill ")
                    .and_then(|n| n.trim().parse::<u64>().ok())
                    .is_some_and(|n| n > 0)
            })
        })
    }

    /// Kills everything in the cgroup until it is empty (processes forking as they die are
    /// caught by the next round).
    pub fn kill_all(&self) {
        for _ in 0..200 {
            let pids = self.pids();
            if pids.is_empty() {
                return;
            }
            for pid in pids {
                // SAFETY: signalling a process of this run.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        self.kill_all();
        for dir in &self.dirs {
            for _ in 0..100 {
                if std::fs::remove_dir(&dir.path).is_ok() || !dir.path.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        }
    }
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
