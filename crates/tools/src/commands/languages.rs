//! `leapfrog languages`: the language table in force (built in, or a package's with its own
//! `languages.yaml`), with whether each toolchain is installed and its version.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use leapfrog_package::Package;
use leapfrog_package::lang::{Languages, Spec};

#[derive(Debug, Args)]
#[command(after_help = super::help::after_help(
    &["leapfrog languages", "leapfrog languages ~/sum --json"],
    "",
    super::help::MADE,
))]
pub struct LanguagesArgs {
    /// A problem name under problems/ or a package path: show the table with its
    /// languages.yaml applied.
    pub problem: Option<String>,
    /// Print one JSON array on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct Entry {
    key: String,
    name: String,
    extensions: Vec<String>,
    /// The first tool missing from PATH, if any.
    missing: Option<String>,
    /// The first line the version command printed (empty when it is not installed).
    version: String,
}

pub fn run(args: LanguagesArgs) -> anyhow::Result<ExitCode> {
    let table = match &args.problem {
        Some(problem) => (*Package::open(problem)?.languages).clone(),
        None => Languages::built_in().clone(),
    };
    // Only the judge's own version commands run: a package's languages.yaml is as untrusted as
    // its programs, and this command runs outside any sandbox, as the caller (often root).
    let own = |spec: &Spec| {
        Languages::built_in()
            .specs
            .iter()
            .any(|b| b.version == spec.version)
    };
    let entries: Vec<Entry> = table
        .specs
        .iter()
        .map(|spec| entry(spec, own(spec)))
        .collect();
    if args.json {
        leapfrog_util::outln!("{}", serde_json::to_string(&entries)?);
        return Ok(ExitCode::SUCCESS);
    }
    for e in &entries {
        let extensions: Vec<String> = e.extensions.iter().map(|x| format!(".{x}")).collect();
        let state = match &e.missing {
            Some(tool) => format!("{tool} is not installed"),
            None => e.version.clone(),
        };
        leapfrog_util::outln!(
            "{:<11} {:<12} {:<24} {}",
            e.key,
            e.name,
            extensions.join(" "),
            state
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The row of `spec`; its version command runs only when it is `trusted` (the judge's own).
fn entry(spec: &Spec, trusted: bool) -> Entry {
    let missing = spec
        .tools()
        .into_iter()
        .find(|tool| leapfrog_util::find_in_path(tool).is_none())
        .map(str::to_string);
    let version = match (&missing, spec.version.split_first()) {
        (None, Some(_)) if !trusted => {
            "not run: the version command is the package's own (languages.yaml)".to_string()
        }
        (None, Some((tool, rest))) => leapfrog_util::probe(tool)
            .args(rest)
            .output()
            .ok()
            .map(|out| {
                // Some tools (java -version) print their version on stderr.
                let text = [out.stdout, out.stderr].concat();
                let text = String::from_utf8_lossy(&text);
                text.lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("")
                    .trim()
                    .to_string()
            })
            .unwrap_or_default(),
        _ => String::new(),
    };
    Entry {
        key: spec.id.clone(),
        name: spec.name.clone(),
        extensions: spec.extensions.clone(),
        missing,
        version,
    }
}
