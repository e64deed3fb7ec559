//! Output validator for `pairs`: replays the contestant's moves on the row and accepts them when
//! they are legal, reach the goal and are as few as the judges' answer says is possible.
//!
//! Standard interface: `pairs INPUT ANSWER FEEDBACK_DIR < contestant_output`; exit 42 when
//! accepted, 43 on a wrong answer, 1 on a judge error. The one-line reason goes to
//! FEEDBACK_DIR/judgemessage.txt; a rejected move is named with its number, its position and
//! the row at that moment (the whole row when it is short, the squares around the move and the
//! gap otherwise). Self-contained: compiles with `rustc -O --edition 2021 pairs.rs`.
//!
//! Speed: the output for n = 10^7 is 85 MB. When stdin is a regular file (as judges give it)
//! the checker reads it where it lies in a private memory mapping, asking for the data a little
//! ahead of the scan and giving pages back behind it; from a pipe it streams the output through
//! a fixed buffer. While the bytes are only digits and single newlines it takes them in
//! batches of 16 KiB, one simple pass over a batch at a time: the newlines (64 bytes at a time,
//! with SSE2 compares, or eight-byte bit tricks on other processors) and the eight bytes that
//! end at each newline, the values (the bytes up to the highest non-digit cleared, then AVX2
//! multiply-adds, or bit tricks and three multiplications each), whether every move is legal
//! (a vectorised loop), and the moves. Anything else goes through a general token reader. The
//! row is one byte per square: memory is 2n + 2 bytes, asked for in 2 MiB pages where the
//! system gives them on request.

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
/// Bytes of the buffer taken in one batch by the fast path (its numbers stay in the L1 cache).
const BATCH: usize = 1 << 14;
/// Room for the digit words of a batch (at most one number per two bytes, and three more
/// written past the last); a power of two, so that masked indices need no bounds check.
const WORDS: usize = BATCH;
/// Bytes kept in front of the buffered data, so that the eight bytes ending at any token's end
/// can be loaded as one word.
const PAD: usize = 8;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!(
            "usage: {} INPUT ANSWER FEEDBACK_DIR < contestant_output",
            args[0]
        );
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
    let mut tokens = Tokens::new(io::stdin().lock(), Mapping::of_stdin());
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
    let mut played: u64 = 0;
    while played < k {
        // As many moves as the block reader can take, then one token the general way.
        let (count, illegal) = tokens.play_block(&mut row, k - played);
        played += count;
        let position = match illegal {
            Some(position) => position,
            None if played == k => break,
            None => match tokens.next() {
                Ok(Some(Token::Number(p))) => p,
                Ok(Some(Token::Text(t))) => {
                    return Verdict::Wrong(format!(
                        "move {} of {k}: '{}' is not a position",
                        played + 1,
                        quote(&t)
                    ))
                }
                Ok(None) => {
                    return Verdict::Wrong(format!(
                        "announced {k} moves but the output ends after {played}"
                    ))
                }
                Err(err) => return Verdict::Broken(err),
            },
        };
        if let Err(illegal) = row.play(position) {
            return Verdict::Wrong(format!(
                "move {} of {k} (position {position}) is illegal: {}; row before it: {}",
                played + 1,
                row.explain(illegal, position),
                row.show(&[position.min(row.squares - 1) as usize, row.gap])
            ));
        }
        played += 1;
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
        Ok(Some(Token::Number(v))) => {
            Err(Verdict::Wrong(format!("unexpected '{v}' after {after}")))
        }
        Ok(Some(Token::Text(t))) => Err(Verdict::Wrong(format!(
            "unexpected '{}' after {after}",
            quote(&t)
        ))),
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
    let token = text
        .split_ascii_whitespace()
        .next()
        .ok_or(format!("{path} is empty"))?;
    match token.parse::<u64>() {
        Ok(n) if (1..=1_000_000_000).contains(&n) => Ok(n),
        _ => Err(format!("{path}: '{token}' is not a valid n")),
    }
}

