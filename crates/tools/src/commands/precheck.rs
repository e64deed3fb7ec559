//! The data check `verify` runs before judging anything, as problemtools' `verifyproblem`
//! does: every test input through the input validators, every answer through the answer
//! validators and the output checker (what `leapfrog validate` checks first), and the
//! validator-testing data (`data/invalid_input` ...) as BAPCtools checks it. A package whose
//! data and judge programs are unchanged since the last clean check costs nothing: the check is
//! remembered by a hash of every file of the package but its submissions and statement.

use std::path::Path;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use super::validate::{Finding, validate_test};
use super::validate_data::Checks;
use leapfrog_judge::checking::{AnswerValidators, InputValidators, OutputChecker};
use leapfrog_judge::{JudgeError, JudgeFault};
use leapfrog_package::Package;
use leapfrog_runner::Runner;

/// Checks the package's test data unless an identical package passed before. Prints what is
/// wrong; fails with [`JudgeError::InvalidData`] (or a judge error for a broken validator).
pub fn data(
    runner: &Arc<Runner>,
    package: &Package,
    jobs: usize,
    quiet: bool,
) -> anyhow::Result<()> {
    let key = content_hash(package)?;
    let marker = leapfrog_package::lang::cache_dir()?
        .join("validated")
        .join(&key);
    if marker.is_file() {
        return Ok(());
    }
    let tests = package.tests()?;
    let Some((validators, answers)) = validators(runner, package, quiet)? else {
        return Ok(());
    };
    let checker = OutputChecker::for_package(runner, package)?;
    let checks = Checks {
        inputs: &validators,
        answers: &answers,
        checker: &checker,
    };
    // A scratch space that cannot be used is the judge's fault, named as the judge names it.
    let scratch = tempfile::Builder::new()
        .prefix("leapfrog-precheck-")
        .tempdir()
        .map_err(|source| JudgeFault::ScratchUnusable {
            dir: std::env::temp_dir(),
            source,
        })?;
    runner.note_dir(scratch.path());
    let mut invalid = Vec::new();
    let mut broken = Vec::new();
    leapfrog_runner::parallel::ordered(
        &tests,
        jobs,
        |_, test| validate_test(package, test, &checks, scratch.path()),
        |i, finding| {
            let path = tests[i].input.display();
            match finding {
                Finding::Fine => {}
                Finding::Invalid(why) => invalid.push(format!("{path}: {why}")),
                Finding::Broken(why) => broken.push(format!("{path}: {why}")),
            }
            !crate::interrupt::requested()
        },
    );
    crate::interrupt::check()?;
    check_validator_data(
        package,
        (&checks, scratch.path(), jobs),
        &mut invalid,
        &mut broken,
    )?;
    if let Some((free, _)) = leapfrog_util::file_system_full(scratch.path()) {
        // Findings made on a full disk say nothing of the data; judging reports the disk (JE).
        leapfrog_util::warn(&format!(
            "the test data is not checked before judging: the scratch space {} is full ({free} bytes free; No space left on device)",
            scratch.path().display()
        ));
        return Ok(());
    }
    refuse_findings(package, &invalid, &broken)?;
    leapfrog_util::write_atomically(&marker, b"")?;
    Ok(())
}

/// The package's input and answer validators, prepared; None (with a warning unless `quiet`)
/// when one cannot be prepared here. A validator that does not compile is an error.
fn validators(
    runner: &Arc<Runner>,
    package: &Package,
    quiet: bool,
) -> anyhow::Result<Option<(InputValidators, AnswerValidators)>> {
    // A validator that cannot be prepared here (its tool is not installed) leaves the check to
    // `validate`, which refuses it: verify judges as it did before the check existed. One that
    // the compiler refuses, or one with a link out of the package among its sources, is the
    // package's mistake, as `validate` and `generate` say (exit 2).
    let prepared = InputValidators::for_package(runner, package)
        .and_then(|v| Ok((v, AnswerValidators::for_package(runner, package)?)));
    let (validators, answers) = match prepared {
        Ok(both) => both,
        Err(err) if packages_mistake(&err) => return Err(err),
        Err(err) => {
            if !quiet {
                leapfrog_util::warn(&format!(
                    "the test data is not checked before judging: {err:#}"
                ));
            }
            return Ok(None);
        }
    };
    if validators.is_empty() && !quiet {
        leapfrog_util::warn(&format!(
            "{}: no input validators in input_validators/: the inputs are not checked before judging",
            package.root.display()
        ));
    }
    Ok(Some((validators, answers)))
}

