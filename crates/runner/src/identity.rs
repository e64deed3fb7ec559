//! Who a run is. Where the judge runs as root, a run's program executes as an unprivileged user
//! and group of its own ([`RUN_UID`], [`RUN_GID`]) with no supplementary groups, as isolate's
//! box users and DOMjudge's `domjudge-run` do: that user owns nothing of the package, the
//! compile cache or the judge's scratch space, so the kernel's own permission checks refuse it
//! every file of the judge's even where a mount would let it through. Only the run's own
//! writable place is handed to it. Where the judge is not root it cannot change its uid, and
//! runs are the judge's own user (what protects the judge's files then: the book's page on
//! isolation).

use std::io;
use std::sync::OnceLock;

/// The run's uid and gid: one number that no distribution, container manager or user database
/// hands out. It lies above the ranges systemd reserves for system and regular users (0–60000),
/// dynamic users (61184–65519), `nobody` (65534) and containers (524288–1879048191), below the
/// foreign range (from 2147352576) and the upper half that some tools read as negative; isolate's
/// box users (60000 and up) are elsewhere too, so the run owns nothing on a machine that also
/// runs isolate.
pub const RUN_UID: libc::uid_t = 2_000_000_000;
/// The run's gid (the same number).
pub const RUN_GID: libc::gid_t = 2_000_000_000;

/// The jury's uids (and gids): one per package (see [`jury_user`]). The range lies above the
/// submissions' user ([`RUN_UID`]) and, like it, outside every range that distributions,
/// systemd, containers and isolate hand out (below the foreign range, which starts at
/// 2147352576), so that a submission's run, another user, can neither signal nor trace the
/// jury's programs nor change the files they work on.
pub const JURY_UIDS: std::ops::Range<libc::uid_t> = 2_001_000_000..2_017_777_216;

/// The user and group a run executes as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunUser {
    pub uid: libc::uid_t,
    pub gid: libc::gid_t,
}

/// The user runs execute as: [`RUN_UID`] where the judge is root (it can change its uid),
/// `None` otherwise (runs are the judge's own user).
pub fn run_user() -> Option<RunUser> {
    static USER: OnceLock<Option<RunUser>> = OnceLock::new();
    *USER.get_or_init(|| {
        // SAFETY: geteuid has no preconditions.
        (unsafe { libc::geteuid() } == 0).then_some(RunUser {
            uid: RUN_UID,
            gid: RUN_GID,
        })
    })
}

/// The user the jury's programs of the package whose identity is `package` (its root's path)
/// execute as where the judge is root, `None` otherwise: [`JURY_UIDS`]`.start` plus a hash of
/// `package` modulo the range's length, so that the same package is the same user in every
/// judge and two packages are two users (but for a chance of one in 16.7 million).
pub fn jury_user(package: &[u8]) -> Option<RunUser> {
    run_user()?;
    let hash = leapfrog_util::hash_bytes(package);
    let n = u32::from_str_radix(&hash[..8], 16).unwrap_or_default();
    let id = JURY_UIDS.start + n % (JURY_UIDS.end - JURY_UIDS.start);
    Some(RunUser { uid: id, gid: id })
}

/// Becomes `user` for good, between `fork` and `exec` (only system calls): first drops every
/// capability from the bounding set (which needs the capability to do so, lost with the uid),
/// then the supplementary groups, the gid and the uid, real, effective and saved alike, so
/// that nothing can switch back. Changing the uid away from 0 clears the permitted and
/// effective capabilities.
pub(super) fn become_user(user: RunUser, last_capability: libc::c_int) -> io::Result<()> {
    use super::bare::{check, prctl};
    for cap in 0..=last_capability {
        prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong);
    }
    // SAFETY: plain system calls with integer arguments (and no group list).
    unsafe {
        check(libc::setgroups(0, std::ptr::null()))?;
        check(libc::setresgid(user.gid, user.gid, user.gid))?;
        check(libc::setresuid(user.uid, user.uid, user.uid))?;
        if libc::geteuid() != user.uid || libc::getegid() != user.gid {
            return Err(io::Error::from_raw_os_error(libc::EPERM));
        }
    }
    Ok(())
}

/// Hands a directory the run writes in to the run's user (a no-op where runs are the judge's
/// own user); only system calls, so it may run between `fork` and `exec`.
pub(super) fn hand_over(dir: &std::ffi::CStr, user: Option<RunUser>) -> io::Result<()> {
    if let Some(user) = user {
        // SAFETY: chown on a C string we are given.
        super::bare::check(unsafe { libc::chown(dir.as_ptr(), user.uid, user.gid) })?;
    }
    Ok(())
}