/// The judges' number of moves, or `None` when their answer is None. Only the first token is
/// read: the moves after it are not needed (and may still be being written into a pipe).
fn read_answer(path: &str) -> Result<Option<u64>, String> {
    let failed = |e: io::Error| format!("reading {path}: {e}");
    let mut file = fs::File::open(path).map_err(failed)?;
    let mut text = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let got = match file.read(&mut chunk) {
            Ok(got) => got,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(failed(e)),
        };
        if got == 0 {
            break;
        }
        text.extend_from_slice(&chunk[..got]);
        // Done once a token and the white space after it are in.
        if let Some(start) = text.iter().position(|c| !c.is_ascii_whitespace()) {
            if text[start..].iter().any(u8::is_ascii_whitespace) {
                break;
            }
        }
    }
    let text = String::from_utf8_lossy(&text);
    let token = text
        .split_ascii_whitespace()
        .next()
        .ok_or(format!("{path} holds no answer"))?;
    if token == "None" {
        return Ok(None);
    }
    token
        .parse()
        .map(Some)
        .map_err(|_| format!("{path}: '{token}' is neither None nor a count"))
}

/// The row, one byte per square: [`BLACK`] or [`WHITE`]; the two squares from `gap` on are
/// empty (their bytes are stale).
struct Row {
    cells: Vec<u8>,
    gap: usize,
    squares: u64,
}

/// Asks for the row in 2 MiB pages where the system gives them on request (a 10^7 row is 20 MB:
/// five thousand page faults in 4 KiB pages, ten in huge ones). Only a hint.
fn advise_huge_pages(start: *mut u8, len: usize) {
    const HUGE: usize = 1 << 21;
    let from = (start as usize + HUGE - 1) / HUGE * HUGE;
    let to = (start as usize + len) / HUGE * HUGE;
    if to > from {
        #[cfg(target_os = "linux")]
        // SAFETY: advice on whole pages of the row's own untouched allocation.
        unsafe {
            sys::madvise(from as *mut u8, to - from, sys::MADV_HUGEPAGE);
        }
    }
}

const WHITE: u8 = 0;
const BLACK: u8 = 1;

/// Why a move is illegal.
enum Illegal {
    OffTheRow,
    TouchesGap,
}

impl Row {
    fn start(n: u64) -> Row {
        let n = n as usize;
        let len = 2 * n + 2;
        // Zeroed memory comes fresh from the system, untouched: white squares (zero) cost no
        // writing, and the advice about page size still applies.
        let mut cells = vec![WHITE; len];
        advise_huge_pages(cells.as_mut_ptr(), len);
        cells[..n].fill(BLACK);
        Row {
            cells,
            gap: 2 * n,
            squares: 2 * n as u64 + 2,
        }
    }

    #[inline]
    fn play(&mut self, position: u64) -> Result<(), Illegal> {
        if position + 1 >= self.squares {
            return Err(Illegal::OffTheRow);
        }
        let p = position as usize;
        let g = self.gap;
        if p + 1 == g || p == g || p == g + 1 {
            return Err(Illegal::TouchesGap);
        }
        let (left, right) = (self.cells[p], self.cells[p + 1]);
        self.cells[g] = left;
        self.cells[g + 1] = right;
        self.gap = p;
        Ok(())
    }

    /// Plays moves already known to be legal.
    fn play_legal(&mut self, moves: &[u64]) {
        let cells = self.cells.as_mut_ptr();
        let mut gap = self.gap;
        for &p in moves {
            let p = p as usize;
            // SAFETY: every move is legal (its pair and the gap lie on the row).
            unsafe {
                let pair = cells.add(p).cast::<[u8; 2]>().read_unaligned();
                cells.add(gap).cast::<[u8; 2]>().write_unaligned(pair);
            }
            gap = p;
        }
        self.gap = gap;
    }

