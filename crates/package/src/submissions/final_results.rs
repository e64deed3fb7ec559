//! What an expectation says as the results a program may end with: DOMjudge's
//! `@EXPECTED_RESULTS@:` list, which the legacy export writes where the format has no
//! `submissions.yaml`. BAPCtools reads the list as two rules: every test is accepted or gets
//! one of the results, and the final result (the first test that is not accepted) is one of
//! them. An expectation is such a list exactly when it says no more than that
//! ([`Expectation::final_results`]); otherwise the reason names the rule that says more.

use crate::verdict::Verdict;

use super::{Expectation, TestScope, VerdictSet};

/// Every verdict a test of a 2025-09 rule can get (its `RTE` covers leapfrog's MLE and OLE).
fn any_test() -> VerdictSet {
    use Verdict::*;
    VerdictSet::of(&[Ac, Wa, Tle, Rte, Mle, Ole])
}

fn accepted() -> VerdictSet {
    VerdictSet::of(&[Verdict::Ac])
}

impl Expectation {
    /// The results a program may end with when that says all its expectation says, read as
    /// BAPCtools reads `@EXPECTED_RESULTS@:`; otherwise why it says more.
    pub fn final_results(&self) -> Result<VerdictSet, String> {
        let expectation = self;
        if let Some(score) = &expectation.score {
            let shown = serde_yaml_ng::to_string(score).unwrap_or_default();
            return Err(format!(
                "submissions.yaml requires `score: {}`",
                shown.trim()
            ));
        }
        // `tests`: what each test may get; `last`: what the final result may be.
        let (mut tests, mut last) = (any_test(), any_test());
        // A compile error is no test's verdict: a line that lists it keeps it unless a rule
        // requires a verdict of some test, which a program that does not compile never meets.
        let compiles = VerdictSet::of(&[Verdict::Ce]);
        let mut may_not_compile = false;
        if let Some((_, listed)) = &expectation.final_verdicts {
            tests = tests.and(listed.or(accepted()));
            last = last.and(*listed);
            may_not_compile = listed.contains(Verdict::Ce);
        }
        for rule in &expectation.rules {
            let origin = &rule.origin;
            if let TestScope::Matching { pattern, .. } = &rule.tests {
                return Err(format!("{origin}: a rule for the tests `{pattern}` only"));
            }
            if rule.message.is_some() {
                return Err(format!("{origin}: `message`"));
            }
            if rule.time_limit_use.is_some() {
                return Err(format!("{origin}: `use_for_time_limit`"));
            }
            if let Some(permitted) = rule.permitted {
                tests = tests.and(permitted);
                last = last.and(permitted);
            }
        }
        if !tests.contains(Verdict::Ac) {
            return Err(format!(
                "permitting only {} on every test (the line always lets a test be accepted)",
                tests.label()
            ));
        }
        for rule in &expectation.rules {
            let Some(required) = rule.required else {
                continue;
            };
            if tests.is_subset(required) {
                continue; // every test meets it
            }
            // "Some test gets one of these" is "the first failure is one of these" only when they
            // are all the failures permitted.
            if required.contains(Verdict::Ac) || !tests.without(accepted()).is_subset(required) {
                return Err(format!(
                    "{}: requiring {} on some test while permitting {}",
                    rule.origin,
                    required.label(),
                    tests.label()
                ));
            }
            last = last.and(required);
            may_not_compile = false;
        }
        let results = last.and(tests);
        if results.is_empty() {
            return Err("no result meets every rule".into());
        }
        if results.or(accepted()) != tests {
            // (`tests` holds no compile error, `results` none yet.)
            return Err(format!(
                "permitting {} on a test but only {} as the result",
                tests.label(),
                results.label()
            ));
        }
        Ok(match may_not_compile {
            true => results.or(compiles),
            false => results,
        })
    }
}

/// The results of a legacy folder, which DOMjudge and BAPCtools judge by the folder alone.
pub fn folder_results(folder: &str) -> Option<VerdictSet> {
    use Verdict::*;
    Some(match folder {
        "accepted" => VerdictSet::of(&[Ac]),
        "wrong_answer" => VerdictSet::of(&[Wa]),
        "time_limit_exceeded" => VerdictSet::of(&[Tle]),
        "run_time_error" => VerdictSet::of(&[Rte, Mle, Ole]),
        _ => return None,
    })
}

