//! Hashes of directory trees, taken before and after a hostile run: the package's data, the
//! compile cache and the caller's files must come out of it exactly as they went in.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// Every file and directory below some roots: its kind, mode and (for a file) the SHA-256 of
/// its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    entries: BTreeMap<PathBuf, String>,
}

impl Snapshot {
    /// Hashes everything below `roots` (a missing root is an empty tree).
    pub fn take(roots: &[&Path]) -> Snapshot {
        let mut entries = BTreeMap::new();
        for root in roots {
            for entry in walkdir::WalkDir::new(root).into_iter().flatten() {
                let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
                    continue;
                };
                let mode = meta.permissions().mode();
                let what = if meta.is_file() {
                    let bytes = std::fs::read(entry.path()).unwrap_or_default();
                    format!(
                        "file {mode:o} {}",
                        leapfrog::util::hex(&Sha256::digest(&bytes))
                    )
                } else if meta.is_dir() {
                    format!("dir {mode:o}")
                } else {
                    let target = std::fs::read_link(entry.path()).unwrap_or_default();
                    format!("link {}", target.display())
                };
                entries.insert(entry.path().to_path_buf(), what);
            }
        }
        Snapshot { entries }
    }

    /// Panics, naming them, when entries changed or went away since `self` (new entries are
    /// fine: a compile cache gains the run's build).
    pub fn assert_kept(&self, after: &Snapshot, what: &str) {
        let mut wrong = Vec::new();
        for (path, before) in &self.entries {
            match after.entries.get(path) {
                Some(now) if now == before => {}
                // A directory's own mode may not change either; its contents are compared one
                // by one.
                Some(now) => wrong.push(format!("changed: {} ({before} -> {now})", path.display())),
                None => wrong.push(format!("gone: {}", path.display())),
            }
        }
        assert!(wrong.is_empty(), "{what}:\n{}", wrong.join("\n"));
    }

    /// Exactly the same tree.
    pub fn assert_same(&self, after: &Snapshot, what: &str) {
        self.assert_kept(after, what);
        let added: Vec<_> = after
            .entries
            .keys()
            .filter(|p| !self.entries.contains_key(*p))
            .map(|p| p.display().to_string())
            .collect();
        assert!(added.is_empty(), "{what}: added\n{}", added.join("\n"));
    }
}
