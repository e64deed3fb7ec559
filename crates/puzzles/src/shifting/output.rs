//! Writing hundreds of millions of square numbers, one per line, near the speed of copying bytes.
//!
//! Every square of the row is formatted once into a table (8 bytes per entry, newline included),
//! and each move copies one fixed-size entry into a large buffer and advances by the entry's real
//! length; the buffer goes to the underlying writer in big chunks. Rows too long for the table
//! (more than `TABLE_LIMIT` squares) fall back to formatting digits by hand, still without any
//! allocation or formatting machinery per move.

use std::io::{self, Write};

use super::construction::Run;

/// Bytes handed to the writer at a time.
const CHUNK: usize = 1 << 20;
/// Room left at the end of the buffer for the widest number (20 digits and a newline).
const SLACK: usize = 32;
/// The longest row whose squares are tabulated: 2^21 entries of 9 bytes, 18 MiB at most.
const TABLE_LIMIT: u64 = 1 << 21;

/// One square's decimal text and newline, padded to 8 bytes.
#[derive(Clone, Copy)]
struct Entry {
    bytes: [u8; 8],
    len: u8,
}

/// Buffered writer of decimal numbers, one per line.
pub struct NumberWriter<'w> {
    out: &'w mut dyn Write,
    buf: Vec<u8>,
    pos: usize,
    /// `table[p]` is square `p` followed by a newline (only when the row is short enough).
    table: Vec<Entry>,
}

impl<'w> NumberWriter<'w> {
    /// A writer for squares `1 ..= squares` (0: numbers only, no table).
    pub fn new(out: &'w mut dyn Write, squares: u64) -> Self {
        let table = if squares > 0 && squares < TABLE_LIMIT {
            (0..=squares)
                .map(|p| {
                    let mut bytes = [0u8; 8];
                    let len = format_decimal(p, &mut bytes[..]);
                    bytes[len] = b'\n';
                    Entry {
                        bytes,
                        len: len as u8 + 1,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        NumberWriter {
            out,
            buf: vec![0; CHUNK + SLACK],
            pos: 0,
            table,
        }
    }

    /// Hands the buffered bytes to the writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf[..self.pos])?;
        self.pos = 0;
        Ok(())
    }

    /// Writes one number and a newline.
    pub fn number(&mut self, value: u64) -> io::Result<()> {
        if self.pos >= CHUNK {
            self.flush()?;
        }
        let len = format_decimal(value, &mut self.buf[self.pos..]);
        self.buf[self.pos + len] = b'\n';
        self.pos += len + 1;
        Ok(())
    }

    /// Writes every square of a run, one per line.
    pub fn run(&mut self, run: Run) -> io::Result<()> {
        if self.table.is_empty() {
            for k in 0..run.len {
                self.number(run.at(k))?;
            }
            return Ok(());
        }
        let mut square = run.first as i64;
        let mut left = run.len;
        while left > 0 {
            if self.pos >= CHUNK {
                self.flush()?;
            }
            // Every entry is at most 8 bytes, so this many fit before the next flush check.
            let room = ((CHUNK + SLACK - 8 - self.pos) / 8) as u64;
            let batch = left.min(room.max(1));
            for _ in 0..batch {
                let entry = self.table[square as usize];
                self.buf[self.pos..self.pos + 8].copy_from_slice(&entry.bytes);
                self.pos += entry.len as usize;
                square += run.step;
            }
            left -= batch;
        }
        Ok(())
    }

    /// Writes raw bytes (a header line, a word).
    pub fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.pos + bytes.len() > CHUNK {
            self.flush()?;
        }
        if bytes.len() > CHUNK {
            return self.out.write_all(bytes);
        }
        self.buf[self.pos..self.pos + bytes.len()].copy_from_slice(bytes);
        self.pos += bytes.len();
        Ok(())
    }
}

/// Writes `value` in decimal at the start of `out` and returns the number of digits.
pub fn format_decimal(mut value: u64, out: &mut [u8]) -> usize {
    let mut digits = [0u8; 20];
    let mut len = 0;
    loop {
        digits[19 - len] = b'0' + (value % 10) as u8;
        len += 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out[..len].copy_from_slice(&digits[20 - len..]);
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(squares: u64, runs: &[Run]) -> String {
        let mut out = Vec::new();
        let mut w = NumberWriter::new(&mut out, squares);
        for &r in runs {
            w.run(r).unwrap();
        }
        w.flush().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn decimal_formatting() {
        let mut buf = [0u8; 20];
        for v in [0u64, 7, 10, 99, 12345, u64::MAX] {
            let len = format_decimal(v, &mut buf);
            assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), v.to_string());
        }
    }

    #[test]
    fn runs_with_and_without_the_table() {
        let runs = [
            Run {
                first: 9,
                step: -2,
                len: 4,
            },
            Run {
                first: 10,
                step: 1,
                len: 1,
            },
        ];
        assert_eq!(written(11, &runs), "9\n7\n5\n3\n10\n");
        assert_eq!(written(TABLE_LIMIT + 5, &runs), "9\n7\n5\n3\n10\n");
    }

    #[test]
    fn long_runs_cross_many_flushes() {
        let len = 3 * CHUNK as u64;
        let text = written(
            2_000_000,
            &[Run {
                first: 1_000_000,
                step: 0,
                len,
            }],
        );
        assert_eq!(text.len() as u64, 8 * len);
        assert!(text.lines().all(|l| l == "1000000"));
    }
}
