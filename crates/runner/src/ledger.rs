//! Crash recovery: every judge keeps a ledger of what it created outside its own memory (its
//! cgroup directories, its scratch directories, the session of each run in progress), and the
//! first judge to start after one was killed (SIGKILL, a power cut of the terminal) removes what
//! the dead one left: it kills the processes still in its cgroups and runs' sessions, removes
//! those cgroups and deletes those directories. A ledger whose judge still lives is never
//! touched: a judge is known by its pid and its start time, so a reused pid is not mistaken for
//! it.
//!
//! Ledgers are small files in a directory of the user's own (`$XDG_RUNTIME_DIR/leapfrog-ledgers`,
//! else `/dev/shm/leapfrog-ledgers-UID`, else the same in `/tmp`), mode 0700 and owned by the
//! user, rewritten (written aside and renamed) at each change. Without such a directory the
//! judge runs without one, as before.

use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Names of directories a ledger may ask to delete: nothing else is ever removed, whatever a
/// ledger says.
const DELETABLE: [&str; 2] = ["leapfrog-", ".building-"];

/// This judge's ledger: one per [`crate::Runner`], opened (after clearing what dead judges
/// left) when the runner is made, removed when it is dropped (by then its runs are over, its
/// cgroups and scratch directories removed).
pub(crate) struct Ledger {
    file: PathBuf,
    lines: Mutex<Vec<String>>,
}

impl Ledger {
    /// Clears what dead judges left, then opens this judge's ledger; `None` where there is no
    /// ledger directory of the user's own (the judge then runs without one).
    pub(crate) fn open() -> Option<Ledger> {
        let dir = directory()?;
        sweep(&dir);
        // SAFETY: getpid has no preconditions.
        let pid = unsafe { libc::getpid() };
        // Two runners of one process (a test harness's threads) keep a ledger each.
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nth = NEXT.fetch_add(1, Ordering::Relaxed);
        let me = Judge {
            pid,
            start: start_time(pid)?,
            nth,
        };
        Some(Ledger {
            file: dir.join(me.to_string()),
            lines: Mutex::new(Vec::new()),
        })
    }

    /// Notes a directory this judge created (a scratch directory, a cgroup base).
    pub(crate) fn note_dir(&self, kind: &str, path: &Path) {
        self.change(|lines| lines.push(format!("{kind} {}", path.display())));
    }

    /// Forgets a directory this judge removed itself.
    pub(crate) fn forget_dir(&self, kind: &str, path: &Path) {
        let line = format!("{kind} {}", path.display());
        self.change(|lines| lines.retain(|l| *l != line));
    }

    /// Notes a run in progress: the session its processes are in (numbered as its first
    /// process).
    pub(crate) fn note_run(&self, pid: libc::pid_t) {
        let Some(start) = start_time(pid) else { return };
        self.change(|lines| lines.push(format!("run {pid} {start}")));
    }

    /// Forgets a run once it is over (everything in it killed and reaped).
    pub(crate) fn forget_run(&self, pid: libc::pid_t) {
        let prefix = format!("run {pid} ");
        self.change(|lines| lines.retain(|l| !l.starts_with(&prefix)));
    }

    fn change(&self, edit: impl FnOnce(&mut Vec<String>)) {
        let mut lines = self.lines.lock().unwrap_or_else(|p| p.into_inner());
        edit(&mut lines);
        let mut text = lines.join("\n");
        text.push('\n');
        let aside = self.file.with_extension("new");
        // A ledger that cannot be written only means less to recover after a crash.
        if std::fs::write(&aside, text).is_ok() {
            let _ = std::fs::rename(&aside, &self.file);
        }
    }
}

impl Drop for Ledger {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.file);
    }
}

/// The user's own ledger directory, created when missing; `None` unless it is a real directory
/// owned by this user that nobody else may enter.
fn directory() -> Option<PathBuf> {
    // SAFETY: getuid has no preconditions.
    let uid = unsafe { libc::getuid() };
    let place = match std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from) {
        Some(run) if run.is_dir() => run.join("leapfrog-ledgers"),
        _ if Path::new("/dev/shm").is_dir() => {
            PathBuf::from(format!("/dev/shm/leapfrog-ledgers-{uid}"))
        }
        _ => PathBuf::from(format!("/tmp/leapfrog-ledgers-{uid}")),
    };
    let _ = std::fs::DirBuilder::new().mode(0o700).create(&place);
    let meta = std::fs::symlink_metadata(&place).ok()?;
    (meta.is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0).then_some(place)
}

