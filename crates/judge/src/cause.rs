//! Why a test got its verdict, as a type: the limit a run passed (with the figures measured),
//! its crash, the checker's rejection, a fault of the judge. The judge decides on these
//! (which limit, whether to run again alone, how far past the limit); their words are made
//! only by [`Cause`]'s `Display`, where a report, the terminal or the JSON shows them. The
//! verdict each gives is decided in [`crate::verdict`] (`Cause::verdict`).

use std::fmt;

use leapfrog_runner::units::{Mebibytes, Seconds};
use leapfrog_runner::{Exit, Limit};

/// Why a test got its verdict.
#[derive(Debug, Clone, PartialEq)]
pub enum Cause {
    /// The output is right (no words).
    Accepted,
    /// Stopped by the memory limit while it ran (a cgroup's kill).
    MemoryStopped { limit: Mebibytes, peak_mib: f64 },
    /// Its measured peak passed the memory limit.
    MemoryPeak { limit: Mebibytes, peak_mib: f64 },
    /// Its runtime said an allocation was refused (`runtime` names the message).
    AllocationRefused {
        runtime: &'static str,
        limit: Mebibytes,
    },
    /// Stopped by the wall-clock limit with its CPU time under the CPU limit; `load` is the
    /// machine's load as it was read then.
    WallClock {
        wall_s: f64,
        cpu_s: f64,
        limit: Seconds,
        load: String,
    },
    /// Stopped by the CPU time limit.
    CpuLimit { limit: Seconds },
    /// Wrote more than the output limit.
    OutputLimit { limit: Mebibytes },
    /// Ended with an exit code other than 0 or a signal; `said` is its last line of stderr
    /// (shortened).
    Crashed { exit: Exit, said: Option<String> },
    /// Stopped at the longer run limit of `verify` (the limit × `time_limit_to_tle`).
    BeyondLimit { run_limit: Seconds, limit: Seconds },
    /// Ended (otherwise well) having used more CPU time than the time limit in force.
    PastLimit { used_s: f64, limit_s: f64 },
    /// A time-limit cause other than the CPU limit, judged while programs run longer.
    WithTimeLimit { cause: Box<Cause>, limit: Seconds },
    /// Stopped by the wall-clock limit again when run alone.
    AgainAlone(Box<Cause>),
    /// Rejected when run again alone, after the wall-clock limit stopped its first run.
    RunAgainAlone(Box<Cause>),
    /// The checker (or the output validator) rejected the output, in its own words.
    Rejected(String),
    /// The judge's machinery failed (never the contestant's fault), naming the cause.
    JudgeFault(String),
}

impl Cause {
    /// The limit the run passed, when that is why it failed (the wall-clock limit only when
    /// its CPU time stayed under the CPU limit).
    pub fn limit(&self) -> Option<Limit> {
        match self {
            Cause::MemoryStopped { .. }
            | Cause::MemoryPeak { .. }
            | Cause::AllocationRefused { .. } => Some(Limit::Memory),
            Cause::WallClock { .. } => Some(Limit::WallClock),
            Cause::CpuLimit { .. } | Cause::BeyondLimit { .. } => Some(Limit::Cpu),
            Cause::OutputLimit { .. } => Some(Limit::Output),
            Cause::WithTimeLimit { cause, .. }
            | Cause::AgainAlone(cause)
            | Cause::RunAgainAlone(cause) => cause.limit(),
            Cause::Accepted
            | Cause::Crashed { .. }
            | Cause::PastLimit { .. }
            | Cause::Rejected(_)
            | Cause::JudgeFault(_) => None,
        }
    }
}

impl super::TestResult {
    /// The limit the run passed, when that is why it failed (see [`Cause::limit`]).
    pub fn limit(&self) -> Option<Limit> {
        self.cause.limit()
    }

    /// Gives the test a new cause, and the verdict that goes with it.
    pub fn set_cause(&mut self, cause: Cause) {
        self.verdict = cause.verdict();
        self.cause = cause;
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Accepted => Ok(()),
            Cause::MemoryStopped { limit, peak_mib } => write!(
                f,
                "needed more than the {limit} MiB memory limit (peak {peak_mib:.1} MiB)"
            ),
            Cause::MemoryPeak { limit, peak_mib } => write!(
                f,
                "peak memory {peak_mib:.1} MiB exceeded the {limit} MiB limit"
            ),
            Cause::AllocationRefused { runtime, limit } => write!(
                f,
                "{runtime}: memory beyond the {limit} MiB limit was refused"
            ),
            Cause::WallClock {
                wall_s,
                cpu_s,
                limit,
                load,
            } => write!(
                f,
                "stopped by the wall-clock limit after {wall_s:.1} s, having used {cpu_s:.2} s of CPU, under the {limit:.2} s CPU limit: it slept or waited, or the machine was too busy to run it ({load})"
            ),
            Cause::CpuLimit { limit } => {
                write!(f, "used more than the {limit:.2} s CPU time limit")
            }
            Cause::OutputLimit { limit } => write!(f, "output exceeded the {limit} MiB limit"),
            Cause::Crashed { exit, said } => {
                write!(f, "{exit}")?;
                match said {
                    Some(line) => write!(f, ": {line}"),
                    None => Ok(()),
                }
            }
            Cause::BeyondLimit { run_limit, limit } => write!(
                f,
                "used more than {run_limit:.2} s of CPU time, the {limit:.2} s time limit × time_limit_to_tle"
            ),
            Cause::PastLimit { used_s, limit_s } => write!(
                f,
                "used {used_s:.2} s of CPU time, more than the {limit_s:.2} s time limit"
            ),
            Cause::WithTimeLimit { cause, limit } => {
                write!(f, "{cause} (the time limit is {limit:.2} s)")
            }
            Cause::AgainAlone(cause) => write!(f, "{cause} (and again when run alone)"),
            Cause::RunAgainAlone(cause) => write!(
                f,
                "{cause} (when run again alone; the wall-clock limit stopped its first run)"
            ),
            Cause::Rejected(words) | Cause::JudgeFault(words) => f.write_str(words),
        }
    }
}

/// In JSON, a cause is its words (the `message` key).
impl serde::Serialize for Cause {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_package::verdict::Verdict;

    #[test]
    fn wrapped_causes_keep_the_verdict_and_limit_of_what_they_wrap() {
        let limit = Seconds::new(1.0).unwrap();
        let slept = Cause::WallClock {
            wall_s: 2.5,
            cpu_s: 0.1,
            limit,
            load: "load average 0.5 0.5 0.5 on 2 CPUs".into(),
        };
        let again = Cause::AgainAlone(Box::new(slept.clone()));
        assert_eq!(again.verdict(), Verdict::Tle);
        assert_eq!(again.limit(), Some(Limit::WallClock));
        assert!(
            again
                .to_string()
                .ends_with("2 CPUs) (and again when run alone)")
        );
        let crashed = Cause::Crashed {
            exit: Exit::Code(3),
            said: Some("boom".into()),
        };
        assert_eq!(crashed.to_string(), "exit code 3: boom");
        let alone = Cause::RunAgainAlone(Box::new(crashed));
        assert_eq!((alone.verdict(), alone.limit()), (Verdict::Rte, None));
        assert_eq!(Cause::Accepted.to_string(), "");
        assert_eq!(
            Cause::CpuLimit { limit }.to_string(),
            "used more than the 1.00 s CPU time limit"
        );
    }
}
