//! Building `data/secret` from a package's generator plan: run each generator, check the input
//! with the input validators, answer it with the solution, and put the files in place only when
//! every test succeeded.
//!
//! Everything is first written into a staging directory inside `data/` (same file system), so
//! a failure or an interruption leaves the previous data as it was and no temporary file behind;
//! the files then move into place by rename, each one atomically. Re-running gives byte-identical
//! files, and a file that is already right is not touched at all.

mod commit;
mod manifest;
mod programs;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};

pub use manifest::Manifest;
pub use programs::{Reference, builtin_solver, puzzle_name, run_generator};

use crate::checking::InputValidators;
use crate::package::{Package, Plan, PlanTest};
use crate::runner;
use crate::util::file_hash;

use commit::{commit, plan_fingerprint};

/// A generated input that the package's input validators reject: the data is wrong, not the
/// judge, so the command exits 1 (as for any rejected test) rather than 2.
#[derive(Debug, Clone, thiserror::Error)]
#[error("the generated input is invalid: {0}")]
pub struct InvalidInput(pub String);

/// How to generate.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    /// Overwrite test files that generate did not write (or that were edited since).
    pub force: bool,
    pub jobs: usize,
}

/// What a generate run did.
#[derive(Debug, Default)]
pub struct GenerateSummary {
    pub tests: usize,
    /// Files written because they were new or changed.
    pub written: usize,
    /// Files already byte-identical to what the plan makes.
    pub unchanged: usize,
    /// Files of tests that left the plan, removed.
    pub removed: usize,
    /// Number of tests per outcome of their answers (`None`, `Multiple`, `square`, ...).
    pub outcomes: BTreeMap<String, usize>,
    /// Tests whose input is byte-identical to an earlier test's (a sample's or another
    /// generated one's): `(test, the earlier test)`. Contest tools warn about these.
    pub duplicates: Vec<(String, String)>,
    pub seconds: f64,
}

/// One generated test in the staging directory.
struct Staged {
    name: String,
    input: PathBuf,
    answer: PathBuf,
    input_hash: String,
    answer_hash: String,
    outcome: String,
}

