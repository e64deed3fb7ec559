//! Output validator for `shifting`: replays the contestant's moves on the row and accepts when
//! the answer is the minimum move count `nm + n + m` followed by exactly that many legal moves
//! ending at the goal, and nothing else.
//!
//! Usage (the standard output-validator interface):
//!     shifting INPUT ANSWER FEEDBACK_DIR < contestant_output
//! Exit 42: accepted; 43: wrong answer (reason in FEEDBACK_DIR/judgemessage.txt); 1: judge error.
//!
//! Built for outputs of hundreds of megabytes (10^8 moves, 550 MB). Two threads form a pipeline:
//! - the scanner reads stdin in 256 KiB blocks and classifies each 64-byte stretch at once into
//!   separators and digits (SSE2 on x86-64, a byte loop elsewhere), which gives the start and
//!   end of every number without walking it byte by byte; it hands over each number's digits as
//!   one 64-bit word, in batches;
//! - the replayer (the main thread) converts each word (up to eight digits with three
//!   multiplications) and checks and plays the move on the row.
//!
//! Memory is the row plus the blocks in flight, whatever the size of the output.
//! Standard library only; compile with `rustc -O --edition 2021 shifting.rs`.

use std::fs;
use std::io::{self, Read};
use std::path::PathBuf;
use std::process::exit;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
const JUDGE_ERROR: i32 = 1;

/// Bytes read from stdin into one block (a multiple of 64, small enough to stay in the cache).
const BLOCK: usize = 1 << 18;
/// Room before the data for the unfinished number carried over from the previous block.
const PAD: usize = 64;
/// Longest token carried over to the next block (longer ones are wrong anyway).
const LONGEST: usize = 32;
/// Blocks in flight between the two threads.
const IN_FLIGHT: usize = 4;
/// Squares shown on each side of the empty square in messages.
const WINDOW: u64 = 20;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: {} INPUT ANSWER FEEDBACK_DIR < output", args[0]);
        exit(JUDGE_ERROR);
    }
    let feedback = PathBuf::from(&args[3]);
    let (n, m) = match read_input(&args[1]) {
        Ok(sides) => sides,
        Err(e) => judge_error(&feedback, &format!("{}: {e}", args[1])),
    };
    let (full_tx, full_rx) = sync_channel::<Block>(IN_FLIGHT);
    let (empty_tx, empty_rx) = sync_channel::<Block>(IN_FLIGHT + 1);
    for _ in 0..IN_FLIGHT {
        empty_tx.send(Block::new()).expect("the channel has room");
    }
    thread::spawn(move || scan(full_tx, empty_rx));
    let verdict = Game::new(n, m).replay(full_rx, empty_tx);
    match verdict {
        Ok(()) => {
            write_message(&feedback, "accepted");
            exit(ACCEPTED);
        }
        Err(Reject::Wrong(reason)) => {
            write_message(&feedback, &reason);
            exit(WRONG_ANSWER);
        }
        Err(Reject::Io(e)) => judge_error(&feedback, &format!("reading the output: {e}")),
    }
}

fn write_message(feedback: &PathBuf, message: &str) {
    let _ = fs::write(feedback.join("judgemessage.txt"), format!("{message}\n"));
}

fn judge_error(feedback: &PathBuf, message: &str) -> ! {
    eprintln!("{message}");
    write_message(feedback, &format!("judge error: {message}"));
    exit(JUDGE_ERROR);
}

/// Reads `n m` from the test input.
fn read_input(path: &str) -> Result<(u64, u64), String> {
    let text = fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut words = text.split_ascii_whitespace();
    let mut side = |name: &str| -> Result<u64, String> {
        let word = words.next().ok_or(format!("missing {name}"))?;
        word.parse::<u64>()
            .ok()
            .filter(|&v| (1..1 << 31).contains(&v))
            .ok_or(format!("{name} = '{word}' is not an integer in 1..2^31"))
    };
    Ok((side("n")?, side("m")?))
}

enum Reject {
    Wrong(String),
    Io(io::Error),
}

fn wrong<T>(reason: String) -> Result<T, Reject> {
    Err(Reject::Wrong(reason))
}

/// The numbers of one block of the output.
struct Block {
    /// One word per number: up to eight digits one per byte (`0..=9`, the last digit in the top
    /// byte, zeros below the first), or `BIG` plus the value of a longer number.
    words: Vec<u64>,
    count: usize,
    /// Set on the last block: how the output ended.
    end: Option<Ending>,
}

/// Marks a word that holds the value itself (no digit byte ever has its top bit set).
const BIG: u64 = 1 << 63;

