//! Putting staged tests in place: each file moves by rename (atomically), each group's
//! `test_group.yaml` is written (atomically), files of tests that left the plan go, and the
//! manifest records what was written and each test's recipe.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;

use super::checks::Checks;
use super::stage::Staged;
use super::{GenerateSummary, Manifest};
use leapfrog_package::Plan;
use leapfrog_util::{file_hash, hash_bytes, write_atomically};

/// Moves the staged files into place, removes files of tests that left the plan, and records
/// the new manifest.
pub(super) fn commit(
    data: &Path,
    plan: &Plan,
    old: &Manifest,
    staged: Vec<Staged>,
    checks: Checks,
) -> anyhow::Result<GenerateSummary> {
    let mut summary = GenerateSummary {
        tests: staged.len(),
        duplicates: duplicate_inputs(data, &staged),
        ..GenerateSummary::default()
    };
    let mut manifest = Manifest {
        plan: plan_fingerprint(plan)?,
        files: BTreeMap::new(),
        tests: BTreeMap::new(),
    };
    for (dir, text) in &plan.groups {
        let rel = group_yaml(dir);
        let hash = write_yaml(data, &rel, text, &mut summary)?;
        manifest.files.insert(rel, hash);
    }
    let own_yaml: BTreeMap<&str, &str> = plan
        .tests
        .iter()
        .filter_map(|t| Some((t.name.as_str(), t.yaml.as_deref()?)))
        .collect();
    for test in staged {
        manifest
            .tests
            .insert(test.name.clone(), test.recipe.clone());
        if let Some(text) = own_yaml.get(test.name.as_str()) {
            let rel = format!("{}.yaml", test.name);
            let hash = write_yaml(data, &rel, text, &mut summary)?;
            manifest.files.insert(rel, hash);
        }
        if test.made {
            summary.made += 1;
        }
        *summary.outcomes.entry(test.outcome.clone()).or_default() += 1;
        for (ext, from, hash) in [
            ("in", &test.input, &test.input_hash),
            ("ans", &test.answer, &test.answer_hash),
        ] {
            let rel = format!("{}.{ext}", test.name);
            let target = data.join(&rel);
            if file_hash(&target).as_deref() == Some(hash.as_str()) {
                summary.unchanged += 1;
            } else {
                let parent = target.parent().expect("test files have a parent");
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("creating {}", parent.display()))?;
                std::fs::rename(from, &target)
                    .with_context(|| format!("writing {}", target.display()))?;
                summary.written += 1;
            }
            manifest.files.insert(rel, hash.clone());
        }
    }
    for file in checks.files {
        let hash = write_file(data, &file.rel, &file.bytes, &mut summary)?;
        manifest.files.insert(file.rel, hash);
    }
    manifest.tests.extend(checks.recipes);
    for rel in old
        .files
        .keys()
        .filter(|rel| !manifest.files.contains_key(*rel))
    {
        if old.owns(data, rel) {
            let path = data.join(rel);
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
            summary.removed += 1;
            remove_empty_parents(&path, data);
        }
    }
    write_atomically(&Manifest::path(data), &manifest.to_bytes())?;
    Ok(summary)
}

/// Generated tests whose input repeats a sample's or an earlier generated test's (tests a group
/// includes repeat on purpose and are left out).
fn duplicate_inputs(data: &Path, staged: &[Staged]) -> Vec<(String, String)> {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let samples = walkdir::WalkDir::new(data.join("sample"))
        .sort_by_file_name()
        .into_iter()
        .flatten();
    for entry in samples.filter(|e| e.path().extension().is_some_and(|x| x == "in")) {
        if let (Some(hash), Ok(rel)) = (file_hash(entry.path()), entry.path().strip_prefix(data)) {
            let name = rel.with_extension("").to_string_lossy().into_owned();
            seen.entry(hash).or_insert(name);
        }
    }
    let mut duplicates = Vec::new();
    for test in staged.iter().filter(|t| !t.included) {
        match seen.get(&test.input_hash) {
            Some(first) => duplicates.push((test.name.clone(), first.clone())),
            None => {
                seen.insert(test.input_hash.clone(), test.name.clone());
            }
        }
    }
    duplicates
}

fn remove_empty_parents(file: &Path, stop: &Path) {
    let mut dir = file.parent();
    while let Some(d) = dir {
        if d == stop || std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// The plan's identity: its bytes and the leapfrog version that reads it.
pub(super) fn plan_fingerprint(plan: &Plan) -> anyhow::Result<String> {
    let bytes =
        std::fs::read(&plan.path).with_context(|| format!("reading {}", plan.path.display()))?;
    let mut keyed = format!("leapfrog {}\n", env!("CARGO_PKG_VERSION")).into_bytes();
    keyed.extend_from_slice(&bytes);
    Ok(hash_bytes(&keyed))
}

/// Where a group's `test_group.yaml` goes, below `data/` (the root's is `test_group.yaml`).
pub(super) fn group_yaml(dir: &str) -> String {
    match dir {
        "" => "test_group.yaml".to_string(),
        dir => format!("{dir}/test_group.yaml"),
    }
}

/// Writes a YAML file the plan makes, unless it already holds the same YAML (byte for byte, or
/// the same values written another way, as a package that ships them may); the hash of the
/// file as it is then, for the manifest.
fn write_yaml(
    data: &Path,
    rel: &str,
    text: &str,
    summary: &mut GenerateSummary,
) -> anyhow::Result<String> {
    write_file(data, rel, text.as_bytes(), summary)
}

/// Writes a file below `data/` unless it already holds `bytes` (see [`super::same_content`]);
/// the hash of the file as it is then, for the manifest.
fn write_file(
    data: &Path,
    rel: &str,
    bytes: &[u8],
    summary: &mut GenerateSummary,
) -> anyhow::Result<String> {
    let target = data.join(rel);
    if super::same_content(&target, bytes, rel) {
        summary.unchanged += 1;
    } else {
        write_atomically(&target, bytes)?;
        summary.written += 1;
    }
    file_hash(&target).with_context(|| format!("reading {}", target.display()))
}
