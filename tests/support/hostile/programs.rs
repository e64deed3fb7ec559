//! The std-only checkers and validators as the harness runs them: compiled once per test run
//! with overflow checks and debug assertions on (so arithmetic on a huge number panics, exit
//! 101, instead of wrapping silently), and run through the judge's own runner, which reports
//! the exit status or signal, the time and the peak memory of every run.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use leapfrog::runner::{self, Exit, Isolation, RunLimits, RunOutcome, RunSpec};

pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The executable built from a source file (a path below the repository), compiled on first use.
pub fn compiled(source: &Path) -> PathBuf {
    // A validator shared through a symlink is built once.
    let source = &std::fs::canonicalize(source).unwrap_or_else(|_| source.to_path_buf());
    type Slots = Mutex<HashMap<PathBuf, Arc<OnceLock<PathBuf>>>>;
    static BUILT: OnceLock<Slots> = OnceLock::new();
    let slot = BUILT
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(source.to_path_buf())
        .or_default()
        .clone();
    slot.get_or_init(|| build(source)).clone()
}

fn build(source: &Path) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-programs");
    std::fs::create_dir_all(&dir).unwrap();
    let relative = source.strip_prefix(ROOT).unwrap_or(source);
    let name = relative
        .to_string_lossy()
        .trim_end_matches(".rs")
        .replace('/', "--");
    let exe = dir.join(name);
    let staged = staging_path(&exe);
    let out = Command::new("rustc")
        .args(["-O", "--edition", "2021"])
        .args(["-C", "overflow-checks=on", "-C", "debug-assertions=on"])
        .arg("-o")
        .arg(&staged)
        .arg(source)
        .output()
        .expect("running rustc");
    assert!(
        out.status.success(),
        "rustc {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::rename(&staged, &exe).unwrap();
    exe
}

/// Where this process builds an executable before moving it into place: test runners that
/// run each test in its own process (cargo-nextest) may build the same program at once, and a
/// linker writing over a file another process is running or linking ends in SIGBUS.
fn staging_path(exe: &Path) -> PathBuf {
    let mut name = exe.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    exe.with_file_name(name)
}

/// The launcher that measures a program's own peak memory (`peak.c`), compiled on first use.
pub fn launcher() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-programs");
            std::fs::create_dir_all(&dir).unwrap();
            let exe = dir.join("peak");
            let staged = staging_path(&exe);
            let source = Path::new(ROOT).join("tests/support/hostile/peak.c");
            let out = Command::new("gcc")
                .args(["-O2", "-o"])
                .arg(&staged)
                .arg(&source)
                .output()
                .expect("running gcc");
            assert!(
                out.status.success(),
                "gcc peak.c:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            std::fs::rename(&staged, &exe).unwrap();
            exe
        })
        .clone()
}

/// Limits for one fuzz run: far above what any checker needs, so that only a hang, a runaway
/// allocation or a crash reaches them.
pub fn limits() -> RunLimits {
    RunLimits {
        cpu: Duration::from_secs(30),
        wall: Duration::from_secs(90),
        memory: None,
        address_space: Some(4 << 30),
        stack: None,
        file_bytes: 1 << 30,
        processes: None,
    }
}

/// What one run of a checker or validator did.
pub struct Ran {
    pub outcome: RunOutcome,
    /// The checker's FEEDBACK_DIR/judgemessage.txt, or the validator's stdout and stderr.
    pub message: String,
}

/// How a run ended, as the judge would see it.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    Yes,
    /// Rejected, with the first line of the reason.
    No(String),
}

