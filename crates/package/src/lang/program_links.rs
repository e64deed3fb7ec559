//! The link policy for the sources of a judges' program (an input, answer or output
//! validator, an interactor, a generator, the plan's solution): the files the judge reads to
//! build it, as root where it is root (to hash them, to substitute the package's constants,
//! to copy them where the compiler may read them), may be reached through links inside the
//! package and through none that leads out of it. Otherwise a validator folder's
//! `secret.h -> /etc/shadow` would be copied into the build and compiled in.

use std::path::Path;

use crate::error::BuildError;

use super::compile_dir::headers_beside;

/// Refuses the program at `path` (a file or a folder) when a link among its sources leads out
/// of its package (the nearest folder above it with a `problem.yaml`, else the folder it lies
/// in), naming the link, its target and the package. A folder's every file counts; a single
/// file counts with the header files beside it, which a build may copy with it (beside the
/// path as given, and beside the file it resolves to, where the build looks). The one way
/// out allowed is the setter's shared checkers ([`leapfrog_util::check_jury_within`]).
pub fn check_program_links(path: &Path) -> Result<(), BuildError> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let Some(root) = leapfrog_util::package_around(&absolute)
        .or_else(|| absolute.parent().map(Path::to_path_buf))
    else {
        return Ok(());
    };
    let checked = match absolute.is_dir() {
        true => leapfrog_util::check_jury_tree_within(&root, &absolute),
        false => {
            let resolved = std::fs::canonicalize(&absolute).ok();
            std::iter::once(absolute.clone())
                .chain(headers_beside(&absolute))
                .chain(resolved.iter().flat_map(|file| headers_beside(file)))
                .try_for_each(|file| leapfrog_util::check_jury_within(&root, &file))
        }
    };
    checked.map_err(BuildError::link)
}
