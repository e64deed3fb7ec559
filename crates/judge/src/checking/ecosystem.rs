//! Validators as the contest ecosystem writes them, beyond a program that exits 42 / 43:
//!
//! - `.ctd` files, run through checktestdata (DOMjudge's `checktestdata`, or `pyctd` from the
//!   PyPI package `checktestdata`): exit 0 valid, 1 invalid;
//! - `.viva` files, run through a `viva` command (a wrapper around VIVA's jar, as problemtools
//!   installs it) when one is on PATH, else skipped with a warning: exit 0 valid, 1 invalid;
//! - program folders with `build` and / or `run` scripts (2025-09): `build` runs once in a copy
//!   of the folder (kept in the compile cache), then `run` is the program;
//! - testlib checkers (a C++ source that includes `testlib.h`): run as
//!   `checker INPUT OUTPUT ANSWER`, exit 0 accepted, 1 wrong answer, 2 presentation error
//!   (wrong answer here), 3 the checker's own failure (a judge error). `testlib.h` must be
//!   beside the source or installed in the system's include directories.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;

use crate::program::{LinksChecked, Program};
use leapfrog_runner::Runner;

/// Why a validator written for the ecosystem (testlib, `build` / `run` scripts) cannot be made
/// ready to run.
#[derive(Debug, thiserror::Error)]
pub enum EcosystemError {
    #[error(
        "the checker includes testlib.h, which is neither beside it nor installed (looked in {places})"
    )]
    NoTestlib { places: String },
    #[error("its build script failed ({status}): {said}")]
    BuildFailed {
        status: std::process::ExitStatus,
        said: String,
    },
    #[error("running its build script with sh")]
    NoShell(#[source] std::io::Error),
    #[error("could not keep the build in {}", .entry.display())]
    NotKept { entry: PathBuf },
    #[error("{}: no `run` script (after `build`)", .path.display())]
    NoRun {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: the `run` script is not executable", .path.display())]
    NotExecutable { path: PathBuf },
    /// A file-system step failed on a path, or a directory could not be walked.
    #[error(transparent)]
    Refused(#[from] leapfrog_package::Refusal),
    /// The compile cache's folder cannot be made.
    #[error(transparent)]
    Cache(#[from] leapfrog_package::BuildError),
    #[error(transparent)]
    Os(#[from] std::io::Error),
}

impl EcosystemError {
    fn io(doing: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> EcosystemError {
        let io = leapfrog_package::Refusal::io(doing, path);
        move |source| io(source).into()
    }

    fn walk(path: &Path) -> impl FnOnce(walkdir::Error) -> EcosystemError {
        let walk = leapfrog_package::Refusal::walk(path);
        move |source| walk(source).into()
    }
}

/// How a validator's exit code reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// 42 yes, 43 no (the package format's own).
    Standard,
    /// 0 yes, 1 no (checktestdata, VIVA).
    ZeroOne,
    /// testlib: 0 yes, 1 and 2 no, 3 the checker failed.
    Testlib,
}

impl Convention {
    /// Whether an exit code means yes (`Some(true)`), no (`Some(false)`), or neither.
    pub fn reads(self, code: i32) -> Option<bool> {
        match (self, code) {
            (Convention::Standard, 42) | (Convention::ZeroOne | Convention::Testlib, 0) => {
                Some(true)
            }
            (Convention::Standard, 43)
            | (Convention::ZeroOne, 1)
            | (Convention::Testlib, 1 | 2) => Some(false),
            _ => None,
        }
    }

    /// The exit codes it expects, for messages.
    pub fn expected(self) -> &'static str {
        match self {
            Convention::Standard => "42 or 43",
            Convention::ZeroOne => "0 or 1",
            Convention::Testlib => "0, 1 or 2 (testlib; 3 is the checker's own failure)",
        }
    }
}

/// A validator ready to run, or the reason it is left out.
pub enum Prepared {
    Ready(Program, Convention),
    Skipped(String),
}

/// Builds a validator at `path` in whichever form it is written.
pub fn prepare(runner: &Arc<Runner>, path: &Path, role: &'static str) -> anyhow::Result<Prepared> {
    let label = format!("{role} {}", path.display());
    // Every form reads the program's files first (a `.ctd` script for its constants, a folder
    // with `build` to copy it, a C++ source to look for testlib): none through a link out.
    // The proof of it goes to the build, which then does not check again.
    let links = LinksChecked::check(path, role)?;
    match path.extension().and_then(|e| e.to_str()) {
        Some("ctd") if path.is_file() => {
            let tool = ["checktestdata", "pyctd"]
                .iter()
                .find_map(|t| leapfrog_util::find_in_path(t))
                .with_context(|| {
                    format!("{label}: checktestdata is not installed (`pip install checktestdata` provides `pyctd`)")
                })?;
            // The package's `{{constants}}` are replaced in a copy, which is what runs.
            let script = leapfrog_package::constants::of_program(path)
                .program_copy(path)
                .with_context(|| format!("substituting the constants of {label}"))?
                .unwrap_or_else(|| absolute(path));
            let argv = vec![tool.into_os_string(), script.into_os_string()];
            return Ok(Prepared::Ready(
                Program::external(runner, path, role, argv),
                Convention::ZeroOne,
            ));
        }
        Some("viva") if path.is_file() => {
            let Some(tool) = leapfrog_util::find_in_path("viva") else {
                return Ok(Prepared::Skipped(format!(
                    "{label} skipped: the VIVA runner (`viva` on PATH) is not installed"
                )));
            };
            let argv = vec![tool.into_os_string(), absolute(path).into_os_string()];
            return Ok(Prepared::Ready(
                Program::external(runner, path, role, argv),
                Convention::ZeroOne,
            ));
        }
        _ => {}
    }
    if path.is_dir() && (path.join("build").is_file() || path.join("run").is_file()) {
        let run = build_scripts(path).with_context(|| label.clone())?;
        // A binary or a script with a `#!` line runs as it is; a plain POSIX script through sh.
        let head = std::fs::read(&run).unwrap_or_default();
        let argv = if head.starts_with(b"#!") || head.starts_with(b"\x7fELF") {
            vec![run.into_os_string()]
        } else {
            vec![OsString::from("sh"), run.into_os_string()]
        };
        return Ok(Prepared::Ready(
            Program::external(runner, path, role, argv),
            Convention::Standard,
        ));
    }
    let convention = if uses_testlib(path)? {
        find_testlib(path).with_context(|| label.clone())?;
        Convention::Testlib
    } else {
        Convention::Standard
    };
    let program = Program::build_checked(runner, links)?;
    Ok(Prepared::Ready(program, convention))
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The C and C++ sources of a program (the file, or the files of the folder).
fn c_sources(path: &Path) -> Vec<PathBuf> {
    let is_c = |p: &Path| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "c" | "cpp" | "cc" | "cxx" | "c++" | "C"))
    };
    if path.is_file() {
        return if is_c(path) {
            vec![path.to_path_buf()]
        } else {
            Vec::new()
        };
    }
    walkdir::WalkDir::new(path)
        .follow_links(true)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && is_c(e.path()))
        .map(|e| e.into_path())
        .collect()
}

