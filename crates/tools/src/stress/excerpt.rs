//! Bounded excerpts of test files for the terminal: the first and last lines of a file, and the
//! first line where two files differ, with context. Whatever the files' size (a 2 MB line, a
//! million lines), an excerpt reads a bounded part of them and stays within a few KiB.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

/// Lines shown from the start and from the end of a file.
const HEAD_LINES: usize = 8;
const TAIL_LINES: usize = 4;
/// Characters shown of one line.
const LINE_CHARS: usize = 160;
/// Bytes read from the start and from the end of a file.
const WINDOW: u64 = 4096;

/// The first lines of a file, bounded (for one-line messages and errors).
pub fn head(path: &Path) -> String {
    let (lines, _) = read_head(path);
    lines.join("\n") + "\n"
}

/// The first and last lines of a file, each cut to a bounded width, with what was left out.
pub fn excerpt(path: &Path) -> String {
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    let (head, complete) = read_head(path);
    if complete {
        return join(&head);
    }
    let tail = read_tail(path, size);
    let total = count_lines(path);
    let left_out = total.saturating_sub(head.len() + tail.len());
    let mut out = join(&head);
    out.push_str(&format!(
        "[... {} of {} left out ...]\n",
        leapfrog_util::plural(left_out, "line"),
        leapfrog_util::plural(size, "byte")
    ));
    out.push_str(&join(&tail));
    out
}

/// The first line on which two files differ, with the line before it and the column where they
/// part, each line cut around that column; `None` when they are the same.
pub fn first_difference(output: &Path, answer: &Path) -> Option<String> {
    let mut a = BufReader::new(File::open(output).ok()?);
    let mut b = BufReader::new(File::open(answer).ok()?);
    let (mut line_a, mut line_b, mut previous) = (Vec::new(), Vec::new(), Vec::new());
    for number in 1.. {
        line_a.clear();
        line_b.clear();
        let read_a = a.read_until(b'\n', &mut line_a).ok()?;
        let read_b = b.read_until(b'\n', &mut line_b).ok()?;
        if read_a == 0 && read_b == 0 {
            return None;
        }
        if line_a != line_b {
            let column = line_a
                .iter()
                .zip(&line_b)
                .position(|(x, y)| x != y)
                .unwrap_or(line_a.len().min(line_b.len()));
            let mut out = format!("line {number}, column {}:\n", column + 1);
            if number > 1 {
                out.push_str(&format!("    {}\n", cut(&previous, column)));
            }
            out.push_str(&format!(
                "  output: {}\n",
                shown_line(&line_a, read_a, column)
            ));
            out.push_str(&format!(
                "  answer: {}\n",
                shown_line(&line_b, read_b, column)
            ));
            return Some(out);
        }
        std::mem::swap(&mut previous, &mut line_a);
    }
    None
}

fn shown_line(line: &[u8], read: usize, column: usize) -> String {
    if read == 0 {
        "(end of file)".to_string()
    } else {
        cut(line, column)
    }
}

/// A line cut to [`LINE_CHARS`] around `column`, with markers where it was cut.
fn cut(line: &[u8], column: usize) -> String {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.len() <= LINE_CHARS {
        return String::from_utf8_lossy(line).into_owned();
    }
    let start = column
        .saturating_sub(LINE_CHARS / 2)
        .min(line.len() - LINE_CHARS);
    let end = start + LINE_CHARS;
    format!(
        "{}{}{} [{} bytes]",
        if start > 0 { "..." } else { "" },
        String::from_utf8_lossy(&line[start..end]),
        if end < line.len() { "..." } else { "" },
        line.len()
    )
}

fn join(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The first lines within the first [`WINDOW`] bytes, cut; and whether that is the whole file.
fn read_head(path: &Path) -> (Vec<String>, bool) {
    let Ok(file) = File::open(path) else {
        return (Vec::new(), true);
    };
    let mut bytes = Vec::new();
    let _ = file.take(WINDOW + 1).read_to_end(&mut bytes);
    let whole = bytes.len() as u64 <= WINDOW;
    bytes.truncate(WINDOW as usize);
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let complete = whole && lines.len() <= HEAD_LINES + TAIL_LINES;
    let shown = lines
        .iter()
        .take(if complete { lines.len() } else { HEAD_LINES });
    (shown.map(|l| cut(l, 0)).collect(), complete)
}

/// The last lines within the last [`WINDOW`] bytes, cut.
fn read_tail(path: &Path, size: u64) -> Vec<String> {
    let Ok(mut file) = File::open(path) else {
        return Vec::new();
    };
    let start = size.saturating_sub(WINDOW);
    let mut bytes = Vec::new();
    if file.seek(SeekFrom::Start(start)).is_err() || file.read_to_end(&mut bytes).is_err() {
        return Vec::new();
    }
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let from = lines.len().saturating_sub(TAIL_LINES);
    // The first line of the window may be the end of a longer one: cut from its end.
    lines[from..]
        .iter()
        .map(|l| cut(l, l.len().saturating_sub(1)))
        .collect()
}

/// The number of lines of a file, read in blocks.
fn count_lines(path: &Path) -> usize {
    let Ok(file) = File::open(path) else {
        return 0;
    };
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let (mut count, mut last) = (0, b'\n');
    loop {
        let Ok(block) = reader.fill_buf() else {
            return count;
        };
        if block.is_empty() {
            break;
        }
        count += block.iter().filter(|&&b| b == b'\n').count();
        last = block[block.len() - 1];
        let n = block.len();
        reader.consume(n);
    }
    count + usize::from(last != b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_file_shows_its_ends_and_a_long_line_its_difference() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        let mut text = String::from("200000\n");
        let numbers: Vec<String> = (0..200_000).map(|i| (i * 7).to_string()).collect();
        text.push_str(&numbers.join(" "));
        text.push('\n');
        std::fs::write(&a, &text).unwrap();
        let shown = excerpt(&a);
        assert!(shown.len() < 1024, "{shown}");
        assert!(shown.starts_with("200000\n0 7 14 "), "{shown}");
        assert!(
            shown.contains("1399993 [") || shown.contains("...1399993"),
            "{shown}"
        );
        std::fs::write(&b, text.replace(" 700000 ", " 700001 ")).unwrap();
        let diff = first_difference(&a, &b).unwrap();
        assert!(diff.starts_with("line 2, column "), "{diff}");
        assert!(diff.contains("700000") && diff.contains("700001"), "{diff}");
        assert!(diff.len() < 1024, "{diff}");
        assert_eq!(first_difference(&a, &a), None);
        std::fs::write(&b, "1\n2\n3\n").unwrap();
        assert_eq!(excerpt(&b), "1\n2\n3\n");
    }
}
