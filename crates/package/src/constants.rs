//! The problem.yaml keys that decide how the judges' programs are built and which submissions
//! may be judged: `constants` (2025-09), whose `{{name}}` sequences are replaced in the judges'
//! programs before they are built, and `languages`, the languages a submission may be written
//! in.
//!
//! Constants are substituted where BAPCtools substitutes them: generators, input, answer and
//! output validators (the spec also names example submissions, but BAPCtools' own test package
//! `constants` expects a submission printing `{{FIVE.STRING}}` to be judged as written, so
//! submissions are left alone), and in the generator commands of `generators.yaml` (see
//! `plan`). A constant is a number or a string, or a map with a `value` and named variants
//! (`{{FIVE.ROMAN}}`; `{{FIVE.value}}` is the value too), as BAPCtools reads them; a name the
//! package does not define is left as it is.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::BuildError;
use serde_yaml_ng::Value;

/// The constants of a package, by name (`FIVE`, `FIVE.ROMAN`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Constants(BTreeMap<String, String>);

/// Whether a name is a constant's name: `[a-zA-Z_][a-zA-Z0-9_]*`.
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A scalar as the text it stands for.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The problem.yaml of the package at `root`, as a YAML value (`Null` when it cannot be read:
/// reading it strictly is the configuration's business).
fn problem_yaml(root: &Path) -> Value {
    std::fs::read_to_string(root.join("problem.yaml"))
        .ok()
        .and_then(|text| serde_yaml_ng::from_str(&text).ok())
        .unwrap_or(Value::Null)
}

impl Constants {
    /// The constants of the package at `root`; entries of the wrong shape are skipped with a
    /// warning naming the key, as BAPCtools skips them.
    pub fn load(root: &Path) -> Constants {
        let mut map = BTreeMap::new();
        let yaml = problem_yaml(root);
        let Some(Value::Mapping(entries)) = yaml.get("constants") else {
            return Constants(map);
        };
        let file = root.join("problem.yaml");
        let warn = |key: &str, why: &str| {
            leapfrog_util::warn(&format!(
                "{}: `constants.{key}`: {why}; skipped",
                file.display()
            ));
        };
        for (key, value) in entries {
            let Some(key) = key.as_str().filter(|k| is_name(k)) else {
                warn(&format!("{key:?}"), "not a constant's name");
                continue;
            };
            if let Some(text) = scalar(value) {
                map.insert(format!("{key}.value"), text.clone());
                map.insert(key.to_string(), text);
                continue;
            }
            let Value::Mapping(variants) = value else {
                warn(key, "neither a number, a string nor a map");
                continue;
            };
            match variants.get("value").and_then(scalar) {
                Some(text) => {
                    map.insert(format!("{key}.value"), text.clone());
                    map.insert(key.to_string(), text)
                }
                None => {
                    warn(key, "a map of variants needs a `value`");
                    continue;
                }
            };
            for (sub, variant) in variants {
                let Some(sub) = sub.as_str().filter(|s| is_name(s) && *s != "value") else {
                    continue;
                };
                match scalar(variant) {
                    Some(text) => map.insert(format!("{key}.{sub}"), text),
                    None => {
                        warn(&format!("{key}.{sub}"), "not a string");
                        continue;
                    }
                };
            }
        }
        Constants(map)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The text with every `{{name}}` of a defined constant replaced by its value; every
    /// other brace is kept, so Rust's `format!("{{}}")` comes through as written. The one
    /// substitution both judging and `export` use. A failed match moves on by one brace, not
    /// two, so that in `{{{NAME}}}` the `{{NAME}}` is found, as BAPCtools' pattern search and
    /// the spec's "every constant sequence" find it.
    pub fn substitute(&self, text: &str) -> String {
        self.substitute_naming(text).0
    }

    /// [`Constants::substitute`], with the names of the constants it wrote in, each once, in
    /// the order they first occur (for `export`'s note on what it changed).
    pub fn substitute_naming(&self, text: &str) -> (String, Vec<&str>) {
        let mut names: Vec<&str> = Vec::new();
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find("{{") {
            out.push_str(&rest[..open]);
            let after = &rest[open + 2..];
            let value = after
                .find("}}")
                .and_then(|close| Some((close, self.0.get_key_value(&after[..close])?)));
            match value {
                Some((close, (name, value))) => {
                    if !names.contains(&name.as_str()) {
                        names.push(name);
                    }
                    out.push_str(value);
                    rest = &after[close + 2..];
                }
                None => {
                    out.push('{');
                    rest = &rest[open + 1..];
                }
            }
        }
        out.push_str(rest);
        (out, names)
    }

    /// A copy of the judges' program at `path` with the constants substituted, kept in the
    /// cache (`constants/<hash>/`) so that it is built once; `None` when nothing in it changes.
    /// A single file is copied with the header files next to it, which it may include.
    pub fn program_copy(&self, path: &Path) -> Result<Option<PathBuf>, BuildError> {
        if self.is_empty() {
            return Ok(None);
        }
        let (base, files) = program_files(path)?;
        let mut changed = false;
        let mut contents = Vec::new();
        for file in &files {
            let bytes = std::fs::read(file).map_err(BuildError::io("reading", file))?;
            let bytes = match std::str::from_utf8(&bytes) {
                Ok(text) if text.contains("{{") => {
                    let replaced = self.substitute(text);
                    changed |= replaced != text;
                    replaced.into_bytes()
                }
                _ => bytes,
            };
            let rel = file.strip_prefix(&base).unwrap_or(file).to_path_buf();
            contents.push((rel, bytes, is_executable(file)));
        }
        if !changed {
            return Ok(None);
        }
        let mut key = format!("{:?}", self.0);
        for (rel, bytes, exec) in &contents {
            key.push_str(&format!(
                "\0{}\0{exec}\0{}",
                rel.display(),
                leapfrog_util::hash_bytes(bytes)
            ));
        }
        let name = path
            .file_name()
            .ok_or_else(|| BuildError::rule("a program has a name"))?;
        let entry = crate::lang::cache_dir()?
            .join("constants")
            .join(leapfrog_util::hash_bytes(key.as_bytes()));
        let copy = entry.join(name);
        if entry.join("ok").is_file() {
            return Ok(Some(copy));
        }
        let staging = leapfrog_util::staging_dir_for(&entry)?;
        let root = match path.is_dir() {
            true => staging.path().join(name),
            false => staging.path().to_path_buf(),
        };
        for (rel, bytes, exec) in &contents {
            let target = root.join(rel);
            if let Some(dir) = target.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(&target, bytes).map_err(BuildError::io("writing", &target))?;
            if *exec {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o755))?;
            }
        }
        std::fs::write(staging.path().join("ok"), b"")?;
        leapfrog_util::publish_dir(staging, &entry, || entry.join("ok").is_file())?;
        Ok(Some(copy))
    }
}

