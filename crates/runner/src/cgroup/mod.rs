//! Per-run cgroups: a `memory` cgroup that holds a run at its memory limit with swap off (the
//! kernel's OOM killer stops it the moment it needs more, and the cgroup's peak is the memory
//! figure), a `pids` cgroup for the process limit, which the kernel will not enforce through
//! `RLIMIT_NPROC` for the global root user, even inside a user namespace, a `cpuacct` cgroup (v1;
//! in v2 every cgroup's `cpu.stat`) that counts the CPU time of every process of the run, waited
//! for or not, and a `cpuset` cgroup that pins a run to its CPU: the run cannot write its
//! cgroups, so it cannot widen its affinity beyond that CPU.
//!
//! A controller is used when the judge can create cgroups for it (root with a cgroup v1 mount
//! of it, or a delegated cgroup v2 subtree that offers it). Each run gets a directory per
//! hierarchy of its own, new or emptied by the run before it ([`pool`]); the child joins them
//! before `exec`, and at the end every task still in them is killed, even one that left the
//! run's process group.

mod files;
mod hierarchy;
mod pool;

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use files::{cpu_usage, oom_kills, read_number, set_memory_limit, write};
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
    cpuacct: Option<Base>,
    cpuset: Option<Base>,
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
            cpuacct: root.then(|| Base::find("cpuacct")).flatten(),
            cpuset: root.then(|| Base::find("cpuset")).flatten(),
            idle: Arc::default(),
        }
    }

    /// The directories, for the crash ledger.
    pub(crate) fn dirs(&self) -> impl Iterator<Item = &Path> {
        self.all().map(|base| base.dir.as_path())
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
        for base in self.all() {
            base.remove();
        }
    }

    fn all(&self) -> impl Iterator<Item = &Base> {
        [&self.pids, &self.memory, &self.cpuacct, &self.cpuset]
            .into_iter()
            .flatten()
    }
}

/// What a run cgroup is made for, and may be kept for: its process and memory limits and the
/// CPU its cpuset holds it to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    tasks: Option<u64>,
    memory: Option<u64>,
    cpu: Option<usize>,
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
    /// The directory that counts the run's CPU time, and whether it is cgroup v2.
    cpu: Option<(PathBuf, bool)>,
    /// The cpuset directory that holds the run to its CPU, and whether it is cgroup v2.
    cpuset: Option<(PathBuf, bool)>,
    /// The limits it was made for.
    key: Key,
    /// The OOM kills the memory cgroup had counted before the run (a kept one counts on).
    oom_before: u64,
    /// The CPU time a kept v2 cgroup had counted before the run (v2 cannot reset it).
    cpu_before: Duration,
    /// Set up completely, so that it may be kept for the next run once emptied.
    reusable: bool,
    /// Where it goes back to once emptied.
    idle: Arc<pool::Pool>,
}

