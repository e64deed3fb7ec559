//! What the runs of one prepared judge share when several submissions are judged at once: the
//! CPU slots (at most `jobs` runs at a time, each on its own slot, so that a kept sandbox and a
//! pinned CPU belong to one run only), the lock a run takes to run again alone, and the count
//! of submissions in progress (orphans are swept only when none is, or the sweep would kill
//! another submission's runs). Judges of several problems judged at once share one
//! [`SlotPool`], so that together they never run more than `jobs` programs.

use std::sync::{Arc, Condvar, Mutex, RwLock};

use leapfrog_runner::Runner;

/// The shared state; see the module's comment.
#[derive(Debug)]
pub(super) struct Shared {
    free: Mutex<Vec<usize>>,
    freed: Condvar,
    /// Every run holds it shared; a run again alone holds it exclusively.
    pub alone: RwLock<()>,
    busy: Mutex<usize>,
    /// The command's runner, which sweeps the orphans.
    runner: Arc<Runner>,
    jobs: usize,
}

/// The slots of judges that work at the same time (`verify CONTEST`, whose problems overlap):
/// given in [`crate::JudgeOptions::pool`], every judge prepared with it takes its slots, its
/// "alone" lock and its count of submissions in progress from here instead of its own.
#[derive(Debug, Clone)]
pub struct SlotPool(pub(super) Arc<Shared>);

impl SlotPool {
    /// A pool of `jobs` slots over the command's runner.
    pub fn new(jobs: usize, runner: &Arc<Runner>) -> SlotPool {
        SlotPool(Arc::new(Shared::new(jobs, Arc::clone(runner))))
    }

    /// How many runs it holds at once.
    pub fn jobs(&self) -> usize {
        self.0.jobs
    }

    /// Marks work in progress until the guard is dropped: while any is, no judge of the pool
    /// sweeps the command's children, which would kill another problem's programs.
    pub fn busy(&self) -> Busy<'_> {
        self.0.busy()
    }
}

/// A CPU slot held for one run.
pub(super) struct Slot<'a> {
    shared: &'a Shared,
    pub index: usize,
}

/// One submission in progress (compiling or running): while any is, the judge's children are
/// not swept.
pub struct Busy<'a>(&'a Shared);

impl Shared {
    pub fn new(jobs: usize, runner: Arc<Runner>) -> Shared {
        Shared {
            // Popped from the end: slot 0 first.
            free: Mutex::new((0..jobs.max(1)).rev().collect()),
            freed: Condvar::new(),
            alone: RwLock::new(()),
            busy: Mutex::new(0),
            runner,
            jobs: jobs.max(1),
        }
    }

    /// Waits for a free slot.
    pub fn slot(&self) -> Slot<'_> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(index) = free.pop() {
                return Slot {
                    shared: self,
                    index,
                };
            }
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Marks a submission in progress until the guard is dropped.
    pub fn busy(&self) -> Busy<'_> {
        *self.busy.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        Busy(self)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let mut free = self.shared.free.lock().unwrap_or_else(|e| e.into_inner());
        free.push(self.index);
        self.shared.freed.notify_one();
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        let mut busy = self.0.busy.lock().unwrap_or_else(|e| e.into_inner());
        *busy = busy.saturating_sub(1);
        // Swept while holding the count: no submission starts meanwhile.
        if *busy == 0 {
            self.0.runner.sweep_orphans();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn no_two_runs_hold_the_same_slot() {
        let shared = Shared::new(2, Arc::new(Runner::new(leapfrog_runner::Cancel::new())));
        let holders = [AtomicUsize::new(0), AtomicUsize::new(0)];
        std::thread::scope(|scope| {
            for _ in 0..6 {
                scope.spawn(|| {
                    for _ in 0..20 {
                        let slot = shared.slot();
                        assert!(slot.index < 2);
                        assert_eq!(holders[slot.index].fetch_add(1, Ordering::SeqCst), 0);
                        std::thread::sleep(std::time::Duration::from_micros(200));
                        holders[slot.index].fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
    }

    #[test]
    fn judges_on_one_pool_share_its_slots() {
        let runner = Arc::new(Runner::new(leapfrog_runner::Cancel::new()));
        let pool = SlotPool::new(2, &runner);
        // Two problems' judges each hold a clone; together they never exceed two runs.
        let (judges, jobs) = ([pool.clone(), pool.clone()], pool.jobs());
        let holders = [AtomicUsize::new(0), AtomicUsize::new(0)];
        std::thread::scope(|scope| {
            for thread in 0..6 {
                let (judges, holders) = (&judges, &holders);
                scope.spawn(move || {
                    for _ in 0..20 {
                        let slot = judges[thread % 2].0.slot();
                        assert!(slot.index < jobs);
                        assert_eq!(holders[slot.index].fetch_add(1, Ordering::SeqCst), 0);
                        std::thread::sleep(std::time::Duration::from_micros(200));
                        holders[slot.index].fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
    }
}
