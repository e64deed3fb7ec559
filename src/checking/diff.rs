//! The default output validator: the standard token diff with its flags.
//!
//! Tokens are maximal runs of non-white-space bytes. By default the comparison ignores case and
//! the amount and kind of white space; `case_sensitive` and `space_change_sensitive` make those
//! count, and the float tolerances accept a number close enough to the judges' number (within
//! the absolute tolerance or the relative one, whichever is looser).

use anyhow::bail;

/// The flags of the default validator, parsed from `validator_flags`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DiffFlags {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    pub float_absolute_tolerance: Option<f64>,
    pub float_relative_tolerance: Option<f64>,
}

impl DiffFlags {
    pub fn parse(flags: &[String]) -> anyhow::Result<DiffFlags> {
        let mut parsed = DiffFlags::default();
        let mut words = flags.iter();
        while let Some(flag) = words.next() {
            let mut number = |name: &str| -> anyhow::Result<f64> {
                let Some(value) = words.next() else {
                    bail!("validator flag {name} needs a number")
                };
                match value.parse::<f64>() {
                    Ok(v) if v >= 0.0 && v.is_finite() => Ok(v),
                    _ => bail!("validator flag {name}: '{value}' is not a non-negative number"),
                }
            };
            match flag.as_str() {
                "case_sensitive" => parsed.case_sensitive = true,
                "space_change_sensitive" => parsed.space_change_sensitive = true,
                "float_absolute_tolerance" => {
                    parsed.float_absolute_tolerance = Some(number("float_absolute_tolerance")?)
                }
                "float_relative_tolerance" => {
                    parsed.float_relative_tolerance = Some(number("float_relative_tolerance")?)
                }
                "float_tolerance" => {
                    let t = number("float_tolerance")?;
                    parsed.float_absolute_tolerance = Some(t);
                    parsed.float_relative_tolerance = Some(t);
                }
                other => bail!("unknown flag '{other}' for the default output validator"),
            }
        }
        Ok(parsed)
    }

    fn uses_floats(&self) -> bool {
        self.float_absolute_tolerance.is_some() || self.float_relative_tolerance.is_some()
    }
}

/// Where and why an output differs from the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// One line: what differs.
    pub reason: String,
    /// The judges' line and the contestant's line at the first difference (1-based numbers).
    pub answer_line: Option<(usize, String)>,
    pub output_line: Option<(usize, String)>,
}

/// A token or a white-space run, with the line it starts on.
#[derive(Debug, Clone, Copy)]
struct Piece<'a> {
    text: &'a [u8],
    line: usize,
    space: bool,
}

/// Splits text into alternating white-space runs and tokens.
fn pieces(text: &[u8]) -> impl Iterator<Item = Piece<'_>> {
    let mut pos = 0;
    let mut line = 1;
    std::iter::from_fn(move || {
        if pos >= text.len() {
            return None;
        }
        let start = pos;
        let start_line = line;
        let space = text[pos].is_ascii_whitespace();
        while pos < text.len() && text[pos].is_ascii_whitespace() == space {
            if text[pos] == b'\n' {
                line += 1;
            }
            pos += 1;
        }
        Some(Piece {
            text: &text[start..pos],
            line: start_line,
            space,
        })
    })
}

/// Compares a contestant's output with the judges' answer.
pub fn compare(output: &[u8], answer: &[u8], flags: &DiffFlags) -> Result<(), Mismatch> {
    if output == answer {
        return Ok(());
    }
    let keep = |p: &Piece| flags.space_change_sensitive || !p.space;
    let mut out = pieces(output).filter(keep);
    let mut ans = pieces(answer).filter(keep);
    let mut out_line = 1;
    let mut ans_line = 1;
    loop {
        match (ans.next(), out.next()) {
            (None, None) => return Ok(()),
            (Some(a), None) => {
                let what = if a.space {
                    "white space".to_string()
                } else {
                    quote(a.text)
                };
                return Err(mismatch(
                    format!("output ended early: expected {what} on line {}", a.line),
                    output,
                    answer,
                    out_line,
                    a.line,
                ));
            }
            (None, Some(o)) => {
                let what = if o.space {
                    "white space".to_string()
                } else {
                    quote(o.text)
                };
                return Err(mismatch(
                    format!(
                        "extra output on line {}: {what} after the end of the answer",
                        o.line
                    ),
                    output,
                    answer,
                    o.line,
                    ans_line,
                ));
            }
            (Some(a), Some(o)) => {
                out_line = o.line;
                ans_line = a.line;
                if let Some(reason) = token_difference(a, o, flags) {
                    return Err(mismatch(reason, output, answer, o.line, a.line));
                }
            }
        }
    }
}