impl VerdictSet {
    /// The results as DOMjudge names them: `WRONG-ANSWER, TIMELIMIT`.
    pub fn domjudge_names(self) -> Result<String, String> {
        let set = self;
        use Verdict::*;
        let run_error = VerdictSet::of(&[Rte, Mle, Ole]);
        let mut names = Vec::new();
        for (verdicts, name) in [
            (VerdictSet::of(&[Ac]), "CORRECT"),
            (VerdictSet::of(&[Wa]), "WRONG-ANSWER"),
            (VerdictSet::of(&[Tle]), "TIMELIMIT"),
            (run_error, "RUN-ERROR"),
            (VerdictSet::of(&[Ce]), "COMPILER-ERROR"),
        ] {
            let inside = set.and(verdicts);
            if inside == verdicts {
                names.push(name);
            } else if !inside.is_empty() {
                return Err(format!(
                    "the result {} without the other run errors (DOMjudge reports them all as RUN-ERROR)",
                    inside.label()
                ));
            }
        }
        Ok(names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::submissions::Rule;

    fn set(names: &[&str]) -> VerdictSet {
        let mut set = VerdictSet::default();
        for name in names {
            set.add_spec_name(name).unwrap();
        }
        set
    }

    fn rule(permitted: Option<&[&str]>, required: Option<&[&str]>) -> Rule {
        Rule {
            origin: "test rule".into(),
            tests: TestScope::All,
            permitted: permitted.map(set),
            required: required.map(set),
            message: None,
            time_limit_use: None,
        }
    }

    fn expecting(rules: Vec<Rule>) -> Expectation {
        Expectation {
            rules,
            ..Expectation::default()
        }
    }

    #[test]
    fn the_default_folders_are_their_final_results() {
        let wa = expecting(vec![rule(Some(&["AC", "WA"]), Some(&["WA"]))]);
        assert_eq!(Expectation::final_results(&wa), Ok(set(&["WA"])));
        let rejected = expecting(vec![rule(None, Some(&["RTE", "TLE", "WA"]))]);
        assert_eq!(
            Expectation::final_results(&rejected),
            Ok(set(&["WA", "TLE", "RTE"]))
        );
        let mixed = expecting(vec![rule(Some(&["AC", "WA", "TLE", "RTE"]), None)]);
        let names = Expectation::final_results(&mixed)
            .unwrap()
            .domjudge_names()
            .unwrap();
        assert_eq!(names, "CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR");
    }

    #[test]
    fn rules_the_final_result_does_not_decide_are_refused() {
        // WA on some test while TLE is permitted: a TLE first and a WA later meets it.
        let loose = expecting(vec![rule(Some(&["AC", "WA", "TLE"]), Some(&["WA"]))]);
        assert!(
            Expectation::final_results(&loose)
                .unwrap_err()
                .contains("requiring WA")
        );
        // WA on every test: the line always lets a test be accepted.
        let strict = expecting(vec![rule(Some(&["WA"]), None)]);
        assert!(
            Expectation::final_results(&strict)
                .unwrap_err()
                .contains("permitting only WA")
        );
        let mut scored = expecting(vec![]);
        scored.score = Some(75.into());
        assert!(
            Expectation::final_results(&scored)
                .unwrap_err()
                .contains("`score: 75`")
        );
    }

    #[test]
    fn a_compile_error_listed_stays_unless_a_test_verdict_is_required() {
        let mut listed = VerdictSet::default();
        for name in ["CORRECT", "COMPILER-ERROR", "WRONG-ANSWER"] {
            listed.add_domjudge_name(name).unwrap();
        }
        let mut mixed = expecting(vec![rule(Some(&["AC", "WA", "TLE", "RTE"]), None)]);
        mixed.final_verdicts = Some(("a.java:6".into(), listed));
        assert_eq!(Expectation::final_results(&mixed), Ok(listed));
        let mut rejected = expecting(vec![rule(None, Some(&["RTE", "TLE", "WA"]))]);
        rejected.final_verdicts = Some(("a.java:6".into(), listed));
        assert_eq!(Expectation::final_results(&rejected), Ok(set(&["WA"])));
    }
}
