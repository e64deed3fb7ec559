//! Compiling a program once: the compile command of its language (see `languages.yaml`), the build (inside the sandbox
//! when submissions are sandboxed) and the cache. Built programs live in the cache directory
//! (`$LEAPFROG_CACHE_DIR`, else `$XDG_CACHE_HOME/leapfrog`, else `~/.cache/leapfrog`) under
//! `build/<sha256 of the language, the compile command and the sources>/`; an entry is built in a
//! temporary directory and renamed into place, so parallel judges never see half a build.

use std::path::{Path, PathBuf};

use crate::error::BuildError;
use sha2::{Digest, Sha256};

use super::cache::cache_dir;
use super::compile_dir::{CompileDir, closed_temp};
use super::compile_setup::{
    CompileError, Sources, compile_failure, direct_compile, sandboxed_compile,
};
use super::places::{Places, SCRATCH, file_name, java_main_class, main_file};
use super::table::{CopySources, Spec};
use super::{Compiled, Language, Languages, RunArg, source_files, switched_off, toolchain};
use leapfrog_runner::{
    BUILD_BYTES, IsolationChoice, RunLimits, RunSpec, Runner, runnable, sandbox,
};

/// Compiles a program, or fetches it from the cache; its language comes from the table of the
/// package it lies in ([`Languages::for_program`]). With the sandbox, the compiler runs inside
/// it and sees only the program's own sources: a contestant cannot `#include` an answer file.
pub fn compile(
    runner: &Runner,
    source: &Path,
    isolation: IsolationChoice,
) -> Result<Result<Compiled, CompileError>, BuildError> {
    let language = Languages::for_program(source)?.detect(source)?;
    compile_as(runner, source, language, isolation)
}

/// [`compile`] for a program whose language is already known.
pub fn compile_as(
    runner: &Runner,
    source: &Path,
    language: Language,
    isolation: IsolationChoice,
) -> Result<Result<Compiled, CompileError>, BuildError> {
    compile_entry(runner, source, language, isolation, None, None)
}

/// [`compile_as`], with the entry point's file name given (`main`) rather than found among the
/// sources (`main.*`, else the first), and the compiler held to `limits` (a package's
/// `limits.compilation_time` and `compilation_memory`) rather than the limits for the judges'
/// own programs ([`RunLimits::compiler`]).
pub(super) fn compile_entry(
    runner: &Runner,
    source: &Path,
    language: Language,
    isolation: IsolationChoice,
    main: Option<String>,
    limits: Option<RunLimits>,
) -> Result<Result<Compiled, CompileError>, BuildError> {
    if let Some(tool) = language.missing_tool() {
        return Err(BuildError::invalid(
            source.display(),
            format_args!(
                "{} is not installed, so {} programs cannot run",
                tool,
                language.name()
            ),
        ));
    }
    let given = source;
    let source = std::fs::canonicalize(source).map_err(BuildError::missing(source))?;
    if language.is_executable() {
        return Ok(Ok(Compiled {
            language,
            argv: vec![RunArg::Ready(source.clone().into())],
            location: source,
            runtime: Vec::new(),
        }));
    }
    let files = if source.is_dir() {
        source_files(&source)?
            .into_iter()
            .filter(|f| switched_off(f).is_none() && language.spec().claims(f))
            .collect()
    } else {
        vec![source.clone()]
    };
    let main = main.unwrap_or_else(|| main_file(&files));
    // Every file of a directory counts, the headers its sources include as well.
    let hashed = match source.is_dir() {
        true => source_files(&source)?,
        false => files.clone(),
    };
    let key = cache_key(language.spec(), &source, &hashed, &main)?;
    let entry = cache_dir()?.join("build").join(&key);
    if entry.join("ok").is_file() && !leapfrog_util::open_to_all(&entry) {
        // Built by a judge that kept its entries private.
        leapfrog_util::readable_by_all(&entry)?;
    }
    if !entry.join("ok").is_file() {
        let program = Sources {
            dir: &source,
            files: &files,
            main: &main,
        };
        match build(runner, language.spec(), &program, &entry, isolation, limits)? {
            Ok(()) => {}
            Err(err) => return Ok(Err(user_paths(err, given, &source, &files))),
        }
    }
    Ok(Ok(runnable(language, &entry, &files, &main)))
}

/// The command that runs a built cache entry.
fn runnable(language: Language, entry: &Path, files: &[PathBuf], main: &str) -> Compiled {
    let spec = language.spec();
    let mainfile = match spec.copy {
        Some(_) => entry.join(main).into_os_string(),
        None => files
            .iter()
            .find(|f| f.file_name().is_some_and(|n| n.to_string_lossy() == main))
            .map(|f| f.clone().into_os_string())
            .unwrap_or_default(),
    };
    let source = files
        .iter()
        .find(|f| file_name(f).to_string_lossy() == main);
    let class = match main.ends_with(".java") {
        true => source.and_then(|f| java_main_class(f)),
        false => None,
    };
    let places = Places::new(
        files
            .iter()
            .map(|f| entry.join(file_name(f)).into_os_string())
            .collect(),
        main,
        mainfile,
        entry,
    )
    .with_mainclass(class);
    let argv = places.command(&spec.run);
    // The sandbox shows /usr already; an interpreter installed elsewhere must be shown too.
    let runtime = Spec::tool(&spec.run)
        .and_then(toolchain::installation)
        .into_iter()
        .collect();
    Compiled {
        location: entry.to_path_buf(),
        argv,
        runtime,
        language,
    }
}

