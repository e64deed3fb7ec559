//! What the placeholders of a language's commands stand for (`{files}`, `{mainfile}`,
//! `{binary}`, …), and which file of a program is its entry point.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::table::Spec;
use super::{RunArg, toolchain};

/// What the placeholders of a command stand for.
pub(super) struct Places {
    files: Vec<OsString>,
    mainfile: OsString,
    mainclass: String,
    build: PathBuf,
}

impl Places {
    /// `main` is the entry point's file name, `mainfile` its path as the command sees it.
    pub(super) fn new(
        files: Vec<OsString>,
        main: &str,
        mainfile: OsString,
        build: &Path,
    ) -> Places {
        Places {
            files,
            mainfile,
            mainclass: main_stem(main),
            build: build.to_path_buf(),
        }
    }

    /// Names the class a run command starts (`{mainclass}`) when the sources say so.
    pub(super) fn with_mainclass(mut self, class: Option<String>) -> Places {
        if let Some(class) = class {
            self.mainclass = class;
        }
        self
    }

    fn scratch(&self) -> PathBuf {
        self.build.join(SCRATCH)
    }

    /// One word with its placeholders filled in; `{files}` only stands alone.
    fn word(&self, word: &str) -> Vec<OsString> {
        let whole = |path: &Path| vec![path.as_os_str().to_os_string()];
        match word {
            "{files}" => return self.files.clone(),
            "{mainfile}" => return vec![self.mainfile.clone()],
            "{build}" => return whole(&self.build),
            "{binary}" => return whole(&self.build.join("prog")),
            "{scratch}" => return whole(&self.scratch()),
            _ => {}
        }
        let files: Vec<String> = self
            .files
            .iter()
            .map(|f| f.to_string_lossy().into_owned())
            .collect();
        let filled = word
            .replace("{files}", &files.join(" "))
            .replace("{mainfile}", &self.mainfile.to_string_lossy())
            .replace("{mainclass}", &self.mainclass)
            .replace("{binary}", &self.build.join("prog").to_string_lossy())
            .replace("{scratch}", &self.scratch().to_string_lossy())
            .replace("{build}", &self.build.to_string_lossy());
        vec![filled.into()]
    }

    /// A whole command, its tool by absolute path.
    pub(super) fn command(&self, words: &[String]) -> Vec<RunArg> {
        let mut argv = Vec::new();
        for (i, word) in words.iter().enumerate() {
            if i == 0
                && let Some(tool) = Spec::tool(words)
            {
                argv.push(RunArg::Ready(toolchain::resolve(tool).into_os_string()));
            } else if word.contains("{memlim}") {
                let filled = join(self.word(word));
                argv.push(RunArg::Memory(filled.to_string_lossy().into_owned()));
            } else {
                argv.extend(self.word(word).into_iter().map(RunArg::Ready));
            }
        }
        argv
    }

    pub(super) fn compile_command(&self, spec: &Spec) -> Vec<OsString> {
        self.command(&spec.compile)
            .into_iter()
            .map(|arg| match arg {
                RunArg::Ready(arg) => arg,
                RunArg::Memory(arg) => arg.into(),
            })
            .collect()
    }

    /// The compile command's variables, filled in, added to `base`.
    pub(super) fn env(
        &self,
        spec: &Spec,
        base: Vec<(OsString, OsString)>,
    ) -> Vec<(OsString, OsString)> {
        let mut env = base;
        for (key, value) in &spec.env {
            env.retain(|(k, _)| k != key.as_str());
            env.push((key.into(), join(self.word(value))));
        }
        env
    }
}

/// Several words as one (`{files}` inside a longer word).
fn join(words: Vec<OsString>) -> OsString {
    let mut all = OsString::new();
    for (i, word) in words.into_iter().enumerate() {
        if i > 0 {
            all.push(" ");
        }
        all.push(word);
    }
    all
}

/// The directory in a build for the compiler's own caches, deleted once the build is done.
pub(super) const SCRATCH: &str = ".scratch";

pub(super) fn file_name(file: &Path) -> &std::ffi::OsStr {
    file.file_name().unwrap_or_default()
}

/// The file a multi-file program starts from: `main.*` if there is one, else the first.
pub(super) fn main_file(files: &[PathBuf]) -> String {
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

/// The class of a Java source that declares `main`: `class Main` written in `solution.java`
/// runs as `Main`, whatever the file is called (the class declared last before the first
/// `void main`, comments and strings aside being rare enough in practice to ignore).
pub(super) fn java_main_class(source: &Path) -> Option<String> {
    let text = std::fs::read_to_string(source).ok()?;
    let main = text.find("void main")?;
    let before = &text[..main];
    let mut at = before.len();
    while let Some(found) = before[..at].rfind("class") {
        at = found;
        let preceded = before[..found]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace);
        let rest = &before[found + "class".len()..];
        if !preceded || !rest.starts_with(char::is_whitespace) {
            continue;
        }
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        if !name.is_empty() {
            return Some(name);
        }
    }
    None
}

fn main_stem(main: &str) -> String {
    main.rsplit_once('.')
        .map_or(main, |(stem, _)| stem)
        .to_string()
}

/// The input that is the program's entry point, the file named `main`.
pub(super) fn main_input(inputs: &[OsString], main: &str) -> OsString {
    inputs
        .iter()
        .find(|i| {
            Path::new(i)
                .file_name()
                .is_some_and(|n| n.to_string_lossy() == main)
        })
        .cloned()
        .unwrap_or_default()
}
