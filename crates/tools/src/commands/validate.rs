//! `leapfrog validate`: every test input through the input validators, and every answer through
//! the answer validators (`answer_validators/`, when there are) and the output checker (a sample
//! answer the checker rejects means the checker or the answer is wrong; other answers count as
//! [`leapfrog_package::TestCase::answer_check`] says); then the validator-testing data
//! (`data/invalid_input` …, see [`super::validate_data`]).

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use crate::commands::validate_data::Checks;
use crate::report::{self, Progress};
use leapfrog_judge::checking::{AnswerValidators, CheckOutcome, InputValidators, OutputChecker};
use leapfrog_package::testdata::AnswerCheck;
use leapfrog_package::{Package, TestCase};
use leapfrog_registry::Registry;

#[derive(Debug, Args, Clone)]
#[command(after_help = crate::commands::help::after_help(
    &["leapfrog validate checkers", "leapfrog validate ~/sum -j 2", "leapfrog validate ~/contest"],
    "",
    crate::commands::help::VALIDATED,
))]
pub struct ValidateArgs {
    /// A problem name under problems/, a package path, or a contest folder (every problem in it).
    /// By default the package or contest folder this is run in.
    #[arg(default_value_t = super::contest::here(), hide_default_value = true)]
    pub problem: String,
    /// Files to validate in parallel (default: the number of CPUs).
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true, value_parser = leapfrog_runner::units::parse_jobs)]
    pub jobs: Option<u64>,
}

/// What went wrong with one test, if anything.
pub(crate) enum Finding {
    Fine,
    Invalid(String),
    Broken(String),
}

pub fn run(args: ValidateArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    crate::interrupt::install();
    let package = match super::contest::Target::resolve(&args.problem)? {
        super::contest::Target::Problem(package) => *package,
        super::contest::Target::Contest(contest) => {
            return super::contest::for_each(&contest, "validate", |_, problem| {
                let one = ValidateArgs {
                    problem,
                    ..args.clone()
                };
                run(one, registry)
            });
        }
    };
    let runner = crate::interrupt::runner();
    crate::generate::ensure_secret_data(registry, &runner, &package)?;
    let tests = package.tests()?;
    let validators = InputValidators::for_package(&runner, &package)?;
    if validators.is_empty() {
        anyhow::bail!(
            "{}: no input validators in input_validators/",
            package.root.display()
        );
    }
    let checker = OutputChecker::for_package(&runner, &package)?;
    let answers = AnswerValidators::for_package(&runner, &package)?;
    let checks = Checks {
        inputs: &validators,
        answers: &answers,
        checker: &checker,
    };
    let scratch = tempfile::Builder::new()
        .prefix("leapfrog-validate-")
        .tempdir()?;
    let jobs = args
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(leapfrog_runner::parallel::default_jobs);
    let progress = Progress::new("validating", false);
    progress.start(tests.len());
    let mut invalid = 0;
    let mut broken = 0;
    leapfrog_runner::parallel::ordered(
        &tests,
        jobs,
        |_, test| validate_test(&package, test, &checks, scratch.path()),
        |i, finding| {
            let test = &tests[i];
            progress.step(&test.name);
            match finding {
                Finding::Fine => {}
                Finding::Invalid(why) => {
                    invalid += 1;
                    progress.println(&format!("invalid  {}: {why}", test.input.display()));
                }
                Finding::Broken(why) => {
                    broken += 1;
                    progress.println(&format!("error    {}: {why}", test.input.display()));
                }
            }
            !crate::interrupt::requested()
        },
    );
    progress.finish();
    let (cases, data_wrong, data_broken) =
        crate::commands::validate_data::check_all(&package, &checks, scratch.path(), jobs)?;
    invalid += data_wrong;
    broken += data_broken;
    runner.sweep_orphans();
    crate::interrupt::check()?;
    let counts = Counts {
        inputs: tests.len(),
        validators: validators.count(),
        answer_validators: answers.count(),
        cases,
        invalid,
        broken,
    };
    Ok(summary(&package, &counts, &checker.describe()))
}

/// What `validate` found, for its summary line.
#[derive(Clone, Copy)]
struct Counts {
    inputs: usize,
    validators: usize,
    answer_validators: usize,
    /// Cases of the invalid / valid data folders.
    cases: usize,
    invalid: usize,
    broken: usize,
}

