//! Problem packages in the ICPC / Kattis layout: finding a package, reading `problem.yaml`,
//! discovering test data, submissions, validators and the generator plan; with the source
//! languages and their compilation ([`lang`]) and the verdicts a submission's folder promises
//! ([`verdict`]). It knows how programs are run (`leapfrog-runner`), not how they are judged.
//!
//! ```text
//! problems/<name>/
//!   problem.yaml                  name, limits, validation, validator_flags
//!   problem_statement/problem.en.md
//!   data/sample/*.in|*.ans        hand-written, committed
//!   data/secret/**/*.in|*.ans     generated from generators/generators.yaml (nested groups)
//!   generators/generators.yaml    each generated test's name and how it is made (BAPCtools')
//!   input_validators/<program>    exit 42 valid, 43 invalid
//!   answer_validators/<program>   `validator INPUT [args] < answer`, exit 42 valid, 43 invalid
//!   output_validators/<program>   `checker INPUT ANSWER FEEDBACK_DIR < output`, 42 / 43
//!   submissions/<folder>/<program>  what each must get: its folder's rule, submissions.yaml
//!   languages.yaml                optional: changes to the language table (see [`crate::lang`])
//!   include/<language code>/      optional: files added to every submission of that language
//! ```
//! A program is a single source file or a directory of sources (see [`crate::lang`]).

pub mod lang;
pub mod verdict;

mod config;
mod config_keys;
pub mod constants;
mod contest;
mod contest_yaml;
mod diff_flags;
mod error;
mod folder_names;
mod format;
mod include;
mod invalid;
mod nearest;
mod plan;
mod problem_type;
mod scoring;
mod settings_names;
pub mod submissions;
mod test_config;
pub mod test_set;
mod test_walk;
pub mod testdata;
pub mod timing;
mod yaml_file;

use std::path::{Path, PathBuf};

pub use config::{Limits, ProblemConfig, Validation};
pub use contest::{Contest, ContestProblem, default_label, package_dirs};
pub use diff_flags::{DiffFlags, FlagError};
pub use error::{
    BuildError, ConfigError, LanguageError, ListError, PackageError, PlanError, Refusal,
    SubmissionsError, TestdataError,
};
pub use format::FormatVersion;
pub use include::Included;
pub use invalid::{DataCase, DataKind};
pub use plan::{DefaultGenerator, Plan, PlanTest, Source};
pub use problem_type::ProblemType;
pub use scoring::{Aggregation, GroupScoring, VerdictRule};
pub use submissions::{
    Expectation, LEGACY_FOLDERS, Rule, Submission, TestScope, TimeLimitUse, VerdictSet,
    folder_results, meant_folder,
};
pub use test_config::InputArgs;
pub use test_set::{Group, Groups, TestSet};
pub use testdata::{TestCase, TestSettings};
pub use timing::Timing;

/// An opened problem package.
#[derive(Debug, Clone)]
pub struct Package {
    /// The package directory.
    pub root: PathBuf,
    /// The short name: the directory's name.
    pub short_name: String,
    pub config: ProblemConfig,
    /// The language table: the built-in one, changed by the package's own `languages.yaml`.
    pub languages: std::sync::Arc<crate::lang::Languages>,
}

