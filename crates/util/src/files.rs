//! Files: bounded reads of possibly huge files, atomic writes of files and of cache
//! directories, and SHA-256 hashes.

use std::io::Write;
use std::path::Path;

use sha2::{Digest, Sha256};

/// Why writing, copying or staging files failed: what was being done, on which path, and the
/// system's reason. The message carries the whole chain of causes (`creating /x: Permission
/// denied`), as an anyhow chain printed with `{:#}` did: some callers print it with `{}`.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The path has no parent directory to write beside (`what` names the path's role).
    #[error("{what} has a parent directory")]
    NoParent { what: &'static str },
    /// A file-system call failed; `doing` names the step and the path (`creating /x`).
    #[error("{doing}: {}", chain(.cause))]
    Io {
        doing: String,
        cause: std::io::Error,
    },
    /// Walking a directory tree failed below `doing`'s path.
    #[error("{doing}: {}", crate::walk_error(.cause))]
    Walk {
        doing: String,
        cause: walkdir::Error,
    },
    /// An entry met while walking a tree could not be read.
    #[error("{}", crate::walk_error(.0))]
    Entry(walkdir::Error),
    /// Renaming a finished temporary file into place failed.
    #[error("{doing}: {}", chain(.cause))]
    Persist {
        doing: String,
        cause: tempfile::PersistError,
    },
}

/// An error and its causes, joined by ": ".
fn chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(err) = cause {
        text.push_str(": ");
        text.push_str(&err.to_string());
        cause = err.source();
    }
    text
}

/// Labels an I/O error with the step and path it stopped.
fn doing<T>(result: std::io::Result<T>, doing: impl FnOnce() -> String) -> Result<T, FileError> {
    result.map_err(|cause| FileError::Io {
        doing: doing(),
        cause,
    })
}

/// How much of a program's message (a validator's reason, a crash's stderr) a report keeps.
pub const MESSAGE_BYTES: usize = 8 << 10;

/// The start of a (possibly huge) file as text.
pub fn read_head(path: &Path) -> String {
    use std::io::Read;
    let mut buf = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.take(MESSAGE_BYTES as u64).read_to_end(&mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// The start and the end of a (possibly huge) file as text: what a report shows of stderr,
/// with control characters escaped ([`super::inert`]), as a program wrote it.
pub fn read_head_tail(path: &Path) -> String {
    super::inert(&head_tail(path)).into_owned()
}

fn head_tail(path: &Path) -> String {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut file) = std::fs::File::open(path) else {
        return String::new();
    };
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len <= 2 * MESSAGE_BYTES as u64 {
        let mut all = Vec::new();
        let _ = file.read_to_end(&mut all);
        return String::from_utf8_lossy(&all).into_owned();
    }
    let mut head = vec![0; MESSAGE_BYTES];
    let mut tail = Vec::new();
    let _ = file.read_exact(&mut head);
    let _ = file.seek(SeekFrom::End(-(MESSAGE_BYTES as i64)));
    let _ = file.read_to_end(&mut tail);
    format!(
        "{}\n[…]\n{}",
        String::from_utf8_lossy(&head),
        String::from_utf8_lossy(&tail)
    )
}

/// Free space below this (or no free inode) counts as a full file system: a write of the
/// judge's own, or of a program it runs, may have failed there.
const FULL_BELOW: u64 = 64 << 10;

/// The free bytes and inodes of the file system holding `dir` when it is (nearly) full;
/// `None` when it has room or cannot be asked. File systems that count no inodes report
/// `u64::MAX` of them.
pub fn file_system_full(dir: &Path) -> Option<(u64, u64)> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: statvfs only writes into the struct it is given; the path is NUL-terminated.
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: as above; `stat` outlives the call.
    if unsafe { libc::statvfs(path.as_ptr(), &mut stat) } != 0 {
        return None;
    }
    let free_bytes = (stat.f_bavail as u64).saturating_mul(stat.f_frsize as u64);
    let free_inodes = if stat.f_files == 0 {
        u64::MAX
    } else {
        stat.f_favail as u64
    };
    (free_bytes < FULL_BELOW || free_inodes == 0).then_some((free_bytes, free_inodes))
}

