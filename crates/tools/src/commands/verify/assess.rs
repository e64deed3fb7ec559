//! Whether a judged submission met its expectation: its row's verdict, status and reason, made
//! by [`leapfrog_judge::verdict`] from the tests that settled it, and a scoring problem's score
//! checked ([`super::score`]).

use super::{Row, Status, score};
use leapfrog_judge::{Grade, Judge, TestResult, verdict};
use leapfrog_package::Submission;

/// A judged submission's row: its verdict, score and whether it met its expectation, all from
/// the tests its expectation is judged on ([`verdict::judged_part`]: up to the test that
/// settled it), so that a run that went on for the report page or `--all-tests` gives the row
/// a run that stopped there gives. `tests` are every test judged, in order, for the page;
/// `grade` is what `judge` made of them all. The part's verdict is graded by the judge too
/// ([`Judge::grade`], with the groups' grader flags), not made again here.
pub(super) fn assess_row(
    row: &mut Row,
    submission: &Submission,
    tests: Vec<TestResult>,
    (judge, grade): (&Judge, &Grade),
    (compile_error, scored): (Option<&str>, bool),
) -> anyhow::Result<()> {
    let expected = &submission.expectation;
    let part = verdict::judged_part(expected, &tests, scored);
    let mut judged = grade.clone();
    if part < tests.len() {
        judged.verdict = judge.grade(&mut tests[..part].to_vec()).verdict;
    }
    let mut assessment = match verdict::against_expectation(expected, &tests[..part], compile_error)
    {
        verdict::Assessment::Met(reason) => Assessment::new(Status::Ok, reason),
        verdict::Assessment::Missed(reason) => Assessment::new(Status::Mismatch, reason),
        verdict::Assessment::JudgeError(reason) => Assessment::new(Status::Error, reason),
    };
    score::amend(submission, &judged, &mut assessment)?;
    (row.status, row.reason) = (assessment.status, assessment.reason);
    row.verdict = Some(judged.verdict);
    row.score = judged.score;
    row.tests = tests;
    Ok(())
}

/// Whether a submission met its expectation, and the sentence that says why (or why not).
pub(super) struct Assessment {
    pub status: Status,
    pub reason: String,
}

impl Assessment {
    pub(super) fn new(status: Status, reason: String) -> Assessment {
        Assessment { status, reason }
    }
}
