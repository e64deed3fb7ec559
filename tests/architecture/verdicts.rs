//! The verdict has one home: a `Verdict` value is built only where verdicts are decided (the
//! judge's verdict module) and where the type lives and expectations are parsed (they name
//! verdicts as words of a file). Everywhere else code may read a verdict (compare it, match on
//! it) but not make one, or two commands could reach two verdicts on one run.

use std::path::{Path, PathBuf};

use super::rust_files;

/// The files and folders where `Verdict` values may be built.
const VERDICT_HOMES: &[&str] = &[
    "crates/judge/src/verdict.rs",
    "crates/judge/src/verdict/",
    "crates/package/src/verdict.rs",
    "crates/package/src/submissions/",
];

/// Rust code as tokens with their lines: identifiers, `::`, `=>`, `==`, `!=`, and single
/// punctuation. Comments go; a string or a character literal becomes one `""` token, so a
/// `Verdict::Ac` inside one is not code.
fn tokens(source: &str) -> Vec<(String, usize)> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                match (at(i), at(i + 1)) {
                    ('\0', _) => break,
                    ('/', '*') => (depth, i) = (depth + 1, i + 2),
                    ('*', '/') if depth == 1 => break i += 2,
                    ('*', '/') => (depth, i) = (depth - 1, i + 2),
                    (ch, _) => (line, i) = (line + usize::from(ch == '\n'), i + 1),
                }
            }
        } else if c == '"' || (c == 'r' && matches!(at(i + 1), '"' | '#')) {
            let raw = c == 'r';
            i += usize::from(raw);
            let hashes = (i..).take_while(|&k| at(k) == '#').count();
            i += hashes + 1;
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            while i < chars.len() && !chars[i..].starts_with(&close.chars().collect::<Vec<_>>()) {
                line += usize::from(chars[i] == '\n');
                i += if chars[i] == '\\' && !raw { 2 } else { 1 };
            }
            i += close.len();
            out.push(("\"\"".to_string(), start_line));
        } else if c == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal; `'a` without a closing quote is a lifetime.
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(("\"\"".to_string(), start_line));
        } else if c.is_alphanumeric() || c == '_' {
            let word: String = chars[i..]
                .iter()
                .take_while(|c| c.is_alphanumeric() || **c == '_')
                .collect();
            i += word.chars().count();
            out.push((word, start_line));
        } else {
            let pair: String = [c, at(i + 1)].iter().collect();
            let two = matches!(pair.as_str(), "::" | "=>" | "==" | "!=");
            i += if two { 2 } else { 1 };
            out.push((if two { pair } else { c.to_string() }, start_line));
        }
    }
    out
}

/// The tokens without the items under `#[cfg(test)]`: tests may build any verdict they expect.
fn without_tests(tokens: Vec<(String, usize)>) -> Vec<(String, usize)> {
    let text = |k: usize| tokens.get(k).map_or("", |t| t.0.as_str());
    let mut kept = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        if (k..k + 6).map(text).eq(["#", "[", "cfg", "(", "test", ")"]) {
            // Skip to the end of the item: its `;`, or the `}` closing its first `{`.
            let mut depth = 0;
            k += 6;
            while k < tokens.len() {
                match text(k) {
                    ";" if depth == 0 => break,
                    "{" => depth += 1,
                    "}" if depth == 1 => break,
                    "}" => depth -= 1,
                    _ => {}
                }
                k += 1;
            }
        } else {
            kept.push(tokens[k].clone());
        }
        k += 1;
    }
    kept
}

/// Every place in `source` (outside its tests) where a `Verdict` value is built, as
/// `(line, path)`. A verdict is read, not built, where it is a pattern (a match arm's `=>`, an
/// `if let`/`let` pattern, alternatives joined by `|`, a match guard), is compared (`==`, `!=`,
/// also inside `Some(..)`), or sits in `matches!`/`assert*!`; every other use makes a value.
/// Importing the variants (`use Verdict::*`, `Verdict::{Ac, ..}`) counts as building too, since
/// bare variant names could not be told apart.
fn verdicts_built(source: &str) -> Vec<(usize, String)> {
    let toks = without_tests(tokens(source));
    let text = |k: usize| toks.get(k).map_or("", |t| t.0.as_str());
    let variant = |k: usize| text(k) == "Verdict" && text(k + 1) == "::";
    let mut found = Vec::new();
    for k in 0..toks.len() {
        if !variant(k) {
            continue;
        }
        let mut start = k;
        while start >= 2 && text(start - 1) == "::" {
            start -= 2;
        }
        let shown = (start..k + 3).map(text).collect::<String>();
        let name = text(k + 2);
        if matches!(name, "{" | "*") {
            found.push((toks[k].1, shown));
            continue;
        }
        if !name.starts_with(|c: char| c.is_ascii_uppercase()) || text(k + 3) == "(" {
            continue;
        }
        if !is_read(&toks, start, k + 3) {
            found.push((toks[k].1, shown));
        }
    }
    found
}

