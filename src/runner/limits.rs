//! The limits one run is held to.

use std::time::Duration;

#[derive(Debug, Clone, PartialEq)]
pub struct RunLimits {
    /// CPU time (user + system). The runner stops a process that passes it.
    pub cpu: Duration,
    /// Wall-clock time: catches programs that sleep or block instead of computing.
    pub wall: Duration,
    /// An address-space cap (`RLIMIT_AS`), so that a runaway allocation fails instead of taking
    /// the machine down. Verdicts about memory use the measured peak resident memory instead.
    pub address_space: Option<u64>,
    /// The stack size (`RLIMIT_STACK`); deep recursion is legitimate in contest programs.
    pub stack: Option<u64>,
    /// The largest file the program may write, stdout and stderr included (`RLIMIT_FSIZE`).
    pub file_bytes: u64,
    /// The number of processes (`RLIMIT_NPROC`, where the kernel enforces it for this user).
    pub processes: Option<u64>,
}

impl RunLimits {
    /// Limits for compilers: generous, but a compiler that hangs is still stopped.
    pub fn compiler() -> RunLimits {
        RunLimits {
            cpu: Duration::from_secs(120),
            wall: Duration::from_secs(240),
            address_space: None,
            stack: None,
            file_bytes: 1 << 30,
            processes: None,
        }
    }

    /// Limits for a submission with the given CPU time, memory and output limits.
    ///
    /// The wall-clock limit is three times the CPU limit plus a second, enough for honest
    /// programs on a busy machine. The address space may reach twice the memory limit plus
    /// 512 MiB: a program that touches more than its limit is measured and reported MLE before
    /// the cap stops it, while one that only reserves address space is not punished for it.
    pub fn submission(
        cpu_s: f64,
        memory_mib: u64,
        output_mib: u64,
        cap_address_space: bool,
    ) -> RunLimits {
        let cpu = Duration::from_secs_f64(cpu_s);
        let memory = memory_mib << 20;
        RunLimits {
            cpu,
            wall: cpu * 3 + Duration::from_secs(1),
            address_space: cap_address_space.then_some(2 * memory + (512 << 20)),
            stack: Some(memory),
            file_bytes: output_mib << 20,
            processes: None,
        }
    }

    /// Limits for validators and checkers, which the judge trusts but still bounds.
    pub fn validator(cpu_s: f64, memory_mib: u64) -> RunLimits {
        let cpu = Duration::from_secs_f64(cpu_s);
        RunLimits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            address_space: Some(2 * (memory_mib << 20) + (512 << 20)),
            stack: Some(memory_mib << 20),
            file_bytes: 1 << 30,
            processes: None,
        }
    }
}
