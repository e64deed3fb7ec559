//! An input seen as lines and tokens, for shrinking without knowing its format: which lines and
//! tokens there are, whether the first line counts the rest (`n`, then `n` lines or `n`
//! numbers), and the candidates made of a subset of them, written straight to a file with the
//! count fixed or left as it was.

use std::io::Write;
use std::ops::Range;
use std::path::Path;

/// What a first-line count counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Counts {
    Lines,
    Tokens,
}

/// A first line whose first token counts the lines or the tokens after it.
#[derive(Debug, Clone)]
pub(super) struct Header {
    pub counts: Counts,
    /// The count's bytes in the input.
    token: Range<usize>,
}

/// One token: its bytes and its line.
#[derive(Debug, Clone)]
pub(super) struct Token {
    pub bytes: Range<usize>,
    pub line: usize,
}

/// An input's lines and tokens (ranges into its bytes, which it holds once).
pub(super) struct Layout {
    pub bytes: Vec<u8>,
    /// Each line's bytes, without its newline.
    pub lines: Vec<Range<usize>>,
    pub tokens: Vec<Token>,
    pub header: Option<Header>,
}

impl Layout {
    pub(super) fn read(path: &Path) -> std::io::Result<Layout> {
        Ok(Layout::new(std::fs::read(path)?))
    }

