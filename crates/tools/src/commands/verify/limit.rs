//! The time limit `verify` and `time-limit` judge with: the package's (or `--time-limit`), or
//! inferred from the slowest lower-bound program (accepted ones, and every program not
//! permitted TLE) as problemtools does; and the margins of the 2025-09 format, checked with
//! figures: lower-bound programs × `ac_to_time_limit` at most the limit, upper-bound (TLE)
//! programs past the limit × `time_limit_to_tle`.

use serde::Serialize;

use super::{Row, Status};
use leapfrog_judge::{JudgeOptions, TestResult, verdict};
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Package, Submission, TestScope, TimeLimitUse, Timing};
use leapfrog_util::inert;

/// The CPU limit lower-bound programs run under while the limit is not known yet.
pub(super) const PROBE_S: f64 = 30.0;

/// How the limit was found, for the header, `--json` (`time_limit`) and `time-limit`.
#[derive(Debug, Clone, Serialize)]
pub(super) struct TimeLimitEntry {
    pub limit_s: f64,
    /// `problem.yaml`, `command line`, `inferred` or `default` (inferred from nothing).
    pub found: &'static str,
    pub ac_to_time_limit: f64,
    pub time_limit_to_tle: f64,
    pub resolution_s: f64,
    /// Where the multipliers come from: `problem.yaml`, `2025-09 defaults`, `legacy defaults`.
    pub multipliers_from: &'static str,
    /// The slowest test of a lower-bound program, and which (`accepted/a.py on secret/3`).
    pub slowest_lower_s: Option<f64>,
    pub slowest_lower: Option<String>,
    /// Broken margins, one sentence each with its figures.
    pub warnings: Vec<String>,
}

impl TimeLimitEntry {
    /// The header's words for it: `2.00 s CPU (inferred: 0.95 s × 2, ...)`.
    pub fn describe(&self) -> String {
        match self.found {
            "inferred" => format!(
                "{:.2} s CPU (inferred: slowest lower bound {:.3} s, {}, × ac_to_time_limit {} ({}), rounded up to {} s steps)",
                self.limit_s,
                self.slowest_lower_s.unwrap_or(0.0),
                self.slowest_lower.as_deref().unwrap_or(""),
                self.ac_to_time_limit,
                self.multipliers_from,
                self.resolution_s
            ),
            "default" => format!(
                "{:.2} s CPU (no time limit in the package and no lower-bound program ran: the default)",
                self.limit_s
            ),
            from => format!("{:.2} s CPU (from {from})", self.limit_s),
        }
    }
}

/// The limit when the package or the command line gives it, and from where.
pub(super) fn given(package: &Package, options: &JudgeOptions) -> Option<(f64, &'static str)> {
    if let Some(t) = options.time_limit {
        return Some((t.get(), "command line"));
    }
    package
        .config
        .time_limit_given
        .then(|| (package.config.limits.time_s.get(), "problem.yaml"))
}

/// The tests a rule of this use covers, or every test for a program that must pass them all.
fn covered(sub: &Submission, use_: TimeLimitUse) -> Vec<&TestScope> {
    let mut scopes: Vec<&TestScope> = sub
        .expectation
        .rules
        .iter()
        .filter(|r| r.time_limit_use() == use_)
        .map(|r| &r.tests)
        .collect();
    if use_ == TimeLimitUse::Lower && scopes.is_empty() && sub.is_accepted() {
        scopes.push(&TestScope::All);
    }
    scopes
}

pub(super) fn is_lower(sub: &Submission) -> bool {
    !covered(sub, TimeLimitUse::Lower).is_empty()
}

pub(super) fn is_upper(sub: &Submission) -> bool {
    !covered(sub, TimeLimitUse::Upper).is_empty()
}

/// Whether a row was judged (not skipped, ignored, failed to compile or judge-errored).
fn judged(row: &Row) -> bool {
    matches!(row.status, Status::Ok | Status::Mismatch) && row.verdict != Some(Verdict::Ce)
}

