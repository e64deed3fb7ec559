//! Test discovery: every `*.in` under `data/` with its `*.ans`, samples first, its group, the
//! settings it gets (its group's, from [`crate::test_set::Groups`], under its own `.yaml`) and
//! its `.files` folder.

use std::path::{Path, PathBuf};

use crate::error::TestdataError;
use walkdir::WalkDir;

use super::Package;
use super::test_config::InputArgs;
use crate::test_set::{Groups, TestSettings};

/// One test: an input and the judges' answer.
#[derive(Debug, Clone)]
pub struct TestCase {
    /// The path under `data/` without extension, with `/` separators: `sample/1`,
    /// `secret/unique/03-small`.
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
    /// Output validator arguments: the test's `.yaml`, the nearest `test_group.yaml` (or
    /// `testdata.yaml`), or problem.yaml's legacy `validator_flags`.
    pub output_validator_flags: Vec<String>,
    /// Input validator arguments, found the same way.
    pub input_validator_flags: InputArgs,
    /// Answer validator arguments (`answer_validator_args`), found the same way; `None` where
    /// nothing sets them: the answer validators then get the output validator arguments.
    pub answer_validator_flags: Option<InputArgs>,
    /// The submission's command-line arguments (`args`, found the same way; 2025-09).
    pub args: Vec<String>,
    /// The test's `.files` folder, whose files are copied into the submission's working
    /// directory before it runs.
    pub files: Option<PathBuf>,
    /// Its group: the path of its folder below `data/` (`secret/group1`), or for a test from
    /// elsewhere the group whose settings it was given. Its group chain is this group and
    /// those above it (see [`crate::TestSet::chain`]).
    pub group: String,
}

impl TestCase {
    /// A test of `group` with the settings `settings`.
    pub fn new(
        name: String,
        input: PathBuf,
        answer: PathBuf,
        group: &str,
        settings: TestSettings,
        files: Option<PathBuf>,
    ) -> TestCase {
        TestCase {
            name,
            input,
            answer,
            output_validator_flags: settings.output_validator_args,
            input_validator_flags: settings.input_validator_args,
            answer_validator_flags: settings.answer_validator_args,
            args: settings.args,
            files,
            group: group.to_string(),
        }
    }

    /// The names of its group and of those above it, nearest first, ending with `""` (`data/`).
    pub fn group_chain(&self) -> Vec<&str> {
        let mut chain = vec![self.group.as_str()];
        let mut at = self.group.as_str();
        while !at.is_empty() {
            at = crate::test_set::parent_of(at);
            chain.push(at);
        }
        chain
    }

    pub fn is_sample(&self) -> bool {
        self.name.starts_with("sample/")
    }

    /// How the output validator's verdict on this test's own answer counts when the data is
    /// checked. A sample's answer is shown in the statement as an output, so it must pass in
    /// every version. Of the other answers, 2025-09 ("Validation of shared test case files")
    /// asks nothing: they may be data for the validator rather than outputs; the legacy format
    /// is read as problemtools' verifyproblem reads it, which runs them and only warns.
    pub fn answer_check(&self, format: crate::FormatVersion) -> AnswerCheck {
        match (self.is_sample(), format.is_modern()) {
            (true, _) => AnswerCheck::MustPass,
            (false, false) => AnswerCheck::WarnIfRejected,
            (false, true) => AnswerCheck::NotChecked,
        }
    }
}

/// What the output validator's verdict on a test's own answer means (see
/// [`TestCase::answer_check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerCheck {
    /// A rejection is invalid data.
    MustPass,
    /// A rejection is a warning.
    WarnIfRejected,
    /// The answer is not run through the output validator.
    NotChecked,
}

