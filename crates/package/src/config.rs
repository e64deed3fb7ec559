//! `problem.yaml`: the parts of the legacy and 2025-09 formats leapfrog uses (what differs
//! between the versions is in [`super::format`]; a `.timelimit` file, as DOMjudge and BAPCtools
//! write it, works too).

use std::path::Path;

use crate::error::ConfigError;
use serde::Deserialize;

use leapfrog_runner::units::{Mebibytes, Seconds};

/// Limits a package sets. Missing values take the Kattis system defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// CPU time per test.
    pub time_s: Seconds,
    /// Memory.
    pub memory_mib: Mebibytes,
    /// Output size.
    pub output_mib: Mebibytes,
    /// CPU time for input and output validators.
    pub validation_time_s: Seconds,
    /// Memory for validators.
    pub validation_memory_mib: Mebibytes,
    /// CPU time for compiling a submission, when the package sets it; the format's default
    /// (60 s) otherwise.
    pub compilation_time_s: Option<Seconds>,
    /// Memory for compiling a submission, when the package sets it; the format's default
    /// (2048 MiB) otherwise.
    pub compilation_memory_mib: Option<Mebibytes>,
    /// The wall-clock limit of a submission's run, when the judge sets it apart from the CPU
    /// limit (`verify` runs programs past the time limit; see `Judge::measure_beyond`); else
    /// the runner's default, 1.5 × the CPU limit + 1 s.
    pub wall_s: Option<Seconds>,
}

impl Default for Limits {
    fn default() -> Self {
        let seconds = |s| Seconds::new(s).expect("a valid default");
        let mib = |m| Mebibytes::new(m).expect("a valid default");
        Limits {
            time_s: seconds(1.0),
            memory_mib: mib(1024),
            output_mib: mib(8),
            validation_time_s: seconds(60.0),
            validation_memory_mib: mib(1024),
            compilation_time_s: None,
            compilation_memory_mib: None,
            wall_s: None,
        }
    }
}

