//! Building `data/secret` from a package's generator plan (`generators/generators.yaml`): run
//! each stale test's generator, check the input with the input validators, answer it with the
//! solution, and put the files in place only when every test succeeded. The plan's
//! validator-testing groups are made alongside (`checks`).
//!
//! Everything is first written into a staging directory inside `data/` (same file system), so
//! a failure or an interruption leaves the previous data as it was and no temporary file behind;
//! the files then move into place by rename, each one atomically. Re-running gives byte-identical
//! files, and a file that is already right is not touched at all.

mod checks;
mod commit;
mod determinism;
mod manifest;
mod programs;
mod stage;
mod stale;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, bail};

pub use determinism::{Unstable, check_deterministic};
pub use manifest::Manifest;
pub use programs::{Reference, builtin_solver, run_generator};

use leapfrog_judge::checking::InputValidators;
use leapfrog_package::{Package, Plan, PlanTest};
use leapfrog_registry::{Registry, first_token};
use leapfrog_runner::Runner;

use commit::commit;
use stage::{Staged, Tools, stage_test};
use stale::Recipes;

/// How to generate.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    /// Overwrite test files that generate did not write (or that were edited since).
    pub force: bool,
    pub jobs: usize,
    /// Wait while another generate runs on the package, instead of refusing (for commands
    /// that generate on the way).
    pub wait: bool,
}

/// What a generate run did.
#[derive(Debug, Default)]
pub struct GenerateSummary {
    pub tests: usize,
    /// Tests made in this run (the others were up to date: see `stale`).
    pub made: usize,
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
    /// Tests made again from an unchanged recipe whose input differs from the one recorded:
    /// their generator is not deterministic.
    pub unstable: Vec<Unstable>,
    pub seconds: f64,
}

