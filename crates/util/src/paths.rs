//! Paths: finding a program on PATH and asking it about itself, showing a path to the user,
//! and a file name for a test.

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

/// A command that asks an installed tool about itself (its version, where it lives): run from
/// `/` with no input, so that what the tool picks never comes from the tree the caller stands
/// in, which may be a package's. rustup's `rust-toolchain.toml` can name a toolchain by path
/// and pyenv's `.python-version` a version, and the judge (often root) would run what they
/// name outside any sandbox. The caller's environment (`RUSTUP_TOOLCHAIN`, `PYENV_VERSION`)
/// still counts: it is the caller's own.
pub fn probe(program: impl AsRef<std::ffi::OsStr>) -> std::process::Command {
    let mut command = std::process::Command::new(program);
    command.current_dir("/").stdin(std::process::Stdio::null());
    command
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

/// Where `path` leads when it is a symbolic link whose target does not exist (a dangling link):
/// the link's own target as written. `None` for anything else, including a working link.
pub fn dangling_link(path: &Path) -> Option<PathBuf> {
    let link = std::fs::symlink_metadata(path).ok()?;
    if !link.file_type().is_symlink() || path.exists() {
        return None;
    }
    std::fs::read_link(path).ok()
}

/// An I/O error met on `path`, said once and in the user's terms: a dangling link is named as
/// one, with its target ("x.py is a link to ../gone.py, which does not exist"), where the
/// system only says "No such file or directory" about a path that plainly is there.
pub fn io_error_at(path: &Path, err: &std::io::Error) -> String {
    // Links that point at each other do not resolve either, but their targets exist: the
    // system's "Too many levels of symbolic links" says what is wrong.
    let dangling = match err.kind() {
        std::io::ErrorKind::NotFound => dangling_link(path),
        _ => None,
    };
    match dangling {
        Some(target) => format!(
            "{} is a link to {}, which does not exist",
            path.display(),
            target.display()
        ),
        None => format!("{}: {err}", path.display()),
    }
}

/// A directory walk's error, said once: the entry it stopped at (a dangling link named as one),
/// and the system's reason, which `walkdir` otherwise repeats as its own cause.
pub fn walk_error(err: &walkdir::Error) -> String {
    match (err.path(), err.io_error()) {
        (Some(path), Some(io)) => io_error_at(path, io),
        _ => err.to_string(),
    }
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

    #[test]
    fn a_dangling_link_is_named_with_its_target_once() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("sol.py");
        std::os::unix::fs::symlink("../gone/sol.py", &link).unwrap();
        let err = std::fs::read(&link).unwrap_err();
        let text = io_error_at(&link, &err);
        assert_eq!(
            text,
            format!(
                "{} is a link to ../gone/sol.py, which does not exist",
                link.display()
            )
        );
        let plain = dir.path().join("none.py");
        let err = std::fs::read(&plain).unwrap_err();
        assert!(io_error_at(&plain, &err).ends_with("No such file or directory (os error 2)"));
        let walked = walkdir::WalkDir::new(dir.path())
            .follow_links(true)
            .into_iter()
            .find_map(Result::err)
            .unwrap();
        assert_eq!(walk_error(&walked).matches("does not exist").count(), 1);
    }

    #[test]
    fn links_in_a_loop_are_not_said_to_point_at_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.py"), dir.path().join("b.py"));
        std::os::unix::fs::symlink("b.py", &a).unwrap();
        std::os::unix::fs::symlink("a.py", &b).unwrap();
        let err = std::fs::read(&a).unwrap_err();
        let text = io_error_at(&a, &err);
        assert!(!text.contains("does not exist"), "{text}");
        assert!(text.contains("symbolic links"), "{text}");
    }
}
