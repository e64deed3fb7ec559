//! Test discovery: every `*.in` under `data/` with its `*.ans`, samples first, and the validator
//! arguments of `test_group.yaml` (legacy: `testdata.yaml`) files and of a test's own `.yaml`
//! (a test inherits its group's arguments, a group its parent's, unless it sets its own; see
//! [`super::test_config`]).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
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
}

impl TestCase {
    pub fn is_sample(&self) -> bool {
        self.name.starts_with("sample/")
    }
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
            let (output_flags, input_flags) = test_flags(&data, path, package)?;
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

/// The arguments for the test whose input is `input`: its own `.yaml` (2025-09) over its
/// group's. Input files for submissions (`.files`) and their arguments are refused, naming the
/// test: leapfrog cannot give them, and judging without them would be a misjudgment.
pub(crate) fn test_flags(
    data: &Path,
    input: &Path,
    package: &Package,
) -> anyhow::Result<(Vec<String>, InputArgs)> {
    let (mut output, mut input_args) =
        group_flags(data, input.parent().expect("a file has a parent"), package)?;
    for unsupported in ["files", "args"] {
        let path = input.with_extension(unsupported);
        if path.exists() {
            bail!(
                "{}: per-test {} (input files or arguments for submissions) are not supported by leapfrog",
                path.display(),
                if unsupported == "files" {
                    "`.files` folders"
                } else {
                    "`.args` files"
                }
            );
        }
    }
    let own = input.with_extension("yaml");
    if own.is_file() {
        let text =
            std::fs::read_to_string(&own).with_context(|| format!("reading {}", own.display()))?;
        let settings = test_config::parse(&text, &own, true)?;
        if let Some(o) = settings.output {
            output = o;
        }
        if let Some(i) = settings.input {
            input_args = i;
        }
    }
    Ok((output, input_args))
}

/// The flags for tests in `dir`: the nearest `test_group.yaml` (or `testdata.yaml`) from `dir`
/// up to `data/` that sets them, else problem.yaml's `validator_flags` (output) and nothing
/// (input).
pub(crate) fn group_flags(
    data: &Path,
    dir: &Path,
    package: &Package,
) -> anyhow::Result<(Vec<String>, InputArgs)> {
    group_flags_planned(data, dir, package, &std::collections::BTreeMap::new())
}

/// [`group_flags`], where `planned` (a group's path below `data/` -> the text of its
/// `test_group.yaml`) stands for files generate has not written yet.
pub(crate) fn group_flags_planned(
    data: &Path,
    dir: &Path,
    package: &Package,
    planned: &std::collections::BTreeMap<String, String>,
) -> anyhow::Result<(Vec<String>, InputArgs)> {
    let modern = package.config.format.is_modern();
    let mut output = None;
    let mut input = None;
    let mut current = Some(dir);
    while let Some(d) = current {
        let rel = d
            .strip_prefix(data)
            .unwrap_or(d)
            .to_string_lossy()
            .into_owned();
        let legacy_file = d.join("testdata.yaml");
        if modern && legacy_file.is_file() && !d.join("test_group.yaml").is_file() {
            bail!(
                "{}: problem_format_version {} reads test_group.yaml, not testdata.yaml (rename it, and write its flags as *_args lists)",
                legacy_file.display(),
                package.config.format.label()
            );
        }
        let files = [d.join("test_group.yaml"), legacy_file];
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
            let config = test_config::parse(&text, &file, false)?;
            if output.is_none() {
                output = config.output;
            }
            if input.is_none() {
                input = config.input;
            }
        }
        if d == data {
            break;
        }
        current = d.parent();
    }
    Ok((
        output.unwrap_or_else(|| package.config.validator_flags.clone()),
        input.unwrap_or_default(),
    ))
}
