//! Exporting packages for contest systems: the legacy Kattis / ICPC layout that problemtools'
//! `verifyproblem` checks ([`kattis`]), with the statement converted to LaTeX ([`latex`]) and
//! in the 2025-09 layout the generators runnable without leapfrog ([`generators`]), and for
//! `--all` a zip per problem for DOMjudge's import ([`domjudge`]).
//!
//! Everything is written into a fresh directory next to the destination and renamed into place
//! at the end, so the destination holds either the complete export or what it held before: an
//! error, Ctrl-C or SIGTERM removes the staging directory (only a SIGKILL can leave one
//! behind, named `.<dest>.export-*`, never a half-written destination).

mod constants;
pub mod contest;
pub mod domjudge;
mod expected;
mod files;
pub mod generators;
mod group_yaml;
pub mod kattis;
pub mod latex;
pub mod modern;
mod own_group;
pub mod problem_yaml;
pub mod validator;

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use leapfrog_package::{Contest, Package};
use leapfrog_registry::Registry;

/// Output formats (the command line names them `legacy`, `2025-09` and `domjudge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The legacy Kattis / ICPC problem package format (problemtools, DOMjudge, Kattis).
    Kattis,
    /// The 2025-09 problem package format.
    V2025,
    /// `DIR/<short>/` in the legacy format and `DIR/<short>.zip` for DOMjudge's import.
    Domjudge,
}

/// One exported problem (or the contest) and the notes about what its export changed or left
/// out.
#[derive(Debug)]
pub struct ProblemNotes {
    pub name: String,
    pub notes: kattis::Notes,
}

impl ProblemNotes {
    fn new(name: &str, notes: kattis::Notes) -> ProblemNotes {
        let name = name.to_string();
        ProblemNotes { name, notes }
    }
}

/// What an export wrote.
#[derive(Debug, Default)]
pub struct Exported {
    /// The problems, with the notes about keys or folders left out.
    pub problems: Vec<ProblemNotes>,
    /// The zips written (for `--all`).
    pub zips: Vec<PathBuf>,
    /// A contest's `contest.yaml` and `problems.yaml`, when a contest was exported.
    pub contest_files: Vec<PathBuf>,
    /// The notes about the contest's own files, kept apart from the problems' so that the
    /// contest is not counted among the problems exported.
    pub contest_notes: Vec<String>,
    pub files: usize,
    pub bytes: u64,
    /// The size of the largest test file (`.in` or `.ans`) of the zips, in bytes: DOMjudge
    /// stores each in one database row, so the database's packet limit must exceed it.
    pub largest_test: u64,
}

/// The name a problem goes by in the package format: problemtools requires the package
/// directory's name to be `[a-z0-9]+` (`checkers-path` becomes `checkerspath`), and DOMjudge
/// takes a zip's base name as the problem's short name.
pub fn short_name(name: &str) -> String {
    let short: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if short.is_empty() {
        "problem".into()
    } else {
        short
    }
}

/// Writes a package in the legacy layout (or, with `modern`, the 2025-09 one) into `dest`.
fn write_package(
    registry: &Registry,
    package: &Package,
    dest: &Path,
    modern: bool,
) -> anyhow::Result<kattis::Notes> {
    let mut notes = kattis::write(registry, package, dest, modern)
        .with_context(|| format!("exporting {}", package.short_name))?;
    if modern {
        modern::convert(package, dest, &mut notes)
            .with_context(|| format!("exporting {} as 2025-09", package.short_name))?;
        generators::write(registry, package, dest, &mut notes)?;
    } else {
        modern::to_legacy_groups(&dest.join("data"), package.config.kind.scoring, &mut notes)
            .with_context(|| format!("exporting {}", package.short_name))?;
        if package.root.join("include/default").is_dir() {
            notes.push(
                "include/default: the legacy format has no such folder (only include/<language>); copied, but legacy judges do not add it"
                    .to_string(),
            );
        }
    }
    Ok(notes)
}

/// Exports one package into `dest` in `format`.
pub fn export_one(
    registry: &Registry,
    package: &Package,
    dest: &Path,
    force: bool,
    format: Format,
) -> anyhow::Result<Exported> {
    if format == Format::Domjudge {
        return export_set(registry, std::slice::from_ref(package), dest, force, &[]);
    }
    check_destination(dest, force, std::slice::from_ref(package))?;
    files::check_links(&package.root)?;
    let staging = staging_dir(dest)?;
    crate::generate::ensure_secret_data(registry, &crate::interrupt::runner(), package)?;
    let mut notes = write_package(registry, package, staging.path(), format == Format::V2025)?;
    let dir_name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if dir_name != short_name(&dir_name) {
        notes.push(format!(
            "problemtools takes the directory name as the problem's short name and wants it to be [a-z0-9]+; export into a directory named {} to satisfy it",
            short_name(&package.short_name)
        ));
    }
    let mut exported = Exported {
        problems: vec![ProblemNotes::new(&package.short_name, notes)],
        ..Exported::default()
    };
    count(staging.path(), &mut exported)?;
    crate::interrupt::check()?;
    install(staging, dest)?;
    Ok(exported)
}

