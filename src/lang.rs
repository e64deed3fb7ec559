//! Source languages: recognising a program, compiling it once (cached by the hash of its
//! sources and the compile command), and the command line that runs the result.
//!
//! A program is one source file or a directory of sources in one language. Compiled programs
//! live in the cache directory (`$LEAPFROG_CACHE_DIR`, else `$XDG_CACHE_HOME/leapfrog`, else
//! `~/.cache/leapfrog`) under `build/<sha256>/`; an entry is built in a temporary directory and
//! renamed into place, so parallel judges never see half a build.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{Context, bail};
use sha2::{Digest, Sha256};

use crate::runner::{self, Isolation, IsolationChoice, RunLimits, RunSpec, sandbox};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    C,
    Cpp,
    Rust,
    Python,
    Java,
    /// A program that is already executable (a binary or a script with a `#!` line).
    Executable,
}

impl Language {
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "C",
            Language::Cpp => "C++",
            Language::Rust => "Rust",
            Language::Python => "Python",
            Language::Java => "Java",
            Language::Executable => "executable",
        }
    }

    fn from_extension(ext: &str) -> Option<Language> {
        Some(match ext {
            "c" => Language::C,
            "cpp" | "cc" | "cxx" | "c++" | "C" => Language::Cpp,
            "rs" => Language::Rust,
            "py" | "py3" => Language::Python,
            "java" => Language::Java,
            _ => return None,
        })
    }

    /// The tools this language needs on the machine.
    pub fn toolchain(self) -> &'static [&'static str] {
        match self {
            Language::C => &["gcc"],
            Language::Cpp => &["g++"],
            Language::Rust => &["rustc"],
            Language::Python => &["python3"],
            Language::Java => &["javac", "java"],
            Language::Executable => &[],
        }
    }

    /// The first missing tool, if any: such programs are skipped by `verify`, not failed.
    pub fn missing_tool(self) -> Option<&'static str> {
        self.toolchain()
            .iter()
            .copied()
            .find(|tool| find_in_path(tool).is_none())
    }

    /// Recognises the language of a program (a file or a directory of sources).
    pub fn detect(path: &Path) -> anyhow::Result<Language> {
        let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
        if meta.is_dir() {
            let mut found: Option<Language> = None;
            for file in source_files(path)? {
                let Some(lang) = file_language(&file) else {
                    continue;
                };
                match found {
                    Some(l) if l != lang => bail!(
                        "{}: mixes {} and {} sources",
                        path.display(),
                        l.name(),
                        lang.name()
                    ),
                    _ => found = Some(lang),
                }
            }
            return found.with_context(|| {
                format!(
                    "{}: no source file of a known language inside",
                    path.display()
                )
            });
        }
        if let Some(lang) = file_language(path) {
            return Ok(lang);
        }
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 != 0 {
            return Ok(Language::Executable);
        }
        bail!(
            "{}: unknown submission type (expected .c, .cpp/.cc, .rs, .py, .java, or an executable file)",
            path.display()
        )
    }
}

fn file_language(path: &Path) -> Option<Language> {
    path.extension()
        .and_then(|e| e.to_str())
        .and_then(Language::from_extension)
}

/// The regular files of a program directory, sorted, following symlinks.
fn source_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
    {
        let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
        if entry.file_type().is_file() {
            files.push(entry.into_path());
        }
    }
    Ok(files)
}

/// A program ready to run.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub language: Language,
    /// The built program: its cache entry directory, or the executable file itself.
    location: PathBuf,
    /// The command line, without any memory-dependent flags (see [`Compiled::command`]).
    argv: Vec<OsString>,
    /// Installations the program needs at run time besides the system's (an interpreter's).
    runtime: Vec<PathBuf>,
}

impl Compiled {
    /// The command line for a run with the given memory limit (Java's heap follows it).
    pub fn command(&self, memory_mib: u64) -> Vec<OsString> {
        let mut argv = self.argv.clone();
        if self.language == Language::Java {
            let flags = [
                format!("-Xmx{memory_mib}m"),
                "-Xss64m".to_string(),
                "-XX:+UseSerialGC".to_string(),
                "-Dfile.encoding=UTF-8".to_string(),
            ];
            for (i, flag) in flags.into_iter().enumerate() {
                argv.insert(1 + i, flag.into());
            }
        }
        argv
    }

    /// The command line and mounts for a run inside the sandbox, where the program's files
    /// appear at [`sandbox::PROGRAM_DIR`] and its working directory is `work`.
    pub fn sandboxed_command(
        &self,
        memory_mib: u64,
        work: &Path,
    ) -> (Vec<OsString>, sandbox::Mounts) {
        let inside = Path::new(sandbox::PROGRAM_DIR);
        let argv = self
            .command(memory_mib)
            .into_iter()
            .map(|arg| match Path::new(&arg).strip_prefix(&self.location) {
                Ok(rest) if rest.as_os_str().is_empty() => inside.as_os_str().to_os_string(),
                Ok(rest) => inside.join(rest).into_os_string(),
                Err(_) => arg,
            })
            .collect();
        let mut read_only = vec![(self.location.clone(), inside.to_path_buf())];
        read_only.extend(self.runtime.iter().map(|dir| (dir.clone(), dir.clone())));
        let mounts = sandbox::Mounts {
            read_only,
            work: work.to_path_buf(),
        };
        (argv, mounts)
    }

