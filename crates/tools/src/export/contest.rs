//! The contest files of a DOMjudge export: `contest.yaml` and `problems.yaml` next to the
//! problem folders and zips, the layout DOMjudge's `import-contest` reads (it imports
//! contest.yaml, then problems.yaml through `contests/{cid}/problems/add-data`, then zips each
//! folder `<id>/` named by a problem's `id` and uploads it as that problem).

use serde::Serialize;

use super::short_name;
use leapfrog_package::{Contest, Package};

/// A line of the exported problems.yaml.
#[derive(Debug, Serialize)]
struct Entry<'a> {
    id: String,
    label: &'a str,
    name: &'a str,
    rgb: String,
    /// The CSS name of `rgb`, when it has one in the palette (a colour of the contest's own
    /// may have none, and a name that says another colour would mislead).
    #[serde(skip_serializing_if = "Option::is_none")]
    color: Option<&'static str>,
}

/// Balloon colours given in order when the contest names none: (rgb, CSS colour name).
const PALETTE: &[(&str, &str)] = &[
    ("#ff0000", "red"),
    ("#0000ff", "blue"),
    ("#008000", "green"),
    ("#ffff00", "yellow"),
    ("#ffa500", "orange"),
    ("#800080", "purple"),
    ("#ffc0cb", "pink"),
    ("#00ffff", "cyan"),
    ("#a52a2a", "brown"),
    ("#808080", "gray"),
    ("#000000", "black"),
    ("#ffffff", "white"),
];

/// The contents of `problems.yaml` for the contest's packages (in contest order), with a note
/// for each problem the contest's list names or times otherwise than its package does (the
/// package's name and limit are the ones exported, as the problem zip carries them too).
pub fn problems_yaml(
    contest: &Contest,
    packages: &[Package],
    notes: &mut Vec<String>,
) -> anyhow::Result<String> {
    let entries: Vec<Entry> = contest
        .problems
        .iter()
        .zip(packages)
        .enumerate()
        .map(|(i, (problem, package))| {
            if let Some(listed) = &problem.name
                && listed != package.display_name()
            {
                notes.push(format!(
                    "problem {} is listed as `{}` but its problem.yaml calls it `{}`; exported as `{}`",
                    problem.id,
                    leapfrog_util::inert(listed),
                    leapfrog_util::inert(package.display_name()),
                    leapfrog_util::inert(package.display_name()),
                ));
            }
            // DOMjudge creates the problem with the list's limit, then the zip's replaces it:
            // the list's is never the one judged.
            let limit = package.config.limits.time_s.get();
            if let Some(listed) = problem.time_limit
                && (listed - limit).abs() > 1e-9
            {
                notes.push(format!(
                    "problem {} is listed with time_limit {listed} but its package's limit is {limit} s; the package's is exported and judged",
                    problem.id
                ));
            }
            let rgb = problem
                .rgb
                .clone()
                .unwrap_or_else(|| PALETTE[i % PALETTE.len()].0.to_string());
            let color = PALETTE
                .iter()
                .find(|(hex, _)| hex.eq_ignore_ascii_case(&rgb))
                .map(|(_, name)| *name);
            Entry {
                id: short_name(&package.short_name),
                label: &problem.label,
                name: package.display_name(),
                rgb,
                color,
            }
        })
        .collect();
    Ok(serde_yaml_ng::to_string(&entries)?)
}

/// The contents of `contest.yaml`: the contest's own, else a fresh one (with a note saying
/// what to set before the contest).
pub fn contest_yaml(contest: &Contest, notes: &mut Vec<String>) -> anyhow::Result<String> {
    let own = contest.root.join("contest.yaml");
    if own.is_file() {
        // The export goes to other machines: a contest.yaml linked out of the contest (to a
        // file only root may read) is refused, as a package's links out are.
        leapfrog_util::check_within(&contest.root, &own)?;
        let text = std::fs::read_to_string(&own)
            .map_err(|e| anyhow::anyhow!("reading {}: {e}", own.display()))?;
        note_missing_keys(&own, &text, notes);
        return Ok(text);
    }
    notes.push(format!(
        "{}: no contest.yaml; wrote one with a placeholder start_time and duration 5:00:00: set them before importing",
        contest.root.display()
    ));
    Ok(fresh_contest_yaml(&contest.name))
}

/// The keys DOMjudge's contest import needs, each with the older spelling it also takes:
/// without one of them it refuses the whole file ("Missing fields").
const DOMJUDGE_NEEDS: &[&[&str]] = &[
    &["id", "short-name"],
    &["name"],
    &["start_time", "start-time"],
    &["duration"],
];

/// Notes each key of [`DOMJUDGE_NEEDS`] that the contest's own contest.yaml (at `path`) lacks:
/// the export is written, but its import would stop at the first step.
fn note_missing_keys(path: &std::path::Path, text: &str, notes: &mut Vec<String>) {
    let Ok(serde_yaml_ng::Value::Mapping(map)) = serde_yaml_ng::from_str(text) else {
        return; // opening the contest has named what is wrong with the file
    };
    for spellings in DOMJUDGE_NEEDS {
        if !spellings.iter().any(|key| map.contains_key(*key)) {
            notes.push(format!(
                "{}: no `{}`, which DOMjudge's contest import needs (it refuses the file with \"Missing fields\"): add it before importing",
                path.display(),
                spellings[0]
            ));
        }
    }
}

/// A contest.yaml in the CCS format DOMjudge imports, for a contest called `name`.
pub fn fresh_contest_yaml(name: &str) -> String {
    let quoted = serde_yaml_ng::to_string(name).unwrap_or_else(|_| format!("'{name}'\n"));
    format!(
        "# The contest as DOMjudge imports it (CCS contest.yaml); set start_time before the contest.\n\
id: {}\n\
name: {}\
formal_name: {}\
start_time: 2030-01-01T10:00:00+00:00\n\
duration: 5:00:00\n\
scoreboard_freeze_duration: 1:00:00\n\
penalty_time: 20\n",
        short_name(name),
        quoted,
        quoted
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_contest_yaml_parses_with_the_keys_domjudge_reads() {
        let text = fresh_contest_yaml("Spring: Cup");
        let value: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).unwrap();
        assert_eq!(value["name"].as_str(), Some("Spring: Cup"));
        assert_eq!(value["id"].as_str(), Some("springcup"));
        assert_eq!(value["duration"].as_str(), Some("5:00:00"));
    }
}