/// Exports every package of a `problems/` directory into `dest/<short name>/`, with
/// `dest/<short name>.zip` for DOMjudge next to each (see [`short_name`]).
pub fn export_all(
    registry: &Registry,
    problems: &Path,
    dest: &Path,
    force: bool,
) -> anyhow::Result<Exported> {
    export_contest(registry, &Contest::open(problems)?, dest, force)
}

/// Exports a contest's packages as [`export_all`] does, plus `dest/contest.yaml` and
/// `dest/problems.yaml` for DOMjudge's contest import (see [`contest`]).
pub fn export_contest(
    registry: &Registry,
    contest: &Contest,
    dest: &Path,
    force: bool,
) -> anyhow::Result<Exported> {
    let packages = contest
        .problems
        .iter()
        .map(|p| Package::open(&p.dir.display().to_string()))
        .collect::<Result<Vec<Package>, _>>()?;
    let mut notes = Vec::new();
    let files = [
        ("contest.yaml", contest::contest_yaml(contest, &mut notes)?),
        (
            "problems.yaml",
            contest::problems_yaml(contest, &packages, &mut notes)?,
        ),
    ];
    let mut exported = export_set(registry, &packages, dest, force, &files)?;
    exported.contest_notes = notes;
    exported.contest_files = files.iter().map(|(name, _)| dest.join(name)).collect();
    Ok(exported)
}

/// Exports packages into `dest/<short name>/`, each with `dest/<short name>.zip` for DOMjudge,
/// and writes the `files` (name, contents) next to them.
fn export_set(
    registry: &Registry,
    packages: &[Package],
    dest: &Path,
    force: bool,
    files: &[(&str, String)],
) -> anyhow::Result<Exported> {
    let mut seen = std::collections::BTreeMap::new();
    for package in packages {
        if let Some(other) = seen.insert(short_name(&package.short_name), &package.short_name) {
            bail!(
                "problems {other} and {} would both be exported as {}; rename one",
                package.short_name,
                short_name(&package.short_name)
            );
        }
    }
    check_destination(dest, force, packages)?;
    for package in packages {
        files::check_links(&package.root)?;
    }
    let staging = staging_dir(dest)?;
    let mut exported = Exported::default();
    let runner = crate::interrupt::runner();
    for package in packages {
        crate::generate::ensure_secret_data(registry, &runner, package)?;
        let name = short_name(&package.short_name);
        let dir = staging.path().join(&name);
        std::fs::create_dir(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let mut notes = write_package(registry, package, &dir, false)?;
        // DOMjudge shows problem.html; it is made from a Markdown statement only.
        let html = match crate::statement::Statement::load(package) {
            Ok(_) => Some(crate::statement::page::build(registry, package)?),
            Err(_) => {
                notes.push("problem.html: not in the DOMjudge zip, the statement is not Markdown (upload a PDF of it to DOMjudge)".into());
                None
            }
        };
        let zip = staging.path().join(format!("{name}.zip"));
        let zip_notes = domjudge::write_zip(package, &dir, html.as_deref(), &zip, &name)
            .with_context(|| format!("zipping {}", package.short_name))?;
        notes.extend(zip_notes);
        exported.largest_test = exported.largest_test.max(largest_test(&dir)?);
        exported
            .problems
            .push(ProblemNotes::new(&package.short_name, notes));
        exported.zips.push(dest.join(format!("{name}.zip")));
        crate::interrupt::check()?;
    }
    for (name, text) in files {
        let path = staging.path().join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    count(staging.path(), &mut exported)?;
    install(staging, dest)?;
    Ok(exported)
}

/// The packages (directories with a `problem.yaml`) of a `problems/` directory, by name.
pub fn packages_in(problems: &Path) -> anyhow::Result<Vec<Package>> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(problems)
        .with_context(|| format!("reading {}", problems.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("problem.yaml").is_file())
        .collect();
    dirs.sort();
    if dirs.is_empty() {
        bail!("{}: no problem packages in it", problems.display());
    }
    dirs.iter()
        .map(|d| Package::open(&d.display().to_string()))
        .collect::<Result<_, _>>()
        .map_err(anyhow::Error::from)
}

/// The `problems/` directory in the current directory or the nearest ancestor that has one.
pub fn find_problems_dir() -> anyhow::Result<PathBuf> {
    let cwd = std::env::current_dir().context("reading the current directory")?;
    cwd.ancestors()
        .map(|d| d.join("problems"))
        .find(|p| p.is_dir())
        .with_context(|| format!("no problems/ directory in {} or above", cwd.display()))
}

/// Refuses a destination that is a file, a non-empty directory (unless `force`), or inside a
/// package being exported.
fn check_destination(dest: &Path, force: bool, packages: &[Package]) -> anyhow::Result<()> {
    if dest.exists() {
        if !dest.is_dir() {
            bail!("{}: exists and is not a directory", dest.display());
        }
        let mut entries =
            std::fs::read_dir(dest).with_context(|| format!("reading {}", dest.display()))?;
        if entries.next().is_some() && !force {
            bail!(
                "{}: the directory is not empty; pass --force to replace its contents",
                dest.display()
            );
        }
    }
    let absolute = absolute(dest)?;
    for package in packages {
        let root = package
            .root
            .canonicalize()
            .with_context(|| package.root.display().to_string())?;
        if absolute.starts_with(&root) {
            bail!(
                "{}: cannot export into the package {} itself",
                dest.display(),
                root.display()
            );
        }
    }
    Ok(())
}

/// `path` made absolute with its existing part canonicalised (the last parts may not exist).
fn absolute(path: &Path) -> anyhow::Result<PathBuf> {
    let full = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut existing = full.as_path();
    let mut rest = Vec::new();
    while !existing.exists() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => break,
        }
    }
    let mut out = existing
        .canonicalize()
        .unwrap_or_else(|_| existing.to_path_buf());
    for part in rest.into_iter().rev() {
        out.push(part);
    }
    Ok(out)
}