/// Whether a validator failed to prepare for a mistake of the package's own: its compiler
/// refused it, or a link among its sources leads out of the package (the link policy), which
/// no installed tool would change.
fn packages_mistake(err: &anyhow::Error) -> bool {
    use leapfrog_package::{BuildError, Refusal};
    err.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<BuildError>(),
            Some(BuildError::DoesNotCompile { .. } | BuildError::Refused(Refusal::Link(_)))
        )
    })
}

/// Fails on what the check found: a judge error for a broken validator or checker, else
/// [`JudgeError::InvalidData`] for rejected tests. At most ten of each are listed.
fn refuse_findings(package: &Package, invalid: &[String], broken: &[String]) -> anyhow::Result<()> {
    let shown = |list: &[String]| {
        let mut text: Vec<String> = list.iter().take(10).map(|l| format!("  {l}")).collect();
        if list.len() > 10 {
            text.push(format!("  … and {} more", list.len() - 10));
        }
        text.join("\n")
    };
    if !broken.is_empty() {
        anyhow::bail!(
            "{}: checking the test data before judging failed (a validator or the checker is broken):\n{}",
            package.root.display(),
            shown(broken)
        );
    }
    if !invalid.is_empty() {
        return Err(JudgeError::InvalidData(format!(
            "{}: {} invalid before judging (the package's validators reject {}, or a case of its invalid/valid data is not judged as its folder says); nothing was judged:\n{}\nsee `leapfrog validate {}`",
            package.root.display(),
            leapfrog_util::plural(invalid.len(), "test"),
            if invalid.len() == 1 { "it" } else { "them" },
            shown(invalid),
            package.root.display()
        ))
        .into());
    }
    Ok(())
}

/// The package's validator-testing data (`data/invalid_input` ..., made by the plan or shipped),
/// as BAPCtools checks it when it generates: each case the validators let through or refuse
/// against its folder is added to `invalid`, each validator failure to `broken`.
fn check_validator_data(
    package: &Package,
    (checks, scratch, jobs): (&Checks, &Path, usize),
    invalid: &mut Vec<String>,
    broken: &mut Vec<String>,
) -> anyhow::Result<()> {
    use super::validate_data::{DataFinding, check_case};
    let cases = package.validator_data()?;
    leapfrog_runner::parallel::ordered(
        &cases,
        jobs,
        |_, case| check_case(package, case, checks, scratch),
        |i, finding| {
            let path = cases[i].input.display();
            match finding {
                DataFinding::Fine => {}
                DataFinding::Wrong(why) => invalid.push(format!("{path}: {why}")),
                DataFinding::Broken(why) => broken.push(format!("{path}: {why}")),
            }
            !crate::interrupt::requested()
        },
    );
    crate::interrupt::check()?;
    Ok(())
}

/// A hash of every file of the package that can change a validation: everything but
/// `submissions/` and the statement, with leapfrog's version.
fn content_hash(package: &Package) -> anyhow::Result<String> {
    let mut hasher = Sha256::new();
    hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
    let skip = |path: &Path| {
        let rel = path.strip_prefix(&package.root).unwrap_or(path);
        let first = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        matches!(
            first.as_deref(),
            Some("submissions" | "statement" | "problem_statement" | ".git")
        )
    };
    let walk = walkdir::WalkDir::new(&package.root)
        .sort_by_file_name()
        .follow_links(true)
        .into_iter()
        .filter_entry(|e| !skip(e.path()));
    for entry in walk {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => match dangling_link(&err) {
                // A link to nothing (a `problem.pdf` made elsewhere) changes no validation:
                // named, then left out of the hash.
                Some(warning) => {
                    leapfrog_util::warn(&warning);
                    continue;
                }
                None => return Err(err.into()),
            },
        };
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry
            .path()
            .strip_prefix(&package.root)
            .unwrap_or(entry.path());
        hasher.update(rel.to_string_lossy().as_bytes());
        hasher.update([0]);
        let mut file = std::fs::File::open(entry.path())?;
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            let n = std::io::Read::read(&mut file, &mut buffer)?;
            if n == 0 {
                break;
            }
            hasher.update(&buffer[..n]);
        }
        hasher.update([0]);
    }
    Ok(leapfrog_util::hex(&hasher.finalize()))
}

