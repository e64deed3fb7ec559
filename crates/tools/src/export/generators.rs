//! The `generators/` folder of an export: the package's `generators.yaml` and programs as they
//! are, plus `leapfrog-gen` (the built-in generators and solvers alone, a small program built
//! with leapfrog) in every program folder that names a built-in, so that BAPCtools rebuilds the
//! data on a machine without leapfrog. Those folders' `build` scripts use it when it is there.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::files::{copy_tree, set_mode};
use super::kattis::Notes;
use leapfrog_package::Package;
use leapfrog_registry::Registry;

/// The name of the carried program, beside `leapfrog` wherever both are installed.
const PROGRAM: &str = "leapfrog-gen";

/// Copies `generators/` into `dest` and adds the program where a built-in is named.
pub fn write(
    registry: &Registry,
    package: &Package,
    dest: &Path,
    notes: &mut Notes,
) -> anyhow::Result<()> {
    let from = package.root.join("generators");
    if !from.is_dir() {
        return Ok(());
    }
    let to = dest.join("generators");
    copy_tree(&from, &to)?;
    let folders = builtin_folders(registry, &to);
    if folders.is_empty() {
        return Ok(());
    }
    let Some(program) = find_program() else {
        notes.push(format!(
            "generators/: {PROGRAM} (installed with leapfrog) was not found beside leapfrog or on PATH, so the built-in generators' folders need leapfrog to build"
        ));
        return Ok(());
    };
    let first = folders[0].join(PROGRAM);
    strip_into(&program, &first)?;
    for folder in &folders[1..] {
        let copy = folder.join(PROGRAM);
        // One file for every folder: a hard link where the file system allows it.
        if std::fs::hard_link(&first, &copy).is_err() {
            std::fs::copy(&first, &copy).with_context(|| format!("writing {}", copy.display()))?;
        }
    }
    Ok(())
}

/// The exported folders of built-in programs: `generators/NAME` for a built-in generator and
/// `generators/solve/NAME` for a built-in solver, each with its `build` script.
fn builtin_folders(registry: &Registry, generators: &Path) -> Vec<PathBuf> {
    let generators_named = registry.generators().map(|g| generators.join(g.name));
    let solvers_named = registry
        .puzzles()
        .map(|p| generators.join("solve").join(p.name));
    generators_named
        .chain(solvers_named)
        .filter(|dir| dir.join("build").is_file())
        .collect()
}

/// `leapfrog-gen` beside the running executable (as `cargo build` and `cargo install` place
/// it), else on PATH.
fn find_program() -> Option<PathBuf> {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(PROGRAM)))
        .filter(|p| p.is_file())
        .or_else(|| leapfrog_util::find_in_path(PROGRAM))
}

/// Copies the program without its debug information (a few MiB instead of tens) where `strip`
/// is installed; as it is otherwise.
fn strip_into(program: &Path, target: &Path) -> anyhow::Result<()> {
    let stripped = leapfrog_util::find_in_path("strip").is_some_and(|strip| {
        std::process::Command::new(strip)
            .arg("--strip-all")
            .arg("-o")
            .arg(target)
            .arg(program)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    });
    if !stripped {
        std::fs::copy(program, target)
            .with_context(|| format!("copying {} to {}", program.display(), target.display()))?;
    }
    set_mode(target, 0o755)
}
