//! The reference solvers of the three shifting problems: parse, answer, stream the output.

use std::io::{BufRead, Write};

use super::construction::Runs;
use super::formula::Formula;
use super::game::min_moves;
use super::input::Tokens;
use super::labels::LabelMoves;
use super::output::NumberWriter;
use crate::{InputError, SolveError};

/// The largest side the solvers accept: the formula's arithmetic is proven up to here.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// Reads `n m` (both in `1 ..= MAX_SIDE`).
pub fn read_sides(tokens: &mut Tokens) -> Result<(u64, u64), InputError> {
    let n = tokens.integer("n", 1..=MAX_SIDE)?;
    let m = tokens.integer("m", 1..=MAX_SIDE)?;
    Ok((n, m))
}

/// `shifting`: `n m` in, the move count and an optimal solution out, one square per line.
pub fn solve_shifting(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let mut tokens = Tokens::read(input)?;
    let (n, m) = read_sides(&mut tokens)?;
    tokens.end()?;
    let total = min_moves(n, m).expect("sides up to 10^9 keep nm + n + m in range");
    let mut out = NumberWriter::new(output, n + m + 1);
    out.number(total)?;
    for run in Runs::canonical(n, m) {
        out.run(run)?;
    }
    out.flush()?;
    Ok(())
}

/// `shifting-query`: `n m q` and `q` move numbers in, the square of each move of the canonical
/// solution out.
pub fn solve_query(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let mut tokens = Tokens::read(input)?;
    let (n, m) = read_sides(&mut tokens)?;
    let queries = tokens.integer("q", 1..=10_000_000)?;
    let formula = Formula::canonical(n, m).expect("sides up to 10^9 keep nm + n + m in range");
    let mut out = NumberWriter::new(output, 0);
    for _ in 0..queries {
        let i = tokens.integer("the move number i", 1..=formula.len())?;
        out.number(formula.move_at(i))?;
    }
    tokens.end()?;
    out.flush()?;
    Ok(())
}

/// `shifting-labels`: `n k` in; `None` when `k` is not a label of `n`, else `2n + 1` and the
/// solution labelled `k`.
pub fn solve_labels(input: &mut dyn BufRead, output: &mut dyn Write) -> Result<(), SolveError> {
    let mut tokens = Tokens::read(input)?;
    let n = tokens.integer("n", 1..=MAX_SIDE)?;
    let label = tokens.integer("k", 0..=u64::MAX)?;
    tokens.end()?;
    let mut out = NumberWriter::new(output, n + 2);
    match LabelMoves::new(n, label) {
        None => out.bytes(b"None\n")?,
        Some(moves) => {
            out.number(2 * n + 1)?;
            for p in moves {
                out.number(p)?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Groups answers by the size of their first number, for `leapfrog generate`'s summary.
pub fn size_class(answer: &[u8]) -> String {
    let first = crate::first_token(answer);
    match first.parse::<u64>() {
        Ok(k) if k < 100 => "K < 100".to_string(),
        Ok(k) if k < 10_000 => "K < 10^4".to_string(),
        Ok(k) if k < 1_000_000 => "K < 10^6".to_string(),
        Ok(_) => "K >= 10^6".to_string(),
        Err(_) => first,
    }
}

/// Groups `shifting-query` answers by the number of queries.
pub fn query_class(answer: &[u8]) -> String {
    let lines = answer.iter().filter(|&&c| c == b'\n').count();
    if lines < 100 {
        "q < 100".to_string()
    } else {
        "q >= 100".to_string()
    }
}

/// `None` for non-labels, `solution` otherwise.
pub fn label_class(answer: &[u8]) -> String {
    match crate::first_token(answer).as_str() {
        "None" => "None".to_string(),
        _ => "solution".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(solver: crate::SolveFn, input: &str) -> Result<String, SolveError> {
        let mut out = Vec::new();
        solver(&mut input.as_bytes(), &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn shifting_prints_the_count_then_the_moves() {
        assert_eq!(run(solve_shifting, "1 1\n").unwrap(), "3\n1\n3\n2\n");
        assert_eq!(
            run(solve_shifting, "3 2").unwrap(),
            "11\n3\n5\n6\n4\n2\n1\n3\n5\n4\n2\n3\n"
        );
    }

    #[test]
    fn query_answers_each_index() {
        assert_eq!(run(solve_query, "3 2 3\n1\n11\n6\n").unwrap(), "3\n3\n1\n");
        let err = run(solve_query, "3 2 2\n1\n12\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "malformed input: line 3, column 1: the move number i = 12 is out of range (1..=11)"
        );
    }

    #[test]
    fn labels_print_none_or_the_solution() {
        assert_eq!(run(solve_labels, "3 5\n").unwrap(), "None\n");
        assert_eq!(
            run(solve_labels, "3 3\n").unwrap(),
            "7\n3\n5\n4\n2\n1\n3\n2\n"
        );
    }

    #[test]
    fn malformed_input_is_reported_not_answered() {
        assert!(matches!(
            run(solve_shifting, "0 3"),
            Err(SolveError::Input(_))
        ));
        assert!(matches!(
            run(solve_shifting, "3"),
            Err(SolveError::Input(_))
        ));
        assert!(matches!(
            run(solve_shifting, "3 3 3"),
            Err(SolveError::Input(_))
        ));
        assert!(matches!(
            run(solve_labels, "3 -1"),
            Err(SolveError::Input(_))
        ));
    }

    #[test]
    fn classes() {
        assert_eq!(size_class(b"11\n3\n"), "K < 100");
        assert_eq!(size_class(b"1999999\n"), "K >= 10^6");
        assert_eq!(label_class(b"None\n"), "None");
        assert_eq!(label_class(b"7\n3\n"), "solution");
    }
}
