//! One test of a package: its input and answer, its group, the settings it gets (validator and
//! submission arguments) and its `.files` folder; how the output validator's verdict on its own
//! answer counts. The tests are read by [`crate::test_set`].

use std::path::PathBuf;

use super::test_config::InputArgs;

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
            at = parent_of(at);
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

/// The settings a test gets: the arguments of its validators and of the submission.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestSettings {
    pub output_validator_args: Vec<String>,
    pub input_validator_args: InputArgs,
    /// `None` where nothing sets them: the answer validators then get the output validator's.
    pub answer_validator_args: Option<InputArgs>,
    pub args: Vec<String>,
}

/// The parent of a group or test name (`secret/a/1` -> `secret/a`, `secret` -> `""`).
pub fn parent_of(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(p, _)| p)
}
