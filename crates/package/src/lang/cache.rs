//! Where compiled programs and other remembered results live: `$LEAPFROG_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/leapfrog`, else `~/.cache/leapfrog`. A leaf: the builds, the toolchain
//! probes and the commands all keep their entries under it.

use std::path::PathBuf;

use crate::error::BuildError;

/// The cache directory, created on first use.
pub fn cache_dir() -> Result<PathBuf, BuildError> {
    let dir = if let Some(dir) = std::env::var_os("LEAPFROG_CACHE_DIR") {
        PathBuf::from(dir)
    } else if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        PathBuf::from(dir).join("leapfrog")
    } else if let Some(home) = std::env::var_os("HOME") {
        PathBuf::from(home).join(".cache").join("leapfrog")
    } else {
        std::env::temp_dir().join("leapfrog-cache")
    };
    std::fs::create_dir_all(&dir).map_err(BuildError::io("creating the cache directory", &dir))?;
    Ok(dir)
}
