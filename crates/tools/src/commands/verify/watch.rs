//! `verify`'s view of one submission's run, a sink of the judge's events: the progress bar (the
//! test, then where the time went and the time left, from [`super::eta::Outlook`]), the report
//! page's column, and the submission's expectation, which stops the run once it is settled
//! (see [`verdict::settles`]).

use crate::matrix::Column;
use crate::report::Progress;
use leapfrog_judge::{Flow, JudgeSink, TestResult, verdict};
use leapfrog_package::submissions::Expectation;
use leapfrog_package::verdict::Verdict;

pub(super) struct Watch<'a> {
    pub progress: &'a Progress,
    /// The shares of time and the time left, which the progress line shows after the test.
    pub outlook: &'a super::eta::Outlook,
    pub page: Option<Column<'a>>,
    /// The expectation that stops the run once settled; `None` when every test is wanted
    /// (`--all-tests`, `--report`, or a score, which needs every test).
    pub stop_at: Option<&'a Expectation>,
    /// The tests judged so far, in order: whether the expectation is settled depends on all.
    pub seen: Vec<(String, Verdict)>,
}

impl JudgeSink for Watch<'_> {
    fn started(&mut self, tests: usize) {
        self.progress.start(tests);
    }

    fn test_done(&mut self, result: &TestResult) -> Flow {
        self.progress.step(&self.outlook.test_done(&result.name));
        if let Some(page) = self.page.as_mut() {
            page.test_done(result);
        }
        let Some(expected) = self.stop_at else {
            return Flow::Continue;
        };
        self.seen.push((result.name.clone(), result.verdict));
        let judged: Vec<(&str, Verdict)> = (self.seen.iter())
            .map(|(name, verdict)| (name.as_str(), *verdict))
            .collect();
        Flow::stop_if(verdict::settles(expected, &judged))
    }
}
