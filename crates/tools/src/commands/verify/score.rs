//! `verify` on a scoring problem: the score each submission must reach.

use super::{Assessment, Status};
use anyhow::bail;
use leapfrog_judge::Grade;

use leapfrog_package::Submission;

/// Adds a scoring problem's score to a row's reason, and makes the row a mismatch when the
/// score is not the one the submission must reach.
pub(super) fn amend(
    submission: &Submission,
    report: &Grade,
    assessment: &mut Assessment,
) -> anyhow::Result<()> {
    if let (Some(score), Some(max)) = (report.score, report.max_score) {
        assessment.reason = format!("{} · score {score} of {max}", assessment.reason);
    }
    if assessment.status == Status::Ok
        && let Some(why) = mismatch(submission, report)?
    {
        (assessment.status, assessment.reason) = (Status::Mismatch, why);
    }
    Ok(())
}

/// Why a scoring problem's submission missed the score it must reach: the `score` that
/// `submissions.yaml` states for it (a number, or `[low, high]`), else the full score for a
/// program that must pass every test.
fn mismatch(submission: &Submission, report: &Grade) -> anyhow::Result<Option<String>> {
    let (Some(got), Some(max)) = (report.score, report.max_score) else {
        return Ok(None);
    };
    // Legacy `partially_accepted/`, as problemtools checks it: the final verdict (made by the
    // groups' grader flags) is AC, and the score is not the full one. A submissions.yaml entry
    // that names the submission says all it must get (2025-09 has no such folder).
    if submission.rel.starts_with("partially_accepted/")
        && !submission.listed
        && submission.expectation.score.is_none()
    {
        return Ok(
            if report.verdict != leapfrog_package::verdict::Verdict::Ac {
                Some(format!(
                    "the result is {}, not AC with a partial score (folder partially_accepted)",
                    report.verdict
                ))
            } else if got >= max - 1e-6 {
                Some(format!(
                    "score {got} of {max}: fully accepted (folder partially_accepted)"
                ))
            } else {
                None
            },
        );
    }
    let (low, high) = match &submission.expectation.score {
        Some(stated) => score_range(stated, &submission.display_name())?,
        None if submission.expectation.must_pass_everything() => (max, max),
        None => return Ok(None),
    };
    let within = got >= low - 1e-6 && got <= high + 1e-6;
    Ok((!within).then(|| match low == high {
        true => format!("score {got}, expected {low}"),
        false => format!("score {got}, expected {low} to {high}"),
    }))
}

/// A `score` of submissions.yaml: one number, or a range `[low, high]`.
fn score_range(stated: &serde_yaml_ng::Value, name: &str) -> anyhow::Result<(f64, f64)> {
    let number = |v: &serde_yaml_ng::Value| v.as_f64().filter(|x| x.is_finite());
    if let Some(x) = number(stated) {
        return Ok((x, x));
    }
    if let Some([low, high]) = stated.as_sequence().map(Vec::as_slice)
        && let (Some(low), Some(high)) = (number(low), number(high))
        && low <= high
    {
        return Ok((low, high));
    }
    bail!("submissions/submissions.yaml: the score for {name} must be a number or [low, high]")
}
