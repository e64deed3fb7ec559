//! Reading a configuration file (problem.yaml, generators.yaml, test_group.yaml,
//! submissions.yaml, contest.yaml, problems.yaml) within bounds: a file larger than
//! [`MAX_BYTES`] or nested deeper than [`MAX_DEPTH`] is refused before the YAML parser sees it.
//! The parser takes quadratic time on deep flow nesting (400 KB of `[` held the judge, deaf to
//! SIGINT), and a parsed value takes many times its text in memory.

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
    let text = String::from_utf8(bytes).map_err(|e| {
        let io = std::io::Error::new(std::io::ErrorKind::InvalidData, e);
        Refusal::io("reading", path)(io)
    })?;
    if let Some(line) = too_deep(&text) {
        return Err(refused(
            path,
            format!("line {line}: nested deeper than {MAX_DEPTH} levels of `[` or `{{`"),
        ));
    }
    Ok(text)
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
