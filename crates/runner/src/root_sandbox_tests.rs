//! The sandbox started for one run where bubblewrap cannot start as the run's user (unprivileged
//! user namespaces off): tested here, beside the modules it spans (`run`, `spawn`, `sandbox`,
//! `handle`), so that none of them imports the others for a test alone.

use crate::{Cancel, Isolation, RunLimits, RunSpec, Runner, run_user, sandbox};

/// As root, where bubblewrap cannot start as the run's user (unprivileged user namespaces
/// off, made so here), a sandbox started for one run still runs its program as that user
/// of the host, with no supplementary group and no capability left, never as root.
#[test]
fn a_sandbox_bubblewrap_starts_as_root_still_runs_the_program_as_the_runs_user() {
    let runner = Runner::new(Cancel::new());
    let (Some(user), Ok(_)) = (run_user(), runner.sandbox()) else {
        eprintln!("skipped: not root, or no sandbox here");
        return;
    };
    if sandbox::setpriv().is_err() {
        eprintln!("skipped: setpriv is not installed");
        return;
    }
    runner.as_if_no_unprivileged_sandbox();
    assert_eq!(runner.sandbox_user(Some(user)), None);
    let dir = tempfile::tempdir().unwrap();
    let shown = dir.path().join("shown");
    let work = dir.path().join("work");
    std::fs::create_dir(&shown).unwrap();
    std::fs::write(shown.join("data"), "lent\n").unwrap();
    std::fs::create_dir(&work).unwrap();
    let script = "id -u; id -g; id -G; grep -E '^Cap(Eff|Prm|Bnd|Amb)' /proc/self/status; \
                  cat /program/data; echo x >> /program/data || echo refused; \
                  touch mine && echo wrote";
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
    let none = "0000000000000000";
    let want = format!(
        "{uid}\n{gid}\n{gid}\nCapPrm:\t{none}\nCapEff:\t{none}\nCapBnd:\t{none}\nCapAmb:\t{none}\nlent\nrefused\nwrote\n",
        uid = user.uid,
        gid = user.gid
    );
    assert_eq!(out, want, "{err}");
    use std::os::unix::fs::MetadataExt;
    assert_eq!(
        std::fs::metadata(work.join("mine")).unwrap().uid(),
        user.uid
    );
}
