//! `leapfrog verify`: every submission under `submissions/` must meet its expectation (its
//! folder's rule, submissions.yaml's rules, or its `@EXPECTED_RESULTS@` line; see
//! [`leapfrog_package::submissions`]).
//!
//! Judging a submission stops as soon as its result is settled (a rule broken, or every rule met
//! for good), unless `--all-tests` or `--report` ask for the whole matrix; the
//! page itself is [`crate::matrix`]'s. Languages whose compiler is missing are skipped, not
//! failed; switched-off files (`x.c.disabled`) and files of no known language are ignored.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use serde::Serialize;

use crate::matrix::{self, Column, LimitsEntry, Recorder};
use crate::report::{self, Progress};
use leapfrog_judge::{Grade, Judge, JudgeError, TestResult};
use leapfrog_package::lang::Language;
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Package, Submission, Timing};
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;

use super::judge::{RunOptions, permitted};

mod assess;
mod contest;
mod eta;
mod limit;
mod opened;
mod row;
mod rules;
mod score;
mod session;
mod summary;
mod watch;
use assess::{Assessment, assess_row};
use opened::submissions_of;
pub(crate) use opened::{Opened, open};
use rules::{RuleEntry, rule_entries};
use session::{Session, column_widths, header_line};
use watch::Watch;