    fn explain(&self, illegal: Illegal, position: u64) -> String {
        match illegal {
            Illegal::OffTheRow => format!(
                "the pair {position}, {} does not fit on squares 0 .. {}",
                position + 1,
                self.squares - 1
            ),
            Illegal::TouchesGap => format!(
                "squares {position} and {} must both hold checkers, but {} and {} are empty",
                position + 1,
                self.gap,
                self.gap + 1
            ),
        }
    }

    /// With the gap on 0 and 1: the first square that differs from the goal (whites on even
    /// squares, blacks on odd ones).
    fn first_difference_from_goal(&self) -> Option<usize> {
        debug_assert_eq!(self.gap, 0);
        let goal = |i: usize| if i % 2 == 0 { WHITE } else { BLACK };
        // From square 2 (even), in stretches compared whole with the goal's pattern.
        const STRETCH: usize = 4096;
        let pattern: Vec<u8> = (0..STRETCH).map(goal).collect();
        let rest = &self.cells[2..];
        let from = rest
            .chunks(STRETCH)
            .position(|stretch| stretch != &pattern[..stretch.len()])
            .map_or(self.cells.len(), |k| 2 + k * STRETCH);
        (from..self.cells.len()).find(|&i| self.cells[i] != goal(i))
    }

    /// The row as `B`, `W` and `.`: whole when short, else the squares around each point.
    fn show(&self, points: &[usize]) -> String {
        let squares = self.cells.len();
        let text = |a: usize, b: usize| -> String {
            (a..b)
                .map(|i| {
                    if i == self.gap || i == self.gap + 1 {
                        '.'
                    } else {
                        if self.cells[i] == BLACK {
                            'B'
                        } else {
                            'W'
                        }
                    }
                })
                .collect()
        };
        if squares <= SHOWN_WHOLE {
            return text(0, squares);
        }
        let mut ranges: Vec<(usize, usize)> = points
            .iter()
            .map(|&p| {
                (
                    p.saturating_sub(SHOWN_AROUND),
                    (p + SHOWN_AROUND + 2).min(squares),
                )
            })
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
            .map(|&(a, b)| format!("[{a}..{}] {}", b - 1, text(a, b)))
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
    /// Where stdin is a regular file, the file mapped into memory, read where it lies.
    mapped: Option<Mapping>,
    /// The bytes the tokens are read from: `buf`, or the whole mapped file (with `PAD` bytes
    /// before it and room after it in both). A raw view, so that reading it can borrow other
    /// fields.
    view: (*const u8, usize),
    /// Digit words of the numbers of a batch (see [`plain`]) and their values.
    words: Vec<u64>,
    values: Vec<u64>,
    /// Whether the processor has AVX2 (checked once).
    avx2: bool,
    start: usize,
    end: usize,
    eof: bool,
}

impl<R: Read> Tokens<R> {
    fn new(source: R, mapped: Option<Mapping>) -> Self {
        let buf = vec![0; PAD + CHUNK + 64];
        let (view, end, eof) = match &mapped {
            Some(m) => (m.view(), PAD + m.len, true),
            None => ((buf.as_ptr(), buf.len()), PAD, false),
        };
        Tokens {
            source,
            buf,
            mapped,
            view,
            words: vec![0; WORDS],
            values: vec![0; BATCH / 2 + 8],
            avx2: has_avx2(),
            start: PAD,
            end,
            eof,
        }
    }

    /// The bytes read so far (see [`Tokens::view`]).
    fn bytes<'a>(&self) -> &'a [u8] {
        // SAFETY: the view is `buf` or the mapping, both alive as long as `self`, and not
        // written while a caller reads them (only `refill` writes, to `buf`, between reads).
        unsafe { std::slice::from_raw_parts(self.view.0, self.view.1) }
    }

