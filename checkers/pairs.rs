//! Output validator for `pairs`: replays the contestant's moves on the row and accepts them when
//! they are legal, reach the goal and are as few as the judges' answer says is possible.
//!
//! Standard interface: `pairs INPUT ANSWER FEEDBACK_DIR < contestant_output`; exit 42 when
//! accepted, 43 on a wrong answer, 1 on a judge error. The one-line reason goes to
//! FEEDBACK_DIR/judgemessage.txt; a rejected move is named with its number, its position and
//! the row at that moment (the whole row when it is short, the squares around the move and the
//! gap otherwise). Self-contained: compiles with `rustc -O --edition 2021 pairs.rs`.
//!
//! Speed: the output for n = 10^7 is 85 MB, so the checker streams it through a fixed buffer,
//! parses the common shape "up to 8 digits and a newline" eight bytes at a time, and keeps the
//! row as one bit per square (whites) plus the position of the gap: memory is n / 4 bytes.

use std::fs;
use std::io::{self, Read};
use std::path::Path;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
const JUDGE_ERROR: i32 = 1;
/// Rows up to this many squares are shown whole in messages.
const SHOWN_WHOLE: usize = 64;
/// Squares shown on each side of a point of interest in longer rows.
const SHOWN_AROUND: usize = 8;
/// Tokens are quoted up to this many characters.
const SHOWN_TOKEN: usize = 24;
/// Bytes read from the contestant at a time.
const CHUNK: usize = 1 << 20;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: {} INPUT ANSWER FEEDBACK_DIR < contestant_output", args[0]);
        exit(JUDGE_ERROR);
    }
    let (code, message) = match judge(&args[1], &args[2]) {
        Ok(Ok(note)) => (ACCEPTED, note),
        Ok(Err(reason)) => (WRONG_ANSWER, reason),
        Err(err) => (JUDGE_ERROR, format!("judge error: {err}")),
    };
    let path = Path::new(&args[3]).join("judgemessage.txt");
    if let Err(err) = fs::write(&path, format!("{message}\n")) {
        eprintln!("cannot write {}: {err}", path.display());
        exit(JUDGE_ERROR);
    }
    if code == JUDGE_ERROR {
        eprintln!("{message}");
    }
    exit(code);
}

/// `Err(_)`: a judge error. `Ok(Ok(note))`: accepted. `Ok(Err(reason))`: wrong answer.
fn judge(input_path: &str, answer_path: &str) -> Result<Result<String, String>, String> {
    let n = read_n(input_path)?;
    let best = read_answer(answer_path)?;
    let mut tokens = Tokens::new(io::stdin().lock());
    let verdict = check(n, best, &mut tokens);
    match (verdict, best) {
        (Verdict::Shorter(k), Some(best)) => Err(format!(
            "the contestant reached the goal in {k} moves, fewer than the judges' {best}"
        )),
        (Verdict::Shorter(k), None) => Err(format!(
            "the contestant reached the goal in {k} moves, but the judges' answer is None"
        )),
        (Verdict::Broken(err), _) => Err(err),
        (Verdict::Wrong(reason), _) => Ok(Err(reason)),
        (Verdict::Right(note), _) => Ok(Ok(note)),
    }
}

enum Verdict {
    Right(String),
    Wrong(String),
    /// A legal solution shorter than the judges' optimum: the judges are wrong.
    Shorter(u64),
    /// Reading the contestant's output failed.
    Broken(String),
}

fn check(n: u64, best: Option<u64>, tokens: &mut Tokens<impl Read>) -> Verdict {
    let first = match tokens.next() {
        Ok(Some(Token::Text(t))) => t,
        Ok(Some(Token::Number(v))) => v.to_string().into_bytes(),
        Ok(None) => return Verdict::Wrong("the output is empty".into()),
        Err(err) => return Verdict::Broken(err),
    };
    if first == b"None" {
        return match best {
            Some(best) => Verdict::Wrong(format!(
                "printed None, but the goal can be reached in {best} moves"
            )),
            None => match expect_end(tokens, "None") {
                Ok(()) => Verdict::Right("None is right".into()),
                Err(reason) => reason,
            },
        };
    }
    let k = match parse_count(&first) {
        Some(k) => k,
        None => {
            return Verdict::Wrong(format!(
                "the first token must be None or the number of moves, not '{}'",
                quote(&first)
            ))
        }
    };
    if let Some(best) = best {
        if k > best {
            return Verdict::Wrong(format!(
                "uses {k} moves, but {best} are enough: the answer must be minimal"
            ));
        }
    }
    let mut row = Row::start(n);
    for index in 1..=k {
        let position = match tokens.next() {
            Ok(Some(Token::Number(p))) => p,
            Ok(Some(Token::Text(t))) => {
                return Verdict::Wrong(format!(
                    "move {index} of {k}: '{}' is not a position",
                    quote(&t)
                ))
            }
            Ok(None) => {
                return Verdict::Wrong(format!(
                    "announced {k} moves but the output ends after {}",
                    index - 1
                ))
            }
            Err(err) => return Verdict::Broken(err),
        };
        if let Err(why) = row.play(position) {
            return Verdict::Wrong(format!(
                "move {index} of {k} (position {position}) is illegal: {why}; row before it: {}",
                row.show(&[position.min(row.squares - 1) as usize, row.gap])
            ));
        }
    }
    if let Err(reason) = expect_end(tokens, "the moves") {
        return reason;
    }
    if row.gap != 0 {
        return Verdict::Wrong(format!(
            "after all {k} moves the gap is on squares {} and {}, not 0 and 1: {}",
            row.gap,
            row.gap + 1,
            row.show(&[0, row.gap])
        ));
    }
    if let Some(square) = row.first_difference_from_goal() {
        return Verdict::Wrong(format!(
            "after all {k} moves the row is not the goal (square {square} is wrong): {}",
            row.show(&[square, row.gap])
        ));
    }
    match best {
        Some(best) if k == best => Verdict::Right(format!("{k} moves, optimal")),
        _ => Verdict::Shorter(k),
    }
}

