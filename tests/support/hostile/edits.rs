//! Hostile texts built from a correct one. A [`Recipe`] is what proptest draws and shrinks: which
//! test instance, what to start from (the reference answer, a random legal play, raw bytes) and
//! a short list of [`Edit`]s; [`Recipe::build`] turns it into bytes deterministically, so a
//! failing case is reproduced from its printed recipe alone.
//!
//! White space here is C's `isspace` (space, `\t`, `\n`, `\v`, `\f`, `\r`): the widest set a
//! checker might split on, so that an edit can also put a vertical tab where a separator was.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub fn is_space(byte: u8) -> bool {
    byte == b' ' || (9..=13).contains(&byte)
}

/// The tokens of a text under C's `isspace`.
pub fn tokens(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| is_space(b))
        .filter(|t| !t.is_empty())
        .collect()
}

/// A text as its leading white space and then tokens, each with the white space after it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Split {
    pub head: Vec<u8>,
    pub parts: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Split {
    pub fn new(text: &[u8]) -> Split {
        let head_len = text.iter().take_while(|&&b| is_space(b)).count();
        let mut split = Split {
            head: text[..head_len].to_vec(),
            parts: Vec::new(),
        };
        let mut rest = &text[head_len..];
        while !rest.is_empty() {
            let token = rest.iter().take_while(|&&b| !is_space(b)).count();
            let space = rest[token..].iter().take_while(|&&b| is_space(b)).count();
            split
                .parts
                .push((rest[..token].to_vec(), rest[token..token + space].to_vec()));
            rest = &rest[token + space..];
        }
        split
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.head.clone();
        for (token, space) in &self.parts {
            out.extend_from_slice(token);
            out.extend_from_slice(space);
        }
        out
    }
}

/// Tricky whole tokens: the problems' own words in the wrong case, signs, numbers at the edges
/// of machine words and beyond, non-decimal and non-ASCII digits, square names off the board.
pub const WORDS: &[&str] = &[
    "None",
    "Multiple",
    "none",
    "MULTIPLE",
    "0",
    "-0",
    "+0",
    "-1",
    "00",
    "1e3",
    "0x10",
    "1.0",
    "4294967295",
    "4294967296",
    "4294967297",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "18446744073709551617",
    "340282366920938463463374607431768211456",
    "NaN",
    "inf",
    "a0",
    "a1",
    "z26",
    "a27",
    "aa1",
    "A1",
    "\u{663}",
    "\u{ff11}",
    "\u{0}",
    "",
    "_",
    "O",
    "X",
];

/// What replaces a token.
#[derive(Clone, Debug)]
pub enum Replacement {
    /// The number ending the token moved by `delta` (a square's rank, a move, a count); a token
    /// without a number gets its first byte moved instead.
    Nudge(i8),
    /// A copy of token `k` of the same text.
    Copy(u32),
    /// Byte `at` of the token replaced by byte `pick` of the text's own alphabet.
    Tweak(u32, u32),
    Plus,
    Minus,
    LeadingZeros(u8),
    /// The number plus 2^64 (or 2^32): right modulo a machine word.
    Wrap(bool),
    /// The number replaced by one with `digits` digits (beyond u64 from 21 digits on).
    Huge(u8, u64),
    Word(u8),
    Bytes(Vec<u8>),
}

/// One change to a text.
#[derive(Clone, Debug)]
pub enum Edit {
    Replace(u32, Replacement),
    Duplicate(u32),
    Delete(u32),
    /// Tokens `a` and `a + 1 + gap` trade places.
    Swap(u32, u8),
    DropLast,
    /// The last line keeps only this many of its bytes (and loses its line end).
    TruncateLastLine(u32),
    Append(Vec<u8>),
    /// Every `\n` becomes `\r\n`.
    Crlf,
    NoFinalNewline,
    /// Every separator (and the head) redrawn from [`SEPARATORS`], one choice for all or one per
    /// separator.
    Respace {
        seed: u64,
        mixed: bool,
    },
    InsertByte(u32, u8),
    DeleteByte(u32),
    ReplaceByte(u32, u8),
}

