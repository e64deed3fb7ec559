//! The contest's list of problems as read: the entries of `problems.yaml` (or of `problems:` in
//! contest.yaml), each checked to name a package folder of the contest with a label of its own,
//! and every slip in the file (an unknown key, a colour YAML read as a comment, a folder
//! misspelt) named with its line. [`super::Contest::open`] decides which list is read.

use std::path::Path;

use super::{ContestProblem, default_label, folder_name, package_dirs};
use crate::error::PackageError;

/// Reads the list file `path` once: its entries (none for an empty file), refusing a file that
/// is no list, and warning about each entry's unknown keys and colours.
pub(super) fn read(path: &Path) -> Result<Vec<serde_yaml_ng::Value>, PackageError> {
    let text = crate::yaml_file::read(path)?;
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let value: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).map_err(
        PackageError::yaml(format_args!("{}: not a valid contest file", path.display())),
    )?;
    match value {
        serde_yaml_ng::Value::Sequence(entries) => {
            warn_unknown_entry_keys(path, &text, &entries);
            Ok(entries)
        }
        serde_yaml_ng::Value::Null => Ok(Vec::new()),
        // In words rather than serde's: the file is one `- id: <folder>` entry per problem.
        _ => Err(PackageError::invalid(
            path.display(),
            "problems.yaml is a list, one `- id: <folder>` entry per problem in contest order, not a mapping or a single value",
        )),
    }
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

/// The problems listed in `source`, each checked to be a package folder, and no two with one
/// label.
pub(super) fn problems(
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

/// Warns about each key of a `problems.yaml` entry that no contest system reads (`labl:`), and
/// each `rgb` that is no colour (`red`, or `#ff0000` unquoted, which YAML reads as a comment),
/// naming its line: the entry is read as if the key were not there.
fn warn_unknown_entry_keys(path: &Path, text: &str, entries: &[serde_yaml_ng::Value]) {
    let mut seen = 0;
    for entry in entries {
        let serde_yaml_ng::Value::Mapping(map) = entry else {
            continue;
        };
        for (key, value) in map.iter().filter_map(|(k, v)| Some((k.as_str()?, v))) {
            let line = key_line(text, key, &mut seen);
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
