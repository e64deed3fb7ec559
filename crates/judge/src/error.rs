//! How judging fails, as a type the commands can match on: [`JudgeError`] says whether a run was
//! interrupted, whether the package's own data was rejected, or whether judging itself broke.
//! The command line's exit code is decided from it, by [`JudgeError::process_exit_code`] alone.

use std::process::ExitCode;

/// Why a command that judges (or reads a package for judging) did not finish.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// Ctrl-C, or the command's token stopped the runs: nothing after it can be trusted.
    #[error("interrupted")]
    Interrupted,
    /// The package's test data is rejected by its own validators or generators: a rejection
    /// like a failed test, not a fault of the judge.
    #[error("{0}")]
    InvalidData(String),
    /// The reader of standard output went away (`leapfrog solve … | head`): their choice.
    #[error("standard output was closed")]
    ClosedPipe,
    /// Judging could not go on: a usage error, an unreadable package, a broken checker.
    #[error(transparent)]
    Failed(anyhow::Error),
}

impl JudgeError {
    /// The one place an error becomes an exit code: 130 as shells report Ctrl-C, 1 for rejected
    /// test data (as for any rejection), 0 for a closed pipe, 2 for every judge or usage error.
    pub fn process_exit_code(&self) -> ExitCode {
        ExitCode::from(self.exit_status())
    }

    /// [`JudgeError::process_exit_code`] as its number, for a report that states it (the
    /// `exit_code` of a `--json` command's error object).
    pub fn exit_status(&self) -> u8 {
        match self {
            JudgeError::Interrupted => 130,
            JudgeError::InvalidData(_) => 1,
            JudgeError::ClosedPipe => 0,
            JudgeError::Failed(_) => 2,
        }
    }

    /// Whether the user still needs to read about it (a closed pipe needs no word).
    pub fn is_reported(&self) -> bool {
        !matches!(self, JudgeError::ClosedPipe)
    }

    /// Whether it stops everything rather than one submission's row.
    pub fn is_interrupted(&self) -> bool {
        matches!(self, JudgeError::Interrupted)
    }
}

impl From<leapfrog_runner::Interrupted> for JudgeError {
    fn from(_: leapfrog_runner::Interrupted) -> JudgeError {
        JudgeError::Interrupted
    }
}

/// An error that went up through `?` as `anyhow` is typed again here, once: the runner's
/// interruption and a `JudgeError` wrapped with context keep their meaning; a closed stdout is
/// the reader's choice; anything else is a failure.
impl From<anyhow::Error> for JudgeError {
    fn from(err: anyhow::Error) -> JudgeError {
        // Only a bare one is taken back as it is: anyhow would also hand out one wrapped in
        // context, and the context (which test, which file) would be lost.
        let bare = err
            .chain()
            .next()
            .is_some_and(|outer| outer.is::<JudgeError>());
        let err = match bare {
            true => match err.downcast::<JudgeError>() {
                Ok(typed) => return typed,
                Err(err) => err,
            },
            false => err,
        };
        for cause in err.chain() {
            if cause.is::<leapfrog_runner::Interrupted>() {
                return JudgeError::Interrupted;
            }
            match cause.downcast_ref::<JudgeError>() {
                // The message keeps the context added on the way up.
                Some(JudgeError::InvalidData(_)) => {
                    return JudgeError::InvalidData(format!("{err:#}"));
                }
                Some(JudgeError::Interrupted) => return JudgeError::Interrupted,
                Some(JudgeError::ClosedPipe) => return JudgeError::ClosedPipe,
                _ => {}
            }
            if (cause.downcast_ref::<std::io::Error>())
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return JudgeError::ClosedPipe;
            }
        }
        JudgeError::Failed(err)
    }
}

/// A package that cannot be read for judging stops the command (exit 2).
impl From<leapfrog_package::PackageError> for JudgeError {
    fn from(err: leapfrog_package::PackageError) -> JudgeError {
        JudgeError::Failed(err.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    fn code(err: &JudgeError) -> String {
        format!("{:?}", err.process_exit_code())
    }

    #[test]
    fn each_kind_has_its_exit_code() {
        let rows: [(JudgeError, ExitCode); 4] = [
            (JudgeError::Interrupted, ExitCode::from(130)),
            (JudgeError::InvalidData("x".into()), ExitCode::from(1)),
            (JudgeError::ClosedPipe, ExitCode::SUCCESS),
            (JudgeError::Failed(anyhow::anyhow!("x")), ExitCode::from(2)),
        ];
        for (err, expected) in rows {
            assert_eq!(code(&err), format!("{expected:?}"), "{err:?}");
        }
    }

    #[test]
    fn context_on_the_way_up_keeps_the_kind_and_the_words() {
        let rejected: anyhow::Result<()> = Err(JudgeError::InvalidData("bad input".into()).into());
        let err = JudgeError::from(rejected.context("test secret/bad").unwrap_err());
        assert!(
            matches!(&err, JudgeError::InvalidData(words) if words == "test secret/bad: bad input")
        );
        let stopped: anyhow::Result<()> = Err(leapfrog_runner::Interrupted.into());
        let err = JudgeError::from(stopped.context("judging").unwrap_err());
        assert!(err.is_interrupted());
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        let err = JudgeError::from(anyhow::Error::from(pipe).context("writing"));
        assert!(!err.is_reported());
        let other = JudgeError::from(anyhow::anyhow!("no such file").context("reading x"));
        assert_eq!(format!("{other:#}"), "reading x: no such file");
    }

    #[test]
    fn a_bare_judge_error_comes_back_as_it_was() {
        let err = JudgeError::from(anyhow::Error::from(JudgeError::Interrupted));
        assert!(err.is_interrupted());
    }
}
