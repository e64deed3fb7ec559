//! Two programs run at the same time and joined by pipes (an interactive problem's submission
//! and its output validator): what one writes on stdout, the other reads on stdin. Each is an
//! ordinary run of [`Runner::run`], under its own limits, in its own process group, killed and
//! reaped with it; the runner only wires their streams together and notes which one ended
//! first.
//!
//! The validator never sees a broken pipe: the judge keeps a copy of the read end of the pipe
//! to the submission until the validator has ended, and drains it once the submission is gone,
//! so a validator that writes after its peer left reads the end of the submission's output
//! instead of dying of SIGPIPE (problemtools' `interactive` keeps that end open for the same
//! reason, and BAPCtools' relay does the same). A submission that writes after the validator
//! left does get the broken pipe.
//!
//! The validator sees the end of the submission's output only when the submission has ended,
//! not when it closes its stdout: the judge keeps a copy of that pipe's write end until then,
//! as BAPCtools' relay delays the end of input. A submission that closes its output and then
//! crashes or sleeps is judged by its crash or its time, not by the validator's complaint
//! about a short output. A validator that ends with a rejection (any exit but 42) stops the
//! submission at once: the rejection decides the verdict, and BAPCtools kills it likewise.
//! A submission that ends after its input was closed counts as ending after the validator,
//! whichever end the judge happened to see first on a busy machine.
//!
//! Once the submission is gone, the validator still reads what the submission wrote and it had
//! not read yet (a submission that floods it with queries leaves a full pipe), then sees the
//! end of its input and must end too: it gets the submission's CPU limit (at least
//! [`MIN_GRACE`]) to do so, counted afresh each time it reads more of that rest, and is stopped
//! past it. Such a validator hung (it neither read, wrote nor ended: the submission then waited
//! for it in vain), which is the judge's fault ([`DuetOutcome::validator_hung`]), never the
//! submission's. A validator that sleeps a little on every query (DOMjudge's `boolfind` does)
//! may take longer than the grace to get through a full pipe, and is not hung. (With a
//! transcript, the relay reads on as the validator does, so only a full pipe to it shows that.)
//!
//! Asked for a transcript, the judge sits in the middle: two relay threads copy each direction
//! from one pipe to the next and keep what passed, in the order it passed. When the submission
//! goes away the relay from the validator keeps reading (and drops) what the validator still
//! writes; when the validator goes away the relay closes the submission's pipe too, so the
//! submission sees the broken pipe it would have seen without the relay.

use std::os::fd::{FromRawFd, OwnedFd};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::error::{Doing, SetupError};
use super::relay::{Kept, Speaker, drain, relay};
use super::spawn::Ends;
use super::{Exit, RunOutcome, RunSpec, Runner};

/// The runner's own failures, unless a signature says otherwise.
type Result<T, E = SetupError> = std::result::Result<T, E>;

/// The two runs. Their specs' `stdin` and `stdout` are replaced by the pipes; `stderr` stays.
pub struct Duet<'a> {
    pub submission: &'a RunSpec,
    pub validator: &'a RunSpec,
    /// Relay through the judge and keep up to this many bytes of what each side wrote.
    pub transcript: Option<usize>,
}

/// How both runs ended.
#[derive(Debug)]
pub struct DuetOutcome {
    pub submission: RunOutcome,
    pub validator: RunOutcome,
    /// The validator's run ended before the submission's.
    pub validator_first: bool,
    /// When the validator's run ended, counted from the submission's start (zero if before).
    pub validator_end: Duration,
    /// What passed between them, in order (empty unless a transcript was asked for).
    pub transcript: Vec<(Speaker, Vec<u8>)>,
    /// The validator did not end within this long of the submission's end and was stopped.
    pub validator_hung: Option<Duration>,
}

/// The least time a validator gets to end once the submission has ended.
pub const MIN_GRACE: Duration = Duration::from_secs(2);

/// The exit code with which an output validator accepts.
const ACCEPTED: i32 = 42;

/// A pipe whose ends are closed on `exec`, so only the run given an end (as its stdin or
/// stdout) holds it: `(read, write)`.
fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into the array it is given.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error()).doing(|| "creating a pipe".into());
    }
    // SAFETY: both descriptors were just created and belong to nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// The two pipes between a submission and its validator, as `(read, write)` ends.
