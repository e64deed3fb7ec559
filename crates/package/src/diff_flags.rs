//! The arguments of the default output validator (the token diff): which flags it knows and
//! what they mean. The package model checks them where a settings file writes them; the diff
//! (`leapfrog-judge`'s `checking::diff`) compares by them.

/// A `validator_flags` word the default output validator cannot read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FlagError {
    #[error("validator flag {name} needs a number")]
    NeedsNumber { name: String },
    #[error("validator flag {name}: '{value}' is not a non-negative number")]
    NotANumber { name: String, value: String },
    #[error("unknown flag '{flag}' for the default output validator")]
    Unknown { flag: String },
}

/// The flags of the default validator, parsed from `validator_flags`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DiffFlags {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    pub float_absolute_tolerance: Option<f64>,
    pub float_relative_tolerance: Option<f64>,
}

impl DiffFlags {
    /// Reads the words of `output_validator_args` (or legacy `validator_flags`).
    pub fn parse(flags: &[String]) -> Result<DiffFlags, FlagError> {
        let mut parsed = DiffFlags::default();
        let mut words = flags.iter();
        while let Some(flag) = words.next() {
            let mut number = |name: &str| -> Result<f64, FlagError> {
                let Some(value) = words.next() else {
                    return Err(FlagError::NeedsNumber { name: name.into() });
                };
                match value.parse::<f64>() {
                    Ok(v) if v >= 0.0 && v.is_finite() => Ok(v),
                    _ => Err(FlagError::NotANumber {
                        name: name.into(),
                        value: value.clone(),
                    }),
                }
            };
            match flag.as_str() {
                "case_sensitive" => parsed.case_sensitive = true,
                "space_change_sensitive" => parsed.space_change_sensitive = true,
                "float_absolute_tolerance" => {
                    parsed.float_absolute_tolerance = Some(number("float_absolute_tolerance")?)
                }
                "float_relative_tolerance" => {
                    parsed.float_relative_tolerance = Some(number("float_relative_tolerance")?)
                }
                "float_tolerance" => {
                    let t = number("float_tolerance")?;
                    parsed.float_absolute_tolerance = Some(t);
                    parsed.float_relative_tolerance = Some(t);
                }
                other => return Err(FlagError::Unknown { flag: other.into() }),
            }
        }
        Ok(parsed)
    }

    /// Whether numbers are compared as numbers (a float tolerance is set).
    pub fn uses_floats(&self) -> bool {
        self.float_absolute_tolerance.is_some() || self.float_relative_tolerance.is_some()
    }
}