/// The slowest test a lower-bound rule of this program covers.
fn slowest_covered<'a>(
    sub: &Submission,
    row: &'a Row,
    use_: TimeLimitUse,
) -> Option<&'a TestResult> {
    let scopes = covered(sub, use_);
    row.tests
        .iter()
        .filter(|t| scopes.iter().any(|s| s.covers(&t.name)))
        .max_by(|a, b| a.time_s.total_cmp(&b.time_s))
}

/// The slowest lower-bound test over every judged program: `(seconds, "accepted/a.py on
/// secret/3")`.
pub(super) fn slowest_lower(subs: &[Submission], rows: &[Option<Row>]) -> Option<(f64, String)> {
    subs.iter()
        .zip(rows)
        .filter_map(|(sub, row)| {
            let row = row.as_ref().filter(|r| judged(r))?;
            let t = slowest_covered(sub, row, TimeLimitUse::Lower)?;
            Some((t.time_s, format!("{} on {}", sub.display_name(), t.name)))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// The entry for a limit decided from the slowest lower bound (none: the default).
pub(super) fn inferred(
    timing: &Timing,
    slowest: Option<(f64, String)>,
    default_s: f64,
) -> TimeLimitEntry {
    let mut entry = entry(timing, default_s, "default");
    if let Some((s, which)) = slowest {
        entry.limit_s = timing.infer(s);
        entry.found = "inferred";
        entry.slowest_lower_s = Some(s);
        entry.slowest_lower = Some(which);
    }
    entry
}

pub(super) fn entry(timing: &Timing, limit_s: f64, found: &'static str) -> TimeLimitEntry {
    TimeLimitEntry {
        limit_s,
        found,
        ac_to_time_limit: timing.ac_to_time_limit,
        time_limit_to_tle: timing.time_limit_to_tle,
        resolution_s: timing.resolution,
        multipliers_from: timing.source,
        slowest_lower_s: None,
        slowest_lower: None,
        warnings: Vec::new(),
    }
}

/// Judges a lower-bound program's tests (run under the probe limit) against the limit found
/// since: a test past it is TLE. Whether anything changed (the row must then be assessed again).
pub(super) fn retime(row: &mut Row, limit_s: f64) -> bool {
    let Ok(limit) = leapfrog_runner::units::Seconds::new(limit_s) else {
        return false;
    };
    let before: Vec<Verdict> = row.tests.iter().map(|t| t.verdict).collect();
    let tests = std::mem::take(&mut row.tests);
    row.tests = (tests.into_iter())
        .map(|t| verdict::past_limit(t, limit))
        .collect();
    row.tests.iter().zip(before).any(|(t, v)| t.verdict != v)
}

/// The margins the format asks for, one warning per program that breaks one.
pub(super) fn check_margins(entry: &mut TimeLimitEntry, subs: &[Submission], rows: &[Row]) {
    let limit = entry.limit_s;
    let (ac, tle) = (entry.ac_to_time_limit, entry.time_limit_to_tle);
    for (sub, row) in subs.iter().zip(rows).filter(|(_, r)| judged(r)) {
        if let Some(t) = slowest_covered(sub, row, TimeLimitUse::Lower)
            && t.time_s * ac > limit + 1e-9
        {
            entry.warnings.push(format!(
                "{}: {:.3} s on {} × ac_to_time_limit {ac} = {:.3} s, above the {limit:.2} s time limit",
                sub.display_name(),
                t.time_s,
                t.name,
                t.time_s * ac
            ));
        }
        let upper = covered(sub, TimeLimitUse::Upper);
        if upper.is_empty() {
            continue;
        }
        let tests: Vec<&TestResult> = row
            .tests
            .iter()
            .filter(|t| upper.iter().any(|s| s.covers(&t.name)))
            .collect();
        let beyond = tests.iter().any(|t| t.cut_off);
        if let Some(t) = tests.iter().max_by(|a, b| a.time_s.total_cmp(&b.time_s))
            && !beyond
        {
            entry.warnings.push(format!(
                "{}: at most {:.3} s (on {}), below the {limit:.2} s time limit × time_limit_to_tle {tle} = {:.3} s",
                sub.display_name(),
                t.time_s,
                t.name,
                limit * tle
            ));
        }
    }
}

/// `leapfrog time-limit`'s output: the limit, how it was found, each bounding program's
/// slowest test against its margin, and the broken margins. Exit 1 when a margin is broken.
pub(super) fn print_report(
    problem: &str,
    entry: &TimeLimitEntry,
    subs: &[Submission],
    rows: &[Row],
    json: bool,
) -> anyhow::Result<std::process::ExitCode> {
    let bounds: Vec<Bound> = subs
        .iter()
        .zip(rows)
        .map(|(s, r)| Bound::of(s, r))
        .collect();
    if json {
        let value = serde_json::json!({
            "problem": problem,
            "time_limit": entry,
            "bounds": bounds,
        });
        leapfrog_util::outln!("{}", serde_json::to_string(&value)?);
    } else {
        let problem = inert(problem);
        leapfrog_util::outln!("time limit of {problem}: {}", entry.describe());
        leapfrog_util::outln!(
            "  lower bounds must stay within {:.2} s / {} = {:.3} s; upper bounds must pass {:.2} s × {} = {:.3} s",
            entry.limit_s,
            entry.ac_to_time_limit,
            entry.limit_s / entry.ac_to_time_limit,
            entry.limit_s,
            entry.time_limit_to_tle,
            entry.limit_s * entry.time_limit_to_tle
        );
        let width = bounds.iter().map(|b| b.submission.len()).max().unwrap_or(0);
        for b in &bounds {
            let figure = match (b.slowest_s, &b.test) {
                (Some(_), Some(test)) if b.cut_off => {
                    format!("still running at the run limit on {}", inert(test))
                }
                (Some(s), Some(test)) => format!("slowest {s:.3} s on {}", inert(test)),
                _ => format!(
                    "not judged ({})",
                    serde_json::to_value(b.status)?.as_str().unwrap_or("")
                ),
            };
            let submission = inert(&b.submission);
            leapfrog_util::outln!("  {:<5}  {submission:<width$}  {figure}", b.bound);
        }
        for warning in &entry.warnings {
            leapfrog_util::outln!("warning: {}", inert(warning));
        }
    }
    Ok(if entry.warnings.is_empty() {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::from(1)
    })
}

/// A program that bounds the time limit, in `time-limit`'s report.
#[derive(Serialize)]
struct Bound {
    submission: String,
    /// `lower` or `upper`.
    bound: &'static str,
    status: Status,
    /// The slowest test the bounding rules cover (stopped at the run limit: `cut_off`).
    slowest_s: Option<f64>,
    test: Option<String>,
    cut_off: bool,
}

impl Bound {
    fn of(sub: &Submission, row: &Row) -> Bound {
        let use_ = if is_lower(sub) {
            TimeLimitUse::Lower
        } else {
            TimeLimitUse::Upper
        };
        let slowest = judged(row)
            .then(|| slowest_covered(sub, row, use_))
            .flatten();
        Bound {
            submission: sub.display_name(),
            bound: if use_ == TimeLimitUse::Lower {
                "lower"
            } else {
                "upper"
            },
            status: if judged(row) { Status::Ok } else { row.status },
            slowest_s: slowest.map(|t| t.time_s),
            test: slowest.map(|t| t.name.clone()),
            cut_off: slowest.is_some_and(|t| t.cut_off),
        }
    }
}

/// The time limit's margin warnings, under the table.
pub(super) fn print_warnings(entry: &TimeLimitEntry) {
    for warning in &entry.warnings {
        let warning = leapfrog_util::inert(warning);
        leapfrog_util::outln!("warning: time limit margin: {warning}");
    }
}
