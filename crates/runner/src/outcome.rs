//! What the runner says when a run went wrong: the typed limit a run passed, and the typed
//! reasons why the runner has no outcome to give (never facts about the program).

/// The limit a run passed, as the judge reports it: the typed cause behind a TLE, an MLE or an
/// OLE, so that nothing above the runner has to read it back from a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// More CPU time than allowed.
    Cpu,
    /// Stopped by the wall-clock limit with its CPU time under the CPU limit: it slept or
    /// waited, or the machine was too busy to run it.
    WallClock,
    /// More memory than allowed.
    Memory,
    /// More output than allowed.
    Output,
}

/// Why the runner gives no outcome for a run: never a fact about the program.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The sandbox could not start the program (bubblewrap could not set it up, or the kept
    /// sandbox could not be entered): the program did not run.
    #[error("the sandbox failed to start: {0}")]
    SandboxFailed(String),
    /// The judge was interrupted (SIGINT / SIGTERM) while the run was in progress; the run
    /// was stopped and everything it started killed.
    #[error("interrupted")]
    Interrupted,
    /// The runner's own machinery failed: a cgroup, a pipe, the input's copy, starting or
    /// waiting.
    #[error("{0:#}")]
    Setup(anyhow::Error),
}

impl From<anyhow::Error> for RunError {
    fn from(err: anyhow::Error) -> RunError {
        RunError::Setup(err)
    }
}

impl RunError {
    /// As an `anyhow` error for callers that pass it on: an interruption becomes
    /// [`crate::interrupt::Interrupted`] itself, which commands recognise by its type.
    pub fn into_anyhow(self) -> anyhow::Error {
        match self {
            RunError::Interrupted => crate::interrupt::Interrupted.into(),
            other => anyhow::Error::new(other),
        }
    }
}