/// Generates `data/secret` from the plan. `on_test` is called after each test, in plan order.
pub fn generate(
    package: &Package,
    options: &GenerateOptions,
    on_start: &mut dyn FnMut(usize),
    on_test: &mut dyn FnMut(&str),
) -> anyhow::Result<GenerateSummary> {
    let started = Instant::now();
    let Some(plan) = package.plan()? else {
        bail!(
            "{}: no generator plan (generators/plan.yaml)",
            package.root.display()
        );
    };
    let data = package.data_dir();
    let old = Manifest::load(&data)?;
    refuse_foreign_files(&plan, &data, &old, options.force)?;
    let validators = InputValidators::for_package(package)?;
    let reference = Reference::for_plan(package, &plan)?;
    std::fs::create_dir_all(&data).with_context(|| format!("creating {}", data.display()))?;
    let staging = tempfile::Builder::new()
        .prefix(".generate-")
        .tempdir_in(&data)
        .with_context(|| format!("creating a staging directory in {}", data.display()))?;
    on_start(plan.tests.len());
    let mut staged: Vec<Staged> = Vec::with_capacity(plan.tests.len());
    let mut failure: Option<anyhow::Error> = None;
    let numbered: Vec<(usize, &PlanTest)> = plan.tests.iter().enumerate().collect();
    crate::parallel::ordered(
        &numbered,
        options.jobs,
        |_, &(index, test)| {
            crate::interrupt::check()?;
            stage_test(
                package,
                test,
                index,
                &validators,
                &reference,
                staging.path(),
            )
            .with_context(|| {
                format!(
                    "{}: test {} ({})",
                    plan.path.display(),
                    test.name,
                    test.command_line()
                )
            })
        },
        |_, result| match result {
            Ok(s) => {
                on_test(&s.name);
                staged.push(s);
                true
            }
            Err(err) => {
                failure = Some(err);
                false
            }
        },
    );
    runner::reap_orphans();
    if let Some(err) = failure {
        return Err(err);
    }
    crate::interrupt::check()?;
    let mut summary = commit(&data, &plan, &old, staged)?;
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// Generates `data/secret` when the package has a plan and the data is missing or was made
/// from an older plan. Says so on stderr.
pub fn ensure_secret_data(package: &Package) -> anyhow::Result<()> {
    let Some(plan) = package.plan()? else {
        return Ok(());
    };
    let data = package.data_dir();
    let manifest = Manifest::load(&data)?;
    let fingerprint = plan_fingerprint(&plan)?;
    let secret = data.join("secret");
    let present =
        secret.is_dir() && std::fs::read_dir(&secret).is_ok_and(|mut d| d.next().is_some());
    if present && (manifest.files.is_empty() || manifest.plan == fingerprint) {
        return Ok(());
    }
    let why = if present {
        "was made from an older generators/plan.yaml"
    } else {
        "is missing"
    };
    eprintln!(
        "note: {}/data/secret {why}; generating it ({})",
        package.root.display(),
        crate::util::plural(plan.tests.len(), "test")
    );
    let options = GenerateOptions {
        force: false,
        jobs: crate::parallel::default_jobs(),
    };
    generate(package, &options, &mut |_| {}, &mut |_| {})?;
    Ok(())
}

/// Refuses to overwrite files generate did not write, unless forced.
fn refuse_foreign_files(
    plan: &Plan,
    data: &Path,
    old: &Manifest,
    force: bool,
) -> anyhow::Result<()> {
    if force {
        return Ok(());
    }
    let foreign: Vec<String> = plan
        .tests
        .iter()
        .flat_map(|t| [format!("{}.in", t.name), format!("{}.ans", t.name)])
        .filter(|rel| data.join(rel).exists() && !old.owns(data, rel))
        .collect();
    if foreign.is_empty() {
        return Ok(());
    }
    let shown: Vec<String> = foreign
        .iter()
        .take(5)
        .map(|r| format!("  {}", data.join(r).display()))
        .collect();
    let more = if foreign.len() > 5 {
        format!("\n  ... and {} more", foreign.len() - 5)
    } else {
        String::new()
    };
    bail!(
        "refusing to overwrite {} test file(s) that leapfrog generate did not write (or that were edited since):\n{}{more}\nmove them away or pass --force",
        foreign.len(),
        shown.join("\n")
    )
}

/// Makes one test in the staging directory: input, validation, answer.
fn stage_test(
    package: &Package,
    test: &PlanTest,
    index: usize,
    validators: &InputValidators,
    reference: &Reference,
    staging: &Path,
) -> anyhow::Result<Staged> {
    let dir = staging.join(index.to_string());
    std::fs::create_dir_all(&dir)?;
    let input = dir.join("test.in");
    let answer = dir.join("test.ans");
    run_generator(package, &test.generator, &test.args, &input, &dir)?;
    let limits = &package.config.limits;
    let data = package.data_dir();
    let group_dir = data.join(
        Path::new(&test.name)
            .parent()
            .expect("names live under secret/"),
    );
    let (_, input_flags) = crate::package::testdata::group_flags(&data, &group_dir, package)?;
    if let Some(reason) = validators.check(&input, &input_flags, &dir, limits)? {
        return Err(InvalidInput(reason).into());
    }
    reference.answer(&input, &answer, &dir, package)?;
    let outcome = reference.outcome(crate::util::read_head(&answer).as_bytes());
    Ok(Staged {
        name: test.name.clone(),
        input_hash: file_hash(&input).context("hashing the input")?,
        answer_hash: file_hash(&answer).context("hashing the answer")?,
        input,
        answer,
        outcome,
    })
}
