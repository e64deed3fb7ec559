//! How a scoring problem's test groups are scored, read from each group's own
//! `test_group.yaml` (2025-09: `scoring: {score: N, aggregation: sum | min}`) or `testdata.yaml`
//! (legacy: `grading: {accept_score, reject_score, range: "lo hi"}` and `grader_flags: min`);
//! and the score a submission is expected to reach (`submissions/submissions.yaml`).

use std::path::Path;

use anyhow::{Context, bail};
use serde_yaml_ng::Value;

/// How a group's children (its tests and subgroups, in order) make its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Aggregation {
    Sum,
    Min,
}

impl Aggregation {
    /// `sum` or `min`, as packages spell it.
    pub fn name(self) -> &'static str {
        match self {
            Aggregation::Sum => "sum",
            Aggregation::Min => "min",
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
}

impl Default for GroupScoring {
    fn default() -> Self {
        GroupScoring {
            aggregation: Aggregation::Sum,
            score: None,
            accept_score: 1.0,
            reject_score: 0.0,
            range: None,
        }
    }
}

impl GroupScoring {
    /// The rules of the group in `dir` (a directory under `data/`), from its own
    /// `test_group.yaml` or `testdata.yaml`; the defaults when it has neither.
    pub fn of_dir(dir: &Path) -> anyhow::Result<GroupScoring> {
        let files = [dir.join("test_group.yaml"), dir.join("testdata.yaml")];
        let Some(file) = files.iter().find(|f| f.is_file()) else {
            return Ok(GroupScoring::default());
        };
        let text =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        if text.trim().is_empty() {
            return Ok(GroupScoring::default());
        }
        let value: Value =
            serde_yaml_ng::from_str(&text).with_context(|| file.display().to_string())?;
        GroupScoring::from_yaml(&value, file)
    }

    fn from_yaml(top: &Value, file: &Path) -> anyhow::Result<GroupScoring> {
        let shown = file.display();
        let mut rules = GroupScoring::default();
        let number = |section: &str, key: &str, v: &Value| -> anyhow::Result<f64> {
            match v.as_f64() {
                Some(x) if x.is_finite() => Ok(x),
                _ => bail!("{shown}: {section}.{key} must be a number"),
            }
        };
        if let Some(scoring) = top.get("scoring") {
            if let Some(v) = scoring.get("score") {
                let score = number("scoring", "score", v)?;
                if score < 0.0 {
                    bail!("{shown}: scoring.score must not be negative");
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
                bail!("{shown}: max_score must not be negative");
            }
            rules.score = Some(score);
        }
        if let Some(v) = top.get("score_aggregation") {
            rules.aggregation = aggregation(v.as_str(), &format!("{shown}: score_aggregation"))?;
        }
        if let Some(grading) = top.get("grading") {
            if let Some(v) = grading.get("accept_score") {
                rules.accept_score = number("grading", "accept_score", v)?;
            }
            if let Some(v) = grading.get("reject_score") {
                rules.reject_score = number("grading", "reject_score", v)?;
            }
            if let Some(v) = grading.get("range") {
                rules.range = Some(range(v.as_str(), &shown.to_string())?);
            }
            if let Some(v) = grading.get("aggregation") {
                rules.aggregation = aggregation(v.as_str(), &format!("{shown}: grading"))?;
            }
        }
        if let Some(flags) = top.get("grader_flags").and_then(Value::as_str) {
            for flag in flags.split_whitespace() {
                match flag {
                    "sum" => rules.aggregation = Aggregation::Sum,
                    "min" => rules.aggregation = Aggregation::Min,
                    other => {
                        bail!("{shown}: grader_flags: '{other}' is not supported (sum or min)")
                    }
                }
            }
        }
        Ok(rules)
    }
}

fn aggregation(word: Option<&str>, at: &str) -> anyhow::Result<Aggregation> {
    match word {
        Some("sum") => Ok(Aggregation::Sum),
        Some("min") => Ok(Aggregation::Min),
        other => bail!(
            "{at}.aggregation must be sum or min, not {}",
            other.unwrap_or("that")
        ),
    }
}

fn range(text: Option<&str>, shown: &str) -> anyhow::Result<(f64, f64)> {
    let parts: Vec<f64> = text
        .unwrap_or("")
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    match parts.as_slice() {
        [lo, hi] if lo <= hi => Ok((*lo, *hi)),
        _ => bail!("{shown}: grading.range must be two numbers \"low high\", low first"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> anyhow::Result<GroupScoring> {
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
