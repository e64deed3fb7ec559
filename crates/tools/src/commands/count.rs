//! `leapfrog count`: how many optimal solutions a puzzle size has, a table of those counts with
//! the time each took, or the solutions themselves.

use std::io;
use std::ops::RangeInclusive;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;

use leapfrog_registry::{CountError, CountMethod, CountRequest, Registry};

/// How to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// From the shape of optimal solutions (docs/pairs-count.md), any n up to 100000.
    Structural,
    /// Search over positions, layer by layer (n <= 56, practical to about 26).
    Search,
}

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &["leapfrog count pairs 12", "leapfrog count pairs --table 4..20"],
    "",
    crate::commands::help::MADE,
))]
pub struct CountArgs {
    /// The puzzle (only `pairs` has a counter).
    pub problem: String,
    /// The size n: print the number of optimal solutions.
    #[arg(required_unless_present = "table", conflicts_with = "table")]
    pub n: Option<u32>,
    /// Print a Markdown table for every n in A..B (both included): the minimum, the count, the
    /// conjectured 2^(n-4), whether the count fits the observed closed form (see the README),
    /// the positions the search expanded, the time of the chosen method and, where the search
    /// also ran (see --search-up-to), the search's time.
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    pub table: Option<RangeInclusive<u32>>,
    /// Print every optimal solution, one per line (moves separated by spaces), then the count.
    #[arg(long, requires = "n")]
    pub list: bool,
    /// How to count; the method used is named on standard error.
    #[arg(long, value_enum, default_value_t = Method::Structural)]
    pub method: Method,
    /// With --table and the structural method: also run the search for n up to this size and
    /// show its time (the two counts must agree).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub search_up_to: u32,
}

fn parse_range(text: &str) -> Result<RangeInclusive<u32>, String> {
    let (a, b) = text
        .split_once("..")
        .ok_or("expected A..B, for example 1..24")?;
    let a: u32 = a
        .trim()
        .parse()
        .map_err(|_| format!("'{a}' is not a size"))?;
    let b: u32 = b
        .trim()
        .parse()
        .map_err(|_| format!("'{b}' is not a size"))?;
    if a > b {
        return Err(format!("the range {a}..{b} is empty"));
    }
    Ok(a..=b)
}

pub fn run(args: CountArgs, registry: &Registry) -> anyhow::Result<ExitCode> {
    let Some(counter) = registry.counter(&args.problem) else {
        let known: Vec<&str> = registry.counted().map(|p| p.name).collect();
        bail!(
            "no counter for '{}' (known: {})",
            args.problem,
            known.join(", ")
        );
    };
    let method = match args.method {
        Method::Structural => CountMethod::Structural,
        Method::Search => CountMethod::Search,
    };
    let request = match (args.table, args.n) {
        (Some(range), _) => CountRequest::Table {
            range,
            method,
            search_up_to: args.search_up_to,
        },
        (None, Some(n)) if args.list => CountRequest::List(n),
        (None, Some(n)) => CountRequest::One { n, method },
        (None, None) => unreachable!("clap requires n without --table"),
    };
    counter(&request, &mut io::stdout().lock()).map_err(|err| match err {
        // A bare write error stays an `io::Error` in the chain, so that a closed pipe
        // (`leapfrog count pairs 12 --list | head`) is seen as the reader's choice.
        CountError::Io(io) => anyhow::Error::from(io),
        other => anyhow::Error::from(other),
    })?;
    Ok(ExitCode::SUCCESS)
}
