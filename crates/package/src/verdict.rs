//! Verdicts and how test verdicts combine.

use serde::Serialize;

/// The outcome of one test, or of a whole submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// Accepted.
    #[serde(rename = "AC")]
    Ac,
    /// Wrong answer: the checker rejected the output.
    #[serde(rename = "WA")]
    Wa,
    /// Time limit exceeded (CPU time, or wall time for a program that does not use the CPU).
    #[serde(rename = "TLE")]
    Tle,
    /// Memory limit exceeded (peak resident memory).
    #[serde(rename = "MLE")]
    Mle,
    /// Run-time error: a crash or a non-zero exit code.
    #[serde(rename = "RTE")]
    Rte,
    /// Output limit exceeded.
    #[serde(rename = "OLE")]
    Ole,
    /// Compile error.
    #[serde(rename = "CE")]
    Ce,
    /// Judge error: the judge, not the submission, failed (a broken checker, missing data).
    #[serde(rename = "JE")]
    Je,
}

impl Verdict {
    /// The short name used in reports and JSON.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Rte => "RTE",
            Verdict::Ole => "OLE",
            Verdict::Ce => "CE",
            Verdict::Je => "JE",
        }
    }

    /// The overall verdict of tests taken in order: the first one that is not AC, else AC.
    pub fn first_failure(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        verdicts
            .into_iter()
            .find(|v| *v != Verdict::Ac)
            .unwrap_or(Verdict::Ac)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