    /// Runs one of the judges' own programs (a generator, a solution) to the end under the
    /// validation limits, stdin from a file (or nothing), stdout into a file. Fails, with the
    /// start of its stderr, unless it exits with code 0.
    pub fn run_tool(
        &self,
        args: &[String],
        stdin: Option<&Path>,
        stdout: &Path,
        dir: &Path,
        limits: &crate::package::Limits,
    ) -> anyhow::Result<()> {
        let mut argv = self.command(limits.memory_mib);
        argv.extend(args.iter().map(OsString::from));
        let stderr = dir.join("tool.err");
        let spec = RunSpec {
            argv,
            cwd: dir.to_path_buf(),
            stdin: stdin.map(Path::to_path_buf),
            stdout: stdout.to_path_buf(),
            stderr: stderr.clone(),
            limits: RunLimits::validator(limits.validation_time_s, limits.memory_mib),
            cpu_slot: None,
            env: Some(runner::clean_env(dir)),
            isolation: Isolation::Direct,
        };
        let outcome = runner::run(&spec)?;
        if !outcome.success() {
            let said = crate::checking::read_head(&stderr);
            bail!("it failed ({}): {}", outcome.describe_exit(), said.trim());
        }
        Ok(())
    }

    /// Whether an address-space cap can be applied (the JVM reserves far more address space
    /// than it uses, so Java's memory is bounded by its heap flag instead).
    pub fn allows_address_space_cap(&self) -> bool {
        self.language != Language::Java
    }
}

/// Why a program did not compile: the compiler's own words.
#[derive(Debug, Clone)]
pub struct CompileError {
    pub message: String,
}

/// Compiles a program, or fetches it from the cache. With the sandbox, the compiler runs inside
/// it and sees only the program's own sources: a contestant cannot `#include` an answer file.
pub fn compile(
    source: &Path,
    isolation: IsolationChoice,
) -> anyhow::Result<Result<Compiled, CompileError>> {
    let language = Language::detect(source)?;
    if let Some(tool) = language.missing_tool() {
        bail!(
            "{}: {} is not installed, so {} programs cannot run",
            source.display(),
            tool,
            language.name()
        );
    }
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
            Err(err) => return Ok(Err(err)),
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
            // A syntax check that writes nothing next to the sources.
            let check =
                "import sys\nfor f in sys.argv[1:]:\n    compile(open(f, 'rb').read(), f, 'exec')";
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
    let parent = entry.parent().expect("cache entries have a parent");
    std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    let staging = tempfile::Builder::new()
        .prefix(".building-")
        .tempdir_in(parent)
        .with_context(|| format!("creating a build directory in {}", parent.display()))?;
    let log = staging.path().join("compile.log");
    let (argv, env, isolation) = match isolation {
        IsolationChoice::LimitsOnly => (
            compile_command(language, files, staging.path()),
            None,
            Isolation::Direct,
        ),
        IsolationChoice::Sandbox => {
            // The sources appear below /program, the build directory is /sandbox.
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
                work: staging.path().to_path_buf(),
            };
            let argv = compile_command(language, &shown, Path::new(sandbox::WORK_DIR));
            (
                argv,
                Some(runner::clean_env(Path::new(sandbox::WORK_DIR))),
                Isolation::Sandbox(mounts),
            )
        }
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
    let built = staging.keep();
    if let Err(err) = std::fs::rename(&built, entry) {
        // Another judge finished the same build first; theirs is as good as ours.
        let _ = std::fs::remove_dir_all(&built);
        if !entry.join("ok").is_file() {
            return Err(err).with_context(|| format!("storing the build in {}", entry.display()));
        }
    }
    Ok(Ok(()))
}

/// A tool found on PATH (by absolute path, so the sandbox can run it) and its arguments.
fn tool_then(tool: &str, args: &[&str]) -> Vec<OsString> {
    let mut argv = vec![
        find_in_path(tool)
            .map(PathBuf::into_os_string)
            .unwrap_or_else(|| tool.into()),
    ];
    argv.extend(args.iter().map(OsString::from));
    argv
}

/// The real rustc and its sysroot. rustup puts a proxy on PATH that needs the user's home;
/// the compiler it forwards to lives in the sysroot, which the sandbox can show read-only.
fn rust_toolchain() -> (PathBuf, PathBuf) {
    static RUST: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    RUST.get_or_init(|| {
        let proxy = find_in_path("rustc").unwrap_or_else(|| PathBuf::from("rustc"));
        let sysroot = std::process::Command::new(&proxy)
            .args(["--print", "sysroot"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
        match sysroot {
            Some(root) if root.join("bin/rustc").is_file() => (root.join("bin/rustc"), root),
            _ => (proxy, PathBuf::from("/usr")),
        }
    })
    .clone()
}

/// Installations outside /usr that a language's compiler needs inside the sandbox.
fn toolchain_dirs(language: Language) -> Vec<PathBuf> {
    let dir = match language {
        Language::Rust => rust_toolchain().1,
        Language::Python => python_prefix(),
        Language::C | Language::Cpp | Language::Java | Language::Executable => return Vec::new(),
    };
    if dir.starts_with("/usr") {
        Vec::new()
    } else {
        vec![dir]
    }
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

/// Looks a tool up on PATH.
pub fn find_in_path(tool: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool))
        .find(|p| {
            use std::os::unix::fs::PermissionsExt;
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// The real Python interpreter behind `python3` (version managers put slow shims on PATH).
fn python_interpreter() -> PathBuf {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let fallback = find_in_path("python3").unwrap_or_else(|| PathBuf::from("python3"));
            std::process::Command::new(&fallback)
                .args(["-c", "import sys; print(sys.executable)"])
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
                .filter(|p| p.is_file())
                .unwrap_or(fallback)
        })
        .clone()
}

/// The installation prefix of the Python interpreter (its standard library lives below it).
fn python_prefix() -> PathBuf {
    let python = python_interpreter();
    python
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or(python)
}

fn java_binary() -> PathBuf {
    find_in_path("java").unwrap_or_else(|| PathBuf::from("java"))
}
