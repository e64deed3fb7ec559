//! Holding a run to its memory limit where no memory cgroup can: the runner samples the
//! resident memory of the run's processes every [`SAMPLE`], adds what the sandbox's own tmpfs
//! mounts hold (files in `/tmp` or `/dev/shm` are memory too), and kills the run the moment the
//! sum passes the limit. (With a cgroup the kernel does it, see [`super::cgroup`]: it charges
//! tmpfs pages to the cgroup of the process that wrote them.)

use std::time::{Duration, Instant};

use super::cgroup::RunCgroup;

/// How often the resident memory of a run without a memory cgroup is sampled.
pub const SAMPLE: Duration = Duration::from_millis(10);

/// How often the list of the run's processes is refreshed between samples: finding them means
/// reading every process's `/proc` entry, reading their memory is one small file each.
const REFRESH: Duration = Duration::from_millis(50);

/// How the judge holds runs to their memory limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryEnforcement {
    /// A memory cgroup per run: the kernel stops the run when it needs more than the limit.
    Cgroup,
    /// The runner samples resident memory every 10 ms and kills a run past the limit.
    Sampled,
}

impl MemoryEnforcement {
    /// The name reports use: `cgroup` or `sampled`.
    pub fn name(self) -> &'static str {
        match self {
            MemoryEnforcement::Cgroup => "cgroup",
            MemoryEnforcement::Sampled => "sampled",
        }
    }
}

/// Samples one run's resident memory.
pub(super) struct Sampler {
    limit: u64,
    pgid: libc::pid_t,
    pids: Vec<libc::pid_t>,
    /// In a kept sandbox, the run's entry process (the runner's child): it and the run's init
    /// share memory forked from the judge, which is not the program's.
    entry: Option<libc::pid_t>,
    refreshed: Option<Instant>,
    /// Whether the run has tmpfs mounts of its own (in the sandbox) to count, and a process of
    /// the run whose root shows them (one in another mount namespace than the judge's).
    tmpfs: bool,
    inside: Option<libc::pid_t>,
    /// The largest sum seen, in bytes.
    pub peak: u64,
}

impl Sampler {
    pub(super) fn new(limit: u64, pgid: libc::pid_t) -> Sampler {
        Sampler {
            limit,
            pgid,
            pids: Vec::new(),
            entry: None,
            refreshed: None,
            tmpfs: false,
            inside: None,
            peak: 0,
        }
    }

    /// Counts the sandbox's `/tmp` and `/dev/shm` (and a kept sandbox's `/sandbox`, which
    /// shares their tmpfs) with the run's memory.
    pub(super) fn counting_tmpfs(mut self) -> Sampler {
        self.tmpfs = true;
        self
    }

    /// The limit this sampler holds the run to.
    pub(super) fn limit(&self) -> u64 {
        self.limit
    }

    /// Leaves out the kept sandbox's entry `pid` and the run's init (its child that is PID 1
    /// of the run's PID namespace) from the sum.
    pub(super) fn excluding_entry(mut self, pid: libc::pid_t) -> Sampler {
        self.entry = Some(pid);
        self
    }

    /// Takes one sample; true when the run is over its limit.
    pub(super) fn over_limit(&mut self, cgroup: Option<&RunCgroup>) -> bool {
        if self.refreshed.is_none_or(|t| t.elapsed() >= REFRESH) {
            let pgid = self.pgid;
            self.pids = match cgroup {
                Some(cgroup) => cgroup.pids(),
                None => super::procs::processes_where(|_, pgrp| pgrp == pgid),
            };
            if let Some(entry) = self.entry {
                self.pids
                    .retain(|&pid| pid != entry && !is_init_of(pid, entry));
            }
            if self.tmpfs {
                let mut candidates = self.entry.into_iter().chain(self.pids.iter().copied());
                self.inside = candidates.find(|&pid| in_other_mount_namespace(pid));
            }
            self.refreshed = Some(Instant::now());
        }
        let files = self.inside.map_or(0, tmpfs_used);
        let total: u64 = files
            + self
                .pids
                .iter()
                .filter_map(|&pid| resident(pid))
                .sum::<u64>();
        self.peak = self.peak.max(total);
        total > self.limit
    }
}

