//! The runs in progress in this process, and the sweep for orphans that spares them: the
//! children of the judge (a subreaper) whose run is over but who left its process group, even
//! its session, before the group was killed.
//!
//! Runs of several jobs start at the same time: a start only holds the gate below shared. A
//! sweep holds it alone, so that it never sees a run that has started but is not yet noted as
//! in progress (its session would look like an orphan's).

use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// Held shared from a run's start until the run is noted in [`LIVE`], and alone by a sweep
/// while it picks and kills orphans. (`LIVE`'s own lock, held across the start, once made every
/// start of every job wait for the one before it; starting a run, entering a kept sandbox above
/// all, is a good part of a tiny test's whole run.)
static STARTING: RwLock<()> = RwLock::new(());

/// The sessions of the runs in progress in this process, each numbered as its first process.
/// Orphans are children of the process, whichever runner started their run (the subreaper is
/// the process), so what the sweep must spare is known per process, not per runner.
static LIVE: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<libc::pid_t>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A run in progress, spared by [`sweep_children`] until dropped (once it has been killed and
/// reaped).
pub(super) struct Live(libc::pid_t);

impl Live {
    /// Starts a run with `start` (which returns its first process) and notes it, with no sweep
    /// in between; starts of other runs may go on meanwhile.
    pub(super) fn start<E>(
        start: impl FnOnce() -> Result<libc::pid_t, E>,
    ) -> Result<(libc::pid_t, Live), E> {
        let _starting = STARTING
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let pid = start()?;
        live().push(pid);
        Ok((pid, Live(pid)))
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        live().retain(|&pid| pid != self.0);
    }
}

/// Kills and reaps the children of the judge that `orphan` picks by their session, but never
/// a run in progress (or what stays in its session): orphans that left their run's process
/// group before it was killed.
pub(super) fn sweep_children(orphan: impl Fn(libc::pid_t) -> bool) {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    for _round in 0..50 {
        let mut orphans = {
            // No run starts while the orphans are picked and killed: each is either noted in
            // `LIVE` already or not started yet.
            let _alone = STARTING
                .write()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            kill_orphans(me, &orphan)
        };
        if orphans.is_empty() {
            break;
        }
        // Only the orphans are reaped: a run in progress is waited for by its own runner.
        let deadline = Instant::now() + Duration::from_millis(200);
        while !orphans.is_empty() && Instant::now() <= deadline {
            orphans.retain(|&pid| {
                let mut status = 0;
                // SAFETY: reaping our own child.
                unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) == 0 }
            });
            if !orphans.is_empty() {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// Sends SIGKILL to the children of `me` that `orphan` picks and no run in progress holds;
/// returns them.
fn kill_orphans(me: libc::pid_t, orphan: &impl Fn(libc::pid_t) -> bool) -> Vec<libc::pid_t> {
    let live = live();
    let orphans: Vec<libc::pid_t> = children_of(me)
        .into_iter()
        .filter(|&pid| session_of(pid).is_some_and(|sid| !live.contains(&sid) && orphan(sid)))
        .collect();
    for pid in &orphans {
        // SAFETY: signalling a process that is our child.
        unsafe {
            libc::kill(*pid, libc::SIGKILL);
        }
    }
    orphans
}

/// The judge's own children: from each thread's `/proc/self/task/TID/children` (a few small
/// reads), or, on kernels built without that file, by scanning every process in /proc (which
/// costs milliseconds on a busy machine).
fn children_of(parent: libc::pid_t) -> Vec<libc::pid_t> {
    listed_children().unwrap_or_else(|| super::procs::processes_where(|ppid, _| ppid == parent))
}

/// The children that the kernel lists per thread of this process, or `None` where it does not.
fn listed_children() -> Option<Vec<libc::pid_t>> {
    let mut found: Vec<libc::pid_t> = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let list = std::fs::read_to_string(task.path().join("children")).ok()?;
        found.extend(
            list.split_whitespace()
                .filter_map(|pid| pid.parse::<libc::pid_t>().ok()),
        );
    }
    Some(found)
}

/// The session a process is in (`getsid`), if it still exists.
fn session_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    // SAFETY: getsid takes a pid and returns a session id or -1.
    let sid = unsafe { libc::getsid(pid) };
    (sid >= 0).then_some(sid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::sync::Condvar;

    /// Two runs started from two threads (two jobs) are in their start at the same time: each
    /// start waits, up to a limit, for the other to begin too.
    #[test]
    fn runs_of_two_jobs_start_at_the_same_time() {
        let arrived = (Mutex::new(0), Condvar::new());
        let met = |fake_pid: libc::pid_t| {
            let (count, bell) = &arrived;
            let started = Live::start(|| {
                let mut count = count.lock().unwrap();
                *count += 1;
                bell.notify_all();
                let (count, _) = bell
                    .wait_timeout_while(count, Duration::from_secs(5), |n| *n < 2)
                    .unwrap();
                Ok::<_, ()>(if *count >= 2 { fake_pid } else { -1 })
            });
            started.map(|(pid, _live)| pid).unwrap()
        };
        // Negative numbers: no process's session, so nothing a sweep meanwhile could spare.
        let (first, second) = std::thread::scope(|scope| {
            let first = scope.spawn(|| met(-1001));
            let second = scope.spawn(|| met(-1002));
            (first.join().unwrap(), second.join().unwrap())
        });
        assert_eq!(
            (first, second),
            (-1001, -1002),
            "one start waited for the other"
        );
    }

    /// A sweep that comes while a run is starting (its process is there, in a session of its
    /// own, but not yet noted as in progress) waits for the start, and spares the run.
    #[test]
    fn a_sweep_spares_a_run_that_is_being_started() {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let starter = scope.spawn(move || {
                Live::start(|| {
                    let mut command = std::process::Command::new("sleep");
                    command.arg("30");
                    // SAFETY: setsid is async-signal-safe.
                    unsafe {
                        command.pre_exec(|| {
                            libc::setsid();
                            Ok(())
                        });
                    }
                    let pid = command.spawn().map(|child| child.id() as libc::pid_t)?;
                    tx.send(pid).unwrap();
                    // The sweep comes now, between the start and the note.
                    std::thread::sleep(Duration::from_millis(300));
                    Ok::<_, std::io::Error>(pid)
                })
                .unwrap()
            });
            let pid = rx.recv().unwrap();
            sweep_children(|sid| sid == pid);
            let mut status = 0;
            // SAFETY: looking at our own child without waiting.
            let alive = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) } == 0;
            let (_, live) = starter.join().unwrap();
            drop(live);
            // SAFETY: killing and reaping our own child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, &mut status, 0);
            }
            assert!(alive, "the sweep killed a run that was starting");
        });
    }
}
