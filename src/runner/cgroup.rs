//! Process-count limits through the `pids` cgroup controller, for the case where the kernel
//! will not enforce `RLIMIT_NPROC`: processes of the global root user are exempt from it, even
//! inside a user namespace. When the judge runs as root and a pids hierarchy is writable (cgroup
//! v1, or a v2 hierarchy that delegates `pids`), each run gets its own cgroup with `pids.max`
//! set; the child joins it before `exec`, and at the end every task still in it is killed, even
//! one that left the run's process group.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The judge's own directory in the pids hierarchy, if it could make one.
fn base() -> Option<&'static Path> {
    static BASE: OnceLock<Option<PathBuf>> = OnceLock::new();
    BASE.get_or_init(|| {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return None;
        }
        let parent = own_pids_cgroup()?;
        // SAFETY: getpid has no preconditions.
        let dir = parent.join(format!("leapfrog-{}", unsafe { libc::getpid() }));
        std::fs::create_dir(&dir).ok()?;
        if !dir.join("pids.max").exists() && enable_pids_controller(&dir).is_none() {
            let _ = std::fs::remove_dir(&dir);
            return None;
        }
        Some(dir)
    })
    .as_deref()
}

/// Where this process sits in a pids hierarchy: a cgroup v1 `pids` mount, else cgroup v2.
fn own_pids_cgroup() -> Option<PathBuf> {
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut v2 = None;
    for line in mountinfo.lines() {
        let (left, right) = line.split_once(" - ")?;
        let fields: Vec<&str> = left.split(' ').collect();
        let super_fields: Vec<&str> = right.split(' ').collect();
        let (root, mount_point) = (fields.get(3)?, fields.get(4)?);
        match super_fields.first() {
            Some(&"cgroup")
                if super_fields
                    .get(2)
                    .is_some_and(|o| o.split(',').any(|c| c == "pids")) =>
            {
                let path = membership.lines().find_map(|l| {
                    let mut parts = l.splitn(3, ':');
                    let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
                    controllers
                        .split(',')
                        .any(|c| c == "pids")
                        .then(|| path.to_string())
                })?;
                return Some(join_cgroup(mount_point, root, &path));
            }
            Some(&"cgroup2") => v2 = Some((mount_point.to_string(), root.to_string())),
            _ => {}
        }
    }
    let (mount_point, root) = v2?;
    let path = membership.lines().find_map(|l| l.strip_prefix("0::"))?;
    Some(join_cgroup(&mount_point, &root, path))
}

fn join_cgroup(mount_point: &str, root: &str, path: &str) -> PathBuf {
    let relative = path
        .strip_prefix(root)
        .unwrap_or(path)
        .trim_start_matches('/');
    Path::new(mount_point).join(relative)
}

/// cgroup v2: a new child only has `pids.max` when its parent delegates the controller.
fn enable_pids_controller(dir: &Path) -> Option<()> {
    let parent = dir.parent()?;
    std::fs::write(parent.join("cgroup.subtree_control"), "+pids").ok()?;
    dir.join("pids.max").exists().then_some(())
}

/// Whether runs can be held to a process count by a cgroup.
pub fn available() -> bool {
    base().is_some()
}

/// One run's cgroup.
pub struct RunCgroup {
    dir: PathBuf,
    procs: CString,
}

impl RunCgroup {
    /// A fresh cgroup allowing at most `max_tasks` tasks (processes and threads).
    pub fn create(max_tasks: u64) -> Option<RunCgroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let base = base()?;
        // The judge's directory goes away between commands (see `remove_base`).
        let _ = std::fs::create_dir(base);
        let dir = base.join(format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
        std::fs::create_dir(&dir).ok()?;
        if std::fs::write(dir.join("pids.max"), max_tasks.to_string()).is_err() {
            let _ = std::fs::remove_dir(&dir);
            return None;
        }
        let procs = CString::new(
            dir.join("cgroup.procs")
                .into_os_string()
                .into_encoded_bytes(),
        )
        .ok()?;
        Some(RunCgroup { dir, procs })
    }

    /// The `cgroup.procs` file the child writes "0" to, joining the cgroup before `exec`.
    pub fn procs_file(&self) -> &CString {
        &self.procs
    }

    /// The processes in the cgroup now.
    pub fn pids(&self) -> Vec<libc::pid_t> {
        std::fs::read_to_string(self.dir.join("cgroup.procs"))
            .map(|s| s.lines().filter_map(|l| l.trim().parse().ok()).collect())
            .unwrap_or_default()
    }

    /// Kills everything in the cgroup until it is empty (processes forking as they die are
    /// caught by the next round).
    pub fn kill_all(&self) {
        for _ in 0..200 {
            let pids = self.pids();
            if pids.is_empty() {
                return;
            }
            for pid in pids {
                // SAFETY: signalling a process of this run.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        self.kill_all();
        for _ in 0..100 {
            if std::fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// Removes the judge's own cgroup directory (call when no run is in progress).
pub fn remove_base() {
    if let Some(base) = base() {
        let _ = std::fs::remove_dir(base);
    }
}
