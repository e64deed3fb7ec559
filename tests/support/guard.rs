//! A guard around a hostile run (issue 40: "after every hostile test, the package, the cache
//! and the caller's files hash as before, and no file appears outside the run's scratch").
//! It gives the judge a temporary directory (`TMPDIR`, where its scratch space goes), a
//! compile cache and a caller's directory of its own (the working directory, holding a file of
//! the caller's), hashes the trees it watches (the package, the caller's directory) and the
//! cache before the run, and on [`Guard::finish`] (or on drop, unless the test already failed)
//! asserts that the trees hash as before, that no cache entry changed or went away, that the
//! temporary directory holds nothing the run left behind, and that nothing in the cache is
//! writable by other users or set-id.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::trees::Snapshot;

pub struct Guard {
    tmp: tempfile::TempDir,
    cache: tempfile::TempDir,
    caller: tempfile::TempDir,
    watched: Vec<PathBuf>,
    before: Snapshot,
    cache_before: Snapshot,
    done: bool,
}

impl Guard {
    /// Watches `trees` (the package, other files the run must not change) and the caller's
    /// directory from now on.
    pub fn over(trees: &[&Path]) -> Guard {
        let tmp = tempfile::Builder::new()
            .prefix("leapfrog-guard-tmp-")
            .tempdir()
            .unwrap();
        // Jury programs and runs pass through the judge's scratch space as other users.
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        let cache = tempfile::Builder::new()
            .prefix("leapfrog-guard-cache-")
            .tempdir()
            .unwrap();
        let caller = tempfile::tempdir().unwrap();
        std::fs::write(caller.path().join("notes.txt"), "the caller's own file\n").unwrap();
        let mut watched: Vec<PathBuf> = trees.iter().map(|t| t.to_path_buf()).collect();
        watched.push(caller.path().to_path_buf());
        let roots: Vec<&Path> = watched.iter().map(PathBuf::as_path).collect();
        Guard {
            before: Snapshot::take(&roots),
            cache_before: Snapshot::take(&[cache.path()]),
            tmp,
            cache,
            caller,
            watched,
            done: false,
        }
    }

    /// The temporary directory the judge is given.
    pub fn tmp(&self) -> &Path {
        self.tmp.path()
    }

    /// The compile cache the judge is given.
    pub fn cache(&self) -> &Path {
        self.cache.path()
    }

    /// The caller's directory: the working directory of [`Guard::command`].
    pub fn caller(&self) -> &Path {
        self.caller.path()
    }

    /// `leapfrog` with this guard's temporary directory and cache, run from the caller's
    /// directory.
    pub fn leapfrog(&self) -> assert_cmd::Command {
        assert_cmd::Command::from_std(self.command())
    }

    /// A `std` command of `leapfrog`, as [`Guard::leapfrog`].
    pub fn command(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"));
        cmd.env("NO_COLOR", "1")
            .env("TMPDIR", self.tmp())
            .env("LEAPFROG_CACHE_DIR", self.cache())
            .current_dir(self.caller());
        cmd
    }

    /// Asserts that the run kept the watched trees, its temporary directory and the cache clean.
    pub fn finish(mut self) {
        self.done = true;
        self.check();
    }

    fn check(&self) {
        let roots: Vec<&Path> = self.watched.iter().map(PathBuf::as_path).collect();
        self.before
            .assert_same(&Snapshot::take(&roots), "a watched tree");
        let cache = Snapshot::take(&[self.cache()]);
        self.cache_before.assert_kept(&cache, "the compile cache");
        let left: Vec<String> = walkdir::WalkDir::new(self.tmp())
            .min_depth(1)
            .into_iter()
            .flatten()
            .map(|e| e.path().display().to_string())
            .collect();
        assert!(
            left.is_empty(),
            "the run left files outside its scratch space, in its TMPDIR:\n{}",
            left.join("\n")
        );
        let loose: Vec<String> = walkdir::WalkDir::new(self.cache())
            .into_iter()
            .flatten()
            .filter(|e| !e.path_is_symlink())
            .filter(|e| {
                e.metadata()
                    .is_ok_and(|m| m.permissions().mode() & 0o7022 != 0)
            })
            .map(|e| e.path().display().to_string())
            .collect();
        assert!(
            loose.is_empty(),
            "cache entries other users may change, or set-id:\n{}",
            loose.join("\n")
        );
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if !self.done && !std::thread::panicking() {
            self.done = true;
            self.check();
        }
    }
}