struct Pipes {
    to_submission: (OwnedFd, OwnedFd),
    from_submission: (OwnedFd, OwnedFd),
}

/// Each run's ends of the pipes, and what the judge holds while the submission runs.
struct Connected {
    submission: Ends,
    validator: Ends,
    /// Without a relay, the judge's copy of the submission's input, so that the validator's
    /// writes never fail (see the module's comment).
    held: Option<OwnedFd>,
}

/// Joins the two runs: directly by the pipes, or, for a transcript, through two relay threads
/// (started in `scope`) that copy what passes into `log`.
fn connect<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    transcript: bool,
    pipes: Pipes,
    log: &'scope Mutex<Kept>,
) -> Result<Connected> {
    let Pipes {
        to_submission: (to_sub_read, to_sub_write),
        from_submission: (from_sub_read, from_sub_write),
    } = pipes;
    let submission = Ends {
        stdin: Some(to_sub_read),
        stdout: Some(from_sub_write),
    };
    if transcript {
        let (val_in_read, val_in_write) = pipe()?;
        let (val_out_read, val_out_write) = pipe()?;
        scope.spawn(move || relay(from_sub_read, val_in_write, Speaker::Submission, log));
        scope.spawn(move || relay(val_out_read, to_sub_write, Speaker::Validator, log));
        let validator = Ends {
            stdin: Some(val_in_read),
            stdout: Some(val_out_write),
        };
        return Ok(Connected {
            submission,
            validator,
            held: None,
        });
    }
    let held = submission
        .stdin
        .as_ref()
        .map(OwnedFd::try_clone)
        .transpose()
        .doing(|| "keeping the validator's pipe open".into())?;
    let validator = Ends {
        stdin: Some(from_sub_read),
        stdout: Some(to_sub_write),
    };
    Ok(Connected {
        submission,
        validator,
        held,
    })
}

/// A new read end of the pipe of which `end` is an end, to measure what is unread in it
/// ([`unread`]) and never read from. Opened only once the submission is gone: a reader held
/// while it runs would spare it the broken pipe of a validator that left. `None` without
/// `/proc`.
fn watch(end: &OwnedFd) -> Option<OwnedFd> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(format!("/proc/self/fd/{}", end.as_raw_fd()))
        .ok()
        .map(OwnedFd::from)
}

/// Lets go of the judge's ends once the submission is gone (the validator then sees the end of
/// its input), returning a watch on what the submission wrote and the validator (or the relay
/// to it) has not read yet.
fn let_go(input_watch: OwnedFd, output_held: OwnedFd) -> Option<OwnedFd> {
    let validator_input = watch(&output_held);
    drop((input_watch, output_held));
    validator_input
}

/// How many bytes wait unread in the pipe whose read end is `fd` (0 when it cannot tell).
fn unread(fd: &OwnedFd) -> usize {
    use std::os::fd::AsRawFd;
    let mut pending: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int through the pointer it is given.
    let ok = unsafe { libc::ioctl(fd.as_raw_fd(), libc::FIONREAD, &mut pending) } == 0;
    if ok {
        usize::try_from(pending).unwrap_or(0)
    } else {
        0
    }
}

/// Runs both programs joined by pipes until both have ended (or been stopped), and measures
/// each. Fails as [`Runner::run`] does when either run fails (the judge was interrupted, the
/// sandbox or the runner's machinery failed).
impl Runner {
    /// Runs two programs joined by pipes (see [`Duet`]).
    pub fn run_duet(&self, duet: &Duet) -> Result<DuetOutcome, super::RunError> {
        run_duet(self, duet)
    }
}