/// Whether the verdict path `toks[start..end]` is read (see [`verdicts_built`]).
fn is_read(toks: &[(String, usize)], start: usize, end: usize) -> bool {
    let text = |k: usize| toks.get(k).map_or("", |t| t.0.as_str());
    // After: closing parentheses and further `| Verdict::X` alternatives, then the word that
    // says it is a pattern or a comparison.
    let mut after = end;
    loop {
        if text(after) == ")" {
            after += 1;
        } else if text(after) == "|" && text(after + 1) != "|" {
            after += 1;
            while text(after + 1) == "::" {
                after += 2;
            }
            after += 1;
        } else {
            break;
        }
    }
    if matches!(text(after), "=>" | "==" | "!=" | "=" | "if") {
        return true;
    }
    // Before: through `Some(`, `Ok(` and `&`, a comparison or a `let`.
    let mut before = start;
    loop {
        if before >= 2 && text(before - 1) == "(" && matches!(text(before - 2), "Some" | "Ok") {
            before -= 2;
        } else if before >= 1 && text(before - 1) == "&" {
            before -= 1;
        } else {
            break;
        }
    }
    if before >= 1 && matches!(text(before - 1), "==" | "!=" | "let") {
        return true;
    }
    // Inside a macro that compares: the nearest unclosed `(` follows `matches!` or `assert…!`.
    let mut depth = 0;
    for k in (0..start).rev() {
        match text(k) {
            ")" | "]" | "}" => depth += 1,
            "(" | "[" | "{" if depth > 0 => depth -= 1,
            "(" => {
                let name = if k >= 2 && text(k - 1) == "!" {
                    text(k - 2)
                } else {
                    ""
                };
                return name == "matches" || name.starts_with("assert");
            }
            "[" | "{" | ";" => return false,
            _ => {}
        }
    }
    false
}

/// Every file of the workspace's code that the verdict rule covers, relative to the root.
fn code_files(root: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = vec![
        root.join("src"),
        root.join("generators"),
        root.join("checkers"),
    ];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        dirs.push(entry.unwrap().path().join("src"));
    }
    let mut files = Vec::new();
    for dir in dirs.iter().filter(|d| d.is_dir()) {
        files.extend(rust_files(dir));
    }
    files.sort();
    files
}

#[test]
fn verdicts_are_built_only_in_the_verdict_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for file in code_files(root) {
        let shown = file.strip_prefix(root).unwrap().display().to_string();
        let name = file.file_name().unwrap().to_string_lossy();
        let test_module = name == "tests.rs" || name.ends_with("_tests.rs");
        if test_module || VERDICT_HOMES.iter().any(|home| shown.starts_with(home)) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        for (line, path) in verdicts_built(&source) {
            found.push(format!("{shown}:{line}: builds {path}"));
        }
    }
    assert!(
        found.is_empty(),
        "a Verdict built outside the verdict module (crates/judge/src/verdict.rs: give it a \
         named function there):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_verdict_scan_tells_building_from_reading() {
    let source = r#"use leapfrog_package::verdict::Verdict;
fn reads(r: &Report) -> bool {
    match r.verdict { Verdict::Ac | Verdict::Je => return true, _ => {} }
    if let Verdict::Wa = r.verdict {}
    let (Some(_), Verdict::Tle) = (r.first, r.verdict) else { return false };
    // Verdict::Rte in a comment, and "Verdict::Ole" in a string.
    r.verdict == Verdict::Ac || r.best != Some(Verdict::Ce)
        || matches!(r.verdict, leapfrog_package::verdict::Verdict::Mle | Verdict::Ole)
        || Verdict::Ac == r.verdict
}
fn builds(outcome: Outcome) -> (Verdict, u8) {
    let first = Verdict::first_failure(outcome.all());
    style(Verdict::Ce, true);
    let best = Some(Verdict::Ac);
    let report = Report { verdict: crate::Verdict::Je };
    match outcome {
        Outcome::Yes => (Verdict::Ac, 0),
        Outcome::No => return (Verdict::Wa, 1),
    }
}
use leapfrog_package::verdict::Verdict::*;
#[cfg(test)]
mod tests { fn t() { let v = Verdict::Tle; assert_eq!(v, Verdict::Tle); } }
"#;
    let expected = [
        (13, "Verdict::Ce"),
        (14, "Verdict::Ac"),
        (15, "crate::Verdict::Je"),
        (17, "Verdict::Ac"),
        (18, "Verdict::Wa"),
        (21, "leapfrog_package::verdict::Verdict::*"),
    ];
    let expected: Vec<(usize, String)> =
        expected.iter().map(|&(l, p)| (l, p.to_string())).collect();
    assert_eq!(verdicts_built(source), expected);
}
