//! Contest folders: a folder whose subfolders are problem packages, as BAPCtools and DOMjudge's
//! `import-contest` lay them out.
//!
//! ```text
//! contest/
//!   contest.yaml     name, start time, duration … (the CCS contest.yaml); optional
//!   problems.yaml    the problems in order: `- id: <folder>  label: A  name: …  rgb: '#…'`
//!   <id>/problem.yaml
//! ```
//! The order and labels come from `problems.yaml` (DOMjudge's and the 2025-09 format's
//! convention), else from a `problems:` list in `contest.yaml` (the older `problemset.yaml`
//! shape: `short-name` and `letter` or `label`), else the subfolders in name order, labelled
//! A, B, C … A folder is a contest when it has no `problem.yaml` itself and either one of these
//! files or at least one subfolder with a `problem.yaml`.

use std::path::{Path, PathBuf};

mod list;

use crate::error::PackageError;
use serde::{Deserialize, Serialize};

/// One problem of a contest, in contest order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContestProblem {
    /// The problem's folder name (DOMjudge's problem id).
    pub id: String,
    /// Its label on the scoreboard: `A`, `B` …
    pub label: String,
    /// The package folder.
    #[serde(skip)]
    pub dir: PathBuf,
    /// The balloon colour, when the contest gives one (`#rrggbb`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rgb: Option<String>,
    /// The name the list gives the problem, when it gives one (the package's own is the one
    /// exported).
    #[serde(skip)]
    pub name: Option<String>,
    /// The time limit the list gives the problem, in seconds, when it gives one (the
    /// package's own is the one judged and exported).
    #[serde(skip)]
    pub time_limit: Option<f64>,
}

/// An opened contest folder.
#[derive(Debug, Clone)]
pub struct Contest {
    pub root: PathBuf,
    /// `name` from contest.yaml, or the folder's name.
    pub name: String,
    pub problems: Vec<ContestProblem>,
}

#[derive(Debug, Deserialize, Default)]
struct ContestYaml {
    name: Option<String>,
    problems: Option<Vec<serde_yaml_ng::Value>>,
}

impl Contest {
    /// Whether `dir` is a contest folder (see the module documentation).
    pub fn is_contest(dir: &Path) -> bool {
        if !dir.is_dir() || dir.join("problem.yaml").exists() {
            return false;
        }
        dir.join("problems.yaml").is_file()
            || dir.join("contest.yaml").is_file()
            || !package_dirs(dir).unwrap_or_default().is_empty()
    }

    /// Opens the contest folder `root`.
    pub fn open(root: &Path) -> Result<Contest, PackageError> {
        let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        let contest_yaml = root.join("contest.yaml");
        // A contest's own files are read by the link policy too: a contest.yaml linked to a
        // root-only file would otherwise be quoted in the parse error, or exported.
        for file in [&contest_yaml, &root.join("problems.yaml")] {
            leapfrog_util::check_within(&root, file).map_err(PackageError::link)?;
        }
        let (config, text): (ContestYaml, String) = if contest_yaml.is_file() {
            let text = crate::contest_yaml::check(&contest_yaml)?;
            (parse_yaml(&contest_yaml, &text)?.unwrap_or_default(), text)
        } else {
            Default::default()
        };
        let name = config.name.clone().unwrap_or_else(|| folder_name(&root));
        let problems_yaml = root.join("problems.yaml");
        let (listed, source) = if problems_yaml.is_file() {
            // Two lists of problems: one is read, and the other, edited in vain, is not.
            if config.problems.is_some() {
                leapfrog_util::warn(&format!(
                    "{}: `problems:` is ignored, since problems.yaml lists the contest's problems; keep one list (export copies contest.yaml, and DOMjudge's contest import adds the problems it lists too)",
                    leapfrog_util::at_key(&contest_yaml, &text, &["problems"])
                ));
            }
            (Some(list::read(&problems_yaml)?), problems_yaml)
        } else {
            (config.problems, contest_yaml)
        };
        let problems = match listed {
            Some(list) => {
                let problems = list::problems(&root, list, &source)?;
                warn_unlisted(&root, &problems, &source)?;
                // An empty list beside packages is a contest of nothing: the error names the
                // list, not the folders (the warnings above name those).
                if problems.is_empty() && !package_dirs(&root)?.is_empty() {
                    return Err(PackageError::invalid(
                        source.display(),
                        "lists no problems; add `- id: <folder>` for each problem of the contest",
                    ));
                }
                problems
            }
            None => package_dirs(&root)?
                .into_iter()
                .enumerate()
                .map(|(i, dir)| ContestProblem {
                    id: folder_name(&dir),
                    label: default_label(i),
                    dir,
                    rgb: None,
                    name: None,
                    time_limit: None,
                })
                .collect(),
        };
        if problems.is_empty() {
            return Err(PackageError::invalid(
                root.display(),
                format_args!("a contest folder with no problems (no subfolder has a problem.yaml)"),
            ));
        }
        Ok(Contest {
            root,
            name,
            problems,
        })
    }

