//! Tests of interactive and multi-pass problems. An interactive pass runs the submission and
//! the output validator joined by pipes ([`runner::Runner::run_duet`]) and decides who is to blame when
//! both end badly; a plain pass runs the submission and then checks its output. A multi-pass
//! problem's validator asks for another pass by leaving `nextpass.in` in its feedback
//! directory, which persists from pass to pass; the submission then runs again on that input,
//! up to the package's pass limit.

use std::path::Path;
use std::time::Duration;

use crate::checking::{CheckOutcome, ValidatorProgram, feedback_dir};
use leapfrog_package::TestCase;
use leapfrog_package::verdict::Verdict;
use leapfrog_runner::{
    self as runner, Duet, DuetOutcome, Exit, Interrupted, RunError, RunOutcome, RunSpec, Speaker,
};
use leapfrog_util::{read_head, read_head_tail};

use super::classify;
use super::test_run::{Measured, RunFiles, TestRunner, UNMEASURED};
use super::{Cause, TestResult};

/// Plays one test of an interactive problem with a judges' program (the reference) in the
/// submission's place, under limits only: `Err` unless the validator accepts it.
pub fn play_reference(
    program: &crate::program::Program,
    checker: &crate::checking::OutputChecker,
    test: &TestCase,
    limits: &leapfrog_package::Limits,
    scratch: &Path,
) -> anyhow::Result<()> {
    let runner = TestRunner {
        runner: program.runner(),
        program: program.compiled(),
        checker,
        limits,
        isolation: runner::IsolationChoice::LimitsOnly,
        processes: super::DEFAULT_PROCESSES,
        transcripts: None,
        spare: Default::default(),
    };
    let result = runner.run(test, 0, scratch, None)?;
    if result.verdict != Verdict::Ac {
        anyhow::bail!(
            "{} is not accepted when it plays against the validator: {} ({})",
            program.label(),
            result.verdict,
            result.cause
        );
    }
    Ok(())
}

/// How a pass ended: the test's cause (a rejection, the submission's own failure before any
/// check, a fault of the judge) with the lines that show it, or accepted so far (maybe with a
/// pass to come).
enum Pass {
    Ended(Cause, Vec<String>),
    Accepted,
}

/// The most bytes of each test's transcript kept in memory.
const TRANSCRIPT_BYTES: usize = 1 << 20;

