//! Submissions under `submissions/<folder>/` and what each is expected to get: the rule of its
//! folder (the 2025-09 format's defaults, plus leapfrog's `memory_limit_exceeded` and
//! `output_limit_exceeded`), the rules of `submissions/submissions.yaml` whose globs match it,
//! and DOMjudge's `@EXPECTED_RESULTS@:` line in its source, which replaces the rule of any
//! folder but the four legacy ones (where it is ignored with a warning, as BAPCtools does).

mod domjudge;
pub mod expectation;
mod final_results;
mod yaml;

#[cfg(test)]
mod tests;

use crate::SubmissionsError;
use std::path::{Path, PathBuf};

pub use expectation::{Expectation, Rule, TestScope, TimeLimitUse, VerdictSet};
pub use final_results::folder_results;

/// Verdict names of the format, or none (the key is not set).
type Names = Option<&'static [&'static str]>;

/// The folders the formats define, with their rules as (permitted, required) in the format's
/// verdict names; the last two are leapfrog's own, `partially_accepted` the legacy format's.
const FOLDERS: &[(&str, Names, Names)] = &[
    ("accepted", Some(&["AC"]), None),
    ("rejected", None, Some(&["RTE", "TLE", "WA"])),
    ("wrong_answer", Some(&["AC", "WA"]), Some(&["WA"])),
    ("time_limit_exceeded", Some(&["AC", "TLE"]), Some(&["TLE"])),
    ("run_time_error", Some(&["AC", "RTE"]), Some(&["RTE"])),
    (
        "brute_force",
        Some(&["AC", "RTE", "TLE"]),
        Some(&["RTE", "TLE"]),
    ),
    // The legacy format's: accepted with less than the full score, which verify checks on the
    // submission's final verdict and score (see `verify`'s score check), not test by test.
    ("partially_accepted", None, None),
    ("memory_limit_exceeded", None, Some(&["MLE"])),
    ("output_limit_exceeded", None, Some(&["OLE"])),
];

/// The folders of the legacy format (and leapfrog's two), which export keeps.
pub const LEGACY_FOLDERS: [&str; 6] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "memory_limit_exceeded",
    "output_limit_exceeded",
];

/// The folders where a DOMjudge `@EXPECTED_RESULTS@:` line is ignored, as BAPCtools ignores it:
/// their own rule says what a submission there must get.
const DOMJUDGE_IGNORED: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

/// One program under `submissions/`.
#[derive(Debug, Clone)]
pub struct Submission {
    pub path: PathBuf,
    /// The path below `submissions/`: `accepted/sol.rs`.
    pub rel: String,
    pub expectation: Expectation,
    /// `language` from submissions.yaml, when set.
    pub language: Option<String>,
    /// `entrypoint` from submissions.yaml, when set.
    pub entrypoint: Option<String>,
    /// Whether a submissions.yaml entry names it: then what it must get is what the entries
    /// say, and no folder's unwritten convention adds to it.
    pub listed: bool,
}

impl Submission {
    /// `accepted/sol.rs`: the path below `submissions/`.
    pub fn display_name(&self) -> String {
        self.rel.clone()
    }

    /// Whether it must be accepted on every test.
    pub fn is_accepted(&self) -> bool {
        self.expectation.must_pass_everything()
    }
}

fn spec_set(names: &[&str]) -> VerdictSet {
    let mut set = VerdictSet::default();
    for name in names {
        set.add_spec_name(name).expect("a known verdict");
    }
    set
}

/// The rule of a folder the formats define, changed key by key by a submissions.yaml entry
/// named exactly like the folder.
fn folder_rule(folder: &str, entries: &[yaml::Entry]) -> Option<Rule> {
    let (_, permitted, required) = FOLDERS.iter().find(|(name, ..)| *name == folder)?;
    let mut rule = Rule {
        origin: format!("folder {folder}"),
        tests: TestScope::All,
        permitted: permitted.map(spec_set),
        required: required.map(spec_set),
        message: None,
        time_limit_use: None,
    };
    let over = entries
        .iter()
        .find(|e| e.pattern == folder)
        .and_then(|e| e.rules.first())
        .filter(|r| matches!(r.tests, TestScope::All));
    if let Some(over) = over {
        rule.origin = format!("folder {folder} (as changed by submissions.yaml)");
        rule.permitted = over.permitted.or(rule.permitted);
        rule.required = over.required.or(rule.required);
        rule.message = over.message.clone();
        rule.time_limit_use = over.time_limit_use;
    }
    Some(rule)
}