fn expect_end(tokens: &mut Tokens<impl Read>, after: &str) -> Result<(), Verdict> {
    match tokens.next() {
        Ok(None) => Ok(()),
        Ok(Some(Token::Number(v))) => Err(Verdict::Wrong(format!("unexpected '{v}' after {after}"))),
        Ok(Some(Token::Text(t))) => {
            Err(Verdict::Wrong(format!("unexpected '{}' after {after}", quote(&t))))
        }
        Err(err) => Err(Verdict::Broken(err)),
    }
}

fn parse_count(token: &[u8]) -> Option<u64> {
    if token.is_empty() || token.len() > 18 || !token.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(token.iter().fold(0, |v, &d| v * 10 + u64::from(d - b'0')))
}

fn quote(token: &[u8]) -> String {
    let text = String::from_utf8_lossy(token);
    if text.chars().count() > SHOWN_TOKEN {
        format!("{}...", text.chars().take(SHOWN_TOKEN).collect::<String>())
    } else {
        text.into_owned()
    }
}

/// n from the test input.
fn read_n(path: &str) -> Result<u64, String> {
    let text = fs::read(path).map_err(|e| format!("reading {path}: {e}"))?;
    let text = String::from_utf8_lossy(&text);
    let token = text.split_ascii_whitespace().next().ok_or(format!("{path} is empty"))?;
    match token.parse::<u64>() {
        Ok(n) if (1..=1 << 40).contains(&n) => Ok(n),
        _ => Err(format!("{path}: '{token}' is not a valid n")),
    }
}

/// The judges' number of moves, or `None` when their answer is None.
fn read_answer(path: &str) -> Result<Option<u64>, String> {
    let text = fs::read(path).map_err(|e| format!("reading {path}: {e}"))?;
    let text = String::from_utf8_lossy(&text);
    let token = text.split_ascii_whitespace().next().ok_or(format!("{path} holds no answer"))?;
    if token == "None" {
        return Ok(None);
    }
    token.parse().map(Some).map_err(|_| format!("{path}: '{token}' is neither None nor a count"))
}

/// The row: bit i of `white` tells whether square i holds a white checker; the two squares
/// from `gap` on are empty (their bits are meaningless).
struct Row {
    white: Vec<u64>,
    gap: usize,
    squares: u64,
}

impl Row {
    fn start(n: u64) -> Row {
        let squares = 2 * n + 2;
        let mut white = vec![0u64; (squares as usize).div_ceil(64)];
        // Whites on n .. 2n-1: whole words where possible.
        let (from, to) = (n as usize, 2 * n as usize);
        let mut i = from;
        while i < to {
            if i % 64 == 0 && i + 64 <= to {
                white[i / 64] = u64::MAX;
                i += 64;
            } else {
                white[i / 64] |= 1 << (i % 64);
                i += 1;
            }
        }
        Row { white, gap: to, squares }
    }

    #[inline]
    fn get(&self, i: usize) -> bool {
        self.white[i >> 6] >> (i & 63) & 1 == 1
    }

    #[inline]
    fn set(&mut self, i: usize, white: bool) {
        let bit = 1u64 << (i & 63);
        if white {
            self.white[i >> 6] |= bit;
        } else {
            self.white[i >> 6] &= !bit;
        }
    }

    #[inline]
    fn play(&mut self, position: u64) -> Result<(), String> {
        if position + 1 >= self.squares {
            return Err(format!(
                "the pair {position}, {} does not fit on squares 0 .. {}",
                position + 1,
                self.squares - 1
            ));
        }
        let p = position as usize;
        let g = self.gap;
        if p + 1 == g || p == g || p == g + 1 {
            return Err(format!(
                "squares {p} and {} must both hold checkers, but {g} and {} are empty",
                p + 1,
                g + 1
            ));
        }
        let (left, right) = (self.get(p), self.get(p + 1));
        self.set(g, left);
        self.set(g + 1, right);
        self.gap = p;
        Ok(())
    }

