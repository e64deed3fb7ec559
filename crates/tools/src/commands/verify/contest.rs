//! `verify CONTEST` (and `time-limit CONTEST`): every problem of a contest folder, then one
//! table. The machine is never asked for more than `--jobs` runs at once.
//!
//! With one job, or without the sandbox, the problems run one after the other, each printing
//! as it goes. Otherwise they overlap: each problem's data is generated and checked first, one
//! problem at a time (generators and validators run outside the judge's slots), then up to
//! `--jobs` problems are judged at once on one [`SlotPool`], so that a problem's long last run
//! (a submission that must exceed the time limit) leaves its other CPU to the next problem
//! instead of idle. Each problem's output is held back and printed whole, in the contest's
//! order. Overlapping needs the sandbox: a sandboxed run leaves no process behind, so no
//! problem has to sweep the command's children while another is judged.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::summary::{Tally, Verified};
use super::{Opened, VerifyArgs};
use crate::commands::contest::{Worst, code_of, problem_column_width};
use crate::report;
use leapfrog_judge::{JudgeError, SlotPool, spent::Spent};
use leapfrog_package::{Contest, ContestProblem};
use leapfrog_registry::Registry;
use leapfrog_runner::IsolationChoice;
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
    let spent_from = Spent::now();
    let jobs = overlapping_jobs(&args)?;
    let mut worst = Worst::default();
    let mut lines = Vec::new();
    // `held`: the problem's output, held back while it was judged beside others; `None` when
    // it was printed as it came, after its heading.
    let mut each = |problem: &ContestProblem, verified, held: Option<&str>, took: Duration| {
        if let (false, Some(text)) = (json, held) {
            heading(problem);
            leapfrog_util::write_stdout(format_args!("{text}"));
        }
        let line = line_of(problem, verified, json, took, &mut worst)?;
        if !json {
            leapfrog_util::outln!("");
        }
        lines.push(line);
        anyhow::Ok(())
    };
    match jobs {
        Some(jobs) => overlapped(registry, contest, &args, jobs, &mut each)?,
        None => {
            for problem in &contest.problems {
                if !json {
                    heading(problem);
                }
                let started = Instant::now();
                let verified = super::problem(registry, problem_args(&args, problem));
                each(problem, verified, None, started.elapsed())?;
            }
        }
    }
    if args.timing_only && !json {
        return Ok(worst.code());
    }
    let spent = Spent::now().since(&spent_from);
    if json {
        let all_ok = lines.iter().all(|l| l.ok);
        let value = serde_json::json!({"contest": contest.name, "ok": all_ok, "problems": lines,
            "time_by_program": spent.entries()});
        leapfrog_util::outln!("{}", serde_json::to_string(&value)?);
    } else {
        print_table(contest, &lines);
        if let Some(line) = spent.line() {
            leapfrog_util::outln!("time in programs: {line}");
        }
    }
    Ok(worst.code())
}

/// The line above a problem's own output.
fn heading(problem: &ContestProblem) {
    let (label, id) = (inert(&problem.label), inert(&problem.id));
    leapfrog_util::outln!("== {label} {id}");
}

/// The outcome of verifying one problem, what it printed, and the time it took.
type Outcome = (Result<Verified, JudgeError>, String, Duration);

/// What the contest does with each problem's outcome, the output it held back (if any), and
/// the time it took: its heading, its output and its line of the table.
type EachProblem<'a> = dyn FnMut(
        &ContestProblem,
        Result<Verified, JudgeError>,
        Option<&str>,
        Duration,
    ) -> anyhow::Result<()>
    + 'a;

/// A problem opened, what opening it printed, and the time that took.
type OpenedProblem = (Result<Opened, JudgeError>, String, Duration);

/// How many problems to judge at once, sharing that many slots; `None` to verify them one
/// after the other (one job, one problem, or no sandbox; see the module's comment).
fn overlapping_jobs(args: &VerifyArgs) -> anyhow::Result<Option<usize>> {
    let jobs = args.run.job_count();
    if jobs < 2 {
        return Ok(None);
    }
    let runner = crate::interrupt::runner();
    let isolation = args.run.judge_options(&runner)?.isolation;
    Ok((isolation == IsolationChoice::Sandbox).then_some(jobs))
}

/// The problems verified overlapping (see the module's comment): each opened in turn, then
/// judged up to `jobs` at once; `each` gets every problem's outcome and held output in order.
fn overlapped(
    registry: &'static Registry,
    contest: &Contest,
    args: &VerifyArgs,
    jobs: usize,
    each: &mut EachProblem,
) -> anyhow::Result<()> {
    let mut opened = Vec::new();
    for problem in &contest.problems {
        let started = Instant::now();
        let (one, held) =
            leapfrog_util::capture_stdout(|| super::open(registry, problem_args(args, problem)));
        let one = match one {
            Err(err) if err.is_interrupted() => return Err(err.into()),
            one => one,
        };
        opened.push(std::sync::Mutex::new(Some((one, held, started.elapsed()))));
    }
    // Every problem's runs at once must fit in memory: the pool is sized for the largest limit.
    let largest = (opened.iter())
        .filter_map(|o| match &*o.lock().unwrap_or_else(|e| e.into_inner()) {
            Some((Ok(one), _, _)) => Some(one.memory_bytes()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let runner = crate::interrupt::runner();
    let pool = SlotPool::new(leapfrog_runner::admissible_jobs(jobs, largest), &runner);
    let mut failed = None;
    leapfrog_runner::parallel::ordered(
        &opened,
        pool.jobs(),
        |_, one| judge_one(one, &pool),
        |index, (verified, held, took): Outcome| {
            let interrupted = matches!(&verified, Err(err) if err.is_interrupted());
            let result = match interrupted {
                true => verified.map(drop).map_err(anyhow::Error::from),
                false => each(&contest.problems[index], verified, Some(&held), took),
            };
            result.map_err(|err| failed = Some(err)).is_ok()
        },
    );
    failed.map_or(Ok(()), Err)
}

/// Judges one opened problem on the shared slots, holding back what it prints.
fn judge_one(one: &std::sync::Mutex<Option<OpenedProblem>>, pool: &SlotPool) -> Outcome {
    let taken = one.lock().unwrap_or_else(|e| e.into_inner()).take();
    let started = Instant::now();
    let Some((opened, held, opening)) = taken else {
        let twice = anyhow::anyhow!("internal error: a problem of the contest was judged twice");
        return (
            Err(JudgeError::Failed(twice)),
            String::new(),
            Duration::ZERO,
        );
    };
    let (verified, text) = leapfrog_util::capture_stdout(|| {
        opened.and_then(|mut opened| {
            opened.join(pool);
            super::judge_opened(opened)
        })
    });
    (verified, held + &text, opening + started.elapsed())
}

/// A problem's line of the table, from its outcome; its exit code added to `worst`.
fn line_of(
    problem: &ContestProblem,
    verified: Result<Verified, JudgeError>,
    json: bool,
    took: Duration,
    worst: &mut Worst,
) -> anyhow::Result<Line> {
    let mut line = Line {
        label: problem.label.clone(),
        problem: problem.id.clone(),
        ok: false,
        error: None,
        tally: None,
        report: None,
    };
    match verified {
        Ok(verified) => {
            let code = code_of(verified.code);
            worst.add(code);
            line.ok = code == 0;
            line.tally = verified.tally.map(|mut t| {
                t.seconds = took.as_secs_f64();
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
    Ok(line)
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
        pool: None,
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
