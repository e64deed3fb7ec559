//! The token diff as it reads: both texts pass through fixed-size buffers, so the judge's memory
//! stays the same whatever the size of an output. While the two texts are byte for byte the
//! same, whole pieces are skipped at the speed of a memory compare; elsewhere pieces are
//! compared as they arrive, a long token in chunks, and only the start of each is kept for the
//! message.

use std::io::{self, Read};

use super::{DiffFlags, Ended, describe_space, parse_float, quote};

/// How much of a piece is kept: enough for a message (40 bytes of a token are shown) and for
/// any number; a longer token is compared in full but never read as a number, and a longer
/// white-space run is shown cut.
const KEEP: usize = 4096;

/// Where and why the texts differ: the reason and the lines to show (1-based).
pub(super) struct Found {
    pub reason: String,
    pub out_line: usize,
    pub ans_line: usize,
    pub ended: Option<Ended>,
}

/// One text, read through a buffer, with the line of its next byte.
struct Scanner<R> {
    reader: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
    line: usize,
}

/// The start of a piece: its kind, its line, its first bytes and whether it is longer.
struct Piece {
    space: bool,
    line: usize,
    kept: Vec<u8>,
    longer: bool,
}

impl<R: Read> Scanner<R> {
    fn new(reader: R, block: usize) -> Scanner<R> {
        Scanner {
            reader,
            buf: vec![0; block.max(2)],
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
        }
    }

    /// Reads more when nothing is buffered; `false` at the end of the text.
    fn fill(&mut self) -> io::Result<bool> {
        if self.pos == self.end {
            self.pos = 0;
            self.end = 0;
            self.read_more()?;
        }
        Ok(self.pos < self.end)
    }

    /// Moves what is unread to the front and reads until the buffer is full or the text ends.
    fn top_up(&mut self) -> io::Result<()> {
        if self.eof || self.end - self.pos >= self.buf.len() / 2 {
            return Ok(());
        }
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        while self.end < self.buf.len() && !self.eof {
            self.read_more()?;
        }
        Ok(())
    }

    fn read_more(&mut self) -> io::Result<()> {
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            return Ok(());
        }
    }

    /// The kind of the next piece (`Some(true)`: white space), `None` at the end.
    fn next_kind(&mut self) -> io::Result<Option<bool>> {
        Ok(self
            .fill()?
            .then(|| self.buf[self.pos].is_ascii_whitespace()))
    }

    /// How many of the buffered bytes continue a piece of this kind (0: it ended).
    fn run(&mut self, space: bool) -> io::Result<usize> {
        if !self.fill()? {
            return Ok(0);
        }
        let ahead = &self.buf[self.pos..self.end];
        Ok(ahead
            .iter()
            .position(|b| b.is_ascii_whitespace() != space)
            .unwrap_or(ahead.len()))
    }

    fn ahead(&self, n: usize) -> &[u8] {
        &self.buf[self.pos..self.pos + n]
    }

    fn consume(&mut self, n: usize) {
        self.line += newlines(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
    }

    /// Skips white space (the default mode compares tokens only).
    fn skip_space(&mut self) -> io::Result<()> {
        loop {
            let n = self.run(true)?;
            if n == 0 {
                return Ok(());
            }
            self.consume(n);
        }
    }

    /// Reads the piece that starts here, keeping its first `keep` bytes.
    fn piece(&mut self, space: bool, keep: usize) -> io::Result<Piece> {
        let mut piece = Piece::new(space, self.line);
        loop {
            let n = self.run(space)?;
            if n == 0 || piece.longer {
                return Ok(piece);
            }
            piece.keep(self.ahead(n), keep);
            self.consume(n);
        }
    }
}

impl Piece {
    fn new(space: bool, line: usize) -> Piece {
        Piece {
            space,
            line,
            kept: Vec::new(),
            longer: false,
        }
    }

    fn keep(&mut self, bytes: &[u8], keep: usize) {
        let room = keep.saturating_sub(self.kept.len());
        self.kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.longer |= bytes.len() > room;
    }

    /// For a message: its text quoted, or "white space".
    fn what(&self) -> String {
        if self.space {
            "white space".to_string()
        } else {
            quote(&self.kept)
        }
    }

    /// As [`describe_space`] shows it, marked when cut short.
    fn described(&self) -> String {
        let shown = describe_space(&self.kept);
        match self.longer {
            true => format!("{}…\"", &shown[..shown.len() - 1]),
            false => shown,
        }
    }
}

fn newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// Compares an output with the answer as both are read, in blocks of `block` bytes.
pub(super) fn compare<O: Read, A: Read>(
    output: O,
    answer: A,
    flags: &DiffFlags,
    block: usize,
) -> io::Result<Result<(), Found>> {
    let mut out = Scanner::new(output, block);
    let mut ans = Scanner::new(answer, block);
    // The lines of the last pieces compared.
    let mut lines = (1, 1);
    loop {
        skip_identical(&mut out, &mut ans, flags, &mut lines)?;
        if !flags.space_change_sensitive {
            out.skip_space()?;
            ans.skip_space()?;
        }
        let (out_line, ans_line) = lines;
        match (ans.next_kind()?, out.next_kind()?) {
            (None, None) => return Ok(Ok(())),
            (Some(space), None) => {
                let a = ans.piece(space, KEEP)?;
                let reason = format!(
                    "output ended early: expected {} on line {}",
                    a.what(),
                    a.line
                );
                return Ok(Err(Found {
                    reason,
                    out_line,
                    ans_line: a.line,
                    ended: Some(Ended::Output),
                }));
            }
            (None, Some(space)) => {
                let o = out.piece(space, KEEP)?;
                let reason = format!(
                    "extra output on line {}: {} after the end of the answer",
                    o.line,
                    o.what()
                );
                return Ok(Err(Found {
                    reason,
                    out_line: o.line,
                    ans_line,
                    ended: Some(Ended::Answer),
                }));
            }
            (Some(a_space), Some(o_space)) => {
                lines = (out.line, ans.line);
                if let Some(reason) = pair(&mut out, o_space, &mut ans, a_space, flags)? {
                    return Ok(Err(Found {
                        reason,
                        out_line: lines.0,
                        ans_line: lines.1,
                        ended: None,
                    }));
                }
            }
        }
    }
}

