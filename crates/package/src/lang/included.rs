//! Programs built with files a package adds to every submission of their language (the package
//! format's `include/<code>/`): the submission's sources and the package's files are merged
//! into one directory (the package's file wins when both have one of the same name, as the
//! format says), kept in the compile cache under the hash of what it holds, and built as a
//! directory program.

use std::path::{Path, PathBuf};

use crate::error::BuildError;
use sha2::{Digest, Sha256};

use super::build::compile_entry;
use super::cache::cache_dir;
use super::compile_setup::CompileError;
use super::places::main_file;
use super::program_links::{file_within, package_or_folder};
use super::{Compiled, Language, source_files, switched_off};
use leapfrog_runner::{IsolationChoice, RunLimits, Runner};

/// [`compile_as`](super::compile_as), with the files of `included` (a folder) added to the program's sources first.
/// The entry point is an included `main.*` of the language (a driver, as the format names it),
/// else the submission's own. `limits` hold the compiler (see `build::compile_entry`).
pub fn compile_with_included(
    runner: &Runner,
    source: &Path,
    language: Language,
    isolation: IsolationChoice,
    included: Option<&Path>,
    limits: Option<RunLimits>,
) -> Result<Result<Compiled, CompileError>, BuildError> {
    compile_from(
        runner,
        source,
        language,
        isolation,
        (included, None),
        limits,
    )
}

/// [`compile_with_included`], started from `entrypoint` when given (a file name of a directory
/// program, as submissions.yaml's `entrypoint` names it; an included driver still comes first).
pub fn compile_from(
    runner: &Runner,
    source: &Path,
    language: Language,
    isolation: IsolationChoice,
    (included, entrypoint): (Option<&Path>, Option<&str>),
    limits: Option<RunLimits>,
) -> Result<Result<Compiled, CompileError>, BuildError> {
    if let Err(out) = submission_links(source) {
        return Ok(Err(CompileError {
            message: format!("{out}\nthe submission was not compiled"),
        }));
    }
    // Only a file of the program's own can be its entry point.
    let entrypoint = entrypoint
        .map(|e| e.rsplit('/').next().unwrap_or(e).to_string())
        .filter(|e| source.is_dir() && source.join(e).is_file());
    let Some(included) = included.filter(|_| !language.is_executable()) else {
        return compile_entry(runner, source, language, isolation, entrypoint, limits);
    };
    let own = own_files(source)?;
    let added = relative_files(included)?;
    let spec = language.spec();
    let claimed = |files: &[(PathBuf, PathBuf)]| -> Vec<PathBuf> {
        files
            .iter()
            .filter(|(_, full)| spec.claims(full))
            .map(|(_, full)| full.clone())
            .collect()
    };
    let driver = claimed(&added)
        .iter()
        .map(|f| main_file(std::slice::from_ref(f)))
        .find(|name| name.to_ascii_lowercase().starts_with("main."));
    let main = driver
        .or(entrypoint)
        .unwrap_or_else(|| main_file(&claimed(&own)));
    let merged = merge(&own, &added)?;
    let compiled = compile_entry(runner, &merged, language, isolation, Some(main), limits)?;
    Ok(compiled.map_err(|err| CompileError {
        message: user_names(err.message, &merged, source, included, &own, &added),
    }))
}

/// The link policy for a submission: a directory's links lead only inside it (a header linked
/// to a root-only file would be compiled in and printed); a single file, and the header files
/// beside it that a build outside the sandbox copies with it, lead only inside its package
/// (else its own folder), so no file out of reach is compiled and quoted in a compile error.
fn submission_links(source: &Path) -> Result<(), leapfrog_util::LinkOut> {
    if source.is_dir() {
        return leapfrog_util::check_tree_within(source, source);
    }
    let bound = package_or_folder(source);
    file_within(&bound, source, leapfrog_util::check_within)
}

/// A program's files, each with its path relative to the program (a single file: its name),
/// switched-off files left out.
fn own_files(source: &Path) -> Result<Vec<(PathBuf, PathBuf)>, BuildError> {
    if source.is_dir() {
        return relative_files(source);
    }
    let name = source
        .file_name()
        .ok_or_else(|| BuildError::rule("a source file has a name"))?;
    Ok(vec![(PathBuf::from(name), source.to_path_buf())])
}

/// The regular files below `dir`, relative to it and full, switched-off files left out.
fn relative_files(dir: &Path) -> Result<Vec<(PathBuf, PathBuf)>, BuildError> {
    Ok(source_files(dir)?
        .into_iter()
        .filter(|f| switched_off(f).is_none())
        .map(|f| (f.strip_prefix(dir).unwrap_or(&f).to_path_buf(), f))
        .collect())
}

/// The merged sources in the cache (`sources/<hash>/`), made once: the program's files, then
/// the included ones over them.
fn merge(own: &[(PathBuf, PathBuf)], added: &[(PathBuf, PathBuf)]) -> Result<PathBuf, BuildError> {
    let mut hasher = Sha256::new();
    hasher.update(b"leapfrog-included-v1\0");
    let mut contents = Vec::new();
    for (rel, full) in own.iter().chain(added) {
        let bytes = std::fs::read(full).map_err(BuildError::io("reading", full))?;
        hasher.update(rel.as_os_str().as_encoded_bytes());
        hasher.update(b"\0");
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
        contents.push((rel, bytes));
    }
    let hash = leapfrog_util::hex(&hasher.finalize());
    let entry = cache_dir()?.join("sources").join(hash);
    if entry.is_dir() {
        return Ok(entry);
    }
    let staging = leapfrog_util::staging_dir_for(&entry)?;
    // Later files (the included ones) replace earlier ones of the same name.
    for (rel, bytes) in contents {
        let path = staging.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(BuildError::io("creating", parent))?;
        }
        std::fs::write(&path, bytes).map_err(BuildError::io("writing", &path))?;
    }
    leapfrog_util::publish_dir(staging, &entry, || entry.is_dir())?;
    Ok(entry)
}

/// A compiler's message with each merged file named where the user has it: in the submission
/// or in the package's folder of included files.
fn user_names(
    message: String,
    merged: &Path,
    source: &Path,
    included: &Path,
    own: &[(PathBuf, PathBuf)],
    added: &[(PathBuf, PathBuf)],
) -> String {
    let mut names: Vec<(String, String)> = Vec::new();
    for (rel, full) in own {
        let user = if source.is_dir() {
            source.join(rel)
        } else {
            full.clone()
        };
        names.push((
            merged.join(rel).display().to_string(),
            user.display().to_string(),
        ));
    }
    for (rel, _) in added {
        let seen = merged.join(rel).display().to_string();
        names.retain(|(s, _)| *s != seen);
        names.push((seen, included.join(rel).display().to_string()));
    }
    names.sort_by_key(|(seen, _)| std::cmp::Reverse(seen.len()));
    let mut message = message;
    for (seen, user) in names {
        message = message.replace(&seen, &user);
    }
    message
}
