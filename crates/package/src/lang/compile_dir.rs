//! Where a compile runs, and who runs it. Where the judge is root, the compiler (any program's:
//! a submission's, a validator's, a generator's) runs as the run's unprivileged user
//! ([`leapfrog_runner::run_user`]), which owns nothing of the judge's: it is handed a fresh
//! directory of its own to build in, never the cache's, and once it succeeded the judge copies
//! what it left into the cache entry as its own files (fresh files the run's user cannot
//! reach, its modes cleared of set-id bits, links leading out of the build left out), so that
//! no later run can change a cached build.
//!
//! The compiler reads copies of the sources, readable by all (the package's own files may be
//! private to the judge), beside that directory; outside the sandbox, a single file every user
//! may read is compiled where it lies, and a private one is copied with the header files
//! beside it (what it may include). In the sandbox both lie next to the cache
//! entry (the runner lends them to bubblewrap); outside the sandbox (limits-only mode) the
//! compiler must reach them by their paths: they lie in a directory of the judge's in the
//! system's temporary directory. Where that user could not run the compiler outside the
//! sandbox (it lies where only root may go, as rustup's under `/root`, and no namesake on PATH
//! will do) or reach that directory, the compile moves into the sandbox, which lends the
//! toolchain to that user (the caller decides: `build`), or is refused: a compile never runs
//! as the judge's own user where the judge is root.
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use leapfrog_runner::{RunUser, Runner};

use super::places::SCRATCH;
use crate::error::BuildError;

/// The directory a compile writes in, and the user it runs as.
pub(super) struct CompileDir {
    /// What holds the directory (and the sources' copies), removed when dropped; `None` when
    /// the compile writes in the staging directory itself (as the judge's own user).
    _holder: Option<tempfile::TempDir>,
    /// Where the compiler writes (`{build}`).
    pub work: PathBuf,
    /// Where the sources were copied, readable by the run's user (a directory's files at
    /// their paths in it, a file under its name), when the compile is that user's.
    pub sources: Option<PathBuf>,
    pub user: Option<RunUser>,
}

impl CompileDir {
    /// The judge's own user building in `staging` itself: only where the judge is not root,
    /// so it cannot become another user.
    fn judges(staging: &Path) -> CompileDir {
        CompileDir {
            _holder: None,
            work: staging.to_path_buf(),
            sources: None,
            user: None,
        }
    }

    /// Where a compile into `staging` writes: in the sandbox (`sandboxed`) or outside it, from
    /// `source` (a file, or a directory of `all` the files); a single file comes with the header
    /// files beside it (`headers`: a compile asked for outside the sandbox, as a jury program's).
    pub(super) fn new(
        runner: &Runner,
        staging: &Path,
        sandboxed: bool,
        headers: bool,
        source: &Path,
        all: &[PathBuf],
    ) -> Result<CompileDir, BuildError> {
        let Some(user) = leapfrog_runner::run_user() else {
            return Ok(CompileDir::judges(staging));
        };
        let holder = if sandboxed {
            leapfrog_util::staging_dir_for(staging)?
        } else {
            let temp = std::env::temp_dir();
            if !leapfrog_util::others_may(&temp, 0o001) {
                return Err(BuildError::rule(closed_temp(&temp)));
            }
            tempfile::Builder::new()
                .prefix("leapfrog-compile-")
                .tempdir_in(&temp)
                .map_err(BuildError::io("creating a compile directory in", &temp))?
        };
        runner.note_dir(holder.path());
        let work = holder.path().join("work");
        let sources = holder.path().join("src");
        let open = std::fs::Permissions::from_mode(0o711);
        std::fs::set_permissions(holder.path(), open)
            .and_then(|()| std::fs::create_dir(&work))
            .and_then(|()| std::fs::create_dir(&sources))
            .map_err(BuildError::io("preparing", holder.path()))?;
        // A file every user may read is compiled where it lies (next to what it includes);
        // outside the sandbox, a private one is copied with the headers beside it.
        let single = source.is_file();
        let sources = match (
            sandboxed,
            single && leapfrog_util::others_may(source, 0o004),
        ) {
            (false, true) => None,
            _ => {
                let mut all = all.to_vec();
                if single && headers {
                    all.extend(headers_beside(source));
                }
                copy_sources(source, &all, &sources)?;
                Some(sources)
            }
        };
        Ok(CompileDir {
            _holder: Some(holder),
            work,
            sources,
            user: Some(user),
        })
    }

