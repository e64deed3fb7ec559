//! One module per subcommand. Each exposes its clap `Args` struct and a `run` function that
//! returns the process exit code, or an error for the caller to report with exit code 2.
//! [`crate::cli`] names the subcommands and calls their `run`; nothing here knows that list.
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

/// Warns (on stderr) when a package has tests but none under `data/sample`: the statement and
/// contest systems show the samples, so a package without them is most likely unfinished.
pub(crate) fn warn_without_samples(package: &leapfrog_package::Package) {
    let Ok(tests) = package.tests() else {
        return;
    };
    if !tests.is_empty() && !tests.iter().any(|t| t.name.starts_with("sample/")) {
        leapfrog_util::warn(&format!(
            "{}: no sample tests (data/sample/*.in and .ans); the statement and contest \
systems show the samples",
            package.data_dir().display()
        ));
    }
}