/// Prints the summary line; the exit code: 0 all valid, 1 invalid data, 2 a broken validator.
fn summary(package: &Package, counts: &Counts, checker: &str) -> ExitCode {
    let Counts {
        inputs,
        validators,
        answer_validators,
        cases,
        invalid,
        broken,
    } = *counts;
    let styled = report::stdout_styled();
    let ok = console::Style::new().green().bold().force_styling(styled);
    let bad = console::Style::new().red().bold().force_styling(styled);
    if invalid == 0 && broken == 0 {
        leapfrog_util::outln!(
            "{} {}: {} {} {}; every answer passes {}{checker}{}",
            ok.apply_to("valid"),
            package.short_name,
            leapfrog_util::plural(inputs, "input"),
            if inputs == 1 { "passes" } else { "pass" },
            leapfrog_util::plural(validators, "input validator"),
            match answer_validators {
                0 => String::new(),
                n => format!("{} and ", leapfrog_util::plural(n, "answer validator")),
            },
            match cases {
                0 => String::new(),
                n => format!(
                    "; {} of invalid/valid data behave",
                    leapfrog_util::plural(n, "case")
                ),
            }
        );
        ExitCode::SUCCESS
    } else {
        leapfrog_util::outln!(
            "{} {}: {invalid} invalid, {}, {}",
            bad.apply_to("failed"),
            package.short_name,
            leapfrog_util::plural(broken, "error"),
            leapfrog_util::plural(inputs, "test")
        );
        ExitCode::from(if broken > 0 { 2 } else { 1 })
    }
}

/// Whether the file at `path` holds a carriage return: read in pieces, since a test input may
/// be far larger than is worth holding for one byte. An unreadable file says no; the
/// validator's run names what is wrong with it.
fn has_carriage_return(path: &std::path::Path) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut piece = vec![0u8; 1 << 16];
    loop {
        match file.read(&mut piece) {
            Ok(0) | Err(_) => return false,
            Ok(n) if piece[..n].contains(&b'\r') => return true,
            Ok(_) => {}
        }
    }
}

pub(crate) fn validate_test(
    package: &Package,
    test: &TestCase,
    checks: &Checks,
    scratch_root: &std::path::Path,
) -> Finding {
    let checker = checks.checker;
    let scratch = match tempfile::Builder::new()
        .prefix("t")
        .tempdir_in(scratch_root)
        .context("creating a scratch directory")
    {
        Ok(dir) => dir,
        Err(err) => return Finding::Broken(format!("{err:#}")),
    };
    let limits = &package.config.limits;
    let windows = has_carriage_return(&test.input);
    match checks.inputs.check_test(test, scratch.path(), limits) {
        // A validator's own words rarely say that the line ends it refused were `\r\n`.
        Ok(Some(reason)) if windows => {
            return Finding::Invalid(format!(
                "{reason} (the file has Windows line endings, \\r\\n: the likely cause)"
            ));
        }
        Ok(None) if windows => leapfrog_util::warn(&format!(
            "{}: Windows line endings (\\r\\n), which the input validators let through; a submission reading lines gets each \\r (problemtools warns likewise)",
            test.input.display()
        )),
        Ok(None) => {}
        Ok(Some(reason)) => return Finding::Invalid(reason),
        Err(err) => return Finding::Broken(format!("{err:#}")),
    }
    match checks
        .answers
        .check(test, &test.answer, scratch.path(), limits)
    {
        Ok(None) => {}
        Ok(Some(reason)) => {
            let answer = test.answer.display();
            return Finding::Invalid(format!("the answer file {answer} is rejected by {reason}"));
        }
        Err(err) => return Finding::Broken(format!("{err:#}")),
    }
    // An interactive or multi-pass validator talks to a program: it cannot read an answer file
    // as an output (problemtools does not try either).
    let kind = &package.config.kind;
    let rule = test.answer_check(package.config.format);
    if kind.interactive || kind.multi_pass || rule == AnswerCheck::NotChecked {
        return Finding::Fine;
    }
    match checker.check(test, &test.answer, scratch.path()) {
        CheckOutcome::Accepted => Finding::Fine,
        CheckOutcome::Rejected { reason, .. } => {
            let why = format!(
                "the answer file {} is rejected by {}: {reason}",
                test.answer.display(),
                checker.describe()
            );
            if rule == AnswerCheck::MustPass {
                return Finding::Invalid(why);
            }
            leapfrog_util::warn(&format!(
                "{why} (only a sample's answer must pass the output validator; problemtools warns likewise)"
            ));
            Finding::Fine
        }
        CheckOutcome::JudgeError(why) => Finding::Broken(why),
    }
}