    pub(super) fn new(bytes: Vec<u8>) -> Layout {
        let mut lines = Vec::new();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                lines.push(start..i);
                start = i + 1;
            }
        }
        if start < bytes.len() {
            lines.push(start..bytes.len());
        }
        let mut tokens = Vec::new();
        for (line, range) in lines.iter().enumerate() {
            let mut k = range.start;
            while k < range.end {
                if bytes[k].is_ascii_whitespace() {
                    k += 1;
                    continue;
                }
                let begin = k;
                while k < range.end && !bytes[k].is_ascii_whitespace() {
                    k += 1;
                }
                tokens.push(Token {
                    bytes: begin..k,
                    line,
                });
            }
        }
        let header = header(&bytes, &lines, &tokens);
        Layout {
            bytes,
            lines,
            tokens,
            header,
        }
    }

    /// Text, as far as shrinking by tokens goes: UTF-8 without NUL bytes.
    pub(super) fn is_text(&self) -> bool {
        !self.bytes.contains(&0) && std::str::from_utf8(&self.bytes).is_ok()
    }

    /// The lines that shrinking may drop: all of them, or those after a counting first line.
    pub(super) fn line_units(&self) -> Vec<usize> {
        let first = usize::from(self.header.is_some());
        (first..self.lines.len()).collect()
    }

    /// The tokens that shrinking may drop: all of them but a counting first line's.
    pub(super) fn token_units(&self) -> Vec<usize> {
        let header_line = self.header.as_ref().map(|_| 0);
        (0..self.tokens.len())
            .filter(|&t| Some(self.tokens[t].line) != header_line)
            .collect()
    }

    /// Writes the input made of the header (its count fixed if `fix`) and the lines `kept`.
    pub(super) fn write_lines(
        &self,
        kept: &[usize],
        fix: bool,
        path: &Path,
    ) -> std::io::Result<()> {
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(path)?);
        if let Some(header) = &self.header {
            let count = match header.counts {
                Counts::Lines => kept.len(),
                Counts::Tokens => kept.iter().map(|&l| self.tokens_on(l)).sum(),
            };
            self.write_header(&mut out, header, fix.then_some(count))?;
        }
        for &l in kept {
            out.write_all(&self.bytes[self.lines[l].clone()])?;
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    /// Writes the input made of the header (its count fixed if `fix`) and the tokens `kept`,
    /// each on its line, single spaces between them; lines left without tokens disappear.
    pub(super) fn write_tokens(
        &self,
        kept: &[usize],
        fix: bool,
        path: &Path,
    ) -> std::io::Result<()> {
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(path)?);
        if let Some(header) = &self.header {
            let mut lines: Vec<usize> = kept.iter().map(|&t| self.tokens[t].line).collect();
            lines.dedup();
            let count = match header.counts {
                Counts::Lines => lines.len(),
                Counts::Tokens => kept.len(),
            };
            self.write_header(&mut out, header, fix.then_some(count))?;
        }
        let mut current = None;
        for &t in kept {
            let token = &self.tokens[t];
            match current {
                Some(line) if line == token.line => out.write_all(b" ")?,
                Some(_) => out.write_all(b"\n")?,
                None => {}
            }
            current = Some(token.line);
            out.write_all(&self.bytes[token.bytes.clone()])?;
        }
        if current.is_some() {
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    /// Writes the input with token `t` replaced by `value`.
    pub(super) fn write_replaced(&self, t: usize, value: &str, path: &Path) -> std::io::Result<()> {
        let range = &self.tokens[t].bytes;
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        out.write_all(&self.bytes[..range.start])?;
        out.write_all(value.as_bytes())?;
        out.write_all(&self.bytes[range.end..])?;
        out.flush()
    }

    fn write_header(
        &self,
        out: &mut impl Write,
        header: &Header,
        count: Option<usize>,
    ) -> std::io::Result<()> {
        let line = self.lines[0].clone();
        out.write_all(&self.bytes[line.start..header.token.start])?;
        match count {
            Some(count) => out.write_all(count.to_string().as_bytes())?,
            None => out.write_all(&self.bytes[header.token.clone()])?,
        }
        out.write_all(&self.bytes[header.token.end..line.end])?;
        out.write_all(b"\n")
    }

    fn tokens_on(&self, line: usize) -> usize {
        let first = self.tokens.partition_point(|t| t.line < line);
        let end = self.tokens.partition_point(|t| t.line <= line);
        end - first
    }
}

/// The first line's first token, if it is a count of the lines or of the tokens after it.
fn header(bytes: &[u8], lines: &[Range<usize>], tokens: &[Token]) -> Option<Header> {
    let first = tokens.first().filter(|t| t.line == 0)?;
    let count: usize = std::str::from_utf8(&bytes[first.bytes.clone()])
        .ok()?
        .parse()
        .ok()?;
    let body_tokens = tokens.iter().filter(|t| t.line > 0).count();
    let counts = if count == lines.len() - 1 {
        Counts::Lines
    } else if count == body_tokens {
        Counts::Tokens
    } else {
        return None;
    };
    Some(Header {
        counts,
        token: first.bytes.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(f: impl Fn(&Path) -> std::io::Result<()>) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x");
        f(&path).unwrap();
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn a_count_of_numbers_is_fixed_when_numbers_go() {
        let layout = Layout::new(b"5\n1 2 3\n4 5\n".to_vec());
        assert_eq!(layout.header.as_ref().unwrap().counts, Counts::Tokens);
        assert_eq!(layout.line_units(), [1, 2]);
        assert_eq!(layout.token_units(), [1, 2, 3, 4, 5]);
        assert_eq!(written(|p| layout.write_lines(&[2], true, p)), "2\n4 5\n");
        assert_eq!(written(|p| layout.write_lines(&[2], false, p)), "5\n4 5\n");
        assert_eq!(
            written(|p| layout.write_tokens(&[1, 5], true, p)),
            "2\n1\n5\n"
        );
        assert_eq!(
            written(|p| layout.write_replaced(3, "0", p)),
            "5\n1 2 0\n4 5\n"
        );
    }

    #[test]
    fn a_count_of_lines_and_no_count() {
        let layout = Layout::new(b"3 9\na b\nc\nd\n".to_vec());
        assert_eq!(layout.header.as_ref().unwrap().counts, Counts::Lines);
        assert_eq!(
            written(|p| layout.write_lines(&[1, 3], true, p)),
            "2 9\na b\nd\n"
        );
        let plain = Layout::new(b"7 1\n2".to_vec());
        assert!(plain.header.is_none());
        assert_eq!(plain.line_units(), [0, 1]);
        assert!(!Layout::new(vec![0, 1, 2]).is_text());
    }
}
