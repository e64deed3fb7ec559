//! The validators of test data: a package's input validators, which read a test's input on
//! stdin, and its answer validators, which read the answer on stdin with the input's path as an
//! argument. Each says yes with exit code 42 and explains a rejection on stdout or stderr.

use std::ffi::OsString;
use std::path::Path;
use std::sync::Arc;

use anyhow::bail;

use super::ecosystem::Convention;
use super::validator::{Answer, ValidatorProgram};
use leapfrog_package::Limits;
use leapfrog_runner::Runner;

/// The input validators of a package.
pub struct InputValidators {
    programs: Vec<ValidatorProgram>,
}

impl InputValidators {
    pub fn for_package(
        runner: &Arc<Runner>,
        package: &leapfrog_package::Package,
    ) -> anyhow::Result<InputValidators> {
        let paths = package.input_validators()?;
        let programs = prepare_all(runner, &paths, "input validator")?;
        Ok(InputValidators { programs })
    }

    pub fn is_empty(&self) -> bool {
        self.programs.is_empty()
    }

    pub fn count(&self) -> usize {
        self.programs.len()
    }

    /// Runs every validator on an input file. `Ok(None)`: all accept; `Ok(Some(reason))`: one
    /// rejects (the reason names it); `Err`: a validator is broken.
    pub fn check(
        &self,
        input: &Path,
        flags: &leapfrog_package::InputArgs,
        scratch: &Path,
        limits: &Limits,
    ) -> anyhow::Result<Option<String>> {
        self.check_with(input, flags, &[], scratch, limits)
    }

    /// [`InputValidators::check`] on a test, as the format gives it to input validators: its
    /// `input_validator_args` followed by its `args`, the files of its `.files` folder in the
    /// working directory.
    pub fn check_test(
        &self,
        test: &leapfrog_package::TestCase,
        scratch: &Path,
        limits: &Limits,
    ) -> anyhow::Result<Option<String>> {
        let dir = match &test.files {
            Some(files) => {
                let dir = scratch.join("files");
                std::fs::create_dir_all(&dir)?;
                leapfrog_util::copy_dir_contents(files, &dir)?;
                dir
            }
            None => scratch.to_path_buf(),
        };
        let flags = &test.input_validator_flags;
        self.check_with(&test.input, flags, &test.args, &dir, limits)
    }

    fn check_with(
        &self,
        input: &Path,
        flags: &leapfrog_package::InputArgs,
        extra: &[String],
        scratch: &Path,
        limits: &Limits,
    ) -> anyhow::Result<Option<String>> {
        let args = |program: &ValidatorProgram| -> Vec<OsString> {
            flags
                .for_program(&program.path)
                .into_iter()
                .chain(extra.iter().cloned())
                .map(OsString::from)
                .collect()
        };
        self.first_rejection(input, &args, scratch, limits)
    }

    /// Runs every validator with `stdin` (and its `args`) until one rejects: its name and
    /// reason; `Err` when one is broken.
    fn first_rejection(
        &self,
        stdin: &Path,
        args: &dyn Fn(&ValidatorProgram) -> Vec<OsString>,
        scratch: &Path,
        limits: &Limits,
    ) -> anyhow::Result<Option<String>> {
        for program in &self.programs {
            let (outcome, log) = program.run(args(program), stdin, scratch, limits)?;
            match program.interpret(&outcome, log) {
                Answer::Yes => {}
                Answer::No(message) => {
                    let reason = first_line(&message);
                    let reason = if reason.is_empty() {
                        "rejected (no reason given)"
                    } else {
                        reason
                    };
                    let name = program
                        .path
                        .file_name()
                        .unwrap_or_default()
                        .to_string_lossy();
                    return Ok(Some(format!("{name}: {reason}")));
                }
                Answer::Broken(why) => bail!(why),
            }
        }
        Ok(None)
    }
}

/// The answer validators of a package (`answer_validators/`, BAPCtools' and the 2025-09
/// format's): each reads a test's `.ans` on stdin and is given the input's path and the test's
/// output validator arguments (`validator INPUT [args] < answer`); exit 42 valid, 43 invalid.
pub struct AnswerValidators(InputValidators);

impl AnswerValidators {
    pub fn for_package(
        runner: &Arc<Runner>,
        package: &leapfrog_package::Package,
    ) -> anyhow::Result<AnswerValidators> {
        let paths = package.answer_validators()?;
        let programs = prepare_all(runner, &paths, "answer validator")?;
        Ok(AnswerValidators(InputValidators { programs }))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn count(&self) -> usize {
        self.0.count()
    }

    /// Runs every answer validator on `answer`, the answer to `test`'s input: `Ok(None)` when all
    /// accept, else the first rejection (naming the validator); `Err`: a validator is broken.
    pub fn check(
        &self,
        test: &leapfrog_package::TestCase,
        answer: &Path,
        scratch: &Path,
        limits: &Limits,
    ) -> anyhow::Result<Option<String>> {
        let input = std::path::absolute(&test.input).unwrap_or_else(|_| test.input.clone());
        let args = |program: &ValidatorProgram| -> Vec<OsString> {
            // checktestdata and VIVA read the answer on stdin and take no input path (their
            // second argument would be read as the data to check) nor output flags: BAPCtools
            // runs them so (its test package `alternativeencryption` has a `.ctd` one).
            if program.convention == Convention::ZeroOne {
                return Vec::new();
            }
            // BAPCtools' `answer_validator_args` where the test has them, else (the format's
            // earlier rule, which the packages written for leapfrog follow) the output validators'.
            let own = match &test.answer_validator_flags {
                Some(args) => args.for_program(&program.path),
                None => test.output_validator_flags.clone(),
            };
            std::iter::once(input.clone().into_os_string())
                .chain(own.into_iter().map(OsString::from))
                .collect()
        };
        self.0.first_rejection(answer, &args, scratch, limits)
    }
}

/// Every validator of `paths`, ready to run (a path `ValidatorProgram::prepare` skips left out).
fn prepare_all(
    runner: &Arc<Runner>,
    paths: &[std::path::PathBuf],
    role: &'static str,
) -> anyhow::Result<Vec<ValidatorProgram>> {
    let mut programs = Vec::new();
    for path in paths {
        programs.extend(ValidatorProgram::prepare(runner, path, role)?);
    }
    Ok(programs)
}

fn first_line(text: &str) -> &str {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
}