/// Copies the sources into the build directory, each under its file name.
fn copy_sources(files: &[PathBuf], into: &Path) -> Result<(), BuildError> {
    use std::os::unix::fs::PermissionsExt;
    for file in files {
        let copy = into.join(file_name(file));
        let mode = std::fs::copy(file, &copy)
            .and_then(|_| std::fs::metadata(&copy))
            .map_err(BuildError::io("copying", file))?
            .permissions()
            .mode();
        // Read by the compiler and the runs, other users where the judge is root.
        let mode = std::fs::Permissions::from_mode(0o644 | (mode & 0o111));
        std::fs::set_permissions(&copy, mode).map_err(BuildError::io("opening to runs", &copy))?;
    }
    Ok(())
}

/// Builds into a fresh temporary directory next to the entry, then renames it into place.
fn build(
    runner: &Runner,
    spec: &Spec,
    program: &Sources,
    entry: &Path,
    isolation: IsolationChoice,
    limits: Option<RunLimits>,
) -> Result<Result<(), CompileError>, BuildError> {
    let files = program.files;
    let staging = leapfrog_util::staging_dir_for(entry)?;
    runner.note_dir(staging.path());
    let asked_sandbox = isolation == IsolationChoice::Sandbox;
    let sandboxed = asked_sandbox || needs_sandbox(runner, spec)?;
    let dir = compile_dir_for(runner, program, staging.path(), sandboxed, !asked_sandbox)?;
    if spec.copy == Some(CopySources::Before) {
        copy_sources(files, &dir.work)?;
    }
    if !spec.compile.is_empty() {
        let log = staging.path().join("compile.log");
        let (argv, env, isolation) = match sandboxed {
            false => direct_compile(spec, program, &dir),
            true => sandboxed_compile(spec, program, &dir),
        };
        let argv = match (sandboxed, dir.user) {
            (false, Some(_)) => {
                runnable::runnable_by_others(argv, "compiler").map_err(BuildError::rule)?
            }
            _ => argv,
        };
        let spec = RunSpec {
            argv,
            cwd: dir.work.clone(),
            stdin: None,
            stdout: log.clone(),
            stderr: log.clone(),
            limits: limits.unwrap_or_else(RunLimits::compiler),
            cpu_slot: None,
            env,
            isolation,
            user: dir.user,
        };
        let outcome = runner
            .run(&spec)
            .map_err(|source| BuildError::Compiler { source })?;
        if let Some(refused) = oversized_build(&dir.work) {
            return Ok(Err(refused));
        }
        if !outcome.success()
            && let Some((free, _)) = leapfrog_util::file_system_full(&dir.work)
        {
            // The compiler may have failed for want of room: the judge's fault, not a CE.
            return Err(BuildError::rule(format_args!(
                "the compile cache's file system ({}) is full ({free} bytes free; No space left on device)",
                dir.work.display()
            )));
        }
        if !outcome.success() {
            return Ok(Err(compile_failure(&spec, &outcome, &log, &dir)));
        }
    }
    // What the compiler (the run's user) left becomes the judge's own files.
    dir.adopt(staging.path())?;
    if spec.copy == Some(CopySources::After) {
        copy_sources(files, staging.path())?;
    }
    let scratch = staging.path().join(SCRATCH);
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch).map_err(BuildError::io("removing", &scratch))?;
    }
    std::fs::write(staging.path().join("ok"), b"")?;
    // Runs read it as a user of their own (where the judge is root: `leapfrog_runner::run_user`).
    leapfrog_util::readable_by_all(staging.path())?;
    // Another judge may finish the same build first; theirs is as good as ours.
    leapfrog_util::publish_dir(staging, entry, || entry.join("ok").is_file())?;
    Ok(Ok(()))
}

/// A compile error when the build wrote more than a build may ([`BUILD_BYTES`], in all and for
/// any one file, which the compile's file-size limit cuts off there): an assembler's `.fill`
/// or a template bomb could fill the disk and the compile cache. Its scratch space (caches the
/// compiler keeps, removed after the build) counts only by the file-size limit.
fn oversized_build(work: &Path) -> Option<CompileError> {
    let walk = walkdir::WalkDir::new(work).min_depth(1).into_iter();
    let kept = walk.filter_entry(|e| e.depth() != 1 || e.file_name() != SCRATCH);
    let written: u64 = kept
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum();
    (written > BUILD_BYTES).then(|| CompileError {
        message: format!(
            "the build wrote more than {} MiB (the most a build may write) and was refused",
            BUILD_BYTES >> 20
        ),
    })
}

