//! A mutation campaign on one submission: write every mutant, build them all (in parallel,
//! through the compile cache and the sandbox), judge each on the package's tests until the first
//! rejection, and optionally hunt the survivors with random tests against the reference.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use serde::Serialize;

use super::{Mutant, Syntax, mutants};
use crate::report::Progress;
use crate::stress::{self, Outcome, StressOptions};
use leapfrog_judge::{Judge, JudgeOptions, Prepared, Verdict};
use leapfrog_package::Package;
use leapfrog_package::lang::Language;
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;

/// How to run a campaign.
#[derive(Debug, Clone)]
pub struct CampaignOptions {
    /// The command's runner.
    pub runner: Arc<Runner>,
    pub judge: JudgeOptions,
    /// Stress-test each survivor for this long (`--hunt`).
    pub hunt: Option<Duration>,
    /// The seed of the hunts.
    pub seed: u64,
    /// No progress bar.
    pub quiet: bool,
}

/// What became of a mutant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A test rejected it (wrong answer, crash, output or memory limit).
    Killed,
    /// Every test accepted it.
    Survived,
    /// It did not compile: not a measure of the data.
    BuildFailed,
    /// Killed by the time limit: a kill, counted apart because it says little about the data.
    Timeout,
}

/// A random test, found while hunting, that tells a survivor from the reference.
#[derive(Debug, Clone, Serialize)]
pub struct Counterexample {
    /// The generator command line of the test (a line for the package's data plan).
    pub generator: String,
    pub verdict: Verdict,
    pub message: String,
    /// The shrunk input, as stress shows it.
    pub input: String,
}

/// One mutant's line of the report.
#[derive(Debug, Clone, Serialize)]
pub struct MutantResult {
    pub file: String,
    pub line: usize,
    pub operator: &'static str,
    pub before: String,
    pub after: String,
    pub status: Status,
    /// The first test that rejected it, with the verdict (`secret/03 (WA)`).
    pub killed_by: Option<String>,
    /// Random tests tried on a survivor by `--hunt` (null when not hunted).
    pub hunted_tests: Option<u64>,
    /// A hunted survivor nothing told apart from the reference in the time given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probably_equivalent: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Counterexample>,
}

/// The campaign on one submission.
#[derive(Debug, Clone, Serialize)]
pub struct SubmissionResult {
    pub submission: String,
    pub total: usize,
    /// Every mutant a test rejected, the timeouts included.
    pub killed: usize,
    pub survived: usize,
    pub build_failed: usize,
    /// The kills by the time limit alone (also counted in `killed`).
    pub timeout: usize,
    /// killed / (killed + survived); null when no mutant built.
    pub score: Option<f64>,
    pub mutants: Vec<MutantResult>,
}

/// Runs the campaign on `submission` (a Rust, C, C++ or Python source file).
pub fn run(
    registry: &Registry,
    package: &Package,
    submission: &Path,
    options: &CampaignOptions,
) -> anyhow::Result<SubmissionResult> {
    let name = submission
        .file_name()
        .and_then(|n| n.to_str())
        .with_context(|| format!("{}: not a file name", submission.display()))?;
    let syntax = Syntax::of_file(name).with_context(|| {
        format!("{name}: no mutator for this language (Rust, C, C++ and Python have one)")
    })?;
    let source = std::fs::read_to_string(submission)
        .with_context(|| format!("reading {}", submission.display()))?;
    let found = mutants(syntax, &source).with_context(|| format!("{}", submission.display()))?;
    let scratch = tempfile::Builder::new()
        .prefix("leapfrog-mutants-")
        .tempdir()
        .context("creating a scratch directory")?;
    let paths = write_mutants(scratch.path(), name, &source, &found)?;
    let display = leapfrog_util::display_path(submission)
        .display()
        .to_string();
    let judge = Judge::prepare(&options.runner, package, &options.judge)?;
    let language = package.languages.detect(submission)?;
    let progress = Progress::new(&format!("mutants {name}"), options.quiet);
    progress.start(found.len() * 2);
    let built = build_all(&judge, language, &paths, options.judge.jobs, &progress)?;
    let mut results = Vec::with_capacity(found.len());
    for (mutant, prepared) in found.iter().zip(&built) {
        let status = judge_one(&judge, prepared)
            .with_context(|| format!("mutant {display}:{} ({})", mutant.line, mutant.after))?;
        progress.step(&format!("line {}", mutant.line));
        results.push(result_of(&display, mutant, status));
    }
    progress.finish();
    if let Some(time) = options.hunt {
        hunt(registry, package, &paths, &mut results, time, options)?;
    }
    Ok(summarise(display, results))
}

/// Each mutant in its own directory, under the submission's own file name (Java and the
/// compile cache care about names; the cache key is the content).
fn write_mutants(
    scratch: &Path,
    name: &str,
    source: &str,
    found: &[Mutant],
) -> anyhow::Result<Vec<PathBuf>> {
    found
        .iter()
        .enumerate()
        .map(|(i, mutant)| {
            let dir = scratch.join(format!("{i:04}"));
            std::fs::create_dir(&dir).with_context(|| dir.display().to_string())?;
            let path = dir.join(name);
            std::fs::write(&path, mutant.apply(source))
                .with_context(|| path.display().to_string())?;
            Ok(path)
        })
        .collect()
}

