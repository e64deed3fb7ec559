//! The judge's own failures while it runs a test, typed, so that each ends as JE naming its
//! cause and never as a verdict against the contestant: the scratch space full (a contestant's
//! output then ends early, or its write fails), a file of the judge's gone or not copied.

use std::path::{Path, PathBuf};

/// A failure of the judge's machinery during a test.
#[derive(Debug, thiserror::Error)]
pub enum JudgeFault {
    #[error(
        "the judge's scratch space {} is full ({} free; No space left on device): the run's output may have been cut short",
        dir.display(),
        describe_free(*free_bytes, *free_inodes)
    )]
    ScratchFull {
        dir: PathBuf,
        free_bytes: u64,
        free_inodes: u64,
    },
    #[error(
        "the judge's scratch directory {} (TMPDIR) cannot hold a directory: {source}",
        dir.display()
    )]
    ScratchUnusable {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("{doing} {}: {source}", path.display())]
    File {
        doing: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
}

impl JudgeFault {
    pub fn file(doing: &'static str, path: &Path, source: std::io::Error) -> JudgeFault {
        JudgeFault::File {
            doing,
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Fails, naming it, when the judge's scratch directory (`$TMPDIR`) cannot take a directory:
/// no test could run, and a compiler writing there would fail as if the program were wrong.
pub fn check_scratch() -> Result<(), JudgeFault> {
    let dir = std::env::temp_dir();
    if let Some(full) = scratch_full(&dir) {
        return Err(full);
    }
    tempfile::Builder::new()
        .prefix("leapfrog-probe-")
        .tempdir_in(&dir)
        .map(drop)
        .map_err(|source| JudgeFault::ScratchUnusable { dir, source })
}

/// What is left: bytes, or no inode at all.
fn describe_free(bytes: u64, inodes: u64) -> String {
    if inodes == 0 {
        "no inode".to_string()
    } else {
        format!("{bytes} bytes")
    }
}

/// The fault when the file system holding `dir` is (nearly) full; `None` when it has room or
/// cannot be asked.
pub fn scratch_full(dir: &Path) -> Option<JudgeFault> {
    let (free_bytes, free_inodes) = leapfrog_util::file_system_full(dir)?;
    Some(JudgeFault::ScratchFull {
        dir: dir.to_path_buf(),
        free_bytes,
        free_inodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roomy_directory_is_not_full_and_the_message_names_the_cause() {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            scratch_full(dir.path()).is_none(),
            "the test's own tmp is full?"
        );
        let fault = JudgeFault::ScratchFull {
            dir: "/scratch".into(),
            free_bytes: 0,
            free_inodes: 9,
        };
        assert_eq!(
            fault.to_string(),
            "the judge's scratch space /scratch is full (0 bytes free; No space left on device): the run's output may have been cut short"
        );
    }
}