/// Every entry of every folder under `submissions/`, switched-off files included (`verify`
/// lists those as ignored, so that a setter sees what the judge left out), each with what it is
/// expected to get (possibly nothing, for a folder no rule names).
pub(super) fn discover(dir: &Path) -> Result<Vec<Submission>, SubmissionsError> {
    let entries = yaml::load(&dir.join("submissions.yaml"))?;
    let mut found = Vec::new();
    for folder in super::entries_in(dir)? {
        if !folder.is_dir() {
            continue;
        }
        let folder_name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for path in super::entries_in(&folder)? {
            let file = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let rel = format!("{folder_name}/{file}");
            let mut expectation = Expectation::default();
            let listed = match crate::lang::switched_off(&path) {
                Some(_) => None,
                None => domjudge::expected_results(&path)?,
            };
            match listed {
                // BAPCtools' rule: the line counts only outside the four legacy folders, whose
                // own rule wins (DOMjudge issue 1861); there it is ignored with a warning.
                Some((place, _)) if DOMJUDGE_IGNORED.contains(&folder_name.as_str()) => {
                    leapfrog_util::warn(&format!(
                        "{place} is ignored: a submission in {folder_name}/ is judged by its folder's rule, as BAPCtools judges it"
                    ));
                    expectation
                        .rules
                        .extend(folder_rule(&folder_name, &entries));
                }
                Some(found) => expectation.final_verdicts = Some(found),
                None => expectation
                    .rules
                    .extend(folder_rule(&folder_name, &entries)),
            }
            let (mut language, mut entrypoint, mut listed) = (None, None, false);
            for entry in entries.iter().filter(|e| e.matches(&rel)) {
                listed = true;
                // An entry named like a default folder changed that folder's rule above.
                let own = FOLDERS.iter().any(|(name, ..)| *name == entry.pattern);
                let skip = usize::from(
                    own && matches!(entry.rules.first(), Some(r) if matches!(r.tests, TestScope::All)),
                );
                expectation
                    .rules
                    .extend(entry.rules.iter().skip(skip).cloned());
                if entry.score.is_some() {
                    expectation.score = entry.score.clone();
                }
                if entry.language.is_some() {
                    language = entry.language.clone();
                }
                if entry.entrypoint.is_some() {
                    entrypoint = entry.entrypoint.clone();
                }
            }
            found.push(Submission {
                path,
                rel,
                expectation,
                language,
                entrypoint,
                listed,
            });
        }
    }
    warn_unmatched(&dir.join("submissions.yaml"), &entries, &found);
    found.sort_by_key(|s| (folder_rank(&s.rel), s.rel.clone()));
    Ok(found)
}

/// Warns about each submissions.yaml glob that matches no submission: a misspelt name
/// (`acepted/*`) would otherwise leave the expectation it sets unused without a word.
fn warn_unmatched(path: &Path, entries: &[yaml::Entry], found: &[Submission]) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    for entry in entries {
        if !found.iter().any(|s| entry.matches(&s.rel)) {
            leapfrog_util::warn(&format!(
                "{}: the glob `{}` matches no file under submissions/, so what it sets is not used",
                leapfrog_util::at_key(path, &text, &[&entry.pattern]),
                entry.pattern
            ));
        }
    }
}

/// The folder a setter most likely meant by `folder`, one no format defines: a slip of a key or
/// two (`acepted`), another case or dash (`Wrong-Answer`), or a verdict's short name (`tle`).
/// Without it, the submissions there have no expectation and are not judged, so `verify` would
/// pass a package whose accepted solution lies in `acepted/` without judging it.
pub fn meant_folder(folder: &str) -> Option<&'static str> {
    if FOLDERS.iter().any(|(name, ..)| *name == folder) {
        return None;
    }
    let folded = folder.to_ascii_lowercase().replace(['-', ' '], "_");
    let short = match folded.as_str() {
        "ac" => Some("accepted"),
        "wa" => Some("wrong_answer"),
        "tle" => Some("time_limit_exceeded"),
        "rte" | "re" => Some("run_time_error"),
        "mle" => Some("memory_limit_exceeded"),
        "ole" => Some("output_limit_exceeded"),
        _ => None,
    };
    if short.is_some() {
        return short;
    }
    crate::nearest::nearest(&folded, FOLDERS.iter().map(|(name, ..)| *name), 2)
}

/// Default folders first, in the table's order, then the others by name.
fn folder_rank(rel: &str) -> usize {
    let folder = rel.split('/').next().unwrap_or("");
    FOLDERS
        .iter()
        .position(|(name, ..)| *name == folder)
        .unwrap_or(FOLDERS.len())
}
