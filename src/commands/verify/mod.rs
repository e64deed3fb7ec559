//! `leapfrog verify`: every submission under `submissions/` must meet its expectation (its
//! folder's rule, submissions.yaml's rules, or its `@EXPECTED_RESULTS@` line; see
//! [`crate::package::submissions`]).
//!
//! Judging a submission stops as soon as its result is settled (a rule broken, or every rule met
//! for good), unless `--all-tests` or `--report` ask for the whole matrix; the
//! page itself is [`crate::matrix`]'s. Languages whose compiler is missing are skipped, not
//! failed; switched-off files (`x.c.disabled`) and files of no known language are ignored.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use crate::judge::{self, Judge, JudgeReport, TestResult};
use crate::matrix::{self, LimitsEntry, Recorder, TestEntry};
use crate::package::{Expectation, Package, Submission};
use crate::report::{self, Progress};
use crate::verdict::Verdict;

use super::judge::RunOptions;

mod row;
mod rules;
mod score;
use row::format_row;
use rules::{RuleEntry, rule_entries};

#[derive(Debug, Args)]
#[command(after_help = super::help::after_help(
    &["leapfrog verify checkers", "leapfrog verify ~/sum --report sum.html"],
    "",
    super::help::VERIFIED,
))]
pub struct VerifyArgs {
    /// A problem name under problems/, or the path of any package directory.
    pub problem: String,
    /// Print one JSON object on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Judge every submission on every test, instead of stopping once its outcome is settled.
    #[arg(long)]
    pub all_tests: bool,
    /// Also write the submissions × tests matrix as one self-contained HTML page (implies
    /// --all-tests).
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Status {
    Ok,
    Mismatch,
    Skipped,
    /// Not a program: a switched-off file (`x.c.disabled`) or one of no known language.
    Ignored,
    Error,
}

#[derive(Debug, Serialize)]
struct Row {
    submission: String,
    language: String,
    /// A short name of what it must get: `AC`, `WA`, `RTE|TLE|WA` (see the README).
    expected: String,
    /// Every rule it must meet, as `verify` reads them.
    expectation: Vec<RuleEntry>,
    verdict: Option<Verdict>,
    status: Status,
    reason: String,
    tests_run: usize,
    max_time_s: f64,
    /// A scoring problem's total score.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<f64>,
    /// Every test judged, in test order.
    tests: Vec<TestResult>,
}

#[derive(Debug, Serialize)]
struct VerifyReport {
    problem: String,
    isolation: &'static str,
    ok: bool,
    submissions: Vec<Row>,
    limits: LimitsEntry,
    /// Whether every submission was judged on every test (`--all-tests`, `--report`).
    complete: bool,
    tests: Vec<TestEntry>,
}

pub fn run(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    crate::interrupt::install();
    let package = Package::open(&args.problem)?;
    crate::generate::ensure_secret_data(&package)?;
    super::warn_without_samples(&package);
    let submissions = package.submissions()?;
    if submissions.is_empty() {
        anyhow::bail!(
            "{}: no submissions under submissions/",
            package.root.display()
        );
    }
    let mut base = args.run.judge_options()?;
    let tests = matrix::selected_tests(&package, base.filter.as_deref())?;
    let complete = args.all_tests || args.report.is_some();
    let mut recorder = match &args.report {
        Some(_) => Some(Recorder::new(&package, tests.clone())?),
        None => None,
    };
    base.keep_outputs = recorder.as_ref().map(Recorder::keep_dir);
    // Prepared once for every submission. Should it fail, each submission reports why, as
    // when each was judged on its own.
    let judge = match Judge::prepare(&package, &base) {
        Ok(judge) => Ok(judge),
        Err(err) if err.is::<crate::interrupt::Interrupted>() => return Err(err),
        Err(err) => Err(format!("{err:#}")),
    };
    let limits = match &judge {
        Ok(judge) => judge.limits.clone(),
        Err(_) => judge::effective_limits(&package, &base),
    };
    let styled = report::stdout_styled();
    let width = submissions
        .iter()
        .map(|s| s.display_name().len())
        .max()
        .unwrap_or(0);
    let labels = submissions
        .iter()
        .map(|s| s.expectation.label().len())
        .max()
        .unwrap_or(0)
        .max(3);
    if !args.json {
        crate::util::outln!(
            "verify {} · {} · limits {:.2} s CPU, {} MiB memory · {} · memory: {}",
            package.short_name,
            crate::util::plural(submissions.len(), "submission"),
            limits.time_s,
            limits.memory_mib,
            base.isolation.name(),
            crate::runner::memory_enforcement().name()
        );
    }
    let mut rows = Vec::new();
    for (column, submission) in submissions.iter().enumerate() {
        let record = recorder.as_mut().map(|r| (r, column));
        let row = verify_one(&judge, &package, submission, (args.json, complete), record)?;
        if !args.json {
            crate::util::outln!("{}", format_row(&row, (width, labels), styled));
        }
        rows.push(row);
    }
    let page = Page {
        path: args.report.as_deref(),
        limits: LimitsEntry::from(&limits),
        complete,
        tests: matrix::test_entries(&tests),
        recorder: recorder.as_ref(),
    };
    summarize(
        &package,
        base.isolation.name(),
        rows,
        page,
        args.json,
        styled,
    )
}

/// What the JSON and the report page carry besides the rows.
struct Page<'a> {
    /// Where `--report` writes the page.
    path: Option<&'a Path>,
    limits: LimitsEntry,
    complete: bool,
    tests: Vec<TestEntry>,
    recorder: Option<&'a Recorder>,
}

