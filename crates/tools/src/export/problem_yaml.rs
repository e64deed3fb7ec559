//! The exported `problem.yaml`, in the legacy or the 2025-09 format, written from the package's
//! own `problem.yaml` whichever format that is in. Every key either carries over with the same
//! meaning (renamed or reshaped where the formats spell it differently) or stops the export with
//! an error naming it: an export never drops or changes what the problem is.
//!
//! | meaning | legacy | 2025-09 |
//! |---|---|---|
//! | who made it | `author` (one string) | `credits` (a string, or a map of roles) |
//! | where from | `source`, `source_url` | `source` (a string, a map `name`/`url`, or a list) |
//! | kind | `validation: custom interactive` (and `multi-pass`, as DOMjudge reads it), `type: scoring` | `type` (a name or a list) |
//! | time limit | `.timelimit` beside it | `limits.time_limit` |
//! | time margins | `limits.time_multiplier`, `limits.time_safety_margin` | `limits.time_multipliers` |
//! | validator arguments | `validator_flags` | `output_validator_args` in `data/test_group.yaml` |

use anyhow::{Context, bail};
use serde_yaml_ng::{Mapping, Value};

use leapfrog_package::Package;
use sha2::{Digest, Sha256};

/// Keys whose value means the same in both formats.
const SHARED_KEYS: &[&str] = &["license", "rights_owner"];

/// `limits` keys both formats have, with the same meaning.
const SHARED_LIMITS: &[&str] = &[
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
];

/// The legacy margins and their 2025-09 names under `limits.time_multipliers`.
const MARGINS: &[(&str, &str)] = &[
    ("time_multiplier", "ac_to_time_limit"),
    ("time_safety_margin", "time_limit_to_tle"),
];

/// Reads the package's own `problem.yaml` as a mapping.
pub fn read(package: &Package) -> anyhow::Result<Mapping> {
    let path = package.root.join("problem.yaml");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    if text.trim().is_empty() {
        return Ok(Mapping::new());
    }
    match serde_yaml_ng::from_str(&text).with_context(|| path.display().to_string())? {
        Value::Mapping(map) => Ok(map),
        Value::Null => Ok(Mapping::new()),
        _ => bail!("{}: expected a mapping", path.display()),
    }
}

/// The refusal for a key the target format cannot express.
fn cannot(key: &str, format: &str, why: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "problem.yaml: `{key}` cannot be expressed in the {format} format ({why}); remove it or export to another format"
    )
}

/// The name and uuid, as both formats write them: the package's own uuid, or a stable one.
fn identity(package: &Package, raw: &Mapping, out: &mut Mapping) {
    let name = match raw.get("name") {
        Some(Value::Mapping(names)) => Value::Mapping(names.clone()),
        _ => package.display_name().into(),
    };
    out.insert("name".into(), name);
    let uuid = match raw.get("uuid") {
        Some(uuid @ Value::String(_)) => uuid.clone(),
        _ => stable_uuid(&package.short_name).into(),
    };
    out.insert("uuid".into(), uuid);
}

/// The legacy `problem.yaml` (without the time limit, which goes to `.timelimit`).
pub fn legacy(package: &Package, raw: &Mapping) -> anyhow::Result<Mapping> {
    const FORMAT: &str = "legacy";
    let mut out = Mapping::new();
    identity(package, raw, &mut out);
    if let Some(author) = legacy_author(raw)? {
        out.insert("author".into(), author.into());
    }
    if let Some(source) = raw.get("source") {
        let (name, url) = legacy_source(source)?;
        out.insert("source".into(), name);
        if let Some(url) = url.or_else(|| raw.get("source_url").cloned()) {
            out.insert("source_url".into(), url);
        }
    }
    for key in SHARED_KEYS.iter().chain(&["validator_flags", "grading"]) {
        if let Some(value) = raw.get(*key) {
            out.insert((*key).into(), value.clone());
        }
    }
    if let Some(keywords) = raw.get("keywords") {
        out.insert("keywords".into(), keyword_string(keywords));
    }
    let kind = package.config.kind;
    // The legacy format says interactive and scoring after `custom`, and multi-pass too as
    // DOMjudge reads it (problemtools' legacy format has no multi-pass problems).
    let custom = package.config.validation == leapfrog_package::Validation::Custom;
    let mut validation = match (custom, kind.interactive, kind.scoring) {
        (false, ..) => "default",
        (true, false, false) => "custom",
        (true, true, false) => "custom interactive",
        (true, false, true) => "custom score",
        (true, true, true) => "custom interactive score",
    }
    .to_string();
    if kind.multi_pass {
        if !custom {
            return Err(cannot(
                "type: multi-pass",
                FORMAT,
                "a multi-pass problem needs its own output validator",
            ));
        }
        validation.push_str(" multi-pass");
    }
    out.insert("validation".into(), validation.into());
    if kind.scoring {
        out.insert("type".into(), "scoring".into());
    }
    let limits = legacy_limits(raw.get("limits"), kind.multi_pass)?;
    if !limits.is_empty() {
        out.insert("limits".into(), Value::Mapping(limits));
    }
    let known = [
        "problem_format_version",
        "name",
        "uuid",
        "author",
        "credits",
        "source",
        "source_url",
        "keywords",
        "validation",
        "type",
        "limits",
        "validator_flags",
        "grading",
        // Written into the statement and the validators instead (see super::constants).
        "constants",
    ];
    refuse_unknown(raw, &known, SHARED_KEYS, FORMAT)?;
    Ok(out)
}

