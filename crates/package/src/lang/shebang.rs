//! The `#!` first line of a script: which interpreter it names, and whether that is a
//! language's (`python3.12` is `python3`).

use std::path::Path;

/// The interpreter a `#!` first line names: `ruby` for `#!/usr/bin/ruby -w` and for
/// `#!/usr/bin/env ruby`.
pub(super) fn interpreter(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let mut file = std::fs::File::open(path).ok()?;
    let n = file.read(&mut head).ok()?;
    let head = &head[..n];
    let line = head.strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let program = first.rsplit('/').next()?;
    if program == "env" {
        return words.find(|w| !w.starts_with('-')).map(str::to_string);
    }
    Some(program.to_string())
}

/// `python3` matches `python3`, and `python3.12` too (a version after the name).
pub(super) fn matches(word: &str, interpreter: &str) -> bool {
    interpreter == word
        || interpreter.strip_prefix(word).is_some_and(|rest| {
            rest.starts_with('.') && rest[1..].chars().all(|c| c.is_ascii_digit() || c == '.')
        })
}
