//! Test discovery: every `*.in` under `data/` with its `*.ans`, samples first; the validator and
//! submission arguments of `test_group.yaml` (legacy: `testdata.yaml`) files and of a test's own
//! `.yaml` (a test inherits its group's arguments, a group its parent's, unless it sets its own;
//! see `test_config`); and a test's `.files` folder.

use std::path::{Path, PathBuf};

use crate::error::TestdataError;
use walkdir::WalkDir;

use super::Package;
use super::test_config::{self, InputArgs};

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
}

impl TestCase {
    pub fn is_sample(&self) -> bool {
        self.name.starts_with("sample/")
    }
}

pub(super) fn discover(package: &Package) -> Result<Vec<TestCase>, TestdataError> {
    let data = package.data_dir();
    if !data.is_dir() {
        return Err(TestdataError::invalid(
            data.display(),
            format_args!("no test data (the data/ directory is missing)"),
        ));
    }
    let mut tests = Vec::new();
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
            let flags = test_settings(&data, path, package)?;
            let files = path.with_extension("files");
            group_tests.push(TestCase {
                name,
                input: path.to_path_buf(),
                answer,
                output_validator_flags: flags.output,
                input_validator_flags: flags.input,
                answer_validator_flags: flags.answer,
                args: flags.args,
                files: files.is_dir().then_some(files),
            });
        }
        group_tests.sort_by(|a, b| a.name.cmp(&b.name));
        tests.extend(group_tests);
    }
    if tests.is_empty() {
        return Err(TestdataError::invalid(
            data.display(),
            format_args!("no test cases (no data/sample/*.in or data/secret/**/*.in)"),
        ));
    }
    Ok(tests)
}

/// A test outside `data/` with the settings of the group `group` (a path below `data/`).
pub(super) fn test_in_group(
    package: &Package,
    group: &str,
    name: String,
    input: PathBuf,
    answer: PathBuf,
) -> Result<TestCase, TestdataError> {
    let data = package.data_dir();
    let flags = group_settings(&data, &data.join(group), package, &Default::default())?;
    Ok(TestCase {
        name,
        input,
        answer,
        output_validator_flags: flags.output,
        input_validator_flags: flags.input,
        answer_validator_flags: flags.answer,
        args: flags.args,
        files: None,
    })
}

/// What a test's settings give: the arguments of the validators and of the submission.
pub(crate) struct Flags {
    pub output: Vec<String>,
    pub input: InputArgs,
    pub answer: Option<InputArgs>,
    pub args: Vec<String>,
}

/// The settings of the test whose input is `input`: its own `.yaml` (2025-09) over its
/// group's. A `.args` file is no version's: refused, naming where the format puts arguments.
pub(crate) fn test_settings(
    data: &Path,
    input: &Path,
    package: &Package,
) -> Result<Flags, TestdataError> {
    let parent = input.parent().expect("a file has a parent");
    let mut flags = group_settings(data, parent, package, &Default::default())?;
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
    let own = input.with_extension("yaml");
    if own.is_file() {
        let text = std::fs::read_to_string(&own).map_err(TestdataError::io("reading", &own))?;
        let settings = test_config::parse(&text, &own, true)?;
        if let Some(o) = settings.output {
            flags.output = o;
        }
        if let Some(i) = settings.input {
            flags.input = i;
        }
        if let Some(a) = settings.args {
            flags.args = a;
        }
        if let Some(a) = settings.answer {
            flags.answer = Some(a);
        }
    }
    Ok(flags)
}

/// The validator arguments for tests in `dir`: the nearest `test_group.yaml` (or
/// `testdata.yaml`) from `dir` up to `data/` that sets them, else problem.yaml's
/// `validator_flags` (output) and nothing (input); `planned` (a group's path below `data/` ->
/// the text of its `test_group.yaml`) stands for files generate has not written yet.
pub fn group_flags_planned(
    data: &Path,
    dir: &Path,
    package: &Package,
    planned: &std::collections::BTreeMap<String, String>,
) -> Result<(Vec<String>, InputArgs), TestdataError> {
    let flags = group_settings(data, dir, package, planned)?;
    Ok((flags.output, flags.input))
}

/// What a test's own `.yaml` (not written yet: `text`, from the plan) sets: its output and input
/// validator arguments, `None` where it sets nothing.
pub fn test_flags_planned(
    text: &str,
    file: &Path,
) -> Result<(Option<Vec<String>>, Option<InputArgs>), TestdataError> {
    let settings = test_config::parse(text, file, true)?;
    Ok((settings.output, settings.input))
}

/// The settings for tests in `dir`, each from the nearest group file that sets it.
fn group_settings(
    data: &Path,
    dir: &Path,
    package: &Package,
    planned: &std::collections::BTreeMap<String, String>,
) -> Result<Flags, TestdataError> {
    let mut settings = test_config::Settings::default();
    let mut current = Some(dir);
    while let Some(d) = current {
        let rel = d
            .strip_prefix(data)
            .unwrap_or(d)
            .to_string_lossy()
            .into_owned();
        let legacy_file = d.join("testdata.yaml");
        // problemtools reads testdata.yaml in every version (its own 2023-07 example, and the
        // format's 2025-09 examples, use it): read it where there is no test_group.yaml.
        if package.config.format == crate::FormatVersion::V2025
            && legacy_file.is_file()
            && !d.join("test_group.yaml").is_file()
        {
            leapfrog_util::warn(&format!(
                "{}: problem_format_version 2025-09 names this file test_group.yaml; read as it is",
                legacy_file.display()
            ));
        }
        let files = [d.join("test_group.yaml"), legacy_file];
        let found = match planned.get(&rel) {
            Some(text) => Some((d.join("test_group.yaml"), text.clone())),
            None => match files.iter().find(|f| f.is_file()) {
                Some(file) => Some((
                    file.clone(),
                    std::fs::read_to_string(file).map_err(TestdataError::io("reading", file))?,
                )),
                None => None,
            },
        };
        if let Some((file, text)) = found {
            let config = test_config::parse(&text, &file, false)?;
            settings.output = settings.output.or(config.output);
            settings.input = settings.input.or(config.input);
            settings.args = settings.args.or(config.args);
            settings.answer = settings.answer.or(config.answer);
        }
        if d == data {
            break;
        }
        current = d.parent();
    }
    Ok(Flags {
        output: settings
            .output
            .unwrap_or_else(|| package.config.validator_flags.clone()),
        input: settings.input.unwrap_or_default(),
        answer: settings.answer,
        args: settings.args.unwrap_or_default(),
    })
}
