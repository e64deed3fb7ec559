//! A guard around a hostile run (issue 40: "after every hostile test, the package, the cache
//! and the caller's files hash as before, and no file appears outside the run's scratch").
//! It gives the judge a temporary directory (`TMPDIR`, where its scratch space goes), a
//! compile cache and a caller's directory of its own (the working directory, holding a file of
//! the caller's), hashes the trees it watches (the package, the caller's directory), the
//! temporary directory and the cache before the run, and on [`Guard::finish`] (or on drop,
//! unless the test already failed) asserts that the trees and the temporary directory hash as
//! before (so the run left nothing behind outside its scratch space, which it must remove),
//! that no cache entry changed or went away, and that nothing in the cache is writable by
//! other users or set-id.
//!
//! A test whose point is the temporary directory itself (one shared with another local user,
//! a full or missing one) hands the guard that directory instead ([`Guard::in_tmp`]): what it
//! held before the run may stay, but nothing may be added, changed or removed.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::trees::Snapshot;

pub struct Guard {
    tmp: Tmp,
    tmp_before: Snapshot,
    cache: tempfile::TempDir,
    caller: tempfile::TempDir,
    watched: Vec<PathBuf>,
    before: Snapshot,
    cache_before: Snapshot,
    done: bool,
}

/// The judge's temporary directory: the guard's own, or one the test made.
enum Tmp {
    Own(tempfile::TempDir),
    Given(PathBuf),
}

impl Guard {
    /// Watches `trees` (the package, other files the run must not change) and the caller's
    /// directory from now on, giving the judge an empty temporary directory of its own.
    pub fn over(trees: &[&Path]) -> Guard {
        let tmp = tempfile::Builder::new()
            .prefix("leapfrog-guard-tmp-")
            .tempdir()
            .unwrap();
        // Jury programs and runs pass through the judge's scratch space as other users.
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        Guard::watching(trees, Tmp::Own(tmp))
    }

    /// As [`Guard::over`], with `tmp` (which the test made, and may have filled or left
    /// missing) as the judge's temporary directory.
    pub fn in_tmp(trees: &[&Path], tmp: &Path) -> Guard {
        Guard::watching(trees, Tmp::Given(tmp.to_path_buf()))
    }

    fn watching(trees: &[&Path], tmp: Tmp) -> Guard {
        let cache = tempfile::Builder::new()
            .prefix("leapfrog-guard-cache-")
            .tempdir()
            .unwrap();
        let caller = tempfile::tempdir().unwrap();
        std::fs::write(caller.path().join("notes.txt"), "the caller's own file\n").unwrap();
        let mut watched: Vec<PathBuf> = trees.iter().map(|t| t.to_path_buf()).collect();
        watched.push(caller.path().to_path_buf());
        let roots: Vec<&Path> = watched.iter().map(PathBuf::as_path).collect();
        let tmp_before = Snapshot::take(&[tmp.path()]);
        Guard {
            tmp_before,
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

    /// What [`Guard::finish`] would say, as a result instead of a panic (for the tests below,
    /// which show that the guard sees what it is there to see).
    pub fn outcome(mut self) -> Result<(), String> {
        self.done = true;
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.check())).map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
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

    /// Runs `leapfrog ARGS` as [`Guard::command`] does, waits for it, then [`Guard::finish`]es:
    /// its output, once nothing it did is left where the guard looks.
    pub fn run<S: AsRef<std::ffi::OsStr>>(
        self,
        args: impl IntoIterator<Item = S>,
    ) -> std::process::Output {
        let output = self.command().args(args).output().unwrap();
        self.finish();
        output
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
        self.tmp_before.assert_same(
            &Snapshot::take(&[self.tmp()]),
            "the run's TMPDIR (only its scratch space may go there, and it must go again)",
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

impl Tmp {
    fn path(&self) -> &Path {
        match self {
            Tmp::Own(dir) => dir.path(),
            Tmp::Given(dir) => dir,
        }
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

/// The guard itself: each thing it is there to catch makes it fail, naming what it saw.
#[cfg(test)]
mod tests {
    use super::Guard;
    use std::os::unix::fs::PermissionsExt;

    fn failure(guard: Guard, change: impl FnOnce(&Guard)) -> String {
        change(&guard);
        guard.outcome().expect_err("the guard saw nothing")
    }

    #[test]
    fn an_untouched_run_passes() {
        let pkg = tempfile::tempdir().unwrap();
        std::fs::write(pkg.path().join("a.in"), "1 2\n").unwrap();
        let guard = Guard::over(&[pkg.path()]);
        // New cache entries are what a compile leaves: fine.
        std::fs::write(guard.cache().join("entry"), "built").unwrap();
        std::fs::set_permissions(
            guard.cache().join("entry"),
            std::fs::Permissions::from_mode(0o644),
        )
        .unwrap();
        guard.outcome().unwrap();
    }

    #[test]
    fn a_file_left_in_tmpdir_fails() {
        let guard = Guard::over(&[]);
        let said = failure(guard, |g| {
            std::fs::create_dir(g.tmp().join("leapfrog-left")).unwrap();
            std::fs::write(g.tmp().join("leapfrog-left/out"), "x").unwrap();
        });
        assert!(
            said.contains("TMPDIR") && said.contains("leapfrog-left"),
            "{said}"
        );
    }

    #[test]
    fn a_file_added_to_a_given_tmpdir_fails_but_what_was_there_stays() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("theirs"), "before").unwrap();
        let guard = Guard::in_tmp(&[], tmp.path());
        guard.outcome().unwrap();
        let guard = Guard::in_tmp(&[], tmp.path());
        let said = failure(guard, |_| {
            std::fs::write(tmp.path().join("new"), "x").unwrap()
        });
        assert!(said.contains("added") && said.contains("new"), "{said}");
    }

    #[test]
    fn a_changed_package_or_caller_file_fails() {
        let pkg = tempfile::tempdir().unwrap();
        std::fs::write(pkg.path().join("a.ans"), "3\n").unwrap();
        let guard = Guard::over(&[pkg.path()]);
        let said = failure(guard, |_| {
            std::fs::write(pkg.path().join("a.ans"), "4\n").unwrap()
        });
        assert!(said.contains("changed") && said.contains("a.ans"), "{said}");
        let guard = Guard::over(&[pkg.path()]);
        let said = failure(guard, |g| {
            std::fs::remove_file(g.caller().join("notes.txt")).unwrap()
        });
        assert!(
            said.contains("gone") && said.contains("notes.txt"),
            "{said}"
        );
    }

    #[test]
    fn a_set_id_or_world_writable_cache_entry_fails() {
        let guard = Guard::over(&[]);
        let said = failure(guard, |g| {
            let entry = g.cache().join("entry");
            std::fs::write(&entry, "built").unwrap();
            std::fs::set_permissions(&entry, std::fs::Permissions::from_mode(0o666)).unwrap();
        });
        assert!(
            said.contains("other users") && said.contains("entry"),
            "{said}"
        );
        let guard = Guard::over(&[]);
        let said = failure(guard, |g| {
            let entry = g.cache().join("entry");
            std::fs::write(&entry, "built").unwrap();
            std::fs::set_permissions(&entry, std::fs::Permissions::from_mode(0o4755)).unwrap();
        });
        assert!(said.contains("set-id") && said.contains("entry"), "{said}");
    }
}
