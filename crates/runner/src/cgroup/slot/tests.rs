//! The runs of a CPU slot in the slot's cgroups, through a whole [`crate::Runner`].

use crate::{Cancel, Isolation, RunLimits, RunSpec, Runner, child};

fn spec(dir: &std::path::Path, argv: &[&str]) -> RunSpec {
    RunSpec {
        argv: argv.iter().map(Into::into).collect(),
        cwd: dir.to_path_buf(),
        stdin: None,
        stdout: dir.join("out"),
        stderr: dir.join("err"),
        limits: RunLimits::compiler(),
        cpu_slot: Some(0),
        env: None,
        isolation: Isolation::Direct,
        user: None,
    }
}

/// Whether runs of a CPU slot can be born in the slot's cgroups here (root, cgroup v1 with
/// a cpuset, two CPUs at least); else the tests of it are skipped.
fn slot_cgroups(runner: &Runner) -> bool {
    let here = runner.bases().starter_possible() && child::cpu_for_slot(0).is_some();
    if !here {
        eprintln!("skipped: no cgroup v1 cpuset to hold a slot's runs here");
    }
    here
}

/// The runs of one slot are born in the slot's cgroups, the same for each run, and the
/// judge, whose starter thread lives there, is never among the processes a run's end kills.
#[test]
fn a_slots_runs_are_born_in_its_cgroups() {
    let runner = Runner::new(Cancel::new());
    if !slot_cgroups(&runner) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spec = spec(dir.path(), &["/bin/cat", "/proc/self/cgroup"]);
    let mut seen = Vec::new();
    for _ in 0..2 {
        assert!(runner.run(&spec).unwrap().success());
        let out = std::fs::read_to_string(dir.path().join("out")).unwrap();
        let cpuset = out
            .lines()
            .find(|line| line.split(':').nth(1) == Some("cpuset"))
            .unwrap()
            .to_string();
        assert!(cpuset.contains("/slot-"), "{out}");
        seen.push(out);
    }
    assert_eq!(
        seen[0], seen[1],
        "the slot's two runs were in different cgroups"
    );
}

/// A process a slot's run leaves behind, in a session of its own and never waited for, is
/// killed at the run's end, and the slot serves the next run.
#[test]
fn what_a_slots_run_leaves_is_killed() {
    let runner = Runner::new(Cancel::new());
    if !slot_cgroups(&runner) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut spec = spec(dir.path(), &["/bin/sh", "-c", "setsid sleep 60 & echo $!"]);
    assert!(runner.run(&spec).unwrap().success());
    let out = std::fs::read_to_string(dir.path().join("out")).unwrap();
    let left: libc::pid_t = out.trim().parse().unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{left}/stat")).unwrap_or_default();
    let state = stat
        .rsplit(')')
        .next()
        .and_then(|rest| rest.split_whitespace().next());
    assert!(
        matches!(state, None | Some("Z")),
        "the orphan {left} still runs: {stat}"
    );
    spec.argv = ["/bin/cat", "/proc/self/cgroup"].map(Into::into).to_vec();
    assert!(runner.run(&spec).unwrap().success());
    let out = std::fs::read_to_string(dir.path().join("out")).unwrap();
    assert!(out.contains("/slot-"), "{out}");
}
