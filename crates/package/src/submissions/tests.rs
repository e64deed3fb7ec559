//! Checks of expectations: when judging may stop, and how a finished run is judged.

use super::expectation::*;
use crate::verdict::Verdict;
use Verdict::*;

fn folder(permitted: Option<&[&str]>, required: Option<&[&str]>) -> Expectation {
    let set = |names: &[&str]| {
        let mut s = VerdictSet::default();
        for n in names {
            s.add_spec_name(n).unwrap();
        }
        s
    };
    Expectation {
        rules: vec![Rule {
            origin: "folder x".into(),
            tests: TestScope::All,
            permitted: permitted.map(set),
            required: required.map(set),
            message: None,
            time_limit_use: None,
        }],
        ..Expectation::default()
    }
}

fn run(verdicts: &[Verdict]) -> Vec<(String, Verdict)> {
    verdicts
        .iter()
        .enumerate()
        .map(|(i, v)| (format!("secret/{i}"), *v))
        .collect()
}

fn settled(e: &Expectation, verdicts: &[Verdict]) -> bool {
    let owned = run(verdicts);
    let judged: Vec<(&str, Verdict)> = owned.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    e.settled(&judged)
}

#[test]
fn judging_stops_only_once_the_outcome_cannot_change() {
    let accepted = folder(Some(&["AC"]), None);
    assert!(!settled(&accepted, &[Ac, Ac]));
    assert!(settled(&accepted, &[Ac, Wa]));
    // A wrong answer must still never time out: a WA does not settle it, a TLE does.
    let wrong = folder(Some(&["AC", "WA"]), Some(&["WA"]));
    assert!(!settled(&wrong, &[Ac, Wa]));
    assert!(settled(&wrong, &[Wa, Tle]));
    // rejected/ permits anything: its first failure settles it.
    let rejected = folder(None, Some(&["RTE", "TLE", "WA"]));
    assert!(!settled(&rejected, &[Ac]));
    assert!(settled(&rejected, &[Ac, Mle]));
    let domjudge = Expectation {
        final_verdicts: Some(("line".into(), VerdictSet::of(&[Wa]))),
        ..Expectation::default()
    };
    assert!(!settled(&domjudge, &[Ac]));
    assert!(settled(&domjudge, &[Ac, Tle]));
}

#[test]
fn a_finished_run_is_checked_rule_by_rule() {
    let brute = folder(Some(&["AC", "RTE", "TLE"]), Some(&["RTE", "TLE"]));
    let check = |e: &Expectation, v: &[Verdict]| {
        let owned = run(v);
        let judged: Vec<(&str, Verdict)> = owned.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        e.check(&judged, &[])
    };
    assert!(check(&brute, &[Ac, Tle]).is_ok());
    assert!(
        check(&brute, &[Ac, Mle]).is_ok(),
        "the format's RTE covers MLE"
    );
    let err = check(&brute, &[Wa, Tle]).unwrap_err();
    assert!(err.contains("WA on secret/0"), "{err}");
    let err = check(&brute, &[Ac, Ac]).unwrap_err();
    assert!(err.starts_with("never rejected as TLE or RTE"), "{err}");
    assert_eq!(brute.label(), "TLE|RTE");
    assert_eq!(folder(Some(&["AC"]), None).label(), "AC");
}

#[test]
fn a_misspelt_folder_names_the_folder_meant() {
    use super::meant_folder;
    assert_eq!(meant_folder("acepted"), Some("accepted"));
    assert_eq!(meant_folder("Wrong-Answer"), Some("wrong_answer"));
    assert_eq!(
        meant_folder("time_limit_exceded"),
        Some("time_limit_exceeded")
    );
    assert_eq!(meant_folder("TLE"), Some("time_limit_exceeded"));
    assert_eq!(meant_folder("run_time_errors"), Some("run_time_error"));
    // A folder the formats define, and one a submissions.yaml may well mean on purpose.
    assert_eq!(meant_folder("accepted"), None);
    assert_eq!(meant_folder("slow"), None);
    assert_eq!(meant_folder("greedy"), None);
}
