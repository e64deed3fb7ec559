//! Ctrl-C during `leapfrog judge`: the signal sets the cancel token of the command's runner, the
//! run in progress is stopped, and the command exits 130 having removed everything it made (its
//! scratch directory, its cgroups, its crash ledger).

use crate::support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use support::TempPackage;
use support::guard::Guard;

/// The entries of `dir` that a judge makes there.
fn judge_entries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("leapfrog-"))
                .collect()
        })
        .unwrap_or_default()
}

/// Where the judge `pid` puts its own cgroup directories: `leapfrog-PID` under its cgroup, in
/// the v2 hierarchy and in each v1 hierarchy (whether or not they exist).
fn cgroup_bases(pid: u32) -> Vec<PathBuf> {
    let membership = std::fs::read_to_string(format!("/proc/{pid}/cgroup")).unwrap_or_default();
    let name = format!("leapfrog-{pid}");
    let mut bases = Vec::new();
    for line in membership.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let path = path.trim_start_matches('/');
        if controllers.is_empty() {
            bases.push(Path::new("/sys/fs/cgroup").join(path).join(&name));
        }
        for controller in controllers.split(',').filter(|c| !c.is_empty()) {
            let mount = Path::new("/sys/fs/cgroup").join(controller);
            bases.push(mount.join(path).join(&name));
        }
    }
    bases
}

#[test]
fn ctrl_c_mid_run_exits_130_and_leaves_nothing() {
    let pkg = TempPackage::sum(20.0, 256, 2);
    let submission = pkg.write(
        "submissions/time_limit_exceeded/sleeps.py",
        "import time\ninput()\ntime.sleep(60)\n",
    );
    // The guard's TMPDIR must be as empty afterwards as before, the package and the caller's
    // files as they were.
    let guard = Guard::over(&[pkg.path()]);
    let tmp = guard.tmp();
    let runtime = tempfile::tempdir().unwrap();
    let mut child = guard
        .command()
        .env("XDG_RUNTIME_DIR", runtime.path())
        .args(["judge", &pkg.arg(), submission.to_str().unwrap(), "--json"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The judge is running tests once its scratch directory exists; the submission sleeps for
    // a minute, so a second later a run is in progress.
    let started = Instant::now();
    while !judge_entries(tmp)
        .iter()
        .any(|n| n.starts_with("leapfrog-judge-"))
    {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the judge never started its tests"
        );
        assert!(child.try_wait().unwrap().is_none(), "the judge ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the judge finished too early to test"
    );
    let bases: Vec<PathBuf> = cgroup_bases(child.id())
        .into_iter()
        .filter(|b| b.is_dir())
        .collect();
    // SAFETY: signalling our own child, not yet waited for.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let signalled = Instant::now();
    let status = child.wait().unwrap();
    assert!(
        signalled.elapsed() < Duration::from_secs(10),
        "stopped promptly, not at the end of the run"
    );
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_eq!(judge_entries(tmp), Vec::<String>::new());
    for base in &bases {
        assert!(!base.exists(), "{} is left", base.display());
    }
    let ledgers: Vec<_> = std::fs::read_dir(runtime.path().join("leapfrog-ledgers"))
        .map(|e| e.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(ledgers.is_empty(), "ledgers left: {ledgers:?}");
    guard.finish();
}
