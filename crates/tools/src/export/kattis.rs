//! Writing one package in the legacy Kattis / ICPC layout that problemtools' `verifyproblem`
//! accepts:
//!
//! - `problem.yaml` with only the keys the legacy format knows (our `limits.time_limit` is a
//!   2023-07 key that the legacy parser rejects outright), a stable `uuid`, and the time limit
//!   in `.timelimit` (the DOMjudge convention, which problemtools allows);
//! - `problem_statement/problem.en.tex` converted from the Markdown, with PNG pictures;
//! - `data/` with the generated secret answers, without our generate manifest;
//! - `submissions/` as real files (symlinks followed), with what `submissions.yaml` expects
//!   carried by the folders and `@EXPECTED_RESULTS@` lines (`super::expected`);
//! - the output validator from `checkers/` and the input validators (for 2025-09 the answer
//!   validators too) as program directories ([`super::validator`]): the source, a prebuilt
//!   static `run` and a `build` script.
//!
//! `generators/` is left out: the legacy format has no such folder (problemtools warns about
//! it). The 2025-09 export carries it ([`super::generators`]).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde_yaml_ng::Value;

use super::files::{check_name, copy_file, copy_tree, file_name};
use super::latex;
use super::problem_yaml;
use crate::statement::Statement;
use leapfrog_package::Package;
use leapfrog_registry::Registry;
use leapfrog_render::png::svg_to_png;

/// Pixels per SVG unit in the PNG pictures (sharp when printed at the statement's width).
const PNG_SCALE: f32 = 3.0;

/// Notes about things the export changed or left out, for the user.
pub type Notes = Vec<String>;

/// Writes the package into `dest` (an empty directory). The package's secret data must be
/// generated already.
pub fn write(
    registry: &Registry,
    package: &Package,
    dest: &Path,
    modern: bool,
) -> anyhow::Result<Notes> {
    let mut notes = Notes::new();
    // The tests are read as the judge reads them before anything is written: a sample input
    // without its answer is then named as such, not as a file the statement could not read.
    package.test_set()?;
    write_problem_yaml(package, dest, modern)?;
    crate::interrupt::check()?;
    write_statement(registry, package, dest, modern, &mut notes)?;
    crate::interrupt::check()?;
    copy_data(package, dest, modern, &mut notes)?;
    crate::interrupt::check()?;
    // A Rust validator ships with a program built here, so its source gets the constants'
    // values before the build in both formats; other programs are copied as written (a
    // 2025-09 judge substitutes them itself, the legacy export below).
    let constants = super::constants::load(package);
    super::validator::write_input_validators(package, dest, &constants, &mut notes)?;
    super::validator::write(package, dest, &constants, &mut notes)?;
    if modern {
        super::validator::write_answer_validators(package, dest, &constants, &mut notes)?;
    }
    crate::interrupt::check()?;
    write_submissions(package, dest, modern, &mut notes)?;
    for extra in ["attachments", "include"] {
        let dir = package.root.join(extra);
        if dir.is_dir() {
            copy_tree(&dir, &dest.join(extra))?;
        }
    }
    // The package's own language table decides which programs are judged: without it a
    // submission in one of its languages would go unjudged in the export.
    let languages = package.root.join("languages.yaml");
    if languages.is_file() {
        copy_file(&languages, &dest.join("languages.yaml"))?;
        notes.push("languages.yaml: copied; leapfrog reads it, other judges configure languages themselves".into());
    }
    // The legacy format has no constants: they are written into the files that use them.
    if !modern && !constants.is_empty() {
        super::constants::substitute_export(&constants, dest, &mut notes)?;
    }
    Ok(notes)
}