impl Block {
    fn new() -> Block {
        Block { words: vec![0; BLOCK / 2 + 64], count: 0, end: None }
    }
}

enum Ending {
    /// The output ended.
    Eof,
    /// A token that is not a number (its first bytes).
    NotANumber(String),
    Io(io::Error),
}

/// Fills `buf[PAD..]` from stdin: a whole block unless the input ends first.
fn fill(stdin: &mut io::StdinLock, buf: &mut [u8]) -> io::Result<usize> {
    let mut len = 0;
    while len < BLOCK {
        match stdin.read(&mut buf[PAD + len..PAD + BLOCK]) {
            Ok(0) => break,
            Ok(k) => len += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(len)
}

/// The scanner thread: reads blocks and records where each number starts and ends.
fn scan(full: SyncSender<Block>, empty: Receiver<Block>) {
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    // `buf[PAD..PAD + BLOCK]` is new data; the end of a number cut off by the previous block is
    // copied just before `PAD`. The tail leaves room for eight-byte loads past the data.
    let mut buf = vec![b' '; PAD + BLOCK + 128];
    // The unfinished number at the end of the previous block.
    let mut carry = [0u8; LONGEST];
    let mut carried = 0;
    // Whether the byte before the current stretch is a separator.
    let mut after_sep = 1u64;
    loop {
        let Ok(mut block) = empty.recv() else { return };
        block.count = 0;
        buf[PAD - carried..PAD].copy_from_slice(&carry[..carried]);
        let len = match fill(&mut stdin, &mut buf) {
            Ok(len) => len,
            Err(e) => {
                block.end = Some(Ending::Io(e));
                let _ = full.send(block);
                return;
            }
        };
        let last = len < BLOCK;
        // The last block: spaces end the final number and fill the last stretch.
        let data_end = if last { PAD + len.div_ceil(64) * 64 + 64 } else { PAD + BLOCK };
        if last {
            buf[PAD + len..data_end].fill(b' ');
        }
        let mut pending: Option<usize> = (carried > 0).then_some(PAD - carried);
        let mut ending = None;
        let Block { words, count, .. } = &mut block;
        let mut at = PAD;
        while at < data_end {
            let (sep, other) = classify(&buf[at..at + 64]);
            let before = (sep << 1) | after_sep;
            let mut starts = !sep & before;
            let mut ends = sep & !before;
            if other != 0 {
                // Keep every number that ends before the first bad byte.
                let below = (1u64 << other.trailing_zeros()) - 1;
                starts &= below;
                ends &= below;
            }
            after_sep = sep >> 63;
            if let Some(start) = pending {
                if ends != 0 {
                    words[*count] = digits(&buf, start, at + ends.trailing_zeros() as usize);
                    *count += 1;
                    ends &= ends - 1;
                    pending = None;
                }
            }
            while ends != 0 {
                let start = at + starts.trailing_zeros() as usize;
                words[*count] = digits(&buf, start, at + ends.trailing_zeros() as usize);
                *count += 1;
                starts &= starts - 1;
                ends &= ends - 1;
            }
            if starts != 0 {
                pending = Some(at + starts.trailing_zeros() as usize);
            }
            if other != 0 {
                let bad = at + other.trailing_zeros() as usize;
                let start = pending.unwrap_or(bad);
                let mut stop = bad;
                while stop < data_end && stop - start < LONGEST && !is_space(buf[stop]) {
                    stop += 1;
                }
                let text = String::from_utf8_lossy(&buf[start..stop]).into_owned();
                ending = Some(Ending::NotANumber(text));
                break;
            }
            at += 64;
        }
        if ending.is_none() && last {
            ending = Some(Ending::Eof);
        }
        if ending.is_none() {
            carried = pending.map_or(0, |start| data_end - start);
            if carried > LONGEST {
                let text = String::from_utf8_lossy(&buf[data_end - carried..][..LONGEST]);
                ending = Some(Ending::NotANumber(format!("{text}...")));
            } else {
                carry[..carried].copy_from_slice(&buf[data_end - carried..data_end]);
            }
        }
        let done = ending.is_some();
        block.end = ending;
        if full.send(block).is_err() || done {
            return;
        }
    }
}

/// Bit `i` of the first mask: byte `i` is a separator (space, tab, newline, CR, VT, FF); of the
/// second: byte `i` is neither a separator nor a digit.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn classify(bytes: &[u8]) -> (u64, u64) {
    use std::arch::x86_64::*;
    assert!(bytes.len() >= 64);
    let (mut sep, mut digit) = (0u64, 0u64);
    for k in 0..4 {
        // SAFETY: the assertion above keeps the 16-byte load inside `bytes`; SSE2 is part of
        // the x86-64 baseline.
        unsafe {
            let v = _mm_loadu_si128(bytes.as_ptr().add(16 * k) as *const __m128i);
            let space = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
            let control = _mm_sub_epi8(v, _mm_set1_epi8(9));
            let control = _mm_cmpeq_epi8(_mm_min_epu8(control, _mm_set1_epi8(4)), control);
            let digits = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let digits = _mm_cmpeq_epi8(_mm_min_epu8(digits, _mm_set1_epi8(9)), digits);
            sep |= (_mm_movemask_epi8(_mm_or_si128(space, control)) as u16 as u64) << (16 * k);
            digit |= (_mm_movemask_epi8(digits) as u16 as u64) << (16 * k);
        }
    }
    (sep, !(sep | digit))
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn classify(bytes: &[u8]) -> (u64, u64) {
    let (mut sep, mut other) = (0u64, 0u64);
    for (i, &c) in bytes[..64].iter().enumerate() {
        if is_space(c) {
            sep |= 1 << i;
        } else if !c.is_ascii_digit() {
            other |= 1 << i;
        }
    }
    (sep, other)
}

fn is_space(c: u8) -> bool {
    c == b' ' || (9..=13).contains(&c)
}

/// The value of eight decimal digits, one per byte (already minus `'0'`), most significant in
/// the lowest byte.
#[inline(always)]
fn parse_eight(digits: u64) -> u64 {
    let pairs = (digits.wrapping_mul(10) + (digits >> 8)) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100) + (pairs >> 16)) & 0x0000_ffff_0000_ffff;
    (quads.wrapping_mul(10000) + (quads >> 32)) & 0xffff_ffff
}

