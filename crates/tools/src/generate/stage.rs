//! Making one test in the staging directory: its input (a generator run with retries, a copy,
//! or the plan's own text), the input validators' verdict, and its answer (the plan's, the
//! generator's `testcase.ans`, the copied `.ans`, or the solution's).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};

use super::{Reference, run_generator};
use leapfrog_judge::JudgeError;
use leapfrog_judge::checking::InputValidators;
use leapfrog_package::{Package, PlanTest, Source};
use leapfrog_registry::{Registry, first_token};
use leapfrog_runner::Runner;
use leapfrog_util::file_hash;

/// One generated test in the staging directory.
pub(super) struct Staged {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
    pub input_hash: String,
    pub answer_hash: String,
    pub outcome: String,
    /// The hash that decides whether the test is stale (see [`super::stale`]).
    pub recipe: String,
    /// Whether the files were made in this run (false: the files in place are reused).
    pub made: bool,
    /// Whether a group includes it (it repeats another test on purpose).
    pub included: bool,
}

/// What staging a test needs besides the test.
pub(super) struct Tools<'a> {
    pub registry: &'a Registry,
    /// The command's runner, which runs the generators, validators and solutions.
    pub runner: &'a Arc<Runner>,
    pub package: &'a Package,
    pub validators: &'a InputValidators,
    /// The references by the plan's `solution` text.
    pub references: &'a BTreeMap<String, Reference>,
    pub staging: &'a Path,
    /// The settings of the plan's groups, read from the package model with the plan's
    /// `test_group.yaml` texts standing for the files until they are written.
    pub groups: &'a leapfrog_package::Groups,
    /// An interactive problem's output validator, which the reference plays against.
    pub interactive: Option<&'a leapfrog_judge::checking::OutputChecker>,
}

/// Makes one test in the staging directory: input, validation, answer.
pub(super) fn stage_test(
    tools: &Tools,
    test: &PlanTest,
    index: usize,
    recipe: String,
) -> anyhow::Result<Staged> {
    let package = tools.package;
    let dir = tools.staging.join(index.to_string());
    std::fs::create_dir_all(&dir)?;
    let input = dir.join("test.in");
    let answer = dir.join("test.ans");
    make_input(tools.registry, tools.runner, package, test, &input, &dir)?;
    let limits = &package.config.limits;
    let data = package.data_dir();
    let group = leapfrog_package::testdata::parent_of(&test.name);
    let own = test
        .yaml
        .as_deref()
        .map(|text| (data.join(format!("{}.yaml", test.name)), text));
    let own = own.as_ref().map(|(file, text)| (file.as_path(), *text));
    let settings = tools.groups.test_settings(group, own)?;
    let input_flags = &settings.input_validator_args;
    if let Some(reason) = tools.validators.check(&input, input_flags, &dir, limits)? {
        let why = format!("the generated input is invalid: {reason}");
        return Err(JudgeError::InvalidData(why).into());
    }
    let reference = match tools.interactive {
        Some(checker) => {
            let played = (checker, group, settings);
            play_answer(tools, test, (&input, &answer), &dir, played)?;
            None
        }
        None => make_answer(tools, test, &input, &answer, &dir)?,
    };
    let head = leapfrog_util::read_head(&answer);
    let outcome = match reference {
        Some(reference) => reference.outcome(head.as_bytes()),
        None => first_token(head.as_bytes()),
    };
    Ok(Staged {
        name: test.name.clone(),
        input_hash: file_hash(&input).context("hashing the input")?,
        answer_hash: file_hash(&answer).context("hashing the answer")?,
        input,
        answer,
        outcome,
        recipe,
        made: true,
        included: test.included_from.is_some(),
    })
}