/// Whether `pid` is a child of `entry` that is PID 1 of its own PID namespace (the last
/// `NSpid` of `/proc/PID/status`).
fn is_init_of(pid: libc::pid_t, entry: libc::pid_t) -> bool {
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(str::split_whitespace)
    };
    let parent = field("PPid:").and_then(|mut f| f.next()?.parse::<libc::pid_t>().ok());
    let innermost = field("NSpid:").and_then(|f| f.last()?.parse::<libc::pid_t>().ok());
    parent == Some(entry) && innermost == Some(1)
}

/// Whether `pid` sees other mounts than the judge: it is inside the sandbox, whose `/tmp` and
/// `/dev/shm` its root shows.
fn in_other_mount_namespace(pid: libc::pid_t) -> bool {
    let theirs = std::fs::read_link(format!("/proc/{pid}/ns/mnt"));
    let ours = std::fs::read_link("/proc/self/ns/mnt");
    matches!((theirs, ours), (Ok(a), Ok(b)) if a != b)
}

/// The bytes held by the tmpfs mounts at `/tmp` and `/dev/shm` as `pid` sees them (each file
/// system counted once: a kept sandbox's three directories share one).
fn tmpfs_used(pid: libc::pid_t) -> u64 {
    const TMPFS_MAGIC: i64 = 0x0102_1994;
    use std::os::unix::fs::MetadataExt;
    let mut seen: Vec<u64> = Vec::new();
    let mut total = 0;
    for dir in ["tmp", "dev/shm"] {
        let place = format!("/proc/{pid}/root/{dir}");
        let Ok(path) = std::ffi::CString::new(place.as_str()) else {
            continue;
        };
        // SAFETY: statfs fills the plain struct we pass.
        let mut st: libc::statfs = unsafe { std::mem::zeroed() };
        // SAFETY: the path is NUL-terminated and `st` outlives the call.
        if unsafe { libc::statfs(path.as_ptr(), &mut st) } != 0 || st.f_type as i64 != TMPFS_MAGIC {
            continue;
        }
        let Ok(device) = std::fs::metadata(&place).map(|m| m.dev()) else {
            continue;
        };
        if seen.contains(&device) {
            continue;
        }
        seen.push(device);
        total += (st.f_blocks - st.f_bfree) * st.f_bsize as u64;
    }
    total
}

/// The resident memory of a process, in bytes (`/proc/PID/statm`, second field, in pages).
fn resident(pid: libc::pid_t) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page_size())
}

fn page_size() -> u64 {
    static SIZE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    *SIZE
        .get_or_init(|| u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096))
}

/// How many runs of `memory_bytes` each may run at once without their limits adding up to more
/// than the machine's available memory (`MemAvailable`): at most `jobs`, at least one. Says so
/// on stderr (once per command) when that is fewer than `jobs`.
pub fn admissible_jobs(jobs: usize, memory_bytes: u64) -> usize {
    let Some(available) = available_memory() else {
        return jobs;
    };
    let admitted = fitting(jobs, memory_bytes, available);
    if admitted < jobs {
        static NOTE: std::sync::Once = std::sync::Once::new();
        NOTE.call_once(|| {
            eprintln!(
                "note: running {admitted} job{} instead of {jobs}: {jobs} runs of {} MiB would need more than the {} MiB of memory available",
                if admitted == 1 { "" } else { "s" },
                memory_bytes >> 20,
                available >> 20
            );
        });
    }
    admitted
}

/// At most `jobs`, at least one, and no more runs of `memory_bytes` than fit in `available`.
fn fitting(jobs: usize, memory_bytes: u64, available: u64) -> usize {
    let fit = usize::try_from(available / memory_bytes.max(1)).unwrap_or(usize::MAX);
    jobs.min(fit).max(1)
}

/// `MemAvailable` from `/proc/meminfo`, in bytes.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_fit_in_the_available_memory() {
        assert!(available_memory().is_some_and(|bytes| bytes > 0));
        let gib = 1 << 30;
        assert_eq!(fitting(4, 256 << 20, 8 * gib), 4);
        assert_eq!(fitting(4, 3 * gib, 8 * gib), 2);
        assert_eq!(fitting(4, 16 * gib, 8 * gib), 1);
        assert_eq!(fitting(1, gib, 0), 1);
    }
}
