//! Running validator programs through the standard interface: exit code 42 means yes, 43 means
//! no, anything else (a crash, a time-out, another code) is the judge's own failure; validators
//! written for other tools (checktestdata, VIVA, testlib, build / run scripts) are adapted by
//! [`super::ecosystem`].
//!
//! Output validators run as `validator INPUT ANSWER FEEDBACK_DIR/ [flags] < output` and explain a
//! rejection in `FEEDBACK_DIR/judgemessage.txt`; input validators read the input on stdin and
//! explain a rejection on stdout or stderr.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};

use super::CheckOutcome;
use super::ecosystem::{self, Convention, Prepared};
use crate::as_run_user::{jury_files, output_path};
use crate::program::{Program, Streams};
use leapfrog_package::Limits;
use leapfrog_runner::{self as runner, Runner};
use leapfrog_util::{head_tail_lines, read_head_tail};

/// A compiled validator (input or output).
pub struct ValidatorProgram {
    pub path: PathBuf,
    program: Program,
    /// "output validator" or "input validator", for messages.
    role: &'static str,
    /// How its exit code reads (42 / 43, checktestdata's 0 / 1, testlib's).
    pub(super) convention: Convention,
}

/// The answer of one validator run.
pub(super) enum Answer {
    Yes,
    No(String),
    Broken(String),
}

impl ValidatorProgram {
    /// Compiles a validator. Failing to compile is a judge error, reported with the compiler's words.
    pub fn build(
        runner: &Arc<Runner>,
        path: &Path,
        role: &'static str,
    ) -> anyhow::Result<ValidatorProgram> {
        match ValidatorProgram::prepare(runner, path, role)? {
            Some(program) => Ok(program),
            None => bail!("{role} {}: its runner is not installed", path.display()),
        }
    }

    /// Builds a validator in whichever form it is written (see [`ecosystem`]); `None` when it
    /// is skipped (a warning saying why is printed).
    pub(super) fn prepare(
        runner: &Arc<Runner>,
        path: &Path,
        role: &'static str,
    ) -> anyhow::Result<Option<ValidatorProgram>> {
        match ecosystem::prepare(runner, path, role)? {
            Prepared::Ready(program, convention) => Ok(Some(ValidatorProgram {
                path: path.to_path_buf(),
                program,
                role,
                convention,
            })),
            Prepared::Skipped(why) => {
                leapfrog_util::warn(&why);
                Ok(None)
            }
        }
    }

    pub(super) fn run(
        &self,
        args: Vec<OsString>,
        stdin: &Path,
        scratch: &Path,
        limits: &Limits,
    ) -> anyhow::Result<(runner::RunOutcome, String)> {
        let log = scratch.join("validator.log");
        let streams = Streams {
            stdin: Some(stdin),
            stdout: &log,
            stderr: &log,
        };
        let outcome = self.program.run(&args, &streams, scratch, limits)?;
        Ok((outcome, self.program.own_paths(&read_head_tail(&log))))
    }

    pub(super) fn interpret(&self, outcome: &runner::RunOutcome, message: String) -> Answer {
        if outcome.timed_out() {
            return Answer::Broken(format!(
                "{} {} ran out of time ({:.1} s)",
                self.role,
                self.path.display(),
                outcome.cpu.as_secs_f64().max(outcome.wall.as_secs_f64())
            ));
        }
        let read = match outcome.exit {
            runner::Exit::Code(code) if outcome.stopped.is_none() => self.convention.reads(code),
            _ => None,
        };
        match read {
            Some(true) => Answer::Yes,
            Some(false) => Answer::No(message),
            None => {
                // A crash explains itself last (a traceback ends with the exception, a Rust
                // panic's message and location come before its backtrace note), a program's
                // own first words first: both ends are kept.
                let said = head_tail_lines(&message, 4);
                let said = if said.is_empty() {
                    String::new()
                } else {
                    format!(": {said}")
                };
                Answer::Broken(format!(
                    "{} {} failed ({}; expected exit code {}){said}",
                    self.role,
                    self.path.display(),
                    outcome.describe_exit(),
                    self.convention.expected()
                ))
            }
        }
    }