/// Prints the JSON report or the summary line; the exit code: 2 when the judge failed on any
/// submission, else 0 iff every submission matched.
fn summarize(
    package: &Package,
    isolation: &'static str,
    rows: Vec<Row>,
    page: Page,
    json: bool,
    styled: bool,
) -> anyhow::Result<ExitCode> {
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
        complete: page.complete,
        tests: page.tests,
    };
    let value = serde_json::to_value(&report)?;
    if let Some(path) = page.path {
        matrix::page::write_from_json(path, &value, page.recorder.map(|r| &r.details))?;
    }
    let rows = report.submissions;
    if json {
        crate::util::outln!("{}", serde_json::to_string(&value)?);
    } else {
        let summary = format!(
            "{}: {} as expected, {} mismatched, {} skipped, {}",
            crate::util::plural(rows.len(), "submission"),
            fine,
            mismatched,
            skipped,
            crate::util::plural(errors, "judge error")
        ) + &ignored(ignored_files);
        let style = if ok {
            console::Style::new().green()
        } else {
            console::Style::new().red()
        };
        crate::util::outln!("{}", style.bold().force_styling(styled).apply_to(summary));
        if let Some(path) = page.path {
            crate::util::outln!("report: {}", path.display());
        }
    }
    Ok(if errors > 0 {
        ExitCode::from(2)
    } else if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn verify_one(
    judge: &Result<Judge, String>,
    package: &Package,
    submission: &Submission,
    (quiet, complete): (bool, bool),
    mut record: Option<(&mut Recorder, usize)>,
) -> anyhow::Result<Row> {
    let expected = &submission.expectation;
    let mut row = Row {
        submission: submission.display_name(),
        language: String::new(),
        expected: expected.label(),
        expectation: rule_entries(expected),
        verdict: None,
        status: Status::Skipped,
        reason: String::new(),
        tests_run: 0,
        max_time_s: 0.0,
        score: None,
        tests: Vec::new(),
    };
    let language = match package.languages.detect(&submission.path) {
        Ok(l) => l,
        Err(err) => {
            (row.status, row.reason) = match err.downcast_ref::<crate::lang::UnknownLanguage>() {
                Some(unknown) => (Status::Ignored, unknown.reason.clone()),
                None => (Status::Error, format!("{err:#}")),
            };
            return Ok(row);
        }
    };
    row.language = language.name().to_string();
    if expected.is_empty() {
        row.status = Status::Ignored;
        row.reason = "no expectation: its folder is not one the format defines, and no submissions.yaml glob or @EXPECTED_RESULTS@ line names it".to_string();
        return Ok(row);
    }
    if let Some(tool) = language.missing_tool() {
        row.reason = format!("{tool} is not installed");
        return Ok(row);
    }
    let judge = match judge {
        Ok(judge) => judge,
        Err(why) => {
            row.status = Status::Error;
            row.reason = why.clone();
            return Ok(row);
        }
    };
    let progress = Progress::new(&row.submission, quiet);
    let mut seen: Vec<(String, Verdict)> = Vec::new();
    let mut stop = |t: &TestResult| {
        seen.push((t.name.clone(), t.verdict));
        let judged: Vec<(&str, Verdict)> = seen.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        t.verdict == Verdict::Je || expected.settled(&judged)
    };
    let judged = judge
        .submission(&submission.path, language)
        .and_then(|prepared| {
            judge.run(
                &prepared,
                // A score needs every test.
                if complete || package.config.kind.scoring {
                    None
                } else {
                    Some(&mut stop)
                },
                &mut |count| progress.start(count),
                &mut |t| {
                    progress.step(&t.name);
                    if let Some((recorder, column)) = record.as_mut() {
                        recorder.record(*column, t);
                    }
                },
            )
        });
    progress.finish();
    let report = match judged {
        Ok(report) => report,
        Err(err) if err.is::<crate::interrupt::Interrupted>() => return Err(err),
        Err(err) => {
            row.status = Status::Error;
            row.reason = format!("{err:#}");
            return Ok(row);
        }
    };
    row.verdict = Some(report.verdict);
    row.tests_run = report.tests.len();
    row.max_time_s = report.max_time();
    (row.status, row.reason) = assess(expected, &report);
    row.score = report.score;
    score::amend(submission, &report, (&mut row.status, &mut row.reason))?;
    row.tests = report.tests;
    Ok(row)
}

/// Whether a judged submission met its expectation, and why not.
fn assess(expected: &Expectation, report: &JudgeReport) -> (Status, String) {
    if let Some(je) = report.tests.iter().find(|t| t.verdict == Verdict::Je) {
        return (
            Status::Error,
            format!("judge error on {}: {}", je.name, je.message),
        );
    }
    if report.verdict == Verdict::Ce {
        let first = report
            .compile_message
            .as_deref()
            .and_then(|m| m.lines().next())
            .unwrap_or("");
        return (Status::Mismatch, format!("compile error: {first}"));
    }
    let judged: Vec<(&str, Verdict)> = report
        .tests
        .iter()
        .map(|t| (t.name.as_str(), t.verdict))
        .collect();
    let messages: Vec<&str> = report.tests.iter().map(|t| t.message.as_str()).collect();
    if let Err(why) = expected.check(&judged, &messages) {
        return (Status::Mismatch, why);
    }
    let reason = match report.tests.iter().find(|t| t.verdict != Verdict::Ac) {
        None => format!(
            "{} accepted",
            crate::util::plural(report.tests.len(), "test")
        ),
        Some(t) => format!("{} on {}: {}", t.verdict, t.name, t.message),
    };
    (Status::Ok, reason)
}

/// The summary's mention of ignored files, when there are some.
fn ignored(count: usize) -> String {
    match count {
        0 => String::new(),
        n => format!(", {n} ignored"),
    }
}
