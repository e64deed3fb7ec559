//! The verdict module's rules, one row per case, as the book's precedence table is laid out:
//! what was measured or read on the left, what the rule decides on the right.

use super::*;
use leapfrog_package::submissions::{Expectation, Rule, TestScope, VerdictSet};
use leapfrog_package::verdict::Verdict::{self, Ac, Je, Rte, Tle, Wa};
use leapfrog_runner::Limit;

fn secs(s: f64) -> Seconds {
    Seconds::new(s).expect("a valid limit")
}

/// A test named `name` with `cause`, which used `time_s` of CPU.
fn test(name: &str, cause: Cause, time_s: f64) -> TestResult {
    TestResult {
        name: name.to_string(),
        verdict: cause.verdict(),
        time_s,
        memory_mib: 1.0,
        cause,
        details: Vec::new(),
        judge_message: None,
        score: None,
        cut_off: false,
    }
}

fn wall_clock() -> Cause {
    Cause::WallClock {
        wall_s: 3.0,
        cpu_s: 0.2,
        limit: secs(1.0),
        load: "load average 4 4 4 on 2 CPUs".into(),
    }
}

fn crashed() -> Cause {
    Cause::Crashed {
        exit: leapfrog_runner::Exit::Code(1),
        said: None,
    }
}

#[test]
fn a_checkers_outcome_gives_the_tests_cause() {
    let rows: [(CheckOutcome, Verdict); 3] = [
        (CheckOutcome::Accepted, Ac),
        (
            CheckOutcome::Rejected {
                reason: "line 1 differs".into(),
                details: vec!["1 / 2".into()],
            },
            Wa,
        ),
        (CheckOutcome::JudgeError("checker crashed".into()), Je),
    ];
    for (checked, verdict) in rows {
        let (cause, _) = of_check(checked);
        assert_eq!(cause.verdict(), verdict, "{cause}");
    }
}

#[test]
fn only_a_wall_clock_stop_runs_again_alone_and_the_second_run_decides() {
    // (first run's cause, asked for, runs again alone)
    let rows = [
        (wall_clock(), true, true),
        (wall_clock(), false, false),
        (Cause::CpuLimit { limit: secs(1.0) }, true, false),
        (crashed(), true, false),
        (Cause::Accepted, true, false),
    ];
    for (cause, asked, again) in rows {
        let first = test("secret/1", cause.clone(), 0.2);
        assert_eq!(runs_again_alone(&first, asked), again, "{cause:?} {asked}");
    }
    // (second run's cause, verdict, limit, words added)
    let rows = [
        (
            wall_clock(),
            Tle,
            Some(Limit::WallClock),
            "(and again when run alone)",
        ),
        (crashed(), Rte, None, "(when run again alone;"),
        (Cause::Accepted, Ac, None, ""),
    ];
    for (cause, verdict, limit, words) in rows {
        let again = after_run_alone(test("secret/1", cause, 0.2));
        assert_eq!((again.verdict, again.limit()), (verdict, limit));
        assert!(again.cause.to_string().contains(words), "{}", again.cause);
    }
}

#[test]
fn past_the_limit_is_tle_except_for_a_judge_error_or_a_tle() {
    // (cause, CPU time used, verdict against a 1 s limit)
    let rows = [
        (Cause::Accepted, 0.5, Ac),
        (Cause::Accepted, 1.5, Tle),
        (Cause::Rejected("wrong".into()), 1.5, Tle),
        (crashed(), 1.5, Tle),
        (Cause::Rejected("wrong".into()), 0.5, Wa),
        (Cause::JudgeFault("validator broke".into()), 1.5, Je),
        (Cause::CpuLimit { limit: secs(1.0) }, 1.5, Tle),
    ];
    for (cause, used, verdict) in rows {
        let judged = past_limit(test("secret/1", cause.clone(), used), secs(1.0));
        assert_eq!(judged.verdict, verdict, "{cause:?} after {used} s");
    }
    let past = past_limit(test("secret/1", Cause::Accepted, 1.5), secs(1.0));
    assert_eq!(
        past.cause.to_string(),
        "used 1.50 s of CPU time, more than the 1.00 s time limit"
    );
}