/// Writes a file through a temporary file in the same directory and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let dir = path.parent().ok_or(FileError::NoParent {
        what: "a file to write",
    })?;
    doing(std::fs::create_dir_all(dir), || {
        format!("creating {}", dir.display())
    })?;
    let mut temp = doing(
        tempfile::Builder::new().prefix(".tmp-").tempfile_in(dir),
        || format!("creating a temporary file in {}", dir.display()),
    )?;
    doing(temp.write_all(bytes), || {
        format!("writing {}", path.display())
    })?;
    temp.as_file().sync_all().ok();
    // Temporary files are private (0600); the file we leave is an ordinary one.
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = temp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    temp.persist(path).map_err(|cause| FileError::Persist {
        doing: format!("writing {}", path.display()),
        cause,
    })?;
    Ok(())
}

/// A private scratch directory for a short-lived command (`check`): in `$TMPDIR` when it is set,
/// else in memory (`/dev/shm`) where the system has it, else in `/tmp`. Creating and removing
/// a few small files there costs a fraction of what a journalled disk does, which matters for
/// a command whose whole cost beyond the checker is a few milliseconds.
pub fn scratch_dir(prefix: &str) -> Result<tempfile::TempDir, FileError> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix);
    if std::env::var_os("TMPDIR").is_none()
        && let Ok(dir) = builder.tempdir_in("/dev/shm")
    {
        return Ok(dir);
    }
    doing(builder.tempdir(), || "creating a scratch directory".into())
}

/// A fresh directory beside the cache entry `entry`, to build it in before [`publish_dir`]
/// renames it into place: readers never see half an entry.
pub fn staging_dir_for(entry: &Path) -> Result<tempfile::TempDir, FileError> {
    let parent = entry.parent().ok_or(FileError::NoParent {
        what: "a cache entry",
    })?;
    doing(std::fs::create_dir_all(parent), || {
        format!("creating {}", parent.display())
    })?;
    doing(
        tempfile::Builder::new()
            .prefix(".building-")
            .tempdir_in(parent),
        || format!("creating a build directory in {}", parent.display()),
    )
}

/// Renames a finished staging directory to `entry`. When another process published the same
/// entry first (`published` says so), theirs is as good as ours and ours is dropped.
pub fn publish_dir(
    staging: tempfile::TempDir,
    entry: &Path,
    published: impl Fn() -> bool,
) -> Result<(), FileError> {
    let built = staging.keep();
    if let Err(err) = std::fs::rename(&built, entry) {
        let _ = std::fs::remove_dir_all(&built);
        if !published() {
            return doing(Err(err), || {
                format!("storing the build in {}", entry.display())
            });
        }
    }
    Ok(())
}

pub fn hash_bytes(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// The SHA-256 of a file, or `None` if it cannot be read.
pub fn file_hash(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).ok()?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => hasher.update(&buf[..n]),
            Err(_) => return None,
        }
    }
    Some(hex(&hasher.finalize()))
}