/// Builds every mutant, `jobs` at a time, through the compile cache.
fn build_all(
    judge: &Judge,
    language: Language,
    paths: &[PathBuf],
    jobs: usize,
    progress: &Progress,
) -> anyhow::Result<Vec<Prepared>> {
    let mut built = Vec::with_capacity(paths.len());
    let mut failure = None;
    leapfrog_runner::parallel::ordered(
        paths,
        jobs,
        |_, path| judge.submission(path, language.clone()),
        |_, result| {
            progress.step("building");
            match result {
                Ok(prepared) => {
                    built.push(prepared);
                    true
                }
                Err(err) => {
                    failure = Some(err);
                    false
                }
            }
        },
    );
    crate::interrupt::check()?;
    match failure {
        Some(err) => Err(err.context("building a mutant")),
        None => Ok(built),
    }
}

/// Judges one mutant up to its first rejected test.
fn judge_one(judge: &Judge, prepared: &Prepared) -> anyhow::Result<(Status, Option<String>)> {
    let report = judge.run(prepared, &mut leapfrog_judge::UntilRejected)?;
    if report.verdict == Verdict::Ce {
        return Ok((Status::BuildFailed, None));
    }
    let Some(first) = report.tests.iter().find(|t| t.verdict != Verdict::Ac) else {
        return Ok((Status::Survived, None));
    };
    let killed_by = Some(format!("{} ({})", first.name, first.verdict.code()));
    match first.verdict {
        Verdict::Tle => Ok((Status::Timeout, killed_by)),
        Verdict::Je => bail!("judge error on {}: {}", first.name, first.cause),
        _ => Ok((Status::Killed, killed_by)),
    }
}

fn result_of(
    file: &str,
    mutant: &Mutant,
    (status, killed_by): (Status, Option<String>),
) -> MutantResult {
    MutantResult {
        file: file.to_string(),
        line: mutant.line,
        operator: mutant.operator.name(),
        before: mutant.before.clone(),
        after: mutant.after.clone(),
        status,
        killed_by,
        hunted_tests: None,
        probably_equivalent: None,
        counterexample: None,
    }
}

/// Stress-tests every survivor against the reference for `time` each.
fn hunt(
    registry: &Registry,
    package: &Package,
    paths: &[PathBuf],
    results: &mut [MutantResult],
    time: Duration,
    options: &CampaignOptions,
) -> anyhow::Result<()> {
    let survivors: Vec<usize> = (0..results.len())
        .filter(|&i| results[i].status == Status::Survived)
        .collect();
    let stress = StressOptions {
        generator: None,
        input: None,
        seed: options.seed,
        iterations: u64::MAX,
        time,
        shrink_time: time.min(Duration::from_secs(10)),
        judge: JudgeOptions {
            jobs: 1,
            ..options.judge.clone()
        },
    };
    let progress = Progress::new("hunting survivors", options.quiet);
    progress.start(survivors.len());
    // One hunt at a time: the judge reaps orphaned processes between runs, which would take a
    // concurrent hunt's children from under it.
    for &i in &survivors {
        let outcome = stress::stress(
            registry,
            &options.runner,
            package,
            &paths[i],
            None,
            &stress,
            &mut leapfrog_judge::EveryTest,
        )
        .with_context(|| format!("hunting the mutant on line {}", results[i].line))?;
        progress.step(&format!("line {}", results[i].line));
        record_hunt(&mut results[i], outcome);
    }
    progress.finish();
    Ok(())
}

fn record_hunt(result: &mut MutantResult, outcome: Outcome) {
    match outcome {
        Outcome::Survived { tests, .. } => {
            result.hunted_tests = Some(tests);
            result.probably_equivalent = Some(true);
        }
        Outcome::Found(found) => {
            result.hunted_tests = Some(found.tests);
            result.probably_equivalent = Some(false);
            result.counterexample = Some(Counterexample {
                generator: found.generator_line.clone(),
                verdict: found.verdict,
                message: found.message.clone(),
                input: String::from_utf8_lossy(&found.input).into_owned(),
            });
        }
    }
}

fn summarise(submission: String, mutants: Vec<MutantResult>) -> SubmissionResult {
    let count = |s: Status| mutants.iter().filter(|m| m.status == s).count();
    let timeout = count(Status::Timeout);
    let killed = count(Status::Killed) + timeout;
    let survived = count(Status::Survived);
    let score = (killed + survived > 0).then(|| killed as f64 / (killed + survived) as f64);
    SubmissionResult {
        submission,
        total: mutants.len(),
        killed,
        survived,
        build_failed: count(Status::BuildFailed),
        timeout,
        score,
        mutants,
    }
}
