//! Output validator for `shifting`: replays the contestant's moves on the row and accepts when
//! the answer is the minimum move count `nm + n + m` followed by exactly that many legal moves
//! ending at the goal, and nothing else.
//!
//! Usage (the standard output-validator interface):
//!     shifting INPUT ANSWER FEEDBACK_DIR < contestant_output
//! Exit 42: accepted; 43: wrong answer (reason in FEEDBACK_DIR/judgemessage.txt); 1: judge error.
//!
//! Built for outputs of hundreds of megabytes (10^8 moves, 550 MB). Stdin is taken
//! in 256 KiB blocks: read into a buffer from a pipe, or, when stdin is a regular file (as
//! judges give it), scanned where it lies in a private memory mapping of the file, which saves
//! copying every byte (the scan then asks for the data a little ahead of its use). Each block
//! goes through three passes that each do one simple thing over the whole block:
//! - scan: 64 bytes at a time, compares (SSE2 on x86-64, a byte loop elsewhere) give a bit mask
//!   of the separators. While every stretch is plain (digits and single separators, numbers of
//!   at most eight digits) each number is just the eight bytes ending at its separator, stored
//!   as they are (the separator before the number is inside them unless it has eight digits);
//!   anything else (other white space, long numbers, bad
//!   bytes, the end of the output) goes through a general token scanner from that stretch on;
//! - convert: the words become values, four at a time with AVX2 where the processor has it
//!   (bit tricks on one word otherwise): the bytes up to the word's highest non-digit are
//!   cleared, then multiply-adds combine the digits;
//! - replay: one pass checks that every move is legal (each square within one or two of the
//!   previous one and on the row, a loop the compiler vectorises), then the moves are played on
//!   the row with one load and one store each. A block with an illegal move is replayed move
//!   by move instead, to stop at the first illegal one.
//!
//! The scan takes about half the time, the conversion and the replay the other half: where a
//! second processor is there, the scan runs on a thread of its own a few blocks ahead, and
//! hands each block's digit words to the replay in chunks that go back and forth (made once).
//! Pinned to one processor, or where no thread can be started, both run on one thread.
//!
//! Memory is the row plus a few blocks and their numbers, whatever the size of the output
//! (mapped pages are given back as the scan passes them). Standard library only (the mapping
//! calls the C library's `mmap`, which the standard library links on Linux); compile with
//! `rustc -O --edition 2021 shifting.rs`.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::exit;
use std::sync::mpsc;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
const JUDGE_ERROR: i32 = 1;

