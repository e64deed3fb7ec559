//! The link policy: a symbolic link met while reading a tree the judge did not write (a package,
//! a submission) may lead anywhere inside that tree, never out of it. The judge reads as root;
//! a link to `/etc/shadow` in `data/secret` would otherwise hand root's file to a validator, a
//! submission or an export, and one among a validator's sources would be copied into its build
//! and compiled in. Links that stay inside are followed, as problemtools and BAPCtools follow
//! them. The module owns the check itself ([`check_within`], [`check_tree_within`]), the one
//! way out a package's programs may take ([`check_jury_within`]: the checkers a setter's
//! repository shares), and finding the package around a path ([`package_around`]).

use std::path::{Path, PathBuf};

/// A link that leads out of the tree it was found in.
#[derive(Debug, Clone, thiserror::Error)]
#[error(
    "{} leads to {}, which is outside {}: a link or path may lead only to files inside it",
    .link.display(), .target.display(), .root.display()
)]
pub struct LinkOut {
    /// The link itself (the first link on the path that leads out), or the path as given
    /// when no link is to blame (`../../etc/shadow`).
    pub link: PathBuf,
    /// Where it points, as written in the link (else where the path resolves).
    pub target: PathBuf,
    /// The tree it may not leave.
    pub root: PathBuf,
}

/// Whether `path` (below `root`) is what it names or a link that stays inside `root`, after
/// every link on its way is followed. A path that does not resolve (a dangling link, a missing
/// file) reads nothing and passes: whoever opens it then says it is missing.
pub fn check_within(root: &Path, path: &Path) -> Result<(), LinkOut> {
    let Ok(resolved) = std::fs::canonicalize(path) else {
        return Ok(());
    };
    // A relative path's parent can be empty: it means the current folder.
    let root = match root.as_os_str().is_empty() {
        true => Path::new("."),
        false => root,
    };
    let bound = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    if resolved.starts_with(&bound) {
        return Ok(());
    }
    // Name the link to blame: the first one on the way from `root` down to `path` whose
    // target lies out of `root` (a link to a link inside is fine until one leads out).
    let rel = path.strip_prefix(root).unwrap_or(path);
    let mut at = root.to_path_buf();
    for part in rel.components() {
        at.push(part);
        let is_link = std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink());
        let out = std::fs::canonicalize(&at).is_ok_and(|r| !r.starts_with(&bound));
        if is_link && out {
            return Err(LinkOut {
                target: std::fs::read_link(&at).unwrap_or_else(|_| resolved.clone()),
                link: at,
                root: root.to_path_buf(),
            });
        }
    }
    Err(LinkOut {
        link: path.to_path_buf(),
        target: resolved,
        root: root.to_path_buf(),
    })
}

/// [`check_within`] for every entry of the tree `dir` (itself included). A link is checked
/// when the walk meets it, before the walk goes into a folder it leads to; a loop of links
/// ends the walk there (walkdir reports it, and whoever copies the tree says so).
pub fn check_tree_within(root: &Path, dir: &Path) -> Result<(), LinkOut> {
    tree_within(root, dir, check_within)
}

/// [`check_within`] for the judges' programs of the package `root` (a validator's or a
/// generator's sources, the files `include/` adds to submissions) and for what an export
/// copies: besides the package itself, a link may lead into the checkers its repository shares
/// (`REPO/checkers` beside `REPO/problems/NAME`), the setter's layout, where one checker serves
/// several problems. The check is on where the link resolves, so a link out of the checkers is
/// refused as well.
pub fn check_jury_within(root: &Path, path: &Path) -> Result<(), LinkOut> {
    let out = match check_within(root, path) {
        Ok(()) => return Ok(()),
        Err(out) => out,
    };
    let shared = match (shared_checkers(root), std::fs::canonicalize(path)) {
        (Some(checkers), Ok(resolved)) => resolved.starts_with(checkers),
        _ => false,
    };
    match shared {
        true => Ok(()),
        false => Err(out),
    }
}

