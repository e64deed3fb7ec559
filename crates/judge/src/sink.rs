//! The judge's one outbound event stream: [`Judge::run`](crate::Judge::run) reports to a
//! [`JudgeSink`] that judging started, that a test is done (in test order; the sink answers
//! whether to go on), and that the submission's verdict is made. A command that shows,
//! records or stops a run is a sink; nothing calls back up into it through a closure. The
//! model is ripgrep's `Sink`, whose answer to each match decides whether the search goes on.

use crate::{JudgeReport, TestResult};

/// What a sink answers to a test done: judge the next test, or stop here because the outcome
/// is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

impl Flow {
    /// `Stop` when `settled`.
    pub fn stop_if(settled: bool) -> Flow {
        if settled { Flow::Stop } else { Flow::Continue }
    }
}

/// Receives the events of judging one submission, in order: `started` once (not for a
/// submission that did not compile), `test_done` for each test in test order until one
/// answers [`Flow::Stop`], then `finished` with the report.
pub trait JudgeSink {
    /// Judging starts on `tests` tests.
    fn started(&mut self, _tests: usize) {}

    /// One test's result; the answer says whether judging goes on.
    fn test_done(&mut self, result: &TestResult) -> Flow;

    /// The submission's verdict (and score) is made.
    fn finished(&mut self, _report: &JudgeReport) {}
}

/// Wants every test and shows nothing.
pub struct EveryTest;

impl JudgeSink for EveryTest {
    fn test_done(&mut self, _: &TestResult) -> Flow {
        Flow::Continue
    }
}

/// Stops at the first test that is not accepted (`mutants`: a mutant is killed by one).
pub struct UntilRejected;

impl JudgeSink for UntilRejected {
    fn test_done(&mut self, result: &TestResult) -> Flow {
        Flow::stop_if(result.verdict != crate::Verdict::Ac)
    }
}
