//! Validated quantities for limits: a time in seconds and a size in MiB that cannot hold a
//! negative, zero, NaN, infinite or absurdly large value. Command-line options and package
//! files are parsed into these at the edge, so nothing further in can panic on a bad number.

use std::fmt;
use std::time::Duration;

/// A positive, finite number of seconds, at most [`Seconds::MAX`].
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Seconds(f64);

impl Seconds {
    /// About 11.5 days: far beyond any contest limit, far below what durations can hold.
    pub const MAX: f64 = 1e6;

    /// The value when it is positive, finite and at most [`Seconds::MAX`]; otherwise why not
    /// (the reason starts with the value).
    pub fn new(value: f64) -> Result<Seconds, String> {
        let shown =
            if value.is_finite() && (value.abs() >= 1e7 || (value != 0.0 && value.abs() < 1e-4)) {
                format!("{value:e}")
            } else {
                value.to_string()
            };
        if value.is_nan() {
            Err("NaN is not a number of seconds".into())
        } else if value <= 0.0 {
            Err(format!("{shown} is not positive"))
        } else if value > Self::MAX {
            Err(format!(
                "{shown} is more than the maximum of {} s",
                Self::MAX
            ))
        } else {
            Ok(Seconds(value))
        }
    }

    /// Parses a number of seconds (`1`, `0.5`, `2e1`).
    pub fn parse(text: &str) -> Result<Seconds, String> {
        let text = text.trim();
        let value: f64 = text
            .parse()
            .map_err(|_| format!("'{text}' is not a number of seconds"))?;
        Seconds::new(value)
    }

    pub fn get(self) -> f64 {
        self.0
    }

    pub fn duration(self) -> Duration {
        Duration::from_secs_f64(self.0)
    }
}

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A positive number of MiB, at most [`Mebibytes::MAX`], so that its bytes (and twice them)
/// fit comfortably in a `u64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mebibytes(u64);

impl Mebibytes {
    /// 16 TiB.
    pub const MAX: u64 = 1 << 24;

    /// The value when it is between 1 and [`Mebibytes::MAX`]; otherwise why not (the reason
    /// starts with the value).
    pub fn new(value: u64) -> Result<Mebibytes, String> {
        match value {
            0 => Err("0 MiB is less than the minimum of 1 MiB".into()),
            v if v > Self::MAX => Err(format!(
                "{v} MiB is more than the maximum of {} MiB",
                Self::MAX
            )),
            v => Ok(Mebibytes(v)),
        }
    }

    /// Parses a whole number of MiB.
    pub fn parse(text: &str) -> Result<Mebibytes, String> {
        let text = text.trim();
        if text.starts_with('-') {
            return Err(format!(
                "'{text}': a memory size is a positive whole number of MiB"
            ));
        }
        let value: u64 = text
            .parse()
            .map_err(|_| format!("'{text}' is not a whole number of MiB"))?;
        Mebibytes::new(value)
    }

    pub fn get(self) -> u64 {
        self.0
    }

    pub fn bytes(self) -> u64 {
        self.0 << 20
    }
}

impl fmt::Display for Mebibytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Parses a number of parallel jobs (`--jobs`): a whole number from 1 to 256.
pub fn parse_jobs(text: &str) -> Result<u64, String> {
    let text = text.trim();
    match text.parse::<i64>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n as u64),
        Ok(n) => Err(format!(
            "{n} jobs: give a whole number from 1 to 256 (how many to run at once)"
        )),
        Err(_) => Err(format!(
            "'{text}' is not a number of jobs: give a whole number from 1 to 256"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_refuse_what_a_limit_cannot_be() {
        for bad in ["0", "-1", "NaN", "inf", "-inf", "1e300", "x", ""] {
            assert!(Seconds::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Seconds::parse("0.5").unwrap().get(), 0.5);
        assert_eq!(
            Seconds::parse("1e6").unwrap().duration().as_secs(),
            1_000_000
        );
    }

    #[test]
    fn mebibytes_refuse_zero_and_overflow() {
        for bad in ["0", "-1", "1.5", "18446744073709551615", "16777217"] {
            assert!(Mebibytes::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Mebibytes::parse("256").unwrap().bytes(), 256 << 20);
    }
}
