//! `leapfrog statement`: build a problem's standalone HTML statement page, or its PDF, or a
//! contest's problem set as one PDF (see [`crate::statement::pdf`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use super::contest::Target;
use crate::statement;
use leapfrog_package::{Contest, Package};
use leapfrog_registry::Registry;

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &[
        "leapfrog statement checkers",
        "leapfrog statement ~/sum -o sum.html",
        "leapfrog statement ~/sum --pdf",
        "leapfrog statement ~/spring --pdf -o problemset.pdf",
    ],
    "Pictures: a fenced block ```board or ```row in the Markdown statement is drawn \
as SVG (attributes: moves=\"...\", caption=\"...\", file=data/sample/1.in, columns=N, labels=no, \
first=0); ![alt](figure.png) includes a PNG file of problem_statement/; $...$ is drawn as MathML. \
The page needs no network and no other files. --pdf prints that page with headless Chromium \
(Debian's chromium, or LEAPFROG_CHROMIUM); given a contest folder, it prints the problem set: \
every problem in problems.yaml order, each from a new page.",
    "0 written, 2 a statement cannot be read, or Chromium is missing or fails (for --pdf)",
))]
pub struct StatementArgs {
    /// A problem name under problems/, the path of any package directory, or (with --pdf) a
    /// contest folder; by default the package or contest this is run in.
    #[arg(default_value_t = super::contest::here(), hide_default_value = true)]
    pub problem: String,
    #[allow(rustdoc::invalid_html_tags)] // --help text: <name> is a placeholder, not HTML
    /// Where to write the page. Default: for a problem under problems/,
    /// target/statements/<problem>.html (.pdf) in that repository; for a package or contest
    /// elsewhere, <name>.html (.pdf) next to its directory (~/sum -> ~/sum.html).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write a PDF (printed by headless Chromium) instead of the HTML page.
    #[arg(long)]
    pub pdf: bool,
}

pub fn run(args: StatementArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    let spec = super::contest::given(&args.problem)?;
    let (html, default) = match Target::resolve(spec)? {
        Target::Problem(package) => {
            let page = statement::page::build(registry, &package)?;
            let default = statement::default_output(&package)?;
            match args.pdf {
                true => (statement::pdf::single(&page), default.with_extension("pdf")),
                false => (page, default),
            }
        }
        Target::Contest(contest) => {
            if !args.pdf {
                bail!(
                    "{}: a contest's statements are printed as one problem set: add --pdf (or give one problem)",
                    contest.root.display()
                );
            }
            (problem_set(registry, &contest)?, beside(&contest.root)?)
        }
    };
    let output = args.output.unwrap_or(default);
    match args.pdf {
        true => statement::pdf::print(&html, &output)?,
        false => leapfrog_util::write_atomically(&output, html.as_bytes())?,
    }
    leapfrog_util::outln!("{}", output.display());
    Ok(ExitCode::SUCCESS)
}

/// The statement pages of the contest's problems in its order, as one document.
fn problem_set(registry: &Registry, contest: &Contest) -> anyhow::Result<String> {
    let mut pages = Vec::new();
    for problem in &contest.problems {
        let package = Package::open(&problem.dir.display().to_string())?;
        let page = statement::page::build(registry, &package)
            .with_context(|| format!("problem {} ({})", problem.label, problem.id))?;
        pages.push((problem.label.clone(), page));
    }
    statement::pdf::problem_set(&pages)
}

/// `<folder>.pdf` next to the contest folder.
fn beside(root: &Path) -> anyhow::Result<PathBuf> {
    let root = root
        .canonicalize()
        .with_context(|| root.display().to_string())?;
    let name = root
        .file_name()
        .map_or("contest".into(), |n| n.to_string_lossy().into_owned());
    Ok(root.with_file_name(format!("{name}.pdf")))
}