/// A staging directory in the destination's parent (same file system, so the final rename is
/// atomic), removed when dropped.
fn staging_dir(dest: &Path) -> anyhow::Result<tempfile::TempDir> {
    let parent = parent_of(dest);
    std::fs::create_dir_all(&parent).with_context(|| format!("creating {}", parent.display()))?;
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "export".into());
    tempfile::Builder::new()
        .prefix(&format!(".{name}.export-"))
        .tempdir_in(&parent)
        .with_context(|| format!("creating a staging directory in {}", parent.display()))
}

fn parent_of(dest: &Path) -> PathBuf {
    match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Moves the finished staging directory to `dest`. An empty `dest` is replaced in one rename; a
/// full one (with `--force`) is first moved aside, then removed once the new one is in place.
fn install(staging: tempfile::TempDir, dest: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    // Temporary directories are private (0700); the export is an ordinary directory.
    std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755))?;
    let empty = !dest.exists() || std::fs::read_dir(dest).is_ok_and(|mut d| d.next().is_none());
    if empty {
        std::fs::rename(staging.path(), dest)
            .with_context(|| format!("moving the export into {}", dest.display()))?;
        let _ = staging.keep();
        return Ok(());
    }
    let parent = parent_of(dest);
    let old = tempfile::Builder::new()
        .prefix(".old-export-")
        .tempdir_in(&parent)
        .with_context(|| format!("creating a directory in {}", parent.display()))?;
    let aside = old.path().join("previous");
    std::fs::rename(dest, &aside)
        .with_context(|| format!("moving the old {} aside", dest.display()))?;
    if let Err(err) = std::fs::rename(staging.path(), dest) {
        let _ = std::fs::rename(&aside, dest);
        return Err(err).with_context(|| format!("moving the export into {}", dest.display()));
    }
    let _ = staging.keep();
    drop(old);
    Ok(())
}

/// The size of the largest `.in` or `.ans` file below `dir/data`.
fn largest_test(dir: &Path) -> anyhow::Result<u64> {
    let mut largest = 0;
    for entry in walkdir::WalkDir::new(dir.join("data")) {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy();
        if entry.file_type().is_file() && (name.ends_with(".in") || name.ends_with(".ans")) {
            largest = largest.max(entry.metadata()?.len());
        }
    }
    Ok(largest)
}

/// Adds up the files and bytes below `dir`.
fn count(dir: &Path, exported: &mut Exported) -> anyhow::Result<()> {
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry?;
        if entry.file_type().is_file() {
            exported.files += 1;
            exported.bytes += entry.metadata()?.len();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_lowercase_alphanumeric() {
        assert_eq!(short_name("checkers-path"), "checkerspath");
        assert_eq!(short_name("Shifting_Query2"), "shiftingquery2");
        assert_eq!(short_name("--"), "problem");
    }
}
