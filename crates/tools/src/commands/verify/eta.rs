//! How long `verify` will still take, said once on a terminal when the first submission of the
//! table has been judged: the mean time of the submissions judged so far, times those left,
//! shared among the jobs. Remembered output checks make later submissions quicker, so it errs
//! on the long side. Not in a pipe or a log, where a guess of time is noise.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

pub(super) struct Eta {
    start: Instant,
    total: usize,
    done: usize,
    jobs: usize,
    enabled: bool,
}

impl Eta {
    /// For `total` submissions judged `jobs` at a time; silent when `quiet` or stderr is not
    /// a terminal.
    pub fn new(total: usize, jobs: usize, quiet: bool) -> Eta {
        Eta {
            start: Instant::now(),
            total,
            done: 0,
            jobs,
            enabled: !quiet && std::io::stderr().is_terminal(),
        }
    }

    /// Notes one more submission judged; after the first, says the time left on stderr.
    pub fn judged(&mut self) {
        self.done += 1;
        if self.enabled && self.done == 1 && self.total > 1 {
            let left = estimate(self.start.elapsed(), self.done, self.total, self.jobs);
            eprintln!(
                "verify: about {} left for {}",
                words(left),
                leapfrog_util::plural(self.total - self.done, "more submission")
            );
        }
    }
}

/// `45 s`, `12 min`, `1 h 5 min`.
fn words(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..120 => format!("{s} s"),
        120..7200 => format!("{} min", s.div_ceil(60)),
        _ => format!("{} h {} min", s / 3600, (s % 3600) / 60),
    }
}

/// The time left when `done` of `total` submissions took `elapsed`, `jobs` judged at once.
fn estimate(elapsed: Duration, done: usize, total: usize, jobs: usize) -> Duration {
    let done = done.max(1) as u32;
    let per = elapsed / done;
    let left = total.saturating_sub(done as usize);
    let rounds = left.div_ceil(jobs.max(1));
    per * u32::try_from(rounds).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_the_mean_times_the_rounds_left() {
        let s = Duration::from_secs;
        assert_eq!(estimate(s(10), 1, 5, 1), s(40));
        assert_eq!(estimate(s(10), 1, 5, 2), s(20));
        assert_eq!(estimate(s(10), 1, 1, 2), s(0));
        assert_eq!(words(s(45)), "45 s");
        assert_eq!(words(s(700)), "12 min");
    }
}
