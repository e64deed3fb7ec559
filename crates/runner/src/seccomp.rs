//! The system calls no run may make, as a seccomp filter installed just before `exec` (or
//! handed to bubblewrap, which installs it just before it starts the program):
//!
//! - the kernel keyrings (`keyctl`, `add_key`, `request_key`): a keyring outlives the process
//!   that fills it (the user keyring lives as long as the user does), so one test could leave
//!   data for the next one;
//! - new user namespaces (`unshare` or `clone` with `CLONE_NEWUSER`; `clone3`, whose flags a
//!   filter cannot read, answers "not implemented" and the C library falls back to `clone`): a
//!   run that can map its uid can mount a tmpfs of its own, which nothing counts;
//! - `ioctl(TIOCSTI)`, which types characters into a terminal's input;
//! - every system call of another ABI (32-bit x86, x32), whose numbers the filter does not know.
//!
//! Nothing else changes: the filter only refuses, with an error, what contest programs and
//! compilers never need.

use std::io;

/// `struct seccomp_data`: where the filter finds the call's number, ABI and arguments.
const NR: u32 = 0;
const ARCH: u32 = 4;
/// The low 32 bits of argument `i` (little-endian).
const fn arg(i: u32) -> u32 {
    16 + 8 * i
}

const LD_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JSET: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RET: u16 = 0x06; // BPF_RET | BPF_K

const ALLOW: u32 = 0x7fff_0000;
const ERRNO: u32 = 0x0005_0000;

#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: Option<u32> = Some(0xc000_003e);
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: Option<u32> = Some(0xc000_00b7);
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const AUDIT_ARCH: Option<u32> = None;

fn stmt(code: u16, k: u32) -> libc::sock_filter {
    libc::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump(code: u16, k: u32, jt: u8, jf: u8) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

/// The filter, built once; `None` on an architecture it is not written for (the README says
/// what then stays reachable).
pub(super) fn filter() -> Option<&'static [libc::sock_filter]> {
    static FILTER: std::sync::OnceLock<Option<Vec<libc::sock_filter>>> = std::sync::OnceLock::new();
    FILTER.get_or_init(build).as_deref()
}

fn build() -> Option<Vec<libc::sock_filter>> {
    let arch = AUDIT_ARCH?;
    let enosys = ERRNO | libc::ENOSYS as u32;
    let eperm = ERRNO | libc::EPERM as u32;
    let mut p = vec![
        stmt(LD_ABS, ARCH),
        jump(JEQ, arch, 1, 0),
        stmt(RET, enosys),
        stmt(LD_ABS, NR),
    ];
    if cfg!(target_arch = "x86_64") {
        // x32 calls are the x86-64 numbers with bit 30 set.
        p.extend([jump(JGE, 0x4000_0000, 0, 1), stmt(RET, enosys)]);
    }
    for nr in [
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_clone3,
    ] {
        p.extend([jump(JEQ, nr as u32, 0, 1), stmt(RET, enosys)]);
    }
    // Flags are the first argument of both unshare and clone (on x86-64 and arm64).
    for nr in [libc::SYS_unshare, libc::SYS_clone] {
        p.extend([
            jump(JEQ, nr as u32, 0, 4),
            stmt(LD_ABS, arg(0)),
            jump(JSET, libc::CLONE_NEWUSER as u32, 0, 1),
            stmt(RET, eperm),
            stmt(RET, ALLOW),
        ]);
    }
    p.extend([
        jump(JEQ, libc::SYS_ioctl as u32, 0, 4),
        stmt(LD_ABS, arg(1)),
        jump(JEQ, libc::TIOCSTI as u32, 0, 1),
        stmt(RET, eperm),
        stmt(RET, ALLOW),
    ]);
    p.push(stmt(RET, ALLOW));
    Some(p)
}

/// Installs the filter in this process (between `fork` and `exec`: system calls only).
/// Without privileges the kernel wants `no_new_privs` first, which no run needs anyway.
pub(super) fn install(filter: &[libc::sock_filter]) -> io::Result<()> {
    let program = libc::sock_fprog {
        len: filter.len() as libc::c_ushort,
        filter: filter.as_ptr().cast_mut(),
    };
    super::bare::check(super::bare::prctl(libc::PR_SET_NO_NEW_PRIVS, 1))?;
    let zero: libc::c_ulong = 0;
    // SAFETY: prctl with a pointer to a filter that outlives the call.
    let r = unsafe {
        libc::prctl(
            libc::PR_SET_SECCOMP,
            libc::SECCOMP_MODE_FILTER as libc::c_ulong,
            &program as *const libc::sock_fprog as libc::c_ulong,
            zero,
            zero,
        )
    };
    super::bare::check(r)?;
    Ok(())
}

/// The filter as bubblewrap's `--seccomp` reads it: the raw instructions.
pub(super) fn bytes(filter: &[libc::sock_filter]) -> Vec<u8> {
    let mut out = Vec::with_capacity(filter.len() * 8);
    for i in filter {
        out.extend_from_slice(&i.code.to_ne_bytes());
        out.push(i.jt);
        out.push(i.jf);
        out.extend_from_slice(&i.k.to_ne_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_jump_lands_inside_the_filter() {
        let Some(filter) = filter() else { return };
        for (at, i) in filter.iter().enumerate() {
            if i.code & 0x07 == 0x05 {
                let far = at + 1 + usize::from(i.jt.max(i.jf));
                assert!(far < filter.len(), "instruction {at} jumps out");
            }
        }
        assert_eq!(filter.last().unwrap().code, RET);
    }
}