/// `credits` (or `author`) as the legacy `author` string: only authors have a place there.
fn legacy_author(raw: &Mapping) -> anyhow::Result<Option<String>> {
    if let Some(Value::String(author)) = raw.get("author") {
        return Ok(Some(author.clone()));
    }
    let names = |value: &Value| -> anyhow::Result<String> {
        match value {
            Value::String(s) => Ok(s.clone()),
            Value::Sequence(list) => Ok(list
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .context("problem.yaml: credits.authors: expected names")?
                .join(", ")),
            _ => bail!("problem.yaml: credits.authors: expected a name or a list of names"),
        }
    };
    match raw.get("credits") {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Mapping(roles)) => {
            if let Some(role) = roles
                .keys()
                .filter_map(Value::as_str)
                .find(|k| *k != "authors")
            {
                return Err(cannot(
                    &format!("credits.{role}"),
                    "legacy",
                    "its `author` names only the authors",
                ));
            }
            roles.get("authors").map(names).transpose()
        }
        Some(_) => bail!("problem.yaml: credits: expected a name or a map of roles"),
    }
}

/// A 2025-09 `source` as the legacy `source` and `source_url`.
fn legacy_source(source: &Value) -> anyhow::Result<(Value, Option<Value>)> {
    match source {
        Value::Mapping(map) => {
            let name = map
                .get("name")
                .cloned()
                .context("problem.yaml: source: a map needs `name`")?;
            Ok((name, map.get("url").cloned()))
        }
        Value::Sequence(list) if list.len() == 1 => legacy_source(&list[0]),
        Value::Sequence(_) => Err(cannot(
            "source",
            "legacy",
            "it has one source, this lists several",
        )),
        other => Ok((other.clone(), None)),
    }
}