/// When a process started (field 22 of `/proc/PID/stat`, in clock ticks since boot).
fn start_time(pid: libc::pid_t) -> Option<u64> {
    stat_fields(pid)?.get(19).and_then(|f| f.parse().ok())
}

/// The fields of `/proc/PID/stat` after the command name (the first is field 3, the state).
fn stat_fields(pid: libc::pid_t) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    Some(rest.split_whitespace().map(str::to_string).collect())
}

/// Whether the process `pid` that started at `start` still lives.
fn alive(pid: libc::pid_t, start: u64) -> bool {
    start_time(pid) == Some(start)
}

/// Clears what every dead judge's ledger lists, then the ledger. A ledger is claimed before it
/// is cleared (renamed to `PID-START.sweep-MYPID-MYSTART`), so that of two judges starting at
/// once only one clears it; the other waits (a few seconds at most) until the claimant is done,
/// so that when any judge's sweep returns, what dead judges left is gone. A claim whose judge
/// died while clearing is claimed again.
fn sweep(dir: &Path) {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let Some(my_start) = start_time(me) else {
        return;
    };
    let mut pending = Vec::new();
    for name in entry_names(dir) {
        let Some(found) = Found::parse(&name) else {
            continue;
        };
        let path = dir.join(&name);
        match found {
            Found::Ledger { owner } if !owner.alive() => {}
            Found::Claimed { claimant, .. } if claimant.alive() => {
                pending.push(path);
                continue;
            }
            Found::Claimed { .. } => {}
            // A ledger of a live judge, or one it is writing aside (`.new`).
            _ => continue,
        }
        let owner = found.owner();
        let claimed = dir.join(format!("{owner}.sweep-{me}-{my_start}"));
        if std::fs::rename(&path, &claimed).is_err() {
            // Another judge claimed it first: it clears it.
            pending.push(claimed);
            continue;
        }
        let text = std::fs::read_to_string(&claimed).unwrap_or_default();
        for line in text.lines() {
            clear(line);
        }
        let _ = std::fs::remove_file(&claimed);
        let _ = std::fs::remove_file(dir.join(format!("{owner}.new")));
    }
    wait_for_claims(dir, pending);
}

/// Waits until the ledgers other live judges are clearing are gone (5 s at most).
fn wait_for_claims(dir: &Path, mut pending: Vec<PathBuf>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while std::time::Instant::now() < deadline {
        // A claim is pending while a file of that ledger exists under any claimant's name.
        let names = entry_names(dir);
        pending.retain(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let ledger = name.split('.').next().unwrap_or_default().to_string();
            names
                .iter()
                .any(|n| n.starts_with(&format!("{ledger}.sweep-")))
        });
        if pending.is_empty() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

fn entry_names(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// A judge, known by its pid and start time, and which of its runners (a process may hold
/// several, each with a ledger of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Judge {
    pid: libc::pid_t,
    start: u64,
    nth: u64,
}

impl Judge {
    /// `PID-START`, or `PID-START_N` for a process's runner after its first.
    fn parse(text: &str) -> Option<Judge> {
        let (pid, rest) = text.split_once('-')?;
        let (start, nth) = rest.split_once('_').unwrap_or((rest, "0"));
        Some(Judge {
            pid: pid.parse().ok()?,
            start: start.parse().ok()?,
            nth: nth.parse().ok()?,
        })
    }

    fn alive(self) -> bool {
        alive(self.pid, self.start)
    }
}

impl std::fmt::Display for Judge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.pid, self.start)?;
        match self.nth {
            0 => Ok(()),
            nth => write!(f, "_{nth}"),
        }
    }
}

/// A file in the ledger directory: a judge's ledger, or one claimed by a sweeping judge.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    Ledger { owner: Judge },
    Claimed { owner: Judge, claimant: Judge },
}

impl Found {
    fn parse(name: &str) -> Option<Found> {
        match name.split_once(".sweep-") {
            Some((owner, claimant)) => Some(Found::Claimed {
                owner: Judge::parse(owner)?,
                claimant: Judge::parse(claimant)?,
            }),
            None => Some(Found::Ledger {
                owner: Judge::parse(name)?,
            }),
        }
    }

