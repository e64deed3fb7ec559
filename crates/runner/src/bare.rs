//! Small wrappers of system calls for the code that runs between `fork` and `exec`
//! ([`super::enter`]): no allocation, no locks, errors as `io::Error` from errno.

use std::ffi::CStr;
use std::io;
use std::os::fd::RawFd;

/// The program's last step before `exec`: no capabilities, none to be regained; `last` is
/// the highest capability number the kernel knows ([`last_capability`]).
pub(super) fn drop_capabilities(last: libc::c_int) -> io::Result<()> {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const VERSION_3: u32 = 0x2008_0522;
    // SAFETY: prctl with integer arguments; capset reads the two structs we pass.
    unsafe {
        for cap in 0..=last {
            prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong);
        }
        prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL as libc::c_ulong,
        );
        let header = Header {
            version: VERSION_3,
            pid: 0,
        };
        let none = [
            Data {
                effective: 0,
                permitted: 0,
                inheritable: 0,
            },
            Data {
                effective: 0,
                permitted: 0,
                inheritable: 0,
            },
        ];
        check(libc::syscall(libc::SYS_capset, &header, none.as_ptr()) as libc::c_int)?;
        check(prctl(libc::PR_SET_NO_NEW_PRIVS, 1))?;
    }
    Ok(())
}

/// prctl with one argument, passed at the width the kernel reads, the others zero.
pub(super) fn prctl(option: libc::c_int, arg: libc::c_ulong) -> libc::c_int {
    let zero: libc::c_ulong = 0;
    // SAFETY: prctl with integer arguments.
    unsafe { libc::prctl(option, arg, zero, zero, zero) }
}

pub(super) fn check(r: libc::c_int) -> io::Result<libc::c_int> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(r)
    }
}

/// The highest capability number this kernel knows (read before the fork).
pub(super) fn last_capability() -> libc::c_int {
    static LAST: std::sync::OnceLock<libc::c_int> = std::sync::OnceLock::new();
    *LAST.get_or_init(|| {
        std::fs::read_to_string("/proc/sys/kernel/cap_last_cap")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(63)
    })
}

/// Closes every descriptor but `keep`, so that the entry and the init hold none of the
/// judge's (among them the pipe on which the runner learns that the program started).
pub(super) fn close_all_but(keep: RawFd) {
    // SAFETY: closing descriptors of this process, which uses none of them afterwards.
    unsafe {
        let all = libc::c_uint::MAX;
        let ok = if keep < 0 {
            libc::syscall(libc::SYS_close_range, 0, all, 0) == 0
        } else {
            (keep == 0 || libc::syscall(libc::SYS_close_range, 0, keep as u32 - 1, 0) == 0)
                && libc::syscall(libc::SYS_close_range, keep as u32 + 1, all, 0) == 0
        };
        if !ok {
            for fd in (0..4096).filter(|&fd| fd != keep) {
                libc::close(fd);
            }
        }
    }
}

/// Waits for a child: its wait status and resource use (SIGKILL if it cannot be waited for).
pub(super) fn wait_for(pid: libc::pid_t) -> (libc::c_int, libc::rusage) {
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in; waiting for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 writes only into `status` and `usage`, which outlive the call.
    while unsafe { libc::wait4(pid, &mut status, libc::__WALL, &mut usage) } < 0 {
        if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return (libc::SIGKILL, usage);
        }
    }
    (status, usage)
}

pub(super) fn usage_micros(usage: &libc::rusage) -> u64 {
    let micros = |tv: libc::timeval| tv.tv_sec.max(0) as u64 * 1_000_000 + tv.tv_usec.max(0) as u64;
    micros(usage.ru_utime) + micros(usage.ru_stime)
}

/// A new stack of `bytes` (a multiple of the page size) in this process's memory, never freed
/// (the process ends with the run); its highest address, where it starts (stacks grow down).
pub(super) fn map_stack(bytes: usize) -> io::Result<*mut libc::c_void> {
    // SAFETY: an anonymous private mapping at an address the kernel picks.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
            -1,
            0,
        )
    };
    if base == libc::MAP_FAILED {
        return Err(io::Error::last_os_error());
    }
    Ok((base as usize + bytes) as *mut libc::c_void)
}

/// An exit code telling how a process ended: its own, or 128 + the signal that killed it.
pub(super) fn exit_code(status: libc::c_int) -> libc::c_int {
    if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    }
}

/// The bytes the run's tmpfs holds (its `/tmp`, sharing the file system with `/sandbox` and
/// `/dev/shm`): called by the entry, inside the run's mount namespace.
pub(super) fn tmpfs_used() -> u64 {
    // SAFETY: statfs fills the plain struct we pass.
    unsafe {
        let mut st: libc::statfs = std::mem::zeroed();
        if libc::statfs(c"/tmp".as_ptr(), &mut st) != 0 {
            return 0;
        }
        st.f_blocks.saturating_sub(st.f_bfree) * st.f_bsize as u64
    }
}

