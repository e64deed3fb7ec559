//! Reading the small whitespace-separated integer inputs of this puzzle family, with the line and
//! column of the first thing that is wrong.

use std::io::BufRead;
use std::ops::RangeInclusive;

use crate::{InputError, SolveError};

/// The tokens of one input, remembering where each starts.
pub struct Tokens {
    text: Vec<u8>,
    pos: usize,
    line: usize,
    column: usize,
}

impl Tokens {
    /// Reads the whole input (the inputs of this family are at most a few megabytes).
    pub fn read(input: &mut dyn BufRead) -> Result<Tokens, SolveError> {
        let mut text = Vec::new();
        input.read_to_end(&mut text)?;
        Ok(Tokens {
            text,
            pos: 0,
            line: 1,
            column: 1,
        })
    }

    /// Skips white space, keeping the line and column up to date.
    fn skip_space(&mut self) {
        while let Some(&c) = self.text.get(self.pos) {
            match c {
                b'\n' => {
                    self.line += 1;
                    self.column = 1;
                }
                b' ' | b'\t' | b'\r' => self.column += 1,
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// The next integer, named `what` in error messages, which must lie in `range`.
    pub fn integer(&mut self, what: &str, range: RangeInclusive<u64>) -> Result<u64, InputError> {
        self.skip_space();
        let (line, column) = (self.line, self.column);
        let start = self.pos;
        while self
            .text
            .get(self.pos)
            .is_some_and(|c| !c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        let token = &self.text[start..self.pos];
        self.column += token.len();
        if token.is_empty() {
            return Err(InputError::new(
                line,
                column,
                format!("expected {what}, found the end of the input"),
            ));
        }
        let shown = String::from_utf8_lossy(token);
        if !token.iter().all(u8::is_ascii_digit) {
            return Err(InputError::new(
                line,
                column,
                format!("{what} must be a non-negative integer, found '{shown}'"),
            ));
        }
        let value = shown
            .parse::<u64>()
            .ok()
            .filter(|v| range.contains(v))
            .ok_or_else(|| {
                InputError::new(
                    line,
                    column,
                    format!(
                        "{what} = {shown} is out of range ({}..={})",
                        range.start(),
                        range.end()
                    ),
                )
            })?;
        Ok(value)
    }

    /// Fails if anything but white space is left.
    pub fn end(&mut self) -> Result<(), InputError> {
        self.skip_space();
        if self.pos < self.text.len() {
            return Err(InputError::new(
                self.line,
                self.column,
                "unexpected text after the input",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Tokens {
        Tokens::read(&mut text.as_bytes()).unwrap()
    }

    #[test]
    fn reads_integers_across_lines() {
        let mut t = tokens("3 2\r\n  17\n");
        assert_eq!(t.integer("n", 1..=10).unwrap(), 3);
        assert_eq!(t.integer("m", 1..=10).unwrap(), 2);
        assert_eq!(t.integer("i", 1..=100).unwrap(), 17);
        t.end().unwrap();
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut t = tokens("3\n  x5\n");
        t.integer("n", 1..=10).unwrap();
        assert_eq!(
            t.integer("m", 1..=10).unwrap_err(),
            InputError::new(2, 3, "m must be a non-negative integer, found 'x5'")
        );
        let mut t = tokens("3 11");
        t.integer("n", 1..=10).unwrap();
        assert_eq!(
            t.integer("m", 1..=10).unwrap_err().to_string(),
            "line 1, column 3: m = 11 is out of range (1..=10)"
        );
        let mut t = tokens("3\n");
        t.integer("n", 1..=10).unwrap();
        assert_eq!(t.integer("m", 1..=10).unwrap_err().line, 2);
        let mut t = tokens("3 4 5");
        t.integer("n", 1..=10).unwrap();
        t.integer("m", 1..=10).unwrap();
        assert_eq!(
            t.end().unwrap_err(),
            InputError::new(1, 5, "unexpected text after the input")
        );
    }
}
