//! Source languages: recognising a program, and the command line that runs it once it is built.
//!
//! A program is one source file or a directory of sources in one language. `build` compiles
//! it once (cached by content), `toolchain` finds the compilers and interpreters.

mod build;
mod cache;
mod compile_dir;
mod compile_setup;
mod included;
mod places;
mod program_links;
mod shebang;
mod table;
mod toolchain;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::LanguageError;
pub use crate::error::UnknownLanguage;

use leapfrog_runner::sandbox;

pub use build::{compile, compile_as};
pub use cache::cache_dir;
pub use compile_setup::CompileError;
pub use included::{compile_from, compile_with_included};
pub use program_links::check_program_links;
pub use table::{CopySources, Languages, PACKAGE_FILE, Spec};

/// The id of the one language outside the table: a program that is already executable.
const EXECUTABLE_ID: &str = "executable";

/// The endings of files a package switches off by renaming (`sol.c.disabled`, editor backups):
/// never programs, whatever their other extensions say.
pub const SWITCHED_OFF: [&str; 5] = [".disabled", ".orig", ".bak", ".swp", "~"];

/// The extensions of header files: sources that other files include, never programs of their
/// own (a validator folder's `testlib.h` next to its `checker.cpp`).
pub const HEADER_EXTENSIONS: [&str; 6] = ["h", "hh", "hpp", "hxx", "h++", "inc"];

/// Whether a file is a header file (see [`HEADER_EXTENSIONS`]).
pub fn is_header(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && HEADER_EXTENSIONS.contains(&ext))
}

/// The ending that switches a file off, if it has one.
pub fn switched_off(path: &Path) -> Option<&'static str> {
    let name = path.file_name()?.to_string_lossy();
    SWITCHED_OFF.into_iter().find(|end| name.ends_with(end))
}

/// A language: one entry of a [`Languages`] table, or a ready executable.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Language(Arc<Spec>);

impl Language {
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// For a directory of several sources in this language, the file its build starts from
    /// (`main.*`, else the first by name) and how many sources there are; `None` for a
    /// single file, which needs no choosing. A judge run names it, since the choice is silent.
    pub fn entry_of(&self, dir: &Path) -> Option<(String, usize)> {
        if !dir.is_dir() {
            return None;
        }
        let files: Vec<PathBuf> = source_files(dir)
            .ok()?
            .into_iter()
            .filter(|f| switched_off(f).is_none() && self.spec().claims(f))
            .collect();
        (files.len() > 1).then(|| (places::main_file(&files), files.len()))
    }

    /// The table's key (`cpp`, `python3`; `executable` for a ready program).
    pub fn id(&self) -> &str {
        &self.0.id
    }

    /// The package format's code (`cpp`, `python3`, `lisp`): the name of its `include/` folder.
    pub fn code(&self) -> &str {
        &self.0.code
    }

    pub fn spec(&self) -> &Spec {
        &self.0
    }

    fn executable() -> Language {
        static SPEC: std::sync::OnceLock<Arc<Spec>> = std::sync::OnceLock::new();
        Language(Arc::clone(SPEC.get_or_init(|| {
            Arc::new(Spec {
                id: EXECUTABLE_ID.into(),
                code: EXECUTABLE_ID.into(),
                name: EXECUTABLE_ID.into(),
                extensions: Vec::new(),
                shebang: Vec::new(),
                priority: 0,
                compile: Vec::new(),
                run: Vec::new(),
                version: Vec::new(),
                copy: None,
                env: Default::default(),
                address_space_cap: true,
            })
        })))
    }

    /// Whether this is a ready executable (run as it is, never built).
    pub fn is_executable(&self) -> bool {
        self.0.id == EXECUTABLE_ID
    }

    /// The tools this language needs on the machine.
    pub fn toolchain(&self) -> Vec<&str> {
        self.0.tools()
    }

    /// The first missing tool, if any: such programs are skipped by `verify`, not failed.
    pub fn missing_tool(&self) -> Option<String> {
        self.toolchain()
            .into_iter()
            .find(|tool| toolchain::missing(tool))
            .map(str::to_string)
    }

    /// The command that prints the toolchain's version, if the table gives one.
    pub fn version_command(&self) -> &[String] {
        &self.0.version
    }

