//! `leapfrog status [CONTEST|PROBLEM]`: what each problem has and what it still lacks, without
//! running anything (BAPCtools' `stats`): samples and secret tests, submissions per expected
//! verdict, validators, the time limit and where it comes from, whether the generated data is
//! up to date, and a list of what is missing. As a table, `--json`, or a page (`--html`).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::contest::Target;
use crate::generate::DataState;
use leapfrog_package::{Contest, ContestProblem, Package};
use leapfrog_registry::Registry;
use leapfrog_util::inert;

#[derive(Debug, Args)]
#[command(after_help = super::help::after_help(
    &["leapfrog status", "leapfrog status ~/contest --html status.html", "leapfrog status frogs --json"],
    "Without an argument: the package or contest folder here, else the problems/ folder here or \
above.",
    "0 every problem complete, 1 something is missing, 2 a package cannot be read",
))]
pub struct StatusArgs {
    /// A contest folder, a package directory or a name under problems/.
    pub target: Option<String>,
    /// Print one JSON object on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write the overview as a self-contained HTML page.
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
}

#[derive(Debug, Serialize)]
struct TimeLimit {
    seconds: f64,
    /// `problem.yaml`, `.timelimit`, or `inferred by verify …`.
    how: String,
}

#[derive(Debug, Serialize)]
struct Validators {
    input: usize,
    answer: usize,
    /// `default` (token diff) or `custom`.
    output: &'static str,
}

/// One problem's line.
#[derive(Debug, Serialize)]
struct Line {
    label: String,
    problem: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    secret: Option<usize>,
    /// Expected verdict (`AC`, `WA`, `RTE|TLE` …) → how many submissions expect it.
    submissions: BTreeMap<String, usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    validators: Option<Validators>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit: Option<TimeLimit>,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<DataState>,
    missing: Vec<String>,
}

pub fn run(args: StatusArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.html {
        crate::matrix::page::check_writable(path)?;
    }
    let (title, problems) = targets(args.target.as_deref())?;
    let lines: Vec<Line> = problems
        .iter()
        .map(|p| {
            line(registry, p).unwrap_or_else(|err| Line {
                error: Some(format!("{err:#}")),
                missing: vec!["a readable package".into()],
                ..empty(p)
            })
        })
        .collect();
    let value = serde_json::json!({"title": title, "problems": lines});
    if let Some(path) = &args.html {
        leapfrog_util::write_atomically(path, crate::matrix::status::build(&value).as_bytes())?;
    }
    if args.json {
        leapfrog_util::outln!("{}", serde_json::to_string(&value)?);
    } else {
        print_table(&title, &lines);
        print_errors(&lines);
        if let Some(path) = &args.html {
            leapfrog_util::outln!("page: {}", path.display());
        }
    }
    let code = if lines.iter().any(|l| l.error.is_some()) {
        2
    } else if lines.iter().any(|l| !l.missing.is_empty()) {
        1
    } else {
        0
    };
    Ok(ExitCode::from(code))
}

/// The title and the problems to show: a contest's, one package's, or problems/'s.
fn targets(spec: Option<&str>) -> anyhow::Result<(String, Vec<ContestProblem>)> {
    let spec = match spec {
        Some(s) => s.to_string(),
        None if std::path::Path::new("problem.yaml").is_file()
            || Contest::is_contest(std::path::Path::new(".")) =>
        {
            ".".to_string()
        }
        None => crate::export::find_problems_dir()?.display().to_string(),
    };
    Ok(match Target::resolve(&spec)? {
        Target::Contest(contest) => (contest.name.clone(), contest.problems),
        Target::Problem(package) => (
            package.short_name.clone(),
            vec![ContestProblem {
                id: package.short_name.clone(),
                label: "A".into(),
                dir: package.root.clone(),
                rgb: None,
                name: None,
                time_limit: None,
            }],
        ),
    })
}

fn empty(p: &ContestProblem) -> Line {
    Line {
        label: p.label.clone(),
        problem: p.id.clone(),
        name: None,
        error: None,
        samples: None,
        secret: None,
        submissions: BTreeMap::new(),
        validators: None,
        time_limit: None,
        data: None,
        missing: Vec::new(),
    }
}

fn line(registry: &Registry, p: &ContestProblem) -> anyhow::Result<Line> {
    let package = Package::open(&p.dir.display().to_string())?;
    let tests = package.tests()?;
    let samples = tests
        .iter()
        .filter(|t| t.name.starts_with("sample/"))
        .count();
    let mut submissions = BTreeMap::new();
    for s in package.submissions()? {
        let label = s.expectation.label();
        let label = if label.is_empty() {
            "none".into()
        } else {
            label
        };
        *submissions.entry(label).or_insert(0) += 1;
    }
    let custom = package.config.validation != leapfrog_package::Validation::Default;
    let validators = Validators {
        input: package.input_validators()?.len(),
        answer: package.answer_validators()?.len(),
        output: if custom { "custom" } else { "default" },
    };
    let data = crate::generate::secret_data_state(registry, &package)?;
    let mut line = Line {
        name: Some(package.display_name().to_string()),
        samples: Some(samples),
        secret: Some(tests.len() - samples),
        time_limit: Some(time_limit(&package)),
        data: Some(data),
        ..empty(p)
    };
    line.missing = missing(&package, &line, &submissions, &validators, custom);
    line.submissions = submissions;
    line.validators = Some(validators);
    Ok(line)
}

