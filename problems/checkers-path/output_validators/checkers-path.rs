//! Output validator for `checkers-path`: the answer is `None`, `Multiple`, or a capture path
//! (the black piece's square, then every square it lands on). Any path that captures every
//! white piece with legal jumps is accepted; the judges' answer file only says which of the
//! three kinds of answer is right.
//!
//! The path is replayed on the board; the first illegal step is named in the first line of
//! FEEDBACK_DIR/judgemessage.txt (a complete reason on its own), followed by a drawing of the
//! board at that moment. Standard interface: `checkers-path INPUT ANSWER FEEDBACK_DIR <
//! contestant_output`; exit 42 accepted, 43 wrong answer, 1 judge error. Self-contained:
//! compiles with `rustc -O --edition 2021 checkers-path.rs`.

use std::fs;
use std::io::{self, BufRead};
use std::path::Path;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
const JUDGE_ERROR: i32 = 1;
/// Tokens are shown up to this many characters in messages.
const SHOWN: usize = 40;

/// How a judging ended.
enum Verdict {
    Accepted,
    /// A reason, and optionally the board drawn at the moment things went wrong.
    Wrong(String, Option<String>),
    JudgeError(String),
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!(
            "usage: {} INPUT ANSWER FEEDBACK_DIR < contestant_output",
            args[0]
        );
        exit(JUDGE_ERROR);
    }
    let verdict = judge(&args[1], &args[2]).unwrap_or_else(Verdict::JudgeError);
    let (code, text) = match verdict {
        Verdict::Accepted => (ACCEPTED, "correct\n".to_string()),
        Verdict::Wrong(reason, None) => (WRONG_ANSWER, format!("{reason}\n")),
        Verdict::Wrong(reason, Some(drawing)) => (WRONG_ANSWER, format!("{reason}\n\n{drawing}")),
        Verdict::JudgeError(reason) => {
            eprintln!("judge error: {reason}");
            (JUDGE_ERROR, format!("judge error: {reason}\n"))
        }
    };
    let path = Path::new(&args[3]).join("judgemessage.txt");
    if let Err(err) = fs::write(&path, text) {
        eprintln!("cannot write {}: {err}", path.display());
        exit(JUDGE_ERROR);
    }
    exit(code);
}

fn judge(input_path: &str, answer_path: &str) -> Result<Verdict, String> {
    let input = fs::read(input_path).map_err(|e| format!("reading {input_path}: {e}"))?;
    let board = Board::parse(&String::from_utf8_lossy(&input))
        .ok_or_else(|| format!("{input_path} is not a checkers board"))?;
    let answer = fs::read(answer_path).map_err(|e| format!("reading {answer_path}: {e}"))?;
    let answer = String::from_utf8_lossy(&answer);
    let expected = answer
        .split_ascii_whitespace()
        .next()
        .ok_or_else(|| format!("{answer_path} holds no answer"))?
        .to_string();
    let expects_path = expected != "None" && expected != "Multiple";

    let mut tokens = Tokens {
        reader: io::stdin().lock(),
    };
    let first = match tokens.next() {
        Some(first) => first,
        None => {
            return Ok(Verdict::Wrong(
                format!("expected {}, got nothing", describe(&expected)),
                None,
            ));
        }
    };
    let first_text = show(&first);
    if first_text == "None" || first_text == "Multiple" {
        if first_text != expected {
            let why = if expects_path {
                format!("the black piece on {expected} can capture every white piece")
            } else {
                explain(&expected).to_string()
            };
            return Ok(Verdict::Wrong(
                format!("expected {}, got {first_text}: {why}", describe(&expected)),
                None,
            ));
        }
        return Ok(match tokens.next() {
            None => Verdict::Accepted,
            Some(extra) => Verdict::Wrong(
                format!(
                    "expected only {expected}, got more after it: '{}'",
                    show(&extra)
                ),
                None,
            ),
        });
    }
    if first_text.eq_ignore_ascii_case("none") || first_text.eq_ignore_ascii_case("multiple") {
        return Ok(Verdict::Wrong(
            format!(
                "expected {}, got {first_text}: case differs",
                describe(&expected)
            ),
            None,
        ));
    }

    // A path: replay it, then compare what it shows with the judges' kind of answer.
    let mut game = Game::new(&board);
    if let Some(wrong) = game.replay(first, &mut tokens) {
        return Ok(wrong);
    }
    let start = board.name(game.path[0]);
    Ok(match expected.as_str() {
        "Multiple" => Verdict::Wrong(
            format!(
                "expected Multiple, got a legal capture path from {start}: {}",
                explain("Multiple")
            ),
            None,
        ),
        "None" => Verdict::JudgeError(format!(
            "the contestant's path from {start} captures every white piece, but the answer \
             file says None"
        )),
        judges if judges != start => Verdict::JudgeError(format!(
            "the contestant's path from {start} captures every white piece, but the answer file \
             starts at {judges} (two solvers would make the answer Multiple)"
        )),
        _ => Verdict::Accepted,
    })
}

