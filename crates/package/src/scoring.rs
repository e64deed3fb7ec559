//! How a scoring problem's test groups are scored, read from each group's own
//! `test_group.yaml` (2025-09: `scoring: {score: N, aggregation: sum | min}`) or `testdata.yaml`
//! (legacy: `accept_score`, `reject_score`, `range: "lo hi"`, at the top or under `grading`, and
//! `grader_flags`, read as problemtools' default grader reads them: `sum`, `avg`, `min`, `max`
//! for the score; `worst_error`, `first_error`, `always_accept`, `accept_if_any_accepted` and
//! `ignore_sample` for the verdict); and the score a submission is expected to reach
//! (`submissions/submissions.yaml`).

use std::path::Path;

use crate::error::TestdataError;
use serde_yaml_ng::Value;

/// How a group's children (its tests and subgroups, in order) make its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Aggregation {
    Sum,
    Min,
    /// Legacy `grader_flags: max` and `avg`.
    Max,
    Avg,
}

impl Aggregation {
    /// `sum` or `min`, as packages spell it.
    pub fn name(self) -> &'static str {
        match self {
            Aggregation::Sum => "sum",
            Aggregation::Min => "min",
            Aggregation::Max => "max",
            Aggregation::Avg => "avg",
        }
    }
}

/// The scoring rules of one test group.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupScoring {
    pub aggregation: Aggregation,
    /// The group's maximum score (2025-09 `score`): its children's aggregate is scaled to it.
    pub score: Option<f64>,
    /// A test's score when accepted without a `score.txt` (legacy `accept_score`, default 1).
    pub accept_score: f64,
    /// A test's score when rejected (legacy `reject_score`, default 0).
    pub reject_score: f64,
    /// The group's score is clamped into this range (legacy `range: "lo hi"`).
    pub range: Option<(f64, f64)>,
    /// How the verdicts of its children make its verdict, when `grader_flags` says so.
    pub verdicts: Option<VerdictRule>,
    /// `grader_flags: accept_if_any_accepted`: accepted when any child is.
    pub accept_if_any: bool,
    /// `grader_flags: ignore_sample` (in `data/`): the samples do not count.
    pub ignore_sample: bool,
}

/// problemtools' verdict aggregators (`grader_flags`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerdictRule {
    /// `worst_error` (also `no_errors`): the worst verdict of its children.
    Worst,
    /// `first_error`: the first child's verdict that is not accepted.
    First,
    /// `always_accept`.
    Accept,
}

impl GroupScoring {
    /// Whether the group sets anything that makes its verdict other than the first failure.
    pub fn grades_verdicts(&self) -> bool {
        self.verdicts.is_some() || self.accept_if_any || self.ignore_sample
    }
}

impl Default for GroupScoring {
    fn default() -> Self {
        GroupScoring {
            aggregation: Aggregation::Sum,
            score: None,
            accept_score: 1.0,
            reject_score: 0.0,
            range: None,
            verdicts: None,
            accept_if_any: false,
            ignore_sample: false,
        }
    }
}

impl GroupScoring {
    /// The rules of the group in `dir` (a directory under `data/`), from its own
    /// `test_group.yaml` or `testdata.yaml`; the defaults when it has neither.
    pub fn of_dir(dir: &Path) -> Result<GroupScoring, TestdataError> {
        let files = [dir.join("test_group.yaml"), dir.join("testdata.yaml")];
        let Some(file) = files.iter().find(|f| f.is_file()) else {
            return Ok(GroupScoring::default());
        };
        let text = crate::yaml_file::read(file)?;
        if text.trim().is_empty() {
            return Ok(GroupScoring::default());
        }
        let value: Value =
            serde_yaml_ng::from_str(&text).map_err(TestdataError::yaml(file.display()))?;
        GroupScoring::from_yaml(&value, file)
    }

