//! Files: bounded reads of possibly huge files, atomic writes of files and of cache
//! directories, and SHA-256 hashes.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use sha2::{Digest, Sha256};

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
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .context("a file to write has a parent directory")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut temp = tempfile::Builder::new()
        .prefix(".tmp-")
        .tempfile_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    temp.write_all(bytes)
        .with_context(|| format!("writing {}", path.display()))?;
    temp.as_file().sync_all().ok();
    // Temporary files are private (0600); the file we leave is an ordinary one.
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = temp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    temp.persist(path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// A private scratch directory for a short-lived command (`check`): in `$TMPDIR` when it is set,
/// else in memory (`/dev/shm`) where the system has it, else in `/tmp`. Creating and removing
/// a few small files there costs a fraction of what a journalled disk does, which matters for
/// a command whose whole cost beyond the checker is a few milliseconds.
pub fn scratch_dir(prefix: &str) -> anyhow::Result<tempfile::TempDir> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix);
    if std::env::var_os("TMPDIR").is_none()
        && let Ok(dir) = builder.tempdir_in("/dev/shm")
    {
        return Ok(dir);
    }
    builder.tempdir().context("creating a scratch directory")
}

/// A fresh directory beside the cache entry `entry`, to build it in before [`publish_dir`]
/// renames it into place: readers never see half an entry.
pub fn staging_dir_for(entry: &Path) -> anyhow::Result<tempfile::TempDir> {
    let parent = entry
        .parent()
        .context("a cache entry has a parent directory")?;
    std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    tempfile::Builder::new()
        .prefix(".building-")
        .tempdir_in(parent)
        .with_context(|| format!("creating a build directory in {}", parent.display()))
}

/// Renames a finished staging directory to `entry`. When another process published the same
/// entry first (`published` says so), theirs is as good as ours and ours is dropped.
pub fn publish_dir(
    staging: tempfile::TempDir,
    entry: &Path,
    published: impl Fn() -> bool,
) -> anyhow::Result<()> {
    let built = staging.keep();
    if let Err(err) = std::fs::rename(&built, entry) {
        let _ = std::fs::remove_dir_all(&built);
        if !published() {
            return Err(err).with_context(|| format!("storing the build in {}", entry.display()));
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
pub fn copy_dir_contents(from: &Path, to: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    for entry in walkdir::WalkDir::new(from).follow_links(true) {
        let entry = entry.with_context(|| format!("reading {}", from.display()))?;
        let rel = entry.path().strip_prefix(from).unwrap_or(entry.path());
        if rel.as_os_str().is_empty() {
            continue;
        }
        let target = to.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)
                .with_context(|| format!("creating {}", target.display()))?;
        } else {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("copying {}", entry.path().display()))?;
            let executable = entry.metadata()?.permissions().mode() & 0o111;
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644 | executable))
                .with_context(|| format!("{}", target.display()))?;
        }
    }
    Ok(())
}
