//! Reading a configuration file (problem.yaml, generators.yaml, test_group.yaml,
//! submissions.yaml, contest.yaml, problems.yaml) within bounds: a file larger than
//! [`MAX_BYTES`] or nested deeper than [`MAX_DEPTH`] is refused before the YAML parser sees it.
//! The parser takes quadratic time on deep flow nesting (400 KB of `[` held the judge, deaf to
//! SIGINT), and a parsed value takes many times its text in memory. A file that is not UTF-8
//! is refused too, naming the line and byte, or naming UTF-16 when it was saved as that.

use std::io::Read;
use std::path::Path;

use crate::error::Refusal;

/// The largest configuration file read (a generators.yaml with inline tests stays far below).
pub const MAX_BYTES: u64 = 16 << 20;

/// The deepest nesting of flow collections (`[`, `{`) a configuration file may have.
pub const MAX_DEPTH: usize = 64;

/// The text of the configuration file `path`, refused (naming the file and why) when it is
/// too large or too deeply nested.
pub(crate) fn read(path: &Path) -> Result<String, Refusal> {
    let file = std::fs::File::open(path).map_err(Refusal::io("reading", path))?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(Refusal::io("reading", path))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(refused(
            path,
            format!(
                "larger than {} MiB, the most a configuration file may be",
                MAX_BYTES >> 20
            ),
        ));
    }
    if let Some(how) = utf16(&bytes) {
        return Err(refused(
            path,
            format!("not UTF-8 text but UTF-16 ({how}); save the file as UTF-8"),
        ));
    }
    let text =
        String::from_utf8(bytes).map_err(|e| not_utf8(path, e.as_bytes(), e.utf8_error()))?;
    if let Some(line) = too_deep(&text) {
        return Err(refused(
            path,
            format!("line {line}: nested deeper than {MAX_DEPTH} levels of `[` or `{{`"),
        ));
    }
    Ok(text)
}

/// The refusal of a file that is not UTF-8, naming the line and the byte: YAML is read as
/// UTF-8 by every tool (problemtools and BAPCtools stop on it too), and the usual cause is a
/// name with an accent saved by an editor in Latin-1, which the line makes easy to find.
fn not_utf8(path: &Path, bytes: &[u8], error: std::str::Utf8Error) -> Refusal {
    let at = error.valid_up_to();
    let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    let start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| at + i);
    let shown = String::from_utf8_lossy(&bytes[start..end]);
    Refusal::Invalid {
        at: format!("{}:{line}", path.display()),
        why: format!(
            "not UTF-8 text (byte 0x{:02x} in `{}`); save the file as UTF-8",
            bytes[at],
            leapfrog_util::inert(shown.trim())
        ),
    }
}

/// How the text is UTF-16, if it is: its byte order mark, or failing that its first 256
/// bytes, three in four of whose pairs hold a character below 256 (a zero byte on the same
/// side each time). Some editors on Windows save "Unicode" so. UTF-8 has no zero bytes in
/// text, and YAML allows none, so a file that looks like this is never readable YAML: the
/// refusal only names the cause. (Without a mark, a short file of ASCII text is also valid
/// UTF-8, full of NUL characters, which would not get the not-UTF-8 refusal at all.)
fn utf16(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xff, 0xfe, ..] => return Some("little-endian, byte order mark FF FE"),
        [0xfe, 0xff, ..] => return Some("big-endian, byte order mark FE FF"),
        _ => {}
    }
    let head = &bytes[..bytes.len().min(256) & !1];
    let pairs = head.len() / 2;
    let count = |zero: usize| {
        head.chunks_exact(2)
            .filter(|pair| pair[zero] == 0 && pair[1 - zero] != 0)
            .count()
    };
    if pairs == 0 {
        None
    } else if 4 * count(1) >= 3 * pairs {
        Some("little-endian: every other byte is zero")
    } else if 4 * count(0) >= 3 * pairs {
        Some("big-endian: every other byte is zero")
    } else {
        None
    }
}

fn refused(path: &Path, why: String) -> Refusal {
    Refusal::Invalid {
        at: path.display().to_string(),
        why,
    }
}

/// The line where flow nesting first passes [`MAX_DEPTH`]. Brackets in quoted strings and
/// comments do not count; one in a plain word (`a[1]`) counts, which only overestimates.
fn too_deep(text: &str) -> Option<usize> {
    let (mut depth, mut line) = (0usize, 1usize);
    let mut quote: Option<char> = None;
    let mut previous = '\n';
    let mut comment = false;
    for c in text.chars() {
        if c == '\n' {
            line += 1;
            comment = false;
        } else if comment {
        } else if let Some(q) = quote {
            if c == q {
                quote = None;
            }
        } else {
            match c {
                '#' if previous.is_whitespace() => comment = true,
                '"' | '\'' if !previous.is_alphanumeric() => quote = Some(c),
                '[' | '{' => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Some(line);
                    }
                }
                ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        previous = c;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_utf8_is_refused_naming_its_line_and_byte() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("problem.yaml");
        std::fs::write(
            &file,
            b"type: pass-fail\nname: Caf\xe9 au lait\nlimits: {}\n",
        )
        .unwrap();
        let said = read(&file).unwrap_err().to_string();
        assert!(said.ends_with("problem.yaml:2: not UTF-8 text (byte 0xe9 in `name: Caf\u{fffd} au lait`); save the file as UTF-8"), "{said}");
    }

    #[test]
    fn utf16_is_named_with_its_byte_order_and_utf8_is_not_taken_for_it() {
        let le: Vec<u8> = "name: Sum\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let be: Vec<u8> = "name: Sum\n"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        let marked = [&[0xff, 0xfe][..], &le].concat();
        assert_eq!(utf16(&marked), Some("little-endian, byte order mark FF FE"));
        let marked = [&[0xfe, 0xff][..], &be].concat();
        assert_eq!(utf16(&marked), Some("big-endian, byte order mark FE FF"));
        assert_eq!(utf16(&le), Some("little-endian: every other byte is zero"));
        assert_eq!(utf16(&be), Some("big-endian: every other byte is zero"));
        for text in ["", "a", "name: Sum\n", "name: Café au lait\n"] {
            assert_eq!(utf16(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn nesting_is_counted_outside_quotes_and_comments() {
        assert_eq!(too_deep(&"[".repeat(MAX_DEPTH)), None);
        assert_eq!(
            too_deep(&format!("a:\n  {}", "[".repeat(MAX_DEPTH + 1))),
            Some(2)
        );
        assert_eq!(too_deep(&format!("a: '{}'", "[".repeat(100))), None);
        assert_eq!(too_deep(&format!("# {}\nb: 1", "{".repeat(100))), None);
    }
}
