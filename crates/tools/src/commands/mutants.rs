//! `leapfrog mutants`: how strong is a problem's test data? Every mutant of the accepted
//! submissions is judged on the tests; the ones that survive are mistakes the data misses.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;

use crate::commands::judge::RunOptions;
use leapfrog_registry::Registry;
// The command itself needs the `mutants` feature (tree-sitter); its arguments and `--help` are
// the same without it, and `run` then says which feature is missing.
#[cfg(feature = "mutants")]
use {
    crate::mutants::campaign::{self, CampaignOptions, MutantResult, Status, SubmissionResult},
    crate::mutants::{Syntax, add},
    leapfrog_package::Package,
    leapfrog_util::plural,
    serde::Serialize,
    std::time::Duration,
};

/// Measure the test data with mutants of the accepted submissions.
///
/// Each mutant is a small change to a correct program (a boundary moved, `+` for `-`, a
/// literal off by one, a clause or a `break` removed). A mutant is `killed` when some test
/// rejects it, `timeout` when only the time limit does, `survived` when every test accepts it,
/// and `build_failed` when it does not compile. score = killed / (killed + survived).
#[derive(Debug, Args)]
#[command(verbatim_doc_comment, after_help = crate::commands::help::after_help(
    &[
        "leapfrog mutants checkers",
        "leapfrog mutants shifting problems/shifting/submissions/accepted/construction.rs --json",
        "leapfrog mutants pairs --tests 'sample/*' --hunt 30 --add",
    ],
    "",
    crate::commands::help::MUTATED,
))]
pub struct MutantsArgs {
    /// A problem name under problems/, or the path of any package directory.
    pub problem: String,
    /// One submission (Rust, C, C++ or Python). Default: every accepted submission in those
    /// languages.
    pub submission: Option<PathBuf>,
    /// Stress-test each survivor against the reference for this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = hunt_seconds)]
    pub hunt: Option<f64>,
    /// Add each test that tells a survivor apart to the package's data plan.
    #[arg(long, requires = "hunt")]
    pub add: bool,
    /// The seed of the hunts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print exactly one JSON object on stdout instead of the tables.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub run: RunOptions,
}

fn hunt_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 86_400.0 => Ok(v),
        _ => Err(format!(
            "'{s}' is not a number of seconds between 0 and 86400"
        )),
    }
}

#[cfg(feature = "mutants")]
#[derive(Serialize)]
struct Report<'a> {
    problem: &'a str,
    submissions: &'a [SubmissionResult],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    added_tests: Vec<String>,
}

/// Without the `mutants` feature: exit 2, naming the feature, instead of a missing command.
#[cfg(not(feature = "mutants"))]
pub fn run(_args: MutantsArgs, _registry: &'static Registry) -> anyhow::Result<ExitCode> {
    bail!(leapfrog_util::FeatureMissing {
        feature: "mutants",
        what: "`leapfrog mutants` (it parses submissions with tree-sitter)",
    })
}

#[cfg(feature = "mutants")]
pub fn run(args: MutantsArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    let runner = crate::interrupt::runner();
    let package = Package::open(&args.problem)?;
    let submissions = chosen_submissions(&package, args.submission.as_ref())?;
    crate::generate::ensure_secret_data(registry, &runner, &package)?;
    let options = CampaignOptions {
        judge: args.run.judge_options(&runner)?,
        runner,
        hunt: args.hunt.map(Duration::from_secs_f64),
        seed: args.seed,
        quiet: args.json,
    };
    let mut results = Vec::new();
    for submission in &submissions {
        let result = campaign::run(registry, &package, submission, &options)?;
        if !args.json {
            print_table(&result, crate::report::stdout_styled());
        }
        results.push(result);
    }
    let added = if args.add {
        add::add_to_plan(&package, &results)?
    } else {
        Vec::new()
    };
    if args.json {
        let report = Report {
            problem: &package.short_name,
            submissions: &results,
            added_tests: added,
        };
        leapfrog_util::outln!("{}", serde_json::to_string(&report)?);
    } else if args.add {
        leapfrog_util::outln!("added {} to the data plan", plural(added.len(), "test"));
        for name in &added {
            leapfrog_util::outln!("  {name}");
        }
    }
    let unexplained = results
        .iter()
        .flat_map(|r| &r.mutants)
        .any(|m| m.status == Status::Survived && m.probably_equivalent != Some(true));
    Ok(if unexplained {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(feature = "mutants")]
/// The named submission, or every accepted one a mutator can read.
fn chosen_submissions(package: &Package, named: Option<&PathBuf>) -> anyhow::Result<Vec<PathBuf>> {
    if let Some(path) = named {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if Syntax::of_file(name).is_none() {
            bail!(
                "{}: no mutator for this language (Rust, C, C++ and Python have one)",
                path.display()
            );
        }
        if !path.is_file() {
            bail!("{}: no such source file", path.display());
        }
        return Ok(vec![path.clone()]);
    }
    let accepted: Vec<PathBuf> = package
        .submissions()?
        .into_iter()
        .filter(|s| s.is_accepted() && s.path.is_file())
        .map(|s| s.path)
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(Syntax::of_file)
                .is_some()
        })
        .collect();
    if accepted.is_empty() {
        bail!(
            "{}: no accepted submission in Rust, C, C++ or Python under submissions/accepted/",
            package.root.display()
        );
    }
    Ok(accepted)
}

#[cfg(feature = "mutants")]
fn print_table(result: &SubmissionResult, styled: bool) {
    leapfrog_util::outln!("{}", result.submission);
    for m in &result.mutants {
        leapfrog_util::outln!("{}", row(m, styled));
    }
    let score = result.score.map_or("no mutant built".to_string(), |s| {
        format!("score {:.1}%", s * 100.0)
    });
    leapfrog_util::outln!(
        "{}: {}, {} killed ({} by timeout), {} survived, {} did not build; {score}\n",
        result.submission,
        plural(result.total, "mutant"),
        result.killed,
        result.timeout,
        result.survived,
        result.build_failed,
    );
}

#[cfg(feature = "mutants")]
fn row(m: &MutantResult, styled: bool) -> String {
    let status = match (m.status, m.probably_equivalent) {
        (Status::Survived, Some(true)) => format!(
            "survived (probably equivalent: {})",
            plural(m.hunted_tests.unwrap_or(0), "random test")
        ),
        (Status::Survived, Some(false)) => format!(
            "survived; hunted: {} by `{}`",
            m.counterexample
                .as_ref()
                .map_or("?".into(), |c| c.verdict.code().to_string()),
            m.counterexample
                .as_ref()
                .map_or("", |c| c.generator.as_str())
        ),
        (Status::Killed | Status::Timeout, _) => format!(
            "{} by {}",
            if m.status == Status::Killed {
                "killed"
            } else {
                "timeout"
            },
            m.killed_by.as_deref().unwrap_or("?")
        ),
        (Status::Survived, None) => "survived".to_string(),
        (Status::BuildFailed, _) => "build failed".to_string(),
    };
    let style = match m.status {
        Status::Survived => console::Style::new().red().bold(),
        Status::BuildFailed => console::Style::new().dim(),
        _ => console::Style::new().green(),
    };
    format!(
        "  {:>5}  {:<16}  {} → {}  {}",
        format!(":{}", m.line),
        m.operator,
        m.before,
        m.after,
        style.force_styling(styled).apply_to(status)
    )
}
