//! Finding where the judge may create cgroups for one controller (`pids`, `memory`, `cpuacct` or
//! `cpuset`): its own
//! directory under the judge's cgroup in a cgroup v1 hierarchy mounting that controller, else in
//! the cgroup v2 hierarchy when the controller is delegated there. Only root (or the owner of a
//! delegated v2 subtree) gets one; everyone else runs without.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The judge's own directory for one controller, and whether it is in a v2 hierarchy.
#[derive(Debug, Clone)]
pub(super) struct Base {
    pub dir: PathBuf,
    pub v2: bool,
    controller: &'static str,
    /// The directory is known to be in place (made by [`Base::ensure`], not removed since), so
    /// that a run does not make it again.
    present: Arc<AtomicBool>,
}

impl Base {
    /// Finds and creates the judge's directory for `controller`; `None` when no writable
    /// hierarchy holds it here.
    pub(super) fn find(controller: &'static str) -> Option<Base> {
        let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
        let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let (own, v2) = own_cgroup(&mountinfo, &membership, controller)?;
        // SAFETY: getpid has no preconditions.
        let dir = own.join(format!("leapfrog-{}", unsafe { libc::getpid() }));
        let base = Base {
            dir,
            v2,
            controller,
            present: Arc::new(AtomicBool::new(false)),
        };
        if v2 {
            // The judge's own cgroup must pass the controller down to the directory it makes.
            enable(&own, controller).ok()?;
        }
        base.ensure().ok()?;
        Some(base)
    }

    /// Creates the directory again if it went away (see [`super::remove_bases`]), with the
    /// controller passed on to the run directories below it.
    pub(super) fn ensure(&self) -> std::io::Result<()> {
        if self.present.load(Ordering::Acquire) {
            return Ok(());
        }
        match std::fs::create_dir(&self.dir) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
        if self.v2 {
            enable(&self.dir, self.controller)?;
        } else if self.controller == "cpuset" {
            // A v1 cpuset starts empty, and no task may join an empty one: the judge's own CPUs
            // and memory nodes are passed down.
            inherit_cpuset(&self.dir)?;
        }
        self.present.store(true, Ordering::Release);
        Ok(())
    }

    /// Notes that the directory went away (another runner of the process removed it), so
    /// that [`Base::ensure`] makes it again.
    pub(super) fn lost(&self) {
        self.present.store(false, Ordering::Release);
    }

    /// Removes the directory (once it is empty), so that the next run makes it again.
    pub(super) fn remove(&self) {
        self.present.store(false, Ordering::Release);
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// v1: gives the cpuset `dir` the CPUs and memory nodes of its parent.
fn inherit_cpuset(dir: &Path) -> std::io::Result<()> {
    let parent = dir.parent().unwrap_or(dir);
    for file in ["cpuset.cpus", "cpuset.mems"] {
        let value = std::fs::read_to_string(parent.join(file))?;
        std::fs::write(dir.join(file), value.trim())?;
    }
    Ok(())
}

/// v2: lets the children of `dir` use `controller`.
fn enable(dir: &Path, controller: &str) -> std::io::Result<()> {
    let enabled = std::fs::read_to_string(dir.join("cgroup.subtree_control"))?;
    if enabled.split_whitespace().any(|c| c == controller) {
        return Ok(());
    }
    std::fs::write(dir.join("cgroup.subtree_control"), format!("+{controller}"))
}

/// The judge's cgroup directory in a hierarchy that has `controller`: a v1 mount of it first,
/// else the v2 mount when the controller is available in the judge's v2 cgroup.
fn own_cgroup(mountinfo: &str, membership: &str, controller: &str) -> Option<(PathBuf, bool)> {
    let mut v2 = None;
    for line in mountinfo.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let fields: Vec<&str> = left.split(' ').collect();
        let super_fields: Vec<&str> = right.split(' ').collect();
        let (Some(root), Some(mount_point)) = (fields.get(3), fields.get(4)) else {
            continue;
        };
        match super_fields.first() {
            Some(&"cgroup")
                if super_fields
                    .get(2)
                    .is_some_and(|o| o.split(',').any(|c| c == controller)) =>
            {
                let path = membership.lines().find_map(|l| {
                    let mut parts = l.splitn(3, ':');
                    let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
                    controllers
                        .split(',')
                        .any(|c| c == controller)
                        .then(|| path.to_string())
                })?;
                return Some((join_cgroup(mount_point, root, &path), false));
            }
            Some(&"cgroup2") => v2 = Some((mount_point.to_string(), root.to_string())),
            _ => {}
        }
    }
    let (mount_point, root) = v2?;
    let path = membership.lines().find_map(|l| l.strip_prefix("0::"))?;
    let own = join_cgroup(&mount_point, &root, path);
    let available = std::fs::read_to_string(own.join("cgroup.controllers")).ok()?;
    available
        .split_whitespace()
        .any(|c| c == controller)
        .then_some((own, true))
}

fn join_cgroup(mount_point: &str, root: &str, path: &str) -> PathBuf {
    let relative = path
        .strip_prefix(root)
        .unwrap_or(path)
        .trim_start_matches('/');
    Path::new(mount_point).join(relative)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTINFO: &str = "\
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
";
    const MEMBERSHIP: &str = "8:pids:/\n4:memory:/jobs/a1\n0::/\n";

    #[test]
    fn finds_the_v1_hierarchy_of_each_controller() {
        assert_eq!(
            own_cgroup(MOUNTINFO, MEMBERSHIP, "memory"),
            Some((PathBuf::from("/sys/fs/cgroup/memory/jobs/a1"), false))
        );
        assert_eq!(
            own_cgroup(MOUNTINFO, MEMBERSHIP, "pids"),
            Some((PathBuf::from("/sys/fs/cgroup/pids/"), false))
        );
    }

    #[test]
    fn joins_paths_below_the_mount_root() {
        assert_eq!(
            join_cgroup("/sys/fs/cgroup", "/user.slice", "/user.slice/judge"),
            PathBuf::from("/sys/fs/cgroup/judge")
        );
    }
}