    /// The labelled name of a problem for tables: `A frogs`.
    pub fn title(problem: &ContestProblem) -> String {
        format!("{} {}", problem.label, problem.id)
    }
}

/// Warns about each package folder of the contest that the list leaves out: it would be left
/// out of verify, status and export without a word.
fn warn_unlisted(
    root: &Path,
    problems: &[ContestProblem],
    source: &Path,
) -> Result<(), PackageError> {
    for dir in package_dirs(root)? {
        let id = folder_name(&dir);
        if !problems.iter().any(|p| p.id == id) {
            leapfrog_util::warn(&format!(
                "{}: the problem folder `{id}` is not listed, so it is left out of the contest (add `- id: {id}` to list it)",
                source.display()
            ));
        }
    }
    Ok(())
}

/// The subfolders of `root` that hold a `problem.yaml`, by name.
pub fn package_dirs(root: &Path) -> Result<Vec<PathBuf>, PackageError> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .map_err(PackageError::io("reading", root))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("problem.yaml").is_file())
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// `A` … `Z`, then `AA`, `AB` … as spreadsheets count.
pub fn default_label(index: usize) -> String {
    let letter = |n: usize| char::from(b'A' + (n % 26) as u8);
    if index < 26 {
        letter(index).to_string()
    } else {
        format!("{}{}", letter(index / 26 - 1), letter(index))
    }
}

fn folder_name(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string())
}

/// Parses `text`, the YAML file at `path`; `None` for an empty one.
fn parse_yaml<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
) -> Result<Option<T>, PackageError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_yaml_ng::from_str(text)
        .map(Some)
        .map_err(PackageError::yaml(format_args!(
            "{}: not a valid contest file",
            path.display()
        )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(root: &Path, name: &str) {
        std::fs::create_dir_all(root.join(name)).unwrap();
        std::fs::write(root.join(name).join("problem.yaml"), "name: x\n").unwrap();
    }

    #[test]
    fn labels_count_like_spreadsheet_columns() {
        assert_eq!(default_label(0), "A");
        assert_eq!(default_label(25), "Z");
        assert_eq!(default_label(26), "AA");
        assert_eq!(default_label(27), "AB");
    }

    #[test]
    fn order_and_labels_come_from_problems_yaml() {
        let dir = tempfile::tempdir().unwrap();
        package(dir.path(), "alpha");
        package(dir.path(), "beta");
        std::fs::write(
            dir.path().join("problems.yaml"),
            "- id: beta\n  label: X\n  rgb: '#ff0000'\n- id: alpha\n",
        )
        .unwrap();
        assert!(Contest::is_contest(dir.path()));
        let contest = Contest::open(dir.path()).unwrap();
        let got: Vec<(&str, &str)> = contest
            .problems
            .iter()
            .map(|p| (p.id.as_str(), p.label.as_str()))
            .collect();
        assert_eq!(got, [("beta", "X"), ("alpha", "B")]);
    }

    #[test]
    fn without_lists_the_folders_go_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        package(dir.path(), "b");
        package(dir.path(), "a");
        let contest = Contest::open(dir.path()).unwrap();
        assert_eq!(contest.problems[0].id, "a");
        assert_eq!(contest.problems[1].label, "B");
        assert!(!Contest::is_contest(&dir.path().join("a")));
    }

    #[test]
    fn an_empty_list_beside_packages_is_named_as_the_fault() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("problems.yaml"), "# none yet\n").unwrap();
        let err = crate::error::chain(&Contest::open(dir.path()).unwrap_err());
        assert!(err.contains("no subfolder has a problem.yaml"), "{err}");
        package(dir.path(), "a");
        let err = crate::error::chain(&Contest::open(dir.path()).unwrap_err());
        assert!(
            err.contains("problems.yaml: lists no problems; add `- id: <folder>`"),
            "{err}"
        );
    }

    #[test]
    fn a_listed_problem_without_a_package_is_an_error_naming_both() {
        let dir = tempfile::tempdir().unwrap();
        package(dir.path(), "a");
        std::fs::write(dir.path().join("problems.yaml"), "- id: a\n- id: gone\n").unwrap();
        let err = crate::error::chain(&Contest::open(dir.path()).unwrap_err());
        assert!(
            err.contains("problems.yaml") && err.contains("`gone`"),
            "{err}"
        );
    }
}
