//! `leapfrog judge`: one submission on every test of a problem.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::matrix::Column;
use crate::report::{self, Progress};
use leapfrog_judge::{Flow, Judge, JudgeOptions, JudgeReport, JudgeSink, TestResult, verdict};
use leapfrog_package::Package;
use leapfrog_package::lang::Language;
use leapfrog_package::verdict::Verdict;
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;
use leapfrog_runner::units::{Mebibytes, Seconds};

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &[
        "leapfrog judge checkers problems/checkers/submissions/accepted/euler.cpp",
        "leapfrog judge ~/sum ~/sum/submissions/accepted/sum.py --json",
        "leapfrog judge frogs my.rs --tests 'sample/*' --time-limit 2",
    ],
    "",
    crate::commands::help::JUDGED,
))]
pub struct JudgeArgs {
    /// A problem name under problems/, or the path of any package directory.
    pub problem: String,
    /// A source file (.c, .cpp/.cc, .rs, .py, .java), a directory of sources, or an executable.
    pub submission: PathBuf,
    /// Print exactly one JSON object on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write the results as one self-contained HTML page (the `verify --report` matrix
    /// with one column).
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    #[allow(rustdoc::invalid_html_tags)] // --help text: <name> is a placeholder, not HTML
    /// For an interactive problem: save what passed between the submission and the validator
    /// on each failing test, as DIR/<test>.txt, each line marked with who wrote it.
    #[arg(long, value_name = "DIR")]
    pub transcript: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunOptions,
}

/// The most processes a cgroup's `pids.max` (and the kernel's pid space) can hold.
const MAX_PROCESSES: u64 = 1 << 22;

/// Options shared by the commands that run submissions.
#[derive(Debug, Args, Clone)]
pub struct RunOptions {
    /// Tests to run in parallel (default: the number of CPUs).
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true, value_parser = leapfrog_runner::units::parse_jobs)]
    pub jobs: Option<u64>,
    /// Only tests whose names match: comma-separated globs (`secret/none/*`) or substrings.
    #[arg(long, value_name = "FILTER", value_parser = leapfrog_judge::TestFilter::parse)]
    pub tests: Option<leapfrog_judge::TestFilter>,
    /// CPU time limit per test in seconds, instead of problem.yaml's.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = Seconds::parse)]
    pub time_limit: Option<Seconds>,
    /// Memory limit in MiB, instead of problem.yaml's.
    #[arg(long, value_name = "MIB", allow_negative_numbers = true, value_parser = Mebibytes::parse)]
    pub memory_limit: Option<Mebibytes>,
    /// Processes and threads a submission may run at once.
    #[arg(long, value_name = "N", default_value_t = leapfrog_judge::DEFAULT_PROCESSES,
          value_parser = clap::value_parser!(u64).range(1..=MAX_PROCESSES))]
    pub processes: u64,
    /// Fail instead of falling back to limits only when the bubblewrap sandbox is unavailable.
    #[arg(long)]
    pub require_sandbox: bool,
    /// Run submissions with resource limits only, outside the sandbox.
    #[arg(long, conflicts_with = "require_sandbox")]
    pub no_sandbox: bool,
}

impl RunOptions {
    /// How many runs at once: `--jobs`, else one per CPU.
    pub fn job_count(&self) -> usize {
        (self.jobs).map_or_else(leapfrog_runner::parallel::default_jobs, |j| j as usize)
    }

    /// The judge options these flags ask for; fails when --require-sandbox cannot be honoured
    /// by `runner`.
    pub fn judge_options(&self, runner: &Runner) -> anyhow::Result<JudgeOptions> {
        Ok(JudgeOptions {
            jobs: self.job_count(),
            filter: self.tests.clone(),
            time_limit: self.time_limit,
            memory_limit: self.memory_limit,
            isolation: runner.choose_isolation(self.require_sandbox, self.no_sandbox)?,
            processes: self.processes,
            keep_outputs: None,
            transcripts: None,
            rerun_wall_clock: false,
            pool: None,
        })
    }
}

