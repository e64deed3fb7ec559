//! What `leapfrog count pairs` prints: one count, every optimal solution, or a Markdown table
//! of the counts with the time each size took.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::time::Instant;

use anyhow::{Context, bail};

use super::{count_optimal, list_optimal, observed_pattern};
use crate::puzzles::pairs::state::MAX_SEARCH_N;
use crate::puzzles::registry::CountRequest;

/// The pairs family's counter (its registry entry's `counter`).
pub fn run(request: &CountRequest, out: &mut dyn Write) -> anyhow::Result<()> {
    match request {
        CountRequest::One(n) => {
            check_size(*n)?;
            writeln!(out, "{}", count_optimal(*n).solutions)?;
        }
        CountRequest::List(n) => {
            check_size(*n)?;
            list(*n, out)?;
        }
        CountRequest::Table(range) => {
            check_size(*range.start())?;
            check_size(*range.end())?;
            table(range.clone(), out)?;
        }
    }
    Ok(())
}

fn check_size(n: u32) -> anyhow::Result<()> {
    if !(1..=MAX_SEARCH_N).contains(&n) {
        bail!("n must be between 1 and {MAX_SEARCH_N} for counting (got {n})");
    }
    Ok(())
}

/// Every optimal solution, one per line (moves separated by spaces), then the count.
fn list(n: u32, out: &mut dyn Write) -> anyhow::Result<()> {
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
    Ok(())
}

/// The Markdown table, a line per size, each written as soon as its size is counted.
fn table(range: RangeInclusive<u32>, out: &mut dyn Write) -> anyhow::Result<()> {
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
    Ok(())
}
