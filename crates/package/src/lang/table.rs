//! The language table: the built-in `languages.yaml` (compiled into the binary) and a package's
//! own `languages.yaml`, read strictly, merged entry by entry, and the rules that recognise a
//! program's language from its file name or its `#!` line.

use super::shebang;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::error::LanguageError;
use serde::Deserialize;

/// The table shipped with leapfrog.
const BUILT_IN: &str = include_str!("languages.yaml");

/// The file a package may add to change the table.
pub const PACKAGE_FILE: &str = "languages.yaml";

/// The placeholders a command may use.
const PLACEHOLDERS: [&str; 7] = [
    "files",
    "mainfile",
    "mainclass",
    "build",
    "binary",
    "scratch",
    "memlim",
];

/// A command as written: one string split at spaces, or a list of arguments.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum RawCommand {
    Line(String),
    Words(Vec<String>),
}

impl RawCommand {
    fn words(self) -> Vec<String> {
        match self {
            RawCommand::Line(line) => line.split_whitespace().map(str::to_string).collect(),
            RawCommand::Words(words) => words,
        }
    }
}

/// When the sources are copied into the build directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CopySources {
    /// Before compiling: the compile command works on the copies.
    Before,
    /// After a successful compile: the run command uses the copies.
    After,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    name: String,
    /// The language's code in the package format (`include/<code>/`); default: the key.
    code: Option<String>,
    #[serde(default)]
    extensions: Vec<String>,
    /// problemtools' spelling of the extensions: `"*.cpp *.cc"`.
    files: Option<String>,
    #[serde(default)]
    shebang: Vec<String>,
    #[serde(default)]
    priority: i32,
    compile: Option<RawCommand>,
    run: RawCommand,
    version: Option<RawCommand>,
    copy: Option<CopySources>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    #[serde(default = "yes")]
    address_space_cap: bool,
}

fn yes() -> bool {
    true
}

/// One language of the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Spec {
    /// The table's key (`cpp`, `python3`).
    pub id: String,
    /// The package format's code for the language (`include/<code>/`, the spec's table).
    pub code: String,
    pub name: String,
    pub extensions: Vec<String>,
    pub shebang: Vec<String>,
    pub priority: i32,
    /// The compile command's words, placeholders unexpanded; empty when nothing is built.
    pub compile: Vec<String>,
    /// The run command's words, placeholders unexpanded; empty only for ready executables.
    pub run: Vec<String>,
    pub version: Vec<String>,
    pub copy: Option<CopySources>,
    pub env: BTreeMap<String, String>,
    pub address_space_cap: bool,
}

impl Spec {
    fn from_raw(id: &str, raw: RawSpec) -> Result<Spec, LanguageError> {
        let mut extensions = raw.extensions;
        for pattern in raw.files.iter().flat_map(|f| f.split_whitespace()) {
            match pattern.strip_prefix("*.") {
                Some(ext) if !ext.is_empty() && !ext.contains(['*', '?', '[', '.']) => {
                    extensions.push(ext.to_string())
                }
                _ => {
                    return Err(LanguageError::rule(format_args!(
                        "`files`: only patterns of the form `*.ext` are supported, not `{pattern}`"
                    )));
                }
            }
        }
        let spec = Spec {
            id: id.to_string(),
            code: raw.code.unwrap_or_else(|| id.to_string()),
            name: raw.name,
            extensions,
            shebang: raw.shebang,
            priority: raw.priority,
            compile: raw.compile.map(RawCommand::words).unwrap_or_default(),
            run: raw.run.words(),
            version: raw.version.map(RawCommand::words).unwrap_or_default(),
            copy: raw.copy,
            env: raw.env,
            address_space_cap: raw.address_space_cap,
        };
        if spec.run.is_empty() {
            return Err(LanguageError::rule(format_args!("`run` is empty")));
        }
        if spec
            .extensions
            .iter()
            .any(|e| e.is_empty() || e.contains('.'))
        {
            return Err(LanguageError::rule(format_args!(
                "an extension is empty or contains a dot (write `cpp`, not `.cpp`)"
            )));
        }
        let commands = [("compile", &spec.compile), ("run", &spec.run)];
        for (key, words) in commands {
            for word in words.iter().chain(spec.env.values()) {
                check_placeholders(key, word)?;
            }
            if let Some(first) = words.first()
                && first.contains("{memlim}")
            {
                return Err(LanguageError::rule(format_args!(
                    "`{key}` starts with a placeholder for the memory limit"
                )));
            }
        }
        if spec
            .compile
            .iter()
            .chain(spec.env.values())
            .any(|w| w.contains("{memlim}"))
        {
            return Err(LanguageError::rule(format_args!(
                "`compile` uses {{memlim}}, which only a run command has"
            )));
        }
        Ok(spec)
    }