    /// Runs an output validator on one output. Its feedback directory is `scratch/feedback`
    /// ([`feedback_dir`]), made if missing and otherwise kept: a multi-pass problem's later
    /// passes find there what the earlier ones left.
    pub fn check_output(
        &self,
        input: &Path,
        answer: &Path,
        output: &Path,
        flags: &[String],
        scratch: &Path,
        limits: &Limits,
    ) -> CheckOutcome {
        let feedback = feedback_dir(scratch);
        let ran = std::fs::create_dir_all(&feedback)
            .context("creating the feedback directory")
            .and_then(|()| {
                jury_files(
                    self.program.jury_user(),
                    scratch,
                    &feedback,
                    [input, answer],
                )
            })
            .and_then(|[input, answer]| {
                let convention = self.convention;
                // The output is on stdin, opened by the judge: only testlib's checkers also
                // take it by path, and none is given a copy of it.
                let shown = match convention {
                    Convention::Testlib => output_path(self.program.jury_user(), output, scratch)?,
                    _ => output.to_path_buf(),
                };
                let mut args =
                    ecosystem::output_args(convention, &input, &answer, &shown, &feedback);
                args.extend(flags.iter().map(OsString::from));
                let log = scratch.join("validator.log");
                let streams = Streams {
                    stdin: Some(output),
                    stdout: &log,
                    stderr: &log,
                };
                let spec = self.program.jury_spec(&args, &streams, scratch, limits)?;
                let outcome = self
                    .program
                    .runner()
                    .run(&spec)
                    .map_err(crate::program::run_error)?;
                crate::spent::record(crate::spent::Kind::OutputValidator, outcome.wall);
                Ok((outcome, self.program.own_paths(&read_head_tail(&log))))
            });
        match ran {
            Ok((outcome, log)) => self.judged(&outcome, log, &feedback),
            Err(err) => {
                CheckOutcome::JudgeError(format!("{} {}: {err:#}", self.role, self.path.display()))
            }
        }
    }

    /// The run of this output validator in an interactive duet: the usual arguments, its
    /// stderr in `scratch/validator.log`; the runner joins its stdin and stdout to the
    /// submission's.
    pub fn interactive_spec(
        &self,
        input: &Path,
        answer: &Path,
        flags: &[String],
        scratch: &Path,
        limits: &Limits,
    ) -> anyhow::Result<runner::RunSpec> {
        let feedback = feedback_dir(scratch);
        std::fs::create_dir_all(&feedback).context("creating the feedback directory")?;
        let [input, answer] = jury_files(
            self.program.jury_user(),
            scratch,
            &feedback,
            [input, answer],
        )?;
        let (input, answer) = (input.as_path(), answer.as_path());
        // An interactor has no output file: it talks to the submission (and testlib's
        // interactors take their arguments as the package format's validators do).
        let convention = ecosystem::Convention::Standard;
        let mut args = ecosystem::output_args(convention, input, answer, answer, &feedback);
        args.extend(flags.iter().map(OsString::from));
        let log = scratch.join("validator.log");
        let streams = Streams {
            stdin: None,
            stdout: &log,
            stderr: &log,
        };
        self.program.jury_spec(&args, &streams, scratch, limits)
    }

    /// What an output validator's finished run says: accepted, rejected with the first line of
    /// its judge message (`judgemessage.txt`, else what it printed) as the reason, or broken.
    pub fn judged(
        &self,
        outcome: &runner::RunOutcome,
        log: String,
        feedback: &Path,
    ) -> CheckOutcome {
        let log = self.program.own_paths(&log);
        match self.interpret(outcome, log.clone()) {
            Answer::Yes => CheckOutcome::Accepted,
            Answer::Broken(why) => CheckOutcome::JudgeError(why),
            Answer::No(_) => {
                let message = crate::as_run_user::read_feedback(&feedback.join("judgemessage.txt"));
                let message = leapfrog_util::inert(&message).into_owned();
                let message = if message.trim().is_empty() {
                    log
                } else {
                    message
                };
                let mut lines = message
                    .lines()
                    .map(str::trim_end)
                    .filter(|l| !l.trim().is_empty());
                let reason = lines
                    .next()
                    .unwrap_or("rejected by the output validator (no reason given)")
                    .to_string();
                CheckOutcome::Rejected {
                    reason,
                    details: lines.map(String::from).collect(),
                }
            }
        }
    }
}

/// The feedback directory of an output validator run in `scratch`.
pub fn feedback_dir(scratch: &Path) -> PathBuf {
    scratch.join("feedback")
}
