//! `leapfrog export`: write problems in the legacy Kattis / ICPC package format (checked by
//! problemtools' `verifyproblem`) or the 2025-09 one, and with `--all` (or `--format domjudge`
//! for one problem) a zip per problem for DOMjudge.

use leapfrog_registry::Registry;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;

use crate::export::{self, Format};

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &[
        "leapfrog export checkers --format legacy /tmp/export/checkers",
        "leapfrog export checkers --format 2025-09 /tmp/export/checkers",
        "leapfrog export checkers --format domjudge /tmp/dj   # /tmp/dj/checkers/ and /tmp/dj/checkers.zip",
        "leapfrog export ~/contest /tmp/dj       # every problem of a contest folder, plus contest.yaml and problems.yaml",
        "leapfrog export --all /tmp/contest      # /tmp/contest/<short>/ and /tmp/contest/<short>.zip",
    ],
    "A contest folder (subfolders with problem.yaml; see `leapfrog new contest`) exports as
DIR/<short>/ and DIR/<short>.zip per problem plus DIR/contest.yaml and DIR/problems.yaml, the
layout of DOMjudge's `import-contest` (run it inside DIR). --all exports problems/ as one contest.

With a contest or --all, <short> is the problem's name with everything but a-z and 0-9 removed
(checkers-path -> checkerspath): problemtools requires that of a package directory, and
DOMjudge takes a zip's name as the problem's short name. For each zip, export prints the
curl command that uploads it to a DOMjudge contest (POST /api/v4/contests/{cid}/problems).

The export is written next to DIR and renamed into place when complete, so DIR never holds a
half-written package. Secret data is generated first when it is missing or out of date.",
    crate::commands::help::MADE,
))]
pub struct ExportArgs {
    /// PROBLEM DIR, or with --all just DIR. PROBLEM is a name under problems/, a package path or
    /// a contest folder.
    #[arg(value_name = "PROBLEM DIR", num_args = 1..=2, required = true)]
    pub paths: Vec<String>,
    /// Export problems/ as one contest (as `export problems DIR`), with a DOMjudge zip per
    /// problem.
    #[arg(long)]
    pub all: bool,
    /// The package format to write.
    #[arg(long, value_enum, default_value_t = FormatArg::Kattis)]
    pub format: FormatArg,
    /// Replace the contents of a non-empty DIR.
    #[arg(long)]
    pub force: bool,
}

/// `--format`: the command line's names for [`Format`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// The legacy Kattis / ICPC problem package format (problemtools, DOMjudge, Kattis).
    #[value(name = "legacy", alias = "kattis")]
    Kattis,
    /// The 2025-09 problem package format.
    #[value(name = "2025-09")]
    V2025,
    #[allow(rustdoc::invalid_html_tags)] // --help text: <name> is a placeholder, not HTML
    /// DIR/<short>/ in the legacy format and DIR/<short>.zip for DOMjudge's import.
    Domjudge,
}

impl From<FormatArg> for Format {
    fn from(arg: FormatArg) -> Format {
        match arg {
            FormatArg::Kattis => Format::Kattis,
            FormatArg::V2025 => Format::V2025,
            FormatArg::Domjudge => Format::Domjudge,
        }
    }
}

