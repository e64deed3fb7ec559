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

/// An entry of `problems.yaml` (or of `problems:` in contest.yaml) as read: a bare folder name,
/// or a mapping whose scalars are taken as text (`label: 3` is the label `3`, as DOMjudge takes
/// it). Unknown keys are kept by DOMjudge and ignored here.
struct Entry {
    id: Option<String>,
    label: Option<String>,
    name: Option<String>,
    rgb: Option<String>,
    time_limit: Option<f64>,
}

impl Entry {
    /// The entry `value`, or why it is none (a list where a mapping belongs, a `label` that is
    /// a list).
    fn read(value: &serde_yaml_ng::Value) -> Result<Entry, String> {
        use serde_yaml_ng::Value;
        let text = |v: &Value| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        };
        let map = match value {
            Value::Mapping(map) => map,
            other => {
                return match text(other) {
                    Some(id) => Ok(Entry {
                        id: Some(id),
                        label: None,
                        name: None,
                        rgb: None,
                        time_limit: None,
                    }),
                    None => Err("an entry is `- id: <folder>` with its keys below it".into()),
                };
            }
        };
        // The first of the spellings that is there; null counts as left out.
        let field = |keys: &[&str]| -> Result<Option<String>, String> {
            let Some((key, v)) = keys
                .iter()
                .find_map(|k| map.get(*k).filter(|v| !v.is_null()).map(|v| (*k, v)))
            else {
                return Ok(None);
            };
            text(v).map(Some).ok_or_else(|| {
                format!("`{key}` must be one value such as `B`, not a list or a mapping")
            })
        };
        Ok(Entry {
            id: field(&["id", "short-name", "short_name"])?,
            label: field(&["label", "letter"])?,
            // A name per language (2025-09: `name: {en: …}`) is compared by nobody.
            name: field(&["name"]).ok().flatten(),
            rgb: field(&["rgb"]).ok().flatten(),
            time_limit: map.get("time_limit").and_then(Value::as_f64),
        })
    }
}

