//! Writing one package in the legacy Kattis / ICPC layout that problemtools' `verifyproblem`
//! accepts:
//!
//! - `problem.yaml` with only the keys the legacy format knows (our `limits.time_limit` is a
//!   2023-07 key that the legacy parser rejects outright), a stable `uuid`, and the time limit
//!   in `.timelimit` (the DOMjudge convention, which problemtools allows);
//! - `problem_statement/problem.en.tex` converted from the Markdown, with PNG pictures;
//! - `data/` with the generated secret answers, without our generate manifest;
//! - `submissions/` as real files (symlinks followed);
//! - the output validator from `checkers/` and the input validators as program directories
//!   ([`super::validator`]): the source, a prebuilt static `run` and a `build` script.
//!
//! `generators/` is left out: the legacy format has no such folder (problemtools warns about
//! it). The 2025-09 export carries it ([`super::generators`]).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde_yaml_ng::{Mapping, Value};
use sha2::{Digest, Sha256};

use super::files::{check_name, copy_file, copy_tree, file_name};
use super::latex;
use crate::statement::Statement;
use leapfrog_package::{LEGACY_FOLDERS, Package, Validation};
use leapfrog_registry::Registry;
use leapfrog_render::png::svg_to_png;

/// Keys of a legacy `problem.yaml` we carry over as they are.
const LEGACY_KEYS: &[&str] = &[
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "keywords",
    "validator_flags",
    "grading",
];

/// Keys of `limits` the legacy format knows (everything but `time_limit`).
const LEGACY_LIMITS: &[&str] = &[
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "time_multiplier",
    "time_safety_margin",
];

/// Pixels per SVG unit in the PNG pictures (sharp when printed at the statement's width).
const PNG_SCALE: f32 = 3.0;

/// Notes about things the export changed or left out, for the user.
pub type Notes = Vec<String>;

/// Writes the package into `dest` (an empty directory). The package's secret data must be
/// generated already.
pub fn write(registry: &Registry, package: &Package, dest: &Path) -> anyhow::Result<Notes> {
    let mut notes = Notes::new();
    write_problem_yaml(package, dest, &mut notes)?;
    leapfrog_runner::interrupt::check()?;
    write_statement(registry, package, dest)?;
    leapfrog_runner::interrupt::check()?;
    copy_data(package, dest)?;
    leapfrog_runner::interrupt::check()?;
    super::validator::write_input_validators(package, dest)?;
    super::validator::write(package, dest)?;
    leapfrog_runner::interrupt::check()?;
    let submissions = package.root.join("submissions");
    if submissions.is_dir() {
        for entry in sorted_entries(&submissions)? {
            let name = file_name(&entry)?;
            if LEGACY_FOLDERS.contains(&name.as_str()) {
                copy_programs(&entry, &dest.join("submissions").join(name))?;
            } else {
                notes.push(format!(
                    "submissions/{name}: not a verdict folder of the package format; left out"
                ));
            }
        }
    }
    for extra in ["attachments", "include"] {
        let dir = package.root.join(extra);
        if dir.is_dir() {
            copy_tree(&dir, &dest.join(extra))?;
        }
    }
    Ok(notes)
}