/// Bytes (a digest) as lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The first 16 bytes of `digest` as a UUID of `version` (4 for a random one, 8 for one derived
/// from a name), in its usual text form: the version nibble and the RFC 4122 variant set.
pub fn uuid_text(digest: &[u8], version: u8) -> String {
    let mut b = [0u8; 16];
    b.copy_from_slice(&digest[..16]);
    b[6] = (b[6] & 0x0f) | (version << 4);
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex = hex(&b);
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// Copies everything below `from` into the existing directory `to` (following symbolic links,
/// replacing files of the same name), each file readable by all, executable as it was.
pub fn copy_dir_contents(from: &Path, to: &Path) -> Result<(), FileError> {
    copy_tree(from, to, true)
}

/// [`copy_dir_contents`], but a symbolic link is copied as the link itself, never as what it
/// leads to: for a copy that the judge makes as root for another user, where following a link
/// (to `/etc/shadow`, left in a build) would hand that user a file only root may read.
pub fn copy_dir_contents_keeping_links(from: &Path, to: &Path) -> Result<(), FileError> {
    copy_tree(from, to, false)
}

fn copy_tree(from: &Path, to: &Path, follow_links: bool) -> Result<(), FileError> {
    for entry in walkdir::WalkDir::new(from).follow_links(follow_links) {
        let entry = entry.map_err(|cause| FileError::Walk {
            doing: format!("reading {}", from.display()),
            cause,
        })?;
        let rel = entry.path().strip_prefix(from).unwrap_or(entry.path());
        if rel.as_os_str().is_empty() {
            continue;
        }
        let target = to.join(rel);
        if entry.file_type().is_dir() {
            doing(std::fs::create_dir_all(&target), || {
                format!("creating {}", target.display())
            })?;
        } else if entry.file_type().is_symlink() {
            let _ = std::fs::remove_file(&target);
            doing(
                std::fs::read_link(entry.path())
                    .and_then(|link| std::os::unix::fs::symlink(link, &target)),
                || format!("copying the link {}", entry.path().display()),
            )?;
        } else {
            doing(copy_readable_file(entry.path(), &target), || {
                format!("copying {}", entry.path().display())
            })?;
        }
    }
    Ok(())
}

/// Lets every user read (and enter, and run what its owner may run) everything below `dir`,
/// which stays writable by its owner alone: for a cache entry that runs of another user read
/// and execute (a build directory starts private, mode 0700).
pub fn readable_by_all(dir: &Path) -> Result<(), FileError> {
    use std::os::unix::fs::PermissionsExt;
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.map_err(|cause| FileError::Walk {
            doing: format!("listing {}", dir.display()),
            cause,
        })?;
        if entry.path_is_symlink() {
            continue;
        }
        let path = entry.path();
        let meta = entry.metadata().map_err(|cause| FileError::Walk {
            doing: format!("reading {}", path.display()),
            cause,
        })?;
        let mode = meta.permissions().mode() & 0o7777;
        // Read for all; enter (a directory) or run (what the owner may run) for all.
        let x = if meta.is_dir() || mode & 0o100 != 0 {
            0o055
        } else {
            0
        };
        let wanted = mode | 0o044 | x;
        if wanted != mode {
            doing(
                std::fs::set_permissions(path, std::fs::Permissions::from_mode(wanted)),
                || format!("opening {} to runs", path.display()),
            )?;
        }
    }
    Ok(())
}

/// Whether every user has `access` (`0o004` read, `0o001` execute or enter) to `path`, and may
/// enter each directory on the way to it: whether a run as another user can reach it by path.
/// Both ways count: the directories the path names (a link in a `0700` directory is out of
/// reach, wherever it leads) and those of the file it resolves to.
pub fn others_may(path: &Path, access: u32) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.permissions().mode());
    let passable = |p: &Path| p.ancestors().skip(1).all(|dir| mode(dir) & 0o001 != 0);
    let named = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    passable(&named)
        && path
            .canonicalize()
            .is_ok_and(|canonical| mode(&canonical) & access != 0 && passable(&canonical))
}

/// Copies the file `from` to `to` (replacing it), readable by every user and executable as
/// `from` was; the copy belongs to whoever copies.
pub fn copy_readable_file(from: &Path, to: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(from)?.permissions().mode();
    std::fs::copy(from, to)?;
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o644 | (mode & 0o111)))
}

/// Whether every user may enter `dir` and read what it lists.
pub fn open_to_all(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o005 == 0o005)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_for_another_user_keeps_a_link_a_link() {
        let secret = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(secret.path(), "root only").unwrap();
        let (from, kept, followed) = (
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
        );
        std::fs::write(from.path().join("prog"), "#!/bin/sh\n").unwrap();
        std::os::unix::fs::symlink(secret.path(), from.path().join("leak")).unwrap();

        copy_dir_contents_keeping_links(from.path(), kept.path()).unwrap();
        let leak = kept.path().join("leak");
        assert!(std::fs::symlink_metadata(&leak).unwrap().is_symlink());
        assert_eq!(std::fs::read_link(&leak).unwrap(), secret.path());
        assert_eq!(
            std::fs::read(kept.path().join("prog")).unwrap(),
            b"#!/bin/sh\n"
        );

        copy_dir_contents(from.path(), followed.path()).unwrap();
        let copied = followed.path().join("leak");
        assert!(std::fs::symlink_metadata(&copied).unwrap().is_file());
    }
}
