//! The `expectation` list of `verify --json`: every rule a submission must meet, as read from
//! its folder, submissions.yaml and `@EXPECTED_RESULTS@`.

use serde::Serialize;

use leapfrog_package::{Expectation, TestScope, TimeLimitUse};

/// One rule, in the format's verdict names.
#[derive(Debug, Serialize)]
pub(super) struct RuleEntry {
    /// Where it comes from: `folder accepted`, `submissions.yaml 'a.py' secret/g1`,
    /// `@EXPECTED_RESULTS@ in sol.cpp:1`.
    from: String,
    /// The tests it covers: `*` for all, else the test glob.
    tests: String,
    /// Every covered test must get one of these (`final` rules: the first failure must).
    #[serde(skip_serializing_if = "Option::is_none")]
    permitted: Option<Vec<String>>,
    /// At least one covered test must get one of these.
    #[serde(skip_serializing_if = "Option::is_none")]
    required: Option<Vec<String>>,
    /// `lower`, `upper` or `no`: how the rule bounds the time limit.
    time_limit: &'static str,
}

fn names(label: String) -> Vec<String> {
    label.split('|').map(String::from).collect()
}

pub(super) fn rule_entries(expectation: &Expectation) -> Vec<RuleEntry> {
    let mut entries: Vec<RuleEntry> = expectation
        .rules
        .iter()
        .map(|rule| RuleEntry {
            from: rule.origin.clone(),
            tests: match &rule.tests {
                TestScope::All => "*".to_string(),
                TestScope::Matching { pattern, .. } => pattern.clone(),
            },
            permitted: rule.permitted.map(|p| names(p.label())),
            required: rule.required.map(|r| names(r.label())),
            time_limit: match rule.time_limit_use() {
                TimeLimitUse::Lower => "lower",
                TimeLimitUse::Upper => "upper",
                TimeLimitUse::No => "no",
            },
        })
        .collect();
    if let Some((origin, set)) = &expectation.final_verdicts {
        entries.push(RuleEntry {
            from: origin.clone(),
            tests: "final".to_string(),
            permitted: Some(names(set.label())),
            required: None,
            time_limit: "no",
        });
    }
    entries
}