fn run_duet(runner: &Runner, duet: &Duet) -> Result<DuetOutcome, super::RunError> {
    let log = Mutex::new(Kept {
        pieces: Vec::new(),
        room: duet.transcript.unwrap_or(0),
    });
    let pipes = Pipes {
        to_submission: pipe()?,
        from_submission: pipe()?,
    };
    // Held until the submission has ended (see the module's comment).
    let output_held = pipes
        .from_submission
        .1
        .try_clone()
        .doing(|| "keeping the submission's output open".into())?;
    // Set when the validator did not accept; when it outlived the submission past its grace.
    let (rejected, abandoned) = (AtomicBool::new(false), AtomicBool::new(false));
    // Tells, when the submission has ended, whether its input had already been closed.
    let input_watch = pipes
        .to_submission
        .0
        .try_clone()
        .doing(|| "watching the submission's input".into())?;
    std::thread::scope(|scope| {
        let Connected {
            submission: sub_ends,
            validator: val_ends,
            mut held,
        } = connect(scope, duet.transcript.is_some(), pipes, &log)?;
        let (rejected, abandoned) = (&rejected, &abandoned);
        let validator = scope.spawn(move || {
            let start = Instant::now();
            let outcome =
                super::run::run_with_ends(runner, duet.validator, val_ends, Some(abandoned));
            if !matches!(&outcome, Ok(o) if o.exit == Exit::Code(ACCEPTED)) {
                rejected.store(true, Ordering::Release);
            }
            (start, outcome)
        });
        let submission_start = Instant::now();
        let submission =
            super::run::run_with_ends(runner, duet.submission, sub_ends, Some(rejected));
        // A validator whose run has not returned yet cannot have ended first (it had not even
        // seen the end of the submission's output): on a busy machine, comparing the two runs'
        // clocks alone could say otherwise, as each starts its clock after its own set-up.
        let validator_running = !validator.is_finished();
        // A submission that ended after its input was closed ended after the validator left
        // (crashing on the end of its input, say), whichever run's end the judge saw first on
        // a busy machine: the validator counts as first.
        let input_closed = hung_up(&input_watch);
        let validator_input = let_go(input_watch, output_held);
        // The submission is gone: what the validator still writes is read and dropped, until
        // it closes its output (by ending).
        if let Some(held) = held.take() {
            scope.spawn(move || drain(held));
        }
        let hung = stop_if_hung(&validator, validator_input.as_ref(), duet, abandoned);
        let (validator_start, validator) = validator
            .join()
            .map_err(|_| SetupError::msg("the validator's run thread panicked"))?;
        let (submission, validator) = (submission?, validator?);
        // Each run's wall time ends when the runner saw its process end (before killing what
        // was left of it), which orders the two ends more surely than when the calls returned.
        let validator_ended = validator_start + validator.wall;
        let validator_first = input_closed
            || (!validator_running && validator_ended < submission_start + submission.wall);
        Ok(DuetOutcome {
            submission,
            validator,
            validator_first,
            validator_end: validator_ended.saturating_duration_since(submission_start),
            transcript: Vec::new(),
            validator_hung: hung,
        })
    })
    .map(|mut outcome: DuetOutcome| {
        outcome.transcript = log.into_inner().map(|k| k.pieces).unwrap_or_default();
        outcome
    })
}

/// Waits for the validator's run (in `thread`) to end, looking every 10 ms, for its grace: the
/// submission's CPU limit, at least [`MIN_GRACE`], counted again from each look that finds
/// less of its input unread (`input`) than the last. Past it, has the run stopped
/// (`abandoned`) and returns the grace it had.
fn stop_if_hung<T>(
    thread: &std::thread::ScopedJoinHandle<'_, T>,
    input: Option<&OwnedFd>,
    duet: &Duet,
    abandoned: &AtomicBool,
) -> Option<Duration> {
    let grace = duet.submission.limits.cpu.max(MIN_GRACE);
    let mut deadline = Instant::now() + grace;
    let unread = |input: Option<&OwnedFd>| input.map_or(0, unread);
    let mut left = unread(input);
    while !thread.is_finished() {
        let now_left = unread(input);
        if now_left < left {
            deadline = Instant::now() + grace;
        }
        left = now_left;
        if Instant::now() >= deadline {
            abandoned.store(true, Ordering::Release);
            return Some(grace);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

/// Whether every write end of the pipe whose read end is `fd` has been closed.
fn hung_up(fd: &OwnedFd) -> bool {
    use std::os::fd::AsRawFd;
    let mut poll = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid pollfd, no waiting.
    let ready = unsafe { libc::poll(&mut poll, 1, 0) };
    ready > 0 && poll.revents & libc::POLLHUP != 0
}

#[cfg(test)]
mod tests;