impl RunCgroup {
    /// Fresh cgroups allowing at most `max_tasks` tasks (processes and threads) and
    /// `memory_bytes` of memory, holding the run to `cpu` and counting its CPU time, for
    /// whichever is asked for and possible here. `Ok(None)` when none is; an error when the
    /// judge should be able to set one up and could not (a judge error, never the contestant's
    /// fault).
    pub fn create(
        bases: &Bases,
        max_tasks: Option<u64>,
        memory_bytes: Option<u64>,
        cpu: Option<usize>,
    ) -> Result<Option<Self>, SetupError> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let key = Key {
            tasks: max_tasks,
            memory: memory_bytes,
            cpu: cpu.filter(|_| bases.cpuset.is_some()),
        };
        if let Some(idle) = bases.idle.take(key) {
            return RunCgroup::reuse(idle, &bases.idle).map(Some);
        }
        let run = format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let mut cgroup = RunCgroup {
            dirs: Vec::new(),
            pids: None,
            memory: None,
            cpu: None,
            cpuset: None,
            key,
            oom_before: 0,
            cpu_before: Duration::ZERO,
            reusable: false,
            idle: Arc::clone(&bases.idle),
        };
        if let (Some(base), Some(_)) = (&bases.memory, memory_bytes) {
            let path = cgroup.dir_in(base, &run)?;
            cgroup.memory = Some((path, base.v2));
        }
        if let (Some(base), Some(_)) = (&bases.pids, max_tasks) {
            cgroup.pids = Some(cgroup.dir_in(base, &run)?);
        }
        if let (Some(base), Some(_)) = (&bases.cpuset, key.cpu) {
            let path = cgroup.dir_in(base, &run)?;
            if !base.v2 {
                // A v1 cpuset needs its memory nodes before a task may join it.
                let mems = std::fs::read_to_string(base.dir.join("cpuset.mems"))
                    .doing(|| format!("reading {}/cpuset.mems", base.dir.display()))?;
                write(&path.join("cpuset.mems"), mems.trim())?;
            }
            cgroup.cpuset = Some((path, base.v2));
        }
        // Every process of the run is counted, waited for or not: v1's cpuacct, else the
        // `cpu.stat` every v2 cgroup keeps.
        if let Some(base) = &bases.cpuacct {
            cgroup.cpu = Some((cgroup.dir_in(base, &run)?, base.v2));
        } else if let Some(base) = bases.all().find(|base| base.v2) {
            cgroup.cpu = Some((cgroup.dir_in(base, &run)?, true));
        }
        if cgroup.dirs.is_empty() {
            // Nothing to hold: no directory is made (and none is left behind).
            return Ok(None);
        }
        cgroup.hold()?;
        // A v2 memory cgroup's peak cannot be reset for the next run: it is not kept.
        cgroup.reusable = cgroup.memory.as_ref().is_none_or(|(_, v2)| !v2);
        Ok(Some(cgroup))
    }

    /// A kept cgroup, made ready for a new run: its limits written again, its peak reset and
    /// its OOM kills counted from here.
    fn reuse(idle: pool::Idle, pool: &Arc<pool::Pool>) -> Result<Self, SetupError> {
        let mut cgroup = RunCgroup {
            dirs: idle.dirs,
            pids: idle.pids,
            memory: idle.memory.map(|path| (path, false)),
            cpu: idle.cpu,
            cpuset: idle.cpuset,
            key: idle.key,
            oom_before: 0,
            cpu_before: Duration::ZERO,
            reusable: false,
            idle: Arc::clone(pool),
        };
        cgroup.hold()?;
        if let Some((path, _)) = &cgroup.memory {
            write(&path.join("memory.max_usage_in_bytes"), "0")?;
            cgroup.oom_before = oom_kills(path, false).unwrap_or(0);
        }
        match &cgroup.cpu {
            Some((path, false)) => write(&path.join("cpuacct.usage"), "0")?,
            Some((path, true)) => cgroup.cpu_before = cpu_usage(path, true).unwrap_or_default(),
            None => {}
        }
        cgroup.reusable = true;
        Ok(cgroup)
    }

    /// Writes the run's limits (again, for a kept cgroup: nothing of the last run's stays).
    fn hold(&self) -> Result<(), SetupError> {
        let Key {
            tasks: max_tasks,
            memory: memory_bytes,
            cpu,
        } = self.key;
        if let (Some((path, v2)), Some(bytes)) = (&self.memory, memory_bytes) {
            set_memory_limit(path, *v2, bytes).within(format_args!(
                "setting the memory limit of {}",
                path.display()
            ))?;
        }
        if let (Some(path), Some(n)) = (&self.pids, max_tasks) {
            write(&path.join("pids.max"), &n.to_string())?;
        }
        if let (Some((path, _)), Some(cpu)) = (&self.cpuset, cpu) {
            write(&path.join("cpuset.cpus"), &cpu.to_string())?;
        }
        Ok(())
    }

    /// The run's directory in `base`'s hierarchy: one already made for another controller of
    /// the same hierarchy (v2 holds them all in one), else a new one.
    fn dir_in(&mut self, base: &Base, run: &str) -> Result<PathBuf, SetupError> {
        let made = self
            .dirs
            .iter()
            .find(|d| d.path.parent() == Some(base.dir.as_path()));
        match made {
            Some(dir) => Ok(dir.path.clone()),
            None => self.add_dir(base, run),
        }
    }

    fn add_dir(&mut self, base: &Base, run: &str) -> Result<PathBuf, SetupError> {
        let path = base.dir.join(run);
        let mut made = Ok(());
        // The judge's directory is shared by the runners of one process (it is named by the
        // pid), and one of them dropped removes it once it is empty: then it is made again.
        for _ in 0..3 {
            base.ensure()
                .doing(|| format!("creating the cgroup {}", base.dir.display()))?;
            made = std::fs::create_dir(&path);
            match &made {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => base.lost(),
                _ => break,
            }
        }
        made.doing(|| format!("creating the cgroup {}", path.display()))?;
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

    /// The CPU time of every process the run has had so far, ended or not, waited for or
    /// not; `None` where no cgroup counts it.
    pub fn cpu_time(&self) -> Option<Duration> {
        let (path, v2) = self.cpu.as_ref()?;
        Some(cpu_usage(path, *v2)?.saturating_sub(self.cpu_before))
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
                cpu: self.cpu.take(),
                cpuset: self.cpuset.take(),
                key: self.key,
            });
        } else {
            pool::remove(&self.dirs);
        }
    }
}
