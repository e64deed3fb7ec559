//! Reading and writing a run cgroup's control files: its limits, its peak, its OOM kills and
//! its CPU time, in either cgroup version.

use std::path::Path;
use std::time::Duration;

use crate::error::{Doing, SetupError};

/// The OOM kills a memory cgroup has counted (`oom_kill` in v2's `memory.events`, v1's
/// `memory.oom_control`).
pub(super) fn oom_kills(dir: &Path, v2: bool) -> Option<u64> {
    let file = if v2 {
        "memory.events"
    } else {
        "memory.oom_control"
    };
    let text = std::fs::read_to_string(dir.join(file)).ok()?;
    text.lines()
        .find_map(|line| line.strip_prefix("oom_kill ")?.trim().parse().ok())
}

/// The CPU time a cgroup has counted: v1's `cpuacct.usage` (nanoseconds), v2's `usage_usec`
/// in `cpu.stat`.
pub(super) fn cpu_usage(dir: &Path, v2: bool) -> Option<Duration> {
    if !v2 {
        return read_number(&dir.join("cpuacct.usage")).map(Duration::from_nanos);
    }
    let text = std::fs::read_to_string(dir.join("cpu.stat")).ok()?;
    text.lines()
        .find_map(|line| line.strip_prefix("usage_usec ")?.trim().parse().ok())
        .map(Duration::from_micros)
}

/// Holds a cgroup at `bytes` of memory with no swap.
pub(super) fn set_memory_limit(dir: &Path, v2: bool, bytes: u64) -> Result<(), SetupError> {
    let bytes = bytes.to_string();
    if v2 {
        write(&dir.join("memory.max"), &bytes)?;
        if dir.join("memory.swap.max").exists() {
            write(&dir.join("memory.swap.max"), "0")?;
        }
        // When the OOM killer strikes, stop the whole run, not one of its processes.
        let _ = std::fs::write(dir.join("memory.oom.group"), "1");
    } else {
        write(&dir.join("memory.limit_in_bytes"), &bytes)?;
        // memory + swap may not be below memory alone, so it is set second.
        if dir.join("memory.memsw.limit_in_bytes").exists() {
            write(&dir.join("memory.memsw.limit_in_bytes"), &bytes)?;
        }
        let _ = std::fs::write(dir.join("memory.swappiness"), "0");
    }
    Ok(())
}

pub(super) fn write(path: &Path, value: &str) -> Result<(), SetupError> {
    std::fs::write(path, value).doing(|| format!("writing {value} to {}", path.display()))
}

pub(super) fn read_number(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}
