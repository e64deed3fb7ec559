//! One module per subcommand. Each exposes its clap `Args` struct and a `run` function that
//! returns the process exit code, or an error for the caller to report with exit code 2.
//! (`lazy_answer` is not a subcommand: it serves `check`.)

pub mod check;
pub mod contest;
pub mod count;
pub mod export;
pub mod gen_test;
pub mod generate;
pub mod help;
pub mod judge;
pub mod languages;
mod lazy_answer;
pub mod mutants;
pub mod new;
pub mod precheck;
pub mod render;
pub mod solve;
pub mod statement;
pub mod status;
pub mod stress;
pub mod time_limit;
pub mod validate;
pub mod validate_data;
pub mod verify;

use std::process::ExitCode;

use crate::cli::Command;

/// Runs one parsed command.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Judge(args) => judge::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Check(args) => check::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Stress(args) => stress::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Gen(args) => gen_test::run(args),
        Command::Render(args) => render::run(args),
        Command::Statement(args) => statement::run(args),
        Command::Export(args) => export::run(args),
        Command::Count(args) => count::run(args),
        Command::Mutants(args) => mutants::run(args),
        Command::Languages(args) => languages::run(args),
        Command::TimeLimit(args) => time_limit::run(args),
        Command::New(args) => new::run(args),
        Command::Status(args) => status::run(args),
    }
}

/// Warns (on stderr) when a package has tests but none under `data/sample`: the statement and
/// contest systems show the samples, so a package without them is most likely unfinished.
pub(crate) fn warn_without_samples(package: &leapfrog_package::Package) {
    let Ok(tests) = package.tests() else {
        return;
    };
    if !tests.is_empty() && !tests.iter().any(|t| t.name.starts_with("sample/")) {
        eprintln!(
            "warning: {}: no sample tests (data/sample/*.in and .ans); the statement and contest \
systems show the samples",
            package.data_dir().display()
        );
    }
}