/// The files of a program and the directory their paths are relative to: a directory's files,
/// or a single file with the header files beside it.
fn program_files(path: &Path) -> Result<(PathBuf, Vec<PathBuf>), BuildError> {
    if path.is_dir() {
        let mut files = Vec::new();
        for entry in walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name()
        {
            let entry = entry.map_err(BuildError::walk(path))?;
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
        return Ok((path.to_path_buf(), files));
    }
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut files = vec![path.to_path_buf()];
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let mut headers: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file() && crate::lang::is_header(p))
            .collect();
        headers.sort();
        files.extend(headers);
    }
    Ok((dir, files))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

/// The constants of the package a program lies in (the nearest directory above it with a
/// `problem.yaml`); none outside a package.
pub fn of_program(path: &Path) -> Constants {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    absolute
        .ancestors()
        .skip(1)
        .find(|dir| dir.join("problem.yaml").is_file())
        .map(Constants::load)
        .unwrap_or_default()
}

/// problem.yaml's `languages`: the codes of the languages a submission may be written in
/// (`None`: all, the default, also spelled `all`).
pub fn permitted_languages(root: &Path) -> Option<Vec<String>> {
    let yaml = problem_yaml(root);
    match yaml.get("languages")? {
        Value::String(s) if s.trim() == "all" => None,
        Value::String(s) => Some(
            s.split([',', ' '])
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect(),
        ),
        Value::Sequence(items) => Some(items.iter().filter_map(scalar).collect()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn constants(pairs: &[(&str, &str)]) -> Constants {
        Constants(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn defined_names_are_replaced_and_the_rest_kept() {
        let c = constants(&[("FIVE", "5"), ("FIVE.ROMAN", "V")]);
        assert_eq!(
            c.substitute("n <= {{FIVE}}, {{FIVE.ROMAN}}, {{SIX}}, {{ FIVE }}, {{"),
            "n <= 5, V, {{SIX}}, {{ FIVE }}, {{"
        );
    }

    #[test]
    fn rust_format_braces_are_kept_and_a_constant_inside_them_is_found() {
        let c = constants(&[("MAX", "50")]);
        // Doubled braces around nothing, or around a name that is not a constant, stay.
        for kept in [
            r#"format!("{{}}")"#,
            r#"println!("{{{}}}", x)"#,
            r#"format!("{{LIMIT}} {{ MAX }} {{{{}}}}")"#,
        ] {
            assert_eq!(c.substitute(kept), kept);
        }
        assert_eq!(c.substitute("let n = {{MAX}};"), "let n = 50;");
        // A constant sequence inside a third brace is still one (BAPCtools replaces it too).
        assert_eq!(c.substitute("{{{MAX}}}"), "{50}");
        assert_eq!(c.substitute("{{{{MAX}}}}"), "{{50}}");
        assert_eq!(c.substitute("{{x}}{{MAX}}"), "{{x}}50");
    }

    #[test]
    fn the_names_written_in_are_listed_once_in_order_of_use() {
        let c = constants(&[("A", "1"), ("B", "2"), ("C", "3")]);
        let (text, names) = c.substitute_naming("{{B}} {{A}} {{B}} {{D}} {{{A}}}");
        assert_eq!(text, "2 1 2 {{D}} {1}");
        assert_eq!(names, ["B", "A"]);
        assert!(c.substitute_naming("{{}} {{D}}").1.is_empty());
    }

    #[test]
    fn a_map_gives_its_value_and_its_variants() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("problem.yaml"),
            "constants:\n  FIVE:\n    value: 5\n    ROMAN: V\n  SIX: 6\n  X: 2.5\n  bad-name: 1\n",
        )
        .unwrap();
        let c = Constants::load(dir.path());
        assert_eq!(
            c.substitute("{{FIVE}} {{FIVE.ROMAN}} {{SIX}} {{X}}"),
            "5 V 6 2.5"
        );
    }

    #[test]
    fn languages_all_means_no_restriction() {
        let dir = tempfile::tempdir().unwrap();
        let yaml = dir.path().join("problem.yaml");
        std::fs::write(&yaml, "languages: all\n").unwrap();
        assert_eq!(permitted_languages(dir.path()), None);
        std::fs::write(&yaml, "languages: [cpp, python3]\n").unwrap();
        assert_eq!(
            permitted_languages(dir.path()),
            Some(vec!["cpp".to_string(), "python3".to_string()])
        );
    }
}
