//! Submissions under `submissions/<expected verdict>/`: the folder names the verdict each
//! program must get.

use std::path::{Path, PathBuf};

use crate::verdict::Verdict;

/// What a submission folder promises about its programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    Accepted,
    WrongAnswer,
    TimeLimitExceeded,
    RunTimeError,
    MemoryLimitExceeded,
    OutputLimitExceeded,
}

impl Expected {
    pub const ALL: [Expected; 6] = [
        Expected::Accepted,
        Expected::WrongAnswer,
        Expected::TimeLimitExceeded,
        Expected::RunTimeError,
        Expected::MemoryLimitExceeded,
        Expected::OutputLimitExceeded,
    ];

    /// The folder name in the package layout.
    pub fn dir_name(self) -> &'static str {
        match self {
            Expected::Accepted => "accepted",
            Expected::WrongAnswer => "wrong_answer",
            Expected::TimeLimitExceeded => "time_limit_exceeded",
            Expected::RunTimeError => "run_time_error",
            Expected::MemoryLimitExceeded => "memory_limit_exceeded",
            Expected::OutputLimitExceeded => "output_limit_exceeded",
        }
    }

    /// The verdict the folder names.
    pub fn verdict(self) -> Verdict {
        match self {
            Expected::Accepted => Verdict::Ac,
            Expected::WrongAnswer => Verdict::Wa,
            Expected::TimeLimitExceeded => Verdict::Tle,
            Expected::RunTimeError => Verdict::Rte,
            Expected::MemoryLimitExceeded => Verdict::Mle,
            Expected::OutputLimitExceeded => Verdict::Ole,
        }
    }
}

/// One program under `submissions/`.
#[derive(Debug, Clone)]
pub struct Submission {
    pub path: PathBuf,
    pub expected: Expected,
}

impl Submission {
    /// `accepted/sol.rs`: the path below `submissions/`.
    pub fn display_name(&self) -> String {
        let file = self
            .path
            .file_name()
            .map(|f| f.to_string_lossy())
            .unwrap_or_default();
        format!("{}/{}", self.expected.dir_name(), file)
    }
}

/// Every entry of the submission folders, switched-off files included: `verify` lists those as
/// ignored, so that a setter sees what the judge left out.
pub(super) fn discover(dir: &Path) -> anyhow::Result<Vec<Submission>> {
    let mut found = Vec::new();
    for expected in Expected::ALL {
        for path in super::entries_in(&dir.join(expected.dir_name()))? {
            found.push(Submission { path, expected });
        }
    }
    Ok(found)
}
