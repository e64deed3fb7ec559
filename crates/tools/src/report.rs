//! Terminal and JSON output: colours only when the stream is a terminal, a progress bar only on
//! a terminal (plain lines when piped), errors on stderr (and, for a `--json` command, as one
//! object on stdout too).

use std::io::IsTerminal;
use std::time::Duration;

use console::Style;
use indicatif::{ProgressBar, ProgressStyle};

use leapfrog_judge::{JudgeError, JudgeReport, TestResult};
use leapfrog_package::verdict::Verdict;
use leapfrog_util::inert;

/// Prints an error and its causes on stderr, the way every command reports failure; inert, as
/// an error may quote a file's name or a program's words.
pub fn print_error(err: &dyn std::fmt::Display) {
    let red = Style::new().red().bold().for_stderr();
    let text = format!("{err:#}");
    eprintln!("{} {}", red.apply_to("error:"), inert(&text));
}

/// Reports the error a command failed with, the one way every command does: its message and
/// causes on stderr ([`print_error`]), and with `--json` (`json`) also one object on stdout,
/// `{"error": <that message>, "exit_code": <the process's exit code>}`, unless the command
/// has already written its own output there (stdout then holds its one object already). A
/// closed pipe is not reported at all.
pub fn print_failure(err: &JudgeError, json: bool) {
    if !err.is_reported() {
        return;
    }
    print_error(err);
    if json && !leapfrog_util::stdout_written() {
        let object = serde_json::json!({
            "error": format!("{err:#}"),
            "exit_code": err.exit_status(),
        });
        leapfrog_util::outln!("{object}");
    }
}

/// Whether stdout is a terminal (and colours are wanted there).
pub fn stdout_styled() -> bool {
    std::io::stdout().is_terminal() && console::colors_enabled()
}

/// The colour of a verdict.
pub fn verdict_style(verdict: Verdict, styled: bool) -> Style {
    let style = Style::new().bold().force_styling(styled);
    match verdict {
        Verdict::Ac => style.green(),
        Verdict::Wa => style.red(),
        Verdict::Tle | Verdict::Mle | Verdict::Ole => style.yellow(),
        Verdict::Rte => style.magenta(),
        Verdict::Ce | Verdict::Je => style.red().reverse(),
    }
}

/// One test's line: verdict, name, CPU time, peak memory, and the reason for a rejection.
pub fn test_line(result: &TestResult, name_width: usize, styled: bool) -> String {
    let verdict =
        verdict_style(result.verdict, styled).apply_to(format!("{:<3}", result.verdict.code()));
    let mut line = format!(
        "  {verdict}  {:<name_width$}  {:>6.2} s  {:>7.1} MiB",
        inert(&result.name),
        result.time_s,
        result.memory_mib
    );
    // Names and messages may hold anything a package or a program wrote: escaped.
    let message = inert(&result.cause.to_string()).into_owned();
    if !message.is_empty() {
        line.push_str("  ");
        line.push_str(&message);
    } else if let Some(said) = result
        .judge_message
        .as_deref()
        .and_then(|m| m.lines().next())
    {
        // What an interactive or multi-pass validator said about an accepted test.
        line.push_str("  ");
        let said = Style::new()
            .dim()
            .force_styling(styled)
            .apply_to(inert(said));
        line.push_str(&said.to_string());
    }
    if let Some(score) = result.score {
        line.push_str(&format!("  (score {score})"));
    }
    for detail in &result.details {
        line.push_str("\n       ");
        line.push_str(
            &Style::new()
                .dim()
                .force_styling(styled)
                .apply_to(inert(detail))
                .to_string(),
        );
    }
    line
}

/// The closing line of a judge run.
pub fn summary_line(report: &JudgeReport, styled: bool) -> String {
    let verdict = verdict_style(report.verdict, styled).apply_to(report.verdict.code());
    let passed = report
        .tests
        .iter()
        .filter(|t| t.verdict == Verdict::Ac)
        .count();
    let mut line = format!(
        "{verdict}  {passed}/{} accepted · max {:.2} s of {:.2} s · max {:.1} MiB of {} MiB",
        leapfrog_util::plural(report.tests.len(), "test"),
        report.max_time(),
        report.limits.time_s,
        report.max_memory(),
        report.limits.memory_mib
    );
    if let Some(first) = report.tests.iter().find(|t| t.verdict != Verdict::Ac) {
        line.push_str(&format!(
            " · first failure: {} ({})",
            inert(&first.name),
            first.verdict
        ));
    }
    line
}

/// A progress bar on stderr when it is a terminal; otherwise nothing at all. The bar appears
/// when [`Progress::start`] learns how many steps there are.
pub struct Progress {
    what: String,
    enabled: bool,
    bar: std::sync::OnceLock<ProgressBar>,
}

impl Progress {
    /// A bar labelled `what`, shown only when stderr is a terminal and `quiet` is false.
    pub fn new(what: &str, quiet: bool) -> Progress {
        Progress {
            what: inert(what).into_owned(),
            enabled: !quiet && std::io::stderr().is_terminal(),
            bar: std::sync::OnceLock::new(),
        }
    }

    /// Shows a spinner, for work of unknown length.
    pub fn start_spinner(&self) {
        if !self.enabled {
            return;
        }
        self.bar.get_or_init(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{prefix} {spinner} {msg}").expect("a valid template"),
            );
            bar.set_prefix(self.what.clone());
            bar.enable_steady_tick(Duration::from_millis(100));
            bar
        });
    }

    /// Shows the bar for `len` steps.
    pub fn start(&self, len: usize) {
        if !self.enabled {
            return;
        }
        let bar = self.bar.get_or_init(|| {
            let bar = ProgressBar::new(len as u64);
            bar.set_style(
                ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {elapsed} {msg}")
                    .expect("a valid template")
                    .progress_chars("=> "),
            );
            bar.set_prefix(self.what.clone());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        bar.set_length(len as u64);
    }

    /// Replaces the bar's message without advancing it.
    pub fn message(&self, msg: &str) {
        if let Some(bar) = self.bar.get() {
            bar.set_message(inert(msg).into_owned());
        }
    }

    pub fn step(&self, msg: &str) {
        if let Some(bar) = self.bar.get() {
            bar.set_message(inert(msg).into_owned());
            bar.inc(1);
        }
    }

    /// Prints a line on stdout without tearing the bar.
    pub fn println(&self, line: &str) {
        match self.bar.get() {
            Some(bar) => bar.suspend(|| leapfrog_util::outln!("{line}")),
            None => leapfrog_util::outln!("{line}"),
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}
