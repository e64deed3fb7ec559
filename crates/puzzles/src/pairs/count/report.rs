//! What `leapfrog count pairs` prints: one count, every optimal solution, or a Markdown table
//! of the counts with the time each method took. The method used is named on stderr, so stdout
//! stays the number alone.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::time::Instant;

use num_bigint::BigUint;

use super::{count_optimal, count_structural, list_optimal, minimum_moves, observed_pattern_exact};
use crate::pairs::state::MAX_SEARCH_N;
use crate::registry::{CountError, CountMethod, CountRequest};

/// The largest n the structural counter accepts (n = 10^5 takes one to two seconds).
const MAX_STRUCTURAL_N: u32 = 100_000;

/// The pairs family's counter (its registry entry's `counter`).
pub fn run(request: &CountRequest, out: &mut dyn Write) -> Result<(), CountError> {
    match request {
        CountRequest::One { n, method } => {
            check_size(*n, *method)?;
            let clock = Instant::now();
            let (count, _) = count_with(*n, *method);
            writeln!(out, "{count}")?;
            eprintln!(
                "counted by {} in {:.3} s",
                method.name(),
                clock.elapsed().as_secs_f64()
            );
        }
        CountRequest::List(n) => {
            check_size(*n, CountMethod::Search)?;
            list(*n, out)?;
        }
        CountRequest::Table {
            range,
            method,
            search_up_to,
        } => {
            check_size(*range.start(), *method)?;
            check_size(*range.end(), *method)?;
            eprintln!("counted by {}", method.name());
            table(range.clone(), *method, *search_up_to, out)?;
        }
    }
    Ok(())
}

fn check_size(n: u32, method: CountMethod) -> Result<(), CountError> {
    let (max, what) = match method {
        CountMethod::Structural => (MAX_STRUCTURAL_N, "the structural count"),
        CountMethod::Search => (MAX_SEARCH_N, "counting by search (or --list)"),
    };
    if !(1..=max).contains(&n) {
        return Err(CountError::OutOfRange { n, max, what });
    }
    Ok(())
}

/// One count with the method asked for: the number and, for the search, positions expanded.
fn count_with(n: u32, method: CountMethod) -> (BigUint, Option<u64>) {
    match method {
        CountMethod::Structural => (count_structural(u64::from(n)), None),
        CountMethod::Search => {
            let found = count_optimal(n);
            (BigUint::from(found.solutions), Some(found.effort.expanded))
        }
    }
}

/// Every optimal solution, one per line (moves separated by spaces), then the count.
fn list(n: u32, out: &mut dyn Write) -> Result<(), CountError> {
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
    .map_err(CountError::List)?;
    writeln!(buffered, "{total} optimal solutions")?;
    buffered.flush()?;
    Ok(())
}

/// The Markdown table, a line per size, each written as soon as its size is counted.
fn table(
    range: RangeInclusive<u32>,
    method: CountMethod,
    search_up_to: u32,
    out: &mut dyn Write,
) -> Result<(), CountError> {
    writeln!(
        out,
        "| n | minimum moves | optimal solutions | 2^(n-4) | observed pattern | positions expanded | time | search time |"
    )?;
    writeln!(out, "|---:|---:|---:|---:|:---:|---:|---:|---:|")?;
    for n in range {
        let clock = Instant::now();
        let (count, mut expanded) = count_with(n, method);
        let seconds = clock.elapsed().as_secs_f64();
        let mut search_time = "-".to_string();
        if method == CountMethod::Structural && n <= search_up_to.min(MAX_SEARCH_N) {
            let clock = Instant::now();
            let (searched, effort) = count_with(n, CountMethod::Search);
            search_time = format!("{:.3} s", clock.elapsed().as_secs_f64());
            if searched != count {
                return Err(CountError::Disagree {
                    n,
                    structural: count.to_string(),
                    searched: searched.to_string(),
                });
            }
            expanded = effort;
        } else if method == CountMethod::Search {
            search_time = format!("{seconds:.3} s");
        }
        writeln!(
            out,
            "| {n} | {} | {count} | {} | {} | {} | {seconds:.3} s | {search_time} |",
            minimum(n),
            power(n),
            pattern(n, &count),
            expanded.map_or("-".to_string(), |e| e.to_string())
        )?;
        out.flush()?;
    }
    Ok(())
}

fn minimum(n: u32) -> String {
    if n >= 4 {
        n.to_string()
    } else {
        minimum_moves(n).map_or("None".to_string(), |m| m.to_string())
    }
}

fn power(n: u32) -> String {
    if n >= 4 {
        (BigUint::from(1u32) << (n - 4)).to_string()
    } else {
        "-".into()
    }
}

fn pattern(n: u32, count: &BigUint) -> &'static str {
    match observed_pattern_exact(u64::from(n)) {
        None => "-",
        Some(p) if &p == count => "yes",
        Some(_) => "NO",
    }
}
