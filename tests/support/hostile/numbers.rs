//! Numbers as the oracles read them: output tokens (digits only, any length, leading zeros
//! noted because the statements leave them open) and inputs made of lines of canonical numbers
//! (single spaces, one `\n` per line, no sign, no leading zero).

/// A token of digits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number {
    /// The value, `u128::MAX` when it does not fit.
    pub value: u128,
    /// Written with leading zeros.
    pub padded: bool,
}

pub fn number(token: &[u8]) -> Option<Number> {
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = std::str::from_utf8(token)
        .expect("ASCII digits")
        .parse()
        .unwrap_or(u128::MAX);
    Some(Number {
        value,
        padded: token.len() > 1 && token[0] == b'0',
    })
}

use super::edits::tokens;
use super::problems::Truth;

/// Reads tokens as numbers, remembering whether any was padded.
#[derive(Default)]
pub struct Reader {
    pub padded: bool,
}

impl Reader {
    pub fn read(&mut self, token: &[u8], what: &str) -> Result<u128, String> {
        let n = number(token).ok_or_else(|| format!("{what} is not a number"))?;
        self.padded |= n.padded;
        Ok(n.value)
    }

    /// The oracle's verdict on a replay: a right output with padded numbers is left open.
    pub fn truth(&self, result: Result<(), String>) -> Truth {
        match result {
            Ok(()) if self.padded => Truth::Open("leading zeros".to_string()),
            other => other.into(),
        }
    }
}

/// The oracle of the move-list answers: K, which must be `minimum`, then exactly K moves (by
/// number), each played on `row` by `play`, and `reached` at the end.
pub fn replay_moves<R>(
    output: &[u8],
    minimum: u128,
    row: &mut R,
    play: impl Fn(&mut R, u64) -> Result<(), String>,
    reached: impl Fn(&R) -> bool,
) -> Truth {
    let mut numbers = Reader::default();
    let mut replay = || {
        let words = tokens(output);
        let (first, moves) = words.split_first().ok_or("the output is empty")?;
        let k = numbers.read(first, "K")?;
        if k != minimum {
            return Err(format!("K = {k}, the minimum is {minimum}"));
        }
        if moves.len() as u128 != k {
            return Err(format!("{} moves after K = {k}", moves.len()));
        }
        for (t, word) in moves.iter().enumerate() {
            let p = numbers.read(word, "a move")?;
            let p = u64::try_from(p).map_err(|_| format!("move {} is off the row", t + 1))?;
            play(row, p).map_err(|e| format!("move {}: {e}", t + 1))?;
        }
        if !reached(row) {
            return Err("the goal is not reached".to_string());
        }
        Ok(())
    };
    let result = replay();
    numbers.truth(result)
}

/// The lines of an input in which every line holds canonical numbers separated by single
/// spaces and ends in `\n`, with nothing after the last line.
pub fn number_lines(input: &[u8]) -> Result<Vec<Vec<u128>>, String> {
    let Some(body) = input.strip_suffix(b"\n") else {
        return Err("the input does not end with a line end".to_string());
    };
    let mut lines = Vec::new();
    for (k, line) in body.split(|&b| b == b'\n').enumerate() {
        let mut values = Vec::new();
        for field in line.split(|&b| b == b' ') {
            let canonical = number(field).is_some_and(|n| !n.padded);
            if !canonical || field.len() > 30 {
                return Err(format!(
                    "line {}: '{}' is not a number",
                    k + 1,
                    String::from_utf8_lossy(field)
                ));
            }
            values.push(number(field).expect("digits").value);
        }
        lines.push(values);
    }
    Ok(lines)
}

/// Checks a value against its range.
pub fn within(name: &str, value: u128, lo: u128, hi: u128) -> Result<u128, String> {
    if (lo..=hi).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{name} = {value} is outside {lo}..={hi}"))
    }
}

/// The shape of an input as the number of values on each line.
pub fn shape(lines: &[Vec<u128>], want: &[usize]) -> Result<(), String> {
    let got: Vec<usize> = lines.iter().map(Vec::len).collect();
    if got != want {
        return Err(format!("lines of {got:?} numbers, expected {want:?}"));
    }
    Ok(())
}