    /// With the gap on 0 and 1: the first square that differs from the goal (whites on even
    /// squares, blacks on odd ones).
    fn first_difference_from_goal(&self) -> Option<usize> {
        debug_assert_eq!(self.gap, 0);
        // Whites on even squares: 0x55.. per word; squares 0 and 1 are the gap.
        let squares = self.squares as usize;
        for (w, &word) in self.white.iter().enumerate() {
            let mut differs = word ^ 0x5555_5555_5555_5555;
            if w == 0 {
                differs &= !0b11;
            }
            if w == self.white.len() - 1 && squares % 64 != 0 {
                differs &= (1u64 << (squares % 64)) - 1;
            }
            if differs != 0 {
                return Some(w * 64 + differs.trailing_zeros() as usize);
            }
        }
        None
    }

    fn square(&self, i: usize) -> char {
        if i == self.gap || i == self.gap + 1 {
            '.'
        } else if self.get(i) {
            'W'
        } else {
            'B'
        }
    }

    /// The row as `B`, `W` and `.`: whole when short, else the squares around each point.
    fn show(&self, points: &[usize]) -> String {
        let squares = self.squares as usize;
        if squares <= SHOWN_WHOLE {
            return (0..squares).map(|i| self.square(i)).collect();
        }
        let mut ranges: Vec<(usize, usize)> = points
            .iter()
            .map(|&p| (p.saturating_sub(SHOWN_AROUND), (p + SHOWN_AROUND + 2).min(squares)))
            .collect();
        ranges.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::new();
        for (a, b) in ranges {
            match merged.last_mut() {
                Some(last) if a <= last.1 => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        let parts: Vec<String> = merged
            .iter()
            .map(|&(a, b)| format!("[{a}..{}] {}", b - 1, (a..b).map(|i| self.square(i)).collect::<String>()))
            .collect();
        format!("squares {} (of {squares})", parts.join(", "))
    }
}

enum Token {
    Number(u64),
    /// Anything that is not a plain number below 10^18.
    Text(Vec<u8>),
}

/// White-space separated tokens from a reader, parsed in place from a fixed buffer.
struct Tokens<R: Read> {
    source: R,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
}

impl<R: Read> Tokens<R> {
    fn new(source: R) -> Self {
        Tokens { source, buf: vec![0; CHUNK + 64], start: 0, end: 0, eof: false }
    }

    /// Moves the unread bytes to the front and reads more; false at the end of the input.
    fn refill(&mut self) -> Result<bool, String> {
        if self.eof {
            return Ok(false);
        }
        self.buf.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
        if self.end == self.buf.len() {
            // A token longer than the buffer: keep its head only (it is wrong anyway).
            self.end = 64;
        }
        loop {
            match self.source.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(got) => {
                    self.end += got;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(format!("reading the output: {e}")),
            }
        }
    }

    #[inline]
    fn next(&mut self) -> Result<Option<Token>, String> {
        // Fast path: at least 16 bytes buffered, a number of 1 to 8 digits, then a newline.
        if self.end - self.start >= 16 {
            let word = u64::from_le_bytes(self.buf[self.start..self.start + 8].try_into().unwrap());
            let digits = word ^ 0x3030_3030_3030_3030;
            let not_digit = (digits.wrapping_add(0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080;
            let len = (not_digit.trailing_zeros() / 8) as usize;
            if len >= 1 && self.buf[self.start + len] == b'\n' {
                self.start += len + 1;
                return Ok(Some(Token::Number(eight_digits(digits << (8 * (8 - len))))));
            }
        }
        self.next_slow()
    }

    fn next_slow(&mut self) -> Result<Option<Token>, String> {
        // Skip white space.
        loop {
            while self.start < self.end && self.buf[self.start].is_ascii_whitespace() {
                self.start += 1;
            }
            if self.start < self.end {
                break;
            }
            if !self.refill()? {
                return Ok(None);
            }
        }
        // Make sure the whole token is buffered (unless it is huge).
        let mut stop = self.start;
        loop {
            while stop < self.end && !self.buf[stop].is_ascii_whitespace() {
                stop += 1;
            }
            if stop < self.end || self.eof {
                break;
            }
            let offset = stop - self.start;
            if !self.refill()? {
                stop = self.end;
                break;
            }
            stop = self.start + offset;
        }
        let token = &self.buf[self.start..stop];
        self.start = stop;
        let plain = !token.is_empty() && token.len() <= 18 && token.iter().all(u8::is_ascii_digit);
        Ok(Some(if plain {
            Token::Number(token.iter().fold(0, |v, &d| v * 10 + u64::from(d - b'0')))
        } else {
            Token::Text(token.to_vec())
        }))
    }
}

/// The value of eight decimal digits (byte values 0-9, most significant in the lowest byte).
#[inline]
fn eight_digits(mut v: u64) -> u64 {
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_ffff_0000_ffff;
    (v.wrapping_mul(10000) + (v >> 32)) & 0xffff_ffff
}
