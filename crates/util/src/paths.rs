//! Paths: finding a program on PATH, showing a path to the user, and a file name for a test.

use std::path::{Path, PathBuf};

/// Looks a tool up on PATH.
pub fn find_in_path(tool: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool))
        .find(|p| {
            use std::os::unix::fs::PermissionsExt;
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// The path shown for a submission: relative to the current directory when it is inside it.
pub fn display_path(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
}

/// A file name for the test named `name` (a kept output, a transcript), one to one: `/` becomes
/// `__` and `_` becomes `_-`, so tests `a/b` (`a__b`) and `a__b` (`a_-_-b`) never share a file,
/// and a name without `_` reads as before (`sample/1` is `sample__1`).
pub fn test_file_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        match c {
            '/' => out.push_str("__"),
            '_' => out.push_str("_-"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_file_names_never_meet() {
        assert_eq!(test_file_name("sample/1"), "sample__1");
        let names = ["a/b", "a__b", "a_/b", "a/_b", "a_-b", "a_b", "a-_b"];
        let mapped: std::collections::HashSet<_> =
            names.iter().map(|n| test_file_name(n)).collect();
        assert_eq!(mapped.len(), names.len(), "{mapped:?}");
    }
}