impl Limits {
    /// The limits a submission's compiler runs under: the package's `compilation_time` and
    /// `compilation_memory`, else the format's defaults.
    pub fn compiler(&self) -> leapfrog_runner::RunLimits {
        let time = self.compilation_time_s.map_or(
            std::time::Duration::from_secs(leapfrog_runner::DEFAULT_COMPILATION_TIME_S),
            Seconds::duration,
        );
        let memory = self.compilation_memory_mib.map_or(
            leapfrog_runner::DEFAULT_COMPILATION_MEMORY_MIB << 20,
            Mebibytes::bytes,
        );
        leapfrog_runner::RunLimits::compiler_within(time, memory)
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
    /// The `problem_format_version` (see `package::format`).
    pub format: super::FormatVersion,
    /// Pass-fail or scoring, interactive, multi-pass (see `package::problem_type`).
    pub kind: super::ProblemType,
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
    compilation_time: Option<f64>,
    compilation_memory: Option<u64>,
}

impl ProblemConfig {
    /// Reads `problem.yaml` (and `.timelimit`) from a package directory.
    pub fn load(root: &Path) -> Result<ProblemConfig, ConfigError> {
        let path = root.join("problem.yaml");
        let text = crate::yaml_file::read(&path)?;
        let mut format = super::FormatVersion::Legacy;
        let mut kind = super::ProblemType::default();
        let raw: RawConfig = if text.trim().is_empty() {
            RawConfig {
                name: None,
                validation: None,
                validator_flags: None,
                limits: None,
            }
        } else {
            let value: serde_yaml_ng::Value =
                serde_yaml_ng::from_str(&text).map_err(ConfigError::yaml(path.display()))?;
            format = super::FormatVersion::of(&value, &path)?;
            super::config_keys::check(&value, &text, &path)?;
            format.check_keys(&value, &text, &path)?;
            kind = super::ProblemType::from_yaml(&value, &path)?;
            serde_yaml_ng::from_value(value).map_err(ConfigError::yaml(path.display()))?
        };
        let time_from_file = raw_limits_time(&raw, root)?;
        let name = raw.name.map(|n| match n {
            RawName::Plain(s) => s,
            RawName::ByLanguage(map) => map
                .get("en")
                .or_else(|| map.values().next())
                .cloned()
                .unwrap_or_default(),
        });
        format.check_folders(root)?;
        let mut validation = match parse_validation(raw.validation.as_deref(), &path)? {
            // 2025-09 has no `validation` key: the output validator is used when it exists.
            Validation::Default if format.is_modern() && raw.validation.is_none() => {
                match format.has_output_validator(root) {
                    true => Validation::Custom,
                    false => Validation::Default,
                }
            }
            v => v,
        };
        if kind.needs_custom_validator() {
            validation = Validation::Custom;
        }
        let validator_flags = raw
            .validator_flags
            .map(|f| f.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let limits = limits(raw.limits.unwrap_or_default(), time_from_file, &path)?;
        Ok(ProblemConfig {
            name,
            validation,
            validator_flags,
            limits: limits.0,
            time_limit_given: limits.1,
            format,
            kind,
        })
    }
}

/// The `validation` key: `default`, or `custom` (the words after it, `interactive` and
/// `score`, are read by [`super::ProblemType`]).
fn parse_validation(validation: Option<&str>, path: &Path) -> Result<Validation, ConfigError> {
    Ok(match validation.map(str::trim) {
        None | Some("default") => Validation::Default,
        Some(v) if v.split_whitespace().next() == Some("custom") => Validation::Custom,
        Some(v) => {
            return Err(ConfigError::invalid(
                path.display(),
                format_args!("validation must be 'default' or 'custom', not '{v}'"),
            ));
        }
    })
}

/// The time limit from `.timelimit`, when problem.yaml does not set `limits.time_limit`.
fn raw_limits_time(raw: &RawConfig, root: &Path) -> Result<Option<Seconds>, ConfigError> {
    if raw.limits.as_ref().is_some_and(|l| l.time_limit.is_some()) {
        return Ok(None);
    }
    let file = root.join(".timelimit");
    if !file.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&file).map_err(ConfigError::io("reading", &file))?;
    Seconds::parse(&text)
        .map(Some)
        .map_err(|why| ConfigError::invalid(file.display(), format_args!("the time limit: {why}")))
}

/// The package's limits, each key checked (and named when it is wrong), defaults for the
/// missing ones; and whether the package set the time limit.
fn limits(
    raw: RawLimits,
    time_from_file: Option<Seconds>,
    path: &Path,
) -> Result<(Limits, bool), ConfigError> {
    let defaults = Limits::default();
    let seconds = |key: &str, value: Option<f64>, default: Seconds| {
        value.map_or(Ok(default), |v| {
            Seconds::new(v).map_err(|why| {
                ConfigError::invalid(path.display(), format_args!("limits.{key}: {why}"))
            })
        })
    };
    let mib = |key: &str, value: Option<u64>, default: Mebibytes| {
        value.map_or(Ok(default), |v| {
            Mebibytes::new(v).map_err(|why| {
                ConfigError::invalid(path.display(), format_args!("limits.{key}: {why}"))
            })
        })
    };
    let given = raw.time_limit.is_some() || time_from_file.is_some();
    let time = seconds(
        "time_limit",
        raw.time_limit,
        time_from_file.unwrap_or(defaults.time_s),
    )?;
    let limits = Limits {
        time_s: time,
        memory_mib: mib("memory", raw.memory, defaults.memory_mib)?,
        output_mib: mib("output", raw.output, defaults.output_mib)?,
        validation_time_s: seconds(
            "validation_time",
            raw.validation_time,
            defaults.validation_time_s,
        )?,
        validation_memory_mib: mib(
            "validation_memory",
            raw.validation_memory,
            defaults.validation_memory_mib,
        )?,
        compilation_time_s: raw
            .compilation_time
            .map(|t| seconds("compilation_time", Some(t), defaults.time_s))
            .transpose()?,
        compilation_memory_mib: raw
            .compilation_memory
            .map(|m| mib("compilation_memory", Some(m), defaults.memory_mib))
            .transpose()?,
        wall_s: None,
    };
    Ok((limits, given))
}
