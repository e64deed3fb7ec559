//! Judging a submission: compile it once, run every test (in parallel, each pinned to its own
//! CPU), check each output, and combine the test verdicts into one.

mod classify;
mod verdict;

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Serialize;

pub use verdict::Verdict;

use crate::checking::{CheckOutcome, OutputChecker};
use crate::lang::{self, Compiled};
use crate::package::{Limits, Package, TestCase};
use crate::runner::{self, Isolation, IsolationChoice, RunLimits, RunSpec, sandbox};

/// How to judge.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    pub jobs: usize,
    /// Only tests whose name matches one of these patterns (see [`matches_filter`]).
    pub filter: Option<String>,
    /// Overrides problem.yaml's CPU time limit, in seconds.
    pub time_limit: Option<f64>,
    /// Overrides problem.yaml's memory limit, in MiB.
    pub memory_limit: Option<u64>,
    /// Stop at the first test (in order) for which this returns true.
    pub stop_at: Option<fn(&TestResult) -> bool>,
    /// Whether submissions run in the sandbox.
    pub isolation: IsolationChoice,
    /// How many processes (and threads) a submission may have at once.
    pub processes: u64,
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            jobs: crate::parallel::default_jobs(),
            filter: None,
            time_limit: None,
            memory_limit: None,
            stop_at: None,
            isolation: IsolationChoice::LimitsOnly,
            processes: DEFAULT_PROCESSES,
        }
    }
}

/// The default process (and thread) allowance: a JVM alone starts a few dozen threads.
pub const DEFAULT_PROCESSES: u64 = 128;

/// The result of one test.
#[derive(Debug, Clone, Serialize)]
pub struct TestResult {
    pub name: String,
    pub verdict: Verdict,
    /// CPU time in seconds.
    pub time_s: f64,
    /// Peak resident memory in MiB.
    pub memory_mib: f64,
    /// Empty when accepted; otherwise one line saying why not.
    pub message: String,
    /// Lines that show the problem (the differing lines, the checker's drawing); not in JSON.
    #[serde(skip)]
    pub details: Vec<String>,
}

/// The result of judging one submission.
#[derive(Debug, Clone, Serialize)]
pub struct JudgeReport {
    pub problem: String,
    pub submission: String,
    pub verdict: Verdict,
    /// How submissions were isolated: `sandbox` or `limits-only`.
    pub isolation: &'static str,
    pub tests: Vec<TestResult>,
    /// The compiler's message when the verdict is CE.
    #[serde(skip)]
    pub compile_message: Option<String>,
    #[serde(skip)]
    pub language: String,
    #[serde(skip)]
    pub limits: Limits,
}

impl JudgeReport {
    pub fn max_time(&self) -> f64 {
        self.tests.iter().map(|t| t.time_s).fold(0.0, f64::max)
    }

    pub fn max_memory(&self) -> f64 {
        self.tests.iter().map(|t| t.memory_mib).fold(0.0, f64::max)
    }
}

/// The limits in force: the package's, with command-line overrides.
pub fn effective_limits(package: &Package, options: &JudgeOptions) -> Limits {
    let mut limits = package.config.limits.clone();
    if let Some(t) = options.time_limit {
        limits.time_s = t;
    }
    if let Some(m) = options.memory_limit {
        limits.memory_mib = m;
    }
    limits
}

