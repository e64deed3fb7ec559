//! Turning what the runner measured into a verdict, before the output is checked.

use leapfrog_package::Limits;
use leapfrog_runner::{Exit, RunOutcome, Stopped};

use super::Cause;

/// What a run's own behaviour says about it: `Some` cause when it already failed (time,
/// output, memory, crash), `None` when its output must be checked.
pub fn run_verdict(
    run: &RunOutcome,
    limits: &Limits,
    output_bytes: u64,
    stderr: &str,
) -> Option<Cause> {
    let cpu_s = run.cpu.as_secs_f64();
    let peak_mib = run.peak_rss as f64 / f64::from(1 << 20);
    let memory = limits.memory_mib;
    // Checked first: a run stopped for memory often burnt its CPU time on page faults.
    if run.memory_exceeded {
        return Some(Cause::MemoryStopped {
            limit: memory,
            peak_mib,
        });
    }
    if stopped_by_wall_clock(run, limits) {
        return Some(Cause::WallClock {
            wall_s: run.wall.as_secs_f64(),
            cpu_s,
            limit: limits.time_s,
            load: machine_load(),
        });
    }
    if run.timed_out() {
        return Some(Cause::CpuLimit {
            limit: limits.time_s,
        });
    }
    let output_limit = limits.output_mib.bytes();
    if output_bytes > output_limit || run.exit == Exit::Signal(libc::SIGXFSZ) {
        return Some(Cause::OutputLimit {
            limit: limits.output_mib,
        });
    }
    if run.peak_rss > memory.bytes() {
        return Some(Cause::MemoryPeak {
            limit: memory,
            peak_mib,
        });
    }
    if run.exit != Exit::Code(0) {
        if let Some(runtime) = failed_allocation(stderr) {
            return Some(Cause::AllocationRefused {
                runtime,
                limit: memory,
            });
        }
        let last = stderr.lines().map(str::trim).rfind(|l| !l.is_empty());
        return Some(Cause::Crashed {
            exit: run.exit,
            said: last.map(shorten),
        });
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

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_package::verdict::Verdict;
    use leapfrog_runner::{Exit, Limit, Stopped};
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
            run_verdict(run, &limits, output, "").and_then(|cause| cause.limit())
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
        let cause = run_verdict(&crashed, &limits, 0, "").unwrap();
        assert_eq!((cause.verdict(), cause.limit()), (Verdict::Rte, None));
        assert_eq!(cause.to_string(), "killed by signal 11 (SIGSEGV)");
        assert!(run_verdict(&chatty, &limits, 3, "").is_none());
    }
}
