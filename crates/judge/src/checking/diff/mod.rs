//! The default output validator: the standard token diff with its flags.
//!
//! Tokens are maximal runs of non-white-space bytes. By default the comparison ignores case and
//! the amount and kind of white space; `case_sensitive` and `space_change_sensitive` make those
//! count, and the float tolerances accept a number close enough to the judges' number (within
//! the absolute tolerance or the relative one, whichever is looser).

mod stream;
#[cfg(test)]
mod tests;

use std::fs::File;
use std::io::{BufRead, Read};
use std::path::Path;

// The flags' vocabulary lives with the package model, which checks them where they are
// written; the diff reads them.
pub use leapfrog_package::{DiffFlags, FlagError};

/// Where and why an output differs from the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// One line: what differs.
    pub reason: String,
    /// The judges' line and the contestant's line at the first difference (1-based numbers).
    pub answer_line: Option<(usize, String)>,
    pub output_line: Option<(usize, String)>,
    /// Which text ran out while the other went on, if that is the difference.
    pub ended: Option<Ended>,
}

/// The text that ended first; its line in a [`Mismatch`] is the last one compared, which
/// matched, so it is shown as where that text ends rather than with a caret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The contestant's output ended before the answer did.
    Output,
    /// The answer ended and the output went on.
    Answer,
}

/// Blocks of this many bytes are read from each text.
const BLOCK: usize = 1 << 16;

/// Compares a contestant's output with the judges' answer, both in memory.
pub fn compare(output: &[u8], answer: &[u8], flags: &DiffFlags) -> Result<(), Mismatch> {
    compare_in_blocks(output, answer, flags, BLOCK)
}

fn compare_in_blocks(
    output: &[u8],
    answer: &[u8],
    flags: &DiffFlags,
    block: usize,
) -> Result<(), Mismatch> {
    // Reading from memory cannot fail.
    let found = match stream::compare(output, answer, flags, block) {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(found)) => found,
        Err(err) => return Err(Mismatch::bare(err.to_string())),
    };
    let (answer_line, output_line) = focus(
        nth_line(answer, found.ans_line).map(|l| (found.ans_line, l)),
        nth_line(output, found.out_line).map(|l| (found.out_line, l)),
    );
    Err(Mismatch {
        reason: found.reason,
        answer_line,
        output_line,
        ended: found.ended,
    })
}

/// Compares an output file with an answer file as it reads them, in memory that does not
/// depend on their size; `Err` names the file that could not be read.
pub fn compare_files(
    output: &Path,
    answer: &Path,
    flags: &DiffFlags,
) -> Result<Result<(), Mismatch>, String> {
    let open = |p: &Path| File::open(p).map_err(|e| format!("reading {}: {e}", p.display()));
    let (out, ans) = (
        Named::new(open(output)?, output),
        Named::new(open(answer)?, answer),
    );
    let found = match stream::compare(out, ans, flags, BLOCK) {
        Ok(Ok(())) => return Ok(Ok(())),
        Ok(Err(found)) => found,
        Err(err) => return Err(err.to_string()),
    };
    let line = |p: &Path, n: usize| -> Result<Option<(usize, Line)>, String> {
        let file = open(p)?;
        let line = nth_line_read(Named::new(file, p), n).map_err(|e| e.to_string())?;
        Ok(line.map(|l| (n, l)))
    };
    let (answer_line, output_line) =
        focus(line(answer, found.ans_line)?, line(output, found.out_line)?);
    Ok(Err(Mismatch {
        reason: found.reason,
        answer_line,
        output_line,
        ended: found.ended,
    }))
}

/// A file whose read errors name it.
struct Named<'a> {
    file: File,
    path: &'a Path,
}

impl<'a> Named<'a> {
    fn new(file: File, path: &'a Path) -> Named<'a> {
        Named { file, path }
    }
}

impl Read for Named<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.file.read(buf).map_err(|e| {
            std::io::Error::new(e.kind(), format!("reading {}: {e}", self.path.display()))
        })
    }
}

fn parse_float(text: &[u8]) -> Option<f64> {
    std::str::from_utf8(text).ok()?.parse::<f64>().ok()
}

fn describe_space(text: &[u8]) -> String {
    let escaped: String = text
        .iter()
        .map(|&b| match b {
            b'\n' => "\\n".to_string(),
            b'\r' => "\\r".to_string(),
            b'\t' => "\\t".to_string(),
            b' ' => "␣".to_string(),
            other => format!("\\x{other:02x}"),
        })
        .collect();
    format!("\"{escaped}\"")
}

impl Mismatch {
    fn bare(reason: String) -> Mismatch {
        Mismatch {
            reason,
            answer_line: None,
            output_line: None,
            ended: None,
        }
    }
}

/// A token for a message: quoted, shortened, with non-text bytes escaped.
pub fn quote(text: &[u8]) -> String {
    const MAX: usize = 40;
    let shown = &text[..text.len().min(MAX)];
    let mut s = String::from_utf8_lossy(shown).escape_debug().to_string();
    if text.len() > MAX {
        s.push('…');
    }
    format!("\"{s}\"")
}

