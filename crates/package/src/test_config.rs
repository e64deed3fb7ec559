//! The settings of a test group (`test_group.yaml`, or legacy `testdata.yaml`) and of one test
//! (`<test>.yaml`, 2025-09): the arguments given to the input and output validators and to the
//! submission.
//!
//! Both spellings are read in every version: the legacy `input_validator_flags` /
//! `output_validator_flags` (one string, split on white space) and the 2025-09
//! `input_validator_args` / `output_validator_args` (a list of strings; for input validators
//! also a map from a validator's name to its list; so is BAPCtools' `answer_validator_args`).
//! Scoring keys are read elsewhere (see
//! [`super::scoring`]); `args` gives the submission's command-line arguments; keys no
//! version defines are errors naming the key and the file.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::TestdataError;
use serde_yaml_ng::Value;

/// The arguments of the input validators for a test.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum InputArgs {
    /// The same arguments for every input validator.
    #[default]
    None,
    All(Vec<String>),
    /// Arguments by validator name (the program's file or folder name without extension);
    /// validators not named run without arguments.
    ByName(BTreeMap<String, Vec<String>>),
}

impl InputArgs {
    /// The arguments of the validator at `program`.
    pub fn for_program(&self, program: &Path) -> Vec<String> {
        match self {
            InputArgs::None => Vec::new(),
            InputArgs::All(args) => args.clone(),
            InputArgs::ByName(map) => {
                let name = program
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let stem = program
                    .file_stem()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                map.get(&name)
                    .or_else(|| map.get(&stem))
                    .cloned()
                    .unwrap_or_default()
            }
        }
    }
}

/// What a settings file sets (`None`: inherited).
#[derive(Debug, Default)]
pub struct Settings {
    pub output: Option<Vec<String>>,
    pub input: Option<InputArgs>,
    /// `answer_validator_args` (BAPCtools' key): the answer validators' arguments.
    pub answer: Option<InputArgs>,
    /// The submission's command-line arguments (`args`).
    pub args: Option<Vec<String>>,
}

/// Keys of a group's settings that leapfrog reads or may ignore safely.
const GROUP_KEYS: &[&str] = &[
    "input_validator_flags",
    "output_validator_flags",
    "input_validator_args",
    "output_validator_args",
    "answer_validator_args",
    "args",
    "full_feedback",
    "input_visualizer_args",
    "output_visualizer_args",
    "static_validator_args",
    // Scoring (2025-09, the 2023-07 draft's `scoring`, legacy): see `package::scoring`.
    "scoring",
    "max_score",
    "score_aggregation",
    "static_validation_score",
    "require_pass",
    "grading",
    "grader_flags",
    "on_reject",
    "accept_score",
    "reject_score",
    "range",
];

/// Keys of a test's own `.yaml` (2025-09).
const TEST_KEYS: &[&str] = &[
    "args",
    "input_validator_args",
    "output_validator_args",
    "answer_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
    "hint",
    "description",
];

/// Reads a group's settings (`test_group.yaml` / `testdata.yaml`) or, with `per_test`, a test's
/// `.yaml`, from its YAML; `file` names it in errors.
pub fn parse_value(value: &Value, file: &Path, per_test: bool) -> Result<Settings, TestdataError> {
    let map = match value {
        Value::Null => return Ok(Settings::default()),
        Value::Mapping(map) => map,
        _ => {
            return Err(TestdataError::invalid(
                file.display(),
                format_args!("expected a mapping of keys to values (output_validator_args: [...])"),
            ));
        }
    };
    let known = if per_test { TEST_KEYS } else { GROUP_KEYS };
    for key in map.keys() {
        let key = key.as_str().unwrap_or("?");
        if !known.contains(&key) {
            return Err(TestdataError::invalid(
                file.display(),
                format_args!("unknown key `{key}` (known keys: {})", known.join(", ")),
            ));
        }
    }
    let mut settings = Settings::default();
    if let Some(args) = map.get("args") {
        settings.args = Some(strings(args, file, "args")?);
    }
    if let Some(v) = map.get("output_validator_args") {
        settings.output = Some(strings(v, file, "output_validator_args")?);
    } else if let Some(v) = map.get("output_validator_flags") {
        settings.output = Some(words(v, file, "output_validator_flags")?);
    }
    if let Some(v) = map.get("input_validator_args") {
        settings.input = Some(input_args(v, file, "input_validator_args", strings)?);
    } else if let Some(v) = map.get("input_validator_flags") {
        settings.input = Some(input_args(v, file, "input_validator_flags", words)?);
    }
    if let Some(v) = map.get("answer_validator_args") {
        settings.answer = Some(input_args(v, file, "answer_validator_args", strings)?);
    }
    Ok(settings)
}

type Reader = fn(&Value, &Path, &str) -> Result<Vec<String>, TestdataError>;

/// Input validator arguments: one value for all, or a map from validator name to a value.
fn input_args(
    value: &Value,
    file: &Path,
    key: &str,
    read: Reader,
) -> Result<InputArgs, TestdataError> {
    if let Value::Mapping(map) = value {
        let mut by_name = BTreeMap::new();
        for (name, args) in map {
            let Some(name) = name.as_str() else {
                return Err(TestdataError::invalid(
                    file.display(),
                    format_args!("{key}: validator names must be text"),
                ));
            };
            by_name.insert(
                name.to_string(),
                read(args, file, &format!("{key}.{name}"))?,
            );
        }
        return Ok(InputArgs::ByName(by_name));
    }
    Ok(InputArgs::All(read(value, file, key)?))
}

/// A 2025-09 argument list: a sequence of strings (numbers are written as they read).
fn strings(value: &Value, file: &Path, key: &str) -> Result<Vec<String>, TestdataError> {
    match value {
        Value::Null => Ok(Vec::new()),
        Value::Sequence(items) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => Ok(s.clone()),
                Value::Number(n) => Ok(n.to_string()),
                Value::Bool(b) => Ok(b.to_string()),
                _ => Err(TestdataError::invalid(
                    file.display(),
                    format_args!("{key}: every argument must be a string"),
                )),
            })
            .collect(),
        Value::String(_) => Err(TestdataError::invalid(
            file.display(),
            format_args!(
                "{key} must be a list of strings ([--max, \"10\"]); a single string of flags is the legacy `{}`",
                key.replace("_args", "_flags")
            ),
        )),
        _ => Err(TestdataError::invalid(
            file.display(),
            format_args!("{key} must be a list of strings"),
        )),
    }
}

/// Legacy flags: one string split on white space.
fn words(value: &Value, file: &Path, key: &str) -> Result<Vec<String>, TestdataError> {
    match value {
        Value::Null => Ok(Vec::new()),
        Value::String(s) => Ok(s.split_whitespace().map(String::from).collect()),
        Value::Number(n) => Ok(vec![n.to_string()]),
        _ => Err(TestdataError::invalid(
            file.display(),
            format_args!("{key} must be a string of flags (\"--max 10\")"),
        )),
    }
}