/// Why two pieces differ, or `None` if they match under the flags.
fn token_difference(a: Piece, o: Piece, flags: &DiffFlags) -> Option<String> {
    if a.space || o.space {
        if a.text == o.text {
            return None;
        }
        return Some(format!(
            "line {}: white space differs: expected {}, got {}",
            o.line,
            describe_space(a),
            describe_space(o)
        ));
    }
    if a.text == o.text || (!flags.case_sensitive && a.text.eq_ignore_ascii_case(o.text)) {
        return None;
    }
    if flags.uses_floats()
        && let Some(expected) = parse_float(a.text)
    {
        let Some(got) = parse_float(o.text) else {
            return Some(format!(
                "line {}: expected the number {}, got {}",
                o.line,
                quote(a.text),
                quote(o.text)
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
            quote(a.text),
            quote(o.text)
        ));
    }
    let case_note = if a.text.eq_ignore_ascii_case(o.text) {
        ": case differs"
    } else {
        ""
    };
    Some(format!(
        "line {}: expected {}, got {}{case_note}",
        o.line,
        quote(a.text),
        quote(o.text)
    ))
}

fn parse_float(text: &[u8]) -> Option<f64> {
    std::str::from_utf8(text).ok()?.parse::<f64>().ok()
}

fn describe_space(p: Piece) -> String {
    let escaped: String = p
        .text
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

fn mismatch(
    reason: String,
    output: &[u8],
    answer: &[u8],
    out_line: usize,
    ans_line: usize,
) -> Mismatch {
    Mismatch {
        reason,
        answer_line: nth_line(answer, ans_line).map(|l| (ans_line, l)),
        output_line: nth_line(output, out_line).map(|l| (out_line, l)),
    }
}

/// Line `n` (1-based) of a text, shortened for display.
fn nth_line(text: &[u8], n: usize) -> Option<String> {
    let line = text.split(|&b| b == b'\n').nth(n - 1)?;
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    const MAX: usize = 200;
    let mut s = String::from_utf8_lossy(&line[..line.len().min(MAX)]).into_owned();
    if line.len() > MAX {
        s.push('…');
    }
    Some(s)
}

/// Shows the two lines of a mismatch one above the other, with a caret under the first
/// character where they part (found with a character diff).
pub fn render_lines(m: &Mismatch) -> Vec<String> {
    let mut lines = Vec::new();
    let expected = m
        .answer_line
        .as_ref()
        .map(|(n, l)| (format!("expected (line {n}): "), l.as_str()));
    let got = m
        .output_line
        .as_ref()
        .map(|(n, l)| (format!("got      (line {n}): "), l.as_str()));
    if let Some((label, text)) = &expected {
        lines.push(format!("{label}{text}"));
    }
    if let Some((label, text)) = &got {
        lines.push(format!("{label}{text}"));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(s: &str) -> DiffFlags {
        DiffFlags::parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn ignores_space_and_case_by_default() {
        assert!(compare(b"1  2\n\n3\n", b"1 2 3", &flags("")).is_ok());
        assert!(compare(b"none\n", b"None\n", &flags("")).is_ok());
    }

    #[test]
    fn case_sensitive_names_the_case() {
        let m = compare(b"D2\n", b"d2\n", &flags("case_sensitive")).unwrap_err();
        assert_eq!(
            m.reason,
            "line 1: expected \"d2\", got \"D2\": case differs"
        );
    }

    #[test]
    fn space_change_sensitive_sees_spaces() {
        assert!(compare(b"1 2\n", b"1 2\n", &flags("space_change_sensitive")).is_ok());
        let m = compare(b"1  2\n", b"1 2\n", &flags("space_change_sensitive")).unwrap_err();
        assert!(m.reason.contains("white space differs"), "{}", m.reason);
        assert!(compare(b"1 2", b"1 2\n", &flags("space_change_sensitive")).is_err());
    }

    #[test]
    fn float_tolerances() {
        assert!(compare(b"1.0001", b"1.0", &flags("float_tolerance 1e-3")).is_ok());
        assert!(compare(b"1.01", b"1.0", &flags("float_tolerance 1e-3")).is_err());
        assert!(compare(b"1000.5", b"1000", &flags("float_relative_tolerance 1e-3")).is_ok());
        assert!(compare(b"1000.5", b"1000", &flags("float_absolute_tolerance 1e-3")).is_err());
        assert!(compare(b"abc", b"1.0", &flags("float_tolerance 1")).is_err());
        // Without tolerances numbers are plain tokens.
        assert!(compare(b"1.0", b"1", &flags("")).is_err());
    }

    #[test]
    fn early_end_and_extra_output() {
        let m = compare(b"1\n", b"1\n2\n", &flags("")).unwrap_err();
        assert_eq!(m.reason, "output ended early: expected \"2\" on line 2");
        let m = compare(b"1\n2\n", b"1\n", &flags("")).unwrap_err();
        assert_eq!(
            m.reason,
            "extra output on line 2: \"2\" after the end of the answer"
        );
    }

    #[test]
    fn renders_the_first_differing_column() {
        let m = compare(b"a b c\nd e X\n", b"a b c\nd e f\n", &flags("")).unwrap_err();
        let lines = render_lines(&m);
        assert_eq!(lines[0], "expected (line 2): d e f");
        assert_eq!(lines[1], "got      (line 2): d e X");
        assert_eq!(lines[2].find('^'), Some("got      (line 2): d e ".len()));
    }

    #[test]
    fn rejects_unknown_flags() {
        assert!(DiffFlags::parse(&["float_tolerance".into()]).is_err());
        assert!(DiffFlags::parse(&["strict".into()]).is_err());
    }
}
