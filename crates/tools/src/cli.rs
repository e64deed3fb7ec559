//! The command-line grammar: one subcommand per job, each defined next to its implementation in
//! [`crate::commands`], and the dispatch to that implementation.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::commands;
use leapfrog_judge::JudgeError;
use leapfrog_registry::Registry;

/// A local contest judge and test-data toolkit for checkers puzzles.
#[derive(Debug, Parser)]
// `about` is written out: a bare `about` would take this crate's description, not the binary's.
#[command(name = "leapfrog", version,
    about = "A local judge and test-data toolkit for checkers puzzles used in programming contests",
    long_about = None, propagate_version = true,
    after_help = commands::help::after_help(
        &[
            "leapfrog judge checkers problems/checkers/submissions/accepted/euler.cpp",
            "leapfrog verify ~/sum",
            "leapfrog judge --help",
        ],
        "",
        "0 accepted (or success), 1 rejected, 2 usage or judge error, 130 interrupted; each \
command's --help says what they mean for it",
    ))]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge a submission on every test of a problem.
    Judge(commands::judge::JudgeArgs),
    /// Check that every submission of a problem gets the verdict its folder names.
    Verify(commands::verify::VerifyArgs),
    /// Print a problem's time limit (given, or inferred from the slowest accepted program) and
    /// check the margins of its accepted and time_limit_exceeded programs.
    TimeLimit(commands::time_limit::TimeLimitArgs),
    /// Run a problem's output checker on one output and print the verdict and reason.
    Check(commands::check::CheckArgs),
    /// Build data/secret from the problem's generator plan, byte for byte reproducibly.
    Generate(commands::generate::GenerateArgs),
    /// Run the input validators on every test input (and the checker on every answer).
    Validate(commands::validate::ValidateArgs),
    /// Stress a submission with random tests against the reference, and shrink the first failure.
    Stress(commands::stress::StressArgs),
    /// Run a reference solver: problem input on stdin, answer on stdout.
    Solve(commands::solve::SolveArgs),
    /// Run one built-in generator and print the test it makes.
    Gen(commands::gen_test::GenArgs),
    /// Draw a board or a row (and a move sequence as a strip of frames) as SVG or PNG.
    Render(commands::render::RenderArgs),
    /// Build a problem's statement as a standalone HTML page with pictures and samples.
    Statement(commands::statement::StatementArgs),
    /// Export problems in the Kattis / ICPC package format (and zips for DOMjudge).
    Export(commands::export::ExportArgs),
    /// Count (or list) every optimal solution of a puzzle size.
    Count(commands::count::CountArgs),
    /// Measure the test data: judge small changes (mutants) of the accepted submissions.
    Mutants(commands::mutants::MutantsArgs),
    /// List the languages (built in, or a package's), whether each is installed, its version.
    Languages(commands::languages::LanguagesArgs),
    /// Start a problem package that verifies at once, or a contest folder.
    New(commands::new::NewArgs),
    /// Show what each problem of a contest (or one problem) has and still lacks.
    Status(commands::status::StatusArgs),
}

impl Command {
    /// Runs the command: the process exit code, or the typed error whose
    /// [`JudgeError::process_exit_code`] the caller exits with.
    pub fn run(self, registry: &'static Registry) -> Result<ExitCode, JudgeError> {
        use commands::*;
        let outcome = match self {
            Command::Judge(args) => judge::run(args, registry),
            Command::Verify(args) => verify::run(args, registry),
            Command::Check(args) => check::run(args, registry),
            Command::Generate(args) => generate::run(args, registry),
            Command::Validate(args) => validate::run(args, registry),
            Command::Stress(args) => stress::run(args, registry),
            Command::Solve(args) => solve::run(args, registry),
            Command::Gen(args) => gen_test::run(args, registry),
            Command::Render(args) => render::run(args, registry),
            Command::Statement(args) => statement::run(args, registry),
            Command::Export(args) => export::run(args, registry),
            Command::Count(args) => count::run(args, registry),
            Command::Mutants(args) => mutants::run(args, registry),
            Command::Languages(args) => languages::run(args),
            Command::TimeLimit(args) => time_limit::run(args, registry),
            Command::New(args) => new::run(args),
            Command::Status(args) => status::run(args, registry),
        };
        outcome.map_err(JudgeError::from)
    }

    /// Whether `--json` was given: stdout is then for one JSON object, even when the command
    /// fails ([`crate::report::print_failure`]).
    pub fn json(&self) -> bool {
        match self {
            Command::Judge(args) => args.json,
            Command::Verify(args) => args.json,
            Command::TimeLimit(args) => args.json,
            Command::Stress(args) => args.json,
            Command::Mutants(args) => args.json,
            Command::Languages(args) => args.json,
            Command::Status(args) => args.json,
            Command::Check(_)
            | Command::Generate(_)
            | Command::Validate(_)
            | Command::Solve(_)
            | Command::Gen(_)
            | Command::Render(_)
            | Command::Statement(_)
            | Command::Export(_)
            | Command::Count(_)
            | Command::New(_) => false,
        }
    }
}
