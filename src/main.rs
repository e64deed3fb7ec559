//! The `leapfrog` binary: parses the command line and exits with the code the command's outcome
//! gives: 0 accepted / success, 1 rejected or invalid test data, 2 usage or judge error, 130
//! interrupted. Which error gets which code is `JudgeError::process_exit_code`'s to say.

use std::process::ExitCode;

use clap::Parser;
use leapfrog::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.run(&leapfrog::REGISTRY) {
        Ok(code) => code,
        Err(err) => {
            if err.is_reported() {
                leapfrog::report::print_error(&err);
            }
            err.process_exit_code()
        }
    }
}
