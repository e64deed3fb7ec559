//! `verify CONTEST` (and `time-limit CONTEST`): every problem of a contest folder, then one
//! table. The problems run one after the other, each with all of `--jobs`, so the machine is
//! never asked for more than `--jobs` at once.

use std::process::ExitCode;
use std::time::Instant;

use serde::Serialize;

use super::VerifyArgs;
use super::summary::Tally;
use crate::commands::contest::{Worst, code_of, problem_column_width};
use crate::report;
use leapfrog_package::{Contest, ContestProblem};
use leapfrog_registry::Registry;
use leapfrog_util::inert;

/// One problem's line in the contest table and JSON.
#[derive(Debug, Serialize)]
struct Line {
    label: String,
    problem: String,
    ok: bool,
    /// Why the problem could not be verified at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(flatten)]
    tally: Option<Tally>,
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<serde_json::Value>,
}

/// `verify CONTEST` (and `time-limit CONTEST`): every problem, then one table.
pub fn verify(
    registry: &'static Registry,
    contest: &Contest,
    args: VerifyArgs,
) -> anyhow::Result<ExitCode> {
    let json = args.json;
    if let Some(path) = &args.report {
        crate::matrix::page::check_writable(path)?;
    }
    let mut worst = Worst::default();
    let mut lines = Vec::new();
    for problem in &contest.problems {
        if !json {
            let (label, id) = (inert(&problem.label), inert(&problem.id));
            leapfrog_util::outln!("== {label} {id}");
        }
        let started = Instant::now();
        let one = problem_args(&args, problem);
        let mut line = Line {
            label: problem.label.clone(),
            problem: problem.id.clone(),
            ok: false,
            error: None,
            tally: None,
            report: None,
        };
        match super::problem(registry, one) {
            Ok(verified) => {
                let code = code_of(verified.code);
                worst.add(code);
                line.ok = code == 0;
                line.tally = verified.tally.map(|mut t| {
                    t.seconds = started.elapsed().as_secs_f64();
                    line.report = t.report.take();
                    t
                });
            }
            Err(err) if err.is_interrupted() => return Err(err.into()),
            Err(err) => {
                worst.add(code_of(err.process_exit_code()));
                if !json {
                    report::print_error(&err);
                }
                // The table has one line per problem; the whole message was printed above.
                let text = format!("{err:#}");
                line.error = Some(if json {
                    text
                } else {
                    text.lines().next().unwrap_or_default().to_string()
                });
            }
        }
        if !json {
            leapfrog_util::outln!("");
        }
        lines.push(line);
    }
    if args.timing_only && !json {
        return Ok(worst.code());
    }
    if json {
        let all_ok = lines.iter().all(|l| l.ok);
        let value = serde_json::json!({"contest": contest.name, "ok": all_ok, "problems": lines});
        leapfrog_util::outln!("{}", serde_json::to_string(&value)?);
    } else {
        print_table(contest, &lines);
    }
    Ok(worst.code())
}

/// The arguments that verify one problem of the contest as part of it.
fn problem_args(args: &VerifyArgs, problem: &ContestProblem) -> VerifyArgs {
    VerifyArgs {
        problem: problem.dir.display().to_string(),
        json: args.json,
        all_tests: args.all_tests,
        report: args
            .report
            .as_ref()
            .map(|r| per_problem_report(r, &problem.id)),
        run: args.run.clone(),
        timing_only: args.timing_only,
        embedded: true,
    }
}

/// The report page of one problem of a contest: `r.html` becomes `r-<problem>.html`.
fn per_problem_report(path: &std::path::Path, id: &str) -> std::path::PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".into());
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "html".into());
    path.with_file_name(format!("{stem}-{id}.{ext}"))
}

fn print_table(contest: &Contest, lines: &[Line]) {
    let width = problem_column_width(lines.iter().map(|l| (l.label.as_str(), l.problem.as_str())));
    let styled = report::stdout_styled();
    leapfrog_util::outln!(
        "contest {} · {}",
        inert(&contest.name),
        leapfrog_util::plural(lines.len(), "problem")
    );
    leapfrog_util::outln!(
        "{:<width$}  {:>11}  {:>10}  {:>12}  {:>8}",
        "problem",
        "as expected",
        "mismatches",
        "judge errors",
        "time"
    );
    for line in lines {
        let name = format!("{} {}", inert(&line.label), inert(&line.problem));
        let text = match &line.tally {
            Some(t) => format!(
                "{name:<width$}  {:>11}  {:>10}  {:>12}  {:>7.1}s",
                format!("{}/{}", t.as_expected, t.submissions),
                t.mismatches,
                t.judge_errors,
                t.seconds
            ),
            None => format!(
                "{name:<width$}  error: {}",
                inert(line.error.as_deref().unwrap_or("not verified"))
            ),
        };
        let style = if line.ok {
            console::Style::new().green()
        } else {
            console::Style::new().red()
        };
        leapfrog_util::outln!("{}", style.force_styling(styled).apply_to(text));
    }
    let fine = lines.iter().filter(|l| l.ok).count();
    leapfrog_util::outln!(
        "{}: {fine} as expected, {} not",
        leapfrog_util::plural(lines.len(), "problem"),
        lines.len() - fine
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_problem_gets_its_own_report_page() {
        let path = per_problem_report(std::path::Path::new("out/r.html"), "frogs");
        assert_eq!(path, std::path::Path::new("out/r-frogs.html"));
    }
}
