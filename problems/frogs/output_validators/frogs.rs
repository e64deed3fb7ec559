//! Output validator for `frogs`: the answer is the minimum move count `(N + 1)^2 - 1`, then the
//! row after each move; every row must follow from the one before by one forward move (a white
//! frog `O` one or two squares right, a black frog `X` one or two squares left, into the empty
//! square `_`), and the last row must be the goal `X...X_O...O`.
//!
//! Usage (the standard output-validator interface):
//!     frogs INPUT ANSWER FEEDBACK_DIR < contestant_output
//! Exit 42: accepted; 43: wrong answer (the first bad line and why, in
//! FEEDBACK_DIR/judgemessage.txt); 1: judge error.
//!
//! Rows are compared in place in a buffered reader; memory is two rows.
//! Standard library only; compile with `rustc -O --edition 2021 frogs.rs`.

use std::fs;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
const JUDGE_ERROR: i32 = 1;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: {} INPUT ANSWER FEEDBACK_DIR < output", args[0]);
        exit(JUDGE_ERROR);
    }
    let feedback = PathBuf::from(&args[3]);
    let frogs = match read_input(&args[1]) {
        Ok(n) => n,
        Err(e) => {
            let message = format!("judge error: {}: {e}", args[1]);
            eprintln!("{message}");
            let _ = fs::write(feedback.join("judgemessage.txt"), format!("{message}\n"));
            exit(JUDGE_ERROR);
        }
    };
    let stdin = io::stdin();
    let mut lines = Lines {
        reader: BufReader::with_capacity(1 << 20, stdin.lock()),
        number: 0,
        text: Vec::new(),
        cut: false,
    };
    let (code, message) = match check(frogs, &mut lines) {
        Ok(()) => (ACCEPTED, "accepted".to_string()),
        Err(Reject::Wrong(reason)) => (WRONG_ANSWER, reason),
        Err(Reject::Io(e)) => (JUDGE_ERROR, format!("judge error: reading the output: {e}")),
    };
    let _ = fs::write(feedback.join("judgemessage.txt"), format!("{message}\n"));
    exit(code);
}

/// Reads `N` from the test input.
fn read_input(path: &str) -> Result<usize, String> {
    let text = fs::read_to_string(path).map_err(|e| e.to_string())?;
    let word = text.split_ascii_whitespace().next().ok_or("missing N")?;
    word.parse::<usize>()
        .ok()
        .filter(|&n| (1..=100_000).contains(&n))
        .ok_or(format!("N = '{word}' is not an integer in 1..=100000"))
}

enum Reject {
    Wrong(String),
    Io(io::Error),
}

impl From<io::Error> for Reject {
    fn from(e: io::Error) -> Self {
        Reject::Io(e)
    }
}

fn wrong<T>(reason: String) -> Result<T, Reject> {
    Err(Reject::Wrong(reason))
}

/// The output's lines, trailing white space (including `\r`) removed; blank lines skipped.
struct Lines<R: BufRead> {
    reader: R,
    /// The number of the line in `text`, from 1.
    number: u64,
    text: Vec<u8>,
    /// The line was longer than [`LONGEST`] and `text` holds its head only.
    cut: bool,
}

/// The most of one line the checker keeps: more than the longest row (2 * 100000 + 1).
const LONGEST: usize = 1 << 18;

impl<R: BufRead> Lines<R> {
    /// Advances to the next non-blank line; false at the end of the output. White space
    /// before the line's first character is skipped and at most [`LONGEST`] bytes after it are
    /// kept, so an endless line costs no memory (`cut` tells that the line went on).
    fn next(&mut self) -> io::Result<bool> {
        loop {
            self.text.clear();
            self.cut = false;
            let mut any = false;
            loop {
                let buf = self.reader.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                any = true;
                let end = buf.iter().position(|&c| c == b'\n');
                let mut part = &buf[..end.unwrap_or(buf.len())];
                if self.text.is_empty() {
                    let blank = part.iter().take_while(|c| c.is_ascii_whitespace()).count();
                    part = &part[blank..];
                }
                let kept = part.len().min(LONGEST - self.text.len());
                // White space past the bound would be trimmed anyway; anything else is lost.
                self.cut = self.cut || part[kept..].iter().any(|c| !c.is_ascii_whitespace());
                self.text.extend_from_slice(&part[..kept]);
                let used = end.map_or(buf.len(), |e| e + 1);
                self.reader.consume(used);
                if end.is_some() {
                    break;
                }
            }
            if !any {
                return Ok(false);
            }
            self.number += 1;
            while self.text.last().map_or(false, |c| c.is_ascii_whitespace()) {
                self.text.pop();
            }
            if !self.text.is_empty() {
                return Ok(true);
            }
        }
    }

