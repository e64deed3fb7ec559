//! The link policy for the sources of a program the judge builds: a judges' program (an input,
//! answer or output validator, an interactor, a generator, the plan's solution) and the header
//! files a single-file submission is built with. The judge reads these files as root where it
//! is root (to hash them, to substitute the package's constants, to copy them where the
//! compiler may read them), so they may be reached through links inside the package and
//! through none that leads out of it: otherwise a validator folder's `secret.h -> /etc/shadow`
//! would be copied into the build and compiled in.

use std::path::Path;

use crate::error::BuildError;
use leapfrog_util::LinkOut;

use super::compile_dir::headers_beside;

/// Refuses the judges' program at `path` (a file or a folder) when a link among its sources
/// leads out of its package (the nearest folder above it with a `problem.yaml`, else the
/// folder it lies in), naming the link, its target and the package. A folder's every file
/// counts; a single file counts with the header files a build copies with it (beside it, and
/// beside the file it resolves to). The one way out allowed is the setter's shared checkers
/// ([`leapfrog_util::check_jury_within`]).
pub fn check_program_links(path: &Path) -> Result<(), BuildError> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let root = package_or_folder(&absolute);
    let checked = match absolute.is_dir() {
        true => leapfrog_util::check_jury_tree_within(&root, &absolute),
        false => file_within(&root, &absolute, leapfrog_util::check_jury_within),
    };
    checked.map_err(BuildError::link)
}

/// The tree a program at `path` may not leave: its package, else the folder it lies in.
pub(super) fn package_or_folder(path: &Path) -> std::path::PathBuf {
    leapfrog_util::package_around(path)
        .or_else(|| path.parent().map(Path::to_path_buf))
        .unwrap_or_default()
}

/// `check` (a rule of `leapfrog_util::links`) for a single source `file` and the header files
/// beside it, which a build outside the sandbox copies with it: those beside the path as given,
/// and those beside the file it resolves to, where the build looks.
pub(super) fn file_within(
    root: &Path,
    file: &Path,
    check: fn(&Path, &Path) -> Result<(), LinkOut>,
) -> Result<(), LinkOut> {
    let resolved = std::fs::canonicalize(file).ok();
    std::iter::once(file.to_path_buf())
        .chain(headers_beside(file))
        .chain(resolved.iter().flat_map(|f| headers_beside(f)))
        .try_for_each(|f| check(root, &f))
}