/// The word for the number written in `buf[start..end]` (all digits), see [`Block::words`].
#[inline(always)]
fn digits(buf: &[u8], start: usize, end: usize) -> u64 {
    let len = end - start;
    if len <= 8 {
        // The eight bytes from the first digit; shifting left drops the bytes after the number
        // and leaves zeros (leading zero digits) in the low bytes. XOR rather than subtract, so
        // that the bytes after the number cannot borrow from it.
        let word = u64::from_le_bytes(buf[start..start + 8].try_into().unwrap());
        (word ^ 0x3030_3030_3030_3030) << (64 - 8 * len)
    } else {
        let value = buf[start..end]
            .iter()
            .try_fold(0u64, |v, &c| v.checked_mul(10)?.checked_add((c - b'0') as u64));
        BIG | value.unwrap_or(BIG - 1).min(BIG - 1)
    }
}

/// The value of a word from [`digits`]; at most `BIG - 1` (which stands for "too large").
#[inline(always)]
fn value(word: u64) -> u64 {
    if word & BIG == 0 { parse_eight(word) } else { word & !BIG }
}

/// A row square that is not on the board: two of them guard each end.
const OFF: u8 = b'#';

struct Game {
    n: u64,
    m: u64,
    minimum: u64,
    /// `row[p + 1]` is square `p` (`b`, `w` or `_`); `row[0]`, `row[1]` and everything after
    /// square `n + m + 1` are `OFF`. The length is a power of two, so an index masked with
    /// `len - 1` needs no bounds check.
    row: Vec<u8>,
    empty: u64,
    /// Numbers seen so far: number 0 is K, numbers 1..=K the moves.
    tokens: u64,
}

impl Game {
    fn new(n: u64, m: u64) -> Game {
        let mut row = vec![OFF, OFF];
        row.resize(2 + n as usize, b'b');
        row.push(b'_');
        row.resize(3 + (n + m) as usize, b'w');
        row.resize((row.len() + 2).next_power_of_two(), OFF);
        Game { n, m, minimum: n * m + n + m, row, empty: n + 1, tokens: 0 }
    }

    fn squares(&self) -> u64 {
        self.n + self.m + 1
    }

    /// Plays the numbers as the scanner delivers them.
    fn replay(&mut self, full: Receiver<Block>, empty: SyncSender<Block>) -> Result<(), Reject> {
        loop {
            let Ok(mut block) = full.recv() else {
                return Err(Reject::Io(io::Error::other("the scanner thread stopped")));
            };
            self.play(&block)?;
            match block.end.take() {
                None => {
                    let _ = empty.send(block);
                }
                Some(Ending::Eof) => return self.finish(),
                Some(Ending::NotANumber(text)) => return self.token_error(&text),
                Some(Ending::Io(e)) => return Err(Reject::Io(e)),
            }
        }
    }

