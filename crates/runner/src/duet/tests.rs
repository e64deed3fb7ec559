//! Unit tests of `duet`.

use super::*;
use crate::{Exit, Isolation, RunLimits};

fn shell(dir: &std::path::Path, name: &str, script: &str) -> RunSpec {
    RunSpec {
        argv: ["/bin/sh", "-c", script].map(Into::into).to_vec(),
        cwd: dir.to_path_buf(),
        stdin: None,
        stdout: dir.join(format!("{name}.out")),
        stderr: dir.join(format!("{name}.err")),
        limits: RunLimits::compiler(),
        cpu_slot: None,
        env: None,
        isolation: Isolation::Direct,
        user: None,
    }
}

#[test]
fn the_two_programs_talk_with_and_without_the_relay() {
    let dir = tempfile::tempdir().unwrap();
    let validator = shell(
        dir.path(),
        "v",
        "echo ping; read x; test \"$x\" = pong && exit 42; exit 43",
    );
    let submission = shell(dir.path(), "s", "read x; test \"$x\" = ping && echo pong");
    for transcript in [None, Some(1 << 10)] {
        let duet = Duet {
            submission: &submission,
            validator: &validator,
            transcript,
        };
        let outcome = run_duet(&Runner::new(crate::Cancel::new()), &duet).unwrap();
        assert_eq!(outcome.validator.exit, Exit::Code(42));
        assert_eq!(outcome.submission.exit, Exit::Code(0));
        let expected = match transcript {
            None => vec![],
            Some(_) => vec![
                (Speaker::Validator, b"ping\n".to_vec()),
                (Speaker::Submission, b"pong\n".to_vec()),
            ],
        };
        assert_eq!(outcome.transcript, expected);
    }
}

/// The duet run twice: without a transcript, and keeping one.
fn with_and_without_transcript(submission: &RunSpec, validator: &RunSpec) -> Vec<DuetOutcome> {
    [None, Some(64)]
        .into_iter()
        .map(|transcript| {
            let duet = Duet {
                submission,
                validator,
                transcript,
            };
            run_duet(&Runner::new(crate::Cancel::new()), &duet).unwrap()
        })
        .collect()
}

#[test]
fn a_validator_that_rejects_first_stops_the_submission() {
    let dir = tempfile::tempdir().unwrap();
    let validator = shell(dir.path(), "v", "exit 43");
    // Without the stop, this would sleep until the wall-clock limit.
    let submission = shell(dir.path(), "s", "cat > /dev/null; sleep 30");
    for outcome in with_and_without_transcript(&submission, &validator) {
        assert_eq!(
            outcome.submission.stopped,
            Some(crate::Stopped::PeerRejected)
        );
        assert!(outcome.validator_first);
    }
}

#[test]
fn the_validator_reads_the_end_of_the_output_only_once_the_submission_ended() {
    let dir = tempfile::tempdir().unwrap();
    // The validator rejects as soon as its input ends; the submission closes its output,
    // then crashes a moment later. The crash comes first, as in BAPCtools.
    let validator = shell(dir.path(), "v", "cat > /dev/null; exit 43");
    let submission = shell(dir.path(), "s", "exec >&-; sleep 0.3; exit 3");
    for outcome in with_and_without_transcript(&submission, &validator) {
        assert_eq!(outcome.submission.exit, Exit::Code(3));
        assert!(!outcome.validator_first);
    }
}

#[test]
fn a_validator_still_reading_what_the_submission_left_is_not_hung() {
    let dir = tempfile::tempdir().unwrap();
    // The submission floods its output and leaves; the validator takes 3 s to get through
    // it, longer than its grace of 2 s, but reads more of it all the while.
    let validator = shell(
        dir.path(),
        "v",
        "while read -r x; do sleep 0.05; done; exit 42",
    );
    let mut submission = shell(dir.path(), "s", "seq 60");
    submission.limits.cpu = Duration::from_millis(100);
    let duet = Duet {
        submission: &submission,
        validator: &validator,
        transcript: None,
    };
    let outcome = run_duet(&Runner::new(crate::Cancel::new()), &duet).unwrap();
    assert_eq!(outcome.validator_hung, None);
    assert_eq!(outcome.validator.exit, Exit::Code(42));
    // One that reads nothing more once the submission is gone is stopped after its grace.
    let validator = shell(dir.path(), "v", "read -r x; sleep 30");
    let duet = Duet {
        validator: &validator,
        ..duet
    };
    let outcome = run_duet(&Runner::new(crate::Cancel::new()), &duet).unwrap();
    assert_eq!(outcome.validator_hung, Some(MIN_GRACE));
}

#[test]
fn a_pipe_hangs_up_once_its_last_writer_is_gone() {
    let (read, write) = pipe().unwrap();
    let other_writer = write.try_clone().unwrap();
    assert!(!hung_up(&read));
    drop(write);
    assert!(!hung_up(&read));
    drop(other_writer);
    assert!(hung_up(&read));
}
