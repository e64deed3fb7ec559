//! `leapfrog check`: the problem's output checker on one output, with its verdict and reason.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use super::lazy_answer::LazyAnswer;

use crate::report;
use leapfrog_judge::checking::OutputChecker;
use leapfrog_judge::{Cause, verdict};
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Package, TestCase};
use leapfrog_registry::Registry;

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &[
        "leapfrog check checkers problems/checkers/data/sample/1.in out.txt",
        "leapfrog check ~/sum 1.in 1.out 1.ans",
    ],
    "",
    crate::commands::help::JUDGED,
))]
pub struct CheckArgs {
    /// A problem name under problems/, or the path of any package directory.
    pub problem: String,
    /// The test input.
    pub input: PathBuf,
    /// The output to check.
    pub output: PathBuf,
    /// The judges' answer. Default: the input's .ans file, else the reference solver's answer.
    pub answer: Option<PathBuf>,
}

pub fn run(args: CheckArgs, registry: &Registry) -> anyhow::Result<ExitCode> {
    let package = Package::open(&args.problem)?;
    for path in [&args.input, &args.output] {
        std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
    }
    let scratch = leapfrog_util::scratch_dir("leapfrog-check-")?;
    // Entered, not listed, by the output validator's user where the judge is root: it reaches
    // its files (the lazy answer's pipe) by their paths.
    std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o711))?;
    let runner = crate::interrupt::runner();
    let checker = OutputChecker::for_package(&runner, &package)?;
    let found = package.test_with_input(&args.input)?;
    let (answer, lazy) = match (args.answer, &found) {
        (Some(answer), _) => (answer, None),
        (None, Some(test)) => (test.answer.clone(), None),
        (None, None) => default_answer(registry, &package, &args.input, scratch.path())?,
    };
    let test = match found {
        Some(test) => TestCase { answer, ..test },
        None => outside_test(&package, &args.input, answer)?,
    };
    let work = scratch.path().join("check");
    std::fs::create_dir_all(&work)?;
    let outcome = checker.check(&test, &args.output, &work);
    runner.sweep_orphans();
    if let Some(lazy) = lazy {
        lazy.finish(&args.input)?;
    }
    // The verdict comes from the verdict module as `judge` gets it, so the two cannot differ.
    let (cause, details) = verdict::of_check(outcome);
    let verdict = cause.verdict();
    let code = match verdict {
        Verdict::Ac => ExitCode::SUCCESS,
        Verdict::Je => ExitCode::from(2),
        _ => ExitCode::from(1),
    };
    let shown = report::verdict_style(verdict, report::stdout_styled()).apply_to(verdict.code());
    match cause {
        Cause::Accepted => leapfrog_util::outln!("{shown}"),
        why => leapfrog_util::outln!("{shown}  {why}"),
    }
    for line in details {
        leapfrog_util::outln!("  {line}");
    }
    Ok(code)
}

/// An input that is no test of `data/`, judged as a test of `data/secret` would be (the group
/// `stress` judges its inputs in): said on stderr, since the settings are then a choice.
fn outside_test(package: &Package, input: &Path, answer: PathBuf) -> anyhow::Result<TestCase> {
    let name = input.file_name().map_or_else(
        || input.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    eprintln!("note: {name} is no test of data/; judged with the settings of data/secret");
    let test = package.test_in_group("secret", name, input.to_path_buf(), answer)?;
    Ok(test)
}

/// The answer for an input without one given: its sibling .ans, else the built-in solver's,
/// streamed through a pipe as the checker reads it (see [`LazyAnswer`]).
fn default_answer(
    registry: &Registry,
    package: &Package,
    input: &std::path::Path,
    scratch: &std::path::Path,
) -> anyhow::Result<(PathBuf, Option<LazyAnswer>)> {
    let sibling = input.with_extension("ans");
    if sibling.is_file() {
        return Ok((sibling, None));
    }
    let solver = crate::generate::builtin_solver(registry, package, package.plan()?.as_ref());
    let Some(puzzle) = solver else {
        bail!(
            "{} has no .ans next to it and {} has no built-in solver: give the answer file",
            input.display(),
            package.short_name
        );
    };
    let lazy = LazyAnswer::start(puzzle, input, scratch)?;
    Ok((lazy.path.clone(), Some(lazy)))
}
