//! A CPU slot's starter: a thread of the judge that lives in the slot's own cgroup v1
//! directories (one per hierarchy) and forks every run of that slot, so that the run is born in
//! its cgroups instead of joining them.
//!
//! Joining a cgroup (a write to `cgroup.procs`) takes the kernel's global
//! `cgroup_threadgroup_rwsem` for writing, which waits for an RCU grace period and, while held,
//! stops every `fork`, `exec` and `exit` on the machine: at every run of every job, that put the
//! starts of two jobs in line (about 4.5 ms a test). A child is born in the cgroups of the
//! thread that forks it, so a thread moved into the slot's cgroups once (cgroup v1 places
//! threads one by one: its id written to each hierarchy's `tasks`) starts every later run there
//! with no write at all.
//!
//! What that thread's presence changes, and why it is safe:
//!
//! - The kernel's OOM killer only picks a thread group's leader among a memory cgroup's tasks:
//!   the starter (never a leader) is never picked, and the judge never killed for a run.
//! - The starter's user memory is charged to the judge (a process's pages go to the cgroup of
//!   its leader); only what the kernel allocates for the fork itself (the run's page tables,
//!   a copy of the judge's) is charged to the run, as the run's own.
//! - The `pids` cgroup counts the starter: its limit is one more than the run's.
//! - The `cpuacct` cgroup counts the starter's CPU time too (the fork): what the starter's
//!   thread clock says it used since the run's figures were reset is taken off.
//! - `cgroup.procs` lists the judge's own process among the run's: it is left out of every
//!   list of the run's processes (and so never killed).
//!
//! A slot whose memory cgroup still holds more than a run leaves ([`super::pool::CLEAN_BYTES`]:
//! kernel objects of the runs before, a network namespace's above all, are freed a while after
//! their run, later on a busy machine) gets a new one before its next run, the starter moved
//! there (one write, now and then) and the old one removed (its charges go up to the judge's).
//! A slot a process of a run outlived (it would not die) is not used again: its runs join
//! cgroups of their own, as before.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use super::files::{read_number, write};
use super::hierarchy::Base;
use super::{Dir, Key};
use crate::error::{Doing, SetupError};

/// A job to do on the starter's thread, in the slot's cgroups.
type Job = Box<dyn FnOnce() + Send>;

/// A slot's directories that may be replaced: all of them, and the memory one.
#[derive(Clone)]
pub(super) struct Current {
    pub dirs: Vec<Dir>,
    pub memory: Option<PathBuf>,
}

