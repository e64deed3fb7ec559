//! How a package's time limit is found and checked: the multipliers of `problem.yaml`
//! (2025-09 `limits.time_multipliers.ac_to_time_limit` / `time_limit_to_tle`, legacy
//! `limits.time_multiplier` / `time_safety_margin`) and `limits.time_resolution`, and the limit
//! inferred from the slowest accepted program when the package gives none, as problemtools
//! computes it.

use std::path::Path;

use crate::error::ConfigError;
use serde_yaml_ng::Value;

/// The time-limit settings of a package.
#[derive(Debug, Clone, PartialEq)]
pub struct Timing {
    /// The slowest lower-bound program × this must be at most the limit.
    pub ac_to_time_limit: f64,
    /// The limit × this must be at most the slowest test of an upper-bound (TLE) program.
    pub time_limit_to_tle: f64,
    /// An inferred limit is a whole number of these seconds.
    pub resolution: f64,
    /// Where the multipliers come from: `problem.yaml`, `2025-09 defaults`, `legacy defaults`.
    pub source: &'static str,
}

impl Timing {
    /// Reads the settings from `problem.yaml`; the defaults depend on
    /// `problem_format_version` (legacy: 5 and 2; 2023-07 and later: 2 and 1.5).
    pub fn load(root: &Path) -> Result<Timing, ConfigError> {
        let path = root.join("problem.yaml");
        let text = crate::yaml_file::read(&path)?;
        let value: Value = if text.trim().is_empty() {
            Value::Null
        } else {
            serde_yaml_ng::from_str(&text).map_err(ConfigError::yaml(path.display()))?
        };
        let legacy = !super::FormatVersion::of(&value, &path)?.is_modern();
        let mut timing = if legacy {
            Timing {
                ac_to_time_limit: 5.0,
                time_limit_to_tle: 2.0,
                resolution: 1.0,
                source: "legacy defaults",
            }
        } else {
            Timing {
                ac_to_time_limit: 2.0,
                time_limit_to_tle: 1.5,
                resolution: 1.0,
                source: "2025-09 defaults",
            }
        };
        let Some(limits) = value.get("limits") else {
            return Ok(timing);
        };
        let number = |v: Option<&Value>, key: &str, min: f64| -> Result<Option<f64>, ConfigError> {
            let Some(v) = v else {
                return Ok(None);
            };
            match v.as_f64() {
                Some(x) if x.is_finite() && x >= min && x > 0.0 => Ok(Some(x)),
                _ => Err(ConfigError::invalid(
                    path.display(),
                    format_args!(
                        "limits.{key} must be a number of at least {min}{}, not {}",
                        if min >= 1.0 {
                            " (a factor: the limit is never below the time it multiplies)"
                        } else {
                            ""
                        },
                        shown(v)
                    ),
                )),
            }
        };
        let multipliers = limits.get("time_multipliers");
        if let Some(m) = multipliers
            && !m.is_mapping()
        {
            return Err(ConfigError::invalid(
                path.display(),
                format_args!(
                    "limits.time_multipliers must be a mapping (time_multipliers: {{ac_to_time_limit: 2, time_limit_to_tle: 1.5}})"
                ),
            ));
        }
        let read = [
            (
                number(
                    multipliers.and_then(|m| m.get("ac_to_time_limit")),
                    "time_multipliers.ac_to_time_limit",
                    1.0,
                )?,
                number(limits.get("time_multiplier"), "time_multiplier", 1.0)?,
            ),
            (
                number(
                    multipliers.and_then(|m| m.get("time_limit_to_tle")),
                    "time_multipliers.time_limit_to_tle",
                    1.0,
                )?,
                number(limits.get("time_safety_margin"), "time_safety_margin", 1.0)?,
            ),
        ];
        if let Some(ac) = read[0].0.or(read[0].1) {
            timing.ac_to_time_limit = ac;
            timing.source = "problem.yaml";
        }
        if let Some(tle) = read[1].0.or(read[1].1) {
            timing.time_limit_to_tle = tle;
            timing.source = "problem.yaml";
        }
        if let Some(r) = number(limits.get("time_resolution"), "time_resolution", 0.0)? {
            timing.resolution = r;
        }
        Ok(timing)
    }

    /// The limit for a slowest lower-bound time: the smallest whole number of resolution steps
    /// (at least one) not below `slowest × ac_to_time_limit`.
    pub fn infer(&self, slowest_s: f64) -> f64 {
        let exact = slowest_s * self.ac_to_time_limit;
        // A hair of slack so that 0.3 × 5 = 1.5000000000000002 stays 1.5 steps.
        let steps = ((exact / self.resolution) - 1e-9).ceil().max(1.0);
        steps * self.resolution
    }
}

/// A YAML value as the setter wrote it (`0.5`, `fast`), not as Rust debugs it.
fn shown(value: &Value) -> String {
    serde_yaml_ng::to_string(value)
        .map(|text| text.trim_end().to_string())
        .unwrap_or_else(|_| format!("{value:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inferred_limits_are_whole_steps_above_the_margin() {
        let t = Timing {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            resolution: 1.0,
            source: "2025-09 defaults",
        };
        assert_eq!(t.infer(1.0), 2.0);
        assert_eq!(t.infer(1.01), 3.0);
        assert_eq!(t.infer(0.01), 1.0);
        let fine = Timing {
            resolution: 0.25,
            ..t
        };
        assert_eq!(fine.infer(0.6), 1.25);
    }

    fn load(yaml: &str) -> Result<Timing, ConfigError> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("problem.yaml"), yaml).unwrap();
        Timing::load(dir.path())
    }

    #[test]
    fn multipliers_by_version_and_key() {
        let legacy = load("name: x\n").unwrap();
        assert_eq!(
            (legacy.ac_to_time_limit, legacy.time_limit_to_tle),
            (5.0, 2.0)
        );
        let new = load("problem_format_version: 2025-09\n").unwrap();
        assert_eq!((new.ac_to_time_limit, new.time_limit_to_tle), (2.0, 1.5));
        let set = load("problem_format_version: 2025-09\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 3\n  time_resolution: 0.5\n").unwrap();
        assert_eq!((set.ac_to_time_limit, set.time_limit_to_tle), (3.0, 1.5));
        assert_eq!(set.resolution, 0.5);
        let old = load("limits:\n  time_multiplier: 4\n  time_safety_margin: 3\n").unwrap();
        assert_eq!((old.ac_to_time_limit, old.time_limit_to_tle), (4.0, 3.0));
        let err = load("limits:\n  time_multiplier: 0.5\n").unwrap_err();
        assert!(
            crate::error::chain(&err).contains("limits.time_multiplier"),
            "{}",
            crate::error::chain(&err)
        );
    }
}
