//! Test discovery: every `*.in` under `data/` with its `*.ans`, samples first, and the validator
//! flags of `testdata.yaml` files (a group inherits its parent's flags unless it sets its own).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;
use walkdir::WalkDir;

use super::Package;

/// One test: an input and the judges' answer.
#[derive(Debug, Clone)]
pub struct TestCase {
    /// The path under `data/` without extension, with `/` separators: `sample/1`,
    /// `secret/unique/03-small`.
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
    /// Output validator flags: problem.yaml's, or those of the nearest `testdata.yaml`.
    pub output_validator_flags: Vec<String>,
    /// Input validator flags from the nearest `testdata.yaml`.
    pub input_validator_flags: Vec<String>,
}

impl TestCase {
    pub fn is_sample(&self) -> bool {
        self.name.starts_with("sample/")
    }
}

#[derive(Debug, Default, Deserialize)]
struct GroupConfig {
    output_validator_flags: Option<String>,
    input_validator_flags: Option<String>,
}

pub(super) fn discover(package: &Package) -> anyhow::Result<Vec<TestCase>> {
    let data = package.data_dir();
    if !data.is_dir() {
        bail!(
            "{}: no test data (the data/ directory is missing)",
            data.display()
        );
    }
    let mut tests = Vec::new();
    for group in ["sample", "secret"] {
        let dir = data.join(group);
        if !dir.is_dir() {
            continue;
        }
        let walker = WalkDir::new(&dir).follow_links(true).sort_by_file_name();
        let mut group_tests = Vec::new();
        for entry in walker {
            let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
            let path = entry.path();
            if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let answer = path.with_extension("ans");
            if !answer.is_file() {
                bail!(
                    "{}: test input has no answer file {}",
                    path.display(),
                    answer.display()
                );
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
            let (output_flags, input_flags) =
                group_flags(&data, path.parent().expect("a file has a parent"), package)?;
            group_tests.push(TestCase {
                name,
                input: path.to_path_buf(),
                answer,
                output_validator_flags: output_flags,
                input_validator_flags: input_flags,
            });
        }
        group_tests.sort_by(|a, b| a.name.cmp(&b.name));
        tests.extend(group_tests);
    }
    if tests.is_empty() {
        bail!(
            "{}: no test cases (no data/sample/*.in or data/secret/**/*.in)",
            data.display()
        );
    }
    Ok(tests)
}

/// The flags for tests in `dir`: the nearest `test_group.yaml` (or `testdata.yaml`) from `dir`
/// up to `data/` that sets them, else problem.yaml's `validator_flags` (output) and nothing
/// (input).
pub(crate) fn group_flags(
    data: &Path,
    dir: &Path,
    package: &Package,
) -> anyhow::Result<(Vec<String>, Vec<String>)> {
    group_flags_planned(data, dir, package, &std::collections::BTreeMap::new())
}

/// [`group_flags`], where `planned` (a group's path below `data/` -> the text of its
/// `test_group.yaml`) stands for files generate has not written yet.
pub(crate) fn group_flags_planned(
    data: &Path,
    dir: &Path,
    package: &Package,
    planned: &std::collections::BTreeMap<String, String>,
) -> anyhow::Result<(Vec<String>, Vec<String>)> {
    let mut output = None;
    let mut input = None;
    let mut current = Some(dir);
    while let Some(d) = current {
        let rel = d
            .strip_prefix(data)
            .unwrap_or(d)
            .to_string_lossy()
            .into_owned();
        let files = [d.join("test_group.yaml"), d.join("testdata.yaml")];
        let found = match planned.get(&rel) {
            Some(text) => Some((d.join("test_group.yaml"), text.clone())),
            None => match files.iter().find(|f| f.is_file()) {
                Some(file) => Some((
                    file.clone(),
                    std::fs::read_to_string(file)
                        .with_context(|| format!("reading {}", file.display()))?,
                )),
                None => None,
            },
        };
        if let Some((file, text)) = found {
            let config: GroupConfig = if text.trim().is_empty() {
                GroupConfig::default()
            } else {
                serde_yaml_ng::from_str(&text).with_context(|| file.display().to_string())?
            };
            if output.is_none() {
                output = config.output_validator_flags;
            }
            if input.is_none() {
                input = config.input_validator_flags;
            }
        }
        if d == data {
            break;
        }
        current = d.parent();
    }
    let split = |s: String| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    Ok((
        output
            .map(split)
            .unwrap_or_else(|| package.config.validator_flags.clone()),
        input.map(split).unwrap_or_default(),
    ))
}