    /// The tool a command starts with, unless it starts with a placeholder (`{binary}`).
    pub fn tool(words: &[String]) -> Option<&str> {
        words
            .first()
            .map(String::as_str)
            .filter(|w| !w.contains('{'))
    }

    /// Whether a file of a program directory belongs to this language: by extension, or by
    /// its `#!` line when its extension is no other language's.
    pub fn claims(&self, path: &Path) -> bool {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        match name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() && self.extensions.iter().any(|e| e == ext) => {
                true
            }
            _ => shebang::interpreter(path)
                .is_some_and(|word| self.shebang.iter().any(|w| shebang::matches(w, &word))),
        }
    }

    /// The tools this language needs: the compiler and the interpreter, when there are.
    pub fn tools(&self) -> Vec<&str> {
        let mut tools: Vec<&str> = Vec::new();
        for tool in [Spec::tool(&self.compile), Spec::tool(&self.run)]
            .into_iter()
            .flatten()
        {
            if !tools.contains(&tool) {
                tools.push(tool);
            }
        }
        tools
    }
}

fn check_placeholders(key: &str, word: &str) -> Result<(), LanguageError> {
    let mut rest = word;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            return Err(LanguageError::rule(format_args!(
                "`{key}`: `{word}` opens a placeholder it never closes"
            )));
        };
        let name = &after[..close];
        if !PLACEHOLDERS.contains(&name) {
            return Err(LanguageError::rule(format_args!(
                "`{key}`: unknown placeholder {{{name}}} (known: {})",
                PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ")
            )));
        }
        rest = &after[close + 1..];
    }
    Ok(())
}

/// A language table: the built-in one, or the built-in one with a package's changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Languages {
    pub specs: Vec<Arc<Spec>>,
}

impl Languages {
    /// The table compiled into leapfrog.
    pub fn built_in() -> &'static Languages {
        static TABLE: OnceLock<Languages> = OnceLock::new();
        TABLE.get_or_init(|| {
            parse(BUILT_IN).unwrap_or_else(|err| {
                panic!("the built-in languages.yaml: {}", crate::error::chain(&err))
            })
        })
    }

    /// The table for a package: the built-in one, with the entries of the package's
    /// `languages.yaml` (if it has one) replacing those of the same key or added after them.
    pub fn for_package(root: &Path) -> Result<Languages, LanguageError> {
        let path = root.join(PACKAGE_FILE);
        let mut table = Languages::built_in().clone();
        if !path.is_file() {
            return Ok(table);
        }
        let text = std::fs::read_to_string(&path).map_err(LanguageError::io("reading", &path))?;
        let own = parse(&text).map_err(|e| e.inside(path.display()))?;
        for spec in own.specs {
            match table.specs.iter_mut().find(|s| s.id == spec.id) {
                Some(slot) => *slot = spec,
                None => table.specs.push(spec),
            }
        }
        Ok(table)
    }

    /// The table that applies to a program: its package's (the nearest directory above it
    /// with a `problem.yaml`), else the built-in one. For the judges' own programs, which are
    /// built from a path alone.
    pub fn for_program(path: &Path) -> Result<Languages, LanguageError> {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        match absolute
            .ancestors()
            .skip(1)
            .find(|dir| dir.join("problem.yaml").is_file())
        {
            Some(root) => Languages::for_package(root),
            None => Ok(Languages::built_in().clone()),
        }
    }

    /// The language of one source file by its name and first line, if the table has one.
    pub fn of_file(&self, path: &Path) -> Option<Arc<Spec>> {
        let name = path.file_name()?.to_str()?;
        let by_extension: Vec<&Arc<Spec>> = match name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => self
                .specs
                .iter()
                .filter(|s| s.extensions.iter().any(|e| e == ext))
                .collect(),
            _ => Vec::new(),
        };
        let interpreter = shebang::interpreter(path);
        let by_shebang = |candidates: &[&Arc<Spec>]| -> Option<Arc<Spec>> {
            let word = interpreter.as_deref()?;
            candidates
                .iter()
                .find(|s| s.shebang.iter().any(|w| shebang::matches(w, word)))
                .map(|s| Arc::clone(s))
        };
        if !by_extension.is_empty() {
            if let Some(spec) = by_shebang(&by_extension) {
                return Some(spec);
            }
            // The highest priority wins; among equals, the first in the table.
            let best = by_extension.iter().map(|s| s.priority).max()?;
            return by_extension
                .into_iter()
                .find(|s| s.priority == best)
                .cloned();
        }
        let all: Vec<&Arc<Spec>> = self.specs.iter().collect();
        by_shebang(&all)
    }

    /// The entry of the given key.
    pub fn get(&self, id: &str) -> Option<Arc<Spec>> {
        self.specs.iter().find(|s| s.id == id).cloned()
    }

    /// The language of the given key (`cpp`, `python3`), as a package names it instead of
    /// leaving it to [`Languages::detect`] (submissions.yaml's `language`).
    pub fn by_id(&self, id: &str) -> Option<super::Language> {
        self.get(id).map(super::Language)
    }
}

