//! `submissions/submissions.yaml` (2025-09 format): submission globs (brace expansion, `*`
//! within one name) mapped to `permitted` / `required` / `message` / `score` /
//! `use_for_time_limit`, directly or under test-group globs (`secret/group1`, `secret/*-hard`).
//! A key that is exactly a default folder's name replaces that folder's rule key by key.

use std::path::Path;

use crate::error::SubmissionsError;
use serde_yaml_ng::{Mapping, Value};

use super::expectation::{Rule, TestScope, TimeLimitUse, VerdictSet};

/// Keys of a submission entry other than test-group globs.
const ENTRY_KEYS: &[&str] = &[
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// Keys allowed under a test-group glob.
const GROUP_KEYS: &[&str] = &[
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// One top-level entry of submissions.yaml.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The glob as written.
    pub pattern: String,
    glob: globset::GlobMatcher,
    /// The rules it sets: the one for every test first (when it sets any), then per group.
    pub rules: Vec<Rule>,
    /// Its `score`, when set for all tests.
    pub score: Option<Value>,
    /// Its `language`, when set.
    pub language: Option<String>,
    /// Its `entrypoint` (the file a directory program starts from), when set.
    pub entrypoint: Option<String>,
}

impl Entry {
    /// Whether the entry applies to a submission at `rel` (below `submissions/`): the glob
    /// matches it or one of its folders.
    pub fn matches(&self, rel: &str) -> bool {
        let mut name = rel;
        loop {
            if self.glob.is_match(name) {
                return true;
            }
            match name.rfind('/') {
                Some(i) => name = &name[..i],
                None => return false,
            }
        }
    }
}

/// A glob as the format reads it: `*` stays within one name, `{a,b}` expands.
fn glob(pattern: &str, what: &str, path: &Path) -> Result<globset::GlobMatcher, SubmissionsError> {
    if pattern.contains("**") || pattern.contains('[') {
        return Err(SubmissionsError::invalid(
            path.display(),
            format_args!(
                "{what} '{pattern}': `**` and `[...]` are not part of the format's globs (only `*` and `{{a,b}}`)"
            ),
        ));
    }
    let glob = globset::GlobBuilder::new(pattern)
        .literal_separator(true)
        .empty_alternates(true)
        .build()
        .map_err(|e| {
            SubmissionsError::invalid(path.display(), format_args!("{what} '{pattern}': {e}"))
        })?;
    Ok(glob.compile_matcher())
}

/// Reads submissions.yaml: its entries in file order. A missing file is no entry.
pub fn load(path: &Path) -> Result<Vec<Entry>, SubmissionsError> {
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let text = crate::yaml_file::read(path)?;
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let value: Value =
        serde_yaml_ng::from_str(&text).map_err(SubmissionsError::yaml(path.display()))?;
    let Value::Mapping(top) = value else {
        return Err(SubmissionsError::invalid(
            path.display(),
            format_args!(
                "expected a mapping of submission globs to expectations (accepted/*: {{permitted: [AC]}})"
            ),
        ));
    };
    let mut entries = Vec::new();
    for (key, value) in &top {
        let pattern = key_text(key, "", path)?;
        let Value::Mapping(map) = value else {
            return Err(SubmissionsError::invalid(
                path.display(),
                format_args!(
                    "'{pattern}' must map to keys such as permitted, required (permitted: [AC])"
                ),
            ));
        };
        entries.push(entry(&pattern, map, path)?);
    }
    Ok(entries)
}

fn key_text(key: &Value, prefix: &str, path: &Path) -> Result<String, SubmissionsError> {
    match key {
        Value::String(s) => Ok(s.clone()),
        other => Err(SubmissionsError::invalid(
            path.display(),
            format_args!("{prefix}{other:?}: keys must be text (globs or names)"),
        )),
    }
}

fn entry(pattern: &str, map: &Mapping, path: &Path) -> Result<Entry, SubmissionsError> {
    let at = format!("'{pattern}'");
    let mut entry = Entry {
        pattern: pattern.to_string(),
        glob: glob(pattern, "submission glob", path)?,
        rules: Vec::new(),
        score: map.get("score").cloned(),
        language: None,
        entrypoint: None,
    };
    for (key, slot) in [
        ("language", &mut entry.language),
        ("entrypoint", &mut entry.entrypoint),
    ] {
        if let Some(value) = map.get(key) {
            match value.as_str() {
                Some(text) => *slot = Some(text.to_string()),
                None => {
                    return Err(SubmissionsError::invalid(
                        path.display(),
                        format_args!("{at}.{key} must be text"),
                    ));
                }
            }
        }
    }
    if let Some(rule) = rule(map, TestScope::All, &at, path)? {
        entry.rules.push(rule);
    }
    for (key, value) in map {
        let key = key_text(key, &format!("{at}."), path)?;
        if ENTRY_KEYS.contains(&key.as_str()) {
            continue;
        }
        if !is_test_glob(&key) {
            return Err(SubmissionsError::invalid(
                path.display(),
                format_args!("unknown key `{key}` under {at}{}", hint(&key, ENTRY_KEYS)),
            ));
        }
        let group_at = format!("{at} {key}");
        let Value::Mapping(group) = value else {
            return Err(SubmissionsError::invalid(
                path.display(),
                format_args!("{group_at} must map to keys such as permitted, required"),
            ));
        };
        for k in group.keys() {
            let k = key_text(k, &format!("{group_at}."), path)?;
            if !GROUP_KEYS.contains(&k.as_str()) {
                return Err(SubmissionsError::invalid(
                    path.display(),
                    format_args!("unknown key `{k}` under {group_at}{}", hint(&k, GROUP_KEYS)),
                ));
            }
        }
        let scope = TestScope::Matching {
            pattern: key.clone(),
            glob: glob(&key, "test glob", path)?,
        };
        if let Some(rule) = rule(group, scope, &group_at, path)? {
            entry.rules.push(rule);
        }
    }
    Ok(entry)
}

/// Test-group keys name paths below `data/`: `sample`, `secret/...`, or start with a glob.
fn is_test_glob(key: &str) -> bool {
    ["sample", "secret", "*", "{"]
        .iter()
        .any(|p| key.starts_with(p))
}

fn hint(key: &str, known: &[&str]) -> String {
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(key, k), *k))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|(score, _)| *score > 0.8)
        .map(|(_, k)| format!("; did you mean `{k}`?"))
        .unwrap_or_else(|| {
            format!(
                "; known keys: {}, or a test group (sample, secret/...)",
                known.join(", ")
            )
        })
}

