//! `leapfrog statement`: build a problem's standalone HTML statement page.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::statement;
use leapfrog_package::Package;
use leapfrog_registry::Registry;

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &[
        "leapfrog statement checkers",
        "leapfrog statement ~/sum -o sum.html",
    ],
    "Pictures: a fenced block ```board or ```row in the Markdown statement is drawn \
as SVG (attributes: moves=\"...\", caption=\"...\", file=data/sample/1.in, columns=N, labels=no, \
first=0); ![alt](figure.png) includes a PNG file of problem_statement/; $...$ is drawn as MathML. \
The page needs no network and no other files.",
    crate::commands::help::MADE,
))]
pub struct StatementArgs {
    /// A problem name under problems/, or the path of any package directory; by default the
    /// package this is run in.
    #[arg(default_value_t = super::contest::here(), hide_default_value = true)]
    pub problem: String,
    #[allow(rustdoc::invalid_html_tags)] // --help text: <name> is a placeholder, not HTML
    /// Where to write the page. Default: for a problem under problems/,
    /// target/statements/<problem>.html in that repository; for a package elsewhere,
    /// <problem>.html next to the package's directory (~/sum -> ~/sum.html).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: StatementArgs, registry: &'static Registry) -> anyhow::Result<ExitCode> {
    let package = Package::open(super::contest::given(&args.problem)?)?;
    let page = statement::page::build(registry, &package)?;
    let output = match args.output {
        Some(path) => path,
        None => statement::default_output(&package)?,
    };
    leapfrog_util::write_atomically(&output, page.as_bytes())?;
    leapfrog_util::outln!("{}", output.display());
    Ok(ExitCode::SUCCESS)
}
