//! The output validator's verdicts remembered within one command (`verify` asks for it): two
//! submissions that print the same output on a test get one validator run between them. The key
//! is a SHA-256 of everything the validator is given (its path, the input, the answer, the
//! output and its arguments); the value is what the check decided and the feedback files it
//! left (a scoring problem reads `score.txt` and `judgemessage.txt` from them), never anything
//! of the submission's run. A judge error is not remembered: a validator that timed out under
//! load gets its chance again. Interactive and multi-pass problems never come here, since
//! their validator talks to the run or leaves a file that starts another pass.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use sha2::{Digest, Sha256};

use super::CheckOutcome;

/// The most bytes of feedback files kept for one check; a validator that writes more is run
/// again rather than held in memory.
const FEEDBACK_BYTES: u64 = 1 << 20;

/// The most checks remembered: past it new ones are run and not kept (a long stress session
/// does not grow without bound).
const ENTRIES: usize = 1 << 18;

/// What one check decided and the feedback files it left.
struct Entry {
    outcome: CheckOutcome,
    feedback: Vec<(OsString, Vec<u8>)>,
}

/// A cell per key: the first check of a key fills it while later ones wait, so two submissions
/// judged at once do not both run the validator on the same output. `None` marks a check that
/// is not to be reused (a judge error, or feedback too large or not plain files).
type Cell = Arc<OnceLock<Option<Entry>>>;

/// The remembered checks, and how many ran and how many were reused.
#[derive(Default)]
pub struct Remembered {
    entries: Mutex<HashMap<[u8; 32], Cell>>,
    runs: AtomicU64,
    reused: AtomicU64,
}

/// How many output validator runs a command made, and how many checks it answered from
/// earlier runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct CheckCounts {
    pub runs: u64,
    pub reused: u64,
}

impl Remembered {
    pub fn counts(&self) -> CheckCounts {
        CheckCounts {
            runs: self.runs.load(Ordering::Relaxed),
            reused: self.reused.load(Ordering::Relaxed),
        }
    }

    /// The check of `key` (see [`key`]): remembered, else made by `run`, which leaves its
    /// feedback files in `feedback`. A remembered check's feedback files are written there
    /// again, as the validator would have left them.
    pub fn check(
        &self,
        key: Option<[u8; 32]>,
        feedback: &Path,
        run: impl Fn() -> CheckOutcome,
    ) -> CheckOutcome {
        let counted = || {
            self.runs.fetch_add(1, Ordering::Relaxed);
            run()
        };
        let Some(cell) = key.and_then(|key| self.cell(key)) else {
            return counted();
        };
        let mut fresh = None;
        let entry = cell.get_or_init(|| {
            let outcome = counted();
            let entry = keepable(&outcome, feedback);
            fresh = Some(outcome);
            entry
        });
        if let Some(outcome) = fresh {
            return outcome;
        }
        match entry {
            Some(entry) if restore(feedback, &entry.feedback) => {
                self.reused.fetch_add(1, Ordering::Relaxed);
                entry.outcome.clone()
            }
            _ => counted(),
        }
    }

    /// The cell of `key`, made if new; `None` once the table is full.
    fn cell(&self, key: [u8; 32]) -> Option<Cell> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(cell) = entries.get(&key) {
            return Some(Arc::clone(cell));
        }
        if entries.len() >= ENTRIES {
            return None;
        }
        Some(Arc::clone(entries.entry(key).or_default()))
    }
}

/// The key of a check: the validator's path, then the input, the answer and the output (each
/// with its length, so no two lists of files hash alike), then the arguments. `None` when a
/// file cannot be read: that check is then simply run.
pub fn key(
    validator: &Path,
    [input, answer, output]: [&Path; 3],
    flags: &[String],
) -> Option<[u8; 32]> {
    let mut hash = Sha256::new();
    let validator = validator.as_os_str().as_encoded_bytes();
    hash.update((validator.len() as u64).to_le_bytes());
    hash.update(validator);
    for file in [input, answer, output] {
        hash_file(&mut hash, file).ok()?;
    }
    hash.update((flags.len() as u64).to_le_bytes());
    for flag in flags {
        hash.update((flag.len() as u64).to_le_bytes());
        hash.update(flag.as_bytes());
    }
    Some(hash.finalize().into())
}

/// Adds a file's length and bytes to `hash`.
fn hash_file(hash: &mut Sha256, path: &Path) -> std::io::Result<()> {
    let mut file = std::fs::File::open(path)?;
    hash.update(file.metadata()?.len().to_le_bytes());
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            return Ok(());
        }
        hash.update(&buffer[..n]);
    }
}

/// What of a finished check may be reused: its verdict and its feedback files, when it is not
/// a judge error and the feedback directory holds only plain files of modest size (a link or
/// a directory left there is not followed: the validator's user made them).
fn keepable(outcome: &CheckOutcome, feedback: &Path) -> Option<Entry> {
    if matches!(outcome, CheckOutcome::JudgeError(_)) {
        return None;
    }
    let mut files = Vec::new();
    let mut total = 0u64;
    let listing = match std::fs::read_dir(feedback) {
        Ok(listing) => listing,
        // No directory: the check left no files.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Some(Entry {
                outcome: outcome.clone(),
                feedback: files,
            });
        }
        Err(_) => return None,
    };
    for item in listing {
        let item = item.ok()?;
        let meta = std::fs::symlink_metadata(item.path()).ok()?;
        total += meta.len();
        if !meta.is_file() || total > FEEDBACK_BYTES {
            return None;
        }
        files.push((item.file_name(), std::fs::read(item.path()).ok()?));
    }
    Some(Entry {
        outcome: outcome.clone(),
        feedback: files,
    })
}

/// Writes remembered feedback files into `feedback` (made if missing); `false` when that
/// fails, and the check is then run instead.
fn restore(feedback: &Path, files: &[(OsString, Vec<u8>)]) -> bool {
    if std::fs::create_dir_all(feedback).is_err() {
        return false;
    }
    files
        .iter()
        .all(|(name, bytes)| std::fs::write(feedback.join(name), bytes).is_ok())
}
