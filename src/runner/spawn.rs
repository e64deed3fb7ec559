//! Starting a run's process: its command line (wrapped in bubblewrap when sandboxed), its
//! standard streams and environment, and the spawn itself, with failures named.

use std::fs::{File, OpenOptions};
use std::os::fd::OwnedFd;
use std::process::{Command, Stdio};

use anyhow::Context;

use super::{Isolation, RunSpec, SandboxFailed, sandbox};

/// Standard streams given as open files (the ends of pipes) rather than by the spec's paths.
#[derive(Default)]
pub(super) struct Ends {
    pub stdin: Option<OwnedFd>,
    pub stdout: Option<OwnedFd>,
}

/// The command for a run: the program, inside the sandbox when asked, its files and its
/// environment.
pub(super) fn command(spec: &RunSpec, ends: Ends) -> anyhow::Result<Command> {
    let stdin = match (ends.stdin, &spec.stdin) {
        (Some(fd), _) => File::from(fd),
        (None, Some(path)) => {
            File::open(path).with_context(|| format!("opening {}", path.display()))?
        }
        (None, None) => File::open("/dev/null").context("opening /dev/null")?,
    };
    let piped = ends.stdout.is_some();
    let stdout = match ends.stdout {
        Some(fd) => File::from(fd),
        None => create(&spec.stdout)?,
    };
    // A piped stdout is not the file the paths name: stderr still goes to its own file.
    let stderr = if spec.stderr == spec.stdout && !piped {
        stdout.try_clone().context("sharing the output file")?
    } else {
        create(&spec.stderr)?
    };
    let argv = match &spec.isolation {
        Isolation::Direct | Isolation::Kept(_) => spec.argv.clone(),
        Isolation::Sandbox(mounts) => {
            let bwrap = sandbox::probe().map_err(|why| SandboxFailed(why.to_string()))?;
            let mut argv = sandbox::wrap_args(bwrap, mounts);
            argv.extend(spec.argv.iter().cloned());
            argv
        }
    };
    let program = argv.first().context("empty command line")?;
    let mut command = Command::new(program);
    command
        .args(&argv[1..])
        .current_dir(&spec.cwd)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr));
    if let Some(env) = &spec.env {
        command.env_clear().envs(env.iter().map(|(k, v)| (k, v)));
    }
    Ok(command)
}

/// Starts the prepared command and returns its pid; the caller waits for it with `wait4`, so
/// the `Child` handle is dropped here.
pub(super) fn start(command: &mut Command, isolation: &Isolation) -> anyhow::Result<libc::pid_t> {
    match command.spawn() {
        Ok(child) => Ok(child.id() as libc::pid_t),
        // The kept sandbox could not be entered, or the program not started in it.
        Err(err) if matches!(isolation, Isolation::Kept(_)) => {
            Err(SandboxFailed(format!("entering the kept sandbox: {err}")).into())
        }
        Err(err) => {
            let program = command.get_program().to_string_lossy();
            Err(anyhow::Error::new(err).context(format!("starting {program}")))
        }
    }
}

fn create(path: &std::path::Path) -> anyhow::Result<File> {
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))
}
