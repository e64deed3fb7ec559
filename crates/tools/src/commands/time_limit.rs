//! `leapfrog time-limit PROBLEM`: the time limit (the package's, or inferred from the slowest
//! accepted program as problemtools does) and the margins of the programs that bound it, judged
//! as `verify` judges them.

use std::process::ExitCode;

use clap::Args;

use super::judge::RunOptions;
use super::verify::VerifyArgs;
use leapfrog_registry::Registry;

#[derive(Debug, Args)]
#[command(after_help = super::help::after_help(
    &["leapfrog time-limit frogs", "leapfrog time-limit ~/sum --json"],
    "",
    super::help::TIMED,
))]
pub struct TimeLimitArgs {
    /// A problem name under problems/, a package path, or a contest folder (every problem in it, then one table).
    /// By default the package or contest folder this is run in.
    #[arg(default_value_t = super::contest::here(), hide_default_value = true)]
    pub problem: String,
    /// Print one JSON object on stdout: `problem`, `time_limit`, `bounds`.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub run: RunOptions,
}

pub fn run(args: TimeLimitArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    super::verify::run(
        VerifyArgs {
            problem: args.problem,
            json: args.json,
            all_tests: false,
            report: None,
            run: args.run,
            timing_only: true,
            embedded: false,
            pool: None,
        },
        registry,
    )
}
