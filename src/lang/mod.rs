//! Source languages: recognising a program, and the command line that runs it once it is built.
//!
//! A program is one source file or a directory of sources in one language. [`build`] compiles
//! it once (cached by content), [`toolchain`] finds the compilers and interpreters.

mod build;
mod toolchain;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crate::runner::sandbox;
use crate::util::find_in_path;

pub use build::{CompileError, cache_dir, compile, compile_as};

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

    /// Whether an address-space cap can be applied (the JVM reserves far more address space
    /// than it uses, so Java's memory is bounded by its heap flag instead).
    pub fn allows_address_space_cap(&self) -> bool {
        self.language != Language::Java
    }
}
