//! Output validator for `shifting`: replays the contestant's moves on the row and accepts when
//! the answer is the minimum move count `nm + n + m` followed by exactly that many legal moves
//! ending at the goal, and nothing else.
//!
//! Usage (the standard output-validator interface):
//!     shifting INPUT ANSWER FEEDBACK_DIR < contestant_output
//! Exit 42: accepted; 43: wrong answer (reason in FEEDBACK_DIR/judgemessage.txt); 1: judge error.
//!
//! Built for outputs of hundreds of megabytes (10^8 moves, 550 MB). The output is taken in
//! 256 KiB blocks, counted from its first byte. Each block goes through passes that each do one
//! simple thing, 16 KiB at a time so that the numbers stay in the cache:
//! - scan: 64 bytes at a time, compares (AVX2 or SSE2 on x86-64, a byte loop elsewhere) give a
//!   bit mask of the separators. While every stretch is plain (digits and single spaces or
//!   newlines, numbers of at most eight digits) each number is just the eight bytes ending at
//!   its separator, stored as they are; anything else (other white space, long numbers, bad
//!   bytes, the end of the output) goes through a general token scanner to the end of the
//!   block;
//! - convert: the words become 32-bit values, eight at a time with AVX2 where the processor
//!   has it (bit tricks on one word otherwise): the bytes up to the word's highest non-digit
//!   are cleared, then multiply-adds combine the digits;
//! - check: whether every move is legal against the one before it (one or two squares away,
//!   on the row), eight at a time with AVX2;
//! - replay: the moves are played on the row in order, one load and one store each; a block
//!   whose moves are not all legal is replayed move by move, to stop at the first illegal one.
//!
//! Where stdin is a regular file (as judges give it), it is mapped into memory, and the blocks
//! are scanned where they lie: that saves copying every byte, and lets each block be scanned
//! on its own, since the state a scan carries from one block to the next (whether the byte
//! before is a separator, the number cut off there) can be read from the bytes before the
//! block. So up to four threads (as many as there are processors) each take the next block
//! and do everything but the replay; every block that is ready is then played in order by
//! whichever thread gets the replay's lock first (it is only tried, never waited for). The
//! replay is a small part of the work, so two threads take about half the time of one. A
//! thread that finds the block to play next unready for a while (its thread is likely
//! descheduled: the processors are shared) scans it itself (`--cfg shifting_rescue` builds a
//! checker that does so often, for tests). Pinned to one processor, or where
//! no thread can be started, one thread does it all; from a pipe, blocks are read into a buffer
//! and scanned and played one after the other. The numbers of every block, and so every
//! verdict and message, are the same in all these ways.
//!
//! Memory is the row plus a few blocks and their numbers (eight waiting to be played at most),
//! whatever the size of the output (mapped pages are given back once played). Standard library
//! only (the mapping calls the C library's `mmap`, which the standard library links on Linux);
//! compile with `rustc -O --edition 2021 shifting.rs`.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::exit;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

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
/// Blocks scanned ahead of the replay at most: their numbers wait in a ring of that many slots.
#[cfg(not(shifting_rescue))]
const RING: usize = 4;
/// How long a worker waits for the block to play next before it scans that block itself. The
/// wait starts with the ring full, [`RING`] blocks (about 0.4 ms of scanning) ahead of the
/// block to play: its worker is then most likely descheduled, not merely slower.
#[cfg(not(shifting_rescue))]
const RESCUE: std::time::Duration = std::time::Duration::from_micros(20);
// Built with `--cfg shifting_rescue` (for tests only), the checker takes the rescue path,
// rare in a real run, on about every third block: the ring has two slots, a worker rescues
// as soon as the ring is full, every third block stalls in its worker before the scan (as if
// that worker were descheduled; see `Blocks::stall`), at least two workers run even on one
// processor, and the number of blocks rescued is printed on stderr (`rescues: N`, after a
// mapped output), so that a test can tell it took that path.
#[cfg(shifting_rescue)]
const RING: usize = 2;
#[cfg(shifting_rescue)]
const RESCUE: std::time::Duration = std::time::Duration::from_micros(0);
/// Blocks rescued, counted in a `--cfg shifting_rescue` build.
#[cfg(shifting_rescue)]
static RESCUES: AtomicUsize = AtomicUsize::new(0);
/// Threads that scan blocks at most (the replay, which is sequential, bounds the gain).
const WORKERS: usize = 4;
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
    match Game::new(n, m).check(has_avx2()) {
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

/// The numbers of one block as the scan leaves them for the replay, in order: first the values
/// of the plain numbers, then those the general scanner found, then how the block ended if it
/// was the last. Made once and reused.
struct Chunk {
    /// `plain[..count]` are the values of the plain numbers (below 10^8): at most one number
    /// per two bytes, and the one carried in.
    plain: Vec<u32>,
    count: usize,
    /// Whether every two values in a row of `plain[..count]` make a legal move.
    pairs: bool,
    /// The values of the numbers the general scanner found after them.
    values: Vec<u64>,
    ending: Option<Ending>,
}

impl Chunk {
    fn new() -> Chunk {
        Chunk {
            plain: vec![0; BLOCK / 2 + 64],
            count: 0,
            pairs: false,
            values: Vec::with_capacity(BLOCK / 2 + 128),
            ending: None,
        }
    }
}

/// Reads the output block by block and turns each block into the values of its numbers.
struct Scanner {
    /// `buf[PAD..PAD + BLOCK]` is new data; the end of a number cut off by the previous block
    /// is copied just before `PAD`. The tail leaves room for loads past the data. Empty where
    /// the output is mapped.
    buf: Vec<u8>,
    /// The current block as laid out in `buf` or in the mapping: `PAD` bytes before the new
    /// data, room for loads after it. A raw view, so that the scans can borrow other fields.
    view: (*const u8, usize),
    /// The unfinished number at the end of the previous block.
    carry: [u8; LONGEST],
    carried: usize,
    /// Whether the byte before the current stretch is a separator.
    after_sep: u64,
    /// The digit words of the current batch (see [`plain`]).
    words: Vec<u64>,
    /// The number of squares, for the legality of the plain values (see [`Chunk::pairs`]).
    squares: u64,
    /// Whether the processor has AVX2 (checked once).
    avx2: bool,
}

impl Scanner {
    fn new(squares: u64, avx2: bool) -> Scanner {
        Scanner {
            view: (std::ptr::null(), 0),
            buf: Vec::new(),
            carry: [0; LONGEST],
            carried: 0,
            after_sep: 1,
            words: vec![0; WORDS],
            squares,
            avx2,
        }
    }

    /// Reads the next block of stdin after the carried number and scans it into `chunk`.
    fn scan_read(&mut self, chunk: &mut Chunk) {
        if self.buf.is_empty() {
            self.buf = vec![b' '; PAD + BLOCK + 128];
        }
        let carried = self.carried;
        self.buf[PAD - carried..PAD].copy_from_slice(&self.carry[..carried]);
        // A separator before the carried number, which the plain scan's words rely on.
        self.buf[PAD - carried - 1] = b' ';
        let len = match fill(&mut self.buf) {
            Ok(len) => len,
            Err(e) => {
                chunk.count = 0;
                chunk.values.clear();
                chunk.ending = Some(Ending::Io(e));
                return;
            }
        };
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
        self.view = (self.buf.as_ptr(), self.buf.len());
        self.scan_block(chunk, data_end, last);
    }

    /// Scans block `k` of the mapped output into `chunk`, whatever blocks this scanner saw
    /// before: the state that the scan of the blocks before would have left is read from the
    /// bytes before this one. Where that scan would have stopped (a bad byte, a number too
    /// long to carry), this block is never played, and the state does not matter.
    fn scan_mapped(&mut self, region: &Region, k: usize, chunk: &mut Chunk) {
        let start = k * BLOCK;
        let len = BLOCK.min(region.len - start);
        let last = len < BLOCK;
        let data_end = if last {
            PAD + ((len + 64 - 1) / 64) * 64 + 64
        } else {
            PAD + BLOCK
        };
        region.populate(LEAD + start, LEAD + start + len);
        // The block, its `PAD` bytes before and 128 after lie inside the mapping (the file is
        // followed by at least one page of spaces, and preceded by `PAD` of them).
        let view = region.view(LEAD + start - PAD, PAD + BLOCK + 128);
        self.view = (view.as_ptr(), view.len());
        self.after_sep = is_space(view[PAD - 1]) as u64;
        let mut open = PAD;
        while open > PAD - LONGEST && view[open - 1].is_ascii_digit() {
            open -= 1;
        }
        self.carried = PAD - open;
        self.scan_block(chunk, data_end, last);
    }

    /// Scans the current block (data up to `data_end`) into `chunk`: the plain stretches
    /// batch by batch, their words converted as each batch ends, then the rest of the block
    /// token by token.
    fn scan_block(&mut self, chunk: &mut Chunk, data_end: usize, last: bool) {
        chunk.count = 0;
        chunk.values.clear();
        let buf = self.block();
        let mut at = PAD;
        let mut pending = (self.carried > 0).then_some(PAD - self.carried);
        chunk.pairs = true;
        loop {
            let stop = (at + BATCH).min(data_end);
            let (next, open, count) = plain_batch(
                buf,
                &mut self.words,
                at,
                stop,
                pending,
                &mut self.after_sep,
                self.avx2,
            );
            convert(
                &self.words[..count],
                &mut chunk.plain[chunk.count..],
                self.avx2,
            );
            // The batch's moves, and the one from the batch before, while they are in the cache.
            let checked = &chunk.plain[chunk.count.saturating_sub(1)..chunk.count + count];
            chunk.pairs &= plain_pairs(checked, self.squares, self.avx2);
            chunk.count += count;
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

    /// The current block (see [`Scanner::view`]).
    fn block<'b>(&self) -> &'b [u8] {
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

/// Stdin mapped into memory when it is a regular file: reading the output where it lies saves
/// copying every byte out of the page cache, which is as much work as the kernel's side of
/// `wc -l`, and lets several threads scan parts of it at once. The file sits one page into an
/// otherwise anonymous private mapping, so that there are spaces before its first byte and
/// after its last (written once, before any scan: the spaces end the final number and fill
/// the last stretch; the pages are private, so nothing is written back). Pages already played
/// are given back as the replay moves on, so memory stays at a few slices whatever the file's
/// size.
struct Region {
    base: *mut u8,
    /// Bytes mapped, from `base`.
    total: usize,
    /// The file's size; its first byte is at `base + LEAD`.
    len: usize,
}

// SAFETY: after `of_stdin` the mapping is only read (the workers' scans) and handed back page by
// page behind everything that still reads it (`give_back`); it is unmapped when dropped, after
// every thread that borrowed it has ended.
unsafe impl Send for Region {}
unsafe impl Sync for Region {}

/// Bytes before the file in the mapping: one page.
const LEAD: usize = 4096;
/// Bytes of the mapping given back, or mapped in ahead by the sequential scan, at a time.
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

impl Region {
    /// The mapping of stdin, or `None` (a pipe, an empty file, a read already begun, or a
    /// system without `mmap`): stdin is then read block by block.
    #[cfg(target_os = "linux")]
    fn of_stdin() -> Option<Region> {
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
        // inside a range this process just reserved); both checked for failure. The spaces
        // go before the file and after its last byte, inside the mapping.
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
            std::ptr::write_bytes(base.add(LEAD + len), b' ', total - LEAD - len);
            Some(Region { base, total, len })
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn of_stdin() -> Option<Region> {
        None
    }

    /// The bytes of the mapping from `from`, at most `len` of them.
    fn view(&self, from: usize, len: usize) -> &[u8] {
        // SAFETY: inside the mapping, which lives as long as `self` and is not written after
        // `of_stdin`.
        unsafe { std::slice::from_raw_parts(self.base.add(from), len.min(self.total - from)) }
    }

    /// Maps in the pages of `from..to` in one call (page faults one by one cost more).
    fn populate(&self, from: usize, to: usize) {
        let from = from / LEAD * LEAD;
        if from < to {
            // SAFETY: pages of our own mapping; asking for them changes no byte.
            #[cfg(target_os = "linux")]
            unsafe {
                sys::madvise(self.base.add(from), to - from, sys::MADV_POPULATE_READ);
            }
        }
    }

    /// Gives back the whole pages of `from..to` (`from` a page boundary).
    fn give_back(&self, from: usize, to: usize) {
        let to = to / LEAD * LEAD;
        if from < to {
            // SAFETY: whole pages of our own mapping that nothing reads any more: the caller
            // only gives back pages before every slice that a worker may still scan. Were one
            // read again, it would come back from the file (only the last page, never given
            // back before the end, holds bytes of our own).
            #[cfg(target_os = "linux")]
            unsafe {
                sys::madvise(self.base.add(from), to - from, sys::MADV_DONTNEED);
            }
        }
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: the mapping this value made; every view of it has been dropped.
        #[cfg(target_os = "linux")]
        unsafe {
            sys::munmap(self.base, self.total);
        }
    }
}

/// The mapped output cut into blocks of [`BLOCK`] bytes, and the game they are played on.
///
/// Every worker takes the next block not yet taken and scans it on its own, as the scan of a
/// piped output would (the fast path, the conversion of its words, the legality of each of its
/// moves against the one before, the general scanner for the rest of the block): the state
/// that the scan of the blocks before would have left is read from the bytes before the
/// block (see [`Scanner::scan_mapped`]). It leaves the numbers in the block's slot of a ring,
/// then plays, in order, every block that is ready, unless another worker is doing so (the
/// game is behind a lock that is only ever tried, never waited for). Playing a block costs a
/// fraction of scanning one, so two workers keep each other busy: one plays while the other
/// scans. Each block's numbers, and so every verdict and message, are those of the
/// sequential scan.
struct Blocks<'a> {
    region: &'a Region,
    /// How many blocks there are: when the size is a multiple of [`BLOCK`], an empty one
    /// follows the last full one, as when stdin is read.
    blocks: usize,
    squares: u64,
    avx2: bool,
    /// The next block to take.
    next: AtomicUsize,
    /// Blocks played so far.
    played: AtomicUsize,
    /// Set when the verdict is known: the workers stop.
    stop: AtomicBool,
    /// `ready[k % RING]` is `k + 1` once block `k`'s numbers are in `slots[k % RING]`.
    ready: Vec<AtomicUsize>,
    /// `busy[s]` while a worker writes into `slots[s]`.
    busy: Vec<AtomicBool>,
    slots: Vec<std::cell::UnsafeCell<Chunk>>,
    replay: Mutex<Replay<'a>>,
}

/// The state behind the replay's lock.
struct Replay<'a> {
    game: &'a mut Game,
    verdict: Option<Result<(), Reject>>,
    /// Bytes from the start of the mapping already given back.
    released: usize,
}

// SAFETY: a slot is written only by the worker that holds it (`busy`, taken once block
// k - RING has been played, given back after `ready` says k), and read only by the replay
// after it has seen `ready` say so (release, acquire); a worker takes it for block k only once
// the block before in that slot has been played (`played`, release and acquire again), and
// writes nothing there if block k has been played meanwhile (rescued).
unsafe impl Sync for Blocks<'_> {}

impl<'a> Blocks<'a> {
    fn new(region: &'a Region, game: &'a mut Game, avx2: bool) -> Blocks<'a> {
        Blocks {
            region,
            blocks: region.len / BLOCK + 1,
            squares: game.squares(),
            avx2,
            next: AtomicUsize::new(0),
            played: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            ready: (0..RING).map(|_| AtomicUsize::new(0)).collect(),
            busy: (0..RING).map(|_| AtomicBool::new(false)).collect(),
            slots: (0..RING)
                .map(|_| std::cell::UnsafeCell::new(Chunk::new()))
                .collect(),
            replay: Mutex::new(Replay {
                game,
                verdict: None,
                released: 0,
            }),
        }
    }

    /// One worker: takes blocks until there are none left or the verdict is known.
    fn work(&self) {
        let mut scanner = Scanner::new(self.squares, self.avx2);
        let mut spare: Option<Box<Chunk>> = None;
        'blocks: loop {
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            if k >= self.blocks {
                return;
            }
            let slot = k % RING;
            // The slot, once block k - RING has been played and whoever scanned it is done
            // with the slot (a worker whose block was rescued may still be writing there).
            let waiting = std::time::Instant::now();
            let mut waits = 0u32;
            loop {
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
                let played = self.played.load(Ordering::Acquire);
                if played > k {
                    // Rescued while this worker was away: someone else scanned and played it.
                    continue 'blocks;
                }
                if k < played + RING
                    && self.busy[slot]
                        .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                        .is_ok()
                {
                    if self.played.load(Ordering::Acquire) > k {
                        self.busy[slot].store(false, Ordering::Release);
                        continue 'blocks;
                    }
                    break;
                }
                // Meanwhile, play what is ready; where the block to play next has kept the
                // ring full for a while (its worker is likely asleep: the processors are
                // shared), scan it here and play it. No yielding before that: on a busy
                // machine, a yield hands the processor to another program for milliseconds.
                self.play_ready();
                waits += 1;
                if waits % 16 != 0 || waiting.elapsed() < RESCUE {
                    std::hint::spin_loop();
                } else if !self.rescue(&mut scanner, &mut spare) {
                    // The block is ready but another worker holds the replay.
                    std::thread::yield_now();
                }
            }
            #[cfg(shifting_rescue)]
            self.stall(k);
            // SAFETY: see `Blocks`: this worker holds the slot (`busy`).
            let chunk = unsafe { &mut *self.slots[slot].get() };
            scanner.scan_mapped(self.region, k, chunk);
            self.ready[slot].store(k + 1, Ordering::Release);
            self.busy[slot].store(false, Ordering::Release);
            self.play_ready();
        }
    }

    /// In a `--cfg shifting_rescue` build, a worker holding block `k` (every third one) waits
    /// before scanning it, as a descheduled one would, until another worker has rescued it
    /// (or the verdict is known, or 2 ms have passed: alone, nobody rescues it). It yields
    /// meanwhile, so that on one processor the other worker runs.
    #[cfg(shifting_rescue)]
    fn stall(&self, k: usize) {
        if k % 3 != 1 {
            return;
        }
        let start = std::time::Instant::now();
        while self.played.load(Ordering::Acquire) <= k
            && !self.stop.load(Ordering::Relaxed)
            && start.elapsed() < std::time::Duration::from_millis(2)
        {
            std::thread::yield_now();
        }
    }

    /// Scans the block to play next into this worker's own chunk (`spare`), if it is not
    /// ready, and plays it, unless another worker played it first; false if it was ready.
    fn rescue(&self, scanner: &mut Scanner, spare: &mut Option<Box<Chunk>>) -> bool {
        let p = self.played.load(Ordering::Acquire);
        if p >= self.blocks || self.ready[p % RING].load(Ordering::Acquire) == p + 1 {
            return false;
        }
        let chunk = spare.get_or_insert_with(|| Box::new(Chunk::new()));
        scanner.scan_mapped(self.region, p, chunk);
        if let Ok(mut replay) = self.replay.lock() {
            if replay.verdict.is_none() && self.played.load(Ordering::Relaxed) == p {
                self.play_one(&mut replay, p, chunk);
                #[cfg(shifting_rescue)]
                RESCUES.fetch_add(1, Ordering::Relaxed);
            }
        }
        true
    }

    /// Plays the blocks that are ready, in order, unless another thread is playing.
    fn play_ready(&self) {
        let mut replay = match self.replay.try_lock() {
            Ok(replay) => replay,
            Err(_) => return,
        };
        while replay.verdict.is_none() {
            let p = self.played.load(Ordering::Relaxed);
            if p >= self.blocks || self.ready[p % RING].load(Ordering::Acquire) != p + 1 {
                return;
            }
            // SAFETY: see `Blocks`: the worker that wrote this slot is done with it.
            let chunk = unsafe { &*self.slots[p % RING].get() };
            self.play_one(&mut replay, p, chunk);
        }
    }

    /// Plays block `p`, the next one, from `chunk`.
    fn play_one(&self, replay: &mut Replay, p: usize, chunk: &Chunk) {
        let verdict = match replay.game.play_chunk(chunk, self.avx2) {
            Ok(false) => None,
            Ok(true) => Some(Ok(())),
            Err(reject) => Some(Err(reject)),
        };
        if verdict.is_some() {
            self.stop.store(true, Ordering::Relaxed);
            replay.verdict = verdict;
        }
        // Every block from the next one on may still be read (a number's word reaches into
        // the block before it): give back the pages before this block, a few megabytes at a
        // time. A worker still scanning a block that was rescued may read a page given back:
        // it comes back from the file, and that worker's numbers are never played.
        let keep = LEAD + p * BLOCK - PAD;
        if keep >= replay.released + MAP_STEP {
            self.region.give_back(replay.released, keep);
            replay.released = keep / LEAD * LEAD;
        }
        self.played.store(p + 1, Ordering::Release);
    }
}

/// The fast path over `buf[at..stop]` (see [`plain`]), compiled for AVX2 where the processor
/// has it.
fn plain_batch(
    buf: &[u8],
    words: &mut [u64],
    at: usize,
    stop: usize,
    pending: Option<usize>,
    after_sep: &mut u64,
    avx2: bool,
) -> (usize, Option<usize>, usize) {
    if avx2 {
        // SAFETY: the processor has AVX2 (checked at run time).
        unsafe { plain_avx2(buf, words, at, stop, pending, after_sep) }
    } else {
        plain::<false>(buf, words, at, stop, pending, after_sep)
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

/// The values of digit words (each below 10^8, so 32 bits hold it).
fn convert(words: &[u64], values: &mut [u32], avx2: bool) {
    if avx2 {
        // SAFETY: the processor has AVX2 (checked at run time).
        unsafe { convert_avx2(words, values) };
    } else {
        for (&w, v) in words.iter().zip(values.iter_mut()) {
            *v = parse_eight(number_digits(w)) as u32;
        }
    }
}

/// The two four-digit halves (32 bits each, the high digits first) of four digit words.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn halves(quad: &[u64]) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    assert!(quad.len() >= 4);
    let pair_weights = _mm256_set1_epi16(0x010a); // bytes 10, 1: ten times the first digit
    let quad_weights = _mm256_set1_epi32(0x0001_0064); // words 100, 1

    // SAFETY: the assertion keeps the load inside `quad`.
    let raw = _mm256_loadu_si256(quad.as_ptr() as *const __m256i);
    // The number is the bytes above the highest separator of its word: anything above 9 once
    // '0' is taken away (by XOR) marks a separator, the mark is spread down through the lower
    // bytes, and the marked bytes become leading zeros.
    let x = _mm256_xor_si256(raw, _mm256_set1_epi8(b'0' as i8));
    let digit = _mm256_cmpeq_epi8(_mm256_min_epu8(x, _mm256_set1_epi8(9)), x);
    let mut below = _mm256_xor_si256(digit, _mm256_set1_epi8(-1));
    below = _mm256_or_si256(below, _mm256_srli_epi64(below, 8));
    below = _mm256_or_si256(below, _mm256_srli_epi64(below, 16));
    below = _mm256_or_si256(below, _mm256_srli_epi64(below, 32));
    let v = _mm256_andnot_si256(below, x);
    // Eight digits, first in the lowest byte -> four two-digit pairs -> two halves.
    _mm256_madd_epi16(_mm256_maddubs_epi16(v, pair_weights), quad_weights)
}

/// [`convert`] eight words at a time.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn convert_avx2(words: &[u64], values: &mut [u32]) {
    use std::arch::x86_64::*;
    let octets = words.chunks_exact(8);
    let rest = octets.remainder();
    let half_weights = _mm256_set1_epi32(0x0001_2710); // words 10000, 1
    let (out, tail) = values[..words.len()].split_at_mut(words.len() - rest.len());
    for (octet, out) in octets.zip(out.chunks_exact_mut(8)) {
        // The halves of eight words, narrowed to 16 bits (each below 10^4) and combined in
        // pairs: the values of words 0 1 4 5 2 3 6 7, which one permutation puts in order.
        let narrow = _mm256_packus_epi32(halves(&octet[..4]), halves(&octet[4..]));
        let mixed = _mm256_madd_epi16(narrow, half_weights);
        let ordered = _mm256_permute4x64_epi64(mixed, 0b11_01_10_00);
        // SAFETY: `out` holds eight values.
        _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, ordered);
    }
    for (&w, v) in rest.iter().zip(tail) {
        *v = parse_eight(number_digits(w)) as u32;
    }
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn convert_avx2(words: &[u64], values: &mut [u32]) {
    for (&w, v) in words.iter().zip(values) {
        *v = parse_eight(number_digits(w)) as u32;
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

/// A number as the replay takes it: `u32` for the fast path's values (at most eight digits),
/// `u64` for the general scanner's.
trait Number: Copy + Into<u64> + std::fmt::Display {
    /// The number of squares as a bound for this type (the largest value where it does not
    /// fit, which is then no tighter than the type itself).
    fn bound(squares: u64) -> Self;
    /// Whether moving the checker on square `to` into the empty square `from` is legal: on
    /// the row (`1..=bound`), one or two squares away. Branch-free, so that loops over pairs
    /// vectorise.
    fn step_ok(from: Self, to: Self, bound: Self) -> bool;
}

impl Number for u32 {
    fn bound(squares: u64) -> u32 {
        squares.min(u32::MAX as u64) as u32
    }

    #[inline(always)]
    fn step_ok(from: u32, to: u32, bound: u32) -> bool {
        let step = to.wrapping_sub(from).wrapping_add(2);
        (step <= 4) & (step != 2) & (to.wrapping_sub(1) < bound)
    }
}

impl Number for u64 {
    fn bound(squares: u64) -> u64 {
        squares
    }

    #[inline(always)]
    fn step_ok(from: u64, to: u64, bound: u64) -> bool {
        let step = to.wrapping_sub(from).wrapping_add(2);
        (step <= 4) & (step != 2) & (to.wrapping_sub(1) < bound)
    }
}

/// Whether moving the checker on square `to` into the empty square `from` is legal.
fn legal(from: u64, to: u64, squares: u64) -> bool {
    u64::step_ok(from, to, squares)
}

/// Whether every two neighbours in `values` make a legal move (the second one on the row, one
/// or two squares from the first).
fn all_pairs<T: Number>(values: &[T], squares: u64, avx2: bool) -> bool {
    if avx2 {
        // SAFETY: the processor has AVX2 (checked at run time).
        unsafe { all_pairs_avx2(values, squares) }
    } else {
        pairs_ok(values, squares)
    }
}

#[inline(always)]
fn pairs_ok<T: Number>(values: &[T], squares: u64) -> bool {
    let bound = T::bound(squares);
    let next = values.get(1..).unwrap_or(&[]);
    // Without an early exit, so that the compiler vectorises the loop.
    values
        .iter()
        .zip(next)
        .fold(true, |ok, (&a, &b)| ok & T::step_ok(a, b, bound))
}

/// [`pairs_ok`] compiled for AVX2 processors.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn all_pairs_avx2<T: Number>(values: &[T], squares: u64) -> bool {
    pairs_ok(values, squares)
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn all_pairs_avx2<T: Number>(values: &[T], squares: u64) -> bool {
    pairs_ok(values, squares)
}

/// [`all_pairs`] for the fast path's values.
fn plain_pairs(values: &[u32], squares: u64, avx2: bool) -> bool {
    if avx2 {
        // SAFETY: the processor has AVX2 (checked at run time).
        unsafe { plain_pairs_avx2(values, squares) }
    } else {
        pairs_ok(values, squares)
    }
}

/// [`plain_pairs`] eight moves at a time, with fewer operations than the compiler finds for
/// [`pairs_ok`]: a move from `a` to `b` is legal when `b - a + 2` is 0, 1, 3 or 4, that is when
/// `1 << (b - a + 2)` has one of the bits `0b11011` (a shift by 32 or more gives 0), and on the
/// row when `b - 1` is below the bound, which the largest `b - 1` tells for all of them.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn plain_pairs_avx2(values: &[u32], squares: u64) -> bool {
    use std::arch::x86_64::*;
    let bound = u32::bound(squares);
    let (one, two) = (_mm256_set1_epi32(1), _mm256_set1_epi32(2));
    let allowed = _mm256_set1_epi32(0b11011);
    let mut steps = _mm256_set1_epi32(-1);
    let mut highest = _mm256_setzero_si256();
    let mut i = 0;
    while i + 9 <= values.len() {
        // SAFETY: `values[i..i + 9]` exists, so both eight-value loads lie inside it.
        let from = _mm256_loadu_si256(values.as_ptr().add(i) as *const __m256i);
        let to = _mm256_loadu_si256(values.as_ptr().add(i + 1) as *const __m256i);
        let step = _mm256_add_epi32(_mm256_sub_epi32(to, from), two);
        let bit = _mm256_and_si256(_mm256_sllv_epi32(one, step), allowed);
        steps = _mm256_min_epu32(steps, bit);
        highest = _mm256_max_epu32(highest, _mm256_sub_epi32(to, one));
        i += 8;
    }
    let (mut step_lanes, mut high_lanes) = ([0u32; 8], [0u32; 8]);
    _mm256_storeu_si256(step_lanes.as_mut_ptr() as *mut __m256i, steps);
    _mm256_storeu_si256(high_lanes.as_mut_ptr() as *mut __m256i, highest);
    step_lanes.iter().all(|&bit| bit != 0)
        && high_lanes.iter().all(|&high| high < bound)
        && pairs_ok(&values[i..], squares)
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn plain_pairs_avx2(values: &[u32], squares: u64) -> bool {
    pairs_ok(values, squares)
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

    /// Checks the whole output on stdin. A mapped output is cut into blocks that up to
    /// [`WORKERS`] threads scan at once (see [`Blocks`]); a piped one is scanned and played
    /// block by block on this thread.
    fn check(&mut self, avx2: bool) -> Result<(), Reject> {
        match Region::of_stdin() {
            Some(region) => self.replay_mapped(&region, avx2),
            None => {
                let mut scanner = Scanner::new(self.squares(), avx2);
                let mut chunk = Chunk::new();
                loop {
                    scanner.scan_read(&mut chunk);
                    if self.play_chunk(&chunk, avx2)? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// [`Game::check`] on a mapped output: this thread and, where more processors are there,
    /// a few more each take the next block, scan it and play every block that is ready, in
    /// order. Where no thread can be started, this one does it all.
    fn replay_mapped(&mut self, region: &Region, avx2: bool) -> Result<(), Reject> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        #[cfg(shifting_rescue)]
        let cores = cores.max(2);
        let blocks = Blocks::new(region, self, avx2);
        std::thread::scope(|scope| {
            for _ in 1..cores.min(WORKERS) {
                let blocks = &blocks;
                if std::thread::Builder::new()
                    .spawn_scoped(scope, move || blocks.work())
                    .is_err()
                {
                    // A limit on processes: the threads started so far do the work.
                    break;
                }
            }
            blocks.work();
        });
        // A block that became ready while another thread held the replay, when both then
        // found no block left to take, is played here.
        blocks.play_ready();
        #[cfg(shifting_rescue)]
        eprintln!("rescues: {}", RESCUES.load(Ordering::Relaxed));
        let verdict = blocks.replay.into_inner().ok().and_then(|r| r.verdict);
        verdict.unwrap_or_else(|| {
            Err(Reject::Io(io::Error::new(
                io::ErrorKind::Other,
                "the scan stopped before the end of the output",
            )))
        })
    }

    /// Plays the numbers of one block in order, then takes its ending: true when the output
    /// was accepted.
    fn play_chunk(&mut self, chunk: &Chunk, avx2: bool) -> Result<bool, Reject> {
        self.play(&chunk.plain[..chunk.count], Some(chunk.pairs), avx2)?;
        self.play(&chunk.values, None, avx2)?;
        match &chunk.ending {
            None => Ok(false),
            Some(Ending::Eof) => self.finish().map(|()| true),
            Some(Ending::NotANumber(text)) => self.token_error(text).map(|()| true),
            Some(Ending::Io(e)) => Err(Reject::Io(io::Error::new(e.kind(), e.to_string()))),
        }
    }

    /// Plays a run of numbers: the count K first, then moves, then nothing. `pairs` is
    /// `Some(true)` when every two neighbours in `values` are known to make a legal move (the
    /// workers check that), `None` when it is still to be checked here.
    fn play<T: Number>(
        &mut self,
        values: &[T],
        pairs: Option<bool>,
        avx2: bool,
    ) -> Result<(), Reject> {
        let mut first = 0;
        if self.tokens == 0 && !values.is_empty() {
            self.count(values[0].into())?;
            self.tokens = 1;
            first = 1;
        }
        let left = (self.minimum + 1 - self.tokens).min((values.len() - first) as u64) as usize;
        let moves = &values[first..first + left];
        let squares = self.squares();
        let legal = match (pairs, moves.first()) {
            (_, None) => true,
            (Some(pairs), Some(&to)) => pairs && legal(self.empty, to.into(), squares),
            (None, Some(&to)) => {
                legal(self.empty, to.into(), squares) && all_pairs(moves, squares, avx2)
            }
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
    fn play_legal<T: Number>(&mut self, moves: &[T]) {
        let mask = self.row.len() - 1;
        let row = &mut self.row[..=mask];
        let mut empty = self.empty;
        for &square in moves {
            let square: u64 = square.into();
            row[(empty + 1) as usize & mask] = row[(square + 1) as usize & mask];
            empty = square;
        }
        row[(empty + 1) as usize & mask] = b'_';
        self.empty = empty;
    }

    /// Plays moves one by one, checking each: stops at the first illegal one.
    fn play_checked<T: Number>(&mut self, moves: &[T]) -> Result<(), Reject> {
        let mask = self.row.len() - 1;
        for (i, &value) in moves.iter().enumerate() {
            let value: u64 = value.into();
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