/// The rule the keys of one mapping set, if they set any.
fn rule(
    map: &Mapping,
    tests: TestScope,
    at: &str,
    path: &Path,
) -> Result<Option<Rule>, SubmissionsError> {
    let set = |key: &str| -> Result<Option<VerdictSet>, SubmissionsError> {
        let Some(value) = map.get(key) else {
            return Ok(None);
        };
        let names: Vec<&str> = match value {
            Value::Sequence(items) => items.iter().map(|v| v.as_str().unwrap_or("?")).collect(),
            Value::String(s) => vec![s.as_str()],
            _ => {
                return Err(SubmissionsError::invalid(
                    path.display(),
                    format_args!("{at}.{key} must be a list of verdicts ([AC, WA])"),
                ));
            }
        };
        let mut set = VerdictSet::default();
        for name in names {
            set.add_spec_name(name).map_err(|why| {
                SubmissionsError::invalid(path.display(), format_args!("{at}.{key}: {why}"))
            })?;
        }
        Ok(Some(set))
    };
    let mut permitted = set("permitted")?;
    let mut required = set("required")?;
    let message = match map.get("message") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => {
            return Err(SubmissionsError::invalid(
                path.display(),
                format_args!("{at}.message must be text"),
            ));
        }
    };
    let time_limit_use = match map.get("use_for_time_limit") {
        None => None,
        Some(Value::Bool(true)) => None,
        Some(Value::Bool(false)) => Some(TimeLimitUse::No),
        Some(Value::String(s)) if s == "lower" => Some(TimeLimitUse::Lower),
        Some(Value::String(s)) if s == "upper" => Some(TimeLimitUse::Upper),
        Some(other) => {
            return Err(SubmissionsError::invalid(
                path.display(),
                format_args!(
                    "{at}.use_for_time_limit must be false, lower or upper, not {other:?}"
                ),
            ));
        }
    };
    // `lower` stands for `permitted: [AC, WA, RTE]`, `upper` for `required: [TLE]`.
    match time_limit_use {
        Some(TimeLimitUse::Lower) if permitted.is_none() => {
            let mut set = VerdictSet::default();
            for name in ["AC", "WA", "RTE"] {
                set.add_spec_name(name).expect("a format verdict");
            }
            permitted = Some(set);
        }
        Some(TimeLimitUse::Upper) if required.is_none() => {
            required = Some(VerdictSet::of(&[crate::verdict::Verdict::Tle]));
        }
        _ => {}
    }
    if permitted.is_none() && required.is_none() && message.is_none() && time_limit_use.is_none() {
        return Ok(None);
    }
    Ok(Some(Rule {
        origin: format!("submissions.yaml {at}"),
        tests,
        permitted,
        required,
        message,
        time_limit_use,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_and_stars_as_the_format_reads_them() {
        let path = Path::new("submissions.yaml");
        let g = glob("wrong_answer/small_only{,_too}.py", "glob", path).unwrap();
        assert!(g.is_match("wrong_answer/small_only.py"));
        assert!(g.is_match("wrong_answer/small_only_too.py"));
        let g = glob("*/a.{py,cpp}", "glob", path).unwrap();
        assert!(g.is_match("accepted/a.cpp"));
        assert!(!g.is_match("accepted/x/a.cpp"));
    }
}
