//! The kind of problem a package is: pass-fail or scoring, and whether it is interactive and
//! multi-pass. Read from the 2025-09 `type:` key (one name or a list of names) or from the
//! legacy `validation: custom interactive` / `custom score` words, plus the pass limit
//! (`limits.validation_passes`, default 2).

use std::path::Path;

use crate::error::ConfigError;
use serde_yaml_ng::Value;

/// How many passes a multi-pass problem may take when the package does not say.
pub const DEFAULT_PASSES: u32 = 2;

/// What kind of problem a package holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProblemType {
    /// The submission talks with the output validator through pipes.
    pub interactive: bool,
    /// The validator may ask for another pass by writing `nextpass.in`.
    pub multi_pass: bool,
    /// Tests give scores rather than only accepted / rejected.
    pub scoring: bool,
    /// The most passes a multi-pass run may take (`limits.validation_passes`).
    pub passes: u32,
}

impl Default for ProblemType {
    fn default() -> Self {
        ProblemType {
            interactive: false,
            multi_pass: false,
            scoring: false,
            passes: DEFAULT_PASSES,
        }
    }
}

impl ProblemType {
    /// Whether the problem needs the package's own output validator (interactive and
    /// multi-pass problems cannot be judged by the default diff).
    pub fn needs_custom_validator(&self) -> bool {
        self.interactive || self.multi_pass
    }

    /// `pass-fail`, `scoring interactive multi-pass`, ...: the type as the 2025-09 format
    /// spells it.
    pub fn describe(&self) -> String {
        let mut words = vec![if self.scoring { "scoring" } else { "pass-fail" }];
        if self.interactive {
            words.push("interactive");
        }
        if self.multi_pass {
            words.push("multi-pass");
        }
        words.join(" ")
    }

    /// Reads the type from a parsed `problem.yaml` (a mapping): `type:`, the words after
    /// `validation: custom`, and `limits.validation_passes`. Errors name the file and the key.
    pub fn from_yaml(top: &Value, path: &Path) -> Result<ProblemType, ConfigError> {
        let mut kind = ProblemType::default();
        let shown = path.display();
        match top.get("type") {
            None | Some(Value::Null) => {}
            Some(Value::String(one)) => kind.add_names(one.split_whitespace(), path)?,
            Some(Value::Sequence(list)) => {
                let mut names = Vec::new();
                for item in list {
                    let Some(name) = item.as_str() else {
                        return Err(ConfigError::invalid(
                            &shown,
                            format_args!("type: each entry must be a name such as interactive"),
                        ));
                    };
                    names.push(name);
                }
                kind.add_names(names.into_iter(), path)?;
            }
            Some(_) => {
                return Err(ConfigError::invalid(
                    &shown,
                    format_args!(
                        "type must be a name or a list of names (type: [interactive, multi-pass])"
                    ),
                ));
            }
        }
        if let Some(words) = top.get("validation").and_then(Value::as_str) {
            let mut words = words.split_whitespace();
            if words.next() == Some("custom") {
                for word in words {
                    match word {
                        "interactive" => kind.interactive = true,
                        "score" => kind.scoring = true,
                        // Not in the legacy spec's list, but DOMjudge reads it, and packages
                        // written for DOMjudge use it.
                        "multi-pass" => kind.multi_pass = true,
                        other => {
                            return Err(ConfigError::invalid(
                                &shown,
                                format_args!(
                                    "validation: unknown word '{other}' after custom (expected interactive, score or multi-pass)"
                                ),
                            ));
                        }
                    }
                }
            }
        }
        kind.passes = passes(top, path)?;
        Ok(kind)
    }

    fn add_names<'a>(
        &mut self,
        names: impl Iterator<Item = &'a str>,
        path: &Path,
    ) -> Result<(), ConfigError> {
        let shown = path.display();
        let mut pass_fail = false;
        for name in names {
            match name {
                "pass-fail" => pass_fail = true,
                "scoring" => self.scoring = true,
                "interactive" => self.interactive = true,
                "multi-pass" => self.multi_pass = true,
                "submit-answer" => {
                    return Err(ConfigError::invalid(
                        &shown,
                        format_args!(
                            "type: submit-answer problems are not supported (only pass-fail, scoring, interactive, multi-pass)"
                        ),
                    ));
                }
                other => {
                    return Err(ConfigError::invalid(
                        &shown,
                        format_args!(
                            "type: unknown problem type '{other}' (expected pass-fail, scoring, interactive or multi-pass)"
                        ),
                    ));
                }
            }
        }
        if pass_fail && self.scoring {
            return Err(ConfigError::invalid(
                &shown,
                format_args!("type: a problem cannot be both pass-fail and scoring"),
            ));
        }
        Ok(())
    }
}

