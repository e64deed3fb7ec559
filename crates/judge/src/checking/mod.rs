//! Deciding whether data is right: contestant output against the judges' answer (the default
//! token diff or the package's output validator), and test inputs and answers against the input
//! and answer validators.

mod data_validators;
pub mod diff;
mod ecosystem;
mod remembered;
mod validator;

use std::path::Path;
use std::sync::Arc;

use leapfrog_package::{Package, TestCase};
use leapfrog_runner::Runner;

pub use data_validators::{AnswerValidators, InputValidators};
pub use remembered::CheckCounts;
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
    /// The checks remembered, once [`OutputChecker::remember_checks`] asked for it.
    remembered: std::sync::OnceLock<remembered::Remembered>,
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
            remembered: std::sync::OnceLock::new(),
        })
    }

    /// From now on, a check the output validator already made on the same input, answer,
    /// output and arguments is answered from memory (see the `remembered` module): `verify`
    /// asks for it, since its submissions often print the same outputs. Commands that check once do
    /// not, and spare the hashing.
    pub fn remember_checks(&self) {
        self.remembered.get_or_init(remembered::Remembered::default);
    }

    /// How many output validator runs were made and how many checks reused one, when checks
    /// are remembered.
    pub fn check_counts(&self) -> Option<CheckCounts> {
        self.remembered.get().map(remembered::Remembered::counts)
    }

    /// Whether this problem's checks may be remembered: not when the validator talks to the
    /// run (interactive) or may ask for another pass (multi-pass).
    fn rememberable(&self) -> Option<&remembered::Remembered> {
        let kind = self.kind();
        if kind.interactive || kind.multi_pass {
            return None;
        }
        self.remembered.get()
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
                let run = || {
                    program.check_output(&test.input, &test.answer, output, flags, scratch, limits)
                };
                match self.rememberable() {
                    Some(memory) => {
                        let files = [test.input.as_path(), &test.answer, output];
                        let key = remembered::key(&program.path, files, flags);
                        memory.check(key, &feedback_dir(scratch), run)
                    }
                    None => run(),
                }
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
