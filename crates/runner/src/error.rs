//! The runner's typed failures: why it gives no outcome for a run ([`RunError`]), and what of
//! its own machinery failed ([`SetupError`]). Never facts about the program.

/// Why the runner gives no outcome for a run: never a fact about the program.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The sandbox could not start the program (bubblewrap could not set it up, or the kept
    /// sandbox could not be entered): the program did not run. The cause is bubblewrap's own
    /// words.
    #[error("the sandbox failed to start: {0}")]
    SandboxFailed(String),
    /// The run's token was cancelled (SIGINT / SIGTERM) while the run was in progress; the
    /// run was stopped and everything it started killed.
    #[error("interrupted")]
    Interrupted,
    /// The runner's own machinery failed: a cgroup, a pipe, the input's copy, starting or
    /// waiting.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl From<crate::cancel::Interrupted> for RunError {
    fn from(_: crate::cancel::Interrupted) -> RunError {
        RunError::Interrupted
    }
}

/// What of the runner's own machinery failed, and the system's reason: `creating the cgroup
/// /sys/fs/cgroup/leapfrog-1/run-3: Permission denied (os error 13)`. Its words include the
/// cause, so it exposes no separate source (a chain would say the cause twice).
#[derive(Debug, thiserror::Error)]
#[error("{what}{}", cause.as_ref().map(|c| format!(": {c}")).unwrap_or_default())]
pub struct SetupError {
    /// What the runner was doing, outermost first.
    pub what: String,
    /// The system's reason, when a system call failed.
    pub cause: Option<std::io::Error>,
}

impl SetupError {
    /// A failed system call while doing `what`.
    pub fn io(what: impl Into<String>, cause: std::io::Error) -> SetupError {
        SetupError {
            what: what.into(),
            cause: Some(cause),
        }
    }

    /// A failure with no system call behind it.
    pub fn msg(what: impl Into<String>) -> SetupError {
        SetupError {
            what: what.into(),
            cause: None,
        }
    }

    /// The same failure, seen from the step that contains it: `outer: what: cause`.
    pub fn within(mut self, outer: impl std::fmt::Display) -> SetupError {
        self.what = format!("{outer}: {}", self.what);
        self
    }
}

/// Names what failed, on an `io::Result`.
pub(crate) trait Doing<T> {
    /// The error, if any, as a [`SetupError`] saying what was being done.
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, SetupError>;
}

impl<T> Doing<T> for std::io::Result<T> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, SetupError> {
        self.map_err(|cause| SetupError::io(what(), cause))
    }
}

/// Adds the outer step to a [`SetupError`] on a `Result`.
pub(crate) trait Within<T> {
    fn within(self, outer: impl std::fmt::Display) -> Result<T, SetupError>;
}

impl<T> Within<T> for Result<T, SetupError> {
    fn within(self, outer: impl std::fmt::Display) -> Result<T, SetupError> {
        self.map_err(|err| err.within(outer))
    }
}
