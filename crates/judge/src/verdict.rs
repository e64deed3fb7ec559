//! Where verdicts are decided, as pure functions of what was measured and read: no run, no
//! file. Every command that judges goes through them, so that `judge`, `verify` (with or
//! without its report page, re-timed or not) and `stress` cannot disagree:
//!
//! - a test: the verdict a [`Cause`] gives ([`Cause::verdict`]); a checker's outcome as a cause
//!   ([`of_check`]), and a rejection of an empty stdout pointed at the stderr that got the
//!   output ([`point_at_stderr`]); whether a wall-clock stop runs again alone
//!   ([`runs_again_alone`]) and what the second run gives ([`after_run_alone`]);
//!   the "ran past the limit" rule ([`past_limit`]) and the longer runs of `verify`
//!   ([`LimitPolicy::judge`]);
//! - a submission: its tests' verdicts and its groups' legacy grader flags ([`of_submission`],
//!   [`of_groups`]), or no program at all ([`not_compiled`]);
//! - an expectation: the tests it is judged on ([`judged_part`]) and whether they meet it
//!   ([`against_expectation`]).
//!
//! What a run's own behaviour says (time, memory, crash) is `classify`'s, and who is
//! to blame in an interactive pass is the precedence table of `passes`; both give a
//! [`Cause`], whose verdict is [`Cause::verdict`].

use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Expectation, GroupScoring, VerdictRule};
use leapfrog_runner::Limit;
use leapfrog_runner::units::Seconds;

use crate::checking::CheckOutcome;
use crate::{Cause, TestResult};

/// A checker's (or output validator's) outcome on an output, as the test's cause and the
/// lines that show it.
pub fn of_check(checked: CheckOutcome) -> (Cause, Vec<String>) {
    match checked {
        CheckOutcome::Accepted => (Cause::Accepted, Vec::new()),
        CheckOutcome::Rejected { reason, details } => (Cause::Rejected(reason), details),
        CheckOutcome::JudgeError(why) => (Cause::JudgeFault(why), Vec::new()),
    }
}

/// A rejected run that wrote nothing to stdout but `written` bytes to stderr most often printed its
/// answer to the wrong stream (`cerr`, `System.err`, `print(..., file=sys.stderr)`): the
/// reason says so, since the checker only ever sees stdout and the stderr is not shown.
pub fn point_at_stderr(result: &mut TestResult, written: u64) {
    let Cause::Rejected(reason) = &result.cause else {
        return;
    };
    if written == 0 {
        return;
    }
    let bytes = leapfrog_util::plural(written, "byte");
    let reason = format!(
        "{reason} (the program wrote nothing to standard output and {bytes} to standard \
         error, which the checker does not read)"
    );
    result.set_cause(Cause::Rejected(reason));
}

/// Whether a test's first run is run again, alone, before it counts: the wall-clock limit
/// stopped it with its CPU time under the limit (a busy machine can do that, not only a slow
/// program), and the command asks for it.
pub fn runs_again_alone(first: &TestResult, asked: bool) -> bool {
    asked && first.limit() == Some(Limit::WallClock)
}

/// The result of a test run again alone: the second run's, its cause saying so when it is a
/// rejection too.
pub fn after_run_alone(mut again: TestResult) -> TestResult {
    let cause = std::mem::replace(&mut again.cause, Cause::Accepted);
    again.cause = if cause.limit() == Some(Limit::WallClock) {
        Cause::AgainAlone(Box::new(cause))
    } else if cause.verdict() != Verdict::Ac {
        Cause::RunAgainAlone(Box::new(cause))
    } else {
        cause
    };
    again.verdict = again.cause.verdict();
    again
}

/// The "ran past the limit" rule: a test that ended otherwise (accepted, rejected, crashed)
/// having used more CPU time than `limit` is TLE. A judge error stays one (the judge's fault
/// outranks the submission's), and a TLE stays the TLE it was.
pub fn past_limit(mut result: TestResult, limit: Seconds) -> TestResult {
    let keeps = matches!(result.verdict, Verdict::Je | Verdict::Tle);
    if !keeps && result.time_s > limit.get() {
        result.set_cause(Cause::PastLimit {
            used_s: result.time_s,
            limit_s: limit.get(),
        });
    }
    result
}