/// Writes the test's input to `input`.
pub(super) fn make_input(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
    test: &PlanTest,
    input: &Path,
    dir: &Path,
) -> anyhow::Result<()> {
    match &test.source {
        Source::Inline(text) => std::fs::write(input, text)?,
        Source::Copy(path) => {
            let from = package.root.join(format!("{path}.in"));
            std::fs::copy(&from, input)
                .with_context(|| format!("key 'copy': reading {}", from.display()))?;
        }
        Source::Generate => {
            let mut last = None;
            for k in 0..test.retries.max(1) {
                let _ = std::fs::remove_file(dir.join("testcase.ans"));
                match run_generator(
                    registry,
                    runner,
                    package,
                    &test.generator,
                    &test.args_for_retry(k),
                    input,
                    dir,
                ) {
                    Ok(()) => return Ok(()),
                    Err(err) => last = Some(err),
                }
            }
            let err = last.expect("at least one try");
            if test.retries > 1 {
                return Err(err.context(format!(
                    "key 'generate': it failed {} times (retries)",
                    test.retries
                )));
            }
            return Err(err.context("key 'generate'"));
        }
    }
    Ok(())
}

/// Writes the test's answer to `answer`; says which reference made it, if one did.
/// An interactive problem's answer: the plan's `ans` text, or a generator's `testcase.ans`,
/// else empty (what the validator needs is the package's business); and the plan's solution,
/// when it is a program, must be accepted playing against the validator on the input.
fn play_answer(
    tools: &Tools,
    test: &PlanTest,
    (input, answer): (&Path, &Path),
    dir: &Path,
    (checker, group, settings): (
        &leapfrog_judge::checking::OutputChecker,
        &str,
        leapfrog_package::TestSettings,
    ),
) -> anyhow::Result<()> {
    let from_generator = dir.join("testcase.ans");
    match &test.answer {
        Some(text) => std::fs::write(answer, text)?,
        None if from_generator.is_file() => std::fs::rename(&from_generator, answer)?,
        None => std::fs::write(answer, "")?,
    }
    let Some(solution) = &test.solution else {
        return Ok(());
    };
    let reference = tools
        .references
        .get(solution)
        .context("key 'solution': it was not built")?;
    let Reference::Program(program, _) = reference else {
        bail!("key 'solution': a built-in solver cannot play an interactive problem");
    };
    let case = leapfrog_package::TestCase::new(
        "reference".to_string(),
        input.to_path_buf(),
        answer.to_path_buf(),
        group,
        settings,
        None,
    );
    let limits = &tools.package.config.limits;
    // The play runs as other users, who must pass every directory above its own: the judge's
    // scratch space lets them, the package (below a `0700` home, say) may not.
    let play = leapfrog_util::scratch_dir("leapfrog-play-")?;
    leapfrog_judge::play_reference(program, checker, &case, limits, play.path())
        .context("key 'solution'")
}

fn make_answer<'a>(
    tools: &Tools<'a>,
    test: &PlanTest,
    input: &Path,
    answer: &Path,
    dir: &Path,
) -> anyhow::Result<Option<&'a Reference>> {
    if let Some(text) = &test.answer {
        std::fs::write(answer, text)?;
        return Ok(None);
    }
    let from_generator = dir.join("testcase.ans");
    if test.source == Source::Generate && from_generator.is_file() {
        std::fs::rename(&from_generator, answer)?;
        return Ok(None);
    }
    // A multi-pass problem's answer is what its validator needs, not a solution's output:
    // empty unless the plan gives one, as BAPCtools makes it.
    if tools.package.config.kind.multi_pass {
        std::fs::write(answer, "")?;
        return Ok(None);
    }
    if let Source::Copy(path) = &test.source {
        let from = tools.package.root.join(format!("{path}.ans"));
        if from.is_file() {
            std::fs::copy(&from, answer)
                .with_context(|| format!("key 'copy': reading {}", from.display()))?;
            return Ok(None);
        }
    }
    let Some(solution) = &test.solution else {
        bail!("no answer: the test has no 'ans' and answers are turned off ('solution: null')");
    };
    let reference = tools
        .references
        .get(solution)
        .context("key 'solution': it was not built")?;
    reference.answer(input, answer, dir, tools.package)?;
    Ok(Some(reference))
}
