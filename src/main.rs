//! The `leapfrog` binary: parses the command line and exits with the code the command's outcome
//! gives: 0 accepted / success, 1 rejected or invalid test data, 2 usage or judge error, 130
//! interrupted. Which error gets which code is `JudgeError::process_exit_code`'s to say; how a
//! failure is reported (stderr, and one JSON object on stdout under `--json`) is
//! `report::print_failure`'s.

use std::process::ExitCode;

use clap::Parser;
use leapfrog::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let json = cli.command.json();
    match cli.command.run(&leapfrog::REGISTRY) {
        Ok(code) => code,
        Err(err) => {
            leapfrog::report::print_failure(&err, json);
            err.process_exit_code()
        }
    }
}
