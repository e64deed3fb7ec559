//! Making the plan's validator-testing groups (`invalid_input`, `invalid_answer`,
//! `invalid_output`, `valid_output`; see [`leapfrog_package::DataKind`]) as BAPCtools makes them:
//! each test's input (generated, copied or written in the plan), its `.ans` and `.out` only as
//! the plan gives them (`ans:`/`out:`, a copied file, a generator's `testcase.ans` /
//! `testcase.out`), never from a solution, and never checked by the input validators here: what
//! the validators must make of them is `validate`'s and `verify`'s check.
//!
//! The files are made in memory (such tests are small) before anything is written, so that a
//! failure leaves `data/` as it was; [`super::commit`] writes them with the other tests.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use leapfrog_package::{DataKind, Package, Plan, PlanTest, Source};
use leapfrog_registry::Registry;

/// One file the plan makes besides the staged tests (a validator-testing test's files, a group's
/// or a test's YAML): its path below `data/` and its bytes.
#[derive(Debug, Clone)]
pub(super) struct CheckFile {
    pub rel: String,
    pub bytes: Vec<u8>,
}

impl CheckFile {
    pub(super) fn new(rel: String, bytes: Vec<u8>) -> CheckFile {
        CheckFile { rel, bytes }
    }
}

/// What the validator-testing groups add to a commit: their files, and each test's recipe for
/// the manifest.
pub(super) struct Checks {
    pub files: Vec<CheckFile>,
    pub recipes: BTreeMap<String, String>,
}

/// Where a `sample`/`secret` test's files are before they are committed.
#[derive(Debug, Clone)]
pub(super) struct StagedFiles {
    pub input: PathBuf,
    pub answer: PathBuf,
}

/// The staged files of every `sample`/`secret` test, by test name.
pub(super) type Made = BTreeMap<String, StagedFiles>;

/// Makes the files of every validator-testing test of the plan; `staging` is a scratch
/// directory. A test of `sample`/`secret` that such a group includes is taken as made there
/// (`made`).
pub(super) fn make(
    registry: &Registry,
    package: &Package,
    plan: &Plan,
    staging: &Path,
    made: &Made,
) -> anyhow::Result<Vec<CheckFile>> {
    let mut files = Vec::new();
    for (index, test) in plan.checks.iter().enumerate() {
        let dir = staging.join(format!("check-{index}"));
        std::fs::create_dir_all(&dir)?;
        make_one(registry, package, test, &dir, made, &mut files)
            .with_context(|| format!("{}: test {}", plan.path.display(), test.name))?;
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(files)
}

fn make_one(
    registry: &Registry,
    package: &Package,
    test: &PlanTest,
    dir: &Path,
    made: &Made,
    files: &mut Vec<CheckFile>,
) -> anyhow::Result<()> {
    let kind = test.data_kind().expect("a check test is in a check group");
    let read =
        |path: &Path| std::fs::read(path).with_context(|| format!("reading {}", path.display()));
    let original = test
        .included_from
        .as_deref()
        .and_then(|name| made.get(name));
    let (input, mut answer, mut output) = match original {
        // An included sample or secret test: its files as made there.
        Some(staged) => (read(&staged.input)?, Some(read(&staged.answer)?), None),
        None => {
            let input = dir.join("test.in");
            super::stage::make_input(registry, package, test, &input, dir)?;
            let side = |ext: &str| -> anyhow::Result<Option<Vec<u8>>> {
                let file = match &test.source {
                    Source::Copy(path) => package.root.join(format!("{path}.{ext}")),
                    Source::Generate => dir.join(format!("testcase.{ext}")),
                    Source::Inline(_) => return Ok(None),
                };
                file.is_file().then(|| read(&file)).transpose()
            };
            (read(&input)?, side("ans")?, side("out")?)
        }
    };
    if let Some(text) = &test.answer {
        answer = Some(text.clone().into_bytes());
    }
    if let Some(text) = &test.output {
        output = Some(text.clone().into_bytes());
    }
    let needs_answer = kind != DataKind::InvalidInput;
    let needs_output = matches!(kind, DataKind::InvalidOutput | DataKind::ValidOutput);
    if needs_answer && answer.is_none() {
        bail!(
            "a test of {} needs its answer: give 'ans' (a solution never answers these tests)",
            kind.folder()
        );
    }
    if needs_output && output.is_none() {
        bail!(
            "a test of {} needs the team output the output check must {}: give 'out'",
            kind.folder(),
            if kind == DataKind::ValidOutput {
                "accept"
            } else {
                "reject"
            }
        );
    }
    files.push(CheckFile::new(format!("{}.in", test.name), input));
    if let Some(answer) = answer {
        files.push(CheckFile::new(format!("{}.ans", test.name), answer));
    }
    if let Some(output) = output.filter(|_| needs_output) {
        files.push(CheckFile::new(format!("{}.out", test.name), output));
    }
    if let Some(text) = &test.yaml {
        files.push(CheckFile::new(
            format!("{}.yaml", test.name),
            text.clone().into_bytes(),
        ));
    }
    Ok(())
}
