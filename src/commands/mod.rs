//! One module per subcommand. Each exposes its clap `Args` struct and a `run` function that
//! returns the process exit code, or an error for the caller to report with exit code 2.

pub mod gen_test;
pub mod solve;

use std::process::ExitCode;

use crate::cli::Command;

/// Runs one parsed command.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(args) => solve::run(args),
        Command::Gen(args) => gen_test::run(args),
    }
}
