//! Where compiled programs and other remembered results live: `$LEAPFROG_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/leapfrog`, else `$HOME/.cache/leapfrog`, else the same below the home
//! directory the user database gives the judge's user: never a shared temporary directory,
//! where another user could make the directory first and swap a cached build. The directory
//! must belong to the judge's user and not be writable by every user; anything else is refused.
//! A leaf: the builds, the toolchain probes and the commands all keep their entries under it.

use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::PathBuf;

use crate::error::BuildError;

/// The cache directory, created on first use (`0700` where it is made here).
pub fn cache_dir() -> Result<PathBuf, BuildError> {
    let dir = if let Some(dir) = std::env::var_os("LEAPFROG_CACHE_DIR") {
        PathBuf::from(dir)
    } else if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        PathBuf::from(dir).join("leapfrog")
    } else if let Some(home) = std::env::var_os("HOME").or_else(home_of_user) {
        PathBuf::from(home).join(".cache").join("leapfrog")
    } else {
        let why = "no HOME, XDG_CACHE_HOME or LEAPFROG_CACHE_DIR, and no home directory in the \
            user database: set one of them (the cache is never put in a shared temporary directory)";
        return Err(BuildError::Os(std::io::Error::other(why)));
    };
    if !dir.exists() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&dir)
            .map_err(BuildError::io("creating the cache directory", &dir))?;
    }
    check_owner(&dir)?;
    Ok(dir)
}

/// Refuses a cache directory the judge's user does not own, or that every user may write in:
/// another user could change what it holds, and so the programs it runs.
fn check_owner(dir: &std::path::Path) -> Result<(), BuildError> {
    let meta =
        std::fs::metadata(dir).map_err(BuildError::io("reading the cache directory", dir))?;
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    let why = if meta.uid() != uid {
        format!("it belongs to uid {}, not to this user ({uid})", meta.uid())
    } else if meta.mode() & 0o002 != 0 {
        format!("others may write in it (mode {:o})", meta.mode() & 0o7777)
    } else {
        return Ok(());
    };
    let refused = std::io::Error::other(format!("{why}: choose another with LEAPFROG_CACHE_DIR"));
    Err(BuildError::io("using the cache directory", dir)(refused))
}

/// The home directory the user database gives the judge's user.
fn home_of_user() -> Option<std::ffi::OsString> {
    use std::os::unix::ffi::OsStrExt;
    // SAFETY: getpwuid returns a pointer to static storage or null; the string is copied out
    // before any other call could reuse it.
    unsafe {
        let entry = libc::getpwuid(libc::geteuid());
        if entry.is_null() || (*entry).pw_dir.is_null() {
            return None;
        }
        let dir = std::ffi::CStr::from_ptr((*entry).pw_dir);
        (!dir.to_bytes().is_empty())
            .then(|| std::ffi::OsStr::from_bytes(dir.to_bytes()).to_os_string())
    }
}
