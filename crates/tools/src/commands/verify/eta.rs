//! What `verify`'s progress line says besides the test being judged: where the time went so
//! far, by kind of program (`output validator 84% · submissions 16%`), and, once the first
//! submission of the table is judged, how long verify will still take (the mean time of the
//! submissions judged so far, times the rounds of submissions left, counted down between
//! them). Remembered output checks make later submissions quicker, so the estimate errs on the
//! long side. Only on a terminal: in a pipe or a log, a line redrawn in place is noise.
//!
//! Judged one at a time, each submission has its own bar and this text follows the test's
//! name; judged at once, their bars would overwrite each other, so the table has one bar of
//! submissions, which this text fills.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::report::Progress;
use leapfrog_judge::spent::Spent;

/// The shares of time and the time left, shared by the submissions judged at once.
pub(super) struct Outlook {
    /// What the programs had spent when verify began.
    from: Spent,
    /// On a terminal, and not asked to be quiet (`--json`, `time-limit`).
    enabled: bool,
    /// The table's bar of submissions, shown while several are judged at once.
    bar: Progress,
    state: Mutex<State>,
}

/// How far the table is.
struct State {
    start: Instant,
    total: usize,
    done: usize,
    jobs: usize,
    /// When verify should be done, once a submission of the table has been judged.
    finish: Option<Instant>,
}

impl Outlook {
    /// Time counted from `from`; silent when `quiet` or stderr is not a terminal.
    pub fn new(from: Spent, quiet: bool) -> Outlook {
        Outlook {
            from,
            enabled: !quiet && std::io::stderr().is_terminal(),
            bar: Progress::new("verify", quiet),
            state: Mutex::new(State {
                start: Instant::now(),
                total: 0,
                done: 0,
                jobs: 1,
                finish: None,
            }),
        }
    }

    /// The table's `total` submissions are about to be judged, `jobs` at once (the rows
    /// judged ahead to find the time limit are not among them).
    pub fn begin(&self, total: usize, jobs: usize) {
        *self.state() = State {
            start: Instant::now(),
            total,
            done: 0,
            jobs: jobs.max(1),
            finish: None,
        };
        if self.enabled && jobs > 1 && total > 1 {
            self.bar.start(total);
            self.bar.message(&self.words());
        }
    }

    /// One more submission of the table judged: the time left is estimated again.
    pub fn judged(&self) {
        let words = {
            let mut state = self.state();
            state.done += 1;
            let elapsed = state.start.elapsed();
            let left = estimate(elapsed, state.done, state.total, state.jobs);
            state.finish = Some(Instant::now() + left);
            drop(state);
            self.words()
        };
        self.bar.step(&words);
    }

    /// A test judged: the text for the submission's own bar (`secret/04 · output validator
    /// 84% · …`); the table's bar, if shown, gets the shares and the time left.
    pub fn test_done(&self, test: &str) -> String {
        if !self.enabled {
            return test.to_string();
        }
        let words = self.words();
        self.bar.message(&words);
        match words.is_empty() {
            true => test.to_string(),
            false => format!("{test} · {words}"),
        }
    }

    /// Prints a line of the table on stdout without tearing the table's bar.
    pub fn println(&self, line: &str) {
        self.bar.println(line);
    }

    /// Takes the table's bar off the screen.
    pub fn finish(&self) {
        self.bar.finish();
    }

    /// `output validator 84% · submissions 16% · about 2 min left`.
    fn words(&self) -> String {
        let spent = Spent::now().since(&self.from);
        let left = self.state().finish.map(|finish| {
            let left = finish.saturating_duration_since(Instant::now());
            format!("about {} left", words(left))
        });
        line(spent.shares(), left)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The shares (each `kind NN%`) and the time left, joined by ` · `.
fn line(shares: Vec<String>, left: Option<String>) -> String {
    shares
        .into_iter()
        .chain(left)
        .collect::<Vec<_>>()
        .join(" · ")
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
    let done = done.max(1);
    let left = total.saturating_sub(done);
    // The rounds so far: `done` submissions took `elapsed` with `jobs` of them at a time.
    let rounds_done = done.div_ceil(jobs.max(1)) as u32;
    let per_round = elapsed / rounds_done.max(1);
    let rounds = left.div_ceil(jobs.max(1));
    per_round * u32::try_from(rounds).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_the_mean_round_times_the_rounds_left() {
        let s = Duration::from_secs;
        assert_eq!(estimate(s(10), 1, 5, 1), s(40));
        assert_eq!(estimate(s(10), 1, 5, 2), s(20));
        assert_eq!(estimate(s(10), 1, 1, 2), s(0));
        // Two judged at once in 10 s: two rounds of two left.
        assert_eq!(estimate(s(10), 2, 6, 2), s(20));
        assert_eq!(words(s(45)), "45 s");
        assert_eq!(words(s(700)), "12 min");
        assert_eq!(words(s(7500)), "2 h 5 min");
    }

    #[test]
    fn the_line_gives_the_shares_then_the_time_left() {
        let shares = vec!["output validator 84%".to_string(), "submissions 16%".into()];
        assert_eq!(
            line(shares.clone(), Some("about 2 min left".into())),
            "output validator 84% · submissions 16% · about 2 min left"
        );
        assert_eq!(line(shares, None), "output validator 84% · submissions 16%");
        assert_eq!(line(Vec::new(), None), "");
    }
}
