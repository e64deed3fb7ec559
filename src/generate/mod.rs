//! Building `data/secret` from a package's generator plan: run each generator, check the input
//! with the input validators, answer it with the solution, and put the files in place only when
//! every test succeeded.
//!
//! Everything is first written into a staging directory inside `data/` (same file system), so
//! a failure or an interruption leaves the previous data as it was and no temporary file behind;
//! the files then move into place by rename, each one atomically. Re-running gives byte-identical
//! files, and a file that is already right is not touched at all.

mod manifest;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};

pub use manifest::{Manifest, file_hash, hash_bytes};

use crate::checking::InputValidators;
use crate::lang::{self, Compiled};
use crate::package::{Package, Plan, PlanTest, Solution};
use crate::runner::{self, IsolationChoice};

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

/// The solution that answers generated inputs.
enum Answerer {
    Builtin(&'static crate::puzzles::Puzzle),
    Program(Compiled),
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
    let answerer = answerer(package, &plan)?;
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
            stage_test(package, test, index, &validators, &answerer, staging.path()).with_context(
                || {
                    format!(
                        "{}: test {} ({})",
                        plan.path.display(),
                        test.name,
                        test.command_line()
                    )
                },
            )
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
        "note: {}/data/secret {why}; generating it ({} tests)",
        package.root.display(),
        plan.tests.len()
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

fn answerer(package: &Package, plan: &Plan) -> anyhow::Result<Answerer> {
    Ok(match &plan.solution {
        Solution::Builtin(name) => {
            Answerer::Builtin(crate::puzzles::find(name).expect("checked when the plan was read"))
        }
        Solution::Program(rel) => {
            let path = package.root.join(rel);
            match lang::compile(&path, IsolationChoice::LimitsOnly)
                .with_context(|| format!("the plan's solution {}", path.display()))?
            {
                Ok(compiled) => Answerer::Program(compiled),
                Err(err) => bail!(
                    "the plan's solution {} does not compile:\n{}",
                    path.display(),
                    err.message.trim_end()
                ),
            }
        }
    })
}

/// Makes one test in the staging directory: input, validation, answer.
fn stage_test(
    package: &Package,
    test: &PlanTest,
    index: usize,
    validators: &InputValidators,
    answerer: &Answerer,
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
        bail!("the generated input is invalid: {reason}");
    }
    match answerer {
        Answerer::Builtin(puzzle) => {
            let mut reader = std::io::BufReader::new(std::fs::File::open(&input)?);
            let mut writer =
                std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&answer)?);
            (puzzle.solve)(&mut reader, &mut writer)
                .with_context(|| format!("the reference solver '{}' failed", puzzle.name))?;
            writer.flush()?;
        }
        Answerer::Program(compiled) => {
            compiled
                .run_tool(&[], Some(&input), &answer, &dir, limits)
                .context("the plan's solution")?;
        }
    }
    let head = crate::checking::read_head(&answer);
    let outcome = match answerer {
        Answerer::Builtin(puzzle) => (puzzle.outcome)(head.as_bytes()),
        Answerer::Program(_) => crate::puzzles::first_token(head.as_bytes()),
    };
    Ok(Staged {
        name: test.name.clone(),
        input_hash: file_hash(&input).context("hashing the input")?,
        answer_hash: file_hash(&answer).context("hashing the answer")?,
        input,
        answer,
        outcome,
    })
}

/// Runs a generator (built in, or a program in the package's `generators/` folder) with its
/// arguments, writing the test input to `output`; `dir` is a scratch directory.
pub fn run_generator(
    package: &Package,
    name: &str,
    args: &[String],
    output: &Path,
    dir: &Path,
) -> anyhow::Result<()> {
    if let Some(generator) = crate::generators::find(name) {
        let bytes = (generator.run)(args).with_context(|| format!("generator '{name}' failed"))?;
        std::fs::write(output, bytes)?;
        return Ok(());
    }
    let program = package.root.join("generators").join(name);
    if !program.exists() {
        bail!(
            "no generator '{name}': neither built in (leapfrog gen --list) nor a program {}",
            program.display()
        );
    }
    let compiled = match lang::compile(&program, IsolationChoice::LimitsOnly)? {
        Ok(c) => c,
        Err(err) => bail!(
            "generator {} does not compile:\n{}",
            program.display(),
            err.message.trim_end()
        ),
    };
    compiled
        .run_tool(args, None, output, dir, &package.config.limits)
        .with_context(|| format!("generator {}", program.display()))
}

