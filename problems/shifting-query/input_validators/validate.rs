//! Input validator for `shifting-query`: `n m q` with 2 <= n, m <= 10^9 and 1 <= q <= 10^5,
//! then q lines each holding a move number 1 <= i <= nm + n + m.
//! Exit 42 valid, 43 invalid (reason with line and column on stdout). Standard library only.

use std::io::Read;
use std::process::exit;

/// Reads the input strictly: single spaces between numbers, one newline at the end of each
/// line, no leading zeros, nothing else.
struct Reader {
    bytes: Vec<u8>,
    pos: usize,
    line: usize,
    column: usize,
}

fn fail(line: usize, column: usize, message: &str) -> ! {
    println!("line {line}, column {column}: {message}");
    exit(43);
}

impl Reader {
    fn stdin() -> Reader {
        let mut bytes = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
            println!("cannot read the input: {e}");
            exit(1);
        }
        Reader { bytes, pos: 0, line: 1, column: 1 }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn describe(c: Option<u8>) -> String {
        match c {
            None => "the end of the input".to_string(),
            Some(b'\n') => "a newline".to_string(),
            Some(b' ') => "a space".to_string(),
            Some(c) if c.is_ascii_graphic() => format!("'{}'", c as char),
            Some(c) => format!("byte 0x{c:02x}"),
        }
    }

    /// A non-negative integer named `name` in `lo..=hi`.
    fn int(&mut self, name: &str, lo: u64, hi: u64) -> u64 {
        let (line, column) = (self.line, self.column);
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = &self.bytes[start..self.pos];
        if digits.is_empty() {
            fail(line, column, &format!("expected {name}, found {}", Self::describe(self.peek())));
        }
        if digits.len() > 1 && digits[0] == b'0' {
            fail(line, column, &format!("{name} has a leading zero"));
        }
        self.column += digits.len();
        let text = std::str::from_utf8(digits).unwrap();
        match text.parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => v,
            _ => fail(line, column, &format!("{name} = {text} is outside {lo}..={hi}")),
        }
    }

    fn expect(&mut self, want: u8, what: &str) {
        if self.peek() != Some(want) {
            fail(self.line, self.column, &format!("expected {what}, found {}", Self::describe(self.peek())));
        }
        self.pos += 1;
        if want == b'\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }

    fn space(&mut self) {
        self.expect(b' ', "a single space");
    }

    fn newline(&mut self) {
        self.expect(b'\n', "the end of the line");
    }

    fn end(&mut self) {
        if self.pos != self.bytes.len() {
            fail(self.line, self.column, "unexpected text after the input");
        }
    }
}

fn main() {
    let mut r = Reader::stdin();
    let n = r.int("n", 2, 1_000_000_000);
    r.space();
    let m = r.int("m", 2, 1_000_000_000);
    r.space();
    let q = r.int("q", 1, 100_000);
    r.newline();
    let moves = n * m + n + m;
    for _ in 0..q {
        r.int("i", 1, moves);
        r.newline();
    }
    r.end();
    exit(42);
}
