//! `leapfrog stress`: random tests against the reference until the submission fails, then the
//! smallest failing input, saved as a ready-to-add test.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::json;

use crate::stress::{self, Found, Outcome, Status, StressOptions, StressSink};
use leapfrog_judge::{Flow, JudgeSink};
use leapfrog_package::Package;
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;
use leapfrog_runner::units::Seconds;

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &[
        "leapfrog stress frogs my.py",
        "leapfrog stress ~/sum ~/sum/submissions/wrong_answer/abs.py",
        "leapfrog stress ~/sum abs.py --against ref.cpp --generator 'gen.py --max 9' --time 30",
    ],
    "",
    crate::commands::help::STRESSED,
))]
pub struct StressArgs {
    /// A problem name under problems/, or the path of any package directory.
    pub problem: String,
    /// The submission to stress (source file or executable).
    pub submission: PathBuf,
    /// Compare with this program. Default: the `solution:` of generators/generators.yaml (a built-in
    /// solver or a program in the package), else the built-in solver named like the package.
    #[arg(long, value_name = "OTHER")]
    pub against: Option<PathBuf>,
    /// A generator command line to use (`checkers --outcome none --n 6`); its seed changes every
    /// test. Default: the generator most of the plan's tests use: a built-in one at growing
    /// sizes, small first; a program of the package on the plan's command lines in turn, each
    /// with a new seed (in place of `{seed}`, after `--seed`, else appended as `--seed N`).
    #[arg(long, value_name = "ARGS", conflicts_with = "input")]
    pub generator: Option<String>,
    /// Shrink this failing input (a secret test, a hand-written case) instead of searching:
    /// delta debugging on its lines, then on its tokens, keeping what the validators accept.
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// The seed: the same seed finds the same first failure.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up after this many tests.
    #[arg(long, default_value_t = 100_000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub iterations: u64,
    /// Give up searching after this many seconds.
    #[arg(long, default_value = "60", value_name = "S", allow_negative_numbers = true, value_parser = Seconds::parse)]
    pub time: Seconds,
    /// Spend at most this many seconds shrinking a failure.
    #[arg(long, default_value = "30", value_name = "S", allow_negative_numbers = true, value_parser = Seconds::parse)]
    pub shrink_time: Seconds,
    /// Where to save the failing test in full (`<dir>/stress-<problem>-<submission>-<seed>.in`,
    /// `.ans`, and the submission's output as `.out`); the terminal shows excerpts.
    #[arg(long, default_value = ".", value_name = "DIR")]
    pub save: PathBuf,
    #[allow(rustdoc::invalid_html_tags)] // --help text: <name> is a placeholder, not HTML
    /// Make the failure a test of the package: an entry of generators/generators.yaml when a
    /// generator command line makes it, else data/secret/stress/stress-<submission>-<seed>.in|.ans.
    #[arg(long)]
    pub add: bool,
    /// CPU time limit per test in seconds, instead of problem.yaml's.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = Seconds::parse)]
    pub time_limit: Option<Seconds>,
    /// Run the submission with resource limits only, outside the sandbox.
    #[arg(long)]
    pub no_sandbox: bool,
    /// Print one JSON object on stdout instead of the report.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: StressArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    let runner = crate::interrupt::runner();
    let package = Package::open(&args.problem)?;
    let options = stress_options(&runner, &args)?;
    let mut spinner = Spinner {
        progress: crate::report::Progress::new("stress", args.json),
        started: std::time::Instant::now(),
        status: None,
        runs: 0,
    };
    spinner.progress.start_spinner();
    let outcome = stress::stress(
        registry,
        &runner,
        &package,
        &args.submission,
        args.against.as_deref(),
        &options,
        &mut spinner,
    );
    spinner.progress.finish();
    match outcome? {
        Outcome::Survived { tests, seconds } => {
            if args.json {
                leapfrog_util::outln!(
                    "{}",
                    json!({"problem": package.short_name, "submission": args.submission, "found": false, "tests": tests, "seconds": seconds})
                );
            } else {
                leapfrog_util::outln!(
                    "no failure in {} ({seconds:.1} s)",
                    leapfrog_util::plural(tests, "test")
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Outcome::Found(found) => {
            report_found(&args, &package, &found)?;
            Ok(ExitCode::from(1))
        }
    }
}

/// The spinner's line, the sink of the stress run: where the search is, and how many runs of
/// the submission the judge has reported (shrinking runs many candidates on one failure).
struct Spinner {
    progress: crate::report::Progress,
    started: std::time::Instant,
    status: Option<Status>,
    runs: u64,
}

impl Spinner {
    fn show(&self) {
        let Some(status) = &self.status else {
            return;
        };
        self.progress.message(&format!(
            "{} · {} · {} · {:.1} s · size {}",
            status.phase,
            leapfrog_util::plural(status.tests, "test"),
            leapfrog_util::plural(self.runs, "run"),
            self.started.elapsed().as_secs_f64(),
            status.size
        ));
    }
}

impl JudgeSink for Spinner {
    fn test_done(&mut self, _: &leapfrog_judge::TestResult) -> Flow {
        self.runs += 1;
        self.show();
        Flow::Continue
    }
}

impl StressSink for Spinner {
    fn status(&mut self, status: &Status) {
        self.status = Some(status.clone());
        self.show();
    }
}

/// The stress options the flags ask for.
fn stress_options(runner: &Runner, args: &StressArgs) -> anyhow::Result<StressOptions> {
    let judge = leapfrog_judge::JudgeOptions {
        jobs: 1,
        time_limit: args.time_limit,
        isolation: runner.choose_isolation(false, args.no_sandbox)?,
        ..Default::default()
    };
    Ok(StressOptions {
        generator: args.generator.clone(),
        input: args.input.clone(),
        seed: args.seed,
        iterations: args.iterations,
        time: args.time.duration(),
        shrink_time: args.shrink_time.duration(),
        judge,
    })
}

/// Where a failure is saved: `<--save>/stress-<problem>-<submission>-<seed>.<ext>`.
struct Saved {
    dir: PathBuf,
    base: String,
}

impl Saved {
    fn path(&self, ext: &str) -> PathBuf {
        self.dir.join(format!("{}.{ext}", self.base))
    }
}

/// Saves the shrunk failure (and adds it to the package if asked) and reports it.
fn report_found(args: &StressArgs, package: &Package, found: &Found) -> anyhow::Result<()> {
    let stem = args
        .submission
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let saved = Saved {
        dir: args.save.clone(),
        base: format!("stress-{}-{stem}-{}", package.short_name, args.seed),
    };
    leapfrog_util::write_atomically(&saved.path("in"), &found.input)?;
    leapfrog_util::write_atomically(&saved.path("ans"), &found.answer)?;
    leapfrog_util::write_atomically(&saved.path("out"), &found.output)?;
    let added = if args.add {
        let name: String = format!("stress-{stem}-{}", args.seed)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        Some(stress::add::add(package, found, &name)?)
    } else {
        None
    };
    if args.json {
        print_found_json(args, package, found, &saved, added.as_ref());
        return Ok(());
    }
    print_found(found, &saved, added.as_ref())
}

/// The failure as one JSON object.
fn print_found_json(
    args: &StressArgs,
    package: &Package,
    found: &Found,
    saved: &Saved,
    added: Option<&stress::add::Added>,
) {
    leapfrog_util::outln!(
        "{}",
        json!({
            "problem": package.short_name,
            "submission": args.submission,
            "found": true,
            "tests": found.tests,
            "seconds": found.seconds,
            "generator": found.generator_line,
            "shrunk_generator": found.shrunk_line,
            "moved": found.moved,
            "verdict": found.verdict,
            "message": found.message,
            "original_bytes": found.original_bytes,
            "shrunk_bytes": found.input.len(),
            "shrink_steps": found.shrink_steps,
            "input": String::from_utf8_lossy(&found.input),
            "expected": String::from_utf8_lossy(&found.answer),
            "output": String::from_utf8_lossy(&found.output),
            "transcript": found.transcript.as_deref().map(String::from_utf8_lossy),
            "saved": [saved.path("in"), saved.path("ans")],
            "saved_output": saved.path("out"),
            "added": added,
        })
    );
}

/// The failure for a reader: how it was found and shrunk, excerpts of the files, the checker's
/// message. Saves the transcript of an interactive run.
fn print_found(
    found: &Found,
    saved: &Saved,
    added: Option<&stress::add::Added>,
) -> anyhow::Result<()> {
    let (input_path, answer_path, output_path) =
        (saved.path("in"), saved.path("ans"), saved.path("out"));
    leapfrog_util::outln!(
        "{} after {} ({:.1} s), from `{}`; shrunk in {} from {} to {}",
        found.verdict,
        leapfrog_util::plural(found.tests, "test"),
        found.seconds,
        found.generator_line,
        leapfrog_util::plural(found.shrink_steps, "step"),
        leapfrog_util::plural(found.original_bytes, "byte"),
        leapfrog_util::plural(found.input.len(), "byte")
    );
    if !found.moved.is_empty() {
        let moved: Vec<String> = found
            .moved
            .iter()
            .map(|m| format!("{} {} -> {}", m.argument, m.from, m.to))
            .collect();
        leapfrog_util::outln!("generator arguments moved: {}", moved.join(", "));
    }
    if let Some(line) = &found.shrunk_line {
        leapfrog_util::outln!("smallest failing command line: {line}");
    }
    show("input", &input_path);
    match &found.transcript {
        Some(transcript) => {
            let path = saved.path("transcript");
            leapfrog_util::write_atomically(&path, transcript)?;
            show("transcript", &path);
        }
        None => {
            show("reference answer", &answer_path);
            show("submission output", &output_path);
            if let Some(diff) = stress::excerpt::first_difference(&output_path, &answer_path) {
                leapfrog_util::outln!("--- first difference: {}", diff.trim_end());
            }
        }
    }
    leapfrog_util::outln!("checker: {}", found.message);
    for line in found.details.iter().take(20) {
        leapfrog_util::outln!("  {line}");
    }
    leapfrog_util::outln!(
        "saved {}, {} and {}",
        input_path.display(),
        answer_path.display(),
        output_path.display()
    );
    if let Some(added) = added {
        leapfrog_util::outln!("{}", added.description);
    }
    Ok(())
}

/// Prints a bounded excerpt of a file: its first and last lines.
fn show(label: &str, path: &std::path::Path) {
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    leapfrog_util::outln!("--- {label} ({}) ---", leapfrog_util::plural(bytes, "byte"));
    leapfrog_util::outln!("{}", stress::excerpt::excerpt(path).trim_end());
}
