//! `leapfrog count`: how many optimal solutions a puzzle size has, a table of those counts with
//! the time each took, or the solutions themselves.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;

use num_bigint::BigUint;

use crate::puzzles::pairs::count::{
    count_optimal, count_structural, list_optimal, minimum_moves, observed_pattern_exact,
};
use crate::puzzles::pairs::state::MAX_SEARCH_N;

/// The largest n the structural counter accepts (n = 10^4 takes under a minute).
const MAX_STRUCTURAL_N: u32 = 100_000;

/// How to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// From the shape of optimal solutions (docs/pairs-count.md), any n up to 100000.
    Structural,
    /// Search over positions, layer by layer (n <= 56, practical to about 26).
    Search,
}

#[derive(Debug, Args)]
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

fn check_size(n: u32, method: Method) -> anyhow::Result<()> {
    let (max, what) = match method {
        Method::Structural => (MAX_STRUCTURAL_N, "the structural count"),
        Method::Search => (MAX_SEARCH_N, "counting by search (or --list)"),
    };
    if !(1..=max).contains(&n) {
        bail!("n must be between 1 and {max} for {what} (got {n})");
    }
    Ok(())
}

fn method_name(method: Method) -> &'static str {
    match method {
        Method::Structural => "structural",
        Method::Search => "search",
    }
}

/// One count with the method asked for: the number and, for the search, positions expanded.
fn count_with(n: u32, method: Method) -> (BigUint, Option<u64>) {
    match method {
        Method::Structural => (count_structural(u64::from(n)), None),
        Method::Search => {
            let found = count_optimal(n);
            (BigUint::from(found.solutions), Some(found.effort.expanded))
        }
    }
}

pub fn run(args: CountArgs) -> anyhow::Result<ExitCode> {
    if args.problem != "pairs" {
        bail!("no counter for '{}' (known: pairs)", args.problem);
    }
    let out = io::stdout().lock();
    if let Some(range) = args.table.clone() {
        return table(out, range, &args);
    }
    let n = args.n.expect("clap requires n without --table");
    if args.list {
        check_size(n, Method::Search)?;
        return list(out, n);
    }
    check_size(n, args.method)?;
    let clock = Instant::now();
    let (count, _) = count_with(n, args.method);
    let mut out = out;
    writeln!(out, "{count}")?;
    eprintln!(
        "counted by {} in {:.3} s",
        method_name(args.method),
        clock.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// The Markdown table: per n the count, the comparisons, and the time of each method that ran.
fn table(
    mut out: io::StdoutLock,
    range: RangeInclusive<u32>,
    args: &CountArgs,
) -> anyhow::Result<ExitCode> {
    check_size(*range.start(), args.method)?;
    check_size(*range.end(), args.method)?;
    eprintln!("counted by {}", method_name(args.method));
    writeln!(
        out,
        "| n | minimum moves | optimal solutions | 2^(n-4) | observed pattern | positions expanded | time | search time |"
    )?;
    writeln!(out, "|---:|---:|---:|---:|:---:|---:|---:|---:|")?;
    for n in range {
        let clock = Instant::now();
        let (count, mut expanded) = count_with(n, args.method);
        let seconds = clock.elapsed().as_secs_f64();
        let mut search_time = "-".to_string();
        if args.method == Method::Structural && n <= args.search_up_to.min(MAX_SEARCH_N) {
            let clock = Instant::now();
            let (searched, effort) = count_with(n, Method::Search);
            search_time = format!("{:.3} s", clock.elapsed().as_secs_f64());
            if searched != count {
                bail!("n = {n}: the structural count {count} differs from the search's {searched}");
            }
            expanded = effort;
        } else if args.method == Method::Search {
            search_time = format!("{seconds:.3} s");
        }
        let moves = if n >= 4 {
            n.to_string()
        } else {
            minimum_moves(n).map_or("None".to_string(), |m| m.to_string())
        };
        let power = if n >= 4 {
            (BigUint::from(1u32) << (n - 4)).to_string()
        } else {
            "-".into()
        };
        let pattern = match observed_pattern_exact(u64::from(n)) {
            None => "-",
            Some(p) if p == count => "yes",
            Some(_) => "NO",
        };
        let expanded = expanded.map_or("-".to_string(), |e| e.to_string());
        writeln!(
            out,
            "| {n} | {moves} | {count} | {power} | {pattern} | {expanded} | {seconds:.3} s | {search_time} |"
        )?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `--list`: every optimal solution (by search), then the count.
fn list(out: io::StdoutLock, n: u32) -> anyhow::Result<ExitCode> {
    // Millions of short lines: buffer them rather than write each on its own.
    let mut buffered = io::BufWriter::with_capacity(1 << 20, out);
    let mut line = String::new();
    let total = list_optimal(n, &mut |path: &[u32]| {
        line.clear();
        for (i, p) in path.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            write!(line, "{p}").expect("writing to a String");
        }
        line.push('\n');
        buffered.write_all(line.as_bytes())
    })
    .context("writing the solutions")?;
    writeln!(buffered, "{total} optimal solutions")?;
    buffered.flush()?;
    Ok(ExitCode::SUCCESS)
}
