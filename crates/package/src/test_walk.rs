//! Finding a package's tests on disk: the walk of `data/sample` and `data/secret` that turns
//! files into tests (an input with its answer, named by its path below `data/`), refusing what
//! would otherwise lose a test without a word (an answer whose input is misnamed, an input
//! without its answer) and every link that leads out of the package. What settings each test
//! gets is `test_set`'s business: it reads the groups of the tests found here.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::Package;
use crate::error::TestdataError;

/// A test as found: its name below `data/`, its input and its answer.
pub(crate) type Found = (String, PathBuf, PathBuf);

/// Every test of `data/sample` and `data/secret`, in name order: its name below `data/`, its
/// input and its answer. Fails when there is none.
pub(crate) fn tests_on_disk(package: &Package) -> Result<Vec<Found>, TestdataError> {
    let data = package.data_dir();
    if !data.is_dir() {
        return Err(TestdataError::invalid(
            data.display(),
            format_args!("no test data (the data/ directory is missing)"),
        ));
    }
    leapfrog_util::check_within(&package.root, &data).map_err(TestdataError::link)?;
    let mut found = Vec::new();
    let mut interaction = None;
    for group in ["sample", "secret"] {
        let dir = data.join(group);
        if dir.is_dir() {
            found.extend(walk_group(package, &data, &dir, &mut interaction)?);
        }
    }
    let config = &package.config;
    if let Some(hint) =
        interaction.and_then(|f| config.kind.interaction_hint(&f, config.format.is_modern()))
    {
        leapfrog_util::warn(&hint);
    }
    if found.is_empty() {
        return Err(TestdataError::invalid(
            data.display(),
            format_args!("no test cases (no data/sample/*.in or data/secret/**/*.in)"),
        ));
    }
    Ok(found)
}

/// The tests below `dir` (`data/sample` or `data/secret`), in name order; notes the first
/// `.interaction` file in `interaction`.
fn walk_group(
    package: &Package,
    data: &Path,
    dir: &Path,
    interaction: &mut Option<PathBuf>,
) -> Result<Vec<Found>, TestdataError> {
    // A test's `.files` folder holds its files, never tests.
    let walker = WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            !(e.file_type().is_dir() && e.path().extension() == Some("files".as_ref()))
        });
    let mut tests = Vec::new();
    for entry in walker {
        let entry = entry.map_err(TestdataError::walk(dir))?;
        let path = entry.path();
        // The link policy: checked before the walk goes into a folder the link leads to.
        if entry.path_is_symlink() {
            leapfrog_util::check_within(&package.root, path).map_err(TestdataError::link)?;
        }
        if !entry.file_type().is_file() {
            continue;
        }
        let extension = path.extension().and_then(|e| e.to_str());
        match extension {
            Some("ans") => check_answer_has_input(path)?,
            Some("interaction") if interaction.is_none() => *interaction = Some(path.to_path_buf()),
            Some("in") => tests.push(test_of(package, data, path)?),
            _ => {}
        }
    }
    tests.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(tests)
}

/// A misnamed test (`1.ans` beside `01.in`) must not silently disappear: an answer file
/// needs its input.
fn check_answer_has_input(answer: &Path) -> Result<(), TestdataError> {
    let input = answer.with_extension("in");
    if input.is_file() {
        return Ok(());
    }
    // A link to nowhere is there, but not a test input: say so, not "rename".
    let why = match leapfrog_util::dangling_link(&input) {
        Some(to) => format!(
            "its test input {} is a link to {}, which does not exist",
            input.display(),
            to.display()
        ),
        None => format!(
            "answer file has no test input {} (rename one so the two match)",
            input.display()
        ),
    };
    Err(TestdataError::invalid(answer.display(), why))
}

/// The test whose input is `input`: its name below `data/` and its answer, which must exist
/// inside the package.
fn test_of(package: &Package, data: &Path, input: &Path) -> Result<Found, TestdataError> {
    let answer = input.with_extension("ans");
    leapfrog_util::check_within(&package.root, &answer).map_err(TestdataError::link)?;
    if !answer.is_file() {
        let out_hint = match input.with_extension("out").is_file() {
            true => " (a .out file is there, but every format reads answers from .ans)",
            false => "",
        };
        return Err(TestdataError::invalid(
            input.display(),
            format_args!(
                "test input has no answer file {}{out_hint}",
                answer.display()
            ),
        ));
    }
    let rel = input
        .strip_prefix(data)
        .expect("walked below data/")
        .with_extension("");
    let name = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    Ok((name, input.to_path_buf(), answer))
}
