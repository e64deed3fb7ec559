//! How a built judges' program runs: where its standard streams go, under the package's
//! validation limits (never the submission's), as the jury's user in its room where the judge
//! is root, and what its end says when it fails (the limit it ran into, its stderr with the
//! package's paths in place of the compile cache's).

use std::ffi::OsString;
use std::path::Path;

use anyhow::bail;

use leapfrog_package::Limits;
use leapfrog_runner::{self as runner, Isolation, RunError, RunLimits, RunOutcome, RunSpec};
use leapfrog_util::{head_tail_lines, read_head_tail};

use super::Program;

/// Where a run's standard streams go.
pub struct Streams<'a> {
    pub stdin: Option<&'a Path>,
    pub stdout: &'a Path,
    pub stderr: &'a Path,
}

impl Program {
    /// `text` (what the program printed) with the paths of its build in the compile cache
    /// replaced by the package's own: a traceback then names `input_validators/validate.py`,
    /// the file the setter edits, not `~/.cache/leapfrog/build/<hash>/validate.py`.
    pub fn own_paths(&self, text: &str) -> String {
        let location = self.compiled.location();
        if location.as_os_str().is_empty() || !location.is_dir() {
            return text.to_string();
        }
        let source_dir = if self.path.is_dir() {
            self.path.clone()
        } else {
            match self.path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
                _ => return text.to_string(),
            }
        };
        let mut out = text.replace(
            &location.display().to_string(),
            &source_dir.display().to_string(),
        );
        if let Ok(canonical) = location.canonicalize() {
            out = out.replace(
                &canonical.display().to_string(),
                &source_dir.display().to_string(),
            );
        }
        out
    }

    /// Runs it once in `dir` with `args`, under the validation limits, and says how it ended.
    /// Where the judge is root it runs as the jury's user (`jury_room`): the files
    /// `args` name (by absolute paths) are given as that user can read them, and `dir`, its
    /// working directory, is its own during the run and the judge's again after it.
    pub fn run(
        &self,
        args: &[OsString],
        streams: &Streams,
        dir: &Path,
        limits: &Limits,
    ) -> anyhow::Result<RunOutcome> {
        let mut spec = self.spec(args, streams, dir, limits);
        let memory_mib = limits.validation_memory_mib.get();
        let lent = (self.room).lend(&self.runner, &self.compiled, &mut spec, args, memory_mib)?;
        let ran = self.runner.run(&spec).map_err(run_error);
        let back = lent.map(crate::jury_room::Lent::take_back).transpose();
        let outcome = ran?;
        back?;
        if let Some(kind) = crate::spent::Kind::of_role(self.role) {
            crate::spent::record(kind, outcome.wall);
        }
        Ok(outcome)
    }

    /// The run [`Program::run`] makes: in `dir`, outside the sandbox, under the validation
    /// limits (an interactive validator's run, whose streams the runner then replaces by pipes).
    pub fn spec(
        &self,
        args: &[OsString],
        streams: &Streams,
        dir: &Path,
        limits: &Limits,
    ) -> RunSpec {
        let memory_mib = limits.validation_memory_mib;
        let mut argv = self.compiled.command(memory_mib.get());
        argv.extend(args.iter().cloned());
        RunSpec {
            argv,
            cwd: dir.to_path_buf(),
            stdin: streams.stdin.map(Path::to_path_buf),
            stdout: streams.stdout.to_path_buf(),
            stderr: streams.stderr.to_path_buf(),
            limits: RunLimits {
                // A JVM reserves far more address space than it uses (its heap is bounded by
                // `-Xmx` instead): a Java generator or validator under the cap could not start.
                address_space: RunLimits::validator(limits.validation_time_s, memory_mib)
                    .address_space
                    .filter(|_| self.compiled.allows_address_space_cap()),
                ..RunLimits::validator(limits.validation_time_s, memory_mib)
            },
            cpu_slot: None,
            env: Some(runner::clean_env(dir)),
            isolation: Isolation::Direct,
            user: None,
        }
    }

    /// [`Program::spec`] for a run that judges a submission's (an output validator's, an
    /// interactor's), as the jury's user where the judge is root (`as_run_user`): its
    /// program's copy in its room (`jury_room`, made once for all its runs), in `dir`,
    /// its own working directory (`args` must be reachable: the files it is handed lie in
    /// `dir`, so the directories above it must let other users pass).
    pub fn jury_spec(
        &self,
        args: &[OsString],
        streams: &Streams,
        dir: &Path,
        limits: &Limits,
    ) -> anyhow::Result<RunSpec> {
        let mut spec = self.spec(args, streams, dir, limits);
        let memory_mib = limits.validation_memory_mib.get();
        if let Some(user) = self.room.user()
            && let Some(mut argv) = self
                .room
                .command(&self.runner, &self.compiled, memory_mib)?
        {
            argv.extend(args.iter().cloned());
            spec.argv = argv;
            spec.user = Some(user);
        }
        Ok(spec)
    }

    /// Runs it to the end (a generator, a solution): stdin from a file (or nothing), stdout into
    /// a file. Fails, with the start of its stderr, unless it exits with code 0.
    pub fn run_to_end(
        &self,
        args: &[String],
        stdin: Option<&Path>,
        stdout: &Path,
        dir: &Path,
        limits: &Limits,
    ) -> anyhow::Result<()> {
        let stderr = dir.join("tool.err");
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let streams = Streams {
            stdin,
            stdout,
            stderr: &stderr,
        };
        let outcome = self.run(&args, &streams, dir, limits)?;
        if !outcome.success() {
            let said = self.own_paths(&read_head_tail(&stderr));
            let limit = limit_hit(&outcome, limits, stdout, &said)
                .map(|l| format!("; {l}"))
                .unwrap_or_default();
            bail!(
                "it failed ({}{limit}): {}",
                outcome.describe_exit(),
                head_tail_lines(&said, 6)
            );
        }
        Ok(())
    }
}

