//! `leapfrog new problem NAME` and `leapfrog new contest NAME`: start a package that verifies at
//! once (see `templates`), or a contest folder. Like `cargo new`, nothing existing is ever
//! overwritten: the folder is built beside its place and renamed into it. A problem made inside
//! a contest folder (one with problems.yaml or contest.yaml) is added to its problems.yaml.

mod templates;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand, ValueEnum};

pub use templates::{Kind, Lang};

#[derive(Debug, Args)]
#[command(after_help = super::help::after_help(
    &[
        "leapfrog new contest spring",
        "cd spring && leapfrog new problem hello --lang cpp",
        "leapfrog new problem guess --type interactive --lang java",
        "leapfrog verify spring",
    ],
    "Types: pass-fail (the sum of two integers), float (a pass-fail problem whose answer is a \
real number, checked with output_validator_args [float_tolerance, 1e-6] in data/test_group.yaml), \
interactive (guess a number; an interactor in output_validator/), multi-pass (two runs; the \
output validator writes the second run's input) and scoring (two test groups, a point a test). \
Each comes with an accepted and a wrong submission and verifies as it is.",
    "0 made, 2 the folder exists or cannot be written",
))]
pub struct NewArgs {
    #[command(subcommand)]
    pub what: What,
}

#[derive(Debug, Subcommand)]
pub enum What {
    /// A problem package (2025-09): problem.yaml, statement, a sample, an input validator, a
    /// seeded generator with generators.yaml, an accepted and a wrong submission, and the output
    /// validator or interactor its type needs.
    Problem {
        /// The folder to create; its last part is the problem's short name ([a-z0-9_-]).
        name: PathBuf,
        /// The language of the programs: validators, generator and submissions.
        #[arg(long, value_enum, default_value_t = Lang::Python)]
        lang: Lang,
        /// The kind of problem; `float` is a pass-fail problem with a real-number answer.
        #[arg(long = "type", value_enum, default_value_t = Kind::PassFail)]
        kind: Kind,
    },
    /// A contest folder: contest.yaml and problems.yaml, to add problems to with `new problem`.
    Contest {
        /// The folder to create.
        name: PathBuf,
    },
}

pub fn run(args: NewArgs) -> anyhow::Result<ExitCode> {
    match args.what {
        What::Problem { name, lang, kind } => new_problem(&name, lang, kind),
        What::Contest { name } => new_contest(&name),
    }
}

/// The short name of the folder `path`, checked: problemtools and DOMjudge want short names of
/// lower-case letters and digits (`-` and `_` are kept here and dropped on export).
fn short_name(path: &Path) -> anyhow::Result<String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .with_context(|| format!("{}: give a folder name", path.display()))?;
    let ok = name.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !ok {
        bail!(
            "{name}: a short name is lower-case letters, digits, `-` and `_` (problemtools and DOMjudge use it as the problem's id); try {}",
            crate::export::short_name(&name)
        );
    }
    Ok(name)
}

/// Refuses an existing destination, as `cargo new` does.
fn refuse_existing(path: &Path) -> anyhow::Result<()> {
    if path.exists() || path.is_symlink() {
        bail!(
            "{}: already exists; `new` never overwrites anything (pick another name or remove it)",
            path.display()
        );
    }
    Ok(())
}

/// Builds a folder beside `dest` with `files` (relative path, contents) and renames it into
/// place, so `dest` is either complete or absent.
fn write_folder(dest: &Path, files: &[(String, String)]) -> anyhow::Result<()> {
    let staging = leapfrog_util::staging_dir_for(&absolute(dest)?)?;
    for (rel, text) in files {
        let path = staging.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755))?;
    }
    refuse_existing(dest)?;
    let built = staging.keep();
    std::fs::rename(&built, dest).map_err(|err| {
        let _ = std::fs::remove_dir_all(&built);
        anyhow::anyhow!("creating {}: {err}", dest.display())
    })
}

fn absolute(path: &Path) -> anyhow::Result<PathBuf> {
    Ok(if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    })
}