impl TestRunner<'_> {
    /// Runs one test of an interactive or multi-pass problem, pass after pass.
    pub(super) fn run_passes(
        &self,
        test: &TestCase,
        mut spec: RunSpec,
        files: &RunFiles,
    ) -> Result<TestResult, Interrupted> {
        let kind = self.checker.kind();
        let passes = if kind.multi_pass { kind.passes } else { 1 };
        let check_dir = files.dir.join("check");
        let validator = self.checker.custom();
        if kind.interactive && validator.is_none() {
            let why = "an interactive problem needs the package's output validator";
            return Ok(UNMEASURED.fault(test, why));
        }
        if let Err(err) = std::fs::create_dir_all(&check_dir) {
            let fault = super::fault::JudgeFault::file("creating", &check_dir, err);
            return Ok(UNMEASURED.fault(test, fault));
        }
        let feedback = feedback_dir(&check_dir);
        let mut used = (Duration::ZERO, 0u64);
        let mut self_score = None;
        let mut ended = Pass::Accepted;
        // A later pass's input (the submission's stdin, the validator's input file) is the
        // `nextpass.in` the validator left.
        let mut current = test.clone();
        for pass in 1..=passes {
            let (step, outcome) = match validator {
                Some(validator) if kind.interactive => {
                    self.interactive_pass(&current, &spec, validator, files, &check_dir, pass)?
                }
                _ => self.plain_pass(&current, &spec, files, &check_dir)?,
            };
            if let Some(outcome) = outcome {
                used = (used.0 + outcome.cpu, used.1.max(outcome.peak_rss));
            }
            ended = step;
            let next = feedback.join("nextpass.in");
            if !matches!(ended, Pass::Accepted) || !crate::as_run_user::left_file(&next) {
                break;
            }
            if pass == passes {
                let why = format!(
                    "the output validator asked for pass {} (nextpass.in) but the pass limit is {passes}",
                    pass + 1
                );
                ended = judge_error(why);
                break;
            }
            let input = files.dir.join(format!("pass{}.in", pass + 1));
            if let Err(err) = std::fs::rename(&next, &input) {
                ended = judge_error(format!("moving {}: {err}", next.display()));
                break;
            }
            spec.stdin = Some(input.clone());
            current.input = input;
        }
        if kind.scoring && matches!(ended, Pass::Accepted) {
            match validator_score(&feedback) {
                Ok(score) => self_score = score,
                Err(why) => ended = judge_error(why),
            }
        }
        let measured = Measured::of_usage(used.0, used.1);
        let said = crate::as_run_user::read_feedback(&feedback.join("judgemessage.txt"));
        let said = leapfrog_util::inert(said.trim_end()).into_owned();
        let mut result = match ended {
            Pass::Accepted => measured.result(test, Cause::Accepted),
            Pass::Ended(cause, details) => measured.result_with(test, cause, details),
        };
        result.judge_message = (!said.is_empty()).then_some(said);
        result.score = self_score;
        Ok(result)
    }

    /// One pass of a problem that is not interactive: the submission's run, then the check.
    fn plain_pass(
        &self,
        test: &TestCase,
        spec: &RunSpec,
        files: &RunFiles,
        check_dir: &Path,
    ) -> Result<(Pass, Option<RunOutcome>), Interrupted> {
        let outcome = match self.runner.run(spec) {
            Ok(o) => o,
            Err(RunError::Interrupted) => return Err(Interrupted),
            Err(err) => return Ok((judge_error(err), None)),
        };
        crate::spent::record(crate::spent::Kind::Submission, outcome.wall);
        let output_bytes = std::fs::metadata(&files.output).map_or(0, |m| m.len());
        let stderr = read_head_tail(&files.stderr);
        if let Some(cause) = classify::run_verdict(&outcome, self.limits, output_bytes, &stderr) {
            return Ok((Pass::Ended(cause, Vec::new()), Some(outcome)));
        }
        let checked = self.checker.check(test, &files.output, check_dir);
        Ok((of_check(checked), Some(outcome)))
    }

    /// One pass of an interactive problem: both programs joined by pipes, then the blame.
    fn interactive_pass(
        &self,
        test: &TestCase,
        spec: &RunSpec,
        validator: &ValidatorProgram,
        files: &RunFiles,
        check_dir: &Path,
        pass: u32,
    ) -> Result<(Pass, Option<RunOutcome>), Interrupted> {
        let flags = &test.output_validator_flags;
        let validator_spec = match validator.interactive_spec(
            &test.input,
            &test.answer,
            flags,
            check_dir,
            self.limits,
        ) {
            Ok(s) => s,
            Err(err) => return Ok((judge_error(format!("{err:#}")), None)),
        };
        let duet = Duet {
            submission: spec,
            validator: &validator_spec,
            transcript: self.transcripts.map(|_| TRANSCRIPT_BYTES),
        };
        let outcome = match self.runner.run_duet(&duet) {
            Ok(o) => o,
            Err(RunError::Interrupted) => return Err(Interrupted),
            Err(err) => return Ok((judge_error(err), None)),
        };
        // The two run at once: each counts its own wall-clock time.
        crate::spent::record(crate::spent::Kind::Submission, outcome.submission.wall);
        crate::spent::record(crate::spent::Kind::OutputValidator, outcome.validator.wall);
        let log = read_head_tail(&check_dir.join("validator.log"));
        let checked = validator.judged(&outcome.validator, log, &feedback_dir(check_dir));
        let stderr = read_head_tail(&files.stderr);
        let step = blame(&outcome, checked, self.limits, &stderr);
        let mut outcome = outcome;
        // A rejection the validator made first stands however long the submission then ran
        // (verify lets it run past the limit): its time counts up to the rejection, when it
        // had used at most the wall-clock time gone by (one thread's CPU time cannot run ahead
        // of the clock), so the overrun that followed is not read as TLE.
        if outcome.validator_first && matches!(step, Pass::Ended(Cause::Rejected(_), _)) {
            outcome.submission.cpu = outcome.submission.cpu.min(outcome.validator_end);
        }
        if let (Some(dir), Pass::Ended(..)) = (self.transcripts, &step) {
            let suffix = if pass > 1 {
                format!(".pass{pass}")
            } else {
                String::new()
            };
            let name = format!("{}{suffix}.txt", leapfrog_util::test_file_name(&test.name));
            let _ = write_transcript(&dir.join(name), &outcome.transcript);
        }
        Ok((step, Some(outcome.submission)))
    }
}

