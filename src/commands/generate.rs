//! `leapfrog generate`: build data/secret from the problem's generators/generators.yaml.

use std::process::ExitCode;

use clap::Args;

use crate::generate::{self, GenerateOptions};
use crate::package::Package;
use crate::report::Progress;

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &["leapfrog generate checkers", "leapfrog generate ~/sum --force"],
    "",
    crate::commands::help::GENERATED,
))]
pub struct GenerateArgs {
    /// A problem name under problems/, or the path of any package directory.
    pub problem: String,
    /// Overwrite test files that generate did not write (or that were edited since).
    #[arg(long)]
    pub force: bool,
    /// Tests to generate in parallel (default: the number of CPUs).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
}

pub fn run(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    crate::interrupt::install();
    let package = Package::open(&args.problem)?;
    let options = GenerateOptions {
        force: args.force,
        jobs: args
            .jobs
            .map(|j| j as usize)
            .unwrap_or_else(crate::parallel::default_jobs),
    };
    let progress = Progress::new("generating", false);
    let summary = generate::generate(
        &package,
        &options,
        &mut |count| progress.start(count),
        &mut |name| progress.step(name),
    )?;
    progress.finish();
    crate::util::outln!(
        "{}: {} ({} made, {} up to date) in {:.1} s · {} written, {} unchanged, {} removed",
        package.short_name,
        crate::util::plural(summary.tests, "test"),
        summary.made,
        summary.tests - summary.made,
        summary.seconds,
        crate::util::plural(summary.written, "file"),
        summary.unchanged,
        summary.removed
    );
    for (test, first) in &summary.duplicates {
        eprintln!("warning: {test} has the same input as {first}");
    }
    let width = summary.outcomes.keys().map(String::len).max().unwrap_or(0);
    for (outcome, count) in &summary.outcomes {
        crate::util::outln!(
            "  {outcome:<width$}  {:>9}",
            crate::util::plural(*count, "test")
        );
    }
    Ok(ExitCode::SUCCESS)
}
