//! A byte-at-a-time reader over an input that knows which line and column it is at, for
//! readers that name the place of every format error.

use std::io::BufRead;

use crate::{InputError, SolveError};

/// Bytes the parser reads at a time: a whole board fits in one read.
const CHUNK: usize = 4096;

/// A byte-at-a-time reader over the input that knows where it is. It reads into its own
/// buffer, so looking at a byte costs no call through the `dyn BufRead`.
pub(super) struct Cursor<'a> {
    input: &'a mut dyn BufRead,
    chunk: [u8; CHUNK],
    /// The unread bytes are `chunk[start..end]`.
    start: usize,
    end: usize,
    pub(super) line: usize,
    pub(super) column: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(input: &'a mut dyn BufRead) -> Self {
        Cursor {
            input,
            chunk: [0; CHUNK],
            start: 0,
            end: 0,
            line: 1,
            column: 1,
        }
    }

    pub(super) fn peek(&mut self) -> Result<Option<u8>, SolveError> {
        while self.start == self.end {
            match self.input.read(&mut self.chunk) {
                Ok(0) => return Ok(None),
                Ok(read) => (self.start, self.end) = (0, read),
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err.into()),
            }
        }
        Ok(Some(self.chunk[self.start]))
    }

    /// Moves past the byte `peek` returned (on the same line).
    pub(super) fn bump(&mut self) {
        self.start += 1;
        self.column += 1;
    }

    /// Moves past a line feed.
    pub(super) fn next_line(&mut self) {
        self.start += 1;
        self.line += 1;
        self.column = 1;
    }

    pub(super) fn error(&self, message: impl Into<String>) -> SolveError {
        InputError::new(self.line, self.column, message).into()
    }

    /// Consumes a line end (`\n` or `\r\n`), or accepts the end of the input when `last`.
    pub(super) fn line_end(&mut self, what: &str, last: bool) -> Result<(), SolveError> {
        match self.peek()? {
            Some(b'\n') => {}
            Some(b'\r') => {
                let column = self.column;
                self.bump();
                if self.peek()? != Some(b'\n') {
                    let message = "a carriage return must be followed by a line feed";
                    return Err(InputError::new(self.line, column, message).into());
                }
            }
            None if last => return Ok(()),
            None => return Err(self.error(format!("the input ends inside {what}"))),
            Some(other) => {
                return Err(self.error(format!(
                    "expected the end of {what}, found {}",
                    describe(other)
                )));
            }
        }
        self.next_line();
        Ok(())
    }

    /// Skips white space and line ends.
    pub(super) fn skip_blank_lines(&mut self) -> Result<(), SolveError> {
        while let Some(byte) = self.peek()? {
            match byte {
                b' ' | b'\t' | b'\r' => self.bump(),
                b'\n' => self.next_line(),
                _ => break,
            }
        }
        Ok(())
    }
}

/// A byte as an error message shows it.
pub(super) fn describe(byte: u8) -> String {
    match byte {
        b'\n' => "a line end".to_string(),
        b' ' => "a space".to_string(),
        b'\t' => "a tab".to_string(),
        b'\r' => "a carriage return".to_string(),
        0x21..=0x7e => format!("'{}'", byte as char),
        _ => format!("byte 0x{byte:02x}"),
    }
}