/// Who is to blame in an interactive pass, in the order of the README's precedence table
/// ("Interactive verdicts"): a validator that broke while the submission was still running
/// is the judge's fault; a validator that rejected before the submission ended wins (the
/// submission's later trouble follows from its closed input); then the submission's own
/// limits and crash; then the validator's word. A validator that failed only after its peer
/// went away (killed by SIGPIPE, or crashing on the end of its input once the submission had
/// failed) is not a judge error.
fn blame(
    outcome: &DuetOutcome,
    checked: CheckOutcome,
    limits: &leapfrog_package::Limits,
    stderr: &str,
) -> Pass {
    let submission = &outcome.submission;
    let failed = classify::run_verdict(submission, limits, 0, stderr);
    let broken_pipe =
        submission.exit == Exit::Signal(libc::SIGPIPE) || stderr.contains("BrokenPipe");
    let first = outcome.validator_first;
    // Row 0: a validator that did not end once the submission had ended hung (the submission
    // was waiting for it, or had finished): the judge's fault, whatever else happened.
    if let Some(grace) = outcome.validator_hung {
        return judge_error(format!(
            "the output validator did not end within {:.1} s after the submission ended \
             (it neither wrote nor ended) and was stopped",
            grace.as_secs_f64()
        ));
    }
    match (checked, failed) {
        // Row 1: the validator broke on its own, the submission still running.
        (CheckOutcome::JudgeError(why), _) if first => judge_error(why),
        // Row 2: the validator rejected first.
        (CheckOutcome::Rejected { reason, details }, _) if first => {
            Pass::Ended(Cause::Rejected(reason), details)
        }
        // Row 3: the submission died of the pipe a rejecting validator closed.
        (CheckOutcome::Rejected { reason, details }, Some(Cause::Crashed { .. }))
            if broken_pipe =>
        {
            Pass::Ended(Cause::Rejected(reason), details)
        }
        // Rows 4 and 5: the submission's own limits, then its crash, whatever the validator
        // made of the end of its input.
        (_, Some(failed)) => Pass::Ended(failed, Vec::new()),
        // Row 6: the submission ended well and the validator then died of the pipe it left.
        (CheckOutcome::JudgeError(_), None)
            if outcome.validator.exit == Exit::Signal(libc::SIGPIPE) =>
        {
            let why = "the output validator was killed by SIGPIPE writing to the submission, \
                       which had already ended without reading it"
                .to_string();
            Pass::Ended(Cause::Rejected(why), Vec::new())
        }
        // Row 7: the validator broke after a submission that ended well.
        (CheckOutcome::JudgeError(why), None) => judge_error(why),
        // Row 8: the validator's verdict.
        (CheckOutcome::Rejected { reason, details }, None) => {
            Pass::Ended(Cause::Rejected(reason), details)
        }
        (CheckOutcome::Accepted, None) => Pass::Accepted,
    }
}

/// The score the validator wrote in `score.txt`, if it wrote one.
fn validator_score(feedback: &Path) -> Result<Option<f64>, String> {
    let file = feedback.join("score.txt");
    if !crate::as_run_user::left_file(&file) {
        return Ok(None);
    }
    let text = read_head(&file);
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Some(x)),
        _ => Err(format!(
            "the output validator wrote '{}' in score.txt, not a number",
            text.trim()
        )),
    }
}

fn of_check(checked: CheckOutcome) -> Pass {
    match super::verdict::of_check(checked) {
        (Cause::Accepted, _) => Pass::Accepted,
        (cause, details) => Pass::Ended(cause, details),
    }
}

fn judge_error(why: impl ToString) -> Pass {
    Pass::Ended(Cause::JudgeFault(why.to_string()), Vec::new())
}

/// Writes a transcript: every line prefixed with who wrote it, in the order they passed.
fn write_transcript(path: &Path, pieces: &[(Speaker, Vec<u8>)]) -> anyhow::Result<()> {
    let mut text = String::new();
    for (who, bytes) in pieces {
        let tag = match who {
            Speaker::Submission => "submission> ",
            Speaker::Validator => "validator>  ",
        };
        let piece = String::from_utf8_lossy(bytes);
        for line in piece.split_inclusive('\n') {
            text.push_str(tag);
            text.push_str(line.strip_suffix('\n').unwrap_or(line));
            if !line.ends_with('\n') {
                text.push_str(" [no newline]");
            }
            text.push('\n');
        }
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    Ok(leapfrog_util::write_atomically(path, text.as_bytes())?)
}
