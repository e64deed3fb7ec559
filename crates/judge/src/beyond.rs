//! Judging against the time limit while programs run longer (`verify` measures how far past
//! the limit they go, up to the limit × `time_limit_to_tle`).

use super::{Cause, Judge, TestResult};
use leapfrog_package::verdict::Verdict;
use leapfrog_runner::Limit;
use leapfrog_runner::units::Seconds;

impl Judge {
    /// Judges against `limit` but lets programs run up to `run_limit` CPU seconds, so that
    /// `verify` sees how far past the limit they go: a test that ends past `limit` is TLE, and
    /// one stopped at `run_limit` is marked [`TestResult::cut_off`].
    pub fn measure_beyond(&mut self, limit: Seconds, run_limit: Seconds) {
        self.limits.time_s = limit;
        self.run_limit = (run_limit.get() > limit.get()).then_some(run_limit);
    }

    /// A test's result judged against the limit, when programs run longer (see
    /// [`Judge::measure_beyond`]).
    pub(super) fn against_limit(&self, mut result: TestResult) -> TestResult {
        let Some(run_limit) = self.run_limit else {
            result.cut_off = result.verdict == Verdict::Tle;
            return result;
        };
        let limit = self.limits.time_s;
        if result.verdict == Verdict::Tle {
            result.cut_off = true;
            let cause = std::mem::replace(&mut result.cause, Cause::Accepted);
            result.cause = if cause.limit() == Some(Limit::Cpu) {
                Cause::BeyondLimit { run_limit, limit }
            } else {
                Cause::WithTimeLimit {
                    cause: Box::new(cause),
                    limit,
                }
            };
        } else if result.verdict != Verdict::Je && result.time_s > limit.get() {
            result.set_cause(Cause::PastLimit {
                used_s: result.time_s,
                limit_s: limit.get(),
            });
        }
        result
    }
}
