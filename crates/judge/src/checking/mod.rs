//! Deciding whether data is right: contestant output against the judges' answer (the default
//! token diff or the package's output validator), and test inputs and answers against the input
//! and answer validators.

mod data_validators;
pub mod diff;
mod ecosystem;
mod validator;

use std::path::Path;
use std::sync::Arc;

use leapfrog_package::{Package, TestCase};
use leapfrog_runner::Runner;

pub use data_validators::{AnswerValidators, InputValidators};
pub use validator::{ValidatorProgram, feedback_dir};

/// The verdict of an output check.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckOutcome {
    Accepted,
    /// The output is wrong: a one-line reason, then lines that show the difference.
    Rejected {
        reason: String,
        details: Vec<String>,
    },
    /// The checker itself failed: never a verdict against the contestant.
    JudgeError(String),
}

/// How a package decides whether an output is right.
pub struct OutputChecker {
    custom: Option<ValidatorProgram>,
    package: Package,
}

impl OutputChecker {
    /// Prepares (and compiles, if custom) the package's output checker. A checker that does not
    /// compile is a judge error.
    pub fn for_package(runner: &Arc<Runner>, package: &Package) -> anyhow::Result<OutputChecker> {
        let custom = match package.output_validator()? {
            Some(path) => Some(ValidatorProgram::build(runner, &path, "output validator")?),
            None => None,
        };
        Ok(OutputChecker {
            custom,
            package: package.clone(),
        })
    }

    /// The package's own output validator, if it has one.
    pub fn custom(&self) -> Option<&ValidatorProgram> {
        self.custom.as_ref()
    }

    /// The kind of problem the package holds (interactive, multi-pass, scoring).
    pub fn kind(&self) -> leapfrog_package::ProblemType {
        self.package.config.kind
    }

    /// `default token diff` or the validator's path, for reports.
    pub fn describe(&self) -> String {
        match &self.custom {
            Some(program) => program.path.display().to_string(),
            None => "the default token diff".to_string(),
        }
    }

    /// Whether a check works in its `scratch` directory (an output validator does; the default
    /// diff does not, and needs none made).
    pub fn uses_scratch(&self) -> bool {
        self.custom.is_some()
    }

    /// Checks `output` for a test, with the test's output validator arguments; `scratch` is an
    /// empty directory the check may use.
    pub fn check(&self, test: &TestCase, output: &Path, scratch: &Path) -> CheckOutcome {
        let flags = &test.output_validator_flags;
        match &self.custom {
            Some(program) => {
                let limits = &self.package.config.limits;
                program.check_output(&test.input, &test.answer, output, flags, scratch, limits)
            }
            None => default_check(&test.answer, output, flags),
        }
    }
}

/// The default token diff, reading both files as it compares them (its memory does not grow
/// with the output).
fn default_check(answer: &Path, output: &Path, flags: &[String]) -> CheckOutcome {
    let flags = match diff::DiffFlags::parse(flags) {
        Ok(f) => f,
        Err(err) => return CheckOutcome::JudgeError(format!("{err:#}")),
    };
    match diff::compare_files(output, answer, &flags) {
        Ok(Ok(())) => CheckOutcome::Accepted,
        Ok(Err(m)) => CheckOutcome::Rejected {
            details: diff::render_lines(&m),
            reason: m.reason,
        },
        Err(e) => CheckOutcome::JudgeError(e),
    }
}
