//! Helpers for the setter-tool tests: a copy of the fixture repository in `tests/fixtures/setter`
//! (symlinks kept as symlinks, as git checks them out).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A throw-away copy of the fixture repository: `problems/hops` and `checkers/hops.rs`.
pub struct FixtureRepo {
    pub dir: tempfile::TempDir,
}

impl FixtureRepo {
    pub fn new() -> FixtureRepo {
        let dir = tempfile::Builder::new()
            .prefix("leapfrog-setter-")
            .tempdir()
            .unwrap();
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/setter");
        copy_tree(&source, dir.path());
        FixtureRepo { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn problem(&self, name: &str) -> PathBuf {
        self.path().join("problems").join(name)
    }

    /// Writes a file below the repository, creating directories.
    pub fn write(&self, rel: &str, contents: &str) -> PathBuf {
        let path = self.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, contents).unwrap();
        path
    }
}

pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        let kind = entry.file_type().unwrap();
        if kind.is_symlink() {
            let link = std::fs::read_link(entry.path()).unwrap();
            std::os::unix::fs::symlink(link, &target).unwrap();
        } else if kind.is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every path below `dir`, relative, sorted (directories end in `/`).
pub fn listing(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.unwrap();
        let rel = entry.path().strip_prefix(dir).unwrap();
        if rel.as_os_str().is_empty() {
            continue;
        }
        let mut s = rel.display().to_string();
        if entry.file_type().is_dir() {
            s.push('/');
        }
        out.push(s);
    }
    out
}
