//! Which version of the problem package format a package is written in
//! (`problem_format_version` in problem.yaml), and what differs between the versions leapfrog
//! reads: the names of the statement and output validator folders, the keys problem.yaml may
//! hold, and how the output validator is chosen.
//!
//! - legacy (no `problem_format_version`, or `legacy` / `legacy-icpc`): `problem_statement/`,
//!   `output_validators/` used when `validation: custom`, `validator_flags`, `testdata.yaml`;
//! - 2025-09: `statement/`, `output_validator/` used whenever it exists, no `validation` or
//!   `validator_flags`, `test_group.yaml` with `*_args` lists;
//! - the 2023-07 draft (`2023-07-draft`, `draft`): read as 2025-09, except that a `validation`
//!   key is still accepted.

use std::path::{Path, PathBuf};

use crate::error::ConfigError;
use serde_yaml_ng::Value;

/// A version of the package format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FormatVersion {
    /// The format before `problem_format_version` existed.
    #[default]
    Legacy,
    /// The 2023-07 draft, read where it agrees with 2025-09.
    Draft2023,
    /// The 2025-09 format.
    V2025,
}

/// The values of `problem_format_version` leapfrog reads, for messages.
const SUPPORTED: &str = "legacy, legacy-icpc, 2023-07-draft (or draft), 2025-09";

impl FormatVersion {
    /// The version a parsed problem.yaml declares; a version leapfrog does not read is an error
    /// naming it.
    pub fn of(top: &Value, path: &Path) -> Result<FormatVersion, ConfigError> {
        let Some(value) = top.get("problem_format_version") else {
            return Ok(FormatVersion::Legacy);
        };
        let text = match value {
            Value::String(s) => s.trim().to_string(),
            Value::Null => return Ok(FormatVersion::Legacy),
            other => {
                return Err(ConfigError::invalid(
                    path.display(),
                    format_args!(
                        "problem_format_version must be text such as 2025-09, not {}",
                        serde_yaml_ng::to_string(other)
                            .unwrap_or_default()
                            .trim_end()
                    ),
                ));
            }
        };
        Ok(match text.as_str() {
            "legacy" | "legacy-icpc" => FormatVersion::Legacy,
            "2023-07-draft" | "2023-07" | "draft" => FormatVersion::Draft2023,
            "2025-09" => FormatVersion::V2025,
            _ => {
                return Err(ConfigError::invalid(
                    path.display(),
                    format_args!(
                        "problem_format_version '{text}' is not supported (leapfrog reads {SUPPORTED})"
                    ),
                ));
            }
        })
    }

