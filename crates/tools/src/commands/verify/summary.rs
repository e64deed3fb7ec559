//! The end of `verify`: the JSON object (and the report page made from it) or the summary
//! line, and the exit code.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use super::{Row, Status, limit};
use crate::matrix::{self, LimitsEntry, Recorder, TestEntry};
use leapfrog_package::Package;

#[derive(Debug, Serialize)]
pub(super) struct VerifyReport {
    problem: String,
    isolation: &'static str,
    ok: bool,
    submissions: Vec<Row>,
    limits: LimitsEntry,
    /// How the time limit was found, and the margins it breaks.
    time_limit: limit::TimeLimitEntry,
    /// Whether every submission was judged on every test (`--all-tests`, `--report`).
    complete: bool,
    tests: Vec<TestEntry>,
    time_by_program: TimeByProgram,
}

/// Where verify's time went: each kind of program's summed wall-clock time and share, and how
/// many output checks were answered from an earlier run on the same output.
#[derive(Debug, Serialize)]
pub(super) struct TimeByProgram {
    kinds: Vec<leapfrog_judge::spent::KindEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output_checks: Option<leapfrog_judge::checking::CheckCounts>,
    #[serde(skip)]
    line: Option<String>,
}

impl TimeByProgram {
    /// What was spent since `from`, with the judge's remembered checks; no time at all without
    /// `from` (a problem judged beside others, whose runs are not told apart from theirs).
    pub(super) fn since(
        from: Option<&leapfrog_judge::spent::Spent>,
        judge: Option<&leapfrog_judge::Judge>,
    ) -> TimeByProgram {
        let spent = match from {
            Some(from) => leapfrog_judge::spent::Spent::now().since(from),
            None => leapfrog_judge::spent::Spent::default(),
        };
        let output_checks = judge.and_then(|j| j.checker().check_counts());
        let reused = output_checks
            .filter(|c| c.reused > 0)
            .map(|c| {
                format!(
                    "; {} of {} output checks reused",
                    c.reused,
                    c.runs + c.reused
                )
            })
            .unwrap_or_default();
        let line = match (spent.line(), from) {
            (Some(l), _) => Some(format!("time in programs: {l}{reused}")),
            // Judged beside other problems: the reuse is still the judge's own.
            (None, None) if !reused.is_empty() => Some(format!(
                "output checks: {}",
                reused.trim_start_matches("; ")
            )),
            (None, _) => None,
        };
        TimeByProgram {
            kinds: spent.entries(),
            output_checks,
            line,
        }
    }
}

/// What the JSON and the report page carry besides the rows.
pub(super) struct Page<'a> {
    /// Where `--report` writes the page.
    pub path: Option<&'a Path>,
    pub limits: LimitsEntry,
    pub time_limit: limit::TimeLimitEntry,
    pub complete: bool,
    pub tests: Vec<TestEntry>,
    pub recorder: Option<&'a Recorder>,
    pub time: TimeByProgram,
}

/// A verified problem: its exit code and, for a contest's table, its counts.
#[derive(Debug)]
pub(crate) struct Verified {
    pub code: ExitCode,
    pub tally: Option<Tally>,
}

/// One problem's line of a contest's table.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Tally {
    pub submissions: usize,
    pub as_expected: usize,
    pub mismatches: usize,
    pub judge_errors: usize,
    pub skipped: usize,
    /// Seconds the problem's verify took: when problems overlap, its own opening and judging
    /// (other problems were judged beside it meanwhile).
    pub seconds: f64,
    /// The problem's own JSON report, when the contest prints JSON.
    #[serde(skip)]
    pub report: Option<serde_json::Value>,
}

/// Prints the JSON report or the summary line; the exit code: 2 when the judge failed on any
/// submission, else 0 iff every submission matched. With `embedded`, the JSON report is
/// returned in the tally instead of printed.
pub(super) fn summarize(
    package: &Package,
    isolation: &'static str,
    rows: Vec<Row>,
    page: Page,
    (json, embedded): (bool, bool),
    styled: bool,
) -> anyhow::Result<Verified> {
    let count = |s: Status| rows.iter().filter(|r| r.status == s).count();
    let (mismatched, errors, fine, skipped, ignored_files) = (
        count(Status::Mismatch),
        count(Status::Error),
        count(Status::Ok),
        count(Status::Skipped),
        count(Status::Ignored),
    );
    let ok = mismatched == 0 && errors == 0;
    let report = VerifyReport {
        problem: package.short_name.clone(),
        isolation,
        ok,
        submissions: rows,
        limits: page.limits,
        time_limit: page.time_limit,
        complete: page.complete,
        tests: page.tests,
        time_by_program: page.time,
    };
    let value = serde_json::to_value(&report)?;
    if let Some(path) = page.path {
        matrix::page::write_from_json(path, &value, page.recorder.map(|r| &r.details))?;
    }
    let rows = report.submissions;
    let mut tally = Tally {
        submissions: rows.len(),
        as_expected: fine,
        mismatches: mismatched,
        judge_errors: errors,
        skipped,
        seconds: 0.0,
        report: None,
    };
    if json && embedded {
        tally.report = Some(value);
    } else if json {
        leapfrog_util::outln!("{}", serde_json::to_string(&value)?);
    } else {
        print_summary(&tally, ignored_files, ok, styled);
        if let Some(line) = &report.time_by_program.line {
            leapfrog_util::outln!("{line}");
        }
        if let Some(path) = page.path {
            let shown = path.display().to_string();
            leapfrog_util::outln!("report: {}", leapfrog_util::inert(&shown));
        }
    }
    let code = if errors > 0 {
        ExitCode::from(2)
    } else if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    Ok(Verified {
        code,
        tally: Some(tally),
    })
}

/// The summary line: green when every submission got what it expected, else red.
fn print_summary(tally: &Tally, ignored_files: usize, ok: bool, styled: bool) {
    let summary = format!(
        "{}: {} as expected, {} mismatched, {} skipped, {}",
        leapfrog_util::plural(tally.submissions, "submission"),
        tally.as_expected,
        tally.mismatches,
        tally.skipped,
        leapfrog_util::plural(tally.judge_errors, "judge error")
    ) + &ignored(ignored_files);
    let style = if ok {
        console::Style::new().green()
    } else {
        console::Style::new().red()
    };
    leapfrog_util::outln!("{}", style.bold().force_styling(styled).apply_to(summary));
}

/// The summary's mention of ignored files, when there are some.
fn ignored(count: usize) -> String {
    match count {
        0 => String::new(),
        n => format!(", {n} ignored"),
    }
}
