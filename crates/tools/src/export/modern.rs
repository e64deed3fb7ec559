//! Turning a package exported in the legacy layout ([`super::kattis`]) into the 2025-09 one:
//!
//! - `problem.yaml` is written in the 2025-09 format already ([`super::problem_yaml`]); there is
//!   no `.timelimit`;
//! - `problem_statement/` becomes `statement/`, and the one program of `output_validators/`
//!   becomes the program `output_validator/`;
//! - each `testdata.yaml` becomes a `test_group.yaml` with `*_args` lists for the
//!   `*_flags` strings, and problem.yaml's `validator_flags` go to `data/test_group.yaml`; a
//!   legacy scoring key (`range`, `accept_score`, ...) stops the export, naming the file;
//!   `on_reject` is left out with a note on a pass-fail problem, where it changes nothing.
//!
//! The other way, [`to_legacy_groups`] turns the `test_group.yaml` files a 2025-09 package
//! brings into legacy `testdata.yaml` files.

use std::path::Path;

use anyhow::{Context, bail};
use serde_yaml_ng::{Mapping, Value};

use super::group_yaml;
use super::kattis::Notes;
use leapfrog_package::Package;

/// Rewrites the legacy export in `dest` as a 2025-09 package.
pub fn convert(package: &Package, dest: &Path, notes: &mut Notes) -> anyhow::Result<()> {
    if package.config.kind.scoring {
        refuse_verdict_rules(&package.data_dir())?;
    }
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
        let mut map = group_yaml::parse(&std::fs::read_to_string(&file)?, &file)?;
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
                _ if MODERN_GROUP_KEYS.contains(&name.as_str()) => {
                    out.insert(key, value);
                }
                // Whether judging goes on after a rejected test changes only a score: a
                // pass-fail verdict is the first rejection either way.
                "on_reject" if !package.config.kind.scoring && on_reject_known(&value) => {
                    notes.push(format!(
                        "{}: `on_reject: {}` left out: the 2025-09 format has no such key, and a pass-fail problem's verdict is its first rejected test either way",
                        group_file_name(&file, dest),
                        value.as_str().unwrap_or_default()
                    ));
                }
                _ => bail!(
                    "{}: `{name}` cannot be expressed in the 2025-09 format (its scoring is set differently; leapfrog does not translate it); export to legacy",
                    group_file_name(&file, dest)
                ),
            }
        }
        write_yaml(&file, &out)?;
    }
    Ok(())
}

/// Refuses a scoring problem whose legacy `grader_flags` make a group's verdict something other
/// than its first rejected test (`accept_if_any_accepted`, `worst_error`, `always_accept`,
/// `ignore_sample`). The 2025-09 format gives a scoring problem's submission a score and has
/// no rule of that kind: what it has in place of `on_reject` (a group's `score_aggregation`,
/// `pass-fail` scoring a group only when all its tests pass) decides scores, not verdicts.
fn refuse_verdict_rules(data: &Path) -> anyhow::Result<()> {
    const VERDICT_FLAGS: &[&str] = &[
        "accept_if_any_accepted",
        "worst_error",
        "no_errors",
        "always_accept",
        "ignore_sample",
    ];
    for name in ["testdata.yaml", "test_group.yaml"] {
        for file in group_files(data, name)? {
            let map = group_yaml::parse(&std::fs::read_to_string(&file)?, &file)?;
            let flags = map
                .get("grader_flags")
                .or_else(|| map.get("grading").and_then(|g| g.get("grader_flags")))
                .and_then(Value::as_str)
                .unwrap_or_default();
            if let Some(flag) = flags.split_whitespace().find(|f| VERDICT_FLAGS.contains(f)) {
                bail!(
                    "data/{}: `grader_flags: {flags}`: `{flag}` makes the verdict of a scoring problem's group other than its first rejected test, and the 2025-09 format has no such rule (it gives a scoring submission a score; a group's `score_aggregation` takes the place of `on_reject`); export to legacy",
                    file.strip_prefix(data).unwrap_or(&file).display()
                );
            }
        }
    }
    Ok(())
}

/// Whether an `on_reject` value is one the legacy format defines.
fn on_reject_known(value: &Value) -> bool {
    matches!(value.as_str(), Some("continue" | "break"))
}

/// Turns each `test_group.yaml` below `data` (a 2025-09 package's, or a leapfrog package's that
/// uses the 2025-09 name) into a legacy `testdata.yaml`, lists of arguments joined into flag
/// strings; a test's own settings first go into a group of their own (`super::own_group`).
/// What the legacy format has no place for is refused, naming the file and key: the
/// submission's `args`, scoring by group, an argument that a flag string cannot hold. Visualizer
/// arguments and a test's description only show things, so they are left out with a note.
pub fn to_legacy_groups(data: &Path, scoring: bool, notes: &mut Notes) -> anyhow::Result<()> {
    let shown =
        |key: &str| key.ends_with("visualizer_args") || matches!(key, "description" | "hint");
    super::own_group::move_tests(data, scoring, notes)?;
    for file in group_files(data, "test_group.yaml")? {
        let rel = format!(
            "data/{}",
            file.strip_prefix(data).unwrap_or(&file).display()
        );
        let text = std::fs::read_to_string(&file)?;
        let map = group_yaml::parse(&text, &file)?;
        let mut out = Mapping::new();
        for (key, value) in map {
            let name = key.as_str().unwrap_or_default().to_string();
            let legacy = match name.as_str() {
                "input_validator_args" => "input_validator_flags",
                "output_validator_args" => "output_validator_flags",
                "input_validator_flags" | "output_validator_flags" => name.as_str(),
                _ if shown(&name) => {
                    notes.push(format!(
                        "{rel}: `{name}` has no legacy equivalent (it only shows a test); left out"
                    ));
                    continue;
                }
                _ => bail!(
                    "{rel}: `{name}` cannot be expressed in the legacy format; export to 2025-09"
                ),
            };
            let flags = group_yaml::legacy_flags(&value)
                .map_err(|why| anyhow::anyhow!("{rel}: `{name}`: {why}; export to 2025-09"))?;
            out.insert(legacy.into(), flags);
        }
        // Where a group has both files leapfrog reads test_group.yaml: it replaces testdata.yaml.
        write_yaml(&file.with_file_name("testdata.yaml"), &out)?;
        std::fs::remove_file(&file)?;
    }
    Ok(())
}

/// Keys of a 2025-09 `test_group.yaml` that carry over as they are.
const MODERN_GROUP_KEYS: &[&str] = &[
    "input_validator_args",
    "output_validator_args",
    "answer_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "args",
    "scoring",
    "static_validation",
    "full_feedback",
    "description",
    "hint",
];

/// A group file's path inside the export, for messages.
fn group_file_name(file: &Path, dest: &Path) -> String {
    file.strip_prefix(dest)
        .unwrap_or(file)
        .display()
        .to_string()
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
