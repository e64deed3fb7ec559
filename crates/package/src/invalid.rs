//! The data that tests the judges' validators rather than the submissions (2025-09 and
//! BAPCtools): `data/invalid_input/` (each `.in` must be rejected by an input validator),
//! `data/invalid_answer/` (each `.ans` must be rejected when checked as an output),
//! `data/invalid_output/` (each `.out` must be rejected by the output check) and
//! `data/valid_output/` (each `.out` must be accepted by it).

use std::path::{Path, PathBuf};

use crate::error::TestdataError;
use walkdir::WalkDir;

use super::Package;
use super::test_config::InputArgs;
use crate::test_set::Groups;

/// Which folder a case comes from, and so what it must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataKind {
    InvalidInput,
    InvalidAnswer,
    InvalidOutput,
    ValidOutput,
}

impl DataKind {
    pub const ALL: [DataKind; 4] = [
        DataKind::InvalidInput,
        DataKind::InvalidAnswer,
        DataKind::InvalidOutput,
        DataKind::ValidOutput,
    ];

    /// The folder under `data/`.
    pub fn folder(self) -> &'static str {
        match self {
            DataKind::InvalidInput => "invalid_input",
            DataKind::InvalidAnswer => "invalid_answer",
            DataKind::InvalidOutput => "invalid_output",
            DataKind::ValidOutput => "valid_output",
        }
    }

    /// The files a case needs besides its `.in`.
    fn needs(self) -> &'static [&'static str] {
        match self {
            DataKind::InvalidInput => &[],
            DataKind::InvalidAnswer => &["ans"],
            DataKind::InvalidOutput | DataKind::ValidOutput => &["ans", "out"],
        }
    }
}

/// One case of validator-testing data.
#[derive(Debug, Clone)]
pub struct DataCase {
    pub kind: DataKind,
    /// The path under `data/` without extension: `invalid_input/negative`.
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
    pub output: Option<PathBuf>,
    pub output_validator_flags: Vec<String>,
    pub input_validator_flags: InputArgs,
    pub answer_validator_flags: Option<InputArgs>,
}

/// Every case of the four folders, in order of folder then name. A case missing a file it needs
/// is an error naming the file.
pub fn discover(package: &Package) -> Result<Vec<DataCase>, TestdataError> {
    let data = package.data_dir();
    let mut found = Vec::new();
    for kind in DataKind::ALL {
        let dir = data.join(kind.folder());
        if !dir.is_dir() {
            continue;
        }
        for entry in WalkDir::new(&dir).follow_links(true).sort_by_file_name() {
            let entry = entry.map_err(TestdataError::walk(&dir))?;
            let path = entry.path();
            // The link policy, as for tests ([`crate::test_set`]): nothing read from outside.
            if entry.path_is_symlink() {
                leapfrog_util::check_within(&package.root, path).map_err(TestdataError::link)?;
            }
            if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            found.push((kind, path.to_path_buf()));
        }
    }
    // The settings of their folders, each read once (and checked as the tests' are).
    let name = |input: &Path| group_name(&data, input);
    let names: Vec<String> = found.iter().map(|(_, input)| name(input)).collect();
    let groups = Groups::read(
        package,
        &Default::default(),
        names.iter().map(String::as_str),
    )?;
    let mut cases = Vec::new();
    for (kind, input) in found {
        cases.push(case(&groups, &data, kind, &input)?);
    }
    Ok(cases)
}

/// The name of the folder of `input` below `data`, with `/` separators.
fn group_name(data: &Path, input: &Path) -> String {
    let dir = input.parent().unwrap_or(input);
    let rel = dir.strip_prefix(data).unwrap_or(dir);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn case(
    groups: &Groups,
    data: &Path,
    kind: DataKind,
    input: &Path,
) -> Result<DataCase, TestdataError> {
    for ext in kind.needs() {
        let file = input.with_extension(ext);
        if !file.is_file() {
            return Err(TestdataError::invalid(
                input.display(),
                format_args!(
                    "a case of data/{} needs a .{ext} file too ({} is missing)",
                    kind.folder(),
                    file.display()
                ),
            ));
        }
    }
    let name = input
        .strip_prefix(data)
        .unwrap_or(input)
        .with_extension("")
        .to_string_lossy()
        .into_owned();
    let flags = crate::test_set::own_settings(groups, &group_name(data, input), input)?;
    let has = |ext: &str| {
        kind.needs()
            .contains(&ext)
            .then(|| input.with_extension(ext))
    };
    Ok(DataCase {
        kind,
        name,
        input: input.to_path_buf(),
        answer: has("ans"),
        output: has("out"),
        output_validator_flags: flags.output_validator_args,
        input_validator_flags: flags.input_validator_args,
        answer_validator_flags: flags.answer_validator_args,
    })
}