    /// Recognises the language of a program (a file or a directory of sources) with the
    /// built-in table.
    pub fn detect(path: &Path) -> Result<Language, LanguageError> {
        Languages::built_in().detect(path)
    }
}

impl Languages {
    /// Recognises the language of a program (a file or a directory of sources): by extension,
    /// then by a `#!` line, then a file with an executable bit runs as it is. A program of no
    /// known language fails with [`LanguageError::Unknown`].
    pub fn detect(&self, path: &Path) -> Result<Language, LanguageError> {
        let meta = std::fs::metadata(path).map_err(LanguageError::missing(path))?;
        let unknown = |reason: &str, hint: String| UnknownLanguage {
            path: path.display().to_string(),
            reason: reason.to_string(),
            hint,
        };
        if let Some(end) = switched_off(path) {
            return Err(
                unknown(&format!("switched off (ends with `{end}`)"), String::new()).into(),
            );
        }
        if path.file_name().is_some_and(|name| name.to_str().is_none()) {
            // Compilers and run commands are given the file's name as text: a name of another
            // encoding (Latin-1 from an old editor) would reach them changed, and the program
            // would fail as if it were the submission's fault.
            let reason = "its file name is not UTF-8: rename it (compilers and run commands \
                          name the file in UTF-8)";
            return Err(unknown(reason, String::new()).into());
        }
        if !meta.is_dir() && !meta.is_file() {
            // Opening a pipe to read its first line would wait for a writer forever.
            return Err(LanguageError::invalid(
                path.display(),
                "not a file or a folder of sources (a pipe, socket or device is no program)",
            ));
        }
        if meta.is_dir() {
            let mut found: Option<Arc<Spec>> = None;
            for file in source_files(path)? {
                if switched_off(&file).is_some() {
                    continue;
                }
                let Some(lang) = self.of_file(&file) else {
                    continue;
                };
                match &found {
                    Some(l) if l.id != lang.id => {
                        return Err(LanguageError::invalid(
                            path.display(),
                            format_args!("mixes {} and {} sources", l.name, lang.name),
                        ));
                    }
                    _ => found = Some(lang),
                }
            }
            return found.map(Language).ok_or_else(|| {
                let hint = format!(" (known extensions: {})", self.extension_list());
                unknown("no source file of a known language inside", hint).into()
            });
        }
        if let Some(spec) = self.of_file(path) {
            return Ok(Language(spec));
        }
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 != 0 {
            // Only a compiled program or a script runs as it is: an executable bit on anything
            // else (a text file, a binary of another system) is an accident, skipped as the
            // anchors skip files of no language, not run into "Exec format error".
            if runs_as_it_is(path) {
                return Ok(Language::executable());
            }
            let reason = "an executable file of no known language (neither an ELF program nor a \
                          script with a `#!` line)";
            return Err(unknown(reason, String::new()).into());
        }
        let hint = format!(
            " (expected a source file ({}), a script whose `#!` line names a known \
             interpreter, or an executable file)",
            self.extension_list()
        );
        Err(unknown("unknown submission type: no known language", hint).into())
    }

    /// The language a submission is judged in: [`Languages::detect`]'s, then
    /// [`Languages::for_submission`].
    pub fn detect_submission(&self, path: &Path) -> Result<Language, LanguageError> {
        Ok(self.for_submission(self.detect(path)?))
    }

    /// A submission's language: a Python 3 program runs on PyPy when PyPy is installed, as
    /// problemtools and Kattis run it (CPython is the fallback), unless the package's own table
    /// changed the Python 3 entry. The judges' own programs are built the same way, as those
    /// tools build them.
    pub fn for_submission(&self, language: Language) -> Language {
        let built_in = Languages::built_in();
        let python = self.get("python3");
        if language.id() == "python3"
            && python.is_some()
            && python == built_in.get("python3")
            && let Some(pypy) = self.get("pypy3")
            && pypy.tools().iter().all(|tool| !toolchain::missing(tool))
        {
            return Language(pypy);
        }
        language
    }