/// Whether a program's C or C++ source includes `testlib.h`.
fn uses_testlib(path: &Path) -> Result<bool, EcosystemError> {
    for source in c_sources(path) {
        let text = std::fs::read(&source).map_err(EcosystemError::io("reading", &source))?;
        let text = String::from_utf8_lossy(&text);
        if text.lines().any(|line| {
            let line = line.trim_start();
            line.starts_with("#include")
                && (line.contains("\"testlib.h\"") || line.contains("<testlib.h>"))
        }) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Where the compiler will find `testlib.h`: beside a source, or in the system's include
/// directories; an error saying where it was looked for otherwise.
fn find_testlib(path: &Path) -> Result<PathBuf, EcosystemError> {
    let mut places: Vec<PathBuf> = c_sources(path)
        .iter()
        .filter_map(|s| s.parent().map(Path::to_path_buf))
        .collect();
    places.extend(["/usr/include", "/usr/local/include"].map(PathBuf::from));
    places.dedup();
    for dir in &places {
        let header = dir.join("testlib.h");
        if header.is_file() {
            return Ok(header);
        }
    }
    Err(EcosystemError::NoTestlib {
        places: places
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// A program folder with `build` / `run` scripts: its `build` run once in a copy of the folder
/// (kept in the compile cache under a hash of the folder's files), and the path of the `run`
/// it leaves (or the folder's own `run` when there is no `build`).
fn build_scripts(dir: &Path) -> Result<PathBuf, EcosystemError> {
    if !dir.join("build").is_file() {
        return executable(&dir.join("run"));
    }
    let entry = leapfrog_package::lang::cache_dir()?
        .join("scripts")
        .join(folder_hash(dir)?);
    let run = entry.join("run");
    if run.is_file() {
        return Ok(run);
    }
    let parent = entry.parent().expect("an entry has a parent");
    std::fs::create_dir_all(parent).map_err(EcosystemError::io("creating", parent))?;
    let staging = tempfile::Builder::new()
        .prefix(".build-")
        .tempdir_in(parent)?;
    copy_tree(dir, staging.path())?;
    let log = staging.path().join(".build.log");
    let out = std::fs::File::create(&log)?;
    let status = std::process::Command::new("sh")
        .arg("./build")
        .current_dir(staging.path())
        .stdin(std::process::Stdio::null())
        .stdout(out.try_clone()?)
        .stderr(out)
        .status()
        .map_err(EcosystemError::NoShell)?;
    if !status.success() {
        return Err(EcosystemError::BuildFailed {
            status,
            said: leapfrog_util::head_tail_lines(&leapfrog_util::read_head_tail(&log), 6),
        });
    }
    executable(&staging.path().join("run"))?;
    let kept = staging.keep();
    if std::fs::rename(&kept, &entry).is_err() && !run.is_file() {
        return Err(EcosystemError::NotKept { entry });
    }
    Ok(run)
}

/// `run` must exist and be executable.
fn executable(run: &Path) -> Result<PathBuf, EcosystemError> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(run).map_err(|source| EcosystemError::NoRun {
        path: run.to_path_buf(),
        source,
    })?;
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(EcosystemError::NotExecutable {
            path: run.to_path_buf(),
        });
    }
    Ok(run.to_path_buf())
}

fn folder_hash(dir: &Path) -> Result<String, EcosystemError> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    hasher.update(b"leapfrog-scripts-v1\0");
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.map_err(EcosystemError::walk(dir))?;
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(dir).unwrap_or(entry.path());
            hasher.update(rel.to_string_lossy().as_bytes());
            hasher.update(b"\0");
            hasher.update(std::fs::read(entry.path())?);
            hasher.update(b"\0");
        }
    }
    Ok(leapfrog_util::hex(&hasher.finalize()))
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), EcosystemError> {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.map_err(EcosystemError::walk(from))?;
        let target = to.join(entry.path().strip_prefix(from).unwrap_or(entry.path()));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)?;
        } else {
            std::fs::copy(entry.path(), &target)
                .map_err(EcosystemError::io("copying", entry.path()))?;
        }
    }
    Ok(())
}

