//! Input validator for `checkers` and `checkers-path` (standard interface: the test input on
//! stdin; exit 42 when valid, 43 when not, the reason with its line and column on stdout).
//!
//! The exact format: a line holding n (2 ≤ n ≤ 26, digits only, no leading zero), then n lines
//! of exactly n characters from `._BW`, every line ending in a single `\n`, and nothing after
//! the last one. The usable squares (every character but `.`) alternate like a checkerboard in
//! either phase: the top-left square decides which. At least one `B` and one `W`.
//! Self-contained: compiles with `rustc -O --edition 2021 validate.rs`.

use std::io::{self, BufRead, BufReader, Read};
use std::process::exit;

const VALID: i32 = 42;
const INVALID: i32 = 43;

fn main() {
    let stdin = io::stdin();
    let mut input = Input {
        reader: BufReader::with_capacity(1 << 16, stdin.lock()),
        line: 1,
        column: 1,
    };
    match check(&mut input) {
        Ok(()) => {
            println!("valid");
            exit(VALID);
        }
        Err(reason) => {
            println!("{reason}");
            exit(INVALID);
        }
    }
}

/// The input, one byte at a time, with the position of the next byte.
struct Input<R: Read> {
    reader: BufReader<R>,
    line: usize,
    column: usize,
}

impl<R: Read> Input<R> {
    fn peek(&mut self) -> Option<u8> {
        match self.reader.fill_buf() {
            Ok(buf) => buf.first().copied(),
            Err(err) => {
                println!("cannot read the input: {err}");
                exit(INVALID);
            }
        }
    }

    fn take(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.reader.consume(1);
        if byte == b'\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(byte)
    }

    fn at(&self, reason: impl std::fmt::Display) -> String {
        format!("line {}, column {}: {reason}", self.line, self.column)
    }

    /// The next byte must end the line.
    fn newline(&mut self, what: &str) -> Result<(), String> {
        match self.peek() {
            Some(b'\n') => {
                self.take();
                Ok(())
            }
            None => Err(self.at(format!("the input ends before the line end of {what}"))),
            Some(other) => Err(self.at(format!(
                "expected the end of {what}, found {}",
                shown(other)
            ))),
        }
    }
}

fn check<R: Read>(input: &mut Input<R>) -> Result<(), String> {
    let mut digits = String::new();
    let start = input.column;
    while let Some(b @ b'0'..=b'9') = input.peek() {
        if digits.is_empty() && b == b'0' {
            return Err(input.at("the board size has a leading zero"));
        }
        if digits.len() == 2 {
            return Err(input.at("the board size has more than two digits"));
        }
        digits.push(b as char);
        input.take();
    }
    if digits.is_empty() {
        return Err(match input.peek() {
            None => input.at("the input is empty"),
            Some(b) => input.at(format!("expected the board size, found {}", shown(b))),
        });
    }
    let n: usize = digits.parse().expect("one or two digits");
    if !(2..=26).contains(&n) {
        return Err(format!(
            "line 1, column {start}: the board size must be 2 to 26, not {n}"
        ));
    }
    input.newline("the size line")?;

    let (mut blacks, mut whites) = (0, 0);
    let mut usable_parity = 0;
    for row in 0..n {
        for col in 0..n {
            let Some(byte) = input.peek() else {
                return Err(input.at(if col == 0 {
                    format!("the input ends after {row} of {n} board lines")
                } else {
                    format!("the input ends inside board line {}", row + 1)
                }));
            };
            if byte == b'\n' {
                let plural = if col == 1 { "" } else { "s" };
                return Err(input.at(format!(
                    "board line {} has {col} character{plural}, expected {n}",
                    row + 1
                )));
            }
            if !matches!(byte, b'.' | b'_' | b'B' | b'W') {
                return Err(input.at(format!("{} is not one of . _ B W", shown(byte))));
            }
            let parity = (row + col) % 2;
            if row == 0 && col == 0 {
                usable_parity = if byte == b'.' { 1 } else { 0 };
            } else if (byte != b'.') != (parity == usable_parity) {
                let should = if parity == usable_parity {
                    "usable"
                } else {
                    "'.'"
                };
                return Err(input.at(format!(
                    "{} breaks the colouring: the top-left square makes this square {should}",
                    shown(byte)
                )));
            }
            blacks += usize::from(byte == b'B');
            whites += usize::from(byte == b'W');
            input.take();
        }
        match input.peek() {
            Some(b'\r') => {
                return Err(input.at("a carriage return: lines end with a single \\n"));
            }
            Some(b) if b != b'\n' => {
                return Err(input.at(format!(
                    "board line {} is longer than {n} characters",
                    row + 1
                )));
            }
            _ => {}
        }
        input.newline(&format!("board line {}", row + 1))?;
    }
    if let Some(byte) = input.peek() {
        return Err(input.at(format!("{} after the last board line", shown(byte))));
    }
    if blacks == 0 {
        return Err("line 2, column 1: the board has no black piece (B)".to_string());
    }
    if whites == 0 {
        return Err("line 2, column 1: the board has no white piece (W)".to_string());
    }
    Ok(())
}

fn shown(byte: u8) -> String {
    match byte {
        b'\n' => "a line end".to_string(),
        b'\r' => "a carriage return".to_string(),
        b' ' => "a space".to_string(),
        b'\t' => "a tab".to_string(),
        0x21..=0x7e => format!("'{}'", byte as char),
        _ => format!("byte 0x{byte:02x}"),
    }
}
