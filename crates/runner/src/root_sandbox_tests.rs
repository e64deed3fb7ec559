//! A sandbox started for one run, as root, runs its program as the run's user: both where
//! bubblewrap itself can start as that user and where it cannot (unprivileged user namespaces
//! off). Tested here, beside the modules it spans (`run`, `spawn`, `sandbox`, `handle`), so that
//! none of them imports the others for a test alone.

use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

use crate::{Cancel, Isolation, RunLimits, RunSpec, RunUser, Runner, run_user, sandbox};

/// What a script run in a sandbox for one run printed, and where it ran.
struct Scene {
    out: String,
    err: String,
    /// The directory lent read-only to the run as `/program`, holding `data` ("lent").
    shown: PathBuf,
    /// The run's working directory.
    work: PathBuf,
    _dir: tempfile::TempDir,
}

/// Runs `script` under `/bin/sh` in a sandbox for one run, as `user`, with a directory lent to
/// it read-only; the run must succeed.
fn run_in_sandbox(runner: &Runner, user: RunUser, script: &str) -> Scene {
    let dir = tempfile::tempdir().unwrap();
    let shown = dir.path().join("shown");
    let work = dir.path().join("work");
    std::fs::create_dir(&shown).unwrap();
    std::fs::write(shown.join("data"), "lent\n").unwrap();
    std::fs::create_dir(&work).unwrap();
    let spec = RunSpec {
        argv: ["/bin/sh", "-c", script].map(Into::into).to_vec(),
        cwd: work.clone(),
        stdin: None,
        stdout: dir.path().join("out"),
        stderr: dir.path().join("err"),
        limits: RunLimits::compiler(),
        cpu_slot: None,
        env: None,
        isolation: Isolation::Sandbox(sandbox::Mounts {
            read_only: vec![(shown.clone(), sandbox::PROGRAM_DIR.into())],
            work: work.clone(),
        }),
        user: Some(user),
    };
    let outcome = runner.run(&spec).unwrap();
    let out = std::fs::read_to_string(dir.path().join("out")).unwrap();
    let err = std::fs::read_to_string(dir.path().join("err")).unwrap();
    assert!(outcome.success(), "{out}{err}");
    Scene {
        out,
        err,
        shown,
        work,
        _dir: dir,
    }
}

/// A runner and the runs' user, where the judge is root and the sandbox works here; else
/// `None`, said on stderr (the test is skipped).
fn root_with_sandbox() -> Option<(Runner, RunUser)> {
    let runner = Runner::new(Cancel::new());
    match (run_user(), runner.sandbox()) {
        (Some(user), Ok(_)) => Some((runner, user)),
        _ => {
            eprintln!("skipped: not root, or no sandbox here");
            None
        }
    }
}

/// Reads the lent file, tries to append to it, and makes a file of its own in its directory.
const LENT_AND_OWN: &str =
    "cat /program/data; echo x >> /program/data || echo refused; touch mine && echo wrote";

/// As root, a sandbox started for one run is the run's user, reads what is lent to it from
/// a directory that user may not enter, and writes only its own working directory.
#[test]
fn a_sandbox_for_one_run_is_the_runs_user() {
    let Some((runner, user)) = root_with_sandbox() else {
        return;
    };
    if runner.sandbox_user(Some(user)).is_none() {
        eprintln!("skipped: bubblewrap cannot run as an unprivileged user here");
        return;
    }
    let scene = run_in_sandbox(&runner, user, &format!("id -u; id -g; {LENT_AND_OWN}"));
    let want = format!("{}\n{}\nlent\nrefused\nwrote\n", user.uid, user.gid);
    assert_eq!(scene.out, want, "{}", scene.err);
    assert_eq!(
        std::fs::read_to_string(scene.shown.join("data")).unwrap(),
        "lent\n"
    );
    assert_eq!(
        std::fs::metadata(scene.work.join("mine")).unwrap().uid(),
        user.uid
    );
}

/// As root, where bubblewrap cannot start as the run's user (unprivileged user namespaces
/// off, made so here), a sandbox started for one run still runs its program as that user
/// of the host, with no supplementary group and no capability left, never as root.
#[test]
fn a_sandbox_bubblewrap_starts_as_root_still_runs_the_program_as_the_runs_user() {
    let Some((runner, user)) = root_with_sandbox() else {
        return;
    };
    if sandbox::setpriv().is_err() {
        eprintln!("skipped: setpriv is not installed");
        return;
    }
    runner.as_if_no_unprivileged_sandbox();
    assert_eq!(runner.sandbox_user(Some(user)), None);
    let script = format!(
        "id -u; id -g; id -G; grep -E '^Cap(Eff|Prm|Bnd|Amb)' /proc/self/status; {LENT_AND_OWN}"
    );
    let scene = run_in_sandbox(&runner, user, &script);
    let none = "0000000000000000";
    let want = format!(
        "{uid}\n{gid}\n{gid}\nCapPrm:\t{none}\nCapEff:\t{none}\nCapBnd:\t{none}\nCapAmb:\t{none}\nlent\nrefused\nwrote\n",
        uid = user.uid,
        gid = user.gid
    );
    assert_eq!(scene.out, want, "{}", scene.err);
    assert_eq!(
        std::fs::metadata(scene.work.join("mine")).unwrap().uid(),
        user.uid
    );
}