/// Separators a respacing draws from (the empty head is the common case).
const SEPARATORS: &[&[u8]] = &[
    b"\n", b" ", b"  ", b"\t", b"\r\n", b" \n", b"\n\n", b"\n \t", b"\x0c", b"\x0b", b"\r",
];

/// What a hostile text starts from.
#[derive(Clone, Debug)]
pub enum Base {
    /// The reference answer (or the test input itself, for validators).
    Reference,
    /// A random legal play from this seed (see the problem's `wander`), often incomplete.
    Wander(u64),
    Bytes(Vec<u8>),
}

#[derive(Clone, Debug)]
pub struct Recipe {
    /// Which test instance (modulo the pool's size; the pool is sorted small first, so
    /// shrinking moves towards small instances).
    pub instance: u32,
    pub base: Base,
    pub edits: Vec<Edit>,
}

fn replacement() -> impl Strategy<Value = Replacement> {
    prop_oneof![
        4 => (-3i8..=3).prop_map(Replacement::Nudge),
        2 => any::<u32>().prop_map(Replacement::Copy),
        3 => (any::<u32>(), any::<u32>()).prop_map(|(a, b)| Replacement::Tweak(a, b)),
        1 => Just(Replacement::Plus),
        1 => Just(Replacement::Minus),
        1 => (1u8..40).prop_map(Replacement::LeadingZeros),
        1 => any::<bool>().prop_map(Replacement::Wrap),
        1 => (1u8..60, any::<u64>()).prop_map(|(d, s)| Replacement::Huge(d, s)),
        2 => (0..WORDS.len() as u8).prop_map(Replacement::Word),
        1 => prop::collection::vec(any::<u8>(), 0..12).prop_map(Replacement::Bytes),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        6 => (any::<u32>(), replacement()).prop_map(|(at, r)| Edit::Replace(at, r)),
        1 => any::<u32>().prop_map(Edit::Duplicate),
        1 => any::<u32>().prop_map(Edit::Delete),
        2 => (any::<u32>(), 0u8..3).prop_map(|(a, gap)| Edit::Swap(a, gap)),
        1 => Just(Edit::DropLast),
        1 => any::<u32>().prop_map(Edit::TruncateLastLine),
        1 => prop::collection::vec(any::<u8>(), 1..24).prop_map(Edit::Append),
        1 => Just(Edit::Crlf),
        1 => Just(Edit::NoFinalNewline),
        2 => (any::<u64>(), any::<bool>()).prop_map(|(seed, mixed)| Edit::Respace { seed, mixed }),
        1 => (any::<u32>(), any::<u8>()).prop_map(|(at, b)| Edit::InsertByte(at, b)),
        1 => any::<u32>().prop_map(Edit::DeleteByte),
        1 => (any::<u32>(), any::<u8>()).prop_map(|(at, b)| Edit::ReplaceByte(at, b)),
    ]
}

/// Recipes for outputs: mostly edited reference answers, some random legal plays, some raw
/// bytes (empty included).
pub fn output_recipe() -> impl Strategy<Value = Recipe> {
    let base = prop_oneof![
        6 => Just(Base::Reference),
        3 => any::<u64>().prop_map(Base::Wander),
        1 => prop::collection::vec(any::<u8>(), 0..64).prop_map(Base::Bytes),
        1 => Just(Base::Bytes(Vec::new())),
    ];
    (any::<u32>(), base, prop::collection::vec(edit(), 0..4)).prop_map(|(instance, base, edits)| {
        Recipe {
            instance,
            base,
            edits,
        }
    })
}

