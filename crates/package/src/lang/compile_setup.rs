//! The compile command of one build, as it runs: directly (limits-only mode) or inside the
//! sandbox, with its environment, and why a compile failed ([`CompileError`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::compile_dir::CompileDir;
use super::places::{Places, file_name, main_input};
use super::table::{CopySources, Spec};
use super::toolchain;
use crate::error::BuildError;
use leapfrog_runner::{Isolation, RunSpec, sandbox};

/// Why a program did not compile: the compiler's own words.
#[derive(Debug, Clone)]
pub struct CompileError {
    pub message: String,
}

impl CompileError {
    /// The error for a program that has to compile (a judges' program, a stressed submission):
    /// what it is (`label`), then the compiler's words. The one wording for every such program.
    pub fn named(self, label: &str) -> BuildError {
        BuildError::DoesNotCompile {
            label: label.to_string(),
            message: self.message.trim_end().to_string(),
        }
    }
}

/// A program's sources: its path (a file or a directory), the files built and the entry point.
pub(super) struct Sources<'a> {
    pub dir: &'a Path,
    pub files: &'a [PathBuf],
    pub main: &'a str,
}

/// Why a compile failed: the compiler's words (bounded, control characters escaped: it echoes
/// the source), with each source's copy named as in the sandbox, and the limit it passed.
pub(super) fn compile_failure(
    spec: &RunSpec,
    outcome: &leapfrog_runner::RunOutcome,
    log: &Path,
    dir: &CompileDir,
) -> CompileError {
    let mut message = leapfrog_util::read_head_tail(log);
    if let Some(copies) = &dir.sources {
        message = message.replace(&*copies.to_string_lossy(), sandbox::PROGRAM_DIR);
    }
    if outcome.memory_exceeded {
        let mib = spec.limits.memory.unwrap_or_default() >> 20;
        message.push_str(&format!(
            "\ncompilation needed more than {mib} MiB of memory and was stopped"
        ));
    } else if outcome.timed_out() {
        message.push_str(&format!(
            "\ncompilation took more than {} s and was stopped",
            spec.limits.cpu.as_secs_f64()
        ));
    } else if message.contains("File too large") {
        // EFBIG: a file reached the compile's file-size limit (`RLIMIT_FSIZE`), wherever the
        // compiler wrote it (an assembler writes its object file in /tmp).
        message.push_str(&format!(
            "\nthe compile wrote a file larger than {} MiB (the most a build may write) and was stopped",
            spec.limits.file_bytes >> 20
        ));
    }
    CompileError { message }
}

type CompileSetup = (Vec<OsString>, Option<Vec<(OsString, OsString)>>, Isolation);

/// The compile command run directly, in a minimal environment: the judge's `PATH` (to find
/// the toolchain), a locale and a home in the build directory, nothing else of the judge's
/// (a submission could compile a secret from the environment into itself).
pub(super) fn direct_compile(spec: &Spec, program: &Sources, dir: &CompileDir) -> CompileSetup {
    let (files, staging) = (program.files, dir.work.as_path());
    let inputs: Vec<OsString> = match (spec.copy, &dir.sources) {
        (Some(CopySources::Before), _) => files
            .iter()
            .map(|f| staging.join(file_name(f)).into())
            .collect(),
        // The copies readable by the run's user, at the same places below their directory.
        (_, Some(copies)) => files
            .iter()
            .map(|f| match f.strip_prefix(program.dir) {
                Ok(rel) if !rel.as_os_str().is_empty() => copies.join(rel).into(),
                _ => copies.join(file_name(f)).into(),
            })
            .collect(),
        _ => files.iter().map(OsString::from).collect(),
    };
    let mainfile = main_input(&inputs, program.main);
    let places = Places::new(inputs, program.main, mainfile, staging);
    let mut base = leapfrog_runner::clean_env(staging);
    if let Some(path) = std::env::var_os("PATH") {
        base.retain(|(k, _)| k != "PATH");
        base.push(("PATH".into(), path));
    }
    let env = Some(places.env(spec, base));
    (places.compile_command(spec), env, Isolation::Direct)
}

/// The compile command inside the sandbox: the sources appear below /program, the build
/// directory (`staging`) is /sandbox, the toolchain is shown read-only at its own paths.
pub(super) fn sandboxed_compile(spec: &Spec, program: &Sources, dir: &CompileDir) -> CompileSetup {
    let (source, files, staging) = (program.dir, program.files, dir.work.as_path());
    let inside = Path::new(sandbox::PROGRAM_DIR);
    let work = Path::new(sandbox::WORK_DIR);
    let (mount, shown): (PathBuf, Vec<PathBuf>) = if source.is_dir() {
        let shown = files
            .iter()
            .map(|f| inside.join(f.strip_prefix(source).unwrap_or(f)))
            .collect();
        (source.to_path_buf(), shown)
    } else {
        (source.to_path_buf(), vec![inside.join(file_name(source))])
    };
    // The run's user reads the sources' copies (`CompileDir`), at the same places: a single
    // file's folder of copies holds it, and the header files beside it where a compile asked
    // for outside the sandbox moved into it (`build`).
    let (mount, mount_point) = match (&dir.sources, source.is_dir()) {
        (Some(copies), _) => (copies.clone(), inside.to_path_buf()),
        (None, true) => (mount, inside.to_path_buf()),
        (None, false) => (mount, shown[0].clone()),
    };
    let mut read_only = vec![(mount, mount_point)];
    read_only.extend(
        Spec::tool(&spec.compile)
            .and_then(toolchain::installation)
            .map(|d| (d.clone(), d)),
    );
    let mounts = sandbox::Mounts {
        read_only,
        work: staging.to_path_buf(),
    };
    let inputs: Vec<OsString> = match spec.copy {
        Some(CopySources::Before) => files
            .iter()
            .map(|f| work.join(file_name(f)).into())
            .collect(),
        _ => shown.into_iter().map(PathBuf::into_os_string).collect(),
    };
    let mainfile = main_input(&inputs, program.main);
    let places = Places::new(inputs, program.main, mainfile, work);
    let env = places.env(spec, leapfrog_runner::clean_env(work));
    (
        places.compile_command(spec),
        Some(env),
        Isolation::Sandbox(mounts),
    )
}