impl Package {
    /// Opens a package given as a path to its directory or as a name under `problems/` (looked
    /// for in the current directory and its ancestors).
    pub fn open(spec: &str) -> Result<Package, PackageError> {
        let root = locate(spec)?;
        // An absolute path names the package even when it was given as `.`.
        let root = std::fs::canonicalize(&root).unwrap_or(root);
        let short_name = root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| spec.to_string());
        let config = ProblemConfig::load(&root)?;
        folder_names::warn_near_misses(&root);
        let languages = std::sync::Arc::new(crate::lang::Languages::for_package(&root)?);
        Ok(Package {
            root,
            short_name,
            config,
            languages,
        })
    }

    /// The display name from problem.yaml, or the short name.
    pub fn display_name(&self) -> &str {
        self.config.name.as_deref().unwrap_or(&self.short_name)
    }

    pub fn data_dir(&self) -> PathBuf {
        self.root.join("data")
    }

    /// Every test case, samples first, each group in lexicographic order of paths.
    pub fn tests(&self) -> Result<Vec<TestCase>, PackageError> {
        Ok(self.test_set()?.into_tests())
    }

    /// The model of the package's tests: the tests with their settings, their groups with
    /// their settings, scoring and grader flags, and the problem's type, read once.
    pub fn test_set(&self) -> Result<TestSet, PackageError> {
        Ok(TestSet::read(self)?)
    }

    /// A test that is not in `data/` (an input `stress` made, a file `check` was given) judged
    /// as if it lay in the group `group` (a path below `data/`, such as `secret`): it gets that
    /// group's settings, inherited as a test of that group inherits them.
    pub fn test_in_group(
        &self,
        group: &str,
        name: String,
        input: PathBuf,
        answer: PathBuf,
    ) -> Result<TestCase, PackageError> {
        Ok(test_set::test_in_group(self, group, name, input, answer)?)
    }

    /// The test of `data/` whose input is the file `input` (the same file, by any path), if
    /// there is one. A file outside `data/` is looked for without reading the tests, so a
    /// package without tests yet can still check one.
    pub fn test_with_input(&self, input: &Path) -> Result<Option<TestCase>, PackageError> {
        let (Ok(wanted), Ok(data)) = (
            std::fs::canonicalize(input),
            std::fs::canonicalize(self.data_dir()),
        ) else {
            return Ok(None);
        };
        let named_below = std::path::absolute(input).is_ok_and(|p| p.starts_with(self.data_dir()));
        if !wanted.starts_with(&data) && !named_below {
            return Ok(None);
        }
        Ok(self.test_set()?.with_input(&wanted).cloned())
    }

    /// The folders of `include/`: files added to every submission of a language.
    pub fn included(&self) -> Result<Included, PackageError> {
        Included::read(self)
    }

    /// The cases of `data/invalid_input`, `invalid_answer`, `invalid_output` and
    /// `valid_output`, which test the validators.
    pub fn validator_data(&self) -> Result<Vec<DataCase>, PackageError> {
        Ok(invalid::discover(self)?)
    }

    /// Every submission under `submissions/`, default folders first, with its expectation.
    pub fn submissions(&self) -> Result<Vec<Submission>, PackageError> {
        Ok(submissions::discover(&self.root.join("submissions"))?)
    }

    /// The programs in `input_validators/`.
    pub fn input_validators(&self) -> Result<Vec<PathBuf>, PackageError> {
        Ok(programs_in(&self.root.join("input_validators"))?)
    }

    /// The programs in `answer_validators/` (each checks a test's `.ans`).
    pub fn answer_validators(&self) -> Result<Vec<PathBuf>, PackageError> {
        Ok(programs_in(&self.root.join("answer_validators"))?)
    }

    /// What is missing when a package that needs an output validator has none in `folder`:
    /// an interactive problem's is its interactor.
    fn missing_validator(&self, folder: &str) -> String {
        if self.config.kind.interactive {
            format!("interactive problem but no interactor/output validator in {folder}")
        } else {
            format!("validation is custom but there is no output validator in {folder}")
        }
    }

    /// The custom output validator, when `validation` asks for one.
    pub fn output_validator(&self) -> Result<Option<PathBuf>, PackageError> {
        if self.config.validation == Validation::Default {
            return Ok(None);
        }
        let draft_legacy_folder = self.config.format == FormatVersion::Draft2023
            && !self.root.join("output_validator").exists();
        if self.config.format.is_modern() && !draft_legacy_folder {
            return match format::modern_output_validator(&self.root)? {
                Some(program) => Ok(Some(program)),
                None => {
                    return Err(PackageError::invalid(
                        self.root.join("output_validator").display(),
                        format_args!("{}", self.missing_validator("output_validator/")),
                    ));
                }
            };
        }
        let dir = self.root.join("output_validators");
        let programs = programs_in(&dir)?;
        match programs.as_slice() {
            [one] => Ok(Some(one.clone())),
            [] => Err(PackageError::invalid(
                dir.display(),
                format_args!("{}", self.missing_validator("output_validators/")),
            )),
            _ => Err(PackageError::invalid(
                dir.display(),
                format_args!(
                    "expected exactly one output validator, found {}",
                    programs.len()
                ),
            )),
        }
    }

    /// The folder of the statement: `statement/` in 2025-09, `problem_statement/` in legacy.
    pub fn statement_dir(&self) -> PathBuf {
        statement_dir(&self.root)
    }

    /// The generator plan (`generators/generators.yaml`), if the package has one.
    pub fn plan(&self) -> Result<Option<Plan>, PackageError> {
        let path = self.plan_path();
        if !path.exists() {
            let old = self.root.join("generators").join("plan.yaml");
            if old.exists() {
                return Err(PackageError::invalid(
                    old.display(),
                    format_args!(
                        "plans are no longer read from plan.yaml: write them as {} (BAPCtools' generators.yaml; see the README)",
                        path.display()
                    ),
                ));
            }
            return Ok(None);
        }
        Ok(Plan::load(&path).map(Some)?)
    }

    /// Where the generator plan lives: `generators/generators.yaml`.
    pub fn plan_path(&self) -> PathBuf {
        self.root.join("generators").join("generators.yaml")
    }
}

