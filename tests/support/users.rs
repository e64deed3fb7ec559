//! Users of the machine for the hostile tests (issue 40): whether the tests run as root (only
//! root can make the judge change its user, or make users at all), and a throwaway user, made
//! with `useradd` for one test and removed when it drops, even when the test fails.

use std::process::Command;

/// Whether the tests run as root.
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// A user of the machine made for one test, removed on drop (a failing test unwinds).
pub struct ThrowawayUser {
    pub name: String,
    pub uid: u32,
}

impl ThrowawayUser {
    /// `None`, saying why, where users cannot be made here (not root, no `useradd`).
    pub fn make(tag: &str) -> Option<ThrowawayUser> {
        if !is_root() {
            eprintln!("skipped: the judge is not root, so it cannot make a throwaway user");
            return None;
        }
        let name = format!("lf-{tag}-{}", std::process::id() % 100_000);
        let _ = Command::new("userdel").arg(&name).output();
        let made = Command::new("useradd")
            .args(["-M", "-N", "-s", "/usr/sbin/nologin", &name])
            .output();
        if !made.as_ref().is_ok_and(|o| o.status.success()) {
            eprintln!("skipped: useradd cannot make a user here ({made:?})");
            return None;
        }
        let id = Command::new("id").args(["-u", &name]).output().unwrap();
        let uid = String::from_utf8_lossy(&id.stdout).trim().parse().unwrap();
        Some(ThrowawayUser { name, uid })
    }

    /// A command run as this user (no group of root's).
    pub fn command(&self, program: &str) -> Command {
        let mut cmd = Command::new("setpriv");
        cmd.args([
            &format!("--reuid={}", self.uid),
            "--regid=65534",
            "--clear-groups",
            "--",
            program,
        ]);
        cmd
    }
}

impl Drop for ThrowawayUser {
    fn drop(&mut self) {
        let _ = Command::new("userdel").arg(&self.name).output();
    }
}
