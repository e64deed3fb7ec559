//! Text a program wrote, made safe to show: whatever a contestant prints reaches the operator's
//! terminal, the JSON and the report page only as visible characters.

use std::borrow::Cow;

/// `text` with every control character except newline and tab written out as an escape
/// (`\x1b`, `\r`, `\u{9b}`), and the Unicode bidirectional overrides as well, so that a
/// program's output cannot move the cursor, retitle or clear the operator's terminal, or
/// reorder what is shown around it. Printable text, including any non-ASCII, is kept.
pub fn inert(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\r' => shown.push_str("\\r"),
            c if c.is_ascii_control() => shown.push_str(&format!("\\x{:02x}", c as u32)),
            c if needs_escape(c) => shown.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => shown.push(c),
        }
    }
    Cow::Owned(shown)
}

fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::inert;

    #[test]
    fn escapes_terminal_controls_and_keeps_text() {
        assert_eq!(inert("plain, naïve\ttext\n"), "plain, naïve\ttext\n");
        assert_eq!(
            inert("\x1b]0;pwned\x07\x1b[2J\rx\u{9b}\u{202e}"),
            "\\x1b]0;pwned\\x07\\x1b[2J\\rx\\u{9b}\\u{202e}"
        );
        assert_eq!(inert("\0\x7f"), "\\x00\\x7f");
    }
}
