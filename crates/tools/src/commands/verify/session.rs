//! The judging `verify` and `time-limit` share: one prepared judge for every submission, the
//! time limit found first (given, or inferred from the lower-bound programs, judged ahead), then
//! every submission's row in order.

use super::row::format_row;
use super::{Row, assess_row, limit, verify_one};
use crate::matrix::{Column, Recorder};
use leapfrog_judge::{self as judge, Judge};
use leapfrog_package::{Limits, Package, Submission, Timing};
use leapfrog_runner::units::Seconds;

/// The table's first line: the problem, how many submissions, the limits and how the time limit
/// was found, the isolation.
pub(super) fn header_line(
    (package, count, entry, limits): (&Package, usize, &limit::TimeLimitEntry, &Limits),
    (isolation, memory): (&str, &str),
) -> String {
    format!(
        "verify {} · {} · limits {}, {} MiB memory · {} · memory: {}",
        leapfrog_util::inert(&package.short_name),
        leapfrog_util::plural(count, "submission"),
        entry.describe(),
        limits.memory_mib,
        isolation,
        memory
    )
}

/// The widths of the table's submission and expectation columns.
pub(super) fn column_widths(submissions: &[Submission]) -> (usize, usize) {
    let widest = |f: &dyn Fn(&Submission) -> usize| submissions.iter().map(f).max().unwrap_or(0);
    (
        widest(&|s| s.display_name().len()),
        widest(&|s| s.expectation.label().len()).max(3),
    )
}

/// What judging every submission shares: the package, the prepared judge, the report page's
/// recorder, and the rows judged ahead of the others to find the time limit.
pub(super) struct Session<'a> {
    pub package: &'a Package,
    pub judge: Result<Judge, String>,
    pub recorder: Option<Recorder>,
    /// `--json` (no progress), and whether every test runs.
    pub quiet: (bool, bool),
    pub rows: Vec<Option<Row>>,
    /// How many submissions are judged at once.
    pub jobs: usize,
    /// Where the time went and the time left, for the progress line.
    pub outlook: std::sync::Arc<super::eta::Outlook>,
}

