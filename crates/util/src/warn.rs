//! Warnings about what a package says but leapfrog does not act on (deprecated or unknown keys,
//! old spellings), printed once each on stderr; and finding the line of a key in a YAML text,
//! so that a warning or an error can name it.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// Prints `warning: {message}` on stderr, once per distinct message for the whole run (a
/// package read twice in one command warns once). The message goes through [`crate::inert`]:
/// warnings name a package's files and keys, which a hostile package may spell with terminal
/// controls.
pub fn warn(message: &str) {
    static SEEN: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    let seen = SEEN.get_or_init(|| Mutex::new(HashSet::new()));
    let first = seen
        .lock()
        .map(|mut s| s.insert(message.to_string()))
        .unwrap_or(true);
    if first {
        eprintln!("warning: {}", crate::inert(message));
    }
}

/// The 1-based line where the key at `path` (`["limits", "time_limit"]`) is written in a
/// block-style YAML text: each key is looked for below its parent's line, indented deeper than
/// the parent. `None` when it is not written that way (flow style, anchors).
pub fn yaml_key_line(text: &str, path: &[&str]) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut from, mut parent_indent) = (0usize, None::<usize>);
    let mut found = None;
    for key in path {
        let mut hit = None;
        for (i, line) in lines.iter().enumerate().skip(from) {
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let indent = line.len() - trimmed.len();
            if parent_indent.is_some_and(|p| indent <= p) {
                break;
            }
            let bare = trimmed.trim_start_matches("- ");
            let name = bare.split(':').next().unwrap_or("").trim();
            let name = name.trim_matches(|c| c == '"' || c == '\'');
            if name == *key
                && bare[name.len()..]
                    .trim_start_matches(['"', '\''])
                    .starts_with(':')
            {
                hit = Some((i, indent));
                break;
            }
        }
        let (i, indent) = hit?;
        found = Some(i + 1);
        from = i + 1;
        parent_indent = Some(indent);
    }
    found
}

/// `file`, or `file:line` when the key's line is known: how warnings and errors name a key.
pub fn at_key(file: &std::path::Path, text: &str, path: &[&str]) -> String {
    match yaml_key_line(text, path) {
        Some(line) => format!("{}:{line}", file.display()),
        None => file.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_keys_by_indentation() {
        let text = "name: x\n# limits: no\nlimits:\n  memory: 5\n  time_limit: one\nother:\n  time_limit: 2\n";
        assert_eq!(yaml_key_line(text, &["limits"]), Some(3));
        assert_eq!(yaml_key_line(text, &["limits", "time_limit"]), Some(5));
        assert_eq!(yaml_key_line(text, &["other", "time_limit"]), Some(7));
        assert_eq!(yaml_key_line(text, &["limits", "output"]), None);
    }
}
