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
use std::sync::{Mutex, OnceLock};

/// Names of directories a ledger may ask to delete: nothing else is ever removed, whatever a
/// ledger says.
const DELETABLE: [&str; 2] = ["leapfrog-", ".building-"];

struct Ledger {
    file: PathBuf,
    lines: Mutex<Vec<String>>,
}

fn ledger() -> Option<&'static Ledger> {
    static LEDGER: OnceLock<Option<Ledger>> = OnceLock::new();
    LEDGER
        .get_or_init(|| {
            let dir = directory()?;
            sweep(&dir);
            // SAFETY: getpid has no preconditions.
            let pid = unsafe { libc::getpid() };
            let file = dir.join(format!("{pid}-{}", start_time(pid)?));
            // SAFETY: registers a plain function; it only removes this judge's ledger.
            unsafe { libc::atexit(close_at_exit) };
            Some(Ledger {
                file,
                lines: Mutex::new(Vec::new()),
            })
        })
        .as_ref()
}

/// Clears what dead judges left, once per process (before this judge creates anything).
pub fn recover() {
    let _ = ledger();
}

/// Notes a directory this judge created (a scratch directory, a cgroup base).
pub fn note_dir(kind: &str, path: &Path) {
    change(|lines| lines.push(format!("{kind} {}", path.display())));
}

/// Forgets a directory this judge removed itself.
pub fn forget_dir(kind: &str, path: &Path) {
    let line = format!("{kind} {}", path.display());
    change(|lines| lines.retain(|l| *l != line));
}

/// Notes a run in progress: the session its processes are in (numbered as its first process).
pub(super) fn note_run(pid: libc::pid_t) {
    let Some(start) = start_time(pid) else { return };
    change(|lines| lines.push(format!("run {pid} {start}")));
}

/// Forgets a run once it is over (everything in it killed and reaped).
pub(super) fn forget_run(pid: libc::pid_t) {
    let prefix = format!("run {pid} ");
    change(|lines| lines.retain(|l| !l.starts_with(&prefix)));
}

/// Whatever way a command ends (but a crash), its ledger goes: by then its runs are over, its
/// cgroups and scratch directories removed.
extern "C" fn close_at_exit() {
    if let Some(ledger) = ledger() {
        let _ = std::fs::remove_file(&ledger.file);
    }
}

fn change(edit: impl FnOnce(&mut Vec<String>)) {
    let Some(ledger) = ledger() else { return };
    let mut lines = ledger.lines.lock().unwrap_or_else(|p| p.into_inner());
    edit(&mut lines);
    let mut text = lines.join("\n");
    text.push('\n');
    let aside = ledger.file.with_extension("new");
    // A ledger that cannot be written only means less to recover after a crash.
    if std::fs::write(&aside, text).is_ok() {
        let _ = std::fs::rename(&aside, &ledger.file);
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

/// Clears what every dead judge's ledger lists, then the ledger.
fn sweep(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some((pid, start)) = name.split_once('-') else {
            continue;
        };
        let (Ok(pid), Ok(start)) = (pid.parse::<libc::pid_t>(), start.parse::<u64>()) else {
            // A ledger being written aside (`.new`) belongs to its live judge.
            continue;
        };
        if alive(pid, start) {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for line in text.lines() {
            clear(line);
        }
        let _ = std::fs::remove_file(entry.path());
        let _ = std::fs::remove_file(entry.path().with_extension("new"));
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
    for pid in super::reap::processes_where(|_, _| true) {
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