/// Where the compile writes and who runs it ([`CompileDir`]), with the header files beside a
/// single source where `headers` (a compile asked for outside the sandbox).
fn compile_dir_for(
    runner: &Runner,
    program: &Sources,
    staging: &Path,
    sandboxed: bool,
    headers: bool,
) -> Result<CompileDir, BuildError> {
    let all = match program.dir.is_dir() {
        true => source_files(program.dir)?,
        false => program.files.to_vec(),
    };
    CompileDir::new(runner, staging, sandboxed, headers, program.dir, &all)
}

/// Whether a compile asked for outside the sandbox must move into it, because the run's user
/// (where the judge is root) could not run it there: its compiler lies where only root may go
/// with no namesake on PATH that every user may run (rustup's `rustc` under `/root`), or the
/// temporary directory is closed to other users. The sandbox lends the toolchain to that
/// user. Where there is no sandbox, the compile is refused, saying why: it never falls back
/// to the judge's own user.
fn needs_sandbox(runner: &Runner, spec: &Spec) -> Result<bool, BuildError> {
    if leapfrog_runner::run_user().is_none() {
        return Ok(false);
    }
    let tool = Spec::tool(&spec.compile).map(toolchain::resolve);
    let temp = std::env::temp_dir();
    // What keeps the compile from running outside the sandbox: in short, and in full.
    let blocked = match tool {
        Some(tool) if tool.is_absolute() && !leapfrog_util::others_may(&tool, 0o001) => {
            runnable::runnable_instead(&tool, None, "compiler")
                .err()
                .map(|e| {
                    (
                        format!("{} lies where other users cannot run it", tool.display()),
                        e.to_string(),
                    )
                })
        }
        _ => None,
    }
    .or_else(|| {
        (!leapfrog_util::others_may(&temp, 0o001)).then(|| {
            (
                format!("{} is closed to other users", temp.display()),
                closed_temp(&temp),
            )
        })
    });
    let Some((short, why)) = blocked else {
        return Ok(false);
    };
    match runner.sandbox() {
        Ok(_) => {
            say_sandboxed(&short);
            Ok(true)
        }
        Err(no_sandbox) => Err(BuildError::rule(format_args!(
            "{why}; nor can the compile run in the sandbox, which would lend the toolchain to \
             that user ({no_sandbox})"
        ))),
    }
}

/// Says once that compiles asked for outside the sandbox run in it, and why.
fn say_sandboxed(why: &str) {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        eprintln!(
            "note: {why}: compiles outside the sandbox run in it instead, as another user (never the judge's)"
        );
    });
}

/// The compiler's message with each source named by the path the user gave (`bad.cpp`), not
/// the one the compiler saw (`/program/bad.cpp` in the sandbox, the absolute path outside).
fn user_paths(err: CompileError, given: &Path, source: &Path, files: &[PathBuf]) -> CompileError {
    let inside = Path::new(sandbox::PROGRAM_DIR);
    let mut names: Vec<(String, String)> = Vec::new();
    for file in files {
        let (seen, user) = match file.strip_prefix(source) {
            Ok(rel) if !rel.as_os_str().is_empty() => (inside.join(rel), given.join(rel)),
            _ => (
                inside.join(file.file_name().unwrap_or_default()),
                given.to_path_buf(),
            ),
        };
        let user = user.display().to_string();
        names.push((seen.display().to_string(), user.clone()));
        names.push((file.display().to_string(), user));
    }
    // Longer paths first, so that no path is replaced inside a longer one.
    names.sort_by_key(|(seen, _)| std::cmp::Reverse(seen.len()));
    let mut message = err.message;
    for (seen, user) in names {
        message = message.replace(&seen, &user);
    }
    CompileError { message }
}

/// The cache key: the language, its compile command and tool, the entry point, and every
/// source file's name and bytes.
fn cache_key(
    spec: &Spec,
    source: &Path,
    files: &[PathBuf],
    main: &str,
) -> Result<String, BuildError> {
    let mut hasher = Sha256::new();
    hasher.update(b"leapfrog-build-v3\0");
    let tool = Spec::tool(&spec.compile).map(toolchain::resolve);
    let shape = format!(
        "{}\0{}\0{:?}\0{:?}\0{:?}\0{:?}\0{main}\0",
        spec.id, spec.name, spec.compile, tool, spec.copy, spec.env
    );
    hasher.update(shape.as_bytes());
    for file in files {
        let rel = file.strip_prefix(source).unwrap_or(file);
        let name = if rel.as_os_str().is_empty() {
            file.file_name().unwrap_or_default()
        } else {
            rel.as_os_str()
        };
        hasher.update(name.as_encoded_bytes());
        hasher.update(b"\0");
        let bytes = std::fs::read(file).map_err(BuildError::io("reading", file))?;
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    Ok(leapfrog_util::hex(&hasher.finalize()))
}