/// Where the judge's command line and environment lie in its memory: fields 48 to 51 of
/// `/proc/self/stat` (read once, before any fork); zeros where they cannot be read.
pub(super) fn judge_strings() -> [(usize, usize); 2] {
    static STRINGS: std::sync::OnceLock<[(usize, usize); 2]> = std::sync::OnceLock::new();
    *STRINGS.get_or_init(read_judge_strings)
}

fn read_judge_strings() -> [(usize, usize); 2] {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<usize> = stat
        .rsplit_once(')')
        .map(|(_, rest)| {
            rest.split_whitespace()
                .map(|f| f.parse().unwrap_or(0))
                .collect()
        })
        .unwrap_or_default();
    // Field 3 (the state) is the first after the command name; field n is at index n - 3.
    let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0);
    [(field(48), field(49)), (field(50), field(51))]
}

/// Overwrites this process's copy of the judge's command line (with the init's name) and
/// environment (with zeros): `strings` from [`judge_strings`], read before the fork.
pub(super) fn blank(strings: &[(usize, usize); 2]) {
    const NAME: &[u8] = b"sandbox-init\0";
    for (i, &(start, end)) in strings.iter().enumerate() {
        if start == 0 || end <= start {
            continue;
        }
        // SAFETY: the range is this process's own argv or environment block (its private
        // copy of the judge's, after the fork), which is writable stack memory.
        unsafe {
            let area = std::slice::from_raw_parts_mut(start as *mut u8, end - start);
            area.fill(0);
            if i == 0 && area.len() >= NAME.len() {
                area[..NAME.len()].copy_from_slice(NAME);
            }
        }
    }
}

/// Kills a child of ours and reaps it (for a run's init: everything left in its PID namespace
/// dies with it).
pub(super) fn kill_and_reap(child: libc::pid_t) {
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child, libc::SIGKILL) };
    wait_for(child);
}

/// Lowers the address-space limit (`RLIMIT_AS`) of the calling process to `bytes` (never above
/// the hard limit it has).
pub(super) fn cap_address_space(bytes: u64) -> io::Result<()> {
    let mut current = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit on a value we own.
    unsafe {
        libc::getrlimit(libc::RLIMIT_AS, &mut current);
        let hard = (bytes as libc::rlim_t).min(current.rlim_max);
        let limit = libc::rlimit {
            rlim_cur: hard,
            rlim_max: hard,
        };
        check(libc::setrlimit(libc::RLIMIT_AS, &limit))?;
    }
    Ok(())
}

/// Brings the loopback interface of the calling process's network namespace up.
pub(super) fn loopback_up() -> io::Result<()> {
    // SAFETY: a socket we close before returning; the ioctls read and write `request`, a
    // plain struct we own, named by a NUL-terminated interface name.
    unsafe {
        let fd = check(libc::socket(
            libc::AF_INET,
            libc::SOCK_DGRAM | libc::SOCK_CLOEXEC,
            0,
        ))?;
        let mut request: libc::ifreq = std::mem::zeroed();
        request.ifr_name[..3].copy_from_slice(&[b'l' as libc::c_char, b'o' as libc::c_char, 0]);
        let mut result = check(libc::ioctl(fd, libc::SIOCGIFFLAGS, &mut request));
        if result.is_ok() {
            request.ifr_ifru.ifru_flags |= libc::IFF_UP as libc::c_short;
            result = check(libc::ioctl(fd, libc::SIOCSIFFLAGS, &request));
        }
        libc::close(fd);
        result.map(drop)
    }
}

/// Parts of `/proc` that are shown read-only, as bubblewrap does.
const PROC_COVERS: [&CStr; 4] = [
    c"/proc/sys",
    c"/proc/sysrq-trigger",
    c"/proc/irq",
    c"/proc/bus",
];

/// Mounts the `/proc` of the calling process's PID namespace, with the parts bubblewrap covers
/// read-only ([`PROC_COVERS`]) shown read-only.
pub(super) fn mount_proc() -> io::Result<()> {
    // SAFETY: mounts on C strings that live as long as the program.
    unsafe {
        let proc_flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
        check(libc::mount(
            c"proc".as_ptr(),
            c"/proc".as_ptr(),
            c"proc".as_ptr(),
            proc_flags,
            std::ptr::null(),
        ))?;
        for cover in PROC_COVERS {
            let path = cover.as_ptr();
            let (null, no_data) = (std::ptr::null(), std::ptr::null());
            // A part this kernel does not have needs no cover (the bind says so: no
            // separate look-up first).
            let bind = libc::MS_BIND | libc::MS_REC;
            if libc::mount(path, path, null, bind, no_data) != 0 {
                match io::Error::last_os_error() {
                    err if err.raw_os_error() == Some(libc::ENOENT) => continue,
                    err => return Err(err),
                }
            }
            let flags = libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | proc_flags;
            check(libc::mount(null, path, null, flags, no_data))?;
        }
    }
    Ok(())
}