fn time_limit(package: &Package) -> TimeLimit {
    let seconds = package.config.limits.time_s.get();
    let how = if !package.config.time_limit_given {
        "inferred by verify from the slowest accepted submission".to_string()
    } else if package.root.join(".timelimit").is_file()
        && !std::fs::read_to_string(package.root.join("problem.yaml"))
            .is_ok_and(|t| t.contains("time_limit"))
    {
        ".timelimit".to_string()
    } else {
        "problem.yaml".to_string()
    };
    TimeLimit { seconds, how }
}

/// What a complete package has and this one lacks.
fn missing(
    package: &Package,
    line: &Line,
    submissions: &BTreeMap<String, usize>,
    validators: &Validators,
    custom: bool,
) -> Vec<String> {
    let mut missing = Vec::new();
    // Without a statement folder, name the one the package's format reads.
    let statement = match package.statement_dir() {
        dir if dir.is_dir() => dir,
        _ => package.root.join(package.config.format.statement_folder()),
    };
    let has_statement = std::fs::read_dir(&statement).is_ok_and(|d| {
        d.filter_map(Result::ok)
            .any(|e| e.file_name().to_string_lossy().starts_with("problem."))
    });
    if !has_statement {
        missing.push(format!(
            "a statement ({}/problem.en.md)",
            statement.display()
        ));
    }
    if line.samples == Some(0) {
        missing.push("samples (data/sample)".into());
    }
    if line.secret == Some(0) {
        missing.push("secret tests (data/secret)".into());
    }
    if !submissions.contains_key("AC") {
        missing.push("an accepted submission".into());
    }
    if !submissions.keys().any(|k| k != "AC" && k != "none") {
        missing.push("a wrong submission (wrong_answer/, time_limit_exceeded/ …)".into());
    }
    if validators.input == 0 {
        missing.push("an input validator".into());
    }
    if custom && package.output_validator().is_err() {
        missing.push("the output validator (validation is custom)".into());
    }
    match line.data {
        Some(DataState::Stale) => missing.push("up-to-date data: run `leapfrog generate`".into()),
        Some(DataState::Missing) => missing.push("generated data: run `leapfrog generate`".into()),
        _ => {}
    }
    missing
}

/// A problem's name in the table, `LABEL PROBLEM`, safe to print.
fn row_name(l: &Line) -> String {
    inert(&format!("{} {}", l.label, l.problem)).into_owned()
}

fn print_table(title: &str, lines: &[Line]) {
    leapfrog_util::outln!(
        "status {} · {}",
        inert(title),
        leapfrog_util::plural(lines.len(), "problem")
    );
    let width = super::contest::problem_column_width(
        lines.iter().map(|l| (l.label.as_str(), l.problem.as_str())),
    );
    let names: Vec<String> = lines.iter().map(row_name).collect();
    leapfrog_util::outln!(
        "{:<width$}  {:>7}  {:>6}  {:<22}  {:<10}  {:<8}  {:<10}  missing",
        "problem",
        "samples",
        "secret",
        "submissions",
        "validators",
        "time",
        "data"
    );
    for (l, name) in lines.iter().zip(&names) {
        if l.error.is_some() {
            // The message is as long as it needs to be: it follows the table, not in its row.
            leapfrog_util::outln!(
                "{name:<width$}  {:>7}  {:>6}  {:<22}  {:<10}  {:<8}  {:<10}  the error below",
                "error",
                "",
                "",
                "",
                "",
                ""
            );
            continue;
        }
        let subs: Vec<String> = l
            .submissions
            .iter()
            .map(|(k, v)| format!("{v} {k}"))
            .collect();
        let validators = l.validators.as_ref().map_or(String::new(), |v| {
            format!("{}i {}a {}", v.input, v.answer, &v.output[..3])
        });
        let time = l.time_limit.as_ref().map_or(String::new(), |t| {
            let mark = if t.how.starts_with("inferred") {
                "~"
            } else {
                ""
            };
            format!("{mark}{} s", t.seconds)
        });
        let data = match l.data {
            Some(DataState::NoPlan) => "hand-made",
            Some(DataState::Missing) => "missing",
            Some(DataState::Stale) => "stale",
            Some(DataState::UpToDate) => "up to date",
            None => "",
        };
        leapfrog_util::outln!(
            "{name:<width$}  {:>7}  {:>6}  {:<22}  {:<10}  {:<8}  {:<10}  {}",
            l.samples.unwrap_or(0),
            l.secret.unwrap_or(0),
            subs.join(", "),
            validators,
            time,
            data,
            if l.missing.is_empty() {
                "nothing".to_string()
            } else {
                l.missing.join("; ")
            }
        );
    }
    leapfrog_util::outln!(
        "(validators: input, answer, output default/custom; a time marked ~ is inferred by verify)"
    );
}

/// The message of every problem that could not be read, after the table whose rows say
/// `error`: on stderr, each naming its problem as its row does.
fn print_errors(lines: &[Line]) {
    for l in lines {
        if let Some(error) = &l.error {
            crate::report::print_error(&format!("{} {}: {error}", l.label, l.problem));
        }
    }
}
