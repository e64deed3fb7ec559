//! The command-line grammar: one subcommand per job, each defined next to its implementation in
//! [`crate::commands`].

use clap::{Parser, Subcommand};

use crate::commands;

/// A local contest judge and test-data toolkit for checkers puzzles.
///
/// Exit codes: 0 accepted (or success), 1 rejected, 2 usage or judge error.
#[derive(Debug, Parser)]
#[command(name = "leapfrog", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a reference solver: problem input on stdin, answer on stdout.
    Solve(commands::solve::SolveArgs),
    /// Run one built-in generator and print the test it makes.
    Gen(commands::gen_test::GenArgs),
}