pub fn run(args: JudgeArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    let runner = crate::interrupt::runner();
    let package = Package::open(&args.problem)?;
    // A missing or unknown submission is reported before any data is generated for it.
    let language = package.languages.detect_submission(&args.submission)?;
    let mut options = args.run.judge_options(&runner)?;
    refuse_early(&args, &package, &language)?;
    crate::generate::ensure_secret_data(registry, &runner, &package)?;
    super::warn_without_samples(&package);
    let mut recorder = match &args.report {
        Some(_) => {
            let tests = leapfrog_judge::selected_tests(&package, options.filter.as_ref())?;
            Some(crate::matrix::Recorder::new(registry, &package, tests)?)
        }
        None => None,
    };
    options.keep_outputs = recorder.as_ref().map(crate::matrix::Recorder::keep_dir);
    options.transcripts = args.transcript.clone();
    if args.transcript.is_some() && !package.config.kind.interactive {
        eprintln!(
            "note: {} is not interactive: --transcript saves nothing",
            package.short_name
        );
    }
    let judge = Judge::prepare(&runner, &package, &options)?;
    let styled = report::stdout_styled();
    let json = args.json;
    let progress = Progress::new("judging", json);
    // The widest name, in characters (the padding counts characters): every row's time and
    // memory then line up, whatever the names generated in this run.
    let name_width = judge
        .tests
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0);
    if !json {
        print_header(&package, &judge, &options, (&args.submission, &language));
    }
    let submission = judge.submission(&args.submission, language)?;
    let mut shown = Shown {
        progress: &progress,
        page: recorder.as_mut().map(|recorder| Column {
            recorder,
            column: 0,
        }),
        inputs: super::precheck::FailedInputs::for_package(&runner, &package),
        package: &package,
        tests: &judge.tests,
        line: (!json).then_some((name_width, styled)),
    };
    let report = judge.run(&submission, &mut shown)?;
    progress.finish();
    // The page's column lets go of the recorder here: the page is written from it below.
    let Shown { inputs, .. } = shown;
    if let Some(inputs) = &inputs {
        inputs.warn(&package);
    }
    write_results(&args, &report, recorder.as_ref(), styled)?;
    Ok(exit_code(&report))
}

/// `judge`'s view of the run, a sink of the judge's events: the progress bar, one line per test
/// (none with `--json`), the report page's column, and a note when the input of a failed test
/// is one the package's validators reject.
struct Shown<'a> {
    progress: &'a Progress,
    page: Option<Column<'a>>,
    inputs: Option<super::precheck::FailedInputs>,
    package: &'a Package,
    tests: &'a [leapfrog_package::TestCase],
    /// The width of the names and whether to colour, when test lines are printed.
    line: Option<(usize, bool)>,
}

impl JudgeSink for Shown<'_> {
    fn started(&mut self, tests: usize) {
        self.progress.start(tests);
    }

    fn test_done(&mut self, result: &TestResult) -> Flow {
        self.progress.step(&result.name);
        if let Some(page) = self.page.as_mut() {
            page.test_done(result);
        }
        if let Some((name_width, styled)) = self.line {
            (self.progress).println(&report::test_line(result, name_width, styled));
        }
        let inputs = self.inputs.as_mut();
        if let Some(note) = inputs.and_then(|i| i.note(self.package, self.tests, result)) {
            // With --json, standard output holds the one JSON object and nothing else.
            match self.line {
                Some(_) => self.progress.println(&format!("  ^ {note}")),
                None => eprintln!("  ^ {note}"),
            }
        }
        Flow::Continue
    }
}

/// What stops a run before any test data is generated for it: a language problem.yaml does not
/// permit or that is not installed, or a report page that cannot be written.
fn refuse_early(args: &JudgeArgs, package: &Package, language: &Language) -> anyhow::Result<()> {
    if let Err(why) = permitted(package, language) {
        anyhow::bail!("{}: {why}", args.submission.display());
    }
    if let Some(tool) = language.missing_tool() {
        anyhow::bail!(
            "{}: {tool} is not installed, so {} programs cannot run here",
            args.submission.display(),
            language.name()
        );
    }
    if let Some(path) = &args.report {
        crate::matrix::page::check_writable(path)?;
    }
    Ok(())
}