/// Compares the pieces that start in both texts, reading both to their ends (or, once they
/// differ for sure, far enough for the message): why they differ, or `None`.
fn pair<O: Read, A: Read>(
    out: &mut Scanner<O>,
    o_space: bool,
    ans: &mut Scanner<A>,
    a_space: bool,
    flags: &DiffFlags,
) -> io::Result<Option<String>> {
    let tokens = !o_space && !a_space;
    let keep = KEEP;
    let mut o = Piece::new(o_space, out.line);
    let mut a = Piece::new(a_space, ans.line);
    let (mut exact, mut folded) = (o_space == a_space, tokens);
    loop {
        let (n_o, n_a) = (out.run(o_space)?, ans.run(a_space)?);
        if n_o == 0 && n_a == 0 {
            break;
        }
        let n = n_o.min(n_a);
        if n == 0 {
            // One piece ended before the other.
            (exact, folded) = (false, false);
            if o.longer || a.longer {
                break;
            }
            if n_o > 0 {
                o.keep(out.ahead(n_o), keep);
                out.consume(n_o);
            } else {
                a.keep(ans.ahead(n_a), keep);
                ans.consume(n_a);
            }
            continue;
        }
        let (x, y) = (out.ahead(n), ans.ahead(n));
        exact &= x == y;
        folded &= tokens && x.eq_ignore_ascii_case(y);
        o.keep(x, keep);
        a.keep(y, keep);
        out.consume(n);
        ans.consume(n);
        if !exact && !folded && (o.longer || a.longer) {
            break;
        }
    }
    if exact || (folded && !flags.case_sensitive) {
        return Ok(None);
    }
    if !tokens {
        return Ok(Some(format!(
            "line {}: white space differs: expected {}, got {}",
            o.line,
            a.described(),
            o.described()
        )));
    }
    Ok(token_difference(&a, &o, folded, flags))
}

/// Why two tokens that are not the same bytes (nor the same letters, where case is ignored)
/// differ, or `None` when they are numbers within the tolerance.
fn token_difference(a: &Piece, o: &Piece, folded: bool, flags: &DiffFlags) -> Option<String> {
    let number = |p: &Piece| if p.longer { None } else { parse_float(&p.kept) };
    if flags.uses_floats()
        && let Some(expected) = number(a)
    {
        let Some(got) = number(o) else {
            return Some(format!(
                "line {}: expected the number {}, got {}",
                o.line,
                quote(&a.kept),
                quote(&o.kept)
            ));
        };
        let diff = (expected - got).abs();
        let abs_ok = flags.float_absolute_tolerance.is_some_and(|t| diff <= t);
        let rel_ok = flags
            .float_relative_tolerance
            .is_some_and(|t| diff <= t * expected.abs());
        if abs_ok || rel_ok || (expected.is_nan() && got.is_nan()) || expected == got {
            return None;
        }
        return Some(format!(
            "line {}: expected {}, got {} (difference {diff:e} is beyond the tolerance)",
            o.line,
            quote(&a.kept),
            quote(&o.kept)
        ));
    }
    let case_note = if folded { ": case differs" } else { "" };
    Some(format!(
        "line {}: expected {}, got {}{case_note}",
        o.line,
        quote(&a.kept),
        quote(&o.kept)
    ))
}

/// Skips what both texts hold byte for byte the same from here, up to the last place in the
/// buffers where a token starts after white space (so only whole pieces are skipped, and the
/// texts are cut at the same piece in both); `lines` becomes the lines of the last pieces
/// skipped. Both texts must be at the start of a piece.
fn skip_identical<O: Read, A: Read>(
    out: &mut Scanner<O>,
    ans: &mut Scanner<A>,
    flags: &DiffFlags,
    lines: &mut (usize, usize),
) -> io::Result<()> {
    out.top_up()?;
    ans.top_up()?;
    let (x, y) = (&out.buf[out.pos..out.end], &ans.buf[ans.pos..ans.end]);
    let same = common_prefix(x, y);
    let Some(cut) = (1..same)
        .rev()
        .find(|&k| x[k - 1].is_ascii_whitespace() && !x[k].is_ascii_whitespace())
    else {
        return Ok(());
    };
    // The skipped text ends with a white-space run; the last piece compared before it is the
    // token that precedes that run (or, where white space counts, the run itself): either way
    // it starts on the line where the run starts.
    let run_start = x[..cut]
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map(|i| i + 1);
    let before_run = match run_start {
        Some(start) => Some(newlines(&x[..start])),
        None if flags.space_change_sensitive => Some(0),
        None => None,
    };
    if let Some(n) = before_run {
        *lines = (out.line + n, ans.line + n);
    }
    out.consume(cut);
    ans.consume(cut);
    Ok(())
}

/// The length of the longest common prefix, compared a block at a time.
fn common_prefix(x: &[u8], y: &[u8]) -> usize {
    const STEP: usize = 64;
    let len = x.len().min(y.len());
    let mut i = 0;
    while i + STEP <= len && x[i..i + STEP] == y[i..i + STEP] {
        i += STEP;
    }
    i + x[i..len]
        .iter()
        .zip(&y[i..len])
        .take_while(|(a, b)| a == b)
        .count()
}