/// Moves the staged files into place, removes files of tests that left the plan, and records
/// the new manifest.
fn commit(
    data: &Path,
    plan: &Plan,
    old: &Manifest,
    staged: Vec<Staged>,
) -> anyhow::Result<GenerateSummary> {
    let mut summary = GenerateSummary {
        tests: staged.len(),
        duplicates: duplicate_inputs(data, &staged),
        ..GenerateSummary::default()
    };
    let mut manifest = Manifest {
        plan: plan_fingerprint(plan)?,
        files: BTreeMap::new(),
    };
    for test in staged {
        *summary.outcomes.entry(test.outcome.clone()).or_default() += 1;
        for (ext, from, hash) in [
            ("in", &test.input, &test.input_hash),
            ("ans", &test.answer, &test.answer_hash),
        ] {
            let rel = format!("{}.{ext}", test.name);
            let target = data.join(&rel);
            if file_hash(&target).as_deref() == Some(hash.as_str()) {
                summary.unchanged += 1;
            } else {
                let parent = target.parent().expect("test files have a parent");
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("creating {}", parent.display()))?;
                std::fs::rename(from, &target)
                    .with_context(|| format!("writing {}", target.display()))?;
                summary.written += 1;
            }
            manifest.files.insert(rel, hash.clone());
        }
    }
    for rel in old
        .files
        .keys()
        .filter(|rel| !manifest.files.contains_key(*rel))
    {
        if old.owns(data, rel) {
            let path = data.join(rel);
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
            summary.removed += 1;
            remove_empty_parents(&path, &data.join("secret"));
        }
    }
    write_atomically(&Manifest::path(data), &manifest.to_bytes())?;
    Ok(summary)
}

/// Generated tests whose input repeats a sample's or an earlier generated test's.
fn duplicate_inputs(data: &Path, staged: &[Staged]) -> Vec<(String, String)> {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let samples = walkdir::WalkDir::new(data.join("sample"))
        .sort_by_file_name()
        .into_iter()
        .flatten();
    for entry in samples.filter(|e| e.path().extension().is_some_and(|x| x == "in")) {
        if let (Some(hash), Ok(rel)) = (file_hash(entry.path()), entry.path().strip_prefix(data)) {
            let name = rel.with_extension("").to_string_lossy().into_owned();
            seen.entry(hash).or_insert(name);
        }
    }
    let mut duplicates = Vec::new();
    for test in staged {
        match seen.get(&test.input_hash) {
            Some(first) => duplicates.push((test.name.clone(), first.clone())),
            None => {
                seen.insert(test.input_hash.clone(), test.name.clone());
            }
        }
    }
    duplicates
}

fn remove_empty_parents(file: &Path, stop: &Path) {
    let mut dir = file.parent();
    while let Some(d) = dir {
        if d == stop || std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// The plan's identity: its bytes and the leapfrog version that reads it.
fn plan_fingerprint(plan: &Plan) -> anyhow::Result<String> {
    let bytes =
        std::fs::read(&plan.path).with_context(|| format!("reading {}", plan.path.display()))?;
    let mut keyed = format!("leapfrog {}\n", env!("CARGO_PKG_VERSION")).into_bytes();
    keyed.extend_from_slice(&bytes);
    Ok(hash_bytes(&keyed))
}

/// Writes a file through a temporary file in the same directory and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .context("a file to write has a parent directory")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut temp = tempfile::Builder::new()
        .prefix(".tmp-")
        .tempfile_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    temp.write_all(bytes)
        .with_context(|| format!("writing {}", path.display()))?;
    temp.as_file().sync_all().ok();
    // Temporary files are private (0600); the file we leave is an ordinary one.
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = temp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    temp.persist(path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}