/// The judges' answer as the contestant should have given it.
fn describe(expected: &str) -> String {
    match expected {
        "None" | "Multiple" => expected.to_string(),
        start => format!("a capture path from {start}"),
    }
}

fn explain(expected: &str) -> &'static str {
    match expected {
        "None" => "no black piece can capture every white piece",
        _ => "more than one black piece can capture every white piece",
    }
}

/// The board from the problem input. Squares are (row from the top, column).
struct Board {
    n: usize,
    cells: Vec<Vec<u8>>,
}

type Sq = (usize, usize);

impl Board {
    fn parse(text: &str) -> Option<Board> {
        let mut words = text.split_ascii_whitespace();
        let n: usize = words.next()?.parse().ok()?;
        let cells: Vec<Vec<u8>> = words.take(n).map(|w| w.as_bytes().to_vec()).collect();
        (cells.len() == n && cells.iter().all(|r| r.len() == n)).then_some(Board { n, cells })
    }

    fn name(&self, (row, col): Sq) -> String {
        format!("{}{}", (b'a' + col as u8) as char, self.n - row)
    }

    /// A square name of this board, or why the token is not one.
    fn square(&self, token: &str) -> Result<Sq, String> {
        let bytes = token.as_bytes();
        let digits = token.get(1..).unwrap_or("");
        let well_formed = bytes.len() >= 2
            && bytes[0].is_ascii_alphabetic()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !well_formed {
            return Err("not a square name (a file letter, then a rank number: d2)".to_string());
        }
        if bytes[0].is_ascii_uppercase() {
            return Err(format!(
                "not a square name: case differs, the square is written {}{digits}",
                bytes[0].to_ascii_lowercase() as char
            ));
        }
        let col = usize::from(bytes[0] - b'a');
        let rank: usize = digits.parse().unwrap_or(usize::MAX);
        if col >= self.n || !(1..=self.n).contains(&rank) {
            return Err(format!("off the {n}×{n} board", n = self.n));
        }
        Ok((self.n - rank, col))
    }
}

/// A path being replayed: the board as it is now and the squares visited so far.
struct Game<'a> {
    board: &'a Board,
    cells: Vec<Vec<u8>>,
    path: Vec<Sq>,
    /// Which jump captured each captured white piece.
    captured_by: Vec<Vec<usize>>,
}