impl Session<'_> {
    fn judge_one(&mut self, column: usize, submission: &Submission) -> anyhow::Result<Row> {
        let page = (self.recorder.as_mut()).map(|recorder| Column { recorder, column });
        let judge = (&self.judge, &*self.outlook);
        verify_one(judge, self.package, submission, self.quiet, page, false)
    }

    /// The time limit: given, or inferred after judging the lower-bound programs under a
    /// generous limit (their rows are kept for the table).
    pub fn find_limit(
        &mut self,
        submissions: &[Submission],
        base: &judge::JudgeOptions,
        timing: &Timing,
    ) -> anyhow::Result<limit::TimeLimitEntry> {
        if let Some((limit_s, from)) = limit::given(self.package, base) {
            return Ok(limit::entry(timing, limit_s, from));
        }
        if let Ok(judge) = &mut self.judge {
            let probe = Seconds::new(limit::PROBE_S).expect("a valid limit");
            judge.measure_beyond(probe, probe);
        }
        let lower: Vec<usize> = (0..submissions.len())
            .filter(|&c| limit::is_lower(&submissions[c]))
            .collect();
        let mut judged: Vec<(usize, Row)> = Vec::new();
        self.judge_many(submissions, &lower, &mut judged)?;
        for (column, row) in judged {
            self.rows[column] = Some(row);
        }
        let slowest = limit::slowest_lower(submissions, &self.rows);
        let default_s = self.package.config.limits.time_s.get();
        Ok(limit::inferred(timing, slowest, default_s))
    }

    /// Judges from now on against the limit found, running programs up to the limit ×
    /// `time_limit_to_tle`; the limits in force.
    pub fn apply_limit(
        &mut self,
        base: &judge::JudgeOptions,
        entry: &limit::TimeLimitEntry,
        timing: &Timing,
    ) -> anyhow::Result<Limits> {
        let limit =
            Seconds::new(entry.limit_s).map_err(|why| anyhow::anyhow!("the time limit: {why}"))?;
        let run_limit = Seconds::new(entry.limit_s * timing.time_limit_to_tle)
            .map_err(|why| anyhow::anyhow!("the time limit × time_limit_to_tle: {why}"))?;
        let mut limits = match &mut self.judge {
            Ok(judge) => {
                judge.measure_beyond(limit, run_limit);
                judge.limits.clone()
            }
            Err(_) => judge::effective_limits(self.package, base),
        };
        limits.time_s = limit;
        Ok(limits)
    }

    /// Judges the submissions at `columns` (none judged yet), up to `jobs` at a time with the
    /// ones that must exceed the time limit first: each runs at least one test to the limit ×
    /// `time_limit_to_tle`, the longest run of the package, so it starts while the other slots
    /// take the short submissions (started last, it would run alone at the end). `sink` gets
    /// each row as it is judged, in whatever order they finish. One at a time when the report
    /// page records them.
    fn judge_many(
        &mut self,
        submissions: &[Submission],
        columns: &[usize],
        sink: &mut dyn RowSink,
    ) -> anyhow::Result<()> {
        if self.recorder.is_some() || self.jobs <= 1 || columns.len() <= 1 {
            for &column in columns {
                sink.row_done(column, self.judge_one(column, &submissions[column])?);
            }
            return Ok(());
        }
        let mut order = columns.to_vec();
        order.sort_by_key(|&c| !limit::is_upper(&submissions[c]));
        // Progress bars of several submissions at once would overwrite each other.
        let quiet = (true, self.quiet.1);
        let (judge, package, outlook) = (&self.judge, self.package, &*self.outlook);
        let mut failed = None;
        leapfrog_runner::parallel::as_done(
            &order,
            self.jobs,
            |_, &column| {
                // Held over the whole submission: finding its toolchain starts programs too.
                let _busy = judge.as_ref().ok().map(leapfrog_judge::Judge::busy);
                verify_one(
                    (judge, outlook),
                    package,
                    &submissions[column],
                    quiet,
                    None,
                    true,
                )
            },
            |index, row| match row {
                Ok(row) => {
                    sink.row_done(order[index], row);
                    true
                }
                Err(err) => {
                    failed = Some(err);
                    false
                }
            },
        );
        failed.map_or(Ok(()), Err)
    }

    /// A submission's row judged ahead, judged again against the limit: its tests past the
    /// limit become TLE, then it is graded (grader flags and scores) and assessed as every
    /// row is.
    fn retimed(
        &mut self,
        column: usize,
        submission: &Submission,
        limit_s: f64,
    ) -> anyhow::Result<Option<Row>> {
        let Some(mut row) = self.rows[column].take() else {
            return Ok(None);
        };
        if let Ok(judge) = &self.judge
            && limit::retime(&mut row, limit_s)
        {
            let mut tests = std::mem::take(&mut row.tests);
            let grade = judge.grade(&mut tests);
            let scored = self.package.config.kind.scoring;
            assess_row(&mut row, submission, tests, (judge, &grade), (None, scored))?;
        }
        Ok(Some(row))
    }

    /// Every submission's row in order (only those that bound the time limit when
    /// `timing_only`), printed in order as they come when `print` gives the table's widths;
    /// and the submissions judged.
    pub fn judge_all(
        &mut self,
        submissions: &[Submission],
        timing_only: bool,
        print: Option<((usize, usize), bool)>,
        limit_s: f64,
    ) -> anyhow::Result<(Vec<Row>, Vec<Submission>)> {
        let wanted: Vec<usize> = (0..submissions.len())
            .filter(|&c| {
                let s = &submissions[c];
                !timing_only || limit::is_lower(s) || limit::is_upper(s)
            })
            .collect();
        let mut rows: Vec<Option<Row>> = submissions.iter().map(|_| None).collect();
        for &c in &wanted {
            rows[c] = self.retimed(c, &submissions[c], limit_s)?;
        }
        let todo: Vec<usize> = wanted
            .iter()
            .copied()
            .filter(|&c| rows[c].is_none())
            .collect();
        // Judged at once, the submissions share the table's bar (see `eta`).
        let at_once = self.recorder.is_none() && self.jobs > 1;
        (self.outlook).begin(todo.len(), if at_once { self.jobs } else { 1 });
        let mut table = Table {
            wanted,
            rows,
            printed: 0,
            print,
            outlook: std::sync::Arc::clone(&self.outlook),
        };
        table.show();
        let judged = self.judge_many(submissions, &todo, &mut table);
        self.outlook.finish();
        judged?;
        let Table {
            wanted, mut rows, ..
        } = table;
        let kept = wanted.iter().map(|&c| submissions[c].clone()).collect();
        let rows = wanted.iter().filter_map(|&c| rows[c].take()).collect();
        Ok((rows, kept))
    }
}

/// Receives each row `judge_many` judges, with its submission's column, as it is judged.
trait RowSink {
    fn row_done(&mut self, column: usize, row: Row);
}

/// The rows judged ahead to find the time limit, kept for the table.
impl RowSink for Vec<(usize, Row)> {
    fn row_done(&mut self, column: usize, row: Row) {
        self.push((column, row));
    }
}

/// The table as its rows come: each row in its column, printed as soon as every row before it
/// is (submissions judged at once finish out of order), and the time left estimated again.
struct Table {
    /// The columns of the table's rows, in order.
    wanted: Vec<usize>,
    rows: Vec<Option<Row>>,
    /// How many of `wanted` are printed.
    printed: usize,
    /// The widths of the columns and whether to style, when printing.
    print: Option<((usize, usize), bool)>,
    outlook: std::sync::Arc<super::eta::Outlook>,
}

impl Table {
    /// Prints the rows that are ready, in order.
    fn show(&mut self) {
        while let Some(row) = (self.wanted.get(self.printed)).and_then(|&c| self.rows[c].as_ref()) {
            if let Some((widths, styled)) = self.print {
                (self.outlook).println(&format_row(row, widths, styled));
            }
            self.printed += 1;
        }
    }
}

impl RowSink for Table {
    fn row_done(&mut self, column: usize, row: Row) {
        self.rows[column] = Some(row);
        self.show();
        self.outlook.judged();
    }
}