    pub(crate) fn from_yaml(top: &Value, file: &Path) -> Result<GroupScoring, TestdataError> {
        let shown = file.display();
        let mut rules = GroupScoring::default();
        let number = |section: &str, key: &str, v: &Value| -> Result<f64, TestdataError> {
            match v.as_f64() {
                Some(x) if x.is_finite() => Ok(x),
                _ => Err(TestdataError::invalid(
                    &shown,
                    format_args!("{section}.{key} must be a number"),
                )),
            }
        };
        if let Some(scoring) = top.get("scoring") {
            if let Some(v) = scoring.get("score") {
                let score = number("scoring", "score", v)?;
                if score < 0.0 {
                    return Err(TestdataError::invalid(
                        &shown,
                        format_args!("scoring.score must not be negative"),
                    ));
                }
                rules.score = Some(score);
            }
            if let Some(v) = scoring.get("aggregation") {
                rules.aggregation = aggregation(v.as_str(), &format!("{shown}: scoring"))?;
            }
        }
        // 2025-09 spells the same two settings at the top level.
        if let Some(v) = top.get("max_score") {
            let score = number("test group", "max_score", v)?;
            if score < 0.0 {
                return Err(TestdataError::invalid(
                    &shown,
                    format_args!("max_score must not be negative"),
                ));
            }
            rules.score = Some(score);
        }
        if let Some(v) = top.get("score_aggregation") {
            rules.aggregation = aggregation(v.as_str(), &format!("{shown}: score_aggregation"))?;
        }
        // problemtools' legacy testdata.yaml writes these three at the top.
        let legacy = |rules: &mut GroupScoring, section: &Value, name: &str| {
            if let Some(v) = section.get("accept_score") {
                rules.accept_score = number(name, "accept_score", v)?;
            }
            if let Some(v) = section.get("reject_score") {
                rules.reject_score = number(name, "reject_score", v)?;
            }
            if let Some(v) = section.get("range") {
                rules.range = Some(range(v.as_str(), &format!("{shown}: {name}.range"))?);
            }
            Ok::<(), TestdataError>(())
        };
        legacy(&mut rules, top, "testdata")?;
        match top.get("grading") {
            Some(Value::String(g)) if g == "custom" => {
                return Err(TestdataError::invalid(
                    &shown,
                    format_args!(
                        "grading: custom needs the package's own grader, which leapfrog does not run (its scores and verdicts would be wrong)"
                    ),
                ));
            }
            Some(grading @ Value::Mapping(_)) => {
                legacy(&mut rules, grading, "grading")?;
                if let Some(v) = grading.get("aggregation") {
                    rules.aggregation = aggregation(v.as_str(), &format!("{shown}: grading"))?;
                }
            }
            _ => {}
        }
        if let Some(flags) = top.get("grader_flags").and_then(Value::as_str) {
            grader_flags(&mut rules, flags, &shown.to_string());
        }
        Ok(rules)
    }
}

/// problemtools' default grader flags; the last aggregator named wins, as there. A flag it does
/// not know it ignores: a warning here.
fn grader_flags(rules: &mut GroupScoring, flags: &str, shown: &str) {
    for flag in flags.split_whitespace() {
        match flag {
            "sum" => rules.aggregation = Aggregation::Sum,
            "min" => rules.aggregation = Aggregation::Min,
            "max" => rules.aggregation = Aggregation::Max,
            "avg" => rules.aggregation = Aggregation::Avg,
            "worst_error" | "no_errors" => rules.verdicts = Some(VerdictRule::Worst),
            "first_error" => rules.verdicts = Some(VerdictRule::First),
            "always_accept" => rules.verdicts = Some(VerdictRule::Accept),
            "accept_if_any_accepted" => rules.accept_if_any = true,
            "ignore_sample" => rules.ignore_sample = true,
            other => leapfrog_util::warn(&format!(
                "{shown}: grader_flags: '{other}' is not a flag of problemtools' default grader, which ignores it (sum, avg, min, max, worst_error, first_error, always_accept, accept_if_any_accepted, ignore_sample)"
            )),
        }
    }
}

fn aggregation(word: Option<&str>, at: &str) -> Result<Aggregation, TestdataError> {
    match word {
        Some("sum") => Ok(Aggregation::Sum),
        Some("min") => Ok(Aggregation::Min),
        other => Err(TestdataError::rule(format_args!(
            "{at}.aggregation must be sum or min, not {}",
            other.unwrap_or("that")
        ))),
    }
}

fn range(text: Option<&str>, at: &str) -> Result<(f64, f64), TestdataError> {
    let parts: Vec<f64> = text
        .unwrap_or("")
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    match parts.as_slice() {
        [lo, hi] if lo <= hi => Ok((*lo, *hi)),
        _ => Err(TestdataError::rule(format_args!(
            "{at} must be two numbers \"low high\", low first"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<GroupScoring, TestdataError> {
        let value: Value = serde_yaml_ng::from_str(text).unwrap();
        GroupScoring::from_yaml(&value, Path::new("test_group.yaml"))
    }

    #[test]
    fn both_formats_are_read() {
        let rules = read("scoring: {score: 30, aggregation: min}\n").unwrap();
        assert_eq!(rules.score, Some(30.0));
        assert_eq!(rules.aggregation, Aggregation::Min);
        let rules = read("max_score: 40\nscore_aggregation: min\n").unwrap();
        assert_eq!(
            (rules.score, rules.aggregation),
            (Some(40.0), Aggregation::Min)
        );
        let rules =
            read("grading: {accept_score: 5, range: \"0 20\"}\ngrader_flags: min\n").unwrap();
        assert_eq!((rules.accept_score, rules.range), (5.0, Some((0.0, 20.0))));
        assert_eq!(rules.aggregation, Aggregation::Min);
    }

    #[test]
    fn bad_rules_are_named() {
        let err = read("scoring: {aggregation: max}\n").unwrap_err();
        assert!(
            err.to_string().contains("aggregation must be sum or min"),
            "{err}"
        );
        let err = read("grading: {range: \"5 1\"}\n").unwrap_err();
        assert!(err.to_string().contains("grading.range"), "{err}");
    }
}