impl<'a> Game<'a> {
    fn new(board: &'a Board) -> Game<'a> {
        Game {
            board,
            cells: board.cells.clone(),
            path: Vec::new(),
            captured_by: vec![vec![0; board.n]; board.n],
        }
    }

    fn wrong(&self, reason: String) -> Option<Verdict> {
        Some(Verdict::Wrong(reason, Some(self.drawing())))
    }

    /// Plays the path whose first token is `first`; `None` when it is legal and captures every
    /// white piece.
    fn replay<R: BufRead>(&mut self, first: Vec<u8>, tokens: &mut Tokens<R>) -> Option<Verdict> {
        let board = self.board;
        let start = match board.square(&show(&first)) {
            Ok(sq) => sq,
            Err(why) => {
                return self.wrong(format!(
                    "the path's first token '{}' is {why}",
                    show(&first)
                ))
            }
        };
        let what = match board.cells[start.0][start.1] {
            b'B' => None,
            b'W' => Some("which holds a white piece"),
            b'.' => Some("which is not a usable square"),
            _ => Some("which is empty"),
        };
        if let Some(what) = what {
            return self.wrong(format!(
                "the path starts on {}, {what}, not a black piece",
                board.name(start)
            ));
        }
        self.cells[start.0][start.1] = b'_';
        self.path.push(start);
        let mut jump = 0;
        while let Some(token) = tokens.next() {
            jump += 1;
            let from = *self.path.last().expect("the path has a start");
            let text = show(&token);
            let to = match board.square(&text) {
                Ok(sq) => sq,
                Err(why) => {
                    return self.wrong(format!(
                        "jump {jump} from {}: '{text}' is {why}",
                        board.name(from)
                    ));
                }
            };
            let head = format!(
                "jump {jump} from {} to {}",
                board.name(from),
                board.name(to)
            );
            let (dr, dc) = (
                to.0 as isize - from.0 as isize,
                to.1 as isize - from.1 as isize,
            );
            if dr.abs() != 2 || dc.abs() != 2 {
                return self.wrong(format!("{head} is not a diagonal jump over one square"));
            }
            let middle = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
            let over = board.name(middle);
            match self.cells[middle.0][middle.1] {
                b'W' => {}
                b'B' => return self.wrong(format!("{head} passes over {over}, a black piece")),
                _ if board.cells[middle.0][middle.1] == b'W' => {
                    let by = self.captured_by[middle.0][middle.1];
                    return self.wrong(format!(
                        "{head} passes over {over}, whose white piece jump {by} already captured"
                    ));
                }
                _ => {
                    return self.wrong(format!(
                        "{head} passes over {over}, which holds no white piece"
                    ))
                }
            }
            match self.cells[to.0][to.1] {
                b'_' => {}
                b'B' => return self.wrong(format!("{head} lands on a black piece")),
                _ => return self.wrong(format!("{head} lands on a white piece")),
            }
            self.cells[middle.0][middle.1] = b'_';
            self.captured_by[middle.0][middle.1] = jump;
            self.path.push(to);
        }
        let left: Vec<Sq> = (0..board.n)
            .flat_map(|r| (0..board.n).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cells[r][c] == b'W')
            .collect();
        if left.is_empty() {
            return None;
        }
        let total = left.len() + self.path.len() - 1;
        let mut names: Vec<String> = left.iter().take(5).map(|&s| board.name(s)).collect();
        if left.len() > 5 {
            names.push(format!("and {} more", left.len() - 5));
        }
        self.wrong(format!(
            "the path captures {} of the {total} white pieces; still on the board: {}",
            self.path.len() - 1,
            names.join(", ")
        ))
    }

    /// The board now: `@` the moving piece, `x` the white pieces captured so far.
    fn drawing(&self) -> String {
        let n = self.board.n;
        let mut text = String::from("the board at that moment (@ the moving piece, x captured):\n");
        for row in 0..n {
            text.push_str(&format!("{:>3} ", n - row));
            for col in 0..n {
                let cell = if self.path.last() == Some(&(row, col)) {
                    '@'
                } else if self.board.cells[row][col] == b'W' && self.cells[row][col] != b'W' {
                    'x'
                } else {
                    self.cells[row][col] as char
                };
                text.push(cell);
                text.push(if col + 1 == n { '\n' } else { ' ' });
            }
        }
        text.push_str("    ");
        for col in 0..n {
            text.push((b'a' + col as u8) as char);
            text.push(if col + 1 == n { '\n' } else { ' ' });
        }
        text
    }
}

/// White-space separated tokens of the contestant's output, read in chunks; a token is kept
/// up to a bounded length, so a huge output costs no memory.
struct Tokens<R: BufRead> {
    reader: R,
}

impl<R: BufRead> Tokens<R> {
    fn next(&mut self) -> Option<Vec<u8>> {
        let mut token = Vec::new();
        let mut started = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) if !buf.is_empty() => buf,
                _ => return started.then_some(token),
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