/// Judges `submission` on the package's tests, calling `on_test` with each result in test order.
pub fn judge(
    package: &Package,
    submission: &Path,
    options: &JudgeOptions,
    on_start: &mut dyn FnMut(usize),
    on_test: &mut dyn FnMut(&TestResult),
) -> anyhow::Result<JudgeReport> {
    let limits = effective_limits(package, options);
    // A missing or unknown submission is reported before any data is generated for it.
    let language = lang::Language::detect(submission)?;
    crate::generate::ensure_secret_data(package)?;
    let tests: Vec<TestCase> = package
        .tests()?
        .into_iter()
        .filter(|t| {
            options
                .filter
                .as_deref()
                .is_none_or(|f| matches_filter(&t.name, f))
        })
        .collect();
    if tests.is_empty() {
        anyhow::bail!(
            "no test of {} matches --tests '{}'",
            package.short_name,
            options.filter.as_deref().unwrap_or("")
        );
    }
    let mut report = JudgeReport {
        problem: package.short_name.clone(),
        submission: submission.display().to_string(),
        verdict: Verdict::Ac,
        isolation: options.isolation.name(),
        tests: Vec::new(),
        compile_message: None,
        language: language.name().to_string(),
        limits: limits.clone(),
    };
    let compiled = match lang::compile(submission, options.isolation)? {
        Ok(compiled) => compiled,
        Err(err) => {
            report.verdict = Verdict::Ce;
            report.compile_message = Some(err.message);
            return Ok(report);
        }
    };
    let checker = OutputChecker::for_package(package)?;
    let scratch = tempfile::Builder::new()
        .prefix("leapfrog-judge-")
        .tempdir()
        .context("creating a scratch directory")?;
    on_start(tests.len());
    let mut interrupted = false;
    crate::parallel::ordered(
        &tests,
        options.jobs,
        |slot, test| {
            run_test(
                test,
                slot,
                &compiled,
                &checker,
                &limits,
                options,
                scratch.path(),
                None,
            )
        },
        |_, result| match result {
            Ok(result) => {
                on_test(&result);
                let stop = options.stop_at.is_some_and(|f| f(&result));
                report.tests.push(result);
                !stop
            }
            Err(_) => {
                interrupted = true;
                false
            }
        },
    );
    runner::reap_orphans();
    if interrupted || crate::interrupt::requested() {
        return Err(crate::interrupt::Interrupted.into());
    }
    report.verdict = Verdict::first_failure(report.tests.iter().map(|t| t.verdict));
    Ok(report)
}

