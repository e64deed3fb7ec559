//! Writing numbers one per line, near the speed of copying bytes: digits are formatted by hand,
//! two at a time from a lookup table, straight into a large buffer that goes to the writer in
//! big blocks.

use std::io::{self, Write};

/// Bytes collected before a write; large enough that the system call cost vanishes.
const BLOCK: usize = 1 << 20;
/// The longest line: 20 digits of a u64 and the newline.
const LONGEST: usize = 21;

/// "00" "01" ... "99".
static PAIRS: [u8; 200] = {
    let mut table = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        table[2 * i] = b'0' + (i / 10) as u8;
        table[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    table
};

/// Buffers lines of decimal numbers for a writer.
pub struct LineWriter<'a> {
    out: &'a mut dyn Write,
    buf: Box<[u8]>,
    len: usize,
}

impl<'a> LineWriter<'a> {
    pub fn new(out: &'a mut dyn Write) -> LineWriter<'a> {
        LineWriter {
            out,
            buf: vec![0; BLOCK + LONGEST].into_boxed_slice(),
            len: 0,
        }
    }

    /// Appends `value` and a newline.
    #[inline]
    pub fn number(&mut self, value: u64) -> io::Result<()> {
        if self.len > BLOCK {
            self.flush_block()?;
        }
        let digits = digit_count(value);
        let end = self.len + digits;
        write_digits(&mut self.buf[self.len..end], value);
        self.buf[end] = b'\n';
        self.len = end + 1;
        Ok(())
    }

    /// Appends raw bytes (a short line such as `None\n`).
    pub fn text(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.len + bytes.len() > BLOCK {
            self.flush_block()?;
        }
        if bytes.len() > BLOCK {
            return self.out.write_all(bytes);
        }
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
        Ok(())
    }

    fn flush_block(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf[..self.len])?;
        self.len = 0;
        Ok(())
    }

    /// Writes out everything buffered and flushes the writer.
    pub fn finish(mut self) -> io::Result<()> {
        self.flush_block()?;
        self.out.flush()
    }
}

#[inline]
fn digit_count(value: u64) -> usize {
    let mut digits = 1;
    let mut bound = 10u64;
    while digits < 20 && value >= bound {
        digits += 1;
        bound = bound.wrapping_mul(10);
    }
    digits
}

/// Fills `slot` (exactly as long as the number) with the digits of `value`.
#[inline]
fn write_digits(slot: &mut [u8], mut value: u64) {
    let mut at = slot.len();
    while value >= 100 {
        let pair = (value % 100) as usize * 2;
        value /= 100;
        at -= 2;
        slot[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if value >= 10 {
        let pair = value as usize * 2;
        slot[at - 2..at].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        slot[at - 1] = b'0' + value as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_display() {
        let values = [
            0u64,
            7,
            10,
            99,
            100,
            12345,
            1_000_000,
            9_999_999_999,
            u64::MAX,
        ];
        let mut out = Vec::new();
        let mut w = LineWriter::new(&mut out);
        for &v in &values {
            w.number(v).unwrap();
        }
        w.finish().unwrap();
        let expected: String = values.iter().map(|v| format!("{v}\n")).collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    #[test]
    fn spans_many_blocks() {
        let mut out = Vec::new();
        let mut w = LineWriter::new(&mut out);
        for v in 0..300_000u64 {
            w.number(v * 37).unwrap();
        }
        w.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.lines()
                .map(|l| l.parse::<u64>().unwrap())
                .eq((0..300_000).map(|v| v * 37))
        );
    }
}