/// `two-sum_x` → `Two Sum X`.
fn title(name: &str) -> String {
    name.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A fresh version-4-shaped UUID, as 2025-09's `uuid` key wants: the hash of the name, the
/// clock and the process (unique, which is all the key asks; no secret rests on it).
fn uuid(name: &str) -> String {
    use sha2::Digest;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let seed = format!("{name}:{now}:{}", std::process::id());
    leapfrog_util::uuid_text(&sha2::Sha256::digest(seed.as_bytes()), 4)
}

fn new_problem(dest: &Path, lang: Lang, kind: Kind) -> anyhow::Result<ExitCode> {
    let name = short_name(dest)?;
    refuse_existing(dest)?;
    let contest = contest_of(dest);
    let ext = lang.extension();
    let files = templates::files(kind, lang, &title(&name), &uuid(&name));
    write_folder(dest, &files)?;
    leapfrog_util::outln!(
        "created problem {name} in {} ({}, {ext} programs)",
        dest.display(),
        kind.to_possible_value()
            .map_or(String::new(), |v| v.get_name().to_string()),
    );
    if let Some(contest) = contest {
        let label = add_to_contest(&contest, &name)?;
        leapfrog_util::outln!(
            "added {name} to {} as problem {label}",
            contest.join("problems.yaml").display()
        );
    }
    leapfrog_util::outln!(
        "next: write the statement and programs, then `leapfrog verify {}` (it generates data/secret first)",
        dest.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The contest folder a new problem at `dest` goes into, if its parent is one.
fn contest_of(dest: &Path) -> Option<PathBuf> {
    let parent = match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    (parent.join("problems.yaml").is_file() || parent.join("contest.yaml").is_file())
        .then_some(parent)
}

/// Appends the problem to the contest's problems.yaml (kept as written: comments and all);
/// returns its label.
fn add_to_contest(contest: &Path, name: &str) -> anyhow::Result<String> {
    let path = contest.join("problems.yaml");
    let text = if path.is_file() {
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?
    } else {
        String::new()
    };
    let listed: Option<Vec<serde_yaml_ng::Value>> = if text.trim().is_empty() {
        None
    } else {
        serde_yaml_ng::from_str(&text)
            .with_context(|| format!("{}: not a list of problems", path.display()))?
    };
    let listed = listed.unwrap_or_default();
    let label = leapfrog_package::default_label(listed.len());
    // An empty flow list (`[]`) cannot be appended to: drop it.
    let mut out: String = text
        .lines()
        .filter(|line| !(listed.is_empty() && line.trim() == "[]"))
        .map(|line| format!("{line}\n"))
        .collect();
    out.push_str(&format!(
        "- id: {name}\n  label: {label}\n  name: {}\n",
        serde_yaml_ng::to_string(&title(name))?.trim_end()
    ));
    leapfrog_util::write_atomically(&path, out.as_bytes())?;
    Ok(label)
}

fn new_contest(dest: &Path) -> anyhow::Result<ExitCode> {
    let name = short_name(dest)?;
    refuse_existing(dest)?;
    let files = vec![
        (
            "contest.yaml".to_string(),
            crate::export::contest::fresh_contest_yaml(&title(&name)),
        ),
        (
            "problems.yaml".to_string(),
            "# The problems in contest order: `- id: <folder>`, with `label:` (A, B …), `name:` and\n\
# `rgb:` ('#rrggbb', the balloon). `leapfrog new problem` run in this folder adds itself here.\n"
                .to_string(),
        ),
    ];
    write_folder(dest, &files)?;
    leapfrog_util::outln!(
        "created contest {name} in {}; add problems with `cd {} && leapfrog new problem NAME`",
        dest.display(),
        dest.display()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_and_short_names() {
        assert_eq!(title("two-sum_x"), "Two Sum X");
        assert!(short_name(Path::new("a/hello-2")).is_ok());
        let err = short_name(Path::new("Hello World"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("try helloworld"), "{err}");
    }

    #[test]
    fn uuids_are_version_4() {
        let id = uuid("x");
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "4");
    }
}