pub fn run(args: ExportArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    crate::interrupt::install();
    let format = Format::from(args.format);
    if args.all && format != Format::Kattis {
        bail!(
            "--all writes the legacy format and DOMjudge zips; export one problem for --format 2025-09 or domjudge"
        );
    }
    let exported = match (args.all, args.paths.as_slice()) {
        (true, [dir]) => {
            let problems = export::find_problems_dir()?;
            export::export_all(registry, &problems, &PathBuf::from(dir), args.force)?
        }
        (true, _) => bail!("with --all, give only the destination DIR"),
        (false, [problem, dir]) => match super::contest::Target::resolve(problem)? {
            super::contest::Target::Problem(package) => {
                export::export_one(registry, &package, &PathBuf::from(dir), args.force, format)?
            }
            super::contest::Target::Contest(_) if format == Format::V2025 => bail!(
                "{problem}: a contest folder exports as legacy packages with DOMjudge zips (--format legacy or domjudge); export its problems one at a time for --format 2025-09"
            ),
            super::contest::Target::Contest(contest) => {
                export::export_contest(registry, &contest, &PathBuf::from(dir), args.force)?
            }
        },
        (false, _) => bail!("give PROBLEM and DIR (or --all DIR)"),
    };
    let dest = &args.paths[args.paths.len() - 1];
    for problem in &exported.problems {
        for note in &problem.notes {
            eprintln!("note: {}: {note}", problem.name);
        }
    }
    for note in &exported.contest_notes {
        eprintln!("note: {note}");
    }
    let names: Vec<&str> = exported.problems.iter().map(|p| p.name.as_str()).collect();
    leapfrog_util::outln!(
        "exported {} to {dest} · {}, {:.1} MiB",
        names.join(", "),
        leapfrog_util::plural(exported.files, "file"),
        exported.bytes as f64 / (1024.0 * 1024.0)
    );
    if !exported.contest_files.is_empty() {
        leapfrog_util::outln!(
            "DOMjudge contest: run DOMjudge's import-contest inside {dest} (it reads contest.yaml, then problems.yaml, then zips each <id>/), or through the API, first:"
        );
        for line in contest_upload_commands(dest) {
            leapfrog_util::outln!("    {line}");
        }
        leapfrog_util::outln!("  then each zip, with the command under it below");
    }
    if !exported.zips.is_empty() {
        leapfrog_util::outln!(
            "DOMjudge: upload each zip to a contest with the command under it (an admin account; set DJ_URL, DJ_CID, DJ_USER, DJ_PASSWORD); the database's max_allowed_packet must exceed the largest test file, {:.1} MiB",
            exported.largest_test as f64 / (1024.0 * 1024.0)
        );
    }
    for zip in &exported.zips {
        leapfrog_util::outln!("  DOMjudge zip: {}", zip.display());
        leapfrog_util::outln!("    {}", upload_command(zip));
    }
    Ok(ExitCode::SUCCESS)
}

/// The command that uploads a problem zip into a contest through DOMjudge's REST API.
pub fn upload_command(zip: &std::path::Path) -> String {
    format!(
        "curl -fsS -u \"$DJ_USER:$DJ_PASSWORD\" -F zip=@{} \"$DJ_URL/api/v4/contests/$DJ_CID/problems\"",
        shell_quote(&zip.display().to_string())
    )
}

/// The commands that create the contest from contest.yaml and add problems.yaml's problems
/// to it (DOMjudge's API: `POST /api/v4/contests`, `POST .../problems/add-data`).
fn contest_upload_commands(dest: &str) -> [String; 2] {
    let file = |name: &str| shell_quote(&format!("{dest}/{name}"));
    [
        format!(
            "curl -fsS -u \"$DJ_USER:$DJ_PASSWORD\" -F yaml=@{} \"$DJ_URL/api/v4/contests\"   # prints the new contest's id: set DJ_CID to it",
            file("contest.yaml")
        ),
        format!(
            "curl -fsS -u \"$DJ_USER:$DJ_PASSWORD\" -F data=@{} \"$DJ_URL/api/v4/contests/$DJ_CID/problems/add-data\"",
            file("problems.yaml")
        ),
    ]
}

/// `text` as one shell word.
fn shell_quote(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+:,".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upload_commands_quote_the_path() {
        assert_eq!(
            upload_command(std::path::Path::new("contest/checkers.zip")),
            "curl -fsS -u \"$DJ_USER:$DJ_PASSWORD\" -F zip=@contest/checkers.zip \"$DJ_URL/api/v4/contests/$DJ_CID/problems\""
        );
        assert_eq!(shell_quote("my dir/it's.zip"), "'my dir/it'\\''s.zip'");
    }
}
