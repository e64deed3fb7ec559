//! The process table as `/proc` shows it: finding processes by their parent and process group
//! (the runner's reaping, its memory sampling and the ledger's crash recovery all look there).

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