/// The keys a `problems.yaml` entry may have: the CCS spec's problem set keys, and the older
/// `short-name` and `letter` that DOMjudge still reads.
const ENTRY_KEYS: &[&str] = &[
    "id",
    "uuid",
    "label",
    "name",
    "ordinal",
    "rgb",
    "color",
    "time_limit",
    "test_data_count",
    "max_score",
    "package_url",
    "statement",
    "short-name",
    "short_name",
    "letter",
];

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
        let config: ContestYaml = if contest_yaml.is_file() {
            crate::contest_yaml::check(&contest_yaml)?;
            read_yaml(&contest_yaml)?.unwrap_or_default()
        } else {
            ContestYaml::default()
        };
        let name = config.name.clone().unwrap_or_else(|| folder_name(&root));
        let problems_yaml = root.join("problems.yaml");
        let (listed, source) = if problems_yaml.is_file() {
            // Two lists of problems: one is read, and the other, edited in vain, is not.
            if config.problems.is_some() {
                let text = crate::yaml_file::read(&contest_yaml)?;
                leapfrog_util::warn(&format!(
                    "{}: `problems:` is ignored, since problems.yaml lists the contest's problems; keep one list (export copies contest.yaml, and DOMjudge's contest import adds the problems it lists too)",
                    leapfrog_util::at_key(&contest_yaml, &text, &["problems"])
                ));
            }
            refuse_unlisted_shape(&problems_yaml)?;
            warn_unknown_entry_keys(&problems_yaml)?;
            let list: Option<Vec<serde_yaml_ng::Value>> = read_yaml(&problems_yaml)?;
            (Some(list.unwrap_or_default()), problems_yaml)
        } else {
            (config.problems, contest_yaml)
        };
        let problems = match listed {
            Some(list) => {
                let problems = from_list(&root, list, &source)?;
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

/// The problems listed in `source`, each checked to be a package folder, and no two with one
/// label.
fn from_list(
    root: &Path,
    list: Vec<serde_yaml_ng::Value>,
    source: &Path,
) -> Result<Vec<ContestProblem>, PackageError> {
    let lines = entry_lines(source);
    // `problems.yaml:8` for the entry at `i`, when its line is known.
    let at = |i: usize| match lines.get(i) {
        Some(line) => format!("{}:{line}", source.display()),
        None => source.display().to_string(),
    };
    let mut problems: Vec<ContestProblem> = Vec::new();
    for (i, listed) in list.iter().enumerate() {
        let Entry {
            id,
            label,
            name,
            rgb,
            time_limit,
        } = Entry::read(listed).map_err(|why| {
            PackageError::invalid(at(i), format_args!("problem {}: {why}", i + 1))
        })?;
        let rgb = rgb.and_then(|rgb| balloon(&rgb));
        let Some(id) = id else {
            return Err(PackageError::invalid(
                at(i),
                format_args!("problem {} has no `id` (the name of its folder)", i + 1),
            ));
        };
        // The link policy: an id names a folder of the contest, never a path out of it
        // (`../../root/pkg` would be exported, world-readable, with the contest).
        let plain = match Path::new(&id).components().collect::<Vec<_>>()[..] {
            [std::path::Component::Normal(name)] => Some(name.to_string_lossy().into_owned()),
            _ => None,
        };
        // `hello/` is the folder `hello`, as a shell completes it: read as that name, so that
        // the folder is not also called unlisted.
        let Some(id) = plain else {
            return Err(PackageError::invalid(
                at(i),
                format_args!(
                    "problem `{}`: an id names a folder of the contest, not a path (no `/`, `..` or leading `/`)",
                    leapfrog_util::inert(&id)
                ),
            ));
        };
        let dir = root.join(&id);
        if !dir.join("problem.yaml").is_file() {
            let what = if dir.join("problem.yml").is_file() {
                format!(
                    "{} has no problem.yaml; problem.yml is there, but every format reads problem.yaml",
                    dir.display()
                )
            } else if dir.is_dir() {
                format!("{} has no problem.yaml", dir.display())
            } else {
                format!("there is no folder {}", dir.display())
            };
            return Err(PackageError::invalid(
                at(i),
                format_args!(
                    "problem `{}` is listed, but {what}{}",
                    leapfrog_util::inert(&id),
                    meant_folder(root, &id)
                ),
            ));
        }
        if problems.iter().any(|p| p.id == id) {
            return Err(PackageError::invalid(
                at(i),
                format_args!("problem `{id}` is listed twice"),
            ));
        }
        let label = label.unwrap_or_else(|| default_label(i));
        if label.trim().is_empty() {
            return Err(PackageError::invalid(
                at(i),
                format_args!(
                    "problem `{id}` has an empty label; give it one such as `A`, or leave the key out for the letter of its place"
                ),
            ));
        }
        // One label, two problems: the scoreboard and the balloons could not tell them apart,
        // and DOMjudge's import stops halfway, at the second.
        if let Some((j, other)) = problems.iter().enumerate().find(|(_, p)| p.label == label) {
            return Err(PackageError::invalid(
                at(i),
                format_args!(
                    "problems `{}` ({}) and `{id}` both have the label `{}`; each problem needs its own",
                    other.id,
                    at(j),
                    leapfrog_util::inert(&label)
                ),
            ));
        }
        problems.push(ContestProblem {
            id,
            label,
            dir,
            rgb,
            name,
            time_limit,
        });
    }
    Ok(problems)
}

/// The balloon colour `rgb` as `#rrggbb` (`#f00` written out), or `None` when it is not
/// written that way (`red`): BAPCtools skips such a colour too, and DOMjudge would show the text
/// as it is. `warn_unknown_entry_keys` names it with its line.
fn balloon(rgb: &str) -> Option<String> {
    let hex = rgb.trim().strip_prefix('#')?;
    let full: String = match hex.len() {
        3 => hex.chars().flat_map(|c| [c, c]).collect(),
        6 => hex.to_string(),
        _ => return None,
    };
    full.chars()
        .all(|c| c.is_ascii_hexdigit())
        .then(|| format!("#{}", full.to_ascii_lowercase()))
}

/// `; did you mean `ratio`?` when a package folder of the contest has a name close to `id`
/// (a slip of a key or two, or another case), else nothing.
fn meant_folder(root: &Path, id: &str) -> String {
    let names: Vec<String> = package_dirs(root)
        .unwrap_or_default()
        .iter()
        .map(|dir| folder_name(dir))
        .collect();
    let most = 2.min(id.chars().count().saturating_sub(1));
    match crate::nearest::nearest(id, names.iter().map(String::as_str), most) {
        Some(name) => format!("; did you mean `{}`?", leapfrog_util::inert(name)),
        None => String::new(),
    }
}

/// The line (from 1) where each entry of `problems.yaml` starts: each `-` at the outermost
/// indentation. Empty when the file cannot be read, is written otherwise (flow style) or is
/// contest.yaml (whose other lists would be counted too), so places fall back to the file.
fn entry_lines(source: &Path) -> Vec<usize> {
    if source.file_name().is_none_or(|n| n != "problems.yaml") {
        return Vec::new();
    }
    let Ok(text) = crate::yaml_file::read(source) else {
        return Vec::new();
    };
    let dashes: Vec<(usize, usize)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let bare = line.trim_start();
            let entry = bare == "-" || bare.starts_with("- ");
            entry.then(|| (i + 1, line.len() - bare.len()))
        })
        .collect();
    let Some(outer) = dashes.iter().map(|(_, indent)| *indent).min() else {
        return Vec::new();
    };
    dashes
        .into_iter()
        .filter(|(_, indent)| *indent == outer)
        .map(|(line, _)| line)
        .collect()
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

/// Warns about each key of a `problems.yaml` entry that no contest system reads (`labl:`), and
/// each `rgb` that is no colour (`red`, or `#ff0000` unquoted, which YAML reads as a comment),
/// naming its line: the entry is read as if the key were not there.
fn warn_unknown_entry_keys(path: &Path) -> Result<(), PackageError> {
    let text = crate::yaml_file::read(path)?;
    let Ok(serde_yaml_ng::Value::Sequence(entries)) = serde_yaml_ng::from_str(&text) else {
        return Ok(()); // read_yaml names what is wrong with the file itself
    };
    let mut seen = 0;
    for entry in &entries {
        let serde_yaml_ng::Value::Mapping(map) = entry else {
            continue;
        };
        for (key, value) in map.iter().filter_map(|(k, v)| Some((k.as_str()?, v))) {
            let line = key_line(&text, key, &mut seen);
            let place = match line {
                Some(n) => format!("{}:{n}", path.display()),
                None => path.display().to_string(),
            };
            // `rgb: #ff0000` unquoted is an empty value and a comment: the colour meant is lost.
            if key == "rgb" && value.is_null() {
                leapfrog_util::warn(&format!(
                    "{place}: rgb is empty, since `#` starts a YAML comment; write the colour in quotes, such as rgb: '#ff0000'"
                ));
            }
            if let (true, Some(rgb)) = (key == "rgb", value.as_str())
                && balloon(rgb).is_none()
            {
                leapfrog_util::warn(&format!(
                    "{place}: rgb `{}` is not a colour written '#rrggbb' (such as '#ff0000'); ignored, so the balloon gets a colour of its own",
                    leapfrog_util::inert(rgb)
                ));
            }
            if ENTRY_KEYS.contains(&key) {
                continue;
            }
            leapfrog_util::warn(&format!(
                "{place}: unknown key `{key}` in a problem entry is ignored (known keys: {})",
                ENTRY_KEYS.join(", ")
            ));
        }
    }
    Ok(())
}

/// Refuses a `problems.yaml` that is not a list (`hello: {label: A}`), in words rather than
/// serde's: the file is one `- id: <folder>` entry per problem.
fn refuse_unlisted_shape(path: &Path) -> Result<(), PackageError> {
    let text = crate::yaml_file::read(path)?;
    match serde_yaml_ng::from_str::<serde_yaml_ng::Value>(&text) {
        Ok(serde_yaml_ng::Value::Sequence(_) | serde_yaml_ng::Value::Null) | Err(_) => Ok(()),
        Ok(_) => Err(PackageError::invalid(
            path.display(),
            "problems.yaml is a list, one `- id: <folder>` entry per problem in contest order, not a mapping or a single value",
        )),
    }
}

/// The line (from 1) of the next `key:` of a list entry in `text` after line `seen`, which it
/// moves past the line found.
fn key_line(text: &str, key: &str, seen: &mut usize) -> Option<usize> {
    let found = text.lines().enumerate().skip(*seen).find(|(_, line)| {
        let bare = line.trim_start().trim_start_matches('-').trim_start();
        let bare = bare.trim_start_matches(['"', '\'']);
        bare.strip_prefix(key)
            .map(|rest| rest.trim_start_matches(['"', '\'']).trim_start())
            .is_some_and(|rest| rest.starts_with(':'))
    })?;
    *seen = found.0 + 1;
    Some(found.0 + 1)
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

/// Reads a YAML file; `None` for an empty one.
fn read_yaml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Option<T>, PackageError> {
    let text = crate::yaml_file::read(path)?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_yaml_ng::from_str(&text)
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
    fn entries_start_at_their_outermost_dash() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("problems.yaml");
        std::fs::write(
            &file,
            "# the problems\n- id: a\n  name:\n    - x\n-\n  id: b\n",
        )
        .unwrap();
        assert_eq!(entry_lines(&file), [2, 5]);
        let other = dir.path().join("contest.yaml");
        std::fs::write(&other, "problems:\n  - id: a\n").unwrap();
        assert!(entry_lines(&other).is_empty());
    }

    #[test]
    fn the_line_of_each_entry_key_in_turn() {
        let text = "- id: a\n  labl: A\n- id: b\n  labl: B\n";
        let mut seen = 0;
        assert_eq!(key_line(text, "id", &mut seen), Some(1));
        assert_eq!(key_line(text, "labl", &mut seen), Some(2));
        assert_eq!(key_line(text, "id", &mut seen), Some(3));
        assert_eq!(key_line(text, "labl", &mut seen), Some(4));
    }

    #[test]
    fn balloon_colours_are_written_out_as_rrggbb() {
        assert_eq!(balloon("#F00").as_deref(), Some("#ff0000"));
        assert_eq!(balloon("#00ff00").as_deref(), Some("#00ff00"));
        for bad in ["red", "00ff00", "#0f", "#ggg", "#00ff00ff", ""] {
            assert_eq!(balloon(bad), None, "{bad}");
        }
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