    /// Moves the unread bytes to the front and reads more; false at the end of the input.
    fn refill(&mut self) -> Result<bool, String> {
        if self.eof {
            return Ok(false);
        }
        self.buf.copy_within(self.start..self.end, PAD);
        self.end = self.end - self.start + PAD;
        self.start = PAD;
        if self.end == self.buf.len() {
            // A token longer than the buffer: keep its head only (it is wrong anyway).
            self.end = PAD + 64;
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

    /// Plays up to `limit` moves read straight from the buffer, while the bytes are digits and
    /// single newlines only and every number has 1 to 8 digits. Returns the moves played and,
    /// when it stopped at an illegal move, that move's position (consumed, not played).
    /// Anything unusual stops it early, leaving the rest to [`Tokens::next`].
    ///
    /// It goes in batches of up to [`BATCH`] bytes, one simple pass over the batch at a time:
    /// the digit words of the numbers, their values (AVX2 multiply-adds where the processor has
    /// them), the legality of every move (a vectorised loop: a move is legal when its pair is
    /// on the row and not next to the previous move's pair, which is where the gap is), and
    /// then the moves themselves, two bytes copied each.
    fn play_block(&mut self, row: &mut Row, limit: u64) -> (u64, Option<u64>) {
        let mut played = 0;
        // The next token starts at `from` (a newline left by the general reader is skipped).
        if self.start < self.end && self.bytes()[self.start] == b'\n' {
            self.start += 1;
        }
        while played < limit {
            let from = self.start;
            let window = self.end.min(from + BATCH);
            let bytes = self.bytes();
            let (stop, found) = plain(bytes, &mut self.words, from, window, self.avx2);
            if found == 0 {
                break;
            }
            if let Some(mapped) = &mut self.mapped {
                mapped.release_before(from);
            }
            let count = found.min((limit - played) as usize);
            let values = &mut self.values[..count];
            convert(&self.words[..count], values, self.avx2);
            let legal = first_illegal(values, row.gap as u64, row.squares, self.avx2);
            row.play_legal(&values[..legal]);
            played += legal as u64;
            if legal < count {
                self.start = after_tokens(bytes, from, legal + 1);
                return (played, Some(values[legal]));
            }
            self.start = if count == found {
                stop
            } else {
                after_tokens(bytes, from, count)
            };
        }
        (played, None)
    }

    fn next(&mut self) -> Result<Option<Token>, String> {
        // Skip white space.
        loop {
            while self.start < self.end && self.bytes()[self.start].is_ascii_whitespace() {
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
            while stop < self.end && !self.bytes()[stop].is_ascii_whitespace() {
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
        let token = &self.bytes()[self.start..stop];
        self.start = stop;
        let plain = !token.is_empty() && token.len() <= 18 && token.iter().all(u8::is_ascii_digit);
        Ok(Some(if plain {
            Token::Number(token.iter().fold(0, |v, &d| v * 10 + u64::from(d - b'0')))
        } else {
            Token::Text(token.to_vec())
        }))
    }
}

/// Stdin mapped into memory when it is a regular file (as judges give it): reading it where it
/// lies saves copying every byte out of the page cache, as much work as the kernel's side of
/// `wc -l`. The file sits one page into an otherwise anonymous private mapping, so that the
/// `PAD` bytes before it and the loads just past its end stay inside the mapping. Pages already
/// read are given back as the reading moves on, so memory stays small whatever the file's size.
struct Mapping {
    base: *mut u8,
    /// Bytes mapped, from `base`.
    total: usize,
    /// The file's size; its first byte is at `base + LEAD`.
    len: usize,
    /// Bytes from `base` already given back.
    released: usize,
    /// Bytes from `base` whose pages are already mapped in.
    populated: usize,
}

/// Bytes before the file in the mapping: one page.
const LEAD: usize = 4096;
/// Bytes of the mapping given back, or mapped in ahead, at a time.
const WINDOW: usize = 1 << 22;

#[cfg(target_os = "linux")]
mod sys {
    extern "C" {
        pub fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64)
            -> *mut u8;
        pub fn munmap(addr: *mut u8, len: usize) -> i32;
        pub fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
        pub fn lseek(fd: i32, offset: i64, whence: i32) -> i64;
    }
    pub const PROT_READ: i32 = 1;
    pub const MAP_PRIVATE: i32 = 0x02;
    pub const MAP_FIXED: i32 = 0x10;
    pub const MAP_ANONYMOUS: i32 = 0x20;
    pub const MADV_DONTNEED: i32 = 4;
    /// Linux 5.14 and later; older kernels refuse it, and pages then come in fault by fault.
    pub const MADV_POPULATE_READ: i32 = 22;
    pub const MADV_HUGEPAGE: i32 = 14;
    pub const SEEK_CUR: i32 = 1;
}

impl Mapping {
    /// The mapping of stdin, or `None` (a pipe, an empty file, a read already begun, or a
    /// system without `mmap`): stdin is then read through the buffer.
    #[cfg(target_os = "linux")]
    fn of_stdin() -> Option<Mapping> {
        let meta = fs::metadata("/dev/stdin").ok()?;
        let len = usize::try_from(meta.len()).ok()?;
        // SAFETY: lseek on our own stdin; it only reports the offset.
        if !meta.file_type().is_file()
            || len == 0
            || unsafe { sys::lseek(0, 0, sys::SEEK_CUR) } != 0
        {
            return None;
        }
        let total = LEAD + ((len + LEAD - 1) / LEAD) * LEAD + LEAD;
        // SAFETY: a fresh anonymous mapping, then the file mapped over part of it (MAP_FIXED
        // inside the range just reserved); both checked for failure.
        unsafe {
            let anonymous = sys::MAP_PRIVATE | sys::MAP_ANONYMOUS;
            let base = sys::mmap(
                std::ptr::null_mut(),
                total,
                sys::PROT_READ,
                anonymous,
                -1,
                0,
            );
            if base as isize == -1 {
                return None;
            }
            let fixed = sys::MAP_PRIVATE | sys::MAP_FIXED;
            if sys::mmap(base.add(LEAD), len, sys::PROT_READ, fixed, 0, 0) != base.add(LEAD) {
                sys::munmap(base, total);
                return None;
            }
            let mut mapping = Mapping {
                base,
                total,
                len,
                released: 0,
                populated: 0,
            };
            mapping.release_before(0);
            Some(mapping)
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn of_stdin() -> Option<Mapping> {
        None
    }

    /// The mapped bytes as [`Tokens`] index them: the file starts at `PAD`.
    fn view(&self) -> (*const u8, usize) {
        // SAFETY: `LEAD - PAD` is inside the mapping.
        (
            unsafe { self.base.add(LEAD - PAD) },
            self.total - (LEAD - PAD),
        )
    }

    /// Gives back the whole pages before `keep` (an index into the view), every 4 MiB, and
    /// maps in the next 4 MiB ahead of it in one call (page faults one by one cost more).
    fn release_before(&mut self, keep: usize) {
        let ahead = (keep + LEAD - PAD + WINDOW).min(self.total);
        if ahead > self.populated {
            let until = (self.populated + 2 * WINDOW).min(self.total);
            // SAFETY: pages of our own mapping; asking for them changes no byte.
            #[cfg(target_os = "linux")]
            unsafe {
                sys::madvise(
                    self.base.add(self.populated),
                    until - self.populated,
                    sys::MADV_POPULATE_READ,
                );
            }
            self.populated = until;
        }
        let upto = (keep.saturating_sub(64) + LEAD - PAD) / LEAD * LEAD;
        if upto >= self.released + WINDOW {
            // SAFETY: whole pages of our own mapping that the reading has passed for good.
            #[cfg(target_os = "linux")]
            unsafe {
                sys::madvise(
                    self.base.add(self.released),
                    upto - self.released,
                    sys::MADV_DONTNEED,
                );
            }
            self.released = upto;
        }
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the mapping this value made; the view into it dies with the same `Tokens`.
        #[cfg(target_os = "linux")]
        unsafe {
            sys::munmap(self.base, self.total);
        }
    }
}

/// Bit i of the first mask: byte i of the block is a newline; of the second: it is anything
/// but a digit. A block of digits and newlines only has equal masks.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn block_masks(block: &[u8; 64]) -> (u64, u64) {
    use std::arch::x86_64::*;
    let (mut newline, mut other) = (0u64, 0u64);
    // SAFETY: SSE2 is part of every x86_64 processor, and each load reads 16 bytes that lie
    // inside `block`.
    unsafe {
        for k in 0..4 {
            let v = _mm_loadu_si128(block.as_ptr().add(16 * k).cast());
            let nl = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8));
            // Signed compares: bytes from 0x80 up count as below '0'.
            let below = _mm_cmplt_epi8(v, _mm_set1_epi8(b'0' as i8));
            let above = _mm_cmpgt_epi8(v, _mm_set1_epi8(b'9' as i8));
            let not_digit = _mm_or_si128(below, above);
            newline |= u64::from(_mm_movemask_epi8(nl) as u16) << (16 * k);
            other |= u64::from(_mm_movemask_epi8(not_digit) as u16) << (16 * k);
        }
    }
    (newline, other)
}

/// The portable version of [`block_masks`], eight bytes at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn block_masks(block: &[u8; 64]) -> (u64, u64) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Gathers the flag bits (bit 7 of each byte) into one byte.
    let pack = |flags: u64| (flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let (mut newline, mut other) = (0u64, 0u64);
    for k in 0..8 {
        let word = u64::from_le_bytes(block[8 * k..8 * k + 8].try_into().unwrap());
        let x = word ^ 0x0a0a_0a0a_0a0a_0a0a;
        let zero = !(((x & LOW7) + LOW7) | x) & HIGH;
        let digits = word ^ 0x3030_3030_3030_3030;
        // Exact for bytes below 0x80; a byte from 0x80 up is flagged itself, which is enough.
        let not_digit = (digits.wrapping_add(0x7676_7676_7676_7676) | digits) & HIGH;
        newline |= pack(zero) << (8 * k);
        other |= pack(not_digit) << (8 * k);
    }
    (newline, other)
}

/// The digits of the number that ends a word of eight bytes (the bytes just before its
/// newline), one per byte minus `'0'`: the bytes above the word's highest non-digit, zeros
/// below it. The byte before a number is never a digit (a newline, or the zeros before the
/// data), so a number of up to eight digits comes out whole and alone.
#[inline(always)]
fn number_digits(raw: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = raw ^ 0x3030_3030_3030_3030;
    // Bit 7 of a byte: the byte is above 9 (no carry crosses bytes: 0x7f + 0x76 < 0x100).
    let mut below = (((x & LOW7) + 0x7676_7676_7676_7676) | x) & HIGH;
    below |= below >> 8;
    below |= below >> 16;
    below |= below >> 32;
    x & !((below >> 7) * 0xff)
}

/// The value of eight decimal digits (byte values 0-9, most significant in the lowest byte).
#[inline]
fn eight_digits(mut v: u64) -> u64 {
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_ffff_0000_ffff;
    (v.wrapping_mul(10000) + (v >> 32)) & 0xffff_ffff
}

/// Where the `count`-th token from `from` ends, past its newline (the tokens from `from` on are
/// plain: digits, each followed by one newline).
fn after_tokens(buf: &[u8], from: usize, count: usize) -> usize {
    let mut at = from;
    for _ in 0..count {
        at += buf[at..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(0, |k| k + 1);
    }
    at
}

/// How far ahead of the scan to ask for the data: a mapped file comes from memory, not from
/// the cache that a copy into the buffer would have left it in.
const AHEAD: usize = 1024;

/// Asks for the cache line at `buf[at]` (if it is inside `buf`) ahead of its use.
#[inline(always)]
fn prefetch(buf: &[u8], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if at < buf.len() {
        // SAFETY: a prefetch of an address inside `buf`; it never faults.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(buf.as_ptr().add(at) as *const i8);
        }
    }
}

/// The fast path's scan: takes 64-byte stretches from `from` (a token's start) up to `end`
/// while they hold only digits and single newlines, and numbers of at most eight digits, and
/// writes the digit word of each number that ends in them into `words` (eight digits one per
/// byte, the first in the lowest byte, leading zeros below). Returns where the next token
/// starts and how many numbers it took.
#[inline(always)]
fn plain_body(buf: &[u8], words: &mut [u64], from: usize, end: usize) -> (usize, usize) {
    let words: &mut [u64; WORDS] = (&mut words[..WORDS]).try_into().unwrap();
    let mut count = 0;
    // The newline before the number being read.
    let mut prev = from - 1;
    let mut after_newline = 1;
    let mut at = from;
    while at + 64 <= end {
        prefetch(buf, at + AHEAD);
        let block: &[u8; 64] = buf[at..at + 64].try_into().unwrap();
        let (newline, other) = block_masks(block);
        let digit = !newline;
        let two = digit & (digit >> 1);
        let four = two & (two >> 2);
        // Nine digits in a row within the stretch (the first number is measured on its own).
        let nine = four & (four >> 4) & (digit >> 8);
        let first = at + newline.trailing_zeros() as usize;
        let doubled = newline & ((newline << 1) | after_newline);
        if other != newline || newline == 0 || doubled != 0 || nine != 0 || first - prev > 9 {
            break;
        }
        // Four numbers at a time, so that the loop's exit falls at the same point in most
        // stretches; slots past the last newline write words that are never used.
        let mut ends = newline;
        let total = count + newline.count_ones() as usize;
        while count < total {
            for slot in 0..4 {
                let stop = at + ends.trailing_zeros() as usize;
                // The eight bytes that end at the number's newline: the number and, below it,
                // the end of what came before (see [`number_digits`]).
                words[(count + slot) & (WORDS - 1)] =
                    u64::from_le_bytes(buf[stop - 8..stop].try_into().unwrap());
                ends &= ends.wrapping_sub(1);
            }
            count += 4;
        }
        count = total;
        prev = at + 63 - newline.leading_zeros() as usize;
        after_newline = newline >> 63;
        at += 64;
    }
    (prev + 1, count)
}

fn plain(buf: &[u8], words: &mut [u64], from: usize, end: usize, avx2: bool) -> (usize, usize) {
    if avx2 {
        // SAFETY: the processor has AVX2 (checked at run time).
        unsafe { plain_avx2(buf, words, from, end) }
    } else {
        plain_body(buf, words, from, end)
    }
}

/// [`plain_body`] compiled for AVX2 processors (`tzcnt`, VEX compares).
///
/// # Safety
/// The processor must have AVX2, BMI1 and LZCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn plain_avx2(buf: &[u8], words: &mut [u64], from: usize, end: usize) -> (usize, usize) {
    plain_body(buf, words, from, end)
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn plain_avx2(buf: &[u8], words: &mut [u64], from: usize, end: usize) -> (usize, usize) {
    plain_body(buf, words, from, end)
}

/// The values of digit words from [`plain`].
fn convert(words: &[u64], values: &mut [u64], avx2: bool) {
    if avx2 {
        // SAFETY: the processor has AVX2 (checked at run time).
        unsafe { convert_avx2(words, values) }
    } else {
        for (&w, v) in words.iter().zip(values) {
            *v = eight_digits(number_digits(w));
        }
    }
}

/// [`convert`] four words at a time with AVX2 multiply-adds.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn convert_avx2(words: &[u64], values: &mut [u64]) {
    use std::arch::x86_64::*;
    let quads = words.chunks_exact(4);
    let rest = quads.remainder();
    let (out, tail) = values.split_at_mut(words.len() - rest.len());
    let pair_weights = _mm256_set1_epi16(0x010a); // bytes 10, 1: ten times the first digit
    let quad_weights = _mm256_set1_epi32(0x0001_0064); // words 100, 1
    let high_weight = _mm256_set1_epi64x(10_000);
    for (quad, out) in quads.zip(out.chunks_exact_mut(4)) {
        // SAFETY: `quad` and `out` hold four words each.
        let raw = _mm256_loadu_si256(quad.as_ptr() as *const __m256i);
        // The number is the bytes above the highest non-digit of its word: anything above 9
        // once '0' is taken away (by XOR) is marked, the mark is spread down through the lower
        // bytes, and the marked bytes become leading zeros (as in [`number_digits`]).
        let x = _mm256_xor_si256(raw, _mm256_set1_epi8(b'0' as i8));
        let digit = _mm256_cmpeq_epi8(_mm256_min_epu8(x, _mm256_set1_epi8(9)), x);
        let mut below = _mm256_xor_si256(digit, _mm256_set1_epi8(-1));
        below = _mm256_or_si256(below, _mm256_srli_epi64(below, 8));
        below = _mm256_or_si256(below, _mm256_srli_epi64(below, 16));
        below = _mm256_or_si256(below, _mm256_srli_epi64(below, 32));
        let v = _mm256_andnot_si256(below, x);
        // Eight digits -> four two-digit pairs -> two four-digit halves (the low half holds
        // the high digits) -> the value.
        let pairs = _mm256_maddubs_epi16(v, pair_weights);
        let halves = _mm256_madd_epi16(pairs, quad_weights);
        let high = _mm256_mul_epu32(halves, high_weight);
        let low = _mm256_srli_epi64(halves, 32);
        _mm256_storeu_si256(
            out.as_mut_ptr() as *mut __m256i,
            _mm256_add_epi64(high, low),
        );
    }
    for (&w, v) in rest.iter().zip(tail) {
        *v = eight_digits(number_digits(w));
    }
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn convert_avx2(words: &[u64], values: &mut [u64]) {
    for (&w, v) in words.iter().zip(values) {
        *v = eight_digits(number_digits(w));
    }
}

/// The index of the first illegal move (`moves.len()` when all are legal), the gap being on
/// `gap` before the first. A move is legal when its pair fits on the row and does not touch
/// the gap, which after a move is where the moved pair was.
fn first_illegal(moves: &[u64], gap: u64, squares: u64, avx2: bool) -> usize {
    let all = if avx2 {
        // SAFETY: the processor has AVX2 (checked at run time).
        unsafe { all_legal_avx2(moves, gap, squares) }
    } else {
        all_legal(moves, gap, squares)
    };
    if all {
        return moves.len();
    }
    let mut gap = gap;
    for (i, &p) in moves.iter().enumerate() {
        if !legal(gap, p, squares) {
            return i;
        }
        gap = p;
    }
    moves.len()
}

#[inline(always)]
fn legal(gap: u64, p: u64, squares: u64) -> bool {
    (p + 1 < squares) & (p.wrapping_sub(gap).wrapping_add(1) > 2)
}

/// Whether every move is legal; no early exit, so that the compiler vectorises the loop.
#[inline(always)]
fn all_legal(moves: &[u64], gap: u64, squares: u64) -> bool {
    let first = match moves.first() {
        Some(&first) => first,
        None => {
            return true;
        }
    };
    let rest = moves
        .iter()
        .zip(&moves[1..])
        .fold(true, |ok, (&a, &b)| ok & legal(a, b, squares));
    legal(gap, first, squares) & rest
}

/// [`all_legal`] compiled for AVX2 processors.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn all_legal_avx2(moves: &[u64], gap: u64, squares: u64) -> bool {
    all_legal(moves, gap, squares)
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn all_legal_avx2(moves: &[u64], gap: u64, squares: u64) -> bool {
    all_legal(moves, gap, squares)
}

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_avx2() -> bool {
    false
}
