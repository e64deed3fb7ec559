//! The `leapfrog` binary: parses the command line and maps results to exit codes that scripts
//! can trust (0 accepted / success, 1 rejected or invalid generated data, 2 usage or judge
//! error, 130 interrupted).

use std::process::ExitCode;

use clap::Parser;
use leapfrog::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.run(&leapfrog::REGISTRY) {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe (`leapfrog solve ... | head`) is the reader's choice, not an error.
            if leapfrog::report::is_closed_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            leapfrog::report::print_error(&err);
            // 130 is what shells report for a command stopped by Ctrl-C.
            if err.is::<leapfrog::interrupt::Interrupted>() {
                ExitCode::from(130)
            } else if err.chain().any(|e| {
                e.is::<leapfrog::generate::InvalidInput>()
                    || e.is::<leapfrog::commands::precheck::InvalidData>()
            }) {
                // Invalid test data is a rejection (exit 1), as the README's exit codes say.
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