/// Runs and checks one test; `keep_output` receives a copy of what the program printed.
/// `Err` only when the judge was interrupted.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_test(
    test: &TestCase,
    slot: usize,
    compiled: &Compiled,
    checker: &OutputChecker,
    limits: &Limits,
    options: &JudgeOptions,
    scratch_root: &Path,
    keep_output: Option<&Path>,
) -> Result<TestResult, crate::interrupt::Interrupted> {
    let result = |verdict, time_s, memory_mib, message: String, details| TestResult {
        name: test.name.clone(),
        verdict,
        time_s,
        memory_mib,
        message,
        details,
    };
    let dir = scratch_root.join(test.name.replace('/', "__"));
    let work = dir.join("work");
    if let Err(err) = std::fs::create_dir_all(&work) {
        return Ok(result(
            Verdict::Je,
            0.0,
            0.0,
            format!("creating {}: {err}", work.display()),
            vec![],
        ));
    }
    let output = dir.join("output");
    let stderr = dir.join("stderr");
    let (argv, isolation, home) = match options.isolation {
        IsolationChoice::Sandbox => {
            let (argv, mounts) = compiled.sandboxed_command(limits.memory_mib, &work);
            // The run's working directory and /tmp share a tmpfs as large as its memory limit.
            match runner::sandbox_for_run(mounts, limits.memory_mib << 20, slot) {
                Ok(isolation) => (argv, isolation, Path::new(sandbox::WORK_DIR).to_path_buf()),
                Err(err) => {
                    let why = format!("the sandbox failed to start: {err:#}");
                    return Ok(result(Verdict::Je, 0.0, 0.0, why, vec![]));
                }
            }
        }
        IsolationChoice::LimitsOnly => (
            compiled.command(limits.memory_mib),
            Isolation::Direct,
            work.clone(),
        ),
    };
    let mut run_limits = RunLimits::submission(
        limits.time_s,
        limits.memory_mib,
        limits.output_mib,
        compiled.allows_address_space_cap(),
    );
    run_limits.processes = Some(options.processes);
    let spec = RunSpec {
        argv,
        cwd: work.clone(),
        stdin: Some(test.input.clone()),
        stdout: output.clone(),
        stderr: stderr.clone(),
        limits: run_limits,
        cpu_slot: Some(slot),
        env: Some(runner::clean_env(&home)),
        isolation,
    };
    let outcome = match runner::run(&spec) {
        Ok(o) => o,
        Err(err) if err.is::<crate::interrupt::Interrupted>() => {
            return Err(crate::interrupt::Interrupted);
        }
        Err(err) => return Ok(result(Verdict::Je, 0.0, 0.0, format!("{err:#}"), vec![])),
    };
    // Milliseconds and tenths of a MiB: finer digits would be noise.
    let time_s = (outcome.cpu.as_secs_f64() * 1000.0).round() / 1000.0;
    let memory_mib = (outcome.peak_rss as f64 / f64::from(1 << 20) * 10.0).round() / 10.0;
    let output_bytes = std::fs::metadata(&output).map(|m| m.len()).unwrap_or(0);
    if let Some(copy) = keep_output {
        let _ = std::fs::copy(&output, copy);
    }
    let stderr_text = crate::checking::read_head_tail(&stderr);
    if matches!(spec.isolation, Isolation::Sandbox(_))
        && outcome.exit == runner::Exit::Code(1)
        && stderr_text.starts_with("bwrap: ")
    {
        let why = format!(
            "the sandbox failed to start: {}",
            stderr_text.lines().next().unwrap_or("")
        );
        return Ok(result(Verdict::Je, time_s, memory_mib, why, vec![]));
    }
    if let Some((verdict, message)) =
        classify::run_verdict(&outcome, limits, output_bytes, &stderr_text)
    {
        let _ = std::fs::remove_dir_all(&dir);
        return Ok(result(verdict, time_s, memory_mib, message, vec![]));
    }
    let check_dir = dir.join("check");
    let checked = std::fs::create_dir_all(&check_dir)
        .map_err(|e| format!("creating {}: {e}", check_dir.display()))
        .map(|()| checker.check(test, &output, &check_dir));
    let _ = std::fs::remove_dir_all(&dir);
    Ok(match checked {
        Ok(CheckOutcome::Accepted) => {
            result(Verdict::Ac, time_s, memory_mib, String::new(), vec![])
        }
        Ok(CheckOutcome::Rejected { reason, details }) => {
            result(Verdict::Wa, time_s, memory_mib, reason, details)
        }
        Ok(CheckOutcome::JudgeError(why)) | Err(why) => {
            result(Verdict::Je, time_s, memory_mib, why, vec![])
        }
    })
}

/// Whether a test name matches a `--tests` filter: comma-separated patterns, each a glob
/// (`*`, `?`) matched against the whole name or, without glob characters, a substring.
pub fn matches_filter(name: &str, filter: &str) -> bool {
    filter
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .any(|pattern| {
            if pattern.contains(['*', '?']) {
                glob_match(pattern.as_bytes(), name.as_bytes())
            } else {
                name.contains(pattern)
            }
        })
}

fn glob_match(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some((b'*', rest)) => (0..=text.len()).any(|i| glob_match(rest, &text[i..])),
        Some((b'?', rest)) => !text.is_empty() && glob_match(rest, &text[1..]),
        Some((c, rest)) => text.first() == Some(c) && glob_match(rest, &text[1..]),
    }
}

/// The path shown for a submission: relative to the current directory when it is inside it.
pub fn display_path(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters() {
        assert!(matches_filter("sample/1", "sample"));
        assert!(matches_filter("secret/none/03", "secret/none/*"));
        assert!(!matches_filter("secret/unique/03", "secret/none/*"));
        assert!(matches_filter("secret/unique/03", "none,unique"));
        assert!(matches_filter("sample/2", "sample/?"));
        assert!(!matches_filter("sample/12", "sample/?"));
    }
}