    fn owner(&self) -> Judge {
        match self {
            Found::Ledger { owner } | Found::Claimed { owner, .. } => *owner,
        }
    }
}

/// Clears one thing a dead judge left.
fn clear(line: &str) {
    let Some((kind, what)) = line.split_once(' ') else {
        return;
    };
    match kind {
        "run" => {
            let mut parts = what.split(' ').map(str::parse::<u64>);
            if let (Some(Ok(pid)), Some(Ok(start))) = (parts.next(), parts.next()) {
                kill_session(pid as libc::pid_t, start);
            }
        }
        "cgroup" => clear_cgroup(Path::new(what)),
        "dir" => {
            let path = Path::new(what);
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if DELETABLE.iter().any(|p| name.starts_with(p)) {
                let _ = std::fs::remove_dir_all(path);
            }
        }
        _ => {}
    }
}

/// Kills every process left in a dead run's session. While any process is in a session, the
/// kernel does not give its number to another process; if the session's leader lives, it must
/// be the run's own (same start time), not a newcomer with a reused pid.
fn kill_session(sid: libc::pid_t, start: u64) {
    if start_time(sid).is_some_and(|s| s != start) {
        return;
    }
    for pid in super::procs::processes_where(|_, _| true) {
        let in_session = stat_fields(pid)
            .and_then(|f| f.get(3).and_then(|s| s.parse::<libc::pid_t>().ok()))
            == Some(sid);
        if in_session {
            // SAFETY: signalling a process of a dead judge's run.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

/// Kills every task in a dead judge's cgroup directory and its run directories, then removes
/// them.
fn clear_cgroup(base: &Path) {
    let name = base.file_name().unwrap_or_default().to_string_lossy();
    if !name.starts_with("leapfrog-") || !base.join("cgroup.procs").is_file() {
        return;
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(base)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                .map(|e| e.path())
                .collect()
        })
        .unwrap_or_default();
    dirs.push(base.to_path_buf());
    for dir in dirs {
        for _ in 0..100 {
            let procs = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
            for pid in procs
                .lines()
                .filter_map(|l| l.trim().parse::<libc::pid_t>().ok())
            {
                // SAFETY: signalling a task of a dead judge's cgroup.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            if std::fs::remove_dir(&dir).is_ok() || !dir.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ledger_names_are_read_as_ledgers_claims_or_nothing() {
        let owner = Judge {
            pid: 12,
            start: 345,
            nth: 0,
        };
        let claimant = Judge {
            pid: 67,
            start: 89,
            nth: 0,
        };
        assert_eq!(Found::parse("12-345"), Some(Found::Ledger { owner }));
        assert_eq!(
            Found::parse("12-345.sweep-67-89"),
            Some(Found::Claimed { owner, claimant })
        );
        assert_eq!(Found::parse("12-345.new"), None);
        let second = Judge { nth: 2, ..owner };
        assert_eq!(
            Found::parse("12-345_2"),
            Some(Found::Ledger { owner: second })
        );
        assert_eq!(second.to_string(), "12-345_2");
        assert_eq!(Found::parse("12-345.sweep-67"), None);
        assert_eq!(Found::parse("notes"), None);
    }

    #[test]
    fn a_dead_judges_ledger_is_claimed_cleared_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let leftover = dir.path().join("leapfrog-left");
        std::fs::create_dir(&leftover).unwrap();
        // No process has pid 0 with a start time: this judge is dead.
        let ledger = dir.path().join("999999999-1");
        std::fs::write(&ledger, format!("dir {}\n", leftover.display())).unwrap();
        std::fs::write(dir.path().join("999999999-1.new"), "").unwrap();
        // SAFETY: getpid has no preconditions.
        let me = unsafe { libc::getpid() };
        let live = dir.path().join(format!("{me}-{}", start_time(me).unwrap()));
        std::fs::write(&live, "").unwrap();
        sweep(dir.path());
        assert!(!leftover.exists());
        assert_eq!(
            entry_names(dir.path()),
            vec![live.file_name().unwrap().to_string_lossy().into_owned()]
        );
    }
}