    /// Plays the numbers of one block: the count K first, then moves, then nothing.
    fn play(&mut self, block: &Block) -> Result<(), Reject> {
        let words = &block.words[..block.count];
        let mut first = 0;
        if self.tokens == 0 && block.count > 0 {
            self.count(value(words[0]))?;
            self.tokens = 1;
            first = 1;
        }
        let left = (self.minimum + 1 - self.tokens).min((block.count - first) as u64) as usize;
        let mask = self.row.len() - 1;
        let row = &mut self.row[..=mask];
        let mut empty = self.empty;
        for (i, &word) in words[first..first + left].iter().enumerate() {
            let value = value(word);
            // |value - empty| must be 1 or 2; then value + 1 indexes the padded row (0 up to
            // squares + 3), where OFF marks the squares beyond either end.
            let step = value.wrapping_sub(empty).wrapping_add(2);
            let from = value.wrapping_add(1) as usize & mask;
            let checker = row[from];
            if step > 4 || step == 2 || checker == OFF {
                self.empty = empty;
                return self.illegal(self.tokens + i as u64, value);
            }
            row[(empty + 1) as usize & mask] = checker;
            row[from] = b'_';
            empty = value;
        }
        self.empty = empty;
        self.tokens += left as u64;
        if let Some(&word) = words.get(first + left) {
            let extra = value(word);
            return wrong(format!("unexpected output after the last move {}: '{extra}'", self.minimum));
        }
        Ok(())
    }

    /// The first number, K.
    fn count(&self, k: u64) -> Result<(), Reject> {
        if k == self.minimum {
            return Ok(());
        }
        let why = if k < self.minimum { "no solution is that short" } else { "it is not minimal" };
        let k = if k == BIG - 1 { "a huge number".to_string() } else { k.to_string() };
        wrong(format!(
            "the answer starts with K = {k}, but the minimum is nm + n + m = {}: {why}",
            self.minimum
        ))
    }

    /// A token that is not a number; `self.tokens` numbers came before it.
    fn token_error(&self, text: &str) -> Result<(), Reject> {
        let t = self.tokens;
        if t == 0 {
            wrong(format!("the answer must start with the move count K, found '{text}'"))
        } else if t <= self.minimum {
            wrong(format!("move {t}: '{text}' is not a square number; {}", self.row_text()))
        } else {
            wrong(format!("unexpected output after the last move {}: '{text}'", self.minimum))
        }
    }

    #[cold]
    fn illegal(&self, t: u64, p: u64) -> Result<(), Reject> {
        let squares = self.squares();
        let why = if p == 0 || p > squares {
            if p == BIG - 1 {
                "the square number is far off the row".to_string()
            } else {
                format!("square {p} is off the row (squares 1..{squares})")
            }
        } else if p == self.empty {
            format!("square {p} is the empty square; there is no checker to move")
        } else {
            format!(
                "the checker on square {p} is {} squares from the empty square {}; a move covers \
                 one or two",
                p.abs_diff(self.empty),
                self.empty
            )
        };
        wrong(format!("move {t}: {why}; {}", self.row_text()))
    }

    /// After the whole output: every move made, the goal reached.
    fn finish(&self) -> Result<(), Reject> {
        if self.tokens == 0 {
            return wrong("the output is empty".to_string());
        }
        let made = self.tokens - 1;
        if made < self.minimum {
            return wrong(format!(
                "the output ends after {made} of the {} moves; {}",
                self.minimum,
                self.row_text()
            ));
        }
        let (m, squares) = (self.m as usize, self.squares() as usize);
        let board = &self.row[2..2 + squares];
        let goal = self.empty == self.m + 1
            && board[..m].iter().all(|&c| c == b'w')
            && board[m + 1..].iter().all(|&c| c == b'b');
        if !goal {
            return wrong(format!(
                "after all {} moves the goal is not reached; {}",
                self.minimum,
                self.row_text()
            ));
        }
        Ok(())
    }

    /// The current row, cut to a window around the empty square when long.
    fn row_text(&self) -> String {
        let squares = self.squares();
        let lo = self.empty.saturating_sub(WINDOW).max(1);
        let hi = (self.empty + WINDOW).min(squares);
        let part = String::from_utf8_lossy(&self.row[(lo + 1) as usize..(hi + 2) as usize]);
        if lo == 1 && hi == squares {
            format!("row: {part} (empty square {})", self.empty)
        } else {
            format!("row, squares {lo}..{hi} of {squares}: {part} (empty square {})", self.empty)
        }
    }
}