fn parse(text: &str) -> Result<Languages, LanguageError> {
    let map: serde_yaml_ng::Mapping = serde_yaml_ng::from_str(text)?;
    let mut specs = Vec::new();
    for (key, value) in map {
        let Some(id) = key.as_str() else {
            return Err(LanguageError::rule(format_args!(
                "a language's key must be a string, not {key:?}"
            )));
        };
        if id == super::EXECUTABLE_ID {
            return Err(LanguageError::rule(format_args!(
                "`{id}` is reserved for ready-to-run programs"
            )));
        }
        let raw: RawSpec = serde_yaml_ng::from_value(value)
            .map_err(LanguageError::yaml(format_args!("language `{id}`")))?;
        let spec =
            Spec::from_raw(id, raw).map_err(|e| e.inside(format_args!("language `{id}`")))?;
        specs.push(Arc::new(spec));
    }
    Ok(Languages { specs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_parses_and_has_the_promised_languages() {
        let table = Languages::built_in();
        for id in [
            "c",
            "cpp",
            "rust",
            "python3",
            "pypy3",
            "java",
            "kotlin",
            "go",
            "haskell",
            "ocaml",
            "javascript",
            "ruby",
            "php",
            "csharp",
            "scala",
            "commonlisp",
            "prolog",
            "r",
            "lua",
            "bash",
            "ada",
            "fortran",
            "pascal",
            "perl",
            "swift",
            "awk",
        ] {
            assert!(table.get(id).is_some(), "{id} is missing");
        }
    }

    /// DOMjudge's default languages by their file names; `.pl` is Prolog unless its `#!` line
    /// names perl (DOMjudge reads every `.pl` as Perl, problemtools as Prolog).
    #[test]
    fn domjudge_s_extensions_name_their_languages() {
        let dir = tempfile::tempdir().unwrap();
        let table = Languages::built_in();
        let of = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            table.of_file(&path).map(|s| s.name.clone())
        };
        for (file, name) in [
            ("a.adb", "Ada"),
            ("a.ads", "Ada"),
            ("a.f95", "Fortran"),
            ("a.f90", "Fortran"),
            ("a.pas", "Pascal"),
            ("a.p", "Pascal"),
            ("a.swift", "Swift"),
            ("a.awk", "AWK"),
            ("a.lhs", "Haskell"),
            ("a.plg", "Prolog"),
            ("a.R", "R"),
            ("a.pl", "Prolog"),
        ] {
            assert_eq!(of(file, "x\n").as_deref(), Some(name), "{file}");
        }
        let perl = of("b.pl", "#!/usr/bin/env perl\nprint 1;\n");
        assert_eq!(perl.as_deref(), Some("Perl"));
        let perl = of("c.pl", "#!/usr/bin/perl -w\nprint 1;\n");
        assert_eq!(perl.as_deref(), Some("Perl"));
    }

    #[test]
    fn codes_are_the_package_format_s() {
        let code = |id: &str| Languages::built_in().get(id).map(|s| s.code.clone());
        assert_eq!(code("cpp").as_deref(), Some("cpp"));
        assert_eq!(code("pypy3").as_deref(), Some("python3"));
        assert_eq!(code("commonlisp").as_deref(), Some("lisp"));
    }

    #[test]
    fn unknown_keys_and_placeholders_are_refused_by_name() {
        let err = parse("x:\n  name: X\n  run: x\n  colour: red\n").unwrap_err();
        assert!(
            crate::error::chain(&err).contains("colour"),
            "{}",
            crate::error::chain(&err)
        );
        let err = parse("x:\n  name: X\n  run: x {main}\n").unwrap_err();
        assert!(
            crate::error::chain(&err).contains("{main}"),
            "{}",
            crate::error::chain(&err)
        );
    }

    #[test]
    fn problemtools_files_patterns_give_extensions() {
        let table = parse("x:\n  name: X\n  files: '*.x *.xx'\n  run: x {mainfile}\n").unwrap();
        assert_eq!(table.specs[0].extensions, ["x", "xx"]);
        let err = parse("x:\n  name: X\n  files: 'main.*'\n  run: x\n").unwrap_err();
        assert!(
            crate::error::chain(&err).contains("`main.*`"),
            "{}",
            crate::error::chain(&err)
        );
    }
}
