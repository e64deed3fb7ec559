//! `leapfrog-gen`: the built-in generators and reference solvers, alone.
//!
//! An exported package carries this small program (in each `generators/<name>/` folder that
//! names a built-in), so that BAPCtools or a plain shell rebuilds the package's data on a
//! machine without leapfrog. It answers exactly as `leapfrog gen` and `leapfrog solve` do, as it
//! runs the same code: `leapfrog-gen gen NAME ARGS...` and `leapfrog-gen solve NAME`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use leapfrog::commands::{gen_test, solve};

#[derive(Debug, Parser)]
#[command(name = "leapfrog-gen", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a test input from a built-in generator (as `leapfrog gen`).
    Gen(gen_test::GenArgs),
    /// Answer stdin with a built-in reference solver (as `leapfrog solve`).
    Solve(solve::SolveArgs),
}

fn main() -> ExitCode {
    let outcome = match Cli::parse().command {
        Command::Gen(args) => gen_test::run(args, &leapfrog::REGISTRY),
        Command::Solve(args) => solve::run(args, &leapfrog::REGISTRY),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe is the reader's choice, not an error (as in `leapfrog`).
            let err = leapfrog::judge::JudgeError::from(err);
            if !err.is_reported() {
                return ExitCode::SUCCESS;
            }
            eprintln!("leapfrog-gen: {err:#}");
            ExitCode::from(2)
        }
    }
}
