//! A small worker pool: items are processed by a fixed number of threads, and results are
//! handed back either in item order as soon as every earlier item is done ([`ordered`]) or as
//! each item is done ([`as_done`], for callers that place results themselves and must not
//! wait for a long first item to hear of the short ones after it).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// Runs `work(slot, item)` on every item with `jobs` threads (slot = the worker's index, for CPU
/// pinning) and calls `emit(index, result)` in item order. When `emit` returns `false` no new
/// item is started; items already running finish and their results are dropped. A worker takes
/// its next item only once its last result has been looked at, so that a result that stops
/// the work stops it before that worker starts another item.
pub fn ordered<T, R>(
    items: &[T],
    jobs: usize,
    work: impl Fn(usize, &T) -> R + Sync,
    emit: impl FnMut(usize, R) -> bool,
) where
    T: Sync,
    R: Send,
{
    pool(items, jobs, work, emit, true);
}

/// [`ordered`], except that `emit(index, result)` is called as each item is done, in whatever
/// order they finish. When `emit` returns `false` no new item is started; results of items
/// still running are dropped.
pub fn as_done<T, R>(
    items: &[T],
    jobs: usize,
    work: impl Fn(usize, &T) -> R + Sync,
    emit: impl FnMut(usize, R) -> bool,
) where
    T: Sync,
    R: Send,
{
    pool(items, jobs, work, emit, false);
}

/// The pool behind [`ordered`] (`in_order`) and [`as_done`].
fn pool<T, R>(
    items: &[T],
    jobs: usize,
    work: impl Fn(usize, &T) -> R + Sync,
    mut emit: impl FnMut(usize, R) -> bool,
    in_order: bool,
) where
    T: Sync,
    R: Send,
{
    let jobs = jobs.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // How many results the emitting side has looked at, and a bell for each.
    let seen = (Mutex::new(vec![false; items.len()]), Condvar::new());
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for slot in 0..jobs {
            let tx = tx.clone();
            let (next, stop, work, seen) = (&next, &stop, &work, &seen);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Acquire) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else { break };
                    if tx.send((index, work(slot, item))).is_err() {
                        break;
                    }
                    let mut looked = seen.0.lock().unwrap_or_else(|e| e.into_inner());
                    while !looked[index] && !stop.load(Ordering::Acquire) {
                        looked = seen.1.wait(looked).unwrap_or_else(|e| e.into_inner());
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut expected = 0;
        let mut emitting = true;
        for (index, result) in rx {
            if emitting {
                pending.insert(index, result);
            }
            // What may be handed over now: in order, the results from `expected` on; as each
            // is done, whatever is there (this one).
            let next = |pending: &mut BTreeMap<usize, R>, expected: usize| match in_order {
                true => pending.remove_entry(&expected),
                false => pending.pop_first(),
            };
            while let Some((at, result)) = next(&mut pending, expected) {
                expected = at + 1;
                if !emit(at, result) {
                    emitting = false;
                    stop.store(true, Ordering::Release);
                    pending.clear();
                    break;
                }
            }
            let mut looked = seen.0.lock().unwrap_or_else(|e| e.into_inner());
            looked[index] = true;
            seen.1.notify_all();
        }
    });
}

/// The default number of parallel jobs: the CPUs this process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emits_in_order_and_stops_when_asked() {
        let items: Vec<u64> = (0..50).collect();
        let mut seen = Vec::new();
        ordered(
            &items,
            4,
            |_, &x| {
                std::thread::sleep(std::time::Duration::from_millis((50 - x) % 7));
                x * 2
            },
            |i, r| {
                seen.push((i, r));
                i < 20
            },
        );
        assert_eq!(seen.len(), 21);
        assert!(
            seen.iter()
                .enumerate()
                .all(|(k, &(i, r))| i == k && r == 2 * k as u64)
        );
    }

    #[test]
    fn as_done_hands_each_result_over_without_waiting_for_a_slow_first_item() {
        let items: Vec<u64> = (0..6).collect();
        let others_done = AtomicUsize::new(0);
        let mut seen = Vec::new();
        as_done(
            &items,
            2,
            |_, &x| {
                if x == 0 {
                    // Ends only after the five others (or, should the machine stall the other
                    // worker that long, after ten seconds, and then the test fails).
                    let start = std::time::Instant::now();
                    while others_done.load(Ordering::SeqCst) < 5
                        && start.elapsed() < std::time::Duration::from_secs(10)
                    {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                } else {
                    others_done.fetch_add(1, Ordering::SeqCst);
                }
                x
            },
            |i, r| {
                seen.push((i, r));
                true
            },
        );
        // The first item held one worker while the other did the rest, and their results came
        // first: in order, they would all have waited for it.
        assert_eq!(seen.len(), 6);
        assert_eq!(seen.last(), Some(&(0, 0)));
        assert!(seen.iter().all(|&(i, r)| i as u64 == r));
    }

    #[test]
    fn a_stopping_result_keeps_its_worker_from_starting_another_item() {
        let items: Vec<u64> = (0..10).collect();
        let started = AtomicUsize::new(0);
        ordered(
            &items,
            1,
            |_, &x| {
                started.fetch_add(1, Ordering::SeqCst);
                x
            },
            |i, _| i < 2,
        );
        // Items 0, 1 and 2 ran; item 2 stopped the work before item 3 began.
        assert_eq!(started.load(Ordering::SeqCst), 3);
    }
}