    /// How problem.yaml spells it.
    pub fn label(self) -> &'static str {
        match self {
            FormatVersion::Legacy => "legacy",
            FormatVersion::Draft2023 => "2023-07-draft",
            FormatVersion::V2025 => "2025-09",
        }
    }

    /// Whether the package uses the layout of 2025-09 (and of the 2023-07 draft).
    pub fn is_modern(self) -> bool {
        self != FormatVersion::Legacy
    }

    /// The folder of the problem statement.
    pub fn statement_folder(self) -> &'static str {
        if self.is_modern() {
            "statement"
        } else {
            "problem_statement"
        }
    }

    /// The folder of the output validator: the program itself in 2025-09, a folder of
    /// programs (exactly one) in legacy.
    pub fn output_validator_folder(self) -> &'static str {
        if self.is_modern() {
            "output_validator"
        } else {
            "output_validators"
        }
    }

    /// Top-level keys of problem.yaml this version does not have, each with what replaces it.
    fn removed_keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            FormatVersion::Legacy => &[],
            FormatVersion::Draft2023 => &[(
                "validator_flags",
                "give output_validator_args in data/test_group.yaml",
            )],
            FormatVersion::V2025 => &[
                (
                    "validation",
                    "the program in output_validator/ is used when it exists, and `type` says whether the problem is interactive or scoring",
                ),
                (
                    "validator_flags",
                    "give output_validator_args in data/test_group.yaml",
                ),
                ("author", "write `credits: {authors: ...}`"),
                ("source_url", "write `source: {name: ..., url: ...}`"),
                ("grading", "scoring is set in test_group.yaml"),
                ("scoring", "scoring is set in test_group.yaml"),
            ],
        }
    }

    /// Keys under `limits` this version does not have, each with what replaces it.
    fn removed_limit_keys(self) -> &'static [(&'static str, &'static str)] {
        if self.is_modern() {
            &[
                (
                    "time_multiplier",
                    "write `time_multipliers: {ac_to_time_limit: ...}`",
                ),
                (
                    "time_safety_margin",
                    "write `time_multipliers: {time_limit_to_tle: ...}`",
                ),
            ]
        } else {
            &[]
        }
    }

    /// Checks the keys of problem.yaml that the declared version does not define, naming the
    /// key, its line, the version and what to write instead: those that only describe the
    /// problem (`author`, `source_url`) are warnings; the others are refused, as read under
    /// another version's rules they would be ignored or misread, and verdicts change.
    pub fn check_keys(self, top: &Value, text: &str, path: &Path) -> Result<(), ConfigError> {
        const DESCRIPTIVE: [&str; 2] = ["author", "source_url"];
        for (key, instead) in self.removed_keys() {
            if top.get(*key).is_some() {
                let message = format!(
                    "{}: `{key}` is not a key of problem_format_version {} ({instead})",
                    leapfrog_util::at_key(path, text, &[key]),
                    self.label()
                );
                if DESCRIPTIVE.contains(key) {
                    leapfrog_util::warn(&format!("{message}; it is ignored"));
                } else {
                    return Err(ConfigError::rule(message));
                }
            }
        }
        if let Some(limits) = top.get("limits") {
            for (key, instead) in self.removed_limit_keys() {
                if limits.get(*key).is_some() {
                    return Err(ConfigError::invalid(
                        leapfrog_util::at_key(path, text, &["limits", key]),
                        format_args!(
                            "`limits.{key}` is not a key of problem_format_version {} ({instead})",
                            self.label()
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Refuses a package whose folders are named as another version names them (such a
    /// package would otherwise be judged without its output validator). The 2023-07 draft
    /// was read with both spellings (problemtools reads `problem_statement/` and
    /// `output_validators/` there), so both are accepted in it.
    pub fn check_folders(self, root: &Path) -> Result<(), ConfigError> {
        if self == FormatVersion::Draft2023 {
            return Ok(());
        }
        let pairs = [
            ("output_validators", "output_validator"),
            ("problem_statement", "statement"),
        ];
        for (legacy, modern) in pairs {
            let (wrong, right) = if self.is_modern() {
                (legacy, modern)
            } else {
                (modern, legacy)
            };
            if root.join(wrong).is_dir() && !root.join(right).exists() {
                return Err(ConfigError::invalid(
                    root.join(wrong).display(),
                    format_args!(
                        "problem_format_version {} reads {right}/, not {wrong}/ (rename the folder, or set problem_format_version to {})",
                        self.label(),
                        if self.is_modern() {
                            "legacy"
                        } else {
                            "2025-09"
                        }
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Whether the package at `root` has an output validator folder, as this version names it
    /// (the 2023-07 draft: either spelling).
    pub fn has_output_validator(self, root: &Path) -> bool {
        root.join(self.output_validator_folder()).exists()
            || self == FormatVersion::Draft2023 && root.join("output_validators").is_dir()
    }
}

/// The program in `output_validator/` of a 2025-09 package: the folder itself (a program of
/// several files, or with `build` / `run` scripts), or its one file when it holds exactly one.
pub fn modern_output_validator(root: &Path) -> Result<Option<PathBuf>, crate::PackageError> {
    let dir = root.join("output_validator");
    if !dir.is_dir() {
        return Ok(None);
    }
    let programs = super::programs_in(&dir)?;
    match programs.as_slice() {
        [] => {
            Err(ConfigError::invalid(dir.display(), "the output validator folder is empty").into())
        }
        [one] if one.is_file() => Ok(Some(one.clone())),
        _ => Ok(Some(dir)),
    }
}
