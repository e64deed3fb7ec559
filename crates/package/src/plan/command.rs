//! A `generate:` command of `generators.yaml`: how it is split into words, how its `{seed}`
//! is computed (the way BAPCtools computes it, so both tools give the same inputs), and how
//! `{seed}` and `{name}` are put into its arguments; and the check that no two tests get the
//! same `{seed}` for the same command.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::PlanError;
use sha2::{Digest, Sha512};

use super::PlanTest;

/// The seed of a generated test: the SHA-512 of the salt, of `:{count - 1}` when the test is
/// one of several made by `count` (and not its first value 1), and of the command with its
/// outer white space removed, as a number, modulo 2^31.
pub fn seed(random_salt: &str, count_value: Option<i64>, command: &str) -> u32 {
    let mut keyed = random_salt.to_string();
    if let Some(value) = count_value.filter(|v| *v != 1) {
        keyed.push_str(&format!(":{}", value - 1));
    }
    keyed.push_str(command.trim());
    let digest = Sha512::digest(keyed.as_bytes());
    let tail: [u8; 4] = digest[digest.len() - 4..]
        .try_into()
        .expect("SHA-512 has more than four bytes");
    u32::from_be_bytes(tail) & 0x7fff_ffff
}

/// The places `{seed}` or `{seed:N}` occur in `text`, as byte ranges.
fn seed_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("{seed") {
        let start = from + at;
        let rest = &text[start + 5..];
        let end = if rest.starts_with('}') {
            Some(start + 6)
        } else if let Some(digits) = rest.strip_prefix(':') {
            let n = digits.bytes().take_while(u8::is_ascii_digit).count();
            (n > 0 && digits[n..].starts_with('}')).then_some(start + 5 + 1 + n + 1)
        } else {
            None
        };
        match end {
            Some(end) => {
                spans.push((start, end));
                from = end;
            }
            None => from = start + 5,
        }
    }
    spans
}

/// How many times `{seed}` (or `{seed:N}`) occurs in the words.
pub fn seed_uses(words: &[String]) -> usize {
    words.iter().map(|w| seed_spans(w).len()).sum()
}

/// A word with `{name}` replaced by `testcase` (the file stem generators write to) and each
/// `{seed}` / `{seed:N}` by `seed`.
pub fn substitute(word: &str, seed: u32) -> String {
    let named = word.replace("{name}", "testcase");
    let mut out = String::new();
    let mut last = 0;
    for (start, end) in seed_spans(&named) {
        out.push_str(&named[last..start]);
        out.push_str(&seed.to_string());
        last = end;
    }
    out.push_str(&named[last..]);
    out
}

/// Splits a command line into words the way a POSIX shell would without expanding anything:
/// white space separates words, single quotes keep everything, double quotes keep all but
/// `\"` and `\\`, a backslash outside quotes keeps the next character.
pub fn split_words(line: &str) -> Result<Vec<String>, PlanError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => {
                            return Err(PlanError::rule(format_args!(
                                "a single quote is not closed"
                            )));
                        }
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => {
                                return Err(PlanError::rule(format_args!(
                                    "a double quote is not closed"
                                )));
                            }
                        },
                        Some(c) => w.push(c),
                        None => {
                            return Err(PlanError::rule(format_args!(
                                "a double quote is not closed"
                            )));
                        }
                    }
                }
            }
            '\\' => {
                let w = word.get_or_insert_with(String::new);
                if let Some(c) = chars.next() {
                    w.push(c);
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// Two tests whose commands use `{seed}` and come out the same would be the same test.
pub(super) fn check_seeds(file: &Path, tests: &[PlanTest]) -> Result<(), PlanError> {
    let mut seen: BTreeMap<(String, Vec<String>), &str> = BTreeMap::new();
    for test in tests
        .iter()
        .filter(|t| t.uses_seed && t.included_from.is_none())
    {
        let key = (test.generator.clone(), test.args.clone());
        if let Some(first) = seen.insert(key, &test.name) {
            return Err(PlanError::invalid(
                file.display(),
                format_args!(
                    "test {}: key 'generate': {{seed}} collides with test {first} (both run '{}'); give one a different command or a 'random_salt', or use 'count'",
                    test.name,
                    test.command_line()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_spans_and_substitution() {
        assert_eq!(substitute("--seed={seed}", 7), "--seed=7");
        assert_eq!(substitute("{seed:2}", 7), "7");
        assert_eq!(substitute("{seed:}", 7), "{seed:}");
        assert_eq!(substitute("{name}.in", 7), "testcase.in");
        assert_eq!(seed_uses(&["{seed}".into(), "x{seed:3}".into()]), 2);
    }

    /// Values computed with BAPCtools' formula in Python.
    #[test]
    fn seeds_match_bapctools() {
        assert_eq!(seed("", None, "gen.py {seed}"), 217127397);
        assert_eq!(seed("", Some(1), "gen.py {seed}"), 217127397);
        assert_eq!(seed("abc", Some(3), "gen.py --n 3 {seed}"), 1614271677);
        assert_eq!(seed("", None, "  gen.py x "), 1066197021);
    }

    #[test]
    fn words_follow_shell_quoting() {
        assert_eq!(
            split_words(r#"gen.py 'a b' "c \"d\"" e\ f"#).unwrap(),
            vec!["gen.py", "a b", "c \"d\"", "e f"]
        );
        assert!(split_words("gen 'open").is_err());
    }
}
