//! Turning a package exported in the legacy layout ([`super::kattis`]) into the 2025-09 one:
//!
//! - `problem.yaml` gets `problem_format_version: 2025-09`, the time limit as
//!   `limits.time_limit` (no `.timelimit`), `credits` for `author`, `source` as a map with its
//!   `source_url`, keywords as a list, and loses `validation` and `validator_flags`;
//! - `problem_statement/` becomes `statement/`, and the one program of `output_validators/`
//!   becomes the program `output_validator/`;
//! - each `testdata.yaml` becomes a `test_group.yaml` with `*_args` lists for the
//!   `*_flags` strings, and problem.yaml's `validator_flags` go to `data/test_group.yaml`.
//!
//! The other way, [`to_legacy_groups`] turns the `test_group.yaml` files a 2025-09 package
//! brings into legacy `testdata.yaml` files.

use std::path::Path;

use anyhow::{Context, bail};
use serde_yaml_ng::{Mapping, Value};

use super::kattis::Notes;
use leapfrog_package::Package;

/// Rewrites the legacy export in `dest` as a 2025-09 package.
pub fn convert(package: &Package, dest: &Path, notes: &mut Notes) -> anyhow::Result<()> {
    write_problem_yaml(package, dest)?;
    rename(dest, "problem_statement", "statement")?;
    let validators = dest.join("output_validators");
    if validators.is_dir() {
        let programs = leapfrog_package::programs_in(&validators)?;
        let [program] = programs.as_slice() else {
            bail!(
                "{}: expected one output validator program",
                validators.display()
            );
        };
        std::fs::rename(program, dest.join("output_validator"))?;
        std::fs::remove_dir_all(&validators)?;
    }
    let _ = std::fs::remove_file(dest.join(".timelimit"));
    super::validator::write_answer_validators(package, dest)?;
    let data = dest.join("data");
    for kind in leapfrog_package::DataKind::ALL {
        let from = package.data_dir().join(kind.folder());
        if from.is_dir() {
            super::files::copy_tree(&from, &data.join(kind.folder()))?;
        }
    }
    // Where a group has both, leapfrog reads test_group.yaml: the testdata.yaml goes.
    for file in group_files(&data, "testdata.yaml")? {
        let modern = file.with_file_name("test_group.yaml");
        if modern.exists() {
            std::fs::remove_file(&file)?;
        } else {
            std::fs::rename(&file, &modern)?;
        }
    }
    let flags = &package.config.validator_flags;
    let root_group = data.join("test_group.yaml");
    if !flags.is_empty() && !root_group.exists() {
        std::fs::write(&root_group, "")?;
    }
    for file in group_files(&data, "test_group.yaml")? {
        let mut map = parse(&std::fs::read_to_string(&file)?, &file)?;
        let has_output = |m: &Mapping| {
            m.contains_key("output_validator_flags") || m.contains_key("output_validator_args")
        };
        if file == root_group && !flags.is_empty() && !has_output(&map) {
            map.insert("output_validator_flags".into(), flags.join(" ").into());
        }
        let mut out = Mapping::new();
        for (key, value) in map {
            let name = key.as_str().unwrap_or_default().to_string();
            match name.as_str() {
                "input_validator_flags" | "output_validator_flags" => {
                    let modern = name.replace("_flags", "_args");
                    out.insert(modern.into(), flags_to_args(&value));
                }
                "input_validator_args" | "output_validator_args" => {
                    out.insert(key, value);
                }
                _ => notes.push(format!(
                    "{}: `{name}` has no 2025-09 equivalent leapfrog writes; left out",
                    file.strip_prefix(dest).unwrap_or(&file).display()
                )),
            }
        }
        write_yaml(&file, &out)?;
    }
    Ok(())
}

/// Turns each `test_group.yaml` below `data` (a 2025-09 package's) into a legacy
/// `testdata.yaml`, lists of arguments joined into flag strings; a test's own `.yaml` has no
/// legacy equivalent and is left out, with a note.
pub fn to_legacy_groups(data: &Path, notes: &mut Notes) -> anyhow::Result<()> {
    for entry in walkdir::WalkDir::new(data).sort_by_file_name() {
        let entry = entry?;
        let path = entry.path();
        let is_test_yaml =
            path.extension().is_some_and(|e| e == "yaml") && path.with_extension("in").is_file();
        if entry.file_type().is_file() && is_test_yaml {
            std::fs::remove_file(path)?;
            notes.push(format!(
                "data/{}: a test's own settings have no legacy equivalent; left out",
                path.strip_prefix(data).unwrap_or(path).display()
            ));
        }
    }
    for file in group_files(data, "test_group.yaml")? {
        let text = std::fs::read_to_string(&file)?;
        let map = parse(&text, &file)?;
        let mut out = Mapping::new();
        for (key, value) in map {
            let name = key.as_str().unwrap_or_default().to_string();
            let legacy = match name.as_str() {
                "input_validator_args" => "input_validator_flags",
                "output_validator_args" => "output_validator_flags",
                "input_validator_flags" | "output_validator_flags" => name.as_str(),
                "args" => {
                    notes.push(format!(
                        "data/{}: `args` (the submission's arguments) has no legacy equivalent; left out",
                        file.strip_prefix(data).unwrap_or(&file).display()
                    ));
                    continue;
                }
                _ => continue,
            };
            out.insert(legacy.into(), args_to_flags(&value));
        }
        write_yaml(&file.with_file_name("testdata.yaml"), &out)?;
        std::fs::remove_file(&file)?;
    }
    Ok(())
}

