//! Scores of a scoring problem: each test's score (the validator's `score.txt`, else its
//! group's accept or reject score), then each group's, from its tests and subgroups in order,
//! by the group's aggregation (`sum` or `min`), scaled to the group's `score` when it states
//! one and clamped into its legacy `range`. The total is the score of `secret`; samples are
//! scored but never counted. When a group's legacy `grader_flags` grade verdicts
//! (`first_error`, `accept_if_any_accepted`, ...), the submission's verdict is made as
//! problemtools' default grader makes it, from `data/` down.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Aggregation, GroupScoring};

use super::TestResult;

/// One group's score.
#[derive(Debug, Clone, Serialize)]
pub struct GroupScore {
    /// The group's path below `data/`: `secret`, `secret/group1`.
    pub name: String,
    pub score: f64,
    /// The most it could score.
    pub max: f64,
    pub aggregation: Aggregation,
}

/// The scores of one submission.
pub struct Scores {
    pub total: f64,
    pub max: f64,
    /// Every group of `secret` that has tests, parents before their subgroups.
    pub groups: Vec<GroupScore>,
    /// The verdict the groups' `grader_flags` make, when some group sets them.
    pub verdict: Option<Verdict>,
}

fn parent(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(p, _)| p)
}

/// Gives every test its score and adds them up by group, by each group's own rules as the
/// package's test model read them ([`leapfrog_package::Groups::scoring_by_group`]); a group
/// the model does not hold has no file, so the defaults.
pub fn score(by_group: &BTreeMap<String, GroupScoring>, tests: &mut [TestResult]) -> Scores {
    let mut rules = by_group.clone();
    let mut groups = BTreeSet::new();
    let mut maxima = BTreeMap::new();
    for test in tests.iter_mut() {
        let group = parent(&test.name).to_string();
        let own = rules.entry(group.clone()).or_default();
        let given = test.score.filter(|_| test.verdict == Verdict::Ac);
        test.score = Some(match test.verdict {
            Verdict::Ac => given.unwrap_or(own.accept_score),
            _ => own.reject_score,
        });
        maxima.insert(test.name.clone(), own.accept_score);
        let mut g = group.as_str();
        while g.starts_with("secret") {
            groups.insert(g.to_string());
            g = parent(g);
        }
    }
    for group in &groups {
        rules.entry(group.clone()).or_default();
    }
    let mut out = Vec::new();
    if groups.contains("secret") {
        group_score("secret", tests, &groups, &rules, &maxima, &mut out);
    }
    let (total, max) = out.first().map_or((0.0, 0.0), |g| (g.score, g.max));
    rules.entry(String::new()).or_default();
    let graded = rules.values().any(GroupScoring::grades_verdicts);
    Scores {
        total,
        max,
        groups: out,
        verdict: graded.then(|| crate::verdict::of_groups("", tests, &rules)),
    }
}

/// The score and maximum of `group`, its subgroups' entries pushed after its own.
fn group_score(
    group: &str,
    tests: &[TestResult],
    groups: &BTreeSet<String>,
    rules: &BTreeMap<String, GroupScoring>,
    maxima: &BTreeMap<String, f64>,
    out: &mut Vec<GroupScore>,
) -> (f64, f64) {
    let own = &rules[group];
    let at = out.len();
    let mut children: Vec<(String, f64, f64)> = tests
        .iter()
        .filter(|t| parent(&t.name) == group)
        .map(|t| (t.name.clone(), t.score.unwrap_or(0.0), maxima[&t.name]))
        .collect();
    for sub in groups.iter().filter(|g| parent(g) == group) {
        let (score, max) = group_score(sub, tests, groups, rules, maxima, out);
        children.push((sub.clone(), score, max));
    }
    children.sort_by(|a, b| a.0.cmp(&b.0));
    let combine = |values: Vec<f64>| match own.aggregation {
        Aggregation::Sum => values.iter().sum(),
        Aggregation::Min => values.iter().copied().reduce(f64::min).unwrap_or(0.0),
        Aggregation::Max => values.iter().copied().reduce(f64::max).unwrap_or(0.0),
        Aggregation::Avg if values.is_empty() => 0.0,
        Aggregation::Avg => values.iter().sum::<f64>() / values.len() as f64,
    };
    let mut score: f64 = combine(children.iter().map(|c| c.1).collect());
    let mut max: f64 = combine(children.iter().map(|c| c.2).collect());
    if let Some(stated) = own.score {
        score = if max > 0.0 { stated * score / max } else { 0.0 };
        max = stated;
    }
    if let Some((lo, hi)) = own.range {
        score = score.clamp(lo, hi);
        max = max.clamp(lo, hi);
    }
    // Rounded to a millionth, so sums of thirds compare equal to what a package states.
    let round = |x: f64| (x * 1e6).round() / 1e6;
    out.insert(
        at,
        GroupScore {
            name: group.to_string(),
            score: round(score),
            max: round(max),
            aggregation: own.aggregation,
        },
    );
    (score, max)
}

/// What a submission's tests add up to: its verdict and, for a scoring problem, its scores.
#[derive(Debug, Clone)]
pub struct Grade {
    pub verdict: Verdict,
    pub score: Option<f64>,
    pub max_score: Option<f64>,
    pub groups: Vec<GroupScore>,
}

impl Grade {
    /// Puts the grade in a report.
    pub fn apply_to(self, report: &mut super::JudgeReport) {
        report.verdict = self.verdict;
        report.score = self.score;
        report.max_score = self.max_score;
        report.groups = self.groups;
    }
}

impl super::Judge {
    /// Grades a submission's tests (in test order): gives each test of a scoring problem its
    /// score, and the submission its verdict ([`crate::verdict::of_submission`], with the
    /// groups' grader flags) and scores. `judge` and `verify` grade through it, a run re-timed
    /// against another limit too.
    pub fn grade(&self, tests: &mut [TestResult]) -> Grade {
        let Some(rules) = &self.scored else {
            let verdict = crate::verdict::of_submission(tests, None);
            return Grade {
                verdict,
                score: None,
                max_score: None,
                groups: Vec::new(),
            };
        };
        let scores = score(rules, tests);
        Grade {
            verdict: crate::verdict::of_submission(tests, scores.verdict),
            score: Some(scores.total),
            max_score: Some(scores.max),
            groups: scores.groups,
        }
    }
}
