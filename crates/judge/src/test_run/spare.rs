//! Test directories kept from one test of a submission to its next (see [`SpareDirs`]).

use std::path::Path;

use super::RunFiles;

/// The test directories ([`RunFiles`]) of one submission's finished tests, emptied, for its next
/// tests. Making a test's two directories and removing them again is, on a scratch disk mounted
/// with `discard` (ext4 without a journal here), two synchronous discards of a block each at every
/// test, which the judge's thread waits for (the largest wait of a tiny test, and one the
/// device serves one at a time, so it put parallel jobs in line). A directory is handed to
/// one test at a time, and only once nothing of the test before is left in it.
#[derive(Default)]
pub struct SpareDirs(std::sync::Mutex<Vec<RunFiles>>);

impl SpareDirs {
    /// An emptied test directory in `scratch_root`, if one is spare.
    pub(super) fn take(&self, scratch_root: &Path) -> Option<RunFiles> {
        let mut spare = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let at = spare
            .iter()
            .position(|files| files.scratch == scratch_root)?;
        Some(spare.swap_remove(at))
    }

    /// Keeps a test's directory for a later test once everything the test left in it is
    /// removed; else removes it all.
    pub(super) fn give_back(&self, files: RunFiles) {
        if files.empty() {
            self.0.lock().unwrap_or_else(|e| e.into_inner()).push(files);
        } else {
            files.remove();
        }
    }
}

/// The spare directories go with the runner of the submission's tests.
impl Drop for SpareDirs {
    fn drop(&mut self) {
        let spare = std::mem::take(self.0.get_mut().unwrap_or_else(|e| e.into_inner()));
        for files in spare {
            files.remove();
        }
    }
}