/// `submissions/`: for 2025-09 all of it, `submissions.yaml` included; for the legacy format
/// the folders with what `submissions.yaml` expects written into the programs
/// ([`super::expected`]), refusing what it has no place for.
fn write_submissions(
    package: &Package,
    dest: &Path,
    modern: bool,
    notes: &mut Notes,
) -> anyhow::Result<()> {
    let submissions = package.root.join("submissions");
    if !submissions.is_dir() {
        return Ok(());
    }
    if !modern {
        return super::expected::write_legacy(package, dest, notes);
    }
    for entry in sorted_entries(&submissions)? {
        let name = file_name(&entry)?;
        let target = dest.join("submissions").join(&name);
        if entry.is_dir() {
            copy_programs(&entry, &target)?;
        } else {
            check_name(&name, &entry)?;
            std::fs::create_dir_all(dest.join("submissions"))?;
            copy_file(&entry, &target)?;
        }
    }
    Ok(())
}

/// `problem.yaml` in the target format ([`super::problem_yaml`]), and for the legacy format
/// the time limit in `.timelimit` when the package gives one (else it is inferred from the
/// accepted programs, by problemtools as by leapfrog).
fn write_problem_yaml(package: &Package, dest: &Path, modern: bool) -> anyhow::Result<()> {
    let raw = problem_yaml::read(package)?;
    let (map, header) = if modern {
        let header = "# Exported by leapfrog in the 2025-09 problem package format.\n";
        (problem_yaml::modern(package, &raw)?, header)
    } else {
        let header = "# Exported by leapfrog in the legacy problem package format; the time limit is in .timelimit.\n";
        (problem_yaml::legacy(package, &raw)?, header)
    };
    let mut yaml = String::from(header);
    yaml.push_str(&serde_yaml_ng::to_string(&Value::Mapping(map))?);
    std::fs::write(dest.join("problem.yaml"), yaml)?;
    if !modern && package.config.time_limit_given {
        std::fs::write(
            dest.join(".timelimit"),
            format!(
                "{}\n",
                leapfrog_render::glyphs::fmt(package.config.limits.time_s.get())
            ),
        )?;
    }
    Ok(())
}

/// The statement, into `problem_statement/` (which the 2025-09 export renames `statement/`): a
/// LaTeX statement, and everything beside it, as it is; a Markdown statement as it is for
/// 2025-09 unless it draws pictures (a leapfrog extension the format does not have), and else
/// converted to `problem.en.tex` with its pictures as PNG files, since the legacy format reads
/// LaTeX.
fn write_statement(
    registry: &Registry,
    package: &Package,
    dest: &Path,
    modern: bool,
    notes: &mut Notes,
) -> anyhow::Result<()> {
    let from = package.statement_dir();
    let dir = dest.join("problem_statement");
    let statements: Vec<String> = match std::fs::read_dir(&from) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("problem.") && (n.ends_with(".tex") || n.ends_with(".md")))
            .collect(),
        Err(_) => Vec::new(),
    };
    if statements.is_empty() {
        notes.push(format!(
            "{}/: no statement to export",
            package.config.format.statement_folder()
        ));
        return Ok(());
    }
    let latex_given = statements.iter().any(|n| n.ends_with(".tex"));
    if latex_given {
        return copy_tree(&from, &dir);
    }
    let statement = Statement::load(package)?;
    let source = statement.path.display().to_string();
    let pieces = statement.pieces(package)?;
    let draws = pieces
        .iter()
        .any(|p| matches!(p, crate::statement::markdown::Piece::Picture(_)));
    if modern && !draws {
        return copy_tree(&from, &dir);
    }
    let latex = latex::convert(
        pieces,
        package.display_name(),
        &source,
        registry.drawings.draw,
    )
    .map_err(|e| e.context(format!("converting {source} to LaTeX")))?;
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
/// the generate manifest. The folders of cases for the validators themselves (`invalid_input`
/// and the like) are 2025-09 folders: [`super::modern`] adds them, the legacy export leaves them
/// out with a note (they judge the validators, not a submission).
fn copy_data(
    package: &Package,
    dest: &Path,
    modern: bool,
    notes: &mut Notes,
) -> anyhow::Result<()> {
    let data = package.data_dir();
    for kind in leapfrog_package::DataKind::ALL {
        if !modern && data.join(kind.folder()).is_dir() {
            notes.push(format!(
                "data/{}/: the legacy format has no such folder; left out (it tests the validators, not the submissions)",
                kind.folder()
            ));
        }
    }
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