    fn shown(&self) -> String {
        shown(&self.text)
    }
}

/// A row or line for a message: at most 80 characters.
fn shown(text: &[u8]) -> String {
    let cut = &text[..text.len().min(80)];
    let more = if text.len() > 80 { "..." } else { "" };
    format!("{}{more}", String::from_utf8_lossy(cut))
}

fn start_row(frogs: usize) -> Vec<u8> {
    let mut row = vec![b'O'; frogs];
    row.push(b'_');
    row.resize(2 * frogs + 1, b'X');
    row
}

fn goal_row(frogs: usize) -> Vec<u8> {
    let mut row = vec![b'X'; frogs];
    row.push(b'_');
    row.resize(2 * frogs + 1, b'O');
    row
}

fn check<R: BufRead>(frogs: usize, lines: &mut Lines<R>) -> Result<(), Reject> {
    let minimum = ((frogs + 1) * (frogs + 1) - 1) as u64;
    if !lines.next()? {
        return wrong("the output is empty".to_string());
    }
    let count = String::from_utf8_lossy(&lines.text).into_owned();
    // Digits only: `parse` alone would also take a sign (`+15`).
    let digits = count.bytes().all(|c| c.is_ascii_digit());
    match count.parse::<u64>().ok().filter(|_| digits) {
        Some(k) if k == minimum => {}
        Some(k) => {
            let why = if k < minimum {
                "no solution is that short"
            } else {
                "it is not minimal"
            };
            return wrong(format!(
                "line {}: K = {k}, but the minimum is (N + 1)^2 - 1 = {minimum}: {why}",
                lines.number
            ));
        }
        None => {
            return wrong(format!(
                "line {}: expected the move count K, found '{}'",
                lines.number,
                lines.shown()
            ));
        }
    }
    let mut row = start_row(frogs);
    for t in 1..=minimum {
        if !lines.next()? {
            return wrong(format!(
                "the output ends after {} of the {minimum} moves",
                t - 1
            ));
        }
        if lines.cut {
            return wrong(format!(
                "line {} (move {t}): longer than {LONGEST} characters; a row has {} squares",
                lines.number,
                row.len()
            ));
        }
        if let Err(why) = follows(&row, &lines.text) {
            return wrong(format!(
                "line {} (move {t}): {why}; previous row {}, this row {}",
                lines.number,
                shown(&row),
                lines.shown()
            ));
        }
        row.copy_from_slice(&lines.text);
    }
    if row != goal_row(frogs) {
        return wrong(format!(
            "after all {minimum} moves the row is {}, not the goal {}",
            shown(&row),
            shown(&goal_row(frogs))
        ));
    }
    if lines.next()? {
        return wrong(format!(
            "line {}: unexpected output after the last move: '{}'",
            lines.number,
            lines.shown()
        ));
    }
    Ok(())
}

/// Why `next` is not one legal move after `row`, if it is not.
fn follows(row: &[u8], next: &[u8]) -> Result<(), String> {
    if next.len() != row.len() {
        return Err(format!(
            "a row has {} squares, this line has {} characters",
            row.len(),
            next.len()
        ));
    }
    if let Some(bad) = next.iter().position(|c| !matches!(c, b'O' | b'X' | b'_')) {
        return Err(format!(
            "character {} is '{}'; rows use only O, X and _",
            bad + 1,
            next[bad] as char
        ));
    }
    let changed: Vec<usize> = (0..row.len())
        .filter(|&i| row[i] != next[i])
        .take(3)
        .collect();
    let (from, to) = match changed[..] {
        [] => return Err("the row is unchanged: no frog moved".to_string()),
        [a, b] if row[a] == b'_' && next[b] == b'_' => (b, a),
        [a, b] if row[b] == b'_' && next[a] == b'_' => (a, b),
        _ => return Err("this is not one frog moving into the empty square".to_string()),
    };
    let frog = row[from];
    if next[to] != frog {
        return Err(format!(
            "square {} changes from {} to {}",
            to + 1,
            '_',
            next[to] as char
        ));
    }
    let distance = from.abs_diff(to);
    if distance > 2 {
        return Err(format!(
            "the frog on square {} moves {distance} squares; a frog steps one or jumps over one",
            from + 1
        ));
    }
    let forward = (frog == b'O' && to > from) || (frog == b'X' && to < from);
    if !forward {
        let way = if frog == b'O' { "right" } else { "left" };
        return Err(format!(
            "the {} frog on square {} moves backwards (it may only move {way})",
            frog as char,
            from + 1
        ));
    }
    Ok(())
}
