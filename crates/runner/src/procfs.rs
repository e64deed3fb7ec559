//! Finding processes in `/proc`, for the sweeps that must see a run's processes without a
//! cgroup (the memory sampler, the reaper, the crash ledger). A leaf: it knows nothing of runs.

/// The processes whose parent and process group (from `/proc/PID/stat`) satisfy `keep`.
pub(super) fn processes_where(keep: impl Fn(libc::pid_t, libc::pid_t) -> bool) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command name is in parentheses and may contain anything; fields follow the last ')'.
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let mut fields = rest.split_whitespace().skip(1).map(|s| s.parse().ok());
        if let (Some(Some(ppid)), Some(Some(pgrp))) = (fields.next(), fields.next())
            && keep(ppid, pgrp)
        {
            found.push(pid);
        }
    }
    found
}