/// Bytes read from stdin into one block (a multiple of 64, small enough to stay in the cache).
const BLOCK: usize = 1 << 18;
/// Bytes of a block taken in one batch by the fast path (its numbers stay in the L1 cache).
const BATCH: usize = 1 << 14;
/// Room for the digit words of a batch (at most one number per two bytes, and three more
/// written past the last); a power of two, so that masked indices need no bounds check.
const WORDS: usize = BATCH;
/// Room before the data for the unfinished number carried over from the previous block.
const PAD: usize = 64;
/// Longest token carried over to the next block (longer ones are wrong anyway).
const LONGEST: usize = 32;
/// Blocks in flight between the scan's thread and the replay's.
const CHUNKS: usize = 3;
/// Times a thread polls for the next chunk before it sleeps until one comes (about a
/// millisecond of polling).
const POLLS: usize = 20_000;
/// Digit words converted to values at a time by the replay (their values stay in the cache).
const PIECE: usize = 4096;
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
    match Game::new(n, m).replay(Scanner::new()) {
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

fn write_message(feedback: &Path, message: &str) {
    let _ = fs::write(feedback.join("judgemessage.txt"), format!("{message}\n"));
}

fn judge_error(feedback: &Path, message: &str) -> ! {
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

/// Marks a word that holds the value itself (no digit byte ever has its top bit set).
const BIG: u64 = 1 << 63;

/// How a block ended, when it was the last one.
enum Ending {
    /// The output ended.
    Eof,
    /// A token that is not a number (its first bytes).
    NotANumber(String),
    /// Reading the output failed.
    Io(io::Error),
}

/// Room for the digit words of one block: at most one number per two bytes (the carried
/// number included), plus a whole batch's room past the last, where `plain` may write.
const BLOCK_WORDS: usize = BLOCK / 2 + WORDS;

/// The numbers of one block as the scan leaves them for the replay, in order: first the digit
/// words of the plain numbers (still to be converted), then the values the general scanner
/// found, then how the block ended if it was the last. Chunks are made once and passed back
/// and forth between the two threads, so no move allocates.
struct Chunk {
    /// `words[..plain]` are the digit words of the plain numbers (see [`plain`]).
    words: Vec<u64>,
    plain: usize,
    /// The values of the numbers the general scanner found after them.
    values: Vec<u64>,
    ending: Option<Ending>,
}

impl Chunk {
    fn new() -> Chunk {
        Chunk {
            words: vec![0; BLOCK_WORDS],
            plain: 0,
            values: Vec::with_capacity(BLOCK / 2 + 128),
            ending: None,
        }
    }
}

/// The next chunk from the other thread. A block takes it about a tenth of a millisecond, so
/// the wait is first spent polling: going to sleep and being woken at every block (two
/// thousand times for 550 MB) took back most of what the second thread saves.
fn receive<T>(chunks: &mpsc::Receiver<T>) -> Result<T, mpsc::RecvError> {
    for _ in 0..POLLS {
        match chunks.try_recv() {
            Ok(chunk) => return Ok(chunk),
            Err(mpsc::TryRecvError::Disconnected) => return Err(mpsc::RecvError),
            Err(mpsc::TryRecvError::Empty) => std::hint::spin_loop(),
        }
    }
    chunks.recv()
}

/// Reads stdin block by block and turns each block into the values of its numbers.
struct Scanner {
    /// `buf[PAD..PAD + BLOCK]` is new data; the end of a number cut off by the previous block
    /// is copied just before `PAD`. The tail leaves room for loads past the data.
    buf: Vec<u8>,
    /// Where stdin is a regular file, the file mapped into memory: blocks are then read where
    /// they lie instead of copied into `buf`.
    mapped: Option<Mapping>,
    /// The current block as laid out in `buf` (or in the mapping): `PAD` bytes before the new
    /// data, room for loads after it. A raw view, so that the scans can borrow other fields.
    view: (*const u8, usize),
    /// The unfinished number at the end of the previous block.
    carry: [u8; LONGEST],
    carried: usize,
    /// Whether the byte before the current stretch is a separator.
    after_sep: u64,
    /// Whether the processor has AVX2 (checked once).
    avx2: bool,
}

// SAFETY: the raw pointers of a scanner (its view and its mapping) point into memory that the
// scanner itself owns (`buf`, the mapping), which moves with it and is used by one thread.
unsafe impl Send for Scanner {}

impl Scanner {
    fn new() -> Scanner {
        let buf = vec![b' '; PAD + BLOCK + 128];
        Scanner {
            view: (buf.as_ptr(), buf.len()),
            mapped: Mapping::of_stdin(),
            buf,
            carry: [0; LONGEST],
            carried: 0,
            after_sep: 1,
            avx2: has_avx2(),
        }
    }

    /// Reads the next block after the carried number; returns where its data ends (a whole
    /// number of 64-byte stretches) and whether it is the last block.
    fn read_block(&mut self) -> io::Result<(usize, bool)> {
        if let Some(mapped) = &mut self.mapped {
            let (view, data_end, last) = mapped.next_block();
            self.view = view;
            return Ok((data_end, last));
        }
        let carried = self.carried;
        self.buf[PAD - carried..PAD].copy_from_slice(&self.carry[..carried]);
        // A separator before the carried number, which the plain scan's words rely on.
        self.buf[PAD - carried - 1] = b' ';
        let len = fill(&mut self.buf)?;
        let last = len < BLOCK;
        // The last block: spaces end the final number and fill the last stretch.
        let data_end = if last {
            PAD + ((len + 64 - 1) / 64) * 64 + 64
        } else {
            PAD + BLOCK
        };
        if last {
            self.buf[PAD + len..data_end].fill(b' ');
        }
        Ok((data_end, last))
    }

    /// Reads the next block and scans it into `chunk`: the plain stretches batch by batch,
    /// then the rest of the block token by token.
    fn scan_block(&mut self, chunk: &mut Chunk) {
        chunk.plain = 0;
        chunk.values.clear();
        let (data_end, last) = match self.read_block() {
            Ok(read) => read,
            Err(e) => {
                chunk.ending = Some(Ending::Io(e));
                return;
            }
        };
        let mut at = PAD;
        let mut pending = (self.carried > 0).then_some(PAD - self.carried);
        loop {
            let stop = (at + BATCH).min(data_end);
            let words = &mut chunk.words[chunk.plain..chunk.plain + WORDS];
            let (next, open, count) = self.plain_batch(at, stop, pending, words);
            chunk.plain += count;
            (at, pending) = (next, open);
            if at < stop || at == data_end {
                break;
            }
        }
        chunk.ending = self.general(at, data_end, pending, &mut chunk.values);
        if chunk.ending.is_none() && last {
            chunk.ending = Some(Ending::Eof);
        }
    }

    /// The digit words of the plain numbers of `buf[at..stop]` into `words` (see [`plain`]);
    /// returns where the plain stretches end, the start of the number open there and how many
    /// numbers there were.
    fn plain_batch(
        &mut self,
        at: usize,
        stop: usize,
        pending: Option<usize>,
        words: &mut [u64],
    ) -> (usize, Option<usize>, usize) {
        let (buf, after_sep) = (self.block(), &mut self.after_sep);
        if self.avx2 {
            // SAFETY: the processor has AVX2 (checked at run time).
            unsafe { plain_avx2(buf, words, at, stop, pending, after_sep) }
        } else {
            plain::<false>(buf, words, at, stop, pending, after_sep)
        }
    }

    /// The current block (see [`Scanner::view`]).
    fn block<'a>(&self) -> &'a [u8] {
        // SAFETY: the view is `buf` or a block of the mapping, both alive until the scanner
        // is dropped, and not written while a scan reads them.
        unsafe { std::slice::from_raw_parts(self.view.0, self.view.1) }
    }

    /// Scans `buf[at..data_end]` token by token in any form, the values into `values`;
    /// records the carry at the end.
    fn general(
        &mut self,
        mut at: usize,
        data_end: usize,
        mut pending: Option<usize>,
        values: &mut Vec<u64>,
    ) -> Option<Ending> {
        let buf = self.block();
        while at < data_end {
            let (sep, other) = classify(&buf[at..at + 64]);
            let before = (sep << 1) | self.after_sep;
            let mut starts = !sep & before;
            let mut ends = sep & !before;
            if other != 0 {
                // Keep every number that ends before the first bad byte.
                let below = (1u64 << other.trailing_zeros()) - 1;
                starts &= below;
                ends &= below;
            }
            self.after_sep = sep >> 63;
            if let Some(start) = pending {
                if ends != 0 {
                    let end = at + ends.trailing_zeros() as usize;
                    values.push(value(digits(buf, start, end)));
                    ends &= ends - 1;
                    pending = None;
                }
            }
            while ends != 0 {
                let start = at + starts.trailing_zeros() as usize;
                let end = at + ends.trailing_zeros() as usize;
                values.push(value(digits(buf, start, end)));
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
                return Some(Ending::NotANumber(text));
            }
            at += 64;
        }
        self.carried = pending.map_or(0, |start| data_end - start);
        if self.carried > LONGEST {
            let text = String::from_utf8_lossy(&buf[data_end - self.carried..][..LONGEST]);
            return Some(Ending::NotANumber(format!("{text}...")));
        }
        self.carry[..self.carried].copy_from_slice(&buf[data_end - self.carried..data_end]);
        None
    }
}

/// Stdin mapped into memory when it is a regular file: reading a block where it lies saves
/// copying every byte out of the page cache, which is as much work as the kernel's side of
/// `wc -l`. The file sits one page into an otherwise anonymous private mapping, so that there
/// are spaces before its first byte and room after its last for the spaces that end the final
/// block (the pages are private: nothing is written back). Pages already scanned are given
/// back as the scan moves on, so memory stays at a few blocks whatever the file's size.
struct Mapping {
    base: *mut u8,
    /// Bytes mapped, from `base`.
    total: usize,
    /// The file's size; its first byte is at `base + LEAD`.
    len: usize,
    /// File bytes handed out in blocks so far.
    done: usize,
    /// Bytes from `base` already given back.
    released: usize,
    /// Bytes from `base` whose pages are already mapped in.
    populated: usize,
}

/// Bytes before the file in the mapping: one page.
const LEAD: usize = 4096;
/// Bytes of the mapping given back, or mapped in ahead, at a time.
const MAP_STEP: usize = 1 << 22;

#[cfg(target_os = "linux")]
mod sys {
    extern "C" {
        pub fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64)
            -> *mut u8;
        pub fn munmap(addr: *mut u8, len: usize) -> i32;
        pub fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
        pub fn lseek(fd: i32, offset: i64, whence: i32) -> i64;
    }
    pub const PROT_READ_WRITE: i32 = 1 | 2;
    pub const MAP_PRIVATE: i32 = 0x02;
    pub const MAP_FIXED: i32 = 0x10;
    pub const MAP_ANONYMOUS: i32 = 0x20;
    pub const MADV_DONTNEED: i32 = 4;
    /// Linux 5.14 and later; older kernels refuse it, and pages then come in fault by fault.
    pub const MADV_POPULATE_READ: i32 = 22;
    pub const SEEK_CUR: i32 = 1;
}

impl Mapping {
    /// The mapping of stdin, or `None` (a pipe, an empty file, a read already begun, or a
    /// system without `mmap`): stdin is then read block by block.
    #[cfg(target_os = "linux")]
    fn of_stdin() -> Option<Mapping> {
        use std::os::unix::fs::FileTypeExt;
        let meta = fs::metadata("/dev/stdin").ok()?;
        let len = usize::try_from(meta.len()).ok()?;
        let page = LEAD;
        // SAFETY: lseek on our own stdin; it only reports the offset.
        if !meta.file_type().is_file()
            || meta.file_type().is_fifo()
            || len == 0
            || unsafe { sys::lseek(0, 0, sys::SEEK_CUR) } != 0
        {
            return None;
        }
        let total = LEAD + ((len + page - 1) / page) * page + page;
        // SAFETY: a fresh anonymous mapping, then the file mapped over part of it (MAP_FIXED
        // inside a range this process just reserved); both checked for failure.
        unsafe {
            let base = sys::mmap(
                std::ptr::null_mut(),
                total,
                sys::PROT_READ_WRITE,
                sys::MAP_PRIVATE | sys::MAP_ANONYMOUS,
                -1,
                0,
            );
            if base as isize == -1 {
                return None;
            }
            let file = sys::mmap(
                base.add(LEAD),
                len,
                sys::PROT_READ_WRITE,
                sys::MAP_PRIVATE | sys::MAP_FIXED,
                0,
                0,
            );
            if file != base.add(LEAD) {
                sys::munmap(base, total);
                return None;
            }
            std::ptr::write_bytes(base.add(LEAD - PAD), b' ', PAD);
            Some(Mapping {
                base,
                total,
                len,
                done: 0,
                released: 0,
                populated: 0,
            })
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn of_stdin() -> Option<Mapping> {
        None
    }

    /// The next block as the scanner sees it (`PAD` bytes before the new data), where its
    /// data ends and whether it is the last.
    fn next_block(&mut self) -> ((*const u8, usize), usize, bool) {
        let start = LEAD + self.done;
        let len = BLOCK.min(self.len - self.done);
        self.done += len;
        let last = len < BLOCK;
        let data_end = if last {
            PAD + ((len + 64 - 1) / 64) * 64 + 64
        } else {
            PAD + BLOCK
        };
        // SAFETY: the block, its `PAD` bytes before and 128 after lie inside the mapping (the
        // file is followed by at least one page), and nothing else refers to them now.
        unsafe {
            let view = self.base.add(start - PAD);
            if last {
                std::ptr::write_bytes(view.add(PAD + len), b' ', data_end - PAD - len);
            }
            self.release_before(start - PAD);
            let room = (PAD + BLOCK + 128).min(self.total - (start - PAD));
            ((view as *const u8, room), data_end, last)
        }
    }

    /// Gives back the whole pages before `keep` (every 4 MiB, to keep the calls few), and maps
    /// in the next 4 MiB ahead of it in one call (page faults one by one cost more).
    fn release_before(&mut self, keep: usize) {
        let ahead = (keep + MAP_STEP).min(self.total);
        if ahead > self.populated {
            let until = (self.populated + 2 * MAP_STEP).min(self.total);
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
        let upto = keep / LEAD * LEAD;
        if upto >= self.released + MAP_STEP {
            // SAFETY: whole pages of our own mapping that no view refers to any more.
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
        // SAFETY: the mapping this value made; no view outlives the scanner that owns it.
        #[cfg(target_os = "linux")]
        unsafe {
            sys::munmap(self.base, self.total);
        }
    }
}

/// Fills `buf[PAD..]` from stdin: a whole block unless the input ends first.
fn fill(buf: &mut [u8]) -> io::Result<usize> {
    let mut stdin = io::stdin().lock();
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

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_avx2() -> bool {
    false
}

/// [`plain`] compiled for AVX2 processors (wider compares, `tzcnt`).
///
/// # Safety
/// The processor must have AVX2, BMI1 and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn plain_avx2(
    buf: &[u8],
    words: &mut [u64],
    at: usize,
    data_end: usize,
    pending: Option<usize>,
    after_sep: &mut u64,
) -> (usize, Option<usize>, usize) {
    plain::<true>(buf, words, at, data_end, pending, after_sep)
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn plain_avx2(
    buf: &[u8],
    words: &mut [u64],
    at: usize,
    data_end: usize,
    pending: Option<usize>,
    after_sep: &mut u64,
) -> (usize, Option<usize>, usize) {
    plain::<false>(buf, words, at, data_end, pending, after_sep)
}

/// The fast path of the scan: takes 64-byte stretches from `at` while they are plain (only
/// digits and separators, never two separators in a row, no number longer than eight digits)
/// and writes the digit word of each number that ends in them into `words`. Returns where it
/// stopped, the start of the number open there, and how many words it wrote.
#[inline(always)]
fn plain<const AVX2: bool>(
    buf: &[u8],
    words: &mut [u64],
    mut at: usize,
    data_end: usize,
    mut pending: Option<usize>,
    after_sep: &mut u64,
) -> (usize, Option<usize>, usize) {
    let words: &mut [u64; WORDS] = (&mut words[..WORDS]).try_into().unwrap();
    let mut count = 0;
    // The separator before the open number (or before `at`).
    let mut prev = pending.map_or(at - 1, |start| start - 1);
    while at < data_end {
        let (sep, other) = if AVX2 {
            // SAFETY: only instantiated inside `plain_avx2`, on processors with AVX2.
            unsafe {
                prefetch(buf, at + AHEAD);
                classify_plain_avx2(&buf[at..at + 64])
            }
        } else {
            classify(&buf[at..at + 64])
        };
        let before = (sep << 1) | *after_sep;
        // A run of nine digits (within the stretch; the first number's length is checked on
        // its own, as it may begin in an earlier stretch).
        let digit = !sep;
        let two = digit & (digit >> 1);
        let four = two & (two >> 2);
        let nine = four & (four >> 4) & (digit >> 8);
        let first = at + sep.trailing_zeros() as usize;
        if other != 0 || sep == 0 || sep & before != 0 || nine != 0 || first - prev > 9 {
            break;
        }
        // Every separator ends a number that starts just after the previous separator. The
        // numbers go four at a time, so that the loop's exit is taken at the same point in
        // most stretches; slots past the last separator write words beyond `count` that the
        // next stretch overwrites.
        let mut ends = sep;
        let total = count + sep.count_ones() as usize;
        while count < total {
            for slot in 0..4 {
                let end = at + ends.trailing_zeros() as usize;
                // SAFETY: `end - 8 >= PAD - LONGEST - 9 > 0` and `end <= at + 64 < buf.len()`:
                // the eight bytes lie inside `buf`.
                let tail = unsafe { (buf.as_ptr().add(end - 8) as *const u64).read_unaligned() };
                words[(count + slot) & (WORDS - 1)] = u64::from_le(tail);
                ends &= ends.wrapping_sub(1);
            }
            count += 4;
        }
        count = total;
        prev = at + 63 - sep.leading_zeros() as usize;
        *after_sep = sep >> 63;
        pending = if *after_sep == 1 {
            None
        } else {
            Some(prev + 1)
        };
        at += 64;
    }
    (at, pending, count)
}

/// How far ahead of the scan to ask for the data: a mapped file comes from memory, not from
/// the cache that a copy into `buf` would have left it in.
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

/// The fast path's [`classify`], 32 bytes at a time: only spaces and newlines count as
/// separators here (any other white space is "other" and leaves the stretch to the general
/// scanner).
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn classify_plain_avx2(bytes: &[u8]) -> (u64, u64) {
    use std::arch::x86_64::*;
    assert!(bytes.len() >= 64);
    let (mut sep, mut known) = (0u64, 0u64);
    for k in 0..2 {
        // SAFETY: the assertion keeps the 32-byte load inside `bytes`.
        let v = _mm256_loadu_si256(bytes.as_ptr().add(32 * k) as *const __m256i);
        let space = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8));
        let newline = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8));
        let digits = _mm256_sub_epi8(v, _mm256_set1_epi8(b'0' as i8));
        let digits = _mm256_cmpeq_epi8(_mm256_min_epu8(digits, _mm256_set1_epi8(9)), digits);
        let separators = _mm256_or_si256(space, newline);
        sep |= (_mm256_movemask_epi8(separators) as u32 as u64) << (32 * k);
        known |=
            (_mm256_movemask_epi8(_mm256_or_si256(separators, digits)) as u32 as u64) << (32 * k);
    }
    (sep, !known)
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn classify_plain_avx2(bytes: &[u8]) -> (u64, u64) {
    classify(bytes)
}

/// Values of digit words, four at a time.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn convert_avx2(words: &[u64], values: &mut [u64]) {
    use std::arch::x86_64::*;
    let quads = words.chunks_exact(4);
    let rest = quads.remainder();
    let pair_weights = _mm256_set1_epi16(0x010a); // bytes 10, 1: ten times the first digit
    let quad_weights = _mm256_set1_epi32(0x0001_0064); // words 100, 1
    let high_weight = _mm256_set1_epi64x(10_000);
    let (out, tail) = values.split_at_mut(words.len() - rest.len());
    for (quad, out) in quads.zip(out.chunks_exact_mut(4)) {
        // SAFETY: `quad` and `out` hold four words each.
        let raw = _mm256_loadu_si256(quad.as_ptr() as *const __m256i);
        // The number is the bytes above the highest separator of its word: anything above 9
        // once '0' is taken away (by XOR) marks a separator, the mark is spread down through
        // the lower bytes, and the marked bytes become leading zeros.
        let x = _mm256_xor_si256(raw, _mm256_set1_epi8(b'0' as i8));
        let digit = _mm256_cmpeq_epi8(_mm256_min_epu8(x, _mm256_set1_epi8(9)), x);
        let mut below = _mm256_xor_si256(digit, _mm256_set1_epi8(-1));
        below = _mm256_or_si256(below, _mm256_srli_epi64(below, 8));
        below = _mm256_or_si256(below, _mm256_srli_epi64(below, 16));
        below = _mm256_or_si256(below, _mm256_srli_epi64(below, 32));
        let v = _mm256_andnot_si256(below, x);
        // Each word: eight digits, first in the lowest byte -> four two-digit pairs -> two
        // four-digit halves (low half the high digits) -> the value.
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
        *v = parse_eight(number_digits(w));
    }
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn convert_avx2(words: &[u64], values: &mut [u64]) {
    for (&w, v) in words.iter().zip(values) {
        *v = parse_eight(number_digits(w));
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

/// The digits of the number that ends a word of eight bytes (the bytes just before its
/// separator), one per byte minus `'0'`: the bytes above the word's highest non-digit, with
/// zeros below (see [`convert_avx2`]).
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

/// The value of eight decimal digits, one per byte (already minus `'0'`), most significant in
/// the lowest byte.
#[inline(always)]
fn parse_eight(digits: u64) -> u64 {
    let pairs = (digits.wrapping_mul(10) + (digits >> 8)) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul(100) + (pairs >> 16)) & 0x0000_ffff_0000_ffff;
    (quads.wrapping_mul(10000) + (quads >> 32)) & 0xffff_ffff
}

/// The word for the number written in `buf[start..end]` (all digits): up to eight digits one
/// per byte (`0..=9`, the last digit in the top byte, zeros below the first), or `BIG` plus the
/// value of a longer number.
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
        let value = buf[start..end].iter().try_fold(0u64, |v, &c| {
            v.checked_mul(10)?.checked_add((c - b'0') as u64)
        });
        BIG | value.unwrap_or(BIG - 1).min(BIG - 1)
    }
}

/// The value of a word from [`digits`]; at most `BIG - 1` (which stands for "too large").
#[inline(always)]
fn value(word: u64) -> u64 {
    if word & BIG == 0 {
        parse_eight(word)
    } else {
        word & !BIG
    }
}

/// Whether every move is legal: on the row, one or two squares from the previous empty square.
#[inline(always)]
fn all_legal(moves: &[u64], empty: u64, squares: u64) -> bool {
    let legal = |from: u64, to: u64| {
        let step = to.wrapping_sub(from).wrapping_add(2);
        (step <= 4) & (step != 2) & (to.wrapping_sub(1) < squares)
    };
    let first = match moves.first() {
        Some(&first) => first,
        None => {
            return true;
        }
    };
    // Pairs of neighbours, without an early exit, so that the compiler vectorises the loop.
    let rest = moves
        .iter()
        .zip(&moves[1..])
        .fold(true, |ok, (&a, &b)| ok & legal(a, b));
    legal(empty, first) & rest
}

/// [`all_legal`] compiled for AVX2 processors.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn all_legal_avx2(moves: &[u64], empty: u64, squares: u64) -> bool {
    all_legal(moves, empty, squares)
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn all_legal_avx2(moves: &[u64], empty: u64, squares: u64) -> bool {
    all_legal(moves, empty, squares)
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
        Game {
            n,
            m,
            minimum: n * m + n + m,
            row,
            empty: n + 1,
            tokens: 0,
        }
    }

    fn squares(&self) -> u64 {
        self.n + self.m + 1
    }

    /// Plays the numbers block by block as the scanner reads them. Where a second processor is
    /// there, the scan runs on a thread of its own, a few blocks ahead of the replay (the two
    /// take about the same time); otherwise each block is scanned, then played.
    fn replay(&mut self, scanner: Scanner) -> Result<(), Reject> {
        let avx2 = scanner.avx2;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        if cores < 2 {
            return self.replay_alone(scanner, avx2);
        }
        let mut spare = Some(scanner);
        let threaded = std::thread::scope(|scope| {
            // Made in here, so that they close when the replay stops, whatever the reason,
            // and the scan's thread, which waits on them, ends before the scope does.
            let (full_sender, full) = mpsc::channel::<Box<Chunk>>();
            let (empty_sender, empty) = mpsc::channel::<Box<Chunk>>();
            let (scanner_sender, scanner_received) = mpsc::channel::<Scanner>();
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                let mut scanner = match scanner_received.recv() {
                    Ok(scanner) => scanner,
                    Err(_) => return,
                };
                // Stops after the last block, or when the replay has stopped listening.
                while let Ok(mut chunk) = receive(&empty) {
                    scanner.scan_block(&mut chunk);
                    let last = chunk.ending.is_some();
                    if full_sender.send(chunk).is_err() || last {
                        break;
                    }
                }
            });
            if spawned.is_err() {
                // No thread to be had (a limit on processes): the scanner stays here.
                return None;
            }
            if let Some(scanner) = spare.take() {
                let _ = scanner_sender.send(scanner);
            }
            for _ in 0..CHUNKS {
                let _ = empty_sender.send(Box::new(Chunk::new()));
            }
            let mut converted = vec![0u64; PIECE];
            loop {
                let chunk = match receive(&full) {
                    Ok(chunk) => chunk,
                    // The scan's thread ended before its last block: it cannot have, short of
                    // a panic there.
                    Err(_) => {
                        return Some(Err(Reject::Io(io::Error::new(
                            io::ErrorKind::Other,
                            "the scan stopped before the end of the output",
                        ))))
                    }
                };
                match self.play_chunk(&chunk, &mut converted, avx2) {
                    Ok(false) => {}
                    Ok(true) => return Some(Ok(())),
                    Err(e) => return Some(Err(e)),
                }
                let _ = empty_sender.send(chunk);
            }
        });
        match (threaded, spare) {
            (Some(verdict), _) => verdict,
            (None, Some(scanner)) => self.replay_alone(scanner, avx2),
            (None, None) => Err(Reject::Io(io::Error::new(
                io::ErrorKind::Other,
                "the scanner was lost",
            ))),
        }
    }

    /// [`Game::replay`] on one thread.
    fn replay_alone(&mut self, mut scanner: Scanner, avx2: bool) -> Result<(), Reject> {
        let mut chunk = Chunk::new();
        let mut converted = vec![0u64; PIECE];
        loop {
            scanner.scan_block(&mut chunk);
            if self.play_chunk(&chunk, &mut converted, avx2)? {
                return Ok(());
            }
        }
    }

    /// Plays the numbers of one block in order (converting the digit words a piece at a time
    /// into `converted`), then takes its ending: true when the output was accepted.
    fn play_chunk(
        &mut self,
        chunk: &Chunk,
        converted: &mut [u64],
        avx2: bool,
    ) -> Result<bool, Reject> {
        for words in chunk.words[..chunk.plain].chunks(PIECE) {
            let values = &mut converted[..words.len()];
            if avx2 {
                // SAFETY: the processor has AVX2 (checked at run time).
                unsafe { convert_avx2(words, values) };
            } else {
                for (&w, v) in words.iter().zip(values.iter_mut()) {
                    *v = parse_eight(number_digits(w));
                }
            }
            self.play(values, avx2)?;
        }
        self.play(&chunk.values, avx2)?;
        match &chunk.ending {
            None => Ok(false),
            Some(Ending::Eof) => self.finish().map(|()| true),
            Some(Ending::NotANumber(text)) => self.token_error(text).map(|()| true),
            Some(Ending::Io(e)) => Err(Reject::Io(io::Error::new(e.kind(), e.to_string()))),
        }
    }

    /// Plays the numbers of one block: the count K first, then moves, then nothing.
    fn play(&mut self, values: &[u64], avx2: bool) -> Result<(), Reject> {
        let mut first = 0;
        if self.tokens == 0 && !values.is_empty() {
            self.count(values[0])?;
            self.tokens = 1;
            first = 1;
        }
        let left = (self.minimum + 1 - self.tokens).min((values.len() - first) as u64) as usize;
        let moves = &values[first..first + left];
        let legal = if avx2 {
            // SAFETY: the processor has AVX2 (checked at run time).
            unsafe { all_legal_avx2(moves, self.empty, self.squares()) }
        } else {
            all_legal(moves, self.empty, self.squares())
        };
        if legal {
            self.play_legal(moves);
        } else {
            self.play_checked(moves)?;
        }
        self.tokens += left as u64;
        if let Some(&extra) = values.get(first + left) {
            return wrong(format!(
                "unexpected output after the last move {}: '{extra}'",
                self.minimum
            ));
        }
        Ok(())
    }

    /// Plays moves known to be legal: the checker on the move's square goes to the empty
    /// square. The square it leaves keeps a stale byte until a later move fills it; only the
    /// last one is marked empty.
    fn play_legal(&mut self, moves: &[u64]) {
        let mask = self.row.len() - 1;
        let row = &mut self.row[..=mask];
        let mut empty = self.empty;
        for &square in moves {
            row[(empty + 1) as usize & mask] = row[(square + 1) as usize & mask];
            empty = square;
        }
        row[(empty + 1) as usize & mask] = b'_';
        self.empty = empty;
    }

    /// Plays moves one by one, checking each: stops at the first illegal one.
    fn play_checked(&mut self, moves: &[u64]) -> Result<(), Reject> {
        let mask = self.row.len() - 1;
        for (i, &value) in moves.iter().enumerate() {
            // |value - empty| must be 1 or 2; then value + 1 indexes the padded row (0 up to
            // squares + 3), where OFF marks the squares beyond either end.
            let step = value.wrapping_sub(self.empty).wrapping_add(2);
            let from = value.wrapping_add(1) as usize & mask;
            let checker = self.row[from];
            if step > 4 || step == 2 || checker == OFF {
                return self.illegal(self.tokens + i as u64, value);
            }
            self.row[(self.empty + 1) as usize & mask] = checker;
            self.row[from] = b'_';
            self.empty = value;
        }
        Ok(())
    }

    /// The first number, K.
    fn count(&self, k: u64) -> Result<(), Reject> {
        if k == self.minimum {
            return Ok(());
        }
        let why = if k < self.minimum {
            "no solution is that short"
        } else {
            "it is not minimal"
        };
        let k = if k == BIG - 1 {
            "a huge number".to_string()
        } else {
            k.to_string()
        };
        wrong(format!(
            "the answer starts with K = {k}, but the minimum is nm + n + m = {}: {why}",
            self.minimum
        ))
    }

    /// A token that is not a number; `self.tokens` numbers came before it.
    fn token_error(&self, text: &str) -> Result<(), Reject> {
        let t = self.tokens;
        if t == 0 {
            wrong(format!(
                "the answer must start with the move count K, found '{text}'"
            ))
        } else if t <= self.minimum {
            wrong(format!(
                "move {t}: '{text}' is not a square number; {}",
                self.row_text()
            ))
        } else {
            wrong(format!(
                "unexpected output after the last move {}: '{text}'",
                self.minimum
            ))
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
            format!(
                "row, squares {lo}..{hi} of {squares}: {part} (empty square {})",
                self.empty
            )
        }
    }
}
