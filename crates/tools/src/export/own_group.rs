//! A test's own settings (`<test>.yaml`, 2025-09) in the legacy export. The legacy format sets
//! validator arguments per group only, and a group's `testdata.yaml` settings are inherited key
//! by key by the groups inside it (problemtools merges them so, and so does leapfrog). So a test
//! whose `.yaml` sets validator arguments moves into a group of its own, `<dir>/<test>/`, whose
//! `testdata.yaml` sets just those: it gets the same arguments, and everything else from the
//! group it was in. Its name gains a part (`secret/large/2` becomes `secret/large/2/2`), which
//! keeps its place among its neighbours: the move is refused when a neighbour's name would sort
//! differently against it, and on a scoring problem, where a group of its own would score the
//! test by the new group's rules.
//!
//! What only shows a test (`description`, `hint`, visualizer arguments, `full_feedback`) is
//! left out with a note; what the legacy format has no setting for (a submission's `args`,
//! answer validator arguments, the files of a test's `.files` folder) stops the export, naming
//! the file and the key.

use std::path::Path;

use anyhow::{Context, bail};
use serde_yaml_ng::{Mapping, Value};

use super::kattis::Notes;

/// The files of a test `<name>` that move with it: `<name>.<extension>`.
const TEST_FILES: &[&str] = &[
    "in",
    "ans",
    "out",
    "files",
    "png",
    "jpg",
    "jpeg",
    "svg",
    "interaction",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "hint",
    "desc",
];

/// The validator arguments a group of its own carries.
const MOVED: &[&str] = &[
    "input_validator_args",
    "output_validator_args",
    "input_validator_flags",
    "output_validator_flags",
];

/// Keys that only show a test or decide what teams see, never a verdict.
fn shown(key: &str) -> bool {
    key.ends_with("visualizer_args") || matches!(key, "description" | "hint" | "full_feedback")
}

/// Handles every test `.yaml` below `data` (the export's copy): left out when it only shows the
/// test, else its test moved into a group of its own with a `test_group.yaml` (which the caller
/// then turns into `testdata.yaml`).
pub fn move_tests(data: &Path, scoring: bool, notes: &mut Notes) -> anyhow::Result<()> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(data).sort_by_file_name() {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type().is_file()
            && path.extension().is_some_and(|e| e == "yaml")
            && path.with_extension("in").is_file()
        {
            files.push(path.to_path_buf());
        }
    }
    for path in files {
        let rel = format!(
            "data/{}",
            path.strip_prefix(data).unwrap_or(&path).display()
        );
        let map = super::group_yaml::parse(&std::fs::read_to_string(&path)?, &path)?;
        let mut moved = Mapping::new();
        for (key, value) in map {
            let name = key.as_str().unwrap_or_default().to_string();
            if shown(&name) {
                notes.push(format!(
                    "{rel}: `{name}` has no legacy equivalent (it only shows the test); left out"
                ));
            } else if MOVED.contains(&name.as_str()) {
                super::group_yaml::legacy_flags(&value)
                    .map_err(|why| anyhow::anyhow!("{rel}: `{name}`: {why}; export to 2025-09"))?;
                moved.insert(key, value);
            } else if name == "args" {
                bail!(
                    "{rel}: `args`: the legacy format gives a submission no command-line arguments; export to 2025-09"
                );
            } else {
                bail!("{rel}: `{name}`: the legacy format has no such setting; export to 2025-09");
            }
        }
        std::fs::remove_file(&path)?;
        if moved.is_empty() {
            continue;
        }
        let keys: Vec<&str> = moved.keys().filter_map(Value::as_str).collect();
        let keys = keys.join("`, `");
        if scoring {
            bail!(
                "{rel}: `{keys}`: the legacy format sets it per group only, and a group of its own would score the test by that group's rules on this scoring problem; export to 2025-09"
            );
        }
        let group = into_own_group(&path, &rel)?;
        let group_rel = format!(
            "data/{}",
            group.strip_prefix(data).unwrap_or(&group).display()
        );
        let stem = file_stem(&path);
        std::fs::write(
            group.join("test_group.yaml"),
            serde_yaml_ng::to_string(&Value::Mapping(moved))?,
        )?;
        notes.push(format!(
            "{rel}: `{keys}` set for this test alone, which the legacy format cannot; the test moved into a group of its own, {group_rel}/ (its testdata.yaml sets them, the rest is inherited), and is named {}/{stem} there",
            group_rel.trim_start_matches("data/")
        ));
    }
    refuse_test_files(data)
}

/// Refuses a test's `.files` folder: the legacy format gives a submission nothing beside its
/// standard input, so legacy judges would run it without those files.
fn refuse_test_files(data: &Path) -> anyhow::Result<()> {
    for entry in walkdir::WalkDir::new(data).sort_by_file_name() {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type().is_dir()
            && path.extension().is_some_and(|e| e == "files")
            && path.with_extension("in").is_file()
        {
            bail!(
                "data/{}: the legacy format gives a submission no files beside its standard input (a test's `.files` folder); export to 2025-09",
                path.strip_prefix(data).unwrap_or(path).display()
            );
        }
    }
    Ok(())
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Moves the test of `yaml` (`dir/<name>.yaml`) into `dir/<name>/`; returns that folder.
fn into_own_group(yaml: &Path, rel: &str) -> anyhow::Result<std::path::PathBuf> {
    let stem = file_stem(yaml);
    let dir = yaml.parent().context("a test file has a folder")?;
    let group = dir.join(&stem);
    if group.exists() {
        bail!(
            "{rel}: the legacy format sets it per group only, and the folder {stem}/ beside the test, where it would go into a group of its own, exists; export to 2025-09"
        );
    }
    // `x/x` must sort where `x` did: before `x-1` and `x.5`, as `x` does, it would not.
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        let neighbour = name
            .strip_suffix(".in")
            .unwrap_or(&name)
            .strip_prefix(stem.as_str());
        let reorders = neighbour
            .and_then(|rest| rest.bytes().next())
            .is_some_and(|b| b < b'0')
            && !TEST_FILES.iter().any(|ext| name == format!("{stem}.{ext}"));
        if reorders && name != format!("{stem}.yaml") {
            bail!(
                "{rel}: the legacy format sets it per group only, and in a group of its own the test would be judged after {name}, not before; rename one, or export to 2025-09"
            );
        }
    }
    std::fs::create_dir(&group).with_context(|| format!("creating {}", group.display()))?;
    for ext in TEST_FILES {
        let from = dir.join(format!("{stem}.{ext}"));
        if from.exists() {
            std::fs::rename(&from, group.join(format!("{stem}.{ext}")))
                .with_context(|| format!("moving {}", from.display()))?;
        }
    }
    Ok(group)
}
