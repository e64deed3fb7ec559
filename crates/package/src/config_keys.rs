//! The keys of `problem.yaml`, checked before anything is judged. Lenient reading, strict
//! verdicts: a key no format defines is a warning naming the file, the line and the closest
//! known key, unless it is so close to a key that changes verdicts (`limits.time_limt`) that
//! the package most likely meant that key, which would otherwise be ignored silently; a limit
//! of the wrong kind (`time_limit: one`, `memory: 256MB`) is an error saying what is expected.

use std::path::Path;

use crate::error::ConfigError;
use serde_yaml_ng::{Mapping, Value};

use leapfrog_util::at_key;

/// The top-level keys of problem.yaml in the legacy, 2023-07 and 2025-09 formats (and the
/// extensions DOMjudge and BAPCtools read). Those leapfrog does not act on are accepted silently.
const TOP_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "validation",
    "validator_flags",
    "validation_passes",
    "keywords",
    "languages",
    "constants",
    "allow_file_writing",
    "grading",
    "scoring",
];

/// Top-level keys that change how submissions are judged: a near miss of one is refused.
const VERDICT_TOP_KEYS: &[&str] = &[
    "type",
    "limits",
    "validation",
    "validator_flags",
    "languages",
    "grading",
    "scoring",
];

/// The keys under `limits`, in the same formats.
const LIMIT_KEYS: &[&str] = &[
    "time_limit",
    "time_multiplier",
    "time_multipliers",
    "time_safety_margin",
    "time_resolution",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
];

/// Limits that are a number of seconds (or a factor), and those that are a whole number of MiB.
const SECONDS_KEYS: &[&str] = &[
    "time_limit",
    "time_multiplier",
    "time_safety_margin",
    "time_resolution",
    "compilation_time",
    "validation_time",
];
const MIB_KEYS: &[&str] = &[
    "memory",
    "output",
    "code",
    "compilation_memory",
    "validation_memory",
    "validation_output",
];

/// Checks the keys and the kinds of the limits of a parsed problem.yaml (`text` is the file, for
/// line numbers).
pub(super) fn check(value: &Value, text: &str, path: &Path) -> Result<(), ConfigError> {
    let Value::Mapping(top) = value else {
        return Err(ConfigError::invalid(
            path.display(),
            format_args!("expected a mapping of keys to values (name: ..., limits: ...)"),
        ));
    };
    check_mapping(top, &[], (TOP_KEYS, VERDICT_TOP_KEYS), text, path)?;
    if let Some(name) = top.get("name")
        && !matches!(name, Value::String(_) | Value::Mapping(_) | Value::Null)
    {
        return Err(ConfigError::invalid(
            at_key(path, text, &["name"]),
            format_args!(
                "name must be text, or a mapping of language codes to text (name: {{en: Sum}})"
            ),
        ));
    }
    match top.get("limits") {
        None | Some(Value::Null) => {}
        Some(Value::Mapping(limits)) => {
            check_mapping(limits, &["limits"], (LIMIT_KEYS, LIMIT_KEYS), text, path)?;
            check_limit_kinds(limits, text, path)?;
        }
        Some(_) => {
            return Err(ConfigError::invalid(
                at_key(path, text, &["limits"]),
                format_args!(
                    "limits must be a mapping of limit names to values (limits: {{time_limit: 2, memory: 256}})"
                ),
            ));
        }
    }
    Ok(())
}

/// Warns about each key of `map` not in `known`; refuses one that is a near miss of a key in
/// `verdict` (it would be ignored, and the default judge otherwise).
fn check_mapping(
    map: &Mapping,
    parents: &[&str],
    (known, verdict): (&[&str], &[&str]),
    text: &str,
    path: &Path,
) -> Result<(), ConfigError> {
    let prefix: String = parents.iter().map(|p| format!("{p}.")).collect();
    for key in map.keys() {
        let Some(key) = key.as_str() else {
            return Err(ConfigError::invalid(
                path.display(),
                format_args!("{prefix}{key:?}: keys must be names"),
            ));
        };
        if known.contains(&key) {
            continue;
        }
        let mut at: Vec<&str> = parents.to_vec();
        at.push(key);
        let place = at_key(path, text, &at);
        if parents.is_empty()
            && let Some(limit) = limit_named(key)
        {
            // A limit written at the top level would be ignored and the default used instead:
            // no format reads it there, and the runs would quietly get another limit. So is
            // one spelt as DOMjudge's settings spell theirs (`timelimit`).
            return Err(ConfigError::invalid(
                &place,
                format_args!(
                    "`{key}` is a limit and belongs under `limits:` (limits: {{{limit}: ...}}); at the top level no format reads it, so it would be ignored and the default used"
                ),
            ));
        }
        let closest = closest(key, known);
        if let Some(near) = closest.filter(|k| verdict.contains(k)) {
            return Err(ConfigError::invalid(
                &place,
                format_args!(
                    "unknown key `{prefix}{key}`; did you mean `{prefix}{near}`? (refused: `{prefix}{near}` changes verdicts, and read as written the key would be ignored)"
                ),
            ));
        }
        let hint = match closest {
            Some(k) => format!("did you mean `{prefix}{k}`?"),
            None => format!("known keys: {}", known.join(", ")),
        };
        leapfrog_util::warn(&format!(
            "{place}: unknown key `{prefix}{key}` is ignored ({hint})"
        ));
    }
    Ok(())
}

/// The limit `key` names, read without case, `_` and `-`: `timelimit` and `Time-Limit` are
/// `time_limit`.
fn limit_named(key: &str) -> Option<&'static str> {
    let fold = |k: &str| k.to_ascii_lowercase().replace(['_', '-'], "");
    let key = fold(key);
    LIMIT_KEYS.iter().copied().find(|limit| fold(limit) == key)
}

/// The known key closest to `key`, when it is close enough to be a typo of it.
pub(super) fn closest<'a>(key: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(key, k), *k))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|(score, _)| *score > 0.8)
        .map(|(_, k)| k)
}

/// Each limit is of its kind: seconds are a number, sizes a whole number of MiB.
fn check_limit_kinds(limits: &Mapping, text: &str, path: &Path) -> Result<(), ConfigError> {
    for (key, value) in limits {
        let Some(key) = key.as_str() else { continue };
        let place = || at_key(path, text, &["limits", key]);
        let shown = || match value {
            Value::String(s) => format!("'{s}'"),
            other => serde_yaml_ng::to_string(other)
                .unwrap_or_default()
                .trim_end()
                .to_string(),
        };
        let number_in = |s: &str| {
            let digits: String = s
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            (!digits.is_empty() && digits.len() < s.trim().len()).then_some(digits)
        };
        let unit = |s: Option<&str>| match s.and_then(number_in) {
            Some(n) => format!(" (write the number without a unit: {key}: {n})"),
            None => String::new(),
        };
        if SECONDS_KEYS.contains(&key) && !matches!(value, Value::Number(_)) {
            return Err(ConfigError::invalid(
                place(),
                format_args!(
                    "limits.{key}: expected a number of seconds, such as 2 or 1.5, not {}{}",
                    shown(),
                    unit(value.as_str())
                ),
            ));
        }
        if MIB_KEYS.contains(&key) && !(value.is_u64()) {
            return Err(ConfigError::invalid(
                place(),
                format_args!(
                    "limits.{key}: expected a whole number of MiB, such as 256, not {}{}",
                    shown(),
                    unit(value.as_str())
                ),
            ));
        }
    }
    Ok(())
}