fn keyword_string(keywords: &Value) -> Value {
    match keywords {
        Value::Sequence(words) => Value::String(
            words
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        other => other.clone(),
    }
}

/// `limits` in the legacy spelling: margins as `time_multiplier` / `time_safety_margin`.
fn legacy_limits(limits: Option<&Value>, multi_pass: bool) -> anyhow::Result<Mapping> {
    let mut out = Mapping::new();
    let Some(Value::Mapping(ours)) = limits else {
        return Ok(out);
    };
    for (key, value) in ours {
        let name = key.as_str().unwrap_or_default();
        match name {
            "time_limit" => {}
            // DOMjudge reads it beside `validation: custom multi-pass`.
            "validation_passes" if multi_pass => {
                out.insert(key.clone(), value.clone());
            }
            "validation_passes" => {}
            _ if SHARED_LIMITS.contains(&name) || MARGINS.iter().any(|(l, _)| *l == name) => {
                out.insert(key.clone(), value.clone());
            }
            "time_multipliers" => {
                let Value::Mapping(margins) = value else {
                    bail!("problem.yaml: limits.time_multipliers: expected a map");
                };
                for (modern_key, margin) in margins {
                    let modern = modern_key.as_str().unwrap_or_default();
                    let Some((legacy, _)) = MARGINS.iter().find(|(_, m)| *m == modern) else {
                        return Err(cannot(
                            &format!("limits.time_multipliers.{modern}"),
                            "legacy",
                            "not a margin it knows",
                        ));
                    };
                    out.insert((*legacy).into(), margin.clone());
                }
            }
            _ => {
                return Err(cannot(
                    &format!("limits.{name}"),
                    "legacy",
                    "not one of its limits",
                ));
            }
        }
    }
    Ok(out)
}

/// The 2025-09 `problem.yaml`.
pub fn modern(package: &Package, raw: &Mapping) -> anyhow::Result<Mapping> {
    const FORMAT: &str = "2025-09";
    let mut out = Mapping::new();
    out.insert("problem_format_version".into(), "2025-09".into());
    identity(package, raw, &mut out);
    let kind = package.config.kind;
    let mut types: Vec<Value> = Vec::new();
    if kind.scoring {
        types.push("scoring".into());
    }
    if kind.interactive {
        types.push("interactive".into());
    }
    if kind.multi_pass {
        types.push("multi-pass".into());
    }
    let kind_value = match types.len() {
        0 => "pass-fail".into(),
        1 => types.remove(0),
        _ => Value::Sequence(types),
    };
    out.insert("type".into(), kind_value);
    if let Some(credits) = raw.get("credits").or_else(|| raw.get("author")) {
        out.insert("credits".into(), credits.clone());
    }
    if let Some(source) = raw.get("source") {
        let value = match raw.get("source_url") {
            Some(url) => {
                let mut map = Mapping::new();
                map.insert("name".into(), source.clone());
                map.insert("url".into(), url.clone());
                Value::Mapping(map)
            }
            None => source.clone(),
        };
        out.insert("source".into(), value);
    }
    for key in SHARED_KEYS {
        if let Some(value) = raw.get(*key) {
            out.insert((*key).into(), value.clone());
        }
    }
    if let Some(keywords) = raw.get("keywords") {
        let list = match keywords {
            Value::String(words) => words.split_whitespace().map(Value::from).collect(),
            Value::Sequence(words) => words.clone(),
            other => vec![other.clone()],
        };
        out.insert("keywords".into(), Value::Sequence(list));
    }
    if raw.contains_key("grading") {
        return Err(cannot(
            "grading",
            FORMAT,
            "its scoring is set per test group; leapfrog does not translate it",
        ));
    }
    out.insert("limits".into(), Value::Mapping(modern_limits(package, raw)));
    // Keys only the 2025-09 format has carry over from a package in that format.
    let modern_only = [
        "constants",
        "embargo_until",
        "allow_file_writing",
        "languages",
    ];
    for key in modern_only {
        if let Some(value) = raw.get(key) {
            out.insert(key.into(), value.clone());
        }
    }
    let known = [
        "problem_format_version",
        "name",
        "uuid",
        "type",
        "validation",
        "author",
        "credits",
        "source",
        "source_url",
        "keywords",
        "limits",
        "license",
        "rights_owner",
        // Turned into data/test_group.yaml's output_validator_args (see super::modern).
        "validator_flags",
    ];
    refuse_unknown(raw, &known, &modern_only, FORMAT)?;
    Ok(out)
}

/// `limits` in the 2025-09 spelling, with the package's time limit if it gives one.
fn modern_limits(package: &Package, raw: &Mapping) -> Mapping {
    let mut limits = Mapping::new();
    // A package without a time limit has it inferred from its accepted programs, in both
    // formats alike: writing today's default would change the problem.
    if package.config.time_limit_given {
        limits.insert(
            "time_limit".into(),
            Value::from(package.config.limits.time_s.get()),
        );
    }
    let mut margins = Mapping::new();
    if let Some(Value::Mapping(ours)) = raw.get("limits") {
        for (key, value) in ours {
            let name = key.as_str().unwrap_or_default();
            if name == "time_limit" {
                continue;
            }
            match MARGINS.iter().find(|(legacy, _)| *legacy == name) {
                Some((_, modern)) => {
                    margins.insert((*modern).into(), value.clone());
                }
                None => {
                    limits.insert(key.clone(), value.clone());
                }
            }
        }
    }
    if !margins.is_empty() {
        limits.insert("time_multipliers".into(), Value::Mapping(margins));
    }
    limits
}

/// Fails on the first key of `raw` that is neither `known` nor `also`.
fn refuse_unknown(
    raw: &Mapping,
    known: &[&str],
    also: &[&str],
    format: &str,
) -> anyhow::Result<()> {
    for key in raw.keys().filter_map(Value::as_str) {
        if !known.contains(&key) && !also.contains(&key) {
            return Err(cannot(key, format, "it has no such key"));
        }
    }
    Ok(())
}

/// The uuid of a package that has none, the same across exports (contest systems use it to
/// recognise a re-uploaded problem): SHA-256 of the short name, shaped as a version-8 UUID.
pub fn stable_uuid(short_name: &str) -> String {
    let digest = Sha256::digest(format!("leapfrog problem {short_name}").as_bytes());
    leapfrog_util::uuid_text(&digest, 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_are_stable_and_well_formed() {
        let a = stable_uuid("checkers");
        assert_eq!(a, stable_uuid("checkers"));
        assert_ne!(a, stable_uuid("shifting"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "8");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"));
    }
}
