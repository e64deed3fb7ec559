//! Writing numbers one per line, near the speed of copying bytes. Numbers go straight into a
//! large buffer that reaches the writer in big blocks. Arbitrary numbers are formatted by hand,
//! two digits at a time from a lookup table; numbers that step through an arithmetic sequence
//! are kept as text ([`Counter`]) and stepped in place, so writing one costs a 16-byte copy and
//! a digit update.

use std::io::{self, Write};

/// Bytes collected before a write; large enough that the system call cost vanishes.
const BLOCK: usize = 1 << 20;
/// Room after a block for one more line: 20 digits of a u64 and the newline, or a counter's
/// 16-byte store and the 4 bytes stored over its end.
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

    /// Appends the number a [`Counter`] holds and a newline.
    #[inline(always)]
    pub fn counter(&mut self, counter: &Counter) -> io::Result<()> {
        if self.len > BLOCK {
            self.flush_block()?;
        }
        let slot: &mut [u8; Counter::WIDTH + 4] = (&mut self.buf
            [self.len..self.len + Counter::WIDTH + 4])
            .try_into()
            .unwrap();
        self.len += counter.put(slot);
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

/// A number written in decimal, stepped up or down by a small amount without reformatting.
///
/// It is kept as a prefix (every digit but the last two, as text in a `u128`, byte i being
/// character i) and the last two digits as a number. A step changes only those two digits,
/// except once per hundred when the prefix gains or loses one, so writing a number is a table
/// look-up, a shift, an or and one 16-byte store: no per-digit work and no stores through memory
/// that the next write would have to wait for.
#[derive(Debug, Clone)]
pub struct Counter {
    /// The digits of value / 100 (empty when it is 0).
    prefix: u128,
    /// How many digits the prefix has (at most 13).
    prefix_len: u32,
    /// value % 100.
    last_two: u8,
}

/// The last two digits and a newline, for every value of value % 100.
static LAST_TWO: [u32; 100] = {
    let mut table = [0u32; 100];
    let mut i = 0;
    while i < 100 {
        let tens = (b'0' + (i / 10) as u8) as u32;
        let units = (b'0' + (i % 10) as u8) as u32;
        table[i] = tens | units << 8 | (b'\n' as u32) << 16;
        i += 1;
    }
    table
};

impl Counter {
    /// Bytes copied per number: the longest number (15 digits) and its newline.
    pub const WIDTH: usize = 16;

    pub fn new(value: u64) -> Counter {
        assert!(
            value < 1_000_000_000_000_000,
            "a counter holds at most 15 digits"
        );
        let high = value / 100;
        let (prefix, prefix_len) = if high == 0 {
            (0, 0)
        } else {
            let len = digit_count(high);
            let mut text = [0u8; Counter::WIDTH];
            write_digits(&mut text[..len], high);
            (u128::from_le_bytes(text), len as u32)
        };
        Counter {
            prefix,
            prefix_len,
            last_two: (value % 100) as u8,
        }
    }

    /// Writes the number and a newline at the start of `slot` (the bytes after the newline are
    /// junk) and returns how many bytes belong to it: the prefix as one 16-byte store, then the
    /// last two digits and the newline as one 4-byte store over its end.
    #[inline(always)]
    fn put(&self, slot: &mut [u8; Counter::WIDTH + 4]) -> usize {
        let at = self.prefix_len as usize;
        if at == 0 && self.last_two < 10 {
            // Below 10: one digit, no leading zero.
            slot[..2].copy_from_slice(&[b'0' + self.last_two, b'\n']);
            return 2;
        }
        slot[..Counter::WIDTH].copy_from_slice(&self.prefix.to_le_bytes());
        slot[at..at + 4].copy_from_slice(&LAST_TWO[self.last_two as usize].to_le_bytes());
        at + 3
    }

    /// Adds `step` (at most 100).
    #[inline]
    pub fn add(&mut self, step: u8) {
        debug_assert!(step <= 100);
        let sum = self.last_two + step;
        if sum < 100 {
            self.last_two = sum;
        } else {
            self.last_two = sum - 100;
            self.prefix_up();
        }
    }

    /// Subtracts `step` (at most 100, and at most the value).
    #[inline]
    pub fn sub(&mut self, step: u8) {
        debug_assert!(step <= 100);
        if self.last_two >= step {
            self.last_two -= step;
        } else {
            self.last_two = self.last_two + 100 - step;
            self.prefix_down();
        }
    }

    fn byte(&self, i: u32) -> u8 {
        (self.prefix >> (8 * i)) as u8
    }

    /// The prefix plus one.
    fn prefix_up(&mut self) {
        let mut i = self.prefix_len;
        while i > 0 {
            i -= 1;
            if self.byte(i) == b'9' {
                self.prefix -= 9 << (8 * i); // '9' becomes '0'
            } else {
                self.prefix += 1 << (8 * i);
                return;
            }
        }
        // Empty or all nines: a new leading 1.
        assert!(self.prefix_len < 13, "a counter holds at most 15 digits");
        self.prefix = self.prefix << 8 | u128::from(b'1');
        self.prefix_len += 1;
    }

    /// The prefix minus one (it is at least 1).
    fn prefix_down(&mut self) {
        let mut i = self.prefix_len;
        while i > 0 {
            i -= 1;
            if self.byte(i) == b'0' {
                self.prefix += 9 << (8 * i); // '0' becomes '9'
            } else {
                self.prefix -= 1 << (8 * i);
                break;
            }
        }
        if self.byte(0) == b'0' {
            // A leading zero: drop it (the prefix may become empty).
            self.prefix >>= 8;
            self.prefix_len -= 1;
        }
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
    fn counters_step_like_numbers() {
        for start in [
            0u64,
            3,
            7,
            9,
            10,
            96,
            99,
            100,
            995,
            1000,
            9_999_996,
            123_456_789,
            99_999_999_999_000,
        ] {
            for step in [1u8, 4, 10, 99] {
                let mut up = Counter::new(start);
                let mut down = Counter::new(start + 1000);
                let steps = 250.min((start + 1000) / u64::from(step) + 1);
                let mut out = Vec::new();
                let mut w = LineWriter::new(&mut out);
                for k in 0..steps {
                    w.counter(&up).unwrap();
                    w.counter(&down).unwrap();
                    up.add(step);
                    if k + 1 < steps {
                        down.sub(step);
                    }
                }
                w.finish().unwrap();
                let expected: String = (0..steps)
                    .map(|k| {
                        let at = k * u64::from(step);
                        format!("{}\n{}\n", start + at, start + 1000 - at)
                    })
                    .collect();
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    expected,
                    "start {start} step {step}"
                );
            }
        }
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