/// Every test of `data/sample` and `data/secret`, and the groups they are in.
pub(crate) fn discover(package: &Package) -> Result<(Vec<TestCase>, Groups), TestdataError> {
    let data = package.data_dir();
    if !data.is_dir() {
        return Err(TestdataError::invalid(
            data.display(),
            format_args!("no test data (the data/ directory is missing)"),
        ));
    }
    let mut found = Vec::new();
    for group in ["sample", "secret"] {
        let dir = data.join(group);
        if !dir.is_dir() {
            continue;
        }
        // A test's `.files` folder holds its files, never tests.
        let walker = WalkDir::new(&dir)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                !(e.file_type().is_dir() && e.path().extension() == Some("files".as_ref()))
            });
        let mut group_tests = Vec::new();
        for entry in walker {
            let entry = entry.map_err(TestdataError::walk(&dir))?;
            let path = entry.path();
            if !entry.file_type().is_file() {
                continue;
            }
            // A misnamed test (`1.ans` beside `01.in`) must not silently disappear.
            if path.extension().is_some_and(|e| e == "ans") && !path.with_extension("in").is_file()
            {
                return Err(TestdataError::invalid(
                    path.display(),
                    format_args!(
                        "answer file has no test input {} (rename one so the two match)",
                        path.with_extension("in").display()
                    ),
                ));
            }
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let answer = path.with_extension("ans");
            if !answer.is_file() {
                return Err(TestdataError::invalid(
                    path.display(),
                    format_args!("test input has no answer file {}", answer.display()),
                ));
            }
            let rel = path
                .strip_prefix(&data)
                .expect("walked below data/")
                .with_extension("");
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            group_tests.push((name, path.to_path_buf(), answer));
        }
        group_tests.sort_by(|a, b| a.0.cmp(&b.0));
        found.extend(group_tests);
    }
    if found.is_empty() {
        return Err(TestdataError::invalid(
            data.display(),
            format_args!("no test cases (no data/sample/*.in or data/secret/**/*.in)"),
        ));
    }
    let names = found
        .iter()
        .map(|(name, _, _)| crate::test_set::parent_of(name));
    let groups = Groups::read(
        package,
        &Default::default(),
        names.chain(["sample", "secret"]),
    )?;
    let mut tests = Vec::new();
    for (name, input, answer) in found {
        let group = crate::test_set::parent_of(&name).to_string();
        let settings = own_settings(&groups, &group, &input)?;
        let files = input.with_extension("files");
        let files = files.is_dir().then_some(files);
        tests.push(TestCase::new(name, input, answer, &group, settings, files));
    }
    Ok((tests, groups))
}

/// The settings of the test whose input is `input`, in the group `group` of `groups`: its own
/// `.yaml` (2025-09) over its group's. A `.args` file is no version's: refused, naming where
/// the format puts arguments.
pub(crate) fn own_settings(
    groups: &Groups,
    group: &str,
    input: &Path,
) -> Result<TestSettings, TestdataError> {
    let args_file = input.with_extension("args");
    if args_file.exists() {
        return Err(TestdataError::invalid(
            args_file.display(),
            format_args!(
                "no version of the package format reads a `.args` file; write the submission's arguments as `args: [...]` in {}",
                input.with_extension("yaml").display()
            ),
        ));
    }
    let files = input.with_extension("files");
    if files.exists() && !files.is_dir() {
        return Err(TestdataError::invalid(
            files.display(),
            format_args!(
                "a test's `.files` must be a folder (of files copied into the submission's working directory)"
            ),
        ));
    }
    let near_miss = input.with_extension("yml");
    if near_miss.is_file() {
        leapfrog_util::warn(&format!(
            "{}: no tool reads a test's settings from a .yml file, so they are not used; did you mean {}?",
            near_miss.display(),
            input.with_extension("yaml").display()
        ));
    }
    let own = input.with_extension("yaml");
    if !own.is_file() {
        return groups.test_settings(group, None);
    }
    let text = std::fs::read_to_string(&own).map_err(TestdataError::io("reading", &own))?;
    groups.test_settings(group, Some((&own, &text)))
}