impl Ran {
    /// 42 or 43 with a reason, or why the run is a failure of the program itself (a panic, a
    /// signal, another exit code, a time-out, a rejection without a reason).
    pub fn said(&self) -> Result<Said, String> {
        let o = &self.outcome;
        if let Some(stopped) = o.stopped {
            return Err(format!(
                "stopped by the runner ({stopped:?}) after {:?} CPU",
                o.cpu
            ));
        }
        match o.exit {
            Exit::Code(42) => Ok(Said::Yes),
            Exit::Code(43) => {
                let first = self.message.lines().next().unwrap_or("").trim();
                if first.is_empty() {
                    Err("exit 43 without a reason".to_string())
                } else {
                    Ok(Said::No(first.to_string()))
                }
            }
            Exit::Code(101) => Err(format!("panicked (exit 101): {}", self.message.trim())),
            _ => Err(format!("{}: {}", o.describe_exit(), self.message.trim())),
        }
    }
}

fn run(argv: Vec<OsString>, stdin: &Path, scratch: &Path) -> RunOutcome {
    let spec = RunSpec {
        argv,
        cwd: scratch.to_path_buf(),
        stdin: Some(stdin.to_path_buf()),
        stdout: scratch.join("stdout"),
        stderr: scratch.join("stderr"),
        limits: limits(),
        cpu_slot: None,
        env: None,
        isolation: Isolation::Direct,
        user: None,
    };
    runner::Runner::new(runner::Cancel::new())
        .run(&spec)
        .expect("the runner starts the program")
}

fn read_lossy(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned()
}

/// `checker INPUT ANSWER FEEDBACK_DIR < output`, in `scratch` (a directory of its own).
pub fn run_checker(exe: &Path, input: &Path, answer: &Path, output: &Path, scratch: &Path) -> Ran {
    checker_run(Vec::new(), exe, input, answer, output, scratch)
}

/// [`run_checker`] through the [`launcher`]: the outcome's peak memory is the checker's own.
pub fn run_checker_measured(
    exe: &Path,
    input: &Path,
    answer: &Path,
    output: &Path,
    scratch: &Path,
) -> Ran {
    measured(scratch, |prefix| {
        checker_run(prefix, exe, input, answer, output, scratch)
    })
}

/// [`run_validator`] through the [`launcher`].
pub fn run_validator_measured(exe: &Path, input: &Path, scratch: &Path) -> Ran {
    measured(scratch, |prefix| validator_run(prefix, exe, input, scratch))
}

/// Runs `go` with the launcher's command-line prefix and takes the peak it reports.
fn measured(scratch: &Path, go: impl FnOnce(Vec<OsString>) -> Ran) -> Ran {
    let report = scratch.join("peak");
    let mut ran = go(vec![launcher().into(), report.clone().into()]);
    ran.outcome.peak_rss = own_peak(&report);
    ran
}

fn own_peak(report: &Path) -> u64 {
    let text = std::fs::read_to_string(report).expect("the launcher reports the peak memory");
    text.trim().parse::<u64>().expect("a number of KiB") * 1024
}

fn checker_run(
    mut argv: Vec<OsString>,
    exe: &Path,
    input: &Path,
    answer: &Path,
    output: &Path,
    scratch: &Path,
) -> Ran {
    let feedback = scratch.join("feedback");
    let _ = std::fs::remove_dir_all(&feedback);
    std::fs::create_dir_all(&feedback).unwrap();
    argv.extend([
        exe.into(),
        input.into(),
        answer.into(),
        feedback.clone().into(),
    ]);
    let outcome = run(argv, output, scratch);
    let mut message = read_lossy(&feedback.join("judgemessage.txt"));
    if outcome.exit == Exit::Code(101) {
        message.push_str(&read_lossy(&scratch.join("stderr")));
    }
    Ran { outcome, message }
}

/// `validator < input`, in `scratch`.
pub fn run_validator(exe: &Path, input: &Path, scratch: &Path) -> Ran {
    validator_run(Vec::new(), exe, input, scratch)
}

fn validator_run(mut argv: Vec<OsString>, exe: &Path, input: &Path, scratch: &Path) -> Ran {
    argv.push(exe.into());
    let outcome = run(argv, input, scratch);
    let message = read_lossy(&scratch.join("stdout")) + &read_lossy(&scratch.join("stderr"));
    Ran { outcome, message }
}
