//! The token diff's tests: its behaviour flag by flag, and the streaming comparison held, on
//! many random texts read in blocks as small as one byte, to the in-memory comparison it
//! replaced (kept here as the reference, verbatim).

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
fn renders_an_ended_text_as_where_it_ends() {
    // The output stops after the third of four lines: no caret under line 3, which is right.
    let m = compare(b"3\n5\n1\n", b"3\n5\n1\n3\n", &flags("")).unwrap_err();
    assert_eq!(
        render_lines(&m),
        ["expected (line 4): 3", "got:      nothing after line 3"]
    );
    let m = compare(b"", b"3\n", &flags("")).unwrap_err();
    assert_eq!(
        render_lines(&m),
        ["expected (line 1): 3", "got:      nothing (it is empty)"]
    );
    let m = compare(b"3\n5\n4\n", b"3\n5\n", &flags("")).unwrap_err();
    assert_eq!(
        render_lines(&m),
        ["expected: nothing after line 2", "got      (line 3): 4"]
    );
}

#[test]
fn a_difference_far_along_a_long_line_is_shown_in_view() {
    let line = |changed: usize| -> Vec<u8> {
        let words: Vec<String> = (0..1000)
            .map(|i| if i == changed { i + 1 } else { i }.to_string())
            .collect();
        format!("{}\n", words.join(" ")).into_bytes()
    };
    let m = compare(&line(900), &line(usize::MAX), &flags("")).unwrap_err();
    let lines = render_lines(&m);
    assert!(lines[0].starts_with("expected (line 1): …"), "{lines:?}");
    assert!(lines[0].contains(" 899 900 901 "), "{lines:?}");
    assert!(lines[1].contains(" 899 901 901 "), "{lines:?}");
    let caret = lines[2].find('^').unwrap();
    // "900" and "901" part at their last digit: the caret is under the 1 of the first 901.
    let under: String = lines[1].chars().skip(caret - 2).take(3).collect();
    assert_eq!(under, "901", "{lines:?}");
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

/// The comparison as it was before it streamed: both texts in memory.
mod reference {
    use super::super::{DiffFlags, Ended, LINE_READ, Line, Mismatch, focus, parse_float, quote};

    fn describe_space(p: Piece) -> String {
        super::super::describe_space(p.text)
    }

    fn mismatch(
        reason: String,
        output: &[u8],
        answer: &[u8],
        out_line: usize,
        ans_line: usize,
    ) -> Mismatch {
        // Where two long lines are shown from is the shown lines' business, not the
        // comparison's: the reference shares it.
        let (answer_line, output_line) = focus(
            nth_line(answer, ans_line).map(|l| (ans_line, l)),
            nth_line(output, out_line).map(|l| (out_line, l)),
        );
        Mismatch {
            answer_line,
            output_line,
            // The reference predates this field; its reasons say which text ended.
            ended: if reason.starts_with("output ended early") {
                Some(Ended::Output)
            } else if reason.starts_with("extra output") {
                Some(Ended::Answer)
            } else {
                None
            },
            reason,
        }
    }

    fn nth_line(text: &[u8], n: usize) -> Option<Line> {
        let line = text.split(|&b| b == b'\n').nth(n - 1)?;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        Some(Line {
            text: String::from_utf8_lossy(&line[..line.len().min(LINE_READ)]).into_owned(),
            longer: line.len() > LINE_READ,
        })
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
    pub(super) fn compare(output: &[u8], answer: &[u8], flags: &DiffFlags) -> Result<(), Mismatch> {
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
}

/// Random texts from pieces that matter to the diff: letters in both cases, numbers close and
/// far, every kind of white space, a long token.
fn random_text(rng: &mut rand_chacha::ChaCha8Rng, pieces: usize) -> Vec<u8> {
    use rand::RngExt;
    const WORDS: [&[u8]; 14] = [
        b"a", b"A", b"ab", b"1", b"1.0", b"1.0001", b"2", b"-0", b"1e3", b"nan", b"x\x00y",
        b"\xff", b"Z", b"0",
    ];
    const SPACES: [&str; 6] = [" ", "  ", "\n", "\r\n", "\t", "\n\n"];
    let mut text = Vec::new();
    for _ in 0..pieces {
        match rng.random_range(0..10) {
            0 => text.extend(std::iter::repeat_n(b'q', rng.random_range(30..300))),
            1..=5 => text.extend_from_slice(WORDS[rng.random_range(0..WORDS.len())]),
            _ => text.extend_from_slice(SPACES[rng.random_range(0..SPACES.len())].as_bytes()),
        }
    }
    text
}

/// An output made from an answer: the same, or with a few bytes changed, added or removed.
fn edited(rng: &mut rand_chacha::ChaCha8Rng, answer: &[u8]) -> Vec<u8> {
    use rand::RngExt;
    let mut out = answer.to_vec();
    for _ in 0..rng.random_range(0..3) {
        let at = rng.random_range(0..=out.len());
        match rng.random_range(0..4) {
            0 if at < out.len() => {
                out.remove(at);
            }
            1 => out.insert(at, b" \n1aA"[rng.random_range(0..5)]),
            2 if at < out.len() => out[at] = out[at].to_ascii_uppercase(),
            _ => out.truncate(at),
        }
    }
    out
}

#[test]
fn streaming_gives_the_same_verdicts_and_messages_as_the_reference() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(28);
    let sets = [
        "",
        "case_sensitive",
        "space_change_sensitive",
        "case_sensitive space_change_sensitive",
        "float_tolerance 1e-3",
        "float_relative_tolerance 1e-6 space_change_sensitive",
    ];
    for case in 0..3000 {
        let answer = random_text(&mut rng, 1 + case % 40);
        let output = edited(&mut rng, &answer);
        for set in sets {
            let flags = flags(set);
            let expected = reference::compare(&output, &answer, &flags);
            for block in [1, 2, 3, 7, 64, BLOCK] {
                let got = compare_in_blocks(&output, &answer, &flags, block);
                assert_eq!(
                    got,
                    expected,
                    "flags '{set}', block {block}\nanswer {:?}\noutput {:?}",
                    String::from_utf8_lossy(&answer),
                    String::from_utf8_lossy(&output)
                );
            }
        }
    }
}

#[test]
fn files_are_compared_as_they_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let (out, ans) = (dir.path().join("out"), dir.path().join("ans"));
    let mut answer = "1 2 3\n".repeat(50_000).into_bytes();
    std::fs::write(&ans, &answer).unwrap();
    answer[150_000 - 4] = b'9';
    std::fs::write(&out, &answer).unwrap();
    let m = compare_files(&out, &ans, &flags("")).unwrap().unwrap_err();
    assert_eq!(m.reason, "line 25000: expected \"2\", got \"9\"");
    assert_eq!(m.output_line, Some((25000, "1 9 3".to_string())));
    let missing = dir.path().join("missing");
    let err = compare_files(&missing, &ans, &flags("")).unwrap_err();
    assert!(
        err.starts_with(&format!("reading {}", missing.display())),
        "{err}"
    );
}
