//! What the runner says of how a run went: the typed limit a run passed, bubblewrap's own
//! failure, and how a process ended, read from its wait status.

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