#[test]
fn longer_runs_name_the_limit_and_mark_what_was_cut_off() {
    let stopping = LimitPolicy {
        limit: secs(1.0),
        run_limit: None,
    };
    let longer = LimitPolicy {
        limit: secs(1.0),
        run_limit: Some(secs(2.0)),
    };
    // (policy, cause, CPU time used, verdict, cut off, cause's limit)
    let cpu = Cause::CpuLimit { limit: secs(2.0) };
    let rows = [
        (stopping, cpu.clone(), 1.0, Tle, true, Some(Limit::Cpu)),
        (stopping, Cause::Accepted, 0.5, Ac, false, None),
        (longer, cpu, 2.0, Tle, true, Some(Limit::Cpu)),
        (longer, wall_clock(), 0.2, Tle, true, Some(Limit::WallClock)),
        (longer, Cause::Accepted, 1.5, Tle, false, None),
        (longer, Cause::Accepted, 0.5, Ac, false, None),
    ];
    for (policy, cause, used, verdict, cut_off, limit) in rows {
        let judged = policy.judge(test("secret/1", cause.clone(), used));
        assert_eq!(
            (judged.verdict, judged.cut_off, judged.limit()),
            (verdict, cut_off, limit),
            "{policy:?} {cause:?}"
        );
    }
    let beyond = longer.judge(test("secret/1", Cause::CpuLimit { limit: secs(2.0) }, 2.0));
    assert!(beyond.cause.to_string().contains("× time_limit_to_tle"));
}

#[test]
fn the_first_failure_is_the_submissions_verdict_unless_grader_flags_grade_it() {
    let tests = [
        test("sample/1", Cause::Accepted, 0.1),
        test("secret/1", Cause::CpuLimit { limit: secs(1.0) }, 1.0),
        test("secret/2", Cause::Rejected("wrong".into()), 0.1),
    ];
    // (tests, the grader flags' verdict, the submission's verdict)
    let rows: [(&[TestResult], Option<Verdict>, Verdict); 4] = [
        (&tests, None, Tle),
        (&tests[..1], None, Ac),
        (&tests, Some(Ac), Ac),
        (&[], None, Ac),
    ];
    for (tests, graded, verdict) in rows {
        assert_eq!(of_submission(tests, graded), verdict);
    }
}

/// The expectation of a folder: every test within `permitted`, one at least in `required`.
fn folder(permitted: &[Verdict], required: &[Verdict]) -> Expectation {
    Expectation {
        rules: vec![Rule {
            origin: "folder".into(),
            tests: TestScope::All,
            permitted: (!permitted.is_empty()).then(|| VerdictSet::of(permitted)),
            required: (!required.is_empty()).then(|| VerdictSet::of(required)),
            message: None,
            time_limit_use: None,
        }],
        final_verdicts: None,
        score: None,
    }
}

#[test]
fn an_expectation_is_judged_up_to_the_test_that_settled_it() {
    let tle_folder = folder(&[Ac, Tle], &[Tle]);
    let accepted = folder(&[Ac], &[]);
    let run = |verdicts: &[Verdict]| -> Vec<TestResult> {
        (verdicts.iter().enumerate())
            .map(|(i, v)| {
                let cause = match v {
                    Ac => Cause::Accepted,
                    Tle => Cause::CpuLimit { limit: secs(1.0) },
                    Wa => Cause::Rejected("wrong".into()),
                    Je => Cause::JudgeFault("broke".into()),
                    _ => crashed(),
                };
                test(&format!("secret/{i}"), cause, 0.1)
            })
            .collect()
    };
    // (expectation, verdicts in test order, scored, tests judged, met / missed / judge error)
    let rows: [(&Expectation, &[Verdict], bool, usize, &str); 7] = [
        // The first failure settles a folder's rule: a later WA is not judged against it.
        (&tle_folder, &[Ac, Tle, Wa], false, 2, "met"),
        (&tle_folder, &[Ac, Wa, Tle], false, 2, "missed"),
        (&tle_folder, &[Ac, Ac], false, 2, "missed"),
        (&accepted, &[Ac, Ac, Ac], false, 3, "met"),
        (&accepted, &[Ac, Je, Wa], false, 2, "judge error"),
        // A scored submission is judged on every test.
        (&tle_folder, &[Ac, Tle, Wa], true, 3, "missed"),
        (&accepted, &[Rte, Ac], false, 1, "missed"),
    ];
    for (expected, verdicts, scored, part, outcome) in rows {
        let tests = run(verdicts);
        let judged = judged_part(expected, &tests, scored);
        assert_eq!(judged, part, "{verdicts:?} scored: {scored}");
        let got = match against_expectation(expected, &tests[..judged], None) {
            Assessment::Met(_) => "met",
            Assessment::Missed(_) => "missed",
            Assessment::JudgeError(_) => "judge error",
        };
        assert_eq!(got, outcome, "{verdicts:?} scored: {scored}");
    }
    let compile = against_expectation(&accepted, &[], Some("sol.c:1: error\nmore"));
    assert_eq!(
        compile,
        Assessment::Missed("compile error:\n      sol.c:1: error\n      more".into())
    );
}