/// The time limit a test is judged against, and the longer CPU limit programs may run under
/// (`verify` measures how far past the limit they go, up to the limit × `time_limit_to_tle`).
#[derive(Debug, Clone, Copy)]
pub struct LimitPolicy {
    pub limit: Seconds,
    /// Above `limit` when programs run longer; `None` when they stop at the limit.
    pub run_limit: Option<Seconds>,
}

impl LimitPolicy {
    /// A test's result judged against the limit: one stopped for time is marked
    /// [`TestResult::cut_off`] (it would have run longer still); while programs run longer, its
    /// cause names the limit, and a test that ended past the limit is TLE ([`past_limit`]).
    pub fn judge(&self, mut result: TestResult) -> TestResult {
        let Some(run_limit) = self.run_limit else {
            result.cut_off = result.verdict == Verdict::Tle;
            return result;
        };
        let limit = self.limit;
        if result.verdict != Verdict::Tle {
            return past_limit(result, limit);
        }
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
        result
    }
}

/// A submission's verdict from its tests in order: the first that is not AC, unless the
/// groups' legacy `grader_flags` grade the verdicts (`graded`, see [`crate::GroupScore`]'s
/// scoring), which then decide.
pub fn of_submission(tests: &[TestResult], graded: Option<Verdict>) -> Verdict {
    graded.unwrap_or_else(|| Verdict::first_failure(tests.iter().map(|t| t.verdict)))
}

/// Whether judging may stop after the tests judged so far: a judge error, or the expectation
/// settled (a rule broken, every rule met for good, or the first failure deciding as the
/// format's graders decide: legacy `on_reject: break`, BAPCtools' first failure).
pub fn settles(expected: &Expectation, judged: &[(&str, Verdict)]) -> bool {
    judged.last().is_some_and(|(_, v)| *v == Verdict::Je)
        || expected.settled(judged)
        || expected.settled_by_first_failure(judged)
}

/// How many of a submission's tests (in order) its expectation is judged on: up to the one
/// that settled it ([`settles`]), whether judging then stopped or ran on for the report page
/// or `--all-tests`. A scored submission is judged on every test (its score needs them all).
pub fn judged_part(expected: &Expectation, tests: &[TestResult], scored: bool) -> usize {
    if scored {
        return tests.len();
    }
    let mut judged: Vec<(&str, Verdict)> = Vec::with_capacity(tests.len());
    for test in tests {
        judged.push((test.name.as_str(), test.verdict));
        if settles(expected, &judged) {
            return judged.len();
        }
    }
    tests.len()
}

/// Whether a judged submission met what it is expected to get, in one sentence.
#[derive(Debug, Clone, PartialEq)]
pub enum Assessment {
    /// It did; the sentence says what it got (`TLE on secret/3: ...`, `12 tests accepted`).
    Met(String),
    /// It did not; the sentence names the rule broken and how.
    Missed(String),
    /// The judge failed on a test: nothing can be said of the submission.
    JudgeError(String),
}

/// A judged submission (its tests in order, or its compiler's message when it did not
/// compile) against its expectation, on the tests [`judged_part`] counts.
pub fn against_expectation(
    expected: &Expectation,
    tests: &[TestResult],
    compile_error: Option<&str>,
) -> Assessment {
    if let Some(je) = tests.iter().find(|t| t.verdict == Verdict::Je) {
        return Assessment::JudgeError(format!("judge error on {}: {}", je.name, je.cause));
    }
    if let Some(message) = compile_error {
        return Assessment::Missed(compile_excerpt(message));
    }
    let judged: Vec<(&str, Verdict)> = tests.iter().map(|t| (t.name.as_str(), t.verdict)).collect();
    let messages: Vec<String> = tests.iter().map(|t| t.cause.to_string()).collect();
    let messages: Vec<&str> = messages.iter().map(String::as_str).collect();
    if let Err(why) = expected.check(&judged, &messages) {
        return Assessment::Missed(why);
    }
    Assessment::Met(match tests.iter().find(|t| t.verdict != Verdict::Ac) {
        None => format!("{} accepted", leapfrog_util::plural(tests.len(), "test")),
        Some(t) => format!("{} on {}: {}", t.verdict, t.name, t.cause),
    })
}

