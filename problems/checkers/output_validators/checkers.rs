//! Output validator for `checkers`: the answer is one token (a square name such as `d2`,
//! `None` or `Multiple`) and must match the judges' token exactly, case included.
//!
//! Standard interface: `checkers INPUT ANSWER FEEDBACK_DIR < contestant_output`; exit 42 when
//! accepted, 43 on a wrong answer, 1 on a judge error. The one-line reason goes to
//! FEEDBACK_DIR/judgemessage.txt. The reason says how the answers differ, using the board to
//! say what the contestant's square holds. Self-contained: compiles with
//! `rustc -O --edition 2021 checkers.rs`.

use std::fs;
use std::io::{self, BufRead};
use std::path::Path;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
const JUDGE_ERROR: i32 = 1;
/// Tokens are shown up to this many characters in messages.
const SHOWN: usize = 40;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!(
            "usage: {} INPUT ANSWER FEEDBACK_DIR < contestant_output",
            args[0]
        );
        exit(JUDGE_ERROR);
    }
    let feedback = Path::new(&args[3]).to_path_buf();
    let verdict = judge(&args[1], &args[2]);
    let (code, message) = match verdict {
        Ok(None) => (ACCEPTED, "correct".to_string()),
        Ok(Some(reason)) => (WRONG_ANSWER, reason),
        Err(err) => (JUDGE_ERROR, format!("judge error: {err}")),
    };
    if let Err(err) = fs::write(feedback.join("judgemessage.txt"), format!("{message}\n")) {
        eprintln!(
            "cannot write {}: {err}",
            feedback.join("judgemessage.txt").display()
        );
        exit(JUDGE_ERROR);
    }
    if code == JUDGE_ERROR {
        eprintln!("{message}");
    }
    exit(code);
}

/// `Ok(None)` when accepted, `Ok(Some(reason))` on a wrong answer.
fn judge(input_path: &str, answer_path: &str) -> Result<Option<String>, String> {
    let answer_text = fs::read(answer_path).map_err(|e| format!("reading {answer_path}: {e}"))?;
    let expected = String::from_utf8_lossy(&answer_text)
        .split_ascii_whitespace()
        .next()
        .ok_or_else(|| format!("{answer_path} holds no answer"))?
        .to_string();
    let input = fs::read(input_path).map_err(|e| format!("reading {input_path}: {e}"))?;
    let board = Board::parse(&String::from_utf8_lossy(&input))
        .ok_or_else(|| format!("{input_path} is not a checkers board"))?;

    let mut tokens = Tokens::new(io::stdin().lock());
    let got = match tokens.next() {
        None => return Ok(Some(format!("expected {expected}, got nothing"))),
        Some(token) => token,
    };
    if got == expected.as_bytes() {
        return Ok(tokens.next().map(|extra| {
            format!(
                "expected only {expected}, got more after it: '{}'",
                show(&extra)
            )
        }));
    }
    let got_text = show(&got);
    if got_text.eq_ignore_ascii_case(&expected) {
        return Ok(Some(format!(
            "expected {expected}, got {got_text}: case differs"
        )));
    }
    Ok(Some(match (expected.as_str(), board.square(&got_text)) {
        (_, _) if got_text == "None" || got_text == "Multiple" => format!(
            "expected {expected}, got {got_text}: {}",
            board.explain_expected(&expected)
        ),
        (_, None) => format!(
            "expected {expected}, got '{got_text}', which is not a square of the {n}×{n} board, \
             None or Multiple",
            n = board.n
        ),
        ("None" | "Multiple", Some(_)) => format!(
            "expected {expected}, got {got_text}: {}",
            board.explain_expected(&expected)
        ),
        (_, Some((row, col))) => {
            let holds = match board.rows[row].as_bytes()[col] {
                b'B' => "a black piece that cannot capture every white piece",
                b'W' => "a white piece",
                b'.' => "no piece (it is not a usable square)",
                _ => "no piece",
            };
            format!("expected {expected}, got {got_text}, which holds {holds}")
        }
    }))
}

/// The board, as much of it as the messages need.
struct Board {
    n: usize,
    rows: Vec<String>,
}

impl Board {
    fn parse(text: &str) -> Option<Board> {
        let mut words = text.split_ascii_whitespace();
        let n: usize = words.next()?.parse().ok()?;
        let rows: Vec<String> = words.take(n).map(String::from).collect();
        (rows.len() == n && rows.iter().all(|r| r.len() == n)).then_some(Board { n, rows })
    }

    /// `d2` → (row from the top, column), if it is a square of this board.
    fn square(&self, name: &str) -> Option<(usize, usize)> {
        let bytes = name.as_bytes();
        let file = *bytes.first()?;
        if !file.is_ascii_lowercase() || bytes.len() < 2 || bytes[1] == b'0' {
            return None;
        }
        let rank: usize = name[1..].parse().ok()?;
        let col = usize::from(file - b'a');
        (col < self.n && (1..=self.n).contains(&rank)).then(|| (self.n - rank, col))
    }

    /// Why the judges' answer is what it is, in words.
    fn explain_expected(&self, expected: &str) -> String {
        match expected {
            "None" => "no black piece can capture every white piece".to_string(),
            "Multiple" => "more than one black piece can capture every white piece".to_string(),
            square => format!("only the black piece on {square} can capture every white piece"),
        }
    }
}

/// White-space separated tokens of the contestant's output, read in chunks; a token is kept
/// up to a bounded length, so a huge output costs no memory.
struct Tokens<R: BufRead> {
    reader: R,
}

impl<R: BufRead> Tokens<R> {
    fn new(reader: R) -> Self {
        Tokens { reader }
    }

    fn next(&mut self) -> Option<Vec<u8>> {
        let mut token = Vec::new();
        let mut started = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok([]) => return started.then_some(token),
                Ok(buf) => buf,
                Err(_) => return started.then_some(token),
            };
            let mut used = 0;
            for &byte in buf {
                used += 1;
                if byte.is_ascii_whitespace() {
                    if started {
                        self.reader.consume(used);
                        return Some(token);
                    }
                } else {
                    started = true;
                    if token.len() <= SHOWN {
                        token.push(byte);
                    }
                }
            }
            self.reader.consume(used);
        }
    }
}

/// A token as messages show it: lossy UTF-8, cut after [`SHOWN`] characters.
fn show(token: &[u8]) -> String {
    let text = String::from_utf8_lossy(&token[..token.len().min(SHOWN)]).into_owned();
    if token.len() > SHOWN {
        format!("{text}...")
    } else {
        text
    }
}