/// Generates `data/secret` from the plan. `on_start` gets the number of tests to make,
/// `on_test` is called after each one made, in plan order.
pub fn generate(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
    options: &GenerateOptions,
    on_start: &mut dyn FnMut(usize),
    on_test: &mut dyn FnMut(&str),
) -> anyhow::Result<GenerateSummary> {
    let started = Instant::now();
    let Some(plan) = package.plan()? else {
        bail!(
            "{}: no generator plan (generators/generators.yaml)",
            package.root.display()
        );
    };
    let data = package.data_dir();
    std::fs::create_dir_all(&data).with_context(|| format!("creating {}", data.display()))?;
    let _lock = determinism::lock(package, &data, options.wait)?;
    let old = Manifest::load(&data)?;
    let validators = InputValidators::for_package(runner, package)?;
    let references = references(registry, runner, package, &plan)?;
    let recipes = Recipes::new(registry, package, &plan).all();
    let (fresh, stale): (Vec<_>, Vec<_>) = plan.tests.iter().enumerate().partition(|(_, t)| {
        old.tests.get(&t.name) == recipes.get(&t.name)
            && old.owns(&data, &format!("{}.in", t.name))
            && old.owns(&data, &format!("{}.ans", t.name))
    });
    let staging = tempfile::Builder::new()
        .prefix(".generate-")
        .tempdir_in(&data)
        .with_context(|| format!("creating a staging directory in {}", data.display()))?;
    let interactive = if package.config.kind.interactive {
        Some(leapfrog_judge::checking::OutputChecker::for_package(
            runner, package,
        )?)
    } else {
        None
    };
    // Every group's settings, read and checked once, the plan's texts standing for the
    // `test_group.yaml` files it writes.
    let names = plan
        .tests
        .iter()
        .map(|t| leapfrog_package::testdata::parent_of(&t.name));
    let groups = leapfrog_package::Groups::read(package, &plan.groups, names)?;
    let tools = Tools {
        registry,
        runner,
        interactive: interactive.as_ref(),
        package,
        validators: &validators,
        references: &references,
        staging: staging.path(),
        groups: &groups,
    };
    on_start(stale.len());
    let mut staged: BTreeMap<usize, Staged> = BTreeMap::new();
    let mut failure: Option<anyhow::Error> = None;
    leapfrog_runner::parallel::ordered(
        &stale,
        options.jobs,
        |_, &(index, test)| {
            crate::interrupt::check()?;
            stage_test(&tools, test, index, recipes[&test.name].clone())
                .with_context(|| describe(&plan, test))
        },
        |i, result| match result {
            Ok(s) => {
                on_test(&s.name);
                staged.insert(stale[i].0, s);
                true
            }
            Err(err) => {
                failure = Some(err);
                false
            }
        },
    );
    runner.sweep_orphans();
    if let Some(err) = failure {
        return Err(err);
    }
    crate::interrupt::check()?;
    for (index, test) in fresh {
        staged.insert(index, reuse(&data, &old, test, &recipes, &references));
    }
    let unstable = determinism::changed_since_last_time(&plan, &old, &staged);
    let made = staged_files(&staged);
    let check_files = checks::make(registry, runner, package, &plan, staging.path(), &made)?;
    refuse_foreign_files(&plan, &data, &old, options.force, &staged, &check_files)?;
    let checks = checks::Checks {
        files: check_files,
        recipes: plan
            .checks
            .iter()
            .map(|t| (t.name.clone(), recipes[&t.name].clone()))
            .collect(),
    };
    let mut summary = commit(&data, &plan, &old, staged.into_values().collect(), checks)?;
    summary.unstable = unstable;
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// Where each staged `sample`/`secret` test's files are, by test name.
fn staged_files(staged: &BTreeMap<usize, Staged>) -> checks::Made {
    let files = |s: &Staged| checks::StagedFiles {
        input: s.input.clone(),
        answer: s.answer.clone(),
    };
    staged
        .values()
        .map(|s| (s.name.clone(), files(s)))
        .collect()
}

/// How an error names a test: the plan, the test, and how it is made.
fn describe(plan: &Plan, test: &PlanTest) -> String {
    format!(
        "{}: test {} ({})",
        plan.path.display(),
        test.name,
        test.command_line()
    )
}

/// Builds each solution the plan names (a built-in solver, or a program) once.
fn references(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
    plan: &Plan,
) -> anyhow::Result<BTreeMap<String, Reference>> {
    let mut references = BTreeMap::new();
    for test in &plan.tests {
        let Some(solution) = &test.solution else {
            continue;
        };
        if test.answer.is_some() || references.contains_key(solution) {
            continue;
        }
        let reference = Reference::for_solution(registry, runner, package, solution)
            .with_context(|| describe(plan, test))?;
        references.insert(solution.clone(), reference);
    }
    Ok(references)
}

/// An up-to-date test: its files stay as they are.
fn reuse(
    data: &Path,
    old: &Manifest,
    test: &PlanTest,
    recipes: &BTreeMap<String, String>,
    references: &BTreeMap<String, Reference>,
) -> Staged {
    let input = data.join(format!("{}.in", test.name));
    let answer = data.join(format!("{}.ans", test.name));
    let head = leapfrog_util::read_head(&answer);
    let outcome = match test.solution.as_ref().and_then(|s| references.get(s)) {
        Some(reference) if test.answer.is_none() => reference.outcome(head.as_bytes()),
        _ => first_token(head.as_bytes()),
    };
    let hash = |rel: String| old.files.get(&rel).cloned().unwrap_or_default();
    Staged {
        name: test.name.clone(),
        input_hash: hash(format!("{}.in", test.name)),
        answer_hash: hash(format!("{}.ans", test.name)),
        input,
        answer,
        outcome,
        recipe: recipes[&test.name].clone(),
        made: false,
        included: test.included_from.is_some(),
    }
}

/// Whether a package's generated data matches its plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DataState {
    /// No generators/generators.yaml: the data is all hand-made.
    NoPlan,
    /// data/secret is missing or empty.
    Missing,
    /// data/secret was made from an older plan or older programs.
    Stale,
    UpToDate,
}

