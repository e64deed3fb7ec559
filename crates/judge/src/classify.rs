//! Turning what the runner measured into a verdict, before the output is checked.

use leapfrog_package::Limits;
use leapfrog_runner::{Exit, Limit, RunOutcome, Stopped};

use super::{TestResult, Verdict};

/// How a run failed by its own behaviour: the verdict, the message, and the limit it passed
/// (none for a crash).
#[derive(Debug, Clone)]
pub struct Failure {
    pub verdict: Verdict,
    pub message: String,
    pub limit: Option<Limit>,
}

fn failed(verdict: Verdict, message: String, limit: Option<Limit>) -> Option<Failure> {
    Some(Failure {
        verdict,
        message,
        limit,
    })
}

/// What a run's own behaviour says about it: `Some` when it already failed (time, output,
/// memory, crash), `None` when its output must be checked.
pub fn run_verdict(
    run: &RunOutcome,
    limits: &Limits,
    output_bytes: u64,
    stderr: &str,
) -> Option<Failure> {
    let cpu = run.cpu.as_secs_f64();
    let peak_mib = run.peak_rss as f64 / f64::from(1 << 20);
    // Checked first: a run stopped for memory often burnt its CPU time on page faults.
    if run.memory_exceeded {
        return failed(
            Verdict::Mle,
            format!(
                "needed more than the {} MiB memory limit (peak {peak_mib:.1} MiB)",
                limits.memory_mib
            ),
            Some(Limit::Memory),
        );
    }
    if stopped_by_wall_clock(run, limits) {
        return failed(
            Verdict::Tle,
            format!(
                "stopped by the wall-clock limit after {:.1} s, having used {cpu:.2} s of CPU, under the {:.2} s CPU limit: it slept or waited, or the machine was too busy to run it ({})",
                run.wall.as_secs_f64(),
                limits.time_s,
                machine_load()
            ),
            Some(Limit::WallClock),
        );
    }
    if run.timed_out() {
        return failed(
            Verdict::Tle,
            format!("used more than the {:.2} s CPU time limit", limits.time_s),
            Some(Limit::Cpu),
        );
    }
    let output_limit = limits.output_mib.bytes();
    if output_bytes > output_limit || run.exit == Exit::Signal(libc::SIGXFSZ) {
        return failed(
            Verdict::Ole,
            format!("output exceeded the {} MiB limit", limits.output_mib),
            Some(Limit::Output),
        );
    }
    if run.peak_rss > limits.memory_mib.bytes() {
        return failed(
            Verdict::Mle,
            format!(
                "peak memory {peak_mib:.1} MiB exceeded the {} MiB limit",
                limits.memory_mib
            ),
            Some(Limit::Memory),
        );
    }
    if run.exit != Exit::Code(0) {
        if let Some(what) = failed_allocation(stderr) {
            return failed(
                Verdict::Mle,
                format!(
                    "{what}: memory beyond the {} MiB limit was refused",
                    limits.memory_mib
                ),
                Some(Limit::Memory),
            );
        }
        let last = stderr.lines().map(str::trim).rfind(|l| !l.is_empty());
        let said = last
            .map(|l| format!(": {}", shorten(l)))
            .unwrap_or_default();
        return failed(Verdict::Rte, format!("{}{said}", run.describe_exit()), None);
    }
    None
}

/// Whether the wall-clock limit stopped a run whose CPU time stayed under the CPU limit: a
/// program that sleeps or waits, or one the machine did not give its share of the CPU.
pub fn stopped_by_wall_clock(run: &RunOutcome, limits: &Limits) -> bool {
    run.stopped == Some(Stopped::WallLimit) && run.cpu.as_secs_f64() <= limits.time_s.get()
}

/// The machine's load as `/proc/loadavg` gives it (runnable processes averaged over 1, 5 and 15
/// minutes), against the CPUs the judge may use.
fn machine_load() -> String {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let averages = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| {
            let fields: Vec<&str> = text.split_whitespace().take(3).collect();
            (fields.len() == 3).then(|| fields.join(" "))
        });
    match averages {
        Some(load) => format!("load average {load} on {cpus} CPUs"),
        None => format!("load unknown, {cpus} CPUs"),
    }
}

/// Recognises the messages runtimes print when an allocation is refused.
fn failed_allocation(stderr: &str) -> Option<&'static str> {
    [
        ("std::bad_alloc", "std::bad_alloc"),
        ("MemoryError", "Python MemoryError"),
        ("java.lang.OutOfMemoryError", "java.lang.OutOfMemoryError"),
        ("memory allocation of", "a Rust allocation failed"),
    ]
    .into_iter()
    .find(|(needle, _)| stderr.contains(needle))
    .map(|(_, what)| what)
}

fn shorten(line: &str) -> String {
    const MAX: usize = 160;
    if line.chars().count() <= MAX {
        line.to_string()
    } else {
        format!("{}…", line.chars().take(MAX).collect::<String>())
    }
}

/// The result of a test run again alone (see [`super::JudgeOptions::rerun_wall_clock`]): the second
/// run's, its message saying so when it is a rejection too.
pub fn run_again_alone(mut again: TestResult) -> TestResult {
    if again.limit == Some(Limit::WallClock) {
        again.message = format!("{} (and again when run alone)", again.message);
    } else if again.verdict != Verdict::Ac {
        again.message = format!(
            "{} (when run again alone; the wall-clock limit stopped its first run)",
            again.message
        );
    }
    again
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_runner::{Exit, Stopped};
    use std::time::Duration;

    fn outcome(cpu_ms: u64, stopped: Option<Stopped>, exit: Exit) -> RunOutcome {
        RunOutcome {
            exit,
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(cpu_ms.max(2500)),
            peak_rss: 1 << 20,
            memory_exceeded: false,
            stopped,
            cpu_limit: Duration::from_secs(1),
        }
    }

    #[test]
    fn each_failure_names_the_limit_it_passed_as_a_type() {
        let limits = Limits::default();
        let kill = Exit::Signal(libc::SIGKILL);
        let limit = |run: &RunOutcome, output: u64| {
            run_verdict(run, &limits, output, "").and_then(|f| f.limit)
        };
        let slept = outcome(100, Some(Stopped::WallLimit), kill);
        assert_eq!(limit(&slept, 0), Some(Limit::WallClock));
        let busy = outcome(1100, Some(Stopped::CpuLimit), kill);
        assert_eq!(limit(&busy, 0), Some(Limit::Cpu));
        let mut hog = outcome(100, None, kill);
        hog.memory_exceeded = true;
        assert_eq!(limit(&hog, 0), Some(Limit::Memory));
        let chatty = outcome(100, None, Exit::Code(0));
        assert_eq!(limit(&chatty, 9 << 20), Some(Limit::Output));
        let crashed = outcome(100, None, Exit::Signal(libc::SIGSEGV));
        let failure = run_verdict(&crashed, &limits, 0, "").unwrap();
        assert_eq!((failure.verdict, failure.limit), (Verdict::Rte, None));
        assert!(run_verdict(&chatty, &limits, 3, "").is_none());
    }
}