    /// A validator's or an interactor's language: [`Languages::for_submission`]'s, as
    /// problemtools and BAPCtools build them. Where PyPy is not installed, a Python 3 one runs
    /// on CPython, and a note says so once: a slow validator then takes several times longer
    /// than under those tools, and the setter should know why.
    pub fn for_jury(&self, language: Language) -> Language {
        let chosen = self.for_submission(language);
        if chosen.id() == "python3"
            && self.get("python3") == Languages::built_in().get("python3")
            && let Some(tool) = self.by_id("pypy3").and_then(|pypy| pypy.missing_tool())
        {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                eprintln!(
                    "note: {tool} is not installed, so Python validators run on CPython; \
                     problemtools and BAPCtools run them on PyPy, often several times faster \
                     on a slow validator (install pypy3 to judge as they do)"
                );
            });
        }
        chosen
    }

    /// Every extension of the table, `.c, .cpp, …`, for messages.
    fn extension_list(&self) -> String {
        let mut all: Vec<String> = Vec::new();
        for spec in &self.specs {
            for ext in &spec.extensions {
                let ext = format!(".{ext}");
                if !all.contains(&ext) {
                    all.push(ext);
                }
            }
        }
        all.join(", ")
    }
}

/// Whether an executable file can run as it is: an ELF program or a script with a `#!` line.
fn runs_as_it_is(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 4];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    head[..n].starts_with(b"\x7fELF") || head[..n].starts_with(b"#!")
}

/// The regular files of a program directory, sorted, following symlinks.
fn source_files(dir: &Path) -> Result<Vec<PathBuf>, LanguageError> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
    {
        let entry = entry.map_err(LanguageError::walk(dir))?;
        if entry.file_type().is_file() {
            files.push(entry.into_path());
        }
    }
    Ok(files)
}

/// One argument of a run command: ready, or waiting for the run's memory limit.
#[derive(Debug, Clone)]
enum RunArg {
    Ready(OsString),
    /// An argument with `{memlim}` in it.
    Memory(String),
}

/// A program ready to run.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub language: Language,
    /// The built program: its cache entry directory, or the executable file itself.
    location: PathBuf,
    /// The command line, memory-dependent flags still to fill in (see [`Compiled::command`]).
    argv: Vec<RunArg>,
    /// Installations the program needs at run time besides the system's (an interpreter's).
    runtime: Vec<PathBuf>,
}

impl Compiled {
    /// A program run by a command that is not built from sources: a tool given a file
    /// (`checktestdata x.ctd`), or a `run` script. `argv[0]` is the tool or script.
    pub fn external(argv: Vec<OsString>) -> Compiled {
        let location = argv.first().map(PathBuf::from).unwrap_or_default();
        Compiled {
            language: Language::executable(),
            location,
            argv: argv.into_iter().map(RunArg::Ready).collect(),
            runtime: Vec::new(),
        }
    }

    /// Where the built program is: its cache entry directory, or the executable itself.
    pub fn location(&self) -> &std::path::Path {
        &self.location
    }

    /// The command line for a run with the given memory limit (a JVM's heap follows it).
    pub fn command(&self, memory_mib: u64) -> Vec<OsString> {
        self.argv
            .iter()
            .map(|arg| match arg {
                RunArg::Ready(arg) => arg.clone(),
                RunArg::Memory(arg) => arg.replace("{memlim}", &memory_mib.to_string()).into(),
            })
            .collect()
    }

    /// The command line for a run of a copy of the program at `copy` (its files, or the
    /// executable itself, as [`Compiled::location`] is): every argument naming the program's
    /// files names the copy's.
    pub fn command_at(&self, memory_mib: u64, copy: &Path) -> Vec<OsString> {
        self.command(memory_mib)
            .into_iter()
            .map(|arg| match Path::new(&arg).strip_prefix(&self.location) {
                _ if self.location.as_os_str().is_empty() => arg,
                Ok(rest) if rest.as_os_str().is_empty() => copy.as_os_str().to_os_string(),
                Ok(rest) => copy.join(rest).into_os_string(),
                Err(_) => arg,
            })
            .collect()
    }

    /// The command line and mounts for a run inside the sandbox, where the program's files
    /// appear at [`sandbox::PROGRAM_DIR`] and its working directory is `work`.
    pub fn sandboxed_command(
        &self,
        memory_mib: u64,
        work: &Path,
    ) -> (Vec<OsString>, sandbox::Mounts) {
        let inside = Path::new(sandbox::PROGRAM_DIR);
        let argv = self.command_at(memory_mib, inside);
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
        self.language.spec().address_space_cap
    }
}
