//! The time a command spent in each kind of program (submissions, output validators, input
//! and answer validators, generators), summed over its runs: the wall-clock time of each run,
//! so a program that waits counts as much as one that computes, and runs made at once on
//! several CPUs each count in full. `verify` prints the shares at its end, to show which
//! program is the bottleneck.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde::Serialize;

/// The kinds of program timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Submission,
    OutputValidator,
    InputValidator,
    AnswerValidator,
    Generator,
}

const KINDS: [Kind; 5] = [
    Kind::Submission,
    Kind::OutputValidator,
    Kind::InputValidator,
    Kind::AnswerValidator,
    Kind::Generator,
];

impl Kind {
    fn index(self) -> usize {
        self as usize
    }

    /// How the summary names it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Submission => "submissions",
            Kind::OutputValidator => "output validator",
            Kind::InputValidator => "input validators",
            Kind::AnswerValidator => "answer validators",
            Kind::Generator => "generators",
        }
    }

    /// The kind of a judges' program by its role (`Program::role`); `None` for the others
    /// (a plan's solution, a reference run), which are not timed.
    pub fn of_role(role: &str) -> Option<Kind> {
        match role {
            "generator" => Some(Kind::Generator),
            "input validator" => Some(Kind::InputValidator),
            "answer validator" => Some(Kind::AnswerValidator),
            "output validator" => Some(Kind::OutputValidator),
            _ => None,
        }
    }
}

static NANOS: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];
static RUNS: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];

/// Counts one run of `kind` that took `wall`.
pub fn record(kind: Kind, wall: Duration) {
    let nanos = u64::try_from(wall.as_nanos()).unwrap_or(u64::MAX);
    NANOS[kind.index()].fetch_add(nanos, Ordering::Relaxed);
    RUNS[kind.index()].fetch_add(1, Ordering::Relaxed);
}

/// The time and runs of each kind so far in this process.
#[derive(Debug, Clone, Copy, Default)]
pub struct Spent {
    nanos: [u64; 5],
    runs: [u64; 5],
}

/// One kind's line of the JSON report.
#[derive(Debug, Clone, Serialize)]
pub struct KindEntry {
    pub kind: &'static str,
    pub seconds: f64,
    pub runs: u64,
    /// Its share of the time of all the kinds, in percent.
    pub percent: f64,
}

impl Spent {
    pub fn now() -> Spent {
        let load = |a: &[AtomicU64; 5]| std::array::from_fn(|i| a[i].load(Ordering::Relaxed));
        Spent {
            nanos: load(&NANOS),
            runs: load(&RUNS),
        }
    }

    /// What was spent since `before`.
    pub fn since(&self, before: &Spent) -> Spent {
        Spent {
            nanos: std::array::from_fn(|i| self.nanos[i].saturating_sub(before.nanos[i])),
            runs: std::array::from_fn(|i| self.runs[i].saturating_sub(before.runs[i])),
        }
    }

    /// The time of `kind`.
    pub fn of(&self, kind: Kind) -> Duration {
        Duration::from_nanos(self.nanos[kind.index()])
    }

    /// Every kind that ran, largest share first.
    pub fn entries(&self) -> Vec<KindEntry> {
        let total: u64 = self.nanos.iter().sum();
        let mut entries: Vec<KindEntry> = KINDS
            .iter()
            .filter(|k| self.runs[k.index()] > 0)
            .map(|&k| KindEntry {
                kind: k.name(),
                seconds: (self.nanos[k.index()] as f64 / 1e6).round() / 1e3,
                runs: self.runs[k.index()],
                percent: match total {
                    0 => 0.0,
                    t => (self.nanos[k.index()] as f64 * 1000.0 / t as f64).round() / 10.0,
                },
            })
            .collect();
        entries.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
        entries
    }

    /// `output validator 84%`, `submissions 16%`: each kind that ran and its share, largest
    /// first, short enough for a progress line.
    pub fn shares(&self) -> Vec<String> {
        (self.entries().iter())
            .map(|e| format!("{} {:.0}%", e.kind, e.percent))
            .collect()
    }

    /// `output validator 84% (100 runs, 41.2 s) · submissions 16% (…)`: one line, or `None`
    /// when nothing ran.
    pub fn line(&self) -> Option<String> {
        let entries = self.entries();
        if entries.is_empty() {
            return None;
        }
        let parts: Vec<String> = entries
            .iter()
            .map(|e| {
                format!(
                    "{} {:.0}% ({}, {:.1} s)",
                    e.kind,
                    e.percent,
                    leapfrog_util::plural(e.runs as usize, "run"),
                    e.seconds
                )
            })
            .collect();
        Some(parts.join(" · "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_of_the_sum_and_largest_first() {
        let before = Spent::now();
        record(Kind::Submission, Duration::from_millis(100));
        record(Kind::OutputValidator, Duration::from_millis(300));
        record(Kind::OutputValidator, Duration::from_millis(100));
        let spent = Spent::now().since(&before);
        let entries = spent.entries();
        assert_eq!(entries[0].kind, "output validator");
        assert_eq!(entries[0].runs, 2);
        assert!((entries[0].percent - 80.0).abs() < 0.01, "{entries:?}");
        assert!((entries[1].percent - 20.0).abs() < 0.01, "{entries:?}");
        let line = spent.line().unwrap();
        assert!(line.starts_with("output validator 80% (2 runs"), "{line}");
        assert_eq!(spent.shares(), ["output validator 80%", "submissions 20%"]);
    }
}