impl ProblemType {
    /// What a sample's `.interaction` file says about a problem of this type: nothing for an
    /// interactive or multi-pass one, the only types the format gives such files; otherwise a
    /// warning that the type is likely missing from problem.yaml (in the words of the
    /// package's format, `modern` or legacy), as its output validator is then run on each
    /// finished output rather than talking to the submission.
    pub(crate) fn interaction_hint(&self, file: &Path, modern: bool) -> Option<String> {
        if self.interactive || self.multi_pass {
            return None;
        }
        let key = match modern {
            true => "`type: interactive`",
            false => {
                "`validation: custom interactive` (`type: interactive` from format 2023-07 on)"
            }
        };
        Some(format!(
            "{}: `.interaction` samples belong to interactive and multi-pass problems, but \
             problem.yaml makes this problem neither, so its output validator is run on each \
             submission's output after the run instead of talking to it; if it is an \
             interactor, add {key} to problem.yaml",
            leapfrog_util::inert(&file.display().to_string())
        ))
    }
}

/// `limits.validation_passes` (2025-09) or the top-level `validation_passes`: at least 2.
fn passes(top: &Value, path: &Path) -> Result<u32, ConfigError> {
    let given = top
        .get("limits")
        .and_then(|l| l.get("validation_passes"))
        .or_else(|| top.get("validation_passes"));
    let Some(value) = given else {
        return Ok(DEFAULT_PASSES);
    };
    match value.as_u64() {
        Some(n @ 2..=1000) => Ok(n as u32),
        _ => Err(ConfigError::invalid(
            path.display(),
            format_args!(
                "limits.validation_passes must be a whole number from 2 to 1000, not {}",
                serde_yaml_ng::to_string(value)
                    .unwrap_or_default()
                    .trim_end()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<ProblemType, ConfigError> {
        let value: Value = serde_yaml_ng::from_str(text).unwrap();
        ProblemType::from_yaml(&value, Path::new("problem.yaml"))
    }

    #[test]
    fn the_2025_type_key_in_both_shapes() {
        let kind = read("type: [interactive, multi-pass]\n").unwrap();
        assert!(kind.interactive && kind.multi_pass && !kind.scoring);
        assert_eq!(kind.passes, 2);
        let kind = read("type: scoring\nlimits: {validation_passes: 3}\n").unwrap();
        assert!(kind.scoring && !kind.interactive);
        assert_eq!(kind.passes, 3);
        assert_eq!(read("name: x\n").unwrap(), ProblemType::default());
    }

    #[test]
    fn an_interaction_file_is_a_hint_only_outside_interactive_and_multi_pass() {
        let file = Path::new("data/sample/1.interaction");
        for yaml in [
            "type: interactive\n",
            "type: multi-pass\n",
            "validation: custom interactive\n",
        ] {
            assert_eq!(
                read(yaml).unwrap().interaction_hint(file, true),
                None,
                "{yaml}"
            );
        }
        let plain = read("type: pass-fail\n").unwrap();
        let hint = plain.interaction_hint(file, true).unwrap();
        assert!(hint.starts_with("data/sample/1.interaction: "), "{hint}");
        assert!(
            hint.ends_with("add `type: interactive` to problem.yaml"),
            "{hint}"
        );
        let hint = plain.interaction_hint(file, false).unwrap();
        assert!(
            hint.contains("add `validation: custom interactive`"),
            "{hint}"
        );
    }

    #[test]
    fn the_legacy_validation_words() {
        let kind = read("validation: custom interactive score\n").unwrap();
        assert!(kind.interactive && kind.scoring && !kind.multi_pass);
        let kind = read("validation: custom multi-pass\n").unwrap();
        assert!(kind.multi_pass && !kind.interactive);
    }

    #[test]
    fn bad_types_are_named() {
        let err = read("type: [interactive, pass-fail, scoring]\n").unwrap_err();
        assert!(
            err.to_string().contains("both pass-fail and scoring"),
            "{err}"
        );
        let err = read("type: interactve\n").unwrap_err();
        assert!(err.to_string().contains("'interactve'"), "{err}");
        let err = read("limits: {validation_passes: 1}\n").unwrap_err();
        assert!(err.to_string().contains("validation_passes"), "{err}");
    }
}
