//! Commands over a contest folder (see [`leapfrog_package::Contest`]): a PROBLEM argument that
//! names a contest runs the command on every problem in contest order, a problem's failure
//! reported and the rest still run, and the exit code is the worst of theirs (2 over 1 over 0).
//! `verify CONTEST`, which ends with one table, is `verify::contest`.

use std::process::ExitCode;

use crate::report;
use leapfrog_package::{Contest, ContestProblem, Package};

/// What a PROBLEM argument names.
pub enum Target {
    Problem(Box<Package>),
    Contest(Contest),
}

impl Target {
    /// A package directory (or a name under problems/), else a contest folder.
    pub fn resolve(spec: &str) -> anyhow::Result<Target> {
        let path = std::path::Path::new(given(spec)?);
        if !path.join("problem.yaml").is_file() && Contest::is_contest(path) {
            return Ok(Target::Contest(Contest::open(path)?));
        }
        Ok(Target::Problem(Box::new(Package::open(spec)?)))
    }
}

/// The PROBLEM a command takes when it is given none (its argument's default): the package
/// the current folder is in (the nearest folder up with a `problem.yaml`), else the contest
/// it is in (the nearest with a `problems.yaml` or `contest.yaml`: a folder that merely holds
/// packages, such as a temporary folder, is not taken for one), else nothing, which [`given`]
/// refuses. Every command whose only positional argument is a problem reads its default here.
pub fn here() -> String {
    let Ok(cwd) = std::env::current_dir() else {
        return String::new();
    };
    let package = cwd.ancestors().find(|d| d.join("problem.yaml").is_file());
    let contest = || {
        cwd.ancestors().find(|d| {
            (d.join("problems.yaml").is_file() || d.join("contest.yaml").is_file())
                && Contest::is_contest(d)
        })
    };
    package
        .or_else(contest)
        .map(|dir| dir.display().to_string())
        .unwrap_or_default()
}

/// The PROBLEM argument, refused when it is empty: none was given outside a package or contest.
pub fn given(spec: &str) -> anyhow::Result<&str> {
    if spec.is_empty() {
        let cwd = std::env::current_dir().unwrap_or_default();
        anyhow::bail!(
            "no PROBLEM given, and {} is not inside a problem package or a contest folder: give a problem name, a package path or a contest folder",
            cwd.display()
        );
    }
    Ok(spec)
}

/// The exit codes of a contest's problems folded into one: the worst wins.
#[derive(Debug, Default, Clone, Copy)]
pub struct Worst(u8);

impl Worst {
    pub fn add(&mut self, code: u8) {
        self.0 = self.0.max(code);
    }

    pub fn code(self) -> ExitCode {
        ExitCode::from(self.0)
    }
}

/// The number an `ExitCode` stands for (it keeps it private; its debug form shows it).
pub fn code_of(code: ExitCode) -> u8 {
    let text = format!("{code:?}");
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(2)
}

/// Runs `each` on every problem of the contest (its folder as the PROBLEM argument) with a
/// heading per problem; an error of one problem is printed and counts as exit code 2.
pub fn for_each(
    contest: &Contest,
    verb: &str,
    mut each: impl FnMut(&ContestProblem, String) -> anyhow::Result<ExitCode>,
) -> anyhow::Result<ExitCode> {
    let mut worst = Worst::default();
    for problem in &contest.problems {
        leapfrog_util::outln!("== {} {verb} {}", problem.label, problem.id);
        match each(problem, problem.dir.display().to_string()) {
            Ok(code) => worst.add(code_of(code)),
            Err(err) => {
                let err = leapfrog_judge::JudgeError::from(err);
                if err.is_interrupted() {
                    return Err(err.into());
                }
                report::print_error(&err);
                worst.add(2);
            }
        }
    }
    Ok(worst.code())
}

/// The width of a contest table's first column, which names each problem as `LABEL PROBLEM`:
/// the longest such name, and at least the column's heading (`problem`).
pub(super) fn problem_column_width<'a>(names: impl Iterator<Item = (&'a str, &'a str)>) -> usize {
    names
        .map(|(label, problem)| label.len() + 1 + problem.len())
        .max()
        .unwrap_or(0)
        .max("problem".len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_read_back_and_the_worst_wins() {
        assert_eq!(code_of(ExitCode::SUCCESS), 0);
        assert_eq!(code_of(ExitCode::from(1)), 1);
        assert_eq!(code_of(ExitCode::from(2)), 2);
        let mut worst = Worst::default();
        worst.add(1);
        worst.add(0);
        assert_eq!(code_of(worst.code()), 1);
        worst.add(2);
        assert_eq!(code_of(worst.code()), 2);
    }
}