    /// Whether the compile writes somewhere else than the staging directory.
    pub(super) fn apart(&self) -> bool {
        self._holder.is_some()
    }

    /// Copies what the compile left (but its scratch directory) into `staging`, as the judge's.
    pub(super) fn adopt(&self, staging: &Path) -> Result<(), BuildError> {
        if self.apart() {
            adopt(&self.work, staging)?;
        }
        Ok(())
    }
}

/// Copies the sources into `into`, readable by all: a file under its name, a directory's
/// files under their paths in it.
fn copy_sources(source: &Path, all: &[PathBuf], into: &Path) -> Result<(), BuildError> {
    for file in all {
        let rel = match file.strip_prefix(source) {
            Ok(rel) if !rel.as_os_str().is_empty() => rel.to_path_buf(),
            _ => PathBuf::from(file.file_name().unwrap_or_default()),
        };
        let to = into.join(&rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(BuildError::io("creating", parent))?;
        }
        leapfrog_util::copy_readable_file(file, &to).map_err(BuildError::io("copying", file))?;
    }
    Ok(())
}

/// The header files (`tokens.h`, `testlib.h`) in the directory of `file`, which it may include.
pub(super) fn headers_beside(file: &Path) -> Vec<PathBuf> {
    let Some(dir) = file.parent() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && super::is_header(p))
        .collect()
}

/// Copies the build in `from` (the compiler's) to `to` (the judge's): directories and regular
/// files as new files (`0755` or `0644`), links only where they stay inside the build
/// (relative, never `..`); the build's scratch directory, devices, pipes and sockets not at
/// all. A file is opened without following a link, so one swapped in meanwhile copies nothing.
fn adopt(from: &Path, to: &Path) -> Result<(), BuildError> {
    use std::os::unix::fs::OpenOptionsExt;
    let walk = walkdir::WalkDir::new(from).min_depth(1).into_iter();
    let entries = walk.filter_entry(|e| e.depth() != 1 || e.file_name() != SCRATCH);
    for entry in entries {
        let entry = entry.map_err(|e| BuildError::rule(format_args!("reading the build: {e}")))?;
        let rel = entry.path().strip_prefix(from).unwrap_or(entry.path());
        let target = to.join(rel);
        let kind = entry.file_type();
        if kind.is_dir() {
            std::fs::create_dir_all(&target).map_err(BuildError::io("creating", &target))?;
        } else if kind.is_symlink() {
            let link = std::fs::read_link(entry.path())
                .map_err(BuildError::io("reading", entry.path()))?;
            let inside = link
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
            if inside {
                std::os::unix::fs::symlink(&link, &target)
                    .map_err(BuildError::io("creating", &target))?;
            }
        } else if kind.is_file() {
            let mut file = std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NOFOLLOW)
                .open(entry.path())
                .map_err(BuildError::io("reading", entry.path()))?;
            let mode = file
                .metadata()
                .map_err(BuildError::io("reading", entry.path()))?
                .permissions()
                .mode();
            let mut copy =
                std::fs::File::create(&target).map_err(BuildError::io("creating", &target))?;
            std::io::copy(&mut file, &mut copy).map_err(BuildError::io("copying", entry.path()))?;
            let mode = if mode & 0o100 != 0 { 0o755 } else { 0o644 };
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode))
                .map_err(BuildError::io("opening to runs", &target))?;
        }
    }
    Ok(())
}

/// Why a compile outside the sandbox cannot run as the run's user with its files in `temp`.
pub(super) fn closed_temp(temp: &Path) -> String {
    format!(
        "the temporary directory {} is closed to other users, and compiles never run as the \
         judge's user: set TMPDIR to a directory every user may enter",
        temp.display()
    )
}
