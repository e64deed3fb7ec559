//! `verify` on a scoring problem: the score each submission must reach.

use super::Status;
use crate::judge::JudgeReport;
use crate::package::{Expected, Package, Submission};

/// Adds a scoring problem's score to a row's reason, and makes the row a mismatch when the
/// score is not the one the submission must reach.
pub(super) fn amend(
    package: &Package,
    submission: &Submission,
    report: &JudgeReport,
    (status, reason): (&mut Status, &mut String),
) -> anyhow::Result<()> {
    if let (Some(score), Some(max)) = (report.score, report.max_score) {
        *reason = format!("{reason} · score {score} of {max}");
    }
    if *status == Status::Ok
        && let Some(why) = mismatch(package, submission, report)?
    {
        (*status, *reason) = (Status::Mismatch, why);
    }
    Ok(())
}

/// Why a scoring problem's submission missed the score it must reach: the one
/// `submissions.yaml` states, else the full score for an accepted submission.
fn mismatch(
    package: &Package,
    submission: &Submission,
    report: &JudgeReport,
) -> anyhow::Result<Option<String>> {
    let (Some(got), Some(max)) = (report.score, report.max_score) else {
        return Ok(None);
    };
    let stated = crate::package::expected_score(&package.root, &submission.display_name())?;
    let wanted = match (stated, submission.expected) {
        (Some(score), _) => score,
        (None, Expected::Accepted) => max,
        (None, _) => return Ok(None),
    };
    Ok(((got - wanted).abs() > 1e-6).then(|| format!("score {got}, expected {wanted}")))
}
