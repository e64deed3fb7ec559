//! `problem.yaml`: the parts of the legacy Kattis format leapfrog uses, plus `limits.time_limit`
//! from the 2023-07 format (a `.timelimit` file, as DOMjudge and BAPCtools write it, works too).

use std::path::Path;

use anyhow::{Context, bail};
use serde::Deserialize;

/// Limits a package sets. Missing values take the Kattis system defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// CPU time per test, in seconds.
    pub time_s: f64,
    /// Memory, in MiB.
    pub memory_mib: u64,
    /// Output size, in MiB.
    pub output_mib: u64,
    /// CPU time for input and output validators, in seconds.
    pub validation_time_s: f64,
    /// Memory for validators, in MiB.
    pub validation_memory_mib: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time_s: 1.0,
            memory_mib: 1024,
            output_mib: 8,
            validation_time_s: 60.0,
            validation_memory_mib: 1024,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validation {
    /// The standard token diff with `validator_flags`.
    Default,
    /// The package's own output validator.
    Custom,
}

#[derive(Debug, Clone)]
pub struct ProblemConfig {
    pub name: Option<String>,
    pub validation: Validation,
    /// Flags for the output validator (default or custom), split on white space.
    pub validator_flags: Vec<String>,
    pub limits: Limits,
    /// Whether the time limit came from the package (rather than the default).
    pub time_limit_given: bool,
}

#[derive(Debug, Deserialize)]
struct RawConfig {
    #[serde(default)]
    name: Option<RawName>,
    #[serde(default)]
    validation: Option<String>,
    #[serde(default)]
    validator_flags: Option<String>,
    #[serde(default)]
    limits: Option<RawLimits>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawName {
    Plain(String),
    ByLanguage(std::collections::BTreeMap<String, String>),
}

#[derive(Debug, Default, Deserialize)]
struct RawLimits {
    time_limit: Option<f64>,
    memory: Option<u64>,
    output: Option<u64>,
    validation_time: Option<f64>,
    validation_memory: Option<u64>,
}

impl ProblemConfig {
    /// Reads `problem.yaml` (and `.timelimit`) from a package directory.
    pub fn load(root: &Path) -> anyhow::Result<ProblemConfig> {
        let path = root.join("problem.yaml");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let raw: RawConfig = if text.trim().is_empty() {
            RawConfig {
                name: None,
                validation: None,
                validator_flags: None,
                limits: None,
            }
        } else {
            serde_yaml_ng::from_str(&text).with_context(|| format!("{}", path.display()))?
        };
        let name = raw.name.map(|n| match n {
            RawName::Plain(s) => s,
            RawName::ByLanguage(map) => map
                .get("en")
                .or_else(|| map.values().next())
                .cloned()
                .unwrap_or_default(),
        });
        let validation = parse_validation(raw.validation.as_deref(), &path)?;
        let validator_flags = raw
            .validator_flags
            .map(|f| f.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let defaults = Limits::default();
        let raw_limits = raw.limits.unwrap_or_default();
        let mut time_limit = raw_limits.time_limit;
        let timelimit_file = root.join(".timelimit");
        if time_limit.is_none() && timelimit_file.is_file() {
            let text = std::fs::read_to_string(&timelimit_file)
                .with_context(|| format!("reading {}", timelimit_file.display()))?;
            time_limit = Some(text.trim().parse().with_context(|| {
                format!("{}: expected a number of seconds", timelimit_file.display())
            })?);
        }
        if let Some(t) = time_limit
            && !(t.is_finite() && t > 0.0)
        {
            bail!(
                "{}: the time limit must be a positive number of seconds",
                path.display()
            );
        }
        let limits = Limits {
            time_s: time_limit.unwrap_or(defaults.time_s),
            memory_mib: raw_limits.memory.unwrap_or(defaults.memory_mib),
            output_mib: raw_limits.output.unwrap_or(defaults.output_mib),
            validation_time_s: raw_limits
                .validation_time
                .unwrap_or(defaults.validation_time_s),
            validation_memory_mib: raw_limits
                .validation_memory
                .unwrap_or(defaults.validation_memory_mib),
        };
        Ok(ProblemConfig {
            name,
            validation,
            validator_flags,
            limits,
            time_limit_given: time_limit.is_some(),
        })
    }
}

/// The `validation` key: `default`, or `custom` (interactive and scoring validation are not
/// supported).
fn parse_validation(validation: Option<&str>, path: &Path) -> anyhow::Result<Validation> {
    Ok(match validation.map(str::trim) {
        None | Some("default") => Validation::Default,
        Some(v) if v.split_whitespace().next() == Some("custom") => {
            if v.split_whitespace()
                .any(|w| w == "interactive" || w == "score")
            {
                bail!(
                    "{}: validation '{v}' is not supported (only default and custom)",
                    path.display()
                );
            }
            Validation::Custom
        }
        Some(v) => bail!(
            "{}: validation must be 'default' or 'custom', not '{v}'",
            path.display()
        ),
    })
}
