//! `leapfrog solve`: the reference solvers on the command line.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use leapfrog_registry::{Registry, SolveError};

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &["leapfrog solve frogs <<< 3", "leapfrog solve --list"],
    "",
    crate::commands::help::MADE,
))]
pub struct SolveArgs {
    /// The puzzle to solve (see --list).
    #[arg(required_unless_present = "list")]
    pub problem: Option<String>,
    /// Draw the position after every move instead of printing the answer (where the puzzle
    /// has a drawing; coloured when stdout is a terminal).
    #[arg(long)]
    pub show: bool,
    /// List the puzzles that have a reference solver.
    #[arg(long)]
    pub list: bool,
}

pub fn run(args: SolveArgs, registry: &Registry) -> anyhow::Result<ExitCode> {
    if args.list {
        let mut out = io::stdout().lock();
        for p in registry.puzzles() {
            writeln!(out, "{:<18} {}", p.name, p.about)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let name = args.problem.expect("clap requires a problem unless --list");
    let puzzle = match registry.find(&name) {
        Some(p) => p,
        None => bail!(
            "no reference solver named '{name}' (known: {})",
            registry
                .puzzles()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let solver = if args.show {
        match puzzle.show {
            Some(show) => show,
            None => bail!("'{name}' has no drawing; run it without --show"),
        }
    } else {
        puzzle.solve
    };
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    widen_pipe(&output);
    match solver(&mut input, &mut output) {
        Ok(()) => {
            output.flush().context("writing the answer")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(SolveError::Input(err)) => bail!("<stdin>: {err}"),
        Err(SolveError::Io(err)) => Err(err).context("writing the answer"),
    }
}

/// When stdout is a pipe, asks for a 1 MiB pipe buffer (the default is 64 KiB): an answer of
/// hundreds of megabytes then crosses in chunks as large as the solvers' own, with fewer
/// switches between this process and the reader. Best effort: a refusal changes nothing.
fn widen_pipe(stdout: &io::StdoutLock) {
    use std::os::fd::AsRawFd;
    let fd = stdout.as_raw_fd();
    // SAFETY: fstat and fcntl on our own open descriptor, with a zeroed stat buffer it fills.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        if libc::fstat(fd, &mut st) == 0 && st.st_mode & libc::S_IFMT == libc::S_IFIFO {
            libc::fcntl(fd, libc::F_SETPIPE_SZ, 1 << 20);
        }
    }
}