/// A failed run as an error of this layer: an interruption as [`runner::Interrupted`] itself,
/// which commands recognise by its type (exit code 130).
pub fn run_error(err: RunError) -> anyhow::Error {
    match err {
        RunError::Interrupted => runner::Interrupted.into(),
        other => other.into(),
    }
}

/// The limit a judges' program ran into, said in words a setter can act on (a generator that
/// loops forever is stopped by its time limit, one with endless output by the file size limit).
fn limit_hit(outcome: &RunOutcome, limits: &Limits, stdout: &Path, said: &str) -> Option<String> {
    let run = RunLimits::validator(limits.validation_time_s, limits.validation_memory_mib);
    let written = std::fs::metadata(stdout).map_or(0, |m| m.len());
    if outcome.exit == runner::Exit::Signal(libc::SIGXFSZ)
        || written >= run.file_bytes
        || said.contains("File too large")
    {
        return Some(format!(
            "it hit the output limit of judges' programs, {} MiB written to {} (endless output?)",
            run.file_bytes >> 20,
            stdout.display()
        ));
    }
    if outcome.timed_out() {
        return Some(format!(
            "it hit the time limit of judges' programs, {} s CPU / {} s wall (problem.yaml limits.validation_time; an endless loop?)",
            run.cpu.as_secs_f64(),
            run.wall.as_secs_f64()
        ));
    }
    if outcome.memory_exceeded {
        return Some(format!(
            "it hit the memory limit of judges' programs, {} MiB (problem.yaml limits.validation_memory)",
            limits.validation_memory_mib
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(exit: runner::Exit, stopped: Option<runner::Stopped>) -> RunOutcome {
        RunOutcome {
            exit,
            cpu: std::time::Duration::from_millis(10),
            wall: std::time::Duration::from_millis(10),
            peak_rss: 0,
            memory_exceeded: false,
            stopped,
            cpu_limit: std::time::Duration::from_secs(60),
        }
    }

    #[test]
    fn endless_output_and_endless_loops_name_their_limit() {
        let limits = Limits::default();
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        std::fs::write(&out, "1 2\n").unwrap();
        // Python's way: the write fails with EFBIG and it exits 120 saying so.
        let python = outcome(runner::Exit::Code(120), None);
        let said = "OSError: [Errno 27] File too large";
        let hit = limit_hit(&python, &limits, &out, said).unwrap();
        assert!(
            hit.contains("output limit of judges' programs, 1024 MiB"),
            "{hit}"
        );
        let signalled = outcome(runner::Exit::Signal(libc::SIGXFSZ), None);
        assert!(
            limit_hit(&signalled, &limits, &out, "")
                .unwrap()
                .contains("output limit")
        );
        let looped = outcome(
            runner::Exit::Signal(libc::SIGKILL),
            Some(runner::Stopped::WallLimit),
        );
        let hit = limit_hit(&looped, &limits, &out, "").unwrap();
        assert!(
            hit.contains("time limit of judges' programs, 60 s CPU / 121 s wall"),
            "{hit}"
        );
        assert!(limit_hit(&outcome(runner::Exit::Code(1), None), &limits, &out, "boom").is_none());
    }
}