/// One slot's cgroup directories and the thread that lives in them.
pub(crate) struct Starter {
    current: Mutex<Current>,
    /// Where a new memory directory is made, named after the slot ([`Starter::renew_memory`]).
    memory_base: Option<Base>,
    name: String,
    renewed: std::sync::atomic::AtomicU64,
    /// The starter thread's id, to move it into a new memory directory.
    tid: libc::pid_t,
    pub(super) pids: Option<PathBuf>,
    pub(super) cpu: Option<PathBuf>,
    pub(super) cpuset: Option<PathBuf>,
    /// The CPU its cpuset holds it to.
    pub(super) cpu_index: usize,
    /// The limits last written, so that unchanged ones are not written again.
    written: Mutex<Option<Key>>,
    /// A run of the slot is in progress (a second run at once starts as before).
    busy: AtomicBool,
    /// Something stayed in the cgroups after a run: the slot is not used again.
    broken: AtomicBool,
    /// The starter's CPU-time clock.
    clock: libc::clockid_t,
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Starter {
    /// Makes the slot's directories (`name` in each base) and moves a new thread into them.
    pub(super) fn new(
        bases: &[(&Base, &'static str)],
        name: &str,
        cpu: usize,
    ) -> Result<Starter, SetupError> {
        let mut dirs: Vec<Dir> = Vec::new();
        let made = Self::directories(bases, name, cpu, &mut dirs);
        let (memory, pids, cpu_dir, cpuset) = match made {
            Ok(found) => found,
            Err(err) => {
                super::pool::remove(&dirs);
                return Err(err);
            }
        };
        let tasks: Vec<PathBuf> = dirs.iter().map(|d| d.path.join("tasks")).collect();
        let (ready_tx, ready_rx) =
            mpsc::channel::<Result<(libc::clockid_t, libc::pid_t), String>>();
        let (jobs_tx, jobs_rx) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name(format!("leapfrog-{name}"))
            .spawn(move || {
                let joined = join_thread(&tasks).map(|tid| (own_clock(), tid));
                let ok = joined.is_ok();
                let _ = ready_tx.send(joined);
                if ok {
                    for job in jobs_rx {
                        job();
                    }
                }
            })
            .doing(|| "starting a slot's starter thread".into());
        let thread = match thread {
            Ok(thread) => thread,
            Err(err) => {
                super::pool::remove(&dirs);
                return Err(err);
            }
        };
        let (clock, tid) = match ready_rx.recv() {
            Ok(Ok(started)) => started,
            Ok(Err(why)) => {
                let _ = thread.join();
                super::pool::remove(&dirs);
                return Err(SetupError::msg(why));
            }
            Err(_) => {
                let _ = thread.join();
                super::pool::remove(&dirs);
                return Err(SetupError::msg("a slot's starter thread ended"));
            }
        };
        let memory_base = bases
            .iter()
            .find(|(_, controller)| *controller == "memory")
            .map(|(base, _)| (*base).clone());
        Ok(Starter {
            current: Mutex::new(Current { dirs, memory }),
            memory_base,
            name: name.to_string(),
            renewed: std::sync::atomic::AtomicU64::new(0),
            tid,
            pids,
            cpu: cpu_dir,
            cpuset,
            cpu_index: cpu,
            written: Mutex::new(None),
            busy: AtomicBool::new(false),
            broken: AtomicBool::new(false),
            clock,
            jobs: Mutex::new(Some(jobs_tx)),
            thread: Mutex::new(Some(thread)),
        })
    }

    /// The slot's directory in each hierarchy, its cpuset holding it to `cpu`.
    #[allow(clippy::type_complexity)]
    fn directories(
        bases: &[(&Base, &'static str)],
        name: &str,
        cpu: usize,
        dirs: &mut Vec<Dir>,
    ) -> Result<
        (
            Option<PathBuf>,
            Option<PathBuf>,
            Option<PathBuf>,
            Option<PathBuf>,
        ),
        SetupError,
    > {
        let (mut memory, mut pids, mut cpu_dir, mut cpuset) = (None, None, None, None);
        for (base, controller) in bases {
            let path = super::make_dir(base, name, dirs)?;
            match *controller {
                "memory" => {
                    // Swap off for good; the limit is written per run.
                    let _ = std::fs::write(path.join("memory.swappiness"), "0");
                    memory = Some(path);
                }
                "pids" => pids = Some(path),
                "cpuacct" => cpu_dir = Some(path),
                "cpuset" => {
                    let mems = std::fs::read_to_string(base.dir.join("cpuset.mems"))
                        .doing(|| format!("reading {}/cpuset.mems", base.dir.display()))?;
                    write(&path.join("cpuset.mems"), mems.trim())?;
                    write(&path.join("cpuset.cpus"), &cpu.to_string())?;
                    cpuset = Some(path);
                }
                _ => {}
            }
        }
        Ok((memory, pids, cpu_dir, cpuset))
    }

    /// Takes the slot for one run with these limits, written into its cgroups, and returns its
    /// directories; `None` when a run of the slot is in progress, or the slot is not usable any
    /// more (a limit could not be written, a memory cgroup not renewed): then the run joins
    /// cgroups of its own.
    pub(super) fn take(&self, key: Key) -> Option<Current> {
        if self.broken.load(Ordering::Acquire) || self.busy.swap(true, Ordering::AcqRel) {
            return None;
        }
        let ready = self
            .renew_memory_if_charged()
            .and_then(|()| self.write_limits(key));
        if ready.is_err() {
            self.broken.store(true, Ordering::Release);
            self.busy.store(false, Ordering::Release);
            return None;
        }
        Some(
            self.current
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone(),
        )
    }

    /// Gives the slot a new memory cgroup when more than a run leaves is still charged to its
    /// own: a new directory, with swap off, the starter moved into it (its limit is written
    /// next), the old one removed.
    fn renew_memory_if_charged(&self) -> Result<(), SetupError> {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        let (Some(old), Some(base)) = (current.memory.clone(), &self.memory_base) else {
            return Ok(());
        };
        let charged = read_number(&old.join("memory.usage_in_bytes"));
        if charged.is_some_and(|bytes| bytes <= super::pool::CLEAN_BYTES) {
            return Ok(());
        }
        let n = self.renewed.fetch_add(1, Ordering::Relaxed);
        let mut made = Vec::new();
        let new = super::make_dir(base, &format!("{}-{n}", self.name), &mut made)?;
        let _ = std::fs::write(new.join("memory.swappiness"), "0");
        if let Err(err) = write(&new.join("tasks"), &self.tid.to_string()) {
            super::pool::remove(&made);
            return Err(err);
        }
        let (gone, kept): (Vec<Dir>, Vec<Dir>) =
            current.dirs.drain(..).partition(|dir| dir.path == old);
        current.dirs = kept;
        current.dirs.extend(made);
        current.memory = Some(new);
        super::pool::remove(&gone);
        // The limits are written again, into the new directory.
        *self.written.lock().unwrap_or_else(|e| e.into_inner()) = None;
        Ok(())
    }

    /// Writes the run's limits where they differ from the last run's (none: no limit).
    fn write_limits(&self, key: Key) -> Result<(), SetupError> {
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        let last = written.take();
        let memory = self
            .current
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .memory
            .clone();
        if let Some(dir) = &memory
            && last.is_none_or(|last| last.memory != key.memory)
        {
            let memsw = dir.join("memory.memsw.limit_in_bytes");
            let has_memsw = memsw.exists();
            // memory + swap may never be below memory alone: lifted first, lowered last.
            if has_memsw {
                write(&memsw, "-1")?;
            }
            let bytes = key.memory.map_or("-1".to_string(), |b| b.to_string());
            write(&dir.join("memory.limit_in_bytes"), &bytes)?;
            if has_memsw {
                write(&memsw, &bytes)?;
            }
        }
        if let Some(dir) = &self.pids
            && last.is_none_or(|last| last.tasks != key.tasks)
        {
            // The starter is one of the cgroup's tasks.
            let max = key.tasks.map_or("max".to_string(), |n| (n + 1).to_string());
            write(&dir.join("pids.max"), &max)?;
        }
        *written = Some(key);
        Ok(())
    }

    /// Gives the slot back after a run: `clean` when nothing of the run is left in it.
    pub(super) fn give_back(&self, clean: bool) {
        if !clean {
            self.broken.store(true, Ordering::Release);
        }
        self.busy.store(false, Ordering::Release);
    }

    /// The CPU time the starter's thread has used.
    pub(super) fn cpu_used(&self) -> Duration {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: writes one timespec; the clock is the starter thread's, alive while `self` is.
        if unsafe { libc::clock_gettime(self.clock, &mut ts) } != 0 {
            return Duration::ZERO;
        }
        Duration::new(
            ts.tv_sec.max(0) as u64,
            ts.tv_nsec.clamp(0, 999_999_999) as u32,
        )
    }

    /// Runs `job` on the starter's thread and returns what it returns; `None` when the thread
    /// is gone.
    pub(crate) fn on_thread<R: Send + 'static>(
        &self,
        job: impl FnOnce() -> R + Send + 'static,
    ) -> Option<R> {
        let (tx, rx) = mpsc::sync_channel(1);
        let sent = {
            let jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
            let job: Job = Box::new(move || {
                let _ = tx.send(job());
            });
            jobs.as_ref().is_some_and(|jobs| jobs.send(job).is_ok())
        };
        if !sent {
            return None;
        }
        rx.recv().ok()
    }

    /// Ends the thread and removes the directories (no run is in progress).
    pub(super) fn end(&self) {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(thread) = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = thread.join();
        }
        super::pool::remove(&self.current.lock().unwrap_or_else(|e| e.into_inner()).dirs);
    }
}

/// Moves the calling thread (only it) into the cgroups whose `tasks` files are given; returns
/// its id.
fn join_thread(tasks: &[PathBuf]) -> Result<libc::pid_t, String> {
    // SAFETY: gettid has no preconditions.
    let tid = unsafe { libc::syscall(libc::SYS_gettid) } as libc::pid_t;
    for file in tasks {
        std::fs::write(file, tid.to_string())
            .map_err(|e| format!("moving a starter thread into {}: {e}", file.display()))?;
    }
    Ok(tid)
}

/// The calling thread's CPU-time clock.
fn own_clock() -> libc::clockid_t {
    let mut clock: libc::clockid_t = libc::CLOCK_THREAD_CPUTIME_ID;
    // SAFETY: pthread_getcpuclockid writes one clock id for the calling thread.
    unsafe {
        libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock);
    }
    clock
}

#[cfg(test)]
mod tests;