/// Recipes for test inputs: edited valid inputs, some raw bytes.
pub fn input_recipe() -> impl Strategy<Value = Recipe> {
    let base = prop_oneof![
        8 => Just(Base::Reference),
        1 => prop::collection::vec(any::<u8>(), 0..64).prop_map(Base::Bytes),
        1 => Just(Base::Bytes(Vec::new())),
    ];
    (any::<u32>(), base, prop::collection::vec(edit(), 0..3)).prop_map(|(instance, base, edits)| {
        Recipe {
            instance,
            base,
            edits,
        }
    })
}

impl Recipe {
    /// The hostile text: `reference` is the correct text, `wander` makes a random legal play.
    pub fn build(&self, reference: &[u8], wander: impl Fn(u64) -> Vec<u8>) -> Vec<u8> {
        let mut text = match &self.base {
            Base::Reference => reference.to_vec(),
            Base::Wander(seed) => wander(*seed),
            Base::Bytes(bytes) => bytes.clone(),
        };
        for edit in &self.edits {
            text = apply(edit, text);
        }
        text
    }
}

fn pick(at: u32, len: usize) -> usize {
    at as usize % len
}

/// Applies one edit; an edit that needs tokens or bytes the text lacks leaves it alone.
pub fn apply(edit: &Edit, text: Vec<u8>) -> Vec<u8> {
    let mut split = Split::new(&text);
    let count = split.parts.len();
    match edit {
        Edit::Replace(at, with) if count > 0 => {
            let k = pick(*at, count);
            let alphabet = alphabet(&split);
            let old = split.parts[k].0.clone();
            split.parts[k].0 = replace(&old, with, &split, &alphabet);
        }
        Edit::Duplicate(at) if count > 0 => {
            let k = pick(*at, count);
            let mut copy = split.parts[k].clone();
            if copy.1.is_empty() {
                copy.1 = b"\n".to_vec();
            }
            split.parts.insert(k, copy);
        }
        Edit::Delete(at) if count > 0 => {
            split.parts.remove(pick(*at, count));
        }
        Edit::Swap(at, gap) if count > 1 => {
            let a = pick(*at, count - 1);
            let b = (a + 1 + *gap as usize).min(count - 1);
            let token = std::mem::take(&mut split.parts[a].0);
            split.parts[a].0 = std::mem::replace(&mut split.parts[b].0, token);
        }
        Edit::DropLast if count > 0 => {
            let (_, space) = split.parts.pop().expect("a token");
            match split.parts.last_mut() {
                Some(last) => last.1 = space,
                None => split.head.extend_from_slice(&space),
            }
        }
        Edit::TruncateLastLine(keep) => return truncate_last_line(text, *keep),
        Edit::Append(bytes) => {
            let mut text = text;
            text.extend_from_slice(bytes);
            return text;
        }
        Edit::Crlf => {
            let mut out = Vec::with_capacity(text.len() + text.len() / 4);
            for &b in &text {
                if b == b'\n' {
                    out.push(b'\r');
                }
                out.push(b);
            }
            return out;
        }
        Edit::NoFinalNewline => {
            let mut text = text;
            while text.last().is_some_and(|&b| is_space(b)) {
                text.pop();
            }
            return text;
        }
        Edit::Respace { seed, mixed } => {
            let mut rng = ChaCha8Rng::seed_from_u64(*seed);
            let draw = |rng: &mut ChaCha8Rng| {
                SEPARATORS[rng.random_range(0..SEPARATORS.len() as u32) as usize].to_vec()
            };
            let common = draw(&mut rng);
            if rng.random_range(0..4u32) == 0 {
                split.head = draw(&mut rng);
            }
            let last = count.saturating_sub(1);
            for (i, part) in split.parts.iter_mut().enumerate() {
                // A final separator stays a final separator (possibly a different one).
                if i == last && part.1.is_empty() {
                    continue;
                }
                part.1 = if *mixed {
                    draw(&mut rng)
                } else {
                    common.clone()
                };
            }
        }
        Edit::InsertByte(at, byte) => {
            let mut text = text;
            let at = pick(*at, text.len() + 1);
            text.insert(at, *byte);
            return text;
        }
        Edit::DeleteByte(at) if !text.is_empty() => {
            let mut text = text;
            text.remove(pick(*at, text.len()));
            return text;
        }
        Edit::ReplaceByte(at, byte) if !text.is_empty() => {
            let mut text = text;
            let at = pick(*at, text.len());
            text[at] = *byte;
            return text;
        }
        _ => return text,
    }
    split.to_bytes()
}