/// Whether problem.yaml's `languages` lets a submission be written in this language; why not.
pub(super) fn permitted(package: &Package, language: &Language) -> Result<(), String> {
    match leapfrog_package::constants::permitted_languages(&package.root) {
        Some(codes)
            if !codes
                .iter()
                .any(|c| c == language.code() || c == language.id()) =>
        {
            Err(format!(
                "{} (`{}`) is not one of the languages problem.yaml permits ({})",
                language.name(),
                language.code(),
                codes.join(", ")
            ))
        }
        _ => Ok(()),
    }
}

/// The report page (with --report) and the verdict on standard output.
fn write_results(
    args: &JudgeArgs,
    report: &JudgeReport,
    recorder: Option<&crate::matrix::Recorder>,
    styled: bool,
) -> anyhow::Result<()> {
    if let (Some(path), Some(recorder)) = (&args.report, recorder) {
        crate::matrix::page::write_judged(path, report, recorder)?;
    }
    print_report(report, args.json, styled)?;
    if let (Some(path), false) = (&args.report, args.json) {
        leapfrog_util::outln!("report: {}", path.display());
    }
    Ok(())
}

/// The first line of a judge run: the problem, the submission and the language it runs in (PyPy or CPython for
/// Python, say), the limits and the isolation.
fn print_header(
    package: &Package,
    judge: &Judge,
    options: &JudgeOptions,
    (submission, language): (&Path, &leapfrog_package::lang::Language),
) {
    let limits = &judge.limits;
    // One program cannot infer the limit: say that the default is in force.
    let origin = if options.time_limit.is_none() && !package.config.time_limit_given {
        " (default: the package gives none; `leapfrog time-limit` infers one)"
    } else {
        ""
    };
    // A directory of several sources runs from one of them, picked by name: say which, as a
    // contestant whose solution is split over files may have meant another.
    let entry = match language.entry_of(submission) {
        Some((file, count)) => format!(
            ", starting at {} of {count} files",
            leapfrog_util::inert(&file)
        ),
        None => String::new(),
    };
    leapfrog_util::outln!(
        "{} · {} ({}{entry}) · limits {:.2} s CPU{origin}, {} MiB memory, {} MiB output · {} · memory: {}",
        leapfrog_util::inert(&package.short_name),
        leapfrog_util::inert(
            &leapfrog_util::display_path(submission)
                .display()
                .to_string()
        ),
        language.name(),
        limits.time_s,
        limits.memory_mib,
        limits.output_mib,
        options.isolation.name(),
        judge.runner().memory_enforcement().name()
    );
}

/// Prints the end of a judge run: the JSON object, or the compile error and summary line.
pub fn print_report(report: &JudgeReport, json: bool, styled: bool) -> anyhow::Result<()> {
    if json {
        let mut value = serde_json::to_value(report)?;
        if let (Some(message), Some(obj)) = (&report.compile_message, value.as_object_mut()) {
            obj.insert("compile_message".into(), message.clone().into());
        }
        leapfrog_util::outln!("{}", serde_json::to_string(&value)?);
        return Ok(());
    }
    if let Some(message) = &report.compile_message {
        let ce = verdict::not_compiled();
        leapfrog_util::outln!("{}", report::verdict_style(ce, styled).apply_to(ce.code()));
        for line in message.lines().take(40) {
            leapfrog_util::outln!("  {line}");
        }
        return Ok(());
    }
    leapfrog_util::outln!("{}", report::summary_line(report, styled));
    print_scores(report);
    Ok(())
}

/// A scoring problem's score per group of `secret`, then the total.
fn print_scores(report: &JudgeReport) {
    let Some(total) = report.score else {
        return;
    };
    let width = report
        .groups
        .iter()
        .map(|g| g.name.len())
        .max()
        .unwrap_or(0);
    for group in report.groups.iter().skip(1) {
        leapfrog_util::outln!(
            "  {:<width$}  {:>8} of {:<8} ({})",
            group.name,
            group.score,
            group.max,
            group.aggregation.name()
        );
    }
    leapfrog_util::outln!("score {total} of {}", report.max_score.unwrap_or(0.0));
}

/// 0 accepted, 1 rejected, 2 when the judge itself failed on any test.
pub fn exit_code(report: &JudgeReport) -> ExitCode {
    if report.tests.iter().any(|t| t.verdict == Verdict::Je) || report.verdict == Verdict::Je {
        ExitCode::from(2)
    } else if report.verdict == Verdict::Ac {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