/// The statement folder of the package at `root`: `statement/` when it exists (2025-09),
/// else `problem_statement/` (legacy).
pub fn statement_dir(root: &Path) -> PathBuf {
    let modern = root.join("statement");
    if modern.is_dir() {
        modern
    } else {
        root.join("problem_statement")
    }
}

/// Finds a package directory from a path or a problem name.
fn locate(spec: &str) -> Result<PathBuf, PackageError> {
    let direct = Path::new(spec);
    if direct.join("problem.yaml").is_file() {
        return Ok(direct.to_path_buf());
    }
    // A bare name is looked up under problems/ even when a directory of that name exists
    // here: the repository's top-level `checkers/` folder holds output checkers, not a package.
    if !spec.contains('/') {
        let cwd = std::env::current_dir().map_err(PackageError::CurrentDir)?;
        for dir in cwd.ancestors() {
            let candidate = dir.join("problems").join(spec);
            if candidate.join("problem.yaml").is_file() {
                return Ok(candidate);
            }
        }
    }
    if direct.is_dir() {
        return Err(PackageError::invalid(
            direct.display(),
            format_args!(
                "not a problem package (no problem.yaml){}",
                match direct.join("problem.yml").is_file() {
                    true => "; problem.yml is there, but every format reads problem.yaml",
                    false => "",
                }
            ),
        ));
    }
    Err(PackageError::rule(format_args!(
        "no problem '{spec}': not a package directory, and no problems/{spec}/problem.yaml here or above"
    )))
}

/// The programs in a validator or submission directory: every file and every sub-directory,
/// sorted by name. Hidden entries and switched-off files (`x.c.disabled`, see
/// [`crate::lang::switched_off`]) are skipped.
pub fn programs_in(dir: &Path) -> Result<Vec<PathBuf>, ListError> {
    let mut programs = entries_in(dir)?;
    // A header (`testlib.h` next to `checker.cpp`) is included by a program, never one itself.
    programs.retain(|p| crate::lang::switched_off(p).is_none() && !crate::lang::is_header(p));
    Ok(programs)
}

/// Every entry of a directory but hidden ones and READMEs, sorted by name.
fn entries_in(dir: &Path) -> Result<Vec<PathBuf>, ListError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut programs = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(ListError::of(dir))? {
        let entry = entry.map_err(ListError::of(dir))?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') || name == "README.md" {
            continue;
        }
        programs.push(entry.path());
    }
    programs.sort();
    Ok(programs)
}