fn truncate_last_line(mut text: Vec<u8>, keep: u32) -> Vec<u8> {
    if text.last() == Some(&b'\n') {
        text.pop();
    }
    let start = text.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let line = text.len() - start;
    text.truncate(start + keep as usize % (line + 1));
    text
}

/// The distinct bytes of a text's tokens.
fn alphabet(split: &Split) -> Vec<u8> {
    let mut seen = [false; 256];
    for (token, _) in &split.parts {
        for &b in token {
            seen[b as usize] = true;
        }
    }
    (0..=255u8).filter(|&b| seen[b as usize]).collect()
}

/// The token's trailing run of ASCII digits: (where it starts, its value if it fits u128).
fn number_tail(token: &[u8]) -> (usize, Option<u128>) {
    let start = token.len()
        - token
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
    let digits = std::str::from_utf8(&token[start..]).expect("ASCII digits");
    (start, digits.parse().ok())
}

fn with_number(token: &[u8], start: usize, value: String) -> Vec<u8> {
    let mut out = token[..start].to_vec();
    out.extend_from_slice(value.as_bytes());
    out
}

fn replace(token: &[u8], with: &Replacement, split: &Split, alphabet: &[u8]) -> Vec<u8> {
    let (start, value) = number_tail(token);
    let has_number = start < token.len();
    match with {
        Replacement::Nudge(delta) => match value {
            Some(v) if has_number => {
                let moved = (v as i128 + *delta as i128).max(0);
                with_number(token, start, moved.to_string())
            }
            _ => {
                let mut out = token.to_vec();
                if let Some(first) = out.first_mut() {
                    *first = first.wrapping_add_signed(*delta);
                }
                out
            }
        },
        Replacement::Copy(k) => split.parts[pick(*k, split.parts.len())].0.clone(),
        Replacement::Tweak(at, choice) => {
            let mut out = token.to_vec();
            if !out.is_empty() && !alphabet.is_empty() {
                let at = pick(*at, out.len());
                out[at] = alphabet[pick(*choice, alphabet.len())];
            }
            out
        }
        Replacement::Plus => [b"+", token].concat(),
        Replacement::Minus => [b"-", token].concat(),
        Replacement::LeadingZeros(zeros) => {
            let mut out = token[..start].to_vec();
            out.extend(std::iter::repeat_n(b'0', *zeros as usize));
            out.extend_from_slice(&token[start..]);
            out
        }
        Replacement::Wrap(word64) => match value {
            Some(v) if has_number => {
                let shift = if *word64 { 1u128 << 64 } else { 1u128 << 32 };
                with_number(token, start, (v + shift).to_string())
            }
            _ => token.to_vec(),
        },
        Replacement::Huge(digits, seed) => {
            let mut rng = ChaCha8Rng::seed_from_u64(*seed);
            let mut number = vec![b'1' + rng.random_range(0..9u8)];
            for _ in 1..*digits {
                number.push(b'0' + rng.random_range(0..10u8));
            }
            let start = if has_number { start } else { token.len() };
            with_number(
                token,
                start,
                String::from_utf8(number).expect("ASCII digits"),
            )
        }
        Replacement::Word(k) => WORDS[*k as usize % WORDS.len()].as_bytes().to_vec(),
        Replacement::Bytes(bytes) => bytes.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_round_trips() {
        for text in [&b""[..], b"\n", b"a", b" a b\n", b"3\r\n1 2\n\n", b"x\x0by"] {
            assert_eq!(Split::new(text).to_bytes(), text);
        }
    }
}