/// The state of `data/secret` against the plan (see [`DataState`]).
pub fn secret_data_state(registry: &Registry, package: &Package) -> anyhow::Result<DataState> {
    let Some(plan) = package.plan()? else {
        return Ok(DataState::NoPlan);
    };
    let data = package.data_dir();
    let manifest = Manifest::load(&data)?;
    let recipes = Recipes::new(registry, package, &plan).all();
    let secret = data.join("secret");
    let present =
        secret.is_dir() && std::fs::read_dir(&secret).is_ok_and(|mut d| d.next().is_some());
    Ok(if !present {
        DataState::Missing
    } else if manifest.files.is_empty() || manifest.tests == recipes {
        DataState::UpToDate
    } else {
        DataState::Stale
    })
}

/// Generates `data/secret` when the package has a plan and the data is missing or was made
/// from an older plan. Says so on stderr.
pub fn ensure_secret_data(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
) -> anyhow::Result<()> {
    let why = match secret_data_state(registry, package)? {
        DataState::NoPlan | DataState::UpToDate => return Ok(()),
        DataState::Stale => "is older than generators/generators.yaml or the programs it names",
        DataState::Missing => "is missing",
    };
    let tests = package.plan()?.map_or(0, |p| p.tests.len());
    eprintln!(
        "note: {}/data/secret {why}; generating it ({})",
        package.root.display(),
        leapfrog_util::plural(tests, "test")
    );
    let options = GenerateOptions {
        force: false,
        jobs: leapfrog_runner::parallel::default_jobs(),
        wait: true,
    };
    generate(
        registry,
        runner,
        package,
        &options,
        &mut |_| {},
        &mut |_| {},
    )?;
    Ok(())
}

/// Refuses to overwrite files generate did not write, unless forced, or unless they already
/// hold what the plan makes (a package that ships the files its plan also makes, as BAPCtools
/// packages do). A file that differs is kept, and named: it may be the setter's own work.
fn refuse_foreign_files(
    plan: &Plan,
    data: &Path,
    old: &Manifest,
    force: bool,
    staged: &BTreeMap<usize, Staged>,
    check_files: &[checks::CheckFile],
) -> anyhow::Result<()> {
    if force {
        return Ok(());
    }
    let mut made: Vec<checks::CheckFile> = check_files.to_vec();
    for (dir, text) in &plan.groups {
        made.push(checks::CheckFile::new(
            commit::group_yaml(dir),
            text.clone().into_bytes(),
        ));
    }
    for (index, test) in plan.tests.iter().enumerate() {
        if let Some(text) = &test.yaml {
            made.push(checks::CheckFile::new(
                format!("{}.yaml", test.name),
                text.clone().into_bytes(),
            ));
        }
        let Some(s) = staged.get(&index).filter(|s| s.made) else {
            continue;
        };
        for (ext, file) in [("in", &s.input), ("ans", &s.answer)] {
            let rel = format!("{}.{ext}", test.name);
            if data.join(&rel).exists() && !old.owns(data, &rel) {
                let bytes =
                    std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
                made.push(checks::CheckFile::new(rel, bytes));
            }
        }
    }
    let foreign: Vec<String> = made
        .into_iter()
        .filter(|f| {
            data.join(&f.rel).exists()
                && !old.owns(data, &f.rel)
                && !same_content(&data.join(&f.rel), &f.bytes, &f.rel)
        })
        .map(|f| f.rel)
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
        "refusing to overwrite {} test file(s) that leapfrog generate did not write (or that were edited since), and that differ from what the plan makes:\n{}{more}\nmove them away or pass --force",
        foreign.len(),
        shown.join("\n")
    )
}

/// Whether the file at `path` already holds `bytes` (for a `.yaml` file: the same YAML values,
/// however written).
pub(crate) fn same_content(path: &Path, bytes: &[u8], rel: &str) -> bool {
    let Ok(present) = std::fs::read(path) else {
        return false;
    };
    if present == bytes {
        return true;
    }
    if !rel.ends_with(".yaml") {
        return false;
    }
    let parse = |b: &[u8]| serde_yaml_ng::from_slice::<serde_yaml_ng::Value>(b).ok();
    match (parse(&present), parse(bytes)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}
