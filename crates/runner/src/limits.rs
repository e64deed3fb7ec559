//! The limits one run is held to.

use std::time::Duration;

use crate::units::{Mebibytes, Seconds};

/// The problem package format's default `limits.compilation_time`, in seconds.
pub const DEFAULT_COMPILATION_TIME_S: u64 = 60;
/// The problem package format's default `limits.compilation_memory`, in MiB.
pub const DEFAULT_COMPILATION_MEMORY_MIB: u64 = 2048;
/// Tasks (processes and threads) a compiler may have at once: a JVM starts a few dozen threads,
/// `go build` a few processes of a few each; a fork bomb in a build script many more.
pub const COMPILER_TASKS: u64 = 512;
/// The most a compile may write: each file it writes is cut off there (`RLIMIT_FSIZE`), and a
/// build directory holding more in all is refused (a compile error). A contest program's
/// build is a few MiB; an assembler's `.fill` made one of 900 MB. BAPCtools' own test package
/// (`hello`, `mixed/test-memstatic.cc`) holds a 512 MiB initialised array that must build and
/// then fail at run time, so the bound sits above that and below the 900 MB.
pub const BUILD_BYTES: u64 = 768 << 20;

#[derive(Debug, Clone, PartialEq)]
pub struct RunLimits {
    /// CPU time (user + system). The runner stops a process that passes it.
    pub cpu: Duration,
    /// Wall-clock time: catches programs that sleep or block instead of computing.
    pub wall: Duration,
    /// The memory the run may use, in bytes: held by a memory cgroup where the judge can make
    /// one, else by sampling the run's resident memory (see `runner::memory`).
    pub memory: Option<u64>,
    /// An address-space cap (`RLIMIT_AS`): only a backstop, so that a runaway allocation fails
    /// even if the memory limit is somehow not enforced.
    pub address_space: Option<u64>,
    /// The stack size (`RLIMIT_STACK`); deep recursion is legitimate in contest programs.
    pub stack: Option<u64>,
    /// The largest file the program may write, stdout and stderr included (`RLIMIT_FSIZE`).
    pub file_bytes: u64,
    /// The number of processes (`RLIMIT_NPROC`, where the kernel enforces it for this user).
    pub processes: Option<u64>,
}

impl RunLimits {
    /// Limits for compiling the judges' own programs: the format's default memory and a
    /// process limit, with a generous two minutes of CPU time (a validator in Rust is no
    /// contestant's business); a compiler that hangs or runs away is still stopped.
    pub fn compiler() -> RunLimits {
        RunLimits {
            cpu: Duration::from_secs(120),
            wall: Duration::from_secs(240),
            memory: Some(DEFAULT_COMPILATION_MEMORY_MIB << 20),
            address_space: None,
            stack: None,
            file_bytes: BUILD_BYTES,
            processes: Some(COMPILER_TASKS),
        }
    }

    /// Limits for compiling a submission: `cpu` seconds of CPU time and `memory` bytes (a
    /// package's `limits.compilation_time` and `compilation_memory`, else the format's defaults,
    /// [`DEFAULT_COMPILATION_TIME_S`] and [`DEFAULT_COMPILATION_MEMORY_MIB`]); the wall clock
    /// gets twice that and a second, as waiting for the disk is not the compiler's fault.
    pub fn compiler_within(cpu: Duration, memory: u64) -> RunLimits {
        RunLimits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            memory: Some(memory),
            ..RunLimits::compiler()
        }
    }

    /// Limits for a submission with the given CPU time, memory and output limits.
    ///
    /// The wall-clock limit is `wall`, else 1.5 × the CPU limit plus a second: BAPCtools'
    /// timeout (`time_limit_to_tle` × the time limit + 1 s), enough for honest programs, whose
    /// tests each have a CPU of their own, and a program that sleeps is stopped as soon as the
    /// anchors stop it. The memory limit holds resident memory; the address space
    /// may reach twice the limit plus 512 MiB, so a program that only reserves address space
    /// is not punished for it.
    pub fn submission(
        cpu: Seconds,
        wall: Option<Seconds>,
        memory: Mebibytes,
        output: Mebibytes,
        cap_address_space: bool,
    ) -> RunLimits {
        let cpu = cpu.duration();
        let wall = wall.map_or(cpu * 3 / 2 + Duration::from_secs(1), Seconds::duration);
        RunLimits {
            cpu,
            wall,
            memory: Some(memory.bytes()),
            address_space: cap_address_space.then_some(2 * memory.bytes() + (512 << 20)),
            stack: Some(memory.bytes()),
            file_bytes: output.bytes(),
            processes: None,
        }
    }

    /// Limits for validators and checkers, which the judge trusts but still bounds.
    pub fn validator(cpu: Seconds, memory: Mebibytes) -> RunLimits {
        let cpu = cpu.duration();
        RunLimits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            memory: None,
            address_space: Some(2 * memory.bytes() + (512 << 20)),
            stack: Some(memory.bytes()),
            file_bytes: 1 << 30,
            processes: None,
        }
    }
}