/// The most of a line a mismatch shows.
const LINE_MAX: usize = 200;

/// The most of a line read to find where two lines part (a longer line is shown cut there).
const LINE_READ: usize = BLOCK;

/// A line as read for a message: its first [`LINE_READ`] bytes as text, without its carriage
/// return, and whether it went on.
#[derive(Debug, Clone)]
struct Line {
    text: String,
    longer: bool,
}

/// Line `n` (1-based) of a text.
fn nth_line(text: &[u8], n: usize) -> Option<Line> {
    nth_line_read(text, n).ok().flatten()
}

/// Line `n` (1-based) of a text read to that line only, its first [`LINE_READ`] bytes kept.
fn nth_line_read(text: impl Read, n: usize) -> std::io::Result<Option<Line>> {
    let mut reader = std::io::BufReader::with_capacity(BLOCK, text);
    let mut line = 1;
    while line < n {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(None);
        }
        let (used, found) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        reader.consume(used);
        line += usize::from(found);
    }
    // The line's first bytes, its length and whether it ends with a carriage return.
    let (mut head, mut len, mut last) = (Vec::new(), 0usize, 0u8);
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let part = buf.iter().position(|&b| b == b'\n').unwrap_or(buf.len());
        let room = (LINE_READ + 1).saturating_sub(head.len());
        head.extend_from_slice(&buf[..part.min(room)]);
        if part > 0 {
            last = buf[part - 1];
        }
        len += part;
        let ended = part < buf.len();
        reader.consume(part);
        if ended {
            break;
        }
    }
    if last == b'\r' && len > 0 {
        len -= 1;
    }
    Ok(Some(Line {
        text: String::from_utf8_lossy(&head[..len.min(LINE_READ)]).into_owned(),
        longer: len > LINE_READ,
    }))
}

/// A line of a mismatch as shown, with its number.
type ShownLine = Option<(usize, String)>;

/// The two lines of a mismatch as shown: each at most [`LINE_MAX`] characters, with control
/// characters escaped. Where the lines part beyond what fits, both are shown from the same
/// column shortly before that point, so that the difference (and the caret under it) is in
/// view rather than cut off after two identical beginnings.
fn focus(answer: Option<(usize, Line)>, output: Option<(usize, Line)>) -> (ShownLine, ShownLine) {
    let parted = match (&answer, &output) {
        (Some((_, a)), Some((_, o))) => (a.text.chars().zip(o.text.chars()))
            .take_while(|(x, y)| x == y)
            .count(),
        _ => 0,
    };
    let start = match parted < LINE_MAX * 3 / 4 {
        true => 0,
        false => parted - LINE_MAX / 2,
    };
    let show = |(n, line): (usize, Line)| {
        let chars: Vec<char> = line.text.chars().collect();
        let from = start.min(chars.len());
        let to = (from + LINE_MAX).min(chars.len());
        let shown: String = chars[from..to].iter().collect();
        let mut s = String::new();
        if from > 0 {
            s.push('…');
        }
        s.push_str(&leapfrog_util::inert(&shown));
        if to < chars.len() || line.longer {
            s.push('…');
        }
        (n, s)
    };
    (answer.map(show), output.map(show))
}

/// Shows the two lines of a mismatch one above the other, with a caret under the first
/// character where they part (found with a character diff).
pub fn render_lines(m: &Mismatch) -> Vec<String> {
    // The text that ended is shown as where it ends: its last line matched, and a caret under
    // it would point at text that is right.
    let ended = |side: Ended, line: &Option<(usize, String)>, label: &str| match line {
        Some((1, text)) if text.is_empty() && m.ended == Some(side) => {
            Some(format!("{label}nothing (it is empty)"))
        }
        Some((n, _)) if m.ended == Some(side) => Some(format!("{label}nothing after line {n}")),
        _ => None,
    };
    let ended_answer = ended(Ended::Answer, &m.answer_line, "expected: ");
    let ended_output = ended(Ended::Output, &m.output_line, "got:      ");
    let mut lines = Vec::new();
    let expected = m
        .answer_line
        .as_ref()
        .map(|(n, l)| (format!("expected (line {n}): "), l.as_str()));
    let got = m
        .output_line
        .as_ref()
        .map(|(n, l)| (format!("got      (line {n}): "), l.as_str()));
    for (ended, line) in [(ended_answer, &expected), (ended_output, &got)] {
        match (ended, line) {
            (Some(shown), _) => lines.push(shown),
            (None, Some((label, text))) => lines.push(format!("{label}{text}")),
            (None, None) => {}
        }
    }
    if m.ended.is_some() {
        return lines;
    }
    if let (Some((_, a)), Some((label, o))) = (&expected, &got) {
        let diff = similar::TextDiff::from_chars(*a, *o);
        let first = diff
            .ops()
            .iter()
            .find(|op| op.tag() != similar::DiffTag::Equal)
            .map(|op| op.new_range().start);
        if let Some(col) = first {
            lines.push(format!("{}^", " ".repeat(label.chars().count() + col)));
        }
    }
    lines
}