/// The legacy `problem.yaml`, and `.timelimit`.
fn write_problem_yaml(package: &Package, dest: &Path, notes: &mut Notes) -> anyhow::Result<()> {
    let path = package.root.join("problem.yaml");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let raw: Mapping = if text.trim().is_empty() {
        Mapping::new()
    } else {
        serde_yaml_ng::from_str(&text).with_context(|| path.display().to_string())?
    };
    let mut out = Mapping::new();
    out.insert("name".into(), package.display_name().into());
    out.insert("uuid".into(), stable_uuid(&package.short_name).into());
    for key in LEGACY_KEYS {
        if let Some(value) = raw.get(*key) {
            let value = match (*key, value) {
                // The legacy format wants keywords as one space-separated string.
                ("keywords", Value::Sequence(words)) => Value::String(
                    words
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                _ => value.clone(),
            };
            out.insert((*key).into(), value);
        }
    }
    // The legacy format says interactive and scoring after `custom`, and has no multi-pass.
    let kind = package.config.kind;
    let validation = match (package.config.validation, kind.interactive, kind.scoring) {
        (Validation::Default, ..) => "default",
        (Validation::Custom, false, false) => "custom",
        (Validation::Custom, true, false) => "custom interactive",
        (Validation::Custom, false, true) => "custom score",
        (Validation::Custom, true, true) => "custom interactive score",
    };
    out.insert("validation".into(), validation.into());
    if kind.scoring {
        out.insert("type".into(), "scoring".into());
    }
    if kind.multi_pass {
        notes.push("problem.yaml: the legacy format has no multi-pass problems".into());
    }
    let mut limits = Mapping::new();
    if let Some(Value::Mapping(ours)) = raw.get("limits") {
        for (key, value) in ours {
            match key.as_str() {
                Some(k) if LEGACY_LIMITS.contains(&k) => {
                    limits.insert(key.clone(), value.clone());
                }
                Some("time_limit") => {}
                Some(k) => notes.push(format!(
                    "problem.yaml: limits.{k} is not a legacy-format key; left out"
                )),
                None => {}
            }
        }
    }
    if !limits.is_empty() {
        out.insert("limits".into(), Value::Mapping(limits));
    }
    for key in raw.keys().filter_map(Value::as_str) {
        let known = LEGACY_KEYS.contains(&key)
            || matches!(
                key,
                "name" | "uuid" | "validation" | "limits" | "problem_format_version" | "type"
            );
        if !known {
            notes.push(format!(
                "problem.yaml: '{key}' is not a legacy-format key; left out"
            ));
        }
    }
    let mut yaml = String::from(
        "# Exported by leapfrog in the legacy problem package format; the time limit is in .timelimit.\n",
    );
    yaml.push_str(&serde_yaml_ng::to_string(&Value::Mapping(out))?);
    std::fs::write(dest.join("problem.yaml"), yaml)?;
    std::fs::write(
        dest.join(".timelimit"),
        format!(
            "{}\n",
            leapfrog_render::glyphs::fmt(package.config.limits.time_s.get())
        ),
    )?;
    Ok(())
}

/// A UUID that stays the same for a problem across exports (contest systems use it to
/// recognise a re-uploaded problem): SHA-256 of the short name, shaped as a version-8 UUID.
pub fn stable_uuid(short_name: &str) -> String {
    let digest = Sha256::digest(format!("leapfrog problem {short_name}").as_bytes());
    leapfrog_util::uuid_text(&digest, 8)
}

/// `problem_statement/problem.en.tex` and its pictures.
fn write_statement(registry: &Registry, package: &Package, dest: &Path) -> anyhow::Result<()> {
    let statement = Statement::load(package)?;
    let source = statement.path.display().to_string();
    let pieces = statement.pieces(package)?;
    let latex = latex::convert(
        pieces,
        package.display_name(),
        &source,
        registry.drawings.draw,
    )
    .map_err(|e| e.context(format!("converting {source} to LaTeX")))?;
    let dir = dest.join("problem_statement");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("problem.en.tex"), &latex.text)?;
    if let Some((name, _)) = latex
        .images
        .iter()
        .find(|(name, _)| latex.pictures.iter().any(|p| &p.name == name))
    {
        bail!("{source}: the image {name} has the name of a drawn picture; rename the file");
    }
    for (name, path) in &latex.images {
        let target = dir.join(name);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        copy_file(path, &target)?;
    }
    for picture in &latex.pictures {
        let png = svg_to_png(&picture.svg, PNG_SCALE)
            .with_context(|| format!("{source}: drawing {}", picture.name))?;
        std::fs::write(dir.join(&picture.name), png)?;
    }
    Ok(())
}

/// `data/sample` and `data/secret` (with `testdata.yaml` files), without hidden files such as
/// the generate manifest.
fn copy_data(package: &Package, dest: &Path) -> anyhow::Result<()> {
    let data = package.data_dir();
    let mut found = false;
    for group in ["sample", "secret"] {
        let dir = data.join(group);
        if dir.is_dir() {
            copy_tree(&dir, &dest.join("data").join(group))?;
            found = true;
        }
    }
    if !found {
        bail!("{}: no test data to export", data.display());
    }
    for name in ["testdata.yaml", "test_group.yaml"] {
        if data.join(name).is_file() {
            std::fs::copy(data.join(name), dest.join("data").join(name))?;
        }
    }
    Ok(())
}

/// Copies each program of a directory (a file or a program directory), following symlinks.
fn copy_programs(from: &Path, to: &Path) -> anyhow::Result<()> {
    if !from.is_dir() {
        return Ok(());
    }
    for program in leapfrog_package::programs_in(from)? {
        let name = file_name(&program)?;
        if program.is_dir() {
            copy_tree(&program, &to.join(&name))?;
        } else {
            check_name(&name, &program)?;
            std::fs::create_dir_all(to)?;
            copy_file(&program, &to.join(&name))?;
        }
    }
    Ok(())
}

fn sorted_entries(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    entries.sort();
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_are_stable_and_well_formed() {
        let a = stable_uuid("checkers");
        assert_eq!(a, stable_uuid("checkers"));
        assert_ne!(a, stable_uuid("shifting"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "8");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"));
    }
}