#[derive(Debug, Args)]
#[command(after_help = super::help::after_help(
    &["leapfrog verify checkers", "leapfrog verify ~/sum --report sum.html"],
    "",
    super::help::VERIFIED,
))]
pub struct VerifyArgs {
    /// A problem name under problems/, a package path, or a contest folder (every problem in
    /// it, then one table); by default the package or contest folder this is run in.
    #[arg(default_value_t = super::contest::here(), hide_default_value = true)]
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
    /// Set by `leapfrog time-limit`: judge only the programs that bound the time limit and
    /// print the limit and its margins instead of the table.
    #[arg(skip)]
    pub timing_only: bool,
    /// Set when verifying one problem of a contest with `--json`: the contest prints one JSON
    /// object for all, so the problem's own is returned instead of printed.
    #[arg(skip)]
    pub embedded: bool,
    /// Set when a contest verifies this problem beside others: the slots they share.
    #[arg(skip)]
    pub pool: Option<leapfrog_judge::SlotPool>,
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

/// Verifies a problem, or every problem of a contest folder (see `verify::contest`).
pub fn run(args: VerifyArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    crate::interrupt::install();
    match super::contest::Target::resolve(&args.problem)? {
        super::contest::Target::Contest(contest) => contest::verify(registry, &contest, args),
        super::contest::Target::Problem(_) => Ok(problem(registry, args)?.code),
    }
}

/// Verifies one problem: its exit code and, unless only the time limit was asked for, its tally.
pub(crate) fn problem(
    registry: &'static Registry,
    args: VerifyArgs,
) -> Result<summary::Verified, JudgeError> {
    judge_opened(open(registry, args)?)
}

/// The rest of verify: every submission judged, then the table or JSON.
pub(crate) fn judge_opened(opened: Opened) -> Result<summary::Verified, JudgeError> {
    // Judged beside other problems: no sweep of the command's children until none is judged,
    // no progress bars (they would overwrite each other), and no time by program of its own
    // (the runs of all of them are counted together; the contest prints that).
    let pooled = opened.args.pool.clone();
    let _busy = pooled.as_ref().map(leapfrog_judge::SlotPool::busy);
    let submissions = submissions_of(&opened.package)?;
    let mut base = opened.judge_options()?;
    let Opened {
        registry,
        args,
        package,
        runner,
        spent_from,
        jobs,
    } = opened;
    let tests = leapfrog_judge::selected_tests(&package, base.filter.as_ref())?;
    let complete = args.all_tests || args.report.is_some();
    let recorder = match &args.report {
        Some(_) => Some(Recorder::new(registry, &package, tests.clone())?),
        None => None,
    };
    base.keep_outputs = recorder.as_ref().map(Recorder::keep_dir);
    // Prepared once for every submission; should it fail, each reports why (as when judged
    // alone), but no test to judge (`--tests` matching none) is one usage error.
    let judge = prepare_judge(&runner, &package, &base, tests.is_empty())?;
    let mut session = Session {
        package: &package,
        judge,
        recorder,
        quiet: (args.json || pooled.is_some(), complete),
        rows: submissions.iter().map(|_| None).collect(),
        jobs,
        outlook: Arc::new(eta::Outlook::new(
            spent_from,
            args.json || args.timing_only || pooled.is_some(),
        )),
    };
    let timing = Timing::load(&package.root).map_err(anyhow::Error::from)?;
    let mut entry = session.find_limit(&submissions, &base, &timing)?;
    let limits = session.apply_limit(&base, &entry, &timing)?;
    let styled = report::stdout_styled();
    let table = !args.json && !args.timing_only;
    if table {
        let header = (&package, submissions.len(), &entry, &limits);
        let modes = (base.isolation.name(), runner.memory_enforcement().name());
        leapfrog_util::outln!("{}", header_line(header, modes));
    }
    let widths = column_widths(&submissions);
    let print = table.then_some((widths, styled));
    let (rows, kept) = session.judge_all(&submissions, args.timing_only, print, entry.limit_s)?;
    limit::check_margins(&mut entry, &kept, &rows);
    if args.timing_only {
        let code = limit::print_report(&package.short_name, &entry, &kept, &rows, args.json)?;
        return Ok(summary::Verified { code, tally: None });
    }
    if !args.json {
        limit::print_warnings(&entry);
    }
    let page = summary::Page {
        path: args.report.as_deref(),
        limits: LimitsEntry::from(&limits),
        time_limit: entry,
        complete,
        tests: matrix::test_entries(&tests),
        recorder: session.recorder.as_ref(),
        time: summary::TimeByProgram::since(
            pooled.is_none().then_some(&spent_from),
            session.judge.as_ref().ok(),
        ),
    };
    Ok(summary::summarize(
        &package,
        base.isolation.name(),
        rows,
        page,
        (args.json, args.embedded),
        styled,
    )?)
}

/// The judge prepared once for every submission; should that fail, each reports why (as when
/// judged alone), but an interruption, or no test to judge (`--tests` matching none), is the
/// command's one error.
fn prepare_judge(
    runner: &Arc<Runner>,
    package: &Package,
    base: &leapfrog_judge::JudgeOptions,
    no_tests: bool,
) -> Result<Result<Judge, String>, JudgeError> {
    match Judge::prepare(runner, package, base) {
        Ok(judge) => {
            // Submissions that print the same output get one validator run between them.
            judge.checker().remember_checks();
            Ok(Ok(judge))
        }
        Err(err) if err.is_interrupted() || no_tests => Err(err),
        Err(err) => Ok(Err(format!("{err:#}"))),
    }
}

/// Judges one submission and assesses its row; `side_by_side` when other submissions are
/// judged at the same time.
fn verify_one(
    (judge, outlook): (&Result<Judge, String>, &eta::Outlook),
    package: &Package,
    submission: &Submission,
    (quiet, complete): (bool, bool),
    page: Option<Column>,
    side_by_side: bool,
) -> anyhow::Result<Row> {
    let expected = &submission.expectation;
    let mut row = Row::new(submission);
    let Some(language) = judgeable(package, submission, &mut row) else {
        return Ok(row);
    };
    let judge = match judge {
        Ok(judge) => judge,
        Err(why) => {
            row.status = Status::Error;
            row.reason = why.clone();
            return Ok(row);
        }
    };
    let progress = Progress::new(&row.submission, quiet);
    let mut watch = Watch {
        progress: &progress,
        outlook,
        page,
        // A score needs every test.
        stop_at: (!complete && !package.config.kind.scoring).then_some(expected),
        seen: Vec::new(),
    };
    let judged = judge
        .submission_from(&submission.path, language, submission.entrypoint.as_deref())
        .map_err(JudgeError::from)
        .and_then(|mut prepared| {
            // A program meant to exceed the limit gains nothing from a second run alone, and
            // the others would wait for it. Where submissions are judged side by side, its
            // tests run one at a time: a second test started beside the one that settles its
            // TLE would run to the limit for nothing, holding the slot another submission
            // could use (alone, it may use every slot).
            let upper = limit::is_upper(submission);
            prepared.rerun_wall_clock &= !upper;
            prepared.one_test_at_a_time = upper && side_by_side;
            judge.run(&prepared, &mut watch)
        });
    progress.finish();
    let report = match judged {
        Ok(report) => report,
        Err(err) if err.is_interrupted() => return Err(err.into()),
        Err(err) => {
            row.status = Status::Error;
            row.reason = format!("{err:#}");
            return Ok(row);
        }
    };
    row.tests_run = report.tests.len();
    row.max_time_s = report.max_time();
    let grade = Grade {
        verdict: report.verdict,
        score: report.score,
        max_score: report.max_score,
        groups: Vec::new(),
    };
    let scored = package.config.kind.scoring;
    let compile_error = report.compile_message.as_deref();
    let compile_error = (report.verdict == Verdict::Ce).then(|| compile_error.unwrap_or(""));
    assess_row(
        &mut row,
        submission,
        report.tests,
        (judge, &grade),
        (compile_error, scored),
    )?;
    Ok(row)
}

/// The language to judge a submission in; `None` (with the row saying why) when it is not
/// judged: no known language, no expectation, or a toolchain that is not installed.
fn judgeable(package: &Package, submission: &Submission, row: &mut Row) -> Option<Language> {
    let language = match language_of(package, submission) {
        Ok(l) => l,
        Err(err) => {
            (row.status, row.reason) = match err.downcast_ref::<leapfrog_package::LanguageError>() {
                Some(leapfrog_package::LanguageError::Unknown(unknown)) => {
                    (Status::Ignored, unknown.reason.clone())
                }
                _ => (Status::Error, format!("{err:#}")),
            };
            return None;
        }
    };
    row.language = language.name().to_string();
    if let Err(why) = permitted(package, &language) {
        row.status = Status::Ignored;
        row.reason = why;
        return None;
    }
    if submission.expectation.is_empty() {
        row.status = Status::Ignored;
        row.reason = "no expectation: its folder is not one the format defines, and no submissions.yaml glob or @EXPECTED_RESULTS@ line names it".to_string();
        let folder = submission.rel.split('/').next().unwrap_or_default();
        if let Some(meant) = leapfrog_package::meant_folder(folder) {
            row.reason += &format!("; did you mean {meant}/?");
        }
        return None;
    }
    if let Some(tool) = language.missing_tool() {
        row.reason = format!("{tool} is not installed");
        return None;
    }
    Some(language)
}

/// A submission's language: the one submissions.yaml names, else the one its files show.
fn language_of(package: &Package, submission: &Submission) -> anyhow::Result<Language> {
    match &submission.language {
        Some(id) if leapfrog_package::lang::switched_off(&submission.path).is_none() => package.languages.by_id(id).map(|l| package.languages.for_submission(l)).ok_or_else(|| {
            anyhow::anyhow!(
                "submissions.yaml gives language `{id}`, which is not in the language table (see `leapfrog languages`)"
            )
        }),
        _ => Ok(package.languages.detect_submission(&submission.path)?),
    }
}

impl Row {
    /// A submission's row before it is judged: skipped, for want of anything better.
    fn new(submission: &Submission) -> Row {
        Row {
            submission: submission.display_name(),
            language: String::new(),
            expected: submission.expectation.label(),
            expectation: rule_entries(&submission.expectation),
            verdict: None,
            status: Status::Skipped,
            reason: String::new(),
            tests_run: 0,
            max_time_s: 0.0,
            score: None,
            tests: Vec::new(),
        }
    }
}
