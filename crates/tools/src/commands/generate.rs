//! `leapfrog generate`: build data/secret from the problem's generators/generators.yaml.

use leapfrog_registry::Registry;
use std::process::ExitCode;

use clap::Args;

use crate::generate::{self, GenerateOptions};
use crate::report::Progress;

#[derive(Debug, Args, Clone)]
#[command(after_help = crate::commands::help::after_help(
    &["leapfrog generate checkers", "leapfrog generate ~/sum --force", "leapfrog generate ~/contest"],
    "",
    crate::commands::help::GENERATED,
))]
pub struct GenerateArgs {
    /// A problem name under problems/, a package path, or a contest folder (every problem in it).
    /// By default the package or contest folder this is run in.
    #[arg(default_value_t = super::contest::here(), hide_default_value = true)]
    pub problem: String,
    /// Overwrite test files that generate did not write (or that were edited since).
    #[arg(long)]
    pub force: bool,
    /// Tests to generate in parallel (default: the number of CPUs).
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true, value_parser = leapfrog_runner::units::parse_jobs)]
    pub jobs: Option<u64>,
    /// Run every generator twice (same arguments, same seed) and compare the bytes, and with
    /// the data generate wrote before; write nothing. Exit 1 naming each test that differs.
    #[arg(long)]
    pub check_deterministic: bool,
}

pub fn run(args: GenerateArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    crate::interrupt::install();
    let package = match super::contest::Target::resolve(&args.problem)? {
        super::contest::Target::Problem(package) => *package,
        super::contest::Target::Contest(contest) => {
            return super::contest::for_each(&contest, "generate", |_, problem| {
                let one = GenerateArgs {
                    problem,
                    ..args.clone()
                };
                run(one, registry)
            });
        }
    };
    let options = GenerateOptions {
        force: args.force,
        jobs: args
            .jobs
            .map(|j| j as usize)
            .unwrap_or_else(leapfrog_runner::parallel::default_jobs),
        wait: false,
    };
    if args.check_deterministic {
        return check_deterministic(registry, &package, options.jobs);
    }
    let progress = Progress::new("generating", false);
    let runner = crate::interrupt::runner();
    let summary = generate::generate(
        registry,
        &runner,
        &package,
        &options,
        &mut |count| progress.start(count),
        &mut |name| progress.step(name),
    )?;
    progress.finish();
    leapfrog_util::outln!(
        "{}: {} ({} made, {} up to date) in {:.1} s · {} written, {} unchanged, {} removed",
        package.short_name,
        leapfrog_util::plural(summary.tests, "test"),
        summary.made,
        summary.tests - summary.made,
        summary.seconds,
        leapfrog_util::plural(summary.written, "file"),
        summary.unchanged,
        summary.removed
    );
    // An interactive problem's answers are the interactor's secrets, not outputs to sum up:
    // say what was done with them instead.
    if package.config.kind.interactive {
        let empty = summary.outcomes.get("").copied().unwrap_or(0);
        leapfrog_util::outln!(
            "  interactive: {} kept for the interactor ({empty} empty), not outputs to sum up",
            leapfrog_util::plural(summary.tests, ".ans file")
        );
    } else if let Some(line) = outcomes_line(&summary.outcomes) {
        leapfrog_util::outln!("  {line}");
    }
    // Warnings last, so that they are the last thing on the screen.
    for (test, first) in &summary.duplicates {
        leapfrog_util::warn(&format!("{test} has the same input as {first}"));
    }
    for u in &summary.unstable {
        leapfrog_util::warn(&format!(
            "{} ({}) {}: its generator is not deterministic (see `leapfrog generate --check-deterministic`)",
            u.test, u.command, u.how
        ));
    }
    if package.input_validators()?.is_empty() {
        leapfrog_util::warn(&format!(
            "{}: no input validators in input_validators/, so nothing checks the generated inputs (`leapfrog validate` refuses to run without one)",
            package.root.display()
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// `generate --check-deterministic`: each test whose generator's bytes differ, one a line, and
/// a summary; exit 1 when there is one.
fn check_deterministic(
    registry: &'static Registry,
    package: &leapfrog_package::Package,
    jobs: usize,
) -> anyhow::Result<ExitCode> {
    let runner = crate::interrupt::runner();
    let (checked, unstable) = generate::check_deterministic(registry, &runner, package, jobs)?;
    for u in &unstable {
        leapfrog_util::outln!(
            "  not deterministic  {}  ({})  {}",
            u.test,
            u.command,
            u.how
        );
    }
    leapfrog_util::outln!(
        "{}: {} run twice, {} not deterministic",
        package.short_name,
        leapfrog_util::plural(checked, "generated test"),
        unstable.len()
    );
    Ok(if unstable.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One line about the answers' outcomes (what each answer says, as the puzzle's reference
/// solver sums it up): the counts when there are a few kinds, else how many kinds and the most
/// common ones. `None` when there is nothing to say.
fn outcomes_line(outcomes: &std::collections::BTreeMap<String, usize>) -> Option<String> {
    const SHOWN: usize = 4;
    if outcomes.is_empty() {
        return None;
    }
    let mut ranked: Vec<(&String, &usize)> = outcomes.iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let parts: Vec<String> = ranked
        .iter()
        .take(SHOWN)
        .map(|(outcome, count)| match outcome.as_str() {
            // An empty answer (a multi-pass problem's, say) has no first word to show.
            "" => format!("(empty) ×{count}"),
            _ => format!("{outcome} ×{count}"),
        })
        .collect();
    Some(if outcomes.len() <= SHOWN {
        format!("answers: {}", parts.join(", "))
    } else {
        format!(
            "answers: {} distinct; most common {}",
            outcomes.len(),
            parts.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_outcomes_make_one_line() {
        let many: std::collections::BTreeMap<String, usize> =
            (0..209).map(|i| (format!("answer {i}"), 1)).collect();
        let line = outcomes_line(&many).unwrap();
        assert!(
            line.starts_with("answers: 209 distinct; most common"),
            "{line}"
        );
        assert!(!line.contains('\n'));
        let few = std::collections::BTreeMap::from([
            ("solvable".to_string(), 3),
            ("none".to_string(), 5),
        ]);
        assert_eq!(
            outcomes_line(&few).unwrap(),
            "answers: none ×5, solvable ×3"
        );
    }
}
