//! `leapfrog count`: how many optimal solutions a puzzle size has, a table of those counts with
//! the time each took, or the solutions themselves.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;

use crate::puzzles::pairs::count::{count_optimal, list_optimal, observed_pattern};
use crate::puzzles::pairs::state::MAX_SEARCH_N;

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The puzzle (only `pairs` has a counter).
    pub problem: String,
    /// The size n: print the number of optimal solutions.
    #[arg(required_unless_present = "table", conflicts_with = "table")]
    pub n: Option<u32>,
    /// Print a Markdown table for every n in A..B (both included): the minimum, the count, the
    /// conjectured 2^(n-4), whether the count fits the observed closed form (see the README),
    /// the positions the search expanded and the time each size took.
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    pub table: Option<RangeInclusive<u32>>,
    /// Print every optimal solution, one per line (moves separated by spaces), then the count.
    #[arg(long, requires = "n")]
    pub list: bool,
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

fn check_size(n: u32) -> anyhow::Result<()> {
    if !(1..=MAX_SEARCH_N).contains(&n) {
        bail!("n must be between 1 and {MAX_SEARCH_N} for counting (got {n})");
    }
    Ok(())
}

pub fn run(args: CountArgs) -> anyhow::Result<ExitCode> {
    if args.problem != "pairs" {
        bail!("no counter for '{}' (known: pairs)", args.problem);
    }
    let mut out = io::stdout().lock();
    if let Some(range) = args.table {
        check_size(*range.start())?;
        check_size(*range.end())?;
        writeln!(
            out,
            "| n | minimum moves | optimal solutions | 2^(n-4) | observed pattern | positions expanded | time |"
        )?;
        writeln!(out, "|---:|---:|---:|---:|:---:|---:|---:|")?;
        for n in range {
            let clock = Instant::now();
            let found = count_optimal(n);
            let seconds = clock.elapsed().as_secs_f64();
            let moves = found.moves.map_or("None".to_string(), |m| m.to_string());
            let power = if n >= 4 {
                (1u128 << (n - 4)).to_string()
            } else {
                "-".into()
            };
            let pattern = match observed_pattern(n) {
                None => "-",
                Some(p) if p == found.solutions => "yes",
                Some(_) => "NO",
            };
            writeln!(
                out,
                "| {n} | {moves} | {} | {power} | {pattern} | {} | {seconds:.3} s |",
                found.solutions, found.effort.expanded
            )?;
            out.flush()?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let n = args.n.expect("clap requires n without --table");
    check_size(n)?;
    if args.list {
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
    } else {
        writeln!(out, "{}", count_optimal(n).solutions)?;
    }
    Ok(ExitCode::SUCCESS)
}
