//! Input validator for `pairs`: the input is one line holding n, 1 <= n <= 1 000 000, written
//! without sign or leading zeros, ended by a newline, and nothing else.
//!
//! Standard interface: the test input on stdin; exit 42 when valid, 43 when not, with the
//! reason (line and column) on stdout. Self-contained: `rustc -O --edition 2021 validate.rs`.

use std::io::{self, Read};
use std::process::exit;

const VALID: i32 = 42;
const INVALID: i32 = 43;
const MAX_N: u64 = 1_000_000;

fn main() {
    let mut input = Vec::new();
    if let Err(err) = io::stdin().lock().take(1 << 20).read_to_end(&mut input) {
        println!("cannot read the input: {err}");
        exit(INVALID);
    }
    match validate(&input) {
        Ok(n) => {
            println!("valid: n = {n}");
            exit(VALID);
        }
        Err((line, column, reason)) => {
            println!("line {line}, column {column}: {reason}");
            exit(INVALID);
        }
    }
}

/// n, or (line, column, reason) for the first problem.
fn validate(input: &[u8]) -> Result<u64, (usize, usize, String)> {
    let digits = input.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        let found = describe(input.first());
        return Err((
            1,
            1,
            format!("expected n (a positive integer), found {found}"),
        ));
    }
    if input[0] == b'0' {
        return Err((
            1,
            1,
            "n must be written without leading zeros (and 0 is too small)".into(),
        ));
    }
    if digits > 7 {
        return Err((
            1,
            1,
            format!("n has {digits} digits; it must be at most {MAX_N}"),
        ));
    }
    let n = input[..digits]
        .iter()
        .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'));
    if n > MAX_N {
        return Err((1, 1, format!("n = {n} is larger than {MAX_N}")));
    }
    match input.get(digits) {
        Some(b'\n') => {}
        other => {
            return Err((
                1,
                digits + 1,
                format!("expected a newline after n, found {}", describe(other)),
            ));
        }
    }
    if input.len() > digits + 1 {
        return Err((
            2,
            1,
            format!(
                "expected the end of the input, found {}",
                describe(input.get(digits + 1))
            ),
        ));
    }
    Ok(n)
}

fn describe(byte: Option<&u8>) -> String {
    match byte {
        None => "the end of the input".into(),
        Some(b'\n') => "a newline".into(),
        Some(b'\r') => "a carriage return".into(),
        Some(b' ') => "a space".into(),
        Some(b'\t') => "a tab".into(),
        Some(&b) if b.is_ascii_graphic() => format!("'{}'", b as char),
        Some(&b) => format!("byte 0x{b:02x}"),
    }
}
