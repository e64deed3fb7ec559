//! Copying files into an exported package: names checked against what the package format
//! allows, hidden files skipped, executable bits kept. Shared by the package writers
//! ([`super::kattis`], [`super::modern`]) and the program builders ([`super::validator`],
//! [`super::generators`]).

use std::path::Path;

use anyhow::{Context, bail};

/// File names the package format allows (problemtools checks every file against this).
fn valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 255
        && (bytes[0].is_ascii_alphanumeric() || bytes[0] == b'_')
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// Refuses a package with a link that leads out of it anywhere export reads (every entry but
/// hidden ones, which export never copies). Export copies what a link points to, and its
/// output is world-readable and goes to other machines, so a link to `/etc/shadow` or to a
/// file beside the package would ship that file; links that stay inside the package are
/// followed and become plain files. The one way out allowed is the setter's layout: a package
/// in `REPO/problems/` may link a file of `REPO/checkers/`, the checkers its problems share
/// ([`leapfrog_util::check_jury_within`], the rule the judge builds the package's programs
/// by). Checked before anything is written, so a refused export writes nothing.
pub fn check_links(root: &Path) -> anyhow::Result<()> {
    for entry in walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
    {
        // A loop of links or an unreadable folder is reported by whoever copies it.
        let Ok(entry) = entry else { continue };
        if !entry.path_is_symlink() {
            continue;
        }
        if let Err(out) = leapfrog_util::check_jury_within(root, entry.path()) {
            bail!(
                "{out}; export copies what a link points to, so copy the file into the package (only a package in REPO/problems/ may link a file of REPO/checkers/)"
            );
        }
    }
    Ok(())
}

/// Copies a directory tree, following symlinks and skipping hidden files.
pub fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in walkdir::WalkDir::new(from)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
    {
        let entry = entry.with_context(|| format!("reading {}", from.display()))?;
        let rel = entry.path().strip_prefix(from).expect("walked below from");
        if rel.as_os_str().is_empty() {
            continue;
        }
        let name = entry.file_name().to_string_lossy();
        check_name(&name, entry.path())?;
        let target = to.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)?;
        } else {
            copy_file(entry.path(), &target)?;
        }
        crate::interrupt::check()?;
    }
    Ok(())
}

/// Copies a file's bytes and its executable bit (not the owner-only mode of temporary files).
pub fn copy_file(from: &Path, to: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::copy(from, to).with_context(|| format!("copying {}", from.display()))?;
    let executable = std::fs::metadata(from)?.permissions().mode() & 0o111 != 0;
    set_mode(to, if executable { 0o755 } else { 0o644 })
}

/// Sets a file's permission bits.
pub fn set_mode(path: &Path, mode: u32) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .with_context(|| format!("setting the permissions of {}", path.display()))
}

/// Fails on a file name the package format does not allow, naming the file.
pub fn check_name(name: &str, path: &Path) -> anyhow::Result<()> {
    if !valid_name(name) {
        bail!(
            "{}: the file name '{name}' is not allowed in a problem package (letters, digits, '_', '.', '-'; not starting with '.' or '-')",
            path.display()
        );
    }
    Ok(())
}

/// The last component of a path, as text.
pub fn file_name(path: &Path) -> anyhow::Result<String> {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .with_context(|| format!("{}: no file name", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_file_names() {
        assert!(valid_name("01-n8.in"));
        assert!(valid_name("_x"));
        assert!(!valid_name(".generated.json"));
        assert!(!valid_name("-x"));
        assert!(!valid_name("a b"));
        assert!(!valid_name(""));
    }
}