fn rename(dest: &Path, from: &str, to: &str) -> anyhow::Result<()> {
    if dest.join(from).exists() {
        std::fs::rename(dest.join(from), dest.join(to))
            .with_context(|| format!("renaming {from}/ to {to}/"))?;
    }
    Ok(())
}

/// Every file named `name` below `dir`, deepest last.
fn group_files(dir: &Path, name: &str) -> anyhow::Result<Vec<std::path::PathBuf>> {
    let mut files = Vec::new();
    if !dir.is_dir() {
        return Ok(files);
    }
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry?;
        if entry.file_type().is_file() && entry.file_name() == name {
            files.push(entry.into_path());
        }
    }
    Ok(files)
}

fn parse(text: &str, file: &Path) -> anyhow::Result<Mapping> {
    if text.trim().is_empty() {
        return Ok(Mapping::new());
    }
    match serde_yaml_ng::from_str(text).with_context(|| file.display().to_string())? {
        Value::Mapping(map) => Ok(map),
        Value::Null => Ok(Mapping::new()),
        _ => bail!("{}: expected a mapping", file.display()),
    }
}

fn write_yaml(path: &Path, map: &Mapping) -> anyhow::Result<()> {
    let text = if map.is_empty() {
        String::new()
    } else {
        serde_yaml_ng::to_string(&Value::Mapping(map.clone()))?
    };
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// `"--max 10"` -> `[--max, "10"]`; a map of such strings -> a map of lists.
fn flags_to_args(value: &Value) -> Value {
    match value {
        Value::String(s) => Value::Sequence(s.split_whitespace().map(Value::from).collect()),
        Value::Mapping(map) => Value::Mapping(
            map.iter()
                .map(|(k, v)| (k.clone(), flags_to_args(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The reverse of [`flags_to_args`].
fn args_to_flags(value: &Value) -> Value {
    match value {
        Value::Sequence(items) => Value::String(
            items
                .iter()
                .map(|v| match v {
                    Value::String(s) => s.clone(),
                    other => serde_yaml_ng::to_string(other)
                        .unwrap_or_default()
                        .trim()
                        .to_string(),
                })
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Value::Mapping(map) => Value::Mapping(
            map.iter()
                .map(|(k, v)| (k.clone(), args_to_flags(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The 2025-09 `problem.yaml`, from the legacy one the export wrote.
fn write_problem_yaml(package: &Package, dest: &Path) -> anyhow::Result<()> {
    let path = dest.join("problem.yaml");
    let legacy = parse(&std::fs::read_to_string(&path)?, &path)?;
    let mut out = Mapping::new();
    out.insert("problem_format_version".into(), "2025-09".into());
    for key in ["name", "uuid"] {
        if let Some(v) = legacy.get(key) {
            out.insert(key.into(), v.clone());
        }
    }
    if let Some(author) = legacy.get("author") {
        out.insert("credits".into(), author.clone());
    }
    if let Some(source) = legacy.get("source") {
        let value = match legacy.get("source_url") {
            Some(url) => {
                let mut map = Mapping::new();
                map.insert("name".into(), source.clone());
                map.insert("url".into(), url.clone());
                Value::Mapping(map)
            }
            None => source.clone(),
        };
        out.insert("source".into(), value);
    }
    for key in ["license", "rights_owner"] {
        if let Some(v) = legacy.get(key) {
            out.insert(key.into(), v.clone());
        }
    }
    if let Some(Value::String(words)) = legacy.get("keywords") {
        let list = words.split_whitespace().map(Value::from).collect();
        out.insert("keywords".into(), Value::Sequence(list));
    }
    let mut limits = Mapping::new();
    limits.insert(
        "time_limit".into(),
        Value::from(package.config.limits.time_s.get()),
    );
    if let Some(Value::Mapping(old)) = legacy.get("limits") {
        for (key, value) in old {
            let skip = matches!(key.as_str(), Some("time_multiplier" | "time_safety_margin"));
            if !skip {
                limits.insert(key.clone(), value.clone());
            }
        }
    }
    out.insert("limits".into(), Value::Mapping(limits));
    let mut yaml = String::from("# Exported by leapfrog in the 2025-09 problem package format.\n");
    yaml.push_str(&serde_yaml_ng::to_string(&Value::Mapping(out))?);
    std::fs::write(&path, yaml)?;
    Ok(())
}