/// The compiler's words as a reason: enough lines to show the error (a compiler's first line is
/// often only `In function 'int main()':`), not a whole page of it.
fn compile_excerpt(message: &str) -> String {
    const SHOWN: usize = 20;
    let lines: Vec<&str> = message.trim_end().lines().collect();
    let mut text = String::from("compile error:");
    for line in lines.iter().take(SHOWN) {
        text.push_str("\n      ");
        text.push_str(line);
    }
    if lines.len() > SHOWN {
        text.push_str(&format!("\n      … {} more lines", lines.len() - SHOWN));
    }
    text
}

/// The verdict of a submission that did not compile.
pub fn not_compiled() -> Verdict {
    Verdict::Ce
}

impl Cause {
    /// The verdict this cause gives: the one place a test's verdict comes from.
    pub fn verdict(&self) -> Verdict {
        match self {
            Cause::Accepted => Verdict::Ac,
            Cause::MemoryStopped { .. }
            | Cause::MemoryPeak { .. }
            | Cause::AllocationRefused { .. } => Verdict::Mle,
            Cause::WallClock { .. }
            | Cause::CpuLimit { .. }
            | Cause::BeyondLimit { .. }
            | Cause::PastLimit { .. } => Verdict::Tle,
            Cause::OutputLimit { .. } => Verdict::Ole,
            Cause::Crashed { .. } => Verdict::Rte,
            Cause::WithTimeLimit { cause, .. }
            | Cause::AgainAlone(cause)
            | Cause::RunAgainAlone(cause) => cause.verdict(),
            Cause::Rejected(_) => Verdict::Wa,
            Cause::JudgeFault(_) => Verdict::Je,
        }
    }
}

/// The verdict the legacy `grader_flags` give `group` ("" is `data/`): from its tests' and
/// subgroups' verdicts in name order, as problemtools' default grader makes it: `worst_error` unless the group's
/// `grader_flags` say otherwise (a group without rules of its own inherits none, as there).
pub fn of_groups(
    group: &str,
    tests: &[TestResult],
    rules: &std::collections::BTreeMap<String, GroupScoring>,
) -> Verdict {
    let default = GroupScoring::default();
    let own = rules.get(group).unwrap_or(&default);
    let below = |name: &str| match group {
        "" => true,
        g => name.starts_with(g) && name[g.len()..].starts_with('/'),
    };
    let mut children: std::collections::BTreeMap<String, Verdict> = Default::default();
    for test in tests.iter().filter(|t| below(&t.name)) {
        let rest = match group {
            "" => test.name.as_str(),
            g => &test.name[g.len() + 1..],
        };
        let child = match rest.split_once('/') {
            None => test.name.clone(),
            Some((sub, _)) if group.is_empty() => sub.to_string(),
            Some((sub, _)) => format!("{group}/{sub}"),
        };
        if group.is_empty() && own.ignore_sample && child == "sample" {
            continue;
        }
        if let std::collections::btree_map::Entry::Vacant(slot) = children.entry(child) {
            let verdict = match rest.contains('/') {
                true => of_groups(slot.key(), tests, rules),
                false => test.verdict,
            };
            slot.insert(verdict);
        }
    }
    let verdicts: Vec<Verdict> = children.into_values().collect();
    if own.accept_if_any && verdicts.contains(&Verdict::Ac) {
        return Verdict::Ac;
    }
    match own.verdicts.unwrap_or(VerdictRule::Worst) {
        VerdictRule::Accept => Verdict::Ac,
        VerdictRule::First => Verdict::first_failure(verdicts),
        VerdictRule::Worst => {
            // problemtools' order, worst first.
            let order = [
                Verdict::Je,
                Verdict::Ce,
                Verdict::Rte,
                Verdict::Mle,
                Verdict::Tle,
                Verdict::Ole,
                Verdict::Wa,
            ];
            order
                .into_iter()
                .find(|v| verdicts.contains(v))
                .unwrap_or(Verdict::Ac)
        }
    }
}

#[cfg(test)]
mod tests;