/// The warning for a walk error that is a link whose target does not exist: what the link is
/// and where it points. `None` for any other error.
fn dangling_link(err: &walkdir::Error) -> Option<String> {
    let path = err.path()?;
    let target = std::fs::read_link(path).ok()?;
    (!path.exists()).then(|| {
        format!(
            "{} is a link to {}, which does not exist: it is left out",
            path.display(),
            target.display()
        )
    })
}

/// Checks the inputs of the tests a submission failed, for `judge`: a verdict on an input the
/// package's own validators reject says more about the input than the program. Nothing runs
/// when the data passed [`data`]'s check unchanged, or when there are no input validators.
pub struct FailedInputs {
    validators: InputValidators,
    scratch: tempfile::TempDir,
    /// How many more inputs to check (a program that fails everything costs little).
    budget: usize,
    /// How many of those checked were invalid.
    invalid: usize,
}

impl FailedInputs {
    pub fn for_package(runner: &Arc<Runner>, package: &Package) -> Option<FailedInputs> {
        let validated = content_hash(package).ok().is_some_and(|key| {
            leapfrog_package::lang::cache_dir()
                .is_ok_and(|d| d.join("validated").join(key).is_file())
        });
        if validated {
            return None;
        }
        let validators = InputValidators::for_package(runner, package).ok()?;
        if validators.is_empty() {
            return None;
        }
        let scratch = tempfile::Builder::new()
            .prefix("leapfrog-inputs-")
            .tempdir()
            .ok()?;
        // A judge killed mid-run leaves it; the next judge removes it (see `Runner::new`).
        runner.note_dir(scratch.path());
        Some(FailedInputs {
            validators,
            scratch,
            budget: 20,
            invalid: 0,
        })
    }

    /// The note to print under a test's line when the submission failed it and the validators
    /// reject its input (or cannot be run on it).
    pub fn note(
        &mut self,
        package: &Package,
        tests: &[leapfrog_package::TestCase],
        result: &leapfrog_judge::TestResult,
    ) -> Option<String> {
        if self.budget == 0 || result.verdict == leapfrog_package::verdict::Verdict::Ac {
            return None;
        }
        let test = tests.iter().find(|t| t.name == result.name)?;
        self.budget -= 1;
        let limits = &package.config.limits;
        let checked = self
            .validators
            .check_test(test, self.scratch.path(), limits);
        if leapfrog_util::file_system_full(self.scratch.path()).is_some() {
            // A full disk makes any input look invalid: the judge's fault, reported as JE.
            return None;
        }
        if matches!(checked, Ok(Some(_))) {
            self.invalid += 1;
        }
        match checked {
            Ok(Some(reason)) => Some(format!(
                "the input {} is INVALID (the input validators reject it: {reason}); the verdict may be the data's fault",
                test.input.display()
            )),
            Ok(None) => None,
            Err(err) => Some(format!(
                "could not check the input {} with the input validators: {err:#}",
                test.input.display()
            )),
        }
    }

    /// The closing warning, when some failed test's input was invalid.
    pub fn warn(&self, package: &Package) {
        if self.invalid > 0 {
            leapfrog_util::warn(&format!(
                "{} failed on inputs the package's validators reject: check the data first (`leapfrog validate {}`)",
                leapfrog_util::plural(self.invalid, "test"),
                package.root.display()
            ));
        }
    }
}
