//! Compiling a program once: the compile command of each language, the build (inside the sandbox
//! when submissions are sandboxed) and the cache. Built programs live in the cache directory
//! (`$LEAPFROG_CACHE_DIR`, else `$XDG_CACHE_HOME/leapfrog`, else `~/.cache/leapfrog`) under
//! `build/<sha256 of the language, the compile command and the sources>/`; an entry is built in a
//! temporary directory and renamed into place, so parallel judges never see half a build.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use sha2::{Digest, Sha256};

use super::toolchain::{
    java_binary, python_interpreter, python_prefix, rust_toolchain, tool_then, toolchain_dirs,
};
use super::{Compiled, Language, file_language, source_files};
use crate::runner::{self, Isolation, IsolationChoice, RunLimits, RunSpec, sandbox};

/// Why a program did not compile: the compiler's own words.
#[derive(Debug, Clone)]
pub struct CompileError {
    pub message: String,
}

impl CompileError {
    /// The error for a program that has to compile (a judges' program, a stressed submission):
    /// what it is (`label`), then the compiler's words. The one wording for every such program.
    pub fn named(self, label: &str) -> anyhow::Error {
        anyhow::anyhow!("{label} does not compile:\n{}", self.message.trim_end())
    }
}

/// Compiles a program, or fetches it from the cache. With the sandbox, the compiler runs inside
/// it and sees only the program's own sources: a contestant cannot `#include` an answer file.
pub fn compile(
    source: &Path,
    isolation: IsolationChoice,
) -> anyhow::Result<Result<Compiled, CompileError>> {
    compile_as(source, Language::detect(source)?, isolation)
}

/// [`compile`] for a program whose language is already known.
pub fn compile_as(
    source: &Path,
    language: Language,
    isolation: IsolationChoice,
) -> anyhow::Result<Result<Compiled, CompileError>> {
    if let Some(tool) = language.missing_tool() {
        bail!(
            "{}: {} is not installed, so {} programs cannot run",
            source.display(),
            tool,
            language.name()
        );
    }
    let given = source;
    let source = std::fs::canonicalize(source).with_context(|| source.display().to_string())?;
    if language == Language::Executable {
        return Ok(Ok(Compiled {
            language,
            argv: vec![source.clone().into()],
            location: source,
            runtime: Vec::new(),
        }));
    }
    let files = if source.is_dir() {
        source_files(&source)?
            .into_iter()
            .filter(|f| file_language(f) == Some(language))
            .collect()
    } else {
        vec![source.clone()]
    };
    let key = cache_key(language, &source, &files)?;
    let entry = cache_dir()?.join("build").join(&key);
    if !entry.join("ok").is_file() {
        match build(language, &source, &files, &entry, isolation)? {
            Ok(()) => {}
            Err(err) => return Ok(Err(user_paths(err, given, &source, &files))),
        }
    }
    Ok(Ok(runnable(language, &entry, &files)))
}

/// The command that runs a built cache entry.
fn runnable(language: Language, entry: &Path, files: &[PathBuf]) -> Compiled {
    let argv: Vec<OsString> = match language {
        Language::C | Language::Cpp | Language::Rust => vec![entry.join("prog").into()],
        Language::Python => vec![
            python_interpreter().into(),
            entry.join(main_file(files)).into(),
        ],
        Language::Java => vec![
            java_binary().into(),
            "-cp".into(),
            entry.into(),
            main_stem(files).into(),
        ],
        Language::Executable => unreachable!("executables are not built"),
    };
    // The sandbox shows /usr already; an interpreter installed elsewhere must be shown too.
    let runtime = match language {
        Language::Python => Some(python_prefix())
            .filter(|p| !p.starts_with("/usr"))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    };
    Compiled {
        language,
        location: entry.to_path_buf(),
        argv,
        runtime,
    }
}

/// The file a multi-file program starts from: `main.*` if there is one, else the first.
fn main_file(files: &[PathBuf]) -> String {
    let names: Vec<String> = files
        .iter()
        .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names
        .iter()
        .find(|n| n.to_ascii_lowercase().starts_with("main."))
        .or(names.first())
        .cloned()
        .unwrap_or_default()
}

fn main_stem(files: &[PathBuf]) -> String {
    let main = main_file(files);
    main.rsplit_once('.')
        .map(|(stem, _)| stem.to_string())
        .unwrap_or(main)
}

/// The compile command for a language, as `(program, args)`; `{out}` stands for the output.
fn compile_command(language: Language, files: &[PathBuf], out: &Path) -> Vec<OsString> {
    let mut argv: Vec<OsString> = match language {
        Language::C => tool_then("gcc", &["-O2", "-std=gnu17", "-pipe", "-o"]),
        Language::Cpp => tool_then("g++", &["-O2", "-std=gnu++20", "-pipe", "-o"]),
        Language::Rust => {
            let mut argv = vec![rust_toolchain().0.into_os_string()];
            argv.extend(
                ["-O", "--edition", "2021", "--crate-type", "bin", "-o"].map(OsString::from),
            );
            argv
        }
        Language::Java => tool_then("javac", &["-encoding", "UTF-8", "-d"]),
        Language::Python => {
            // A syntax check that writes nothing next to the sources, and reports an error as
            // Python would, without this script's own frame in a traceback.
            let check = "import sys, traceback\nstatus = 0\nfor f in sys.argv[1:]:\n    try:\n        compile(open(f, 'rb').read(), f, 'exec')\n    except Exception as e:\n        sys.stderr.write(''.join(traceback.format_exception_only(type(e), e)))\n        status = 1\nsys.exit(status)";
            let mut argv = vec![python_interpreter().into(), "-c".into(), check.into()];
            argv.extend(files.iter().map(OsString::from));
            return argv;
        }
        Language::Executable => unreachable!("executables are not built"),
    };
    if language == Language::Java {
        argv.push(out.into());
    } else {
        argv.push(out.join("prog").into());
    }
    argv.extend(files.iter().map(OsString::from));
    if language == Language::C {
        argv.push("-lm".into());
    }
    argv
}