/// [`check_jury_within`] for every entry of the tree `dir` (itself included), as
/// [`check_tree_within`] walks it.
pub fn check_jury_tree_within(root: &Path, dir: &Path) -> Result<(), LinkOut> {
    tree_within(root, dir, check_jury_within)
}

/// `check` for `dir` and every link below it, met while walking the tree the way its readers
/// do (following links): a link is checked before the walk enters a folder it leads to.
fn tree_within(
    root: &Path,
    dir: &Path,
    check: fn(&Path, &Path) -> Result<(), LinkOut>,
) -> Result<(), LinkOut> {
    check(root, dir)?;
    for entry in walkdir::WalkDir::new(dir)
        .follow_links(true)
        .into_iter()
        .flatten()
    {
        if entry.path_is_symlink() {
            check(root, entry.path())?;
        }
    }
    Ok(())
}

/// `REPO/checkers` (canonical) when the package `root` is `REPO/problems/NAME` and that folder
/// exists inside `REPO` (not a link out of it): the checkers a setter's problems share, as
/// `tests/fixtures/setter` lays them out.
fn shared_checkers(root: &Path) -> Option<PathBuf> {
    let root = std::path::absolute(root).ok()?;
    let problems = root.parent()?;
    if problems.file_name()? != "problems" {
        return None;
    }
    let repo = std::fs::canonicalize(problems.parent()?).ok()?;
    let checkers = std::fs::canonicalize(repo.join("checkers")).ok()?;
    (checkers.is_dir() && checkers.starts_with(&repo)).then_some(checkers)
}

/// The package folder around `path`: the nearest folder above it (or itself) holding a
/// `problem.yaml` (or `problem.yml`), found by the path as written (links not followed).
pub fn package_around(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    absolute
        .ancestors()
        .find(|dir| dir.join("problem.yaml").is_file() || dir.join("problem.yml").is_file())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_inside_passes_and_one_out_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("pkg");
        std::fs::create_dir_all(root.join("data")).unwrap();
        std::fs::write(root.join("data/a.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("secret"), "s\n").unwrap();
        std::os::unix::fs::symlink("a.in", root.join("data/b.in")).unwrap();
        std::os::unix::fs::symlink("../../secret", root.join("data/c.in")).unwrap();
        assert!(check_within(&root, &root.join("data/b.in")).is_ok());
        let err = check_within(&root, &root.join("data/c.in")).unwrap_err();
        assert_eq!(err.link, root.join("data/c.in"));
        assert_eq!(err.target, Path::new("../../secret"));
        assert!(check_tree_within(&root, &root.join("data")).is_err());
    }

    #[test]
    fn a_programs_link_may_lead_into_the_shared_checkers_and_no_further() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("problems/hops");
        std::fs::create_dir_all(root.join("output_validators")).unwrap();
        std::fs::create_dir_all(dir.path().join("checkers")).unwrap();
        std::fs::write(dir.path().join("checkers/hops.rs"), "fn main() {}\n").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "s\n").unwrap();
        let shared = root.join("output_validators/hops.rs");
        std::os::unix::fs::symlink("../../../checkers/hops.rs", &shared).unwrap();
        let beside = root.join("output_validators/notes.txt");
        std::os::unix::fs::symlink("../../../notes.txt", &beside).unwrap();
        // Data keeps the strict rule; a program may use the checkers, and only them.
        assert!(check_within(&root, &shared).is_err());
        assert!(check_jury_within(&root, &shared).is_ok());
        let err = check_jury_within(&root, &beside).unwrap_err();
        assert_eq!(err.link, beside);
        assert!(check_jury_tree_within(&root, &root.join("output_validators")).is_err());
        std::fs::remove_file(&beside).unwrap();
        assert!(check_jury_tree_within(&root, &root.join("output_validators")).is_ok());
    }
}
