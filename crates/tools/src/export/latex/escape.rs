//! Escaping for LaTeX: text (with the few non-ASCII symbols statements use turned into
//! commands) and URLs for `\href`.

/// Escapes text for LaTeX, turning the few non-ASCII symbols statements use into commands
/// (the statement fonts may lack them, and plasTeX knows the commands).
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '$' => out.push_str("\\$"),
            '&' => out.push_str("\\&"),
            '#' => out.push_str("\\#"),
            '%' => out.push_str("\\%"),
            '_' => out.push_str("\\_"),
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '≠' => out.push_str("$\\ne$"),
            '×' => out.push_str("$\\times$"),
            '·' => out.push_str("$\\cdot$"),
            '→' => out.push_str("$\\rightarrow$"),
            '←' => out.push_str("$\\leftarrow$"),
            '…' => out.push_str("\\ldots{}"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '\u{a0}' => out.push('~'),
            c => out.push(c),
        }
    }
    out
}

/// Escapes a URL for `\href`.
pub(super) fn escape_url(url: &str) -> String {
    url.replace('\\', "/")
        .replace('%', "\\%")
        .replace('#', "\\#")
        .replace('{', "%7B")
        .replace('}', "%7D")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_and_symbols() {
        assert_eq!(escape_text("a_b & 50% {x}"), "a\\_b \\& 50\\% \\{x\\}");
        assert_eq!(escape_text("1 ≤ n · m"), "1 $\\le$ n $\\cdot$ m");
        assert_eq!(
            escape_url("https://x.org/a%20b#c"),
            "https://x.org/a\\%20b\\#c"
        );
    }
}