/// Builds into a fresh temporary directory next to the entry, then renames it into place.
fn build(
    language: Language,
    source: &Path,
    files: &[PathBuf],
    entry: &Path,
    isolation: IsolationChoice,
) -> anyhow::Result<Result<(), CompileError>> {
    let staging = crate::util::staging_dir_for(entry)?;
    let log = staging.path().join("compile.log");
    let (argv, env, isolation) = match isolation {
        IsolationChoice::LimitsOnly => (
            compile_command(language, files, staging.path()),
            None,
            Isolation::Direct,
        ),
        IsolationChoice::Sandbox => sandboxed_compile(language, source, files, staging.path()),
    };
    let spec = RunSpec {
        argv,
        cwd: staging.path().to_path_buf(),
        stdin: None,
        stdout: log.clone(),
        stderr: log.clone(),
        limits: RunLimits::compiler(),
        cpu_slot: None,
        env,
        isolation,
    };
    let outcome = runner::run(&spec).context("running the compiler")?;
    if !outcome.success() {
        let mut message = std::fs::read_to_string(&log).unwrap_or_default();
        if outcome.timed_out() {
            message.push_str("\ncompilation took too long and was stopped");
        }
        return Ok(Err(CompileError { message }));
    }
    if language == Language::Python {
        for file in files {
            let name = file.file_name().expect("source files have names");
            std::fs::copy(file, staging.path().join(name))
                .with_context(|| format!("copying {}", file.display()))?;
        }
    }
    std::fs::write(staging.path().join("ok"), b"")?;
    // Another judge may finish the same build first; theirs is as good as ours.
    crate::util::publish_dir(staging, entry, || entry.join("ok").is_file())?;
    Ok(Ok(()))
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

/// Directories shown inside the sandbox: each host path with the path it appears at.
type Mounts = Vec<(OsString, OsString)>;

/// The compile command inside the sandbox: the sources appear below /program, the build
/// directory (`staging`) is /sandbox, the toolchain is shown read-only at its own paths.
fn sandboxed_compile(
    language: Language,
    source: &Path,
    files: &[PathBuf],
    staging: &Path,
) -> (Vec<OsString>, Option<Mounts>, Isolation) {
    let inside = Path::new(sandbox::PROGRAM_DIR);
    let (mount, shown): (PathBuf, Vec<PathBuf>) = if source.is_dir() {
        let shown = files
            .iter()
            .map(|f| inside.join(f.strip_prefix(source).unwrap_or(f)))
            .collect();
        (source.to_path_buf(), shown)
    } else {
        (
            source.to_path_buf(),
            vec![inside.join(source.file_name().unwrap_or_default())],
        )
    };
    let mount_point = if source.is_dir() {
        inside.to_path_buf()
    } else {
        shown[0].clone()
    };
    let mut read_only = vec![(mount, mount_point)];
    read_only.extend(toolchain_dirs(language).into_iter().map(|d| (d.clone(), d)));
    let mounts = sandbox::Mounts {
        read_only,
        work: staging.to_path_buf(),
    };
    let argv = compile_command(language, &shown, Path::new(sandbox::WORK_DIR));
    (
        argv,
        Some(runner::clean_env(Path::new(sandbox::WORK_DIR))),
        Isolation::Sandbox(mounts),
    )
}

/// The cache key: the language, the compile command's shape and every source file's name and bytes.
fn cache_key(language: Language, source: &Path, files: &[PathBuf]) -> anyhow::Result<String> {
    let mut hasher = Sha256::new();
    hasher.update(b"leapfrog-build-v1\0");
    hasher.update(language.name().as_bytes());
    for arg in compile_command(language, &[], Path::new("")) {
        hasher.update(arg.as_encoded_bytes());
        hasher.update(b"\0");
    }
    for file in files {
        let rel = file.strip_prefix(source).unwrap_or(file);
        let name = if rel.as_os_str().is_empty() {
            file.file_name().unwrap_or_default()
        } else {
            rel.as_os_str()
        };
        hasher.update(name.as_encoded_bytes());
        hasher.update(b"\0");
        let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The cache directory, created on first use.
pub fn cache_dir() -> anyhow::Result<PathBuf> {
    let dir = if let Some(dir) = std::env::var_os("LEAPFROG_CACHE_DIR") {
        PathBuf::from(dir)
    } else if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        PathBuf::from(dir).join("leapfrog")
    } else if let Some(home) = std::env::var_os("HOME") {
        PathBuf::from(home).join(".cache").join("leapfrog")
    } else {
        std::env::temp_dir().join("leapfrog-cache")
    };
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("creating the cache directory {}", dir.display()))?;
    Ok(dir)
}
