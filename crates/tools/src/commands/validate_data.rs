//! The part of `leapfrog validate` that tests the validators themselves with the package's
//! `data/invalid_input`, `invalid_answer`, `invalid_output` and `valid_output` cases: each must
//! be rejected (or, for `valid_output`, accepted) as its folder says. An invalid answer must be
//! rejected by an answer validator (`answer_validators/`) or, as BAPCtools does, by the output
//! check; the answers of the other cases must pass the answer validators.

use std::path::Path;

use anyhow::Context;

use leapfrog_judge::checking::{AnswerValidators, CheckOutcome, InputValidators, OutputChecker};
use leapfrog_package::{DataCase, DataKind, Package, TestCase};

/// What `validate` checks data with.
pub struct Checks<'a> {
    pub inputs: &'a InputValidators,
    /// `answer_validators/` (may be empty).
    pub answers: &'a AnswerValidators,
    pub checker: &'a OutputChecker,
}

/// What one case showed.
pub enum DataFinding {
    /// It was treated as its folder says.
    Fine,
    /// It was not: the validators let through (or refused) what they should not.
    Wrong(String),
    /// A validator failed.
    Broken(String),
}

/// Checks one case of validator-testing data; `scratch_root` is a directory for scratch files.
pub fn check_case(
    package: &Package,
    case: &DataCase,
    checks: &Checks,
    scratch_root: &Path,
) -> DataFinding {
    let scratch = match tempfile::Builder::new()
        .prefix("d")
        .tempdir_in(scratch_root)
        .context("creating a scratch directory")
    {
        Ok(dir) => dir,
        Err(err) => return DataFinding::Broken(format!("{err:#}")),
    };
    let limits = &package.config.limits;
    let verdict = checks.inputs.check(
        &case.input,
        &case.input_validator_flags,
        scratch.path(),
        limits,
    );
    let rejected_input = match verdict {
        Ok(reason) => reason,
        Err(err) => return DataFinding::Broken(format!("{err:#}")),
    };
    if case.kind == DataKind::InvalidInput {
        return match rejected_input {
            Some(_) => DataFinding::Fine,
            None => DataFinding::Wrong("every input validator accepts this invalid input".into()),
        };
    }
    if let Some(reason) = rejected_input {
        return DataFinding::Wrong(format!(
            "the input must be valid, but it is rejected: {reason}"
        ));
    }
    let answer = case.answer.clone().unwrap_or_default();
    let test = TestCase {
        name: case.name.clone(),
        input: case.input.clone(),
        answer: answer.clone(),
        output_validator_flags: case.output_validator_flags.clone(),
        input_validator_flags: case.input_validator_flags.clone(),
        answer_validator_flags: case.answer_validator_flags.clone(),
        args: Vec::new(),
        files: None,
        group: leapfrog_package::testdata::parent_of(&case.name).to_string(),
    };
    if !checks.answers.is_empty() {
        let answered = checks.answers.check(&test, &answer, scratch.path(), limits);
        match (answered, case.kind) {
            (Err(err), _) => return DataFinding::Broken(format!("{err:#}")),
            (Ok(Some(_)), DataKind::InvalidAnswer) => return DataFinding::Fine,
            (Ok(Some(reason)), _) => {
                return DataFinding::Wrong(format!(
                    "the answer must be valid, but it is rejected: {reason}"
                ));
            }
            (Ok(None), _) => {}
        }
    }
    let checked = case.output.clone().unwrap_or(answer);
    as_output(case, checks, &test, &checked, scratch.path())
}

/// What the output check says of a case's output (its answer, when it has no output of its
/// own), against what the case's folder expects.
fn as_output(
    case: &DataCase,
    checks: &Checks,
    test: &TestCase,
    checked: &Path,
    scratch: &Path,
) -> DataFinding {
    let checker = checks.checker;
    let outcome = checker.check(test, checked, scratch);
    let must_accept = case.kind == DataKind::ValidOutput;
    match outcome {
        CheckOutcome::JudgeError(why) => DataFinding::Broken(why),
        CheckOutcome::Accepted if must_accept => DataFinding::Fine,
        CheckOutcome::Rejected { .. } if !must_accept => DataFinding::Fine,
        CheckOutcome::Accepted if case.kind == DataKind::InvalidAnswer => {
            DataFinding::Wrong(if checks.answers.is_empty() {
                format!(
                    "{} accepts this invalid answer (with no answer_validators/, an answer is checked as an output)",
                    checker.describe()
                )
            } else {
                format!(
                    "every answer validator and {} accept this invalid answer",
                    checker.describe()
                )
            })
        }
        CheckOutcome::Accepted => DataFinding::Wrong(format!(
            "{} accepts this invalid output",
            checker.describe()
        )),
        CheckOutcome::Rejected { reason, .. } => DataFinding::Wrong(format!(
            "{} rejects this valid output: {reason}",
            checker.describe()
        )),
    }
}

/// Checks every case of the package's validator-testing data, printing each one that does not
/// behave; returns (cases, wrong, broken).
pub fn check_all(
    package: &Package,
    checks: &Checks,
    scratch_root: &Path,
    jobs: usize,
) -> anyhow::Result<(usize, usize, usize)> {
    let cases = package.validator_data()?;
    let (mut wrong, mut broken) = (0, 0);
    leapfrog_runner::parallel::ordered(
        &cases,
        jobs,
        |_, case| check_case(package, case, checks, scratch_root),
        |i, finding| {
            let path = cases[i].input.display();
            match finding {
                DataFinding::Fine => {}
                DataFinding::Wrong(why) => {
                    wrong += 1;
                    leapfrog_util::outln!("wrong    {path}: {why}");
                }
                DataFinding::Broken(why) => {
                    broken += 1;
                    leapfrog_util::outln!("error    {path}: {why}");
                }
            }
            !crate::interrupt::requested()
        },
    );
    Ok((cases.len(), wrong, broken))
}