/// The arguments of an output validator run: `INPUT ANSWER FEEDBACK_DIR/` (the feedback folder
/// with its trailing `/`, as the format passes it), or testlib's `INPUT OUTPUT ANSWER`.
pub fn output_args(
    convention: Convention,
    input: &Path,
    answer: &Path,
    output: &Path,
    feedback: &Path,
) -> Vec<OsString> {
    if convention == Convention::Testlib {
        return vec![
            absolute(input).into(),
            absolute(output).into(),
            absolute(answer).into(),
        ];
    }
    let mut dir = absolute(feedback).into_os_string();
    dir.push("/");
    vec![absolute(input).into(), absolute(answer).into(), dir]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `prepare` must check a validator's links before it reads its files, and its build must
    /// not check them again. The validator here is of no known language, so its build stops
    /// at detecting one, after the point where a second check would have been made.
    #[test]
    fn a_validator_built_by_prepare_is_link_checked_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("validate.nolanguage");
        std::fs::write(&path, "not a program\n").unwrap();
        let runner = Arc::new(Runner::new(leapfrog_runner::Cancel::new()));
        let before = LinksChecked::made_on_this_thread();
        let Err(err) = prepare(&runner, &path, "input validator") else {
            panic!("a program of no known language was made ready to run");
        };
        assert!(format!("{err:#}").contains("no known language"), "{err:#}");
        assert_eq!(LinksChecked::made_on_this_thread() - before, 1);
    }
}
