//! What the runner says when a run went wrong: the typed limit a run passed, the typed reasons
//! why the runner has no outcome to give (never facts about the program), and how a process
//! ended, read from its wait status.

use std::fs::File;

use super::{Exit, Isolation, RunSpec};

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

/// How a run's first process ended, from its wait status.
pub(super) fn exit_of(status: i32, isolation: &Isolation) -> Exit {
    match (libc::WIFSIGNALED(status), isolation) {
        (true, _) => Exit::Signal(libc::WTERMSIG(status)),
        // bubblewrap reports a program killed by signal N as exit code 128 + N.
        (false, Isolation::Sandbox(_)) if (129..160).contains(&libc::WEXITSTATUS(status)) => {
            Exit::Signal(libc::WEXITSTATUS(status) - 128)
        }
        (false, _) => Exit::Code(libc::WEXITSTATUS(status)),
    }
}

/// bubblewrap's own message when it could not set up the sandbox (it then exits with code 1
/// before the program starts, saying `bwrap: ...` on stderr).
pub(super) fn sandbox_failure(spec: &RunSpec, exit: Exit) -> Option<String> {
    if !matches!(spec.isolation, Isolation::Sandbox(_)) || exit != Exit::Code(1) {
        return None;
    }
    let mut head = [0u8; 512];
    let n = File::open(&spec.stderr)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .ok()?;
    let text = String::from_utf8_lossy(&head[..n]);
    let line = text.lines().next()?;
    line.starts_with("bwrap: ").then(|| line.to_string())
}

/// The conventional name of a signal.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGINT => "SIGINT",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGSYS => "SIGSYS",
        _ => "unknown signal",
    }
}
