//! How to judge: the options every command that judges gives ([`JudgeOptions`]), and the
//! limits in force once the command line's overrides are applied.

use std::path::PathBuf;

use leapfrog_package::{Limits, Package};
use leapfrog_runner::IsolationChoice;
use leapfrog_runner::units::{Mebibytes, Seconds};

use super::TestFilter;

/// How to judge.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    pub jobs: usize,
    /// Only the tests this `--tests` filter selects.
    pub filter: Option<TestFilter>,
    /// Overrides problem.yaml's CPU time limit.
    pub time_limit: Option<Seconds>,
    /// Overrides problem.yaml's memory limit.
    pub memory_limit: Option<Mebibytes>,
    /// Whether submissions run in the sandbox.
    pub isolation: IsolationChoice,
    /// How many processes (and threads) a submission may have at once.
    pub processes: u64,
    /// A directory that receives each test's output as `<name with / as __>` (for reports that
    /// show it); the caller removes what it no longer needs.
    pub keep_outputs: Option<PathBuf>,
    /// A directory that receives the transcript of each failing test of an interactive
    /// problem, as `<name with / as __>.txt`.
    pub transcripts: Option<PathBuf>,
    /// Runs a test once more, alone, when the wall-clock limit stopped it with its CPU time
    /// under the limit (a busy machine, not only a slow program); the second run decides.
    pub rerun_wall_clock: bool,
    /// The slots to share with the judges of other problems judged at the same time; `None`
    /// gives the judge `jobs` slots of its own (fewer when `jobs` runs of the memory limit
    /// would not fit in memory).
    pub pool: Option<crate::SlotPool>,
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            jobs: leapfrog_runner::parallel::default_jobs(),
            filter: None,
            time_limit: None,
            memory_limit: None,
            isolation: IsolationChoice::LimitsOnly,
            processes: DEFAULT_PROCESSES,
            keep_outputs: None,
            transcripts: None,
            rerun_wall_clock: false,
            pool: None,
        }
    }
}

/// The default process (and thread) allowance: a JVM alone starts a few dozen threads.
pub const DEFAULT_PROCESSES: u64 = 128;

/// The limits in force: the package's, with command-line overrides.
pub fn effective_limits(package: &Package, options: &JudgeOptions) -> Limits {
    let mut limits = package.config.limits.clone();
    if let Some(t) = options.time_limit {
        limits.time_s = t;
    }
    if let Some(m) = options.memory_limit {
        limits.memory_mib = m;
    }
    limits
}
