//! Outputs no checker may slurp: ten million tokens in a file, and a gigabyte of garbage made on
//! the fly and fed through a named pipe (so nothing of it ever sits on disk or in the test's
//! memory), with the peak memory the runner measures.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::edits::{is_space, tokens};

/// Tokens in the long output.
pub const TOKENS: u64 = 10_000_000;
/// Bytes in each garbage stream.
pub const GARBAGE: u64 = 1 << 30;
/// What a checker may use beyond its board: buffers, a thread's stack, the runtime.
pub const SLACK: u64 = 64 << 20;

/// Writes the answer, then the answer's own tokens again and again (cut to eight bytes, so that
/// a long row does not make gigabytes), one per line, until the file holds [`TOKENS`] tokens.
/// Returns the file's size.
pub fn ten_million_tokens(answer: &[u8], path: &Path) -> u64 {
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path).unwrap());
    out.write_all(answer).unwrap();
    let words = tokens(answer);
    let more = TOKENS.saturating_sub(words.len() as u64) as usize;
    let mut bytes = answer.len() as u64;
    for word in words
        .iter()
        .map(|w| &w[..w.len().min(8)])
        .cycle()
        .take(more)
    {
        out.write_all(word).unwrap();
        out.write_all(b"\n").unwrap();
        bytes += word.len() as u64 + 1;
    }
    out.flush().unwrap();
    bytes
}

/// What a garbage stream looks like after its prefix.
#[derive(Debug, Clone, Copy)]
pub enum Garbage {
    /// Random bytes without any white space: one endless token.
    OneToken,
    /// Random bytes with spaces, tabs and carriage returns but no line end.
    NoNewline,
    /// Digits without end: a number far beyond any machine word.
    EndlessNumber,
}

fn chunk(kind: Garbage) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(kind as u64);
    (0..1 << 20)
        .map(|_| {
            let byte: u8 = rng.random();
            match kind {
                Garbage::OneToken if is_space(byte) => b'x',
                Garbage::NoNewline if byte == b'\n' => b' ',
                Garbage::EndlessNumber => b'0' + byte % 10,
                _ => byte,
            }
        })
        .collect()
}

/// A named pipe that a writer thread fills with `prefix` and then [`GARBAGE`] bytes of the given
/// kind, until the reader goes away. Join the thread for the number of bytes it got rid of.
pub struct Pipe {
    pub path: PathBuf,
    writer: Option<JoinHandle<u64>>,
}

impl Pipe {
    pub fn new(dir: &Path, prefix: &[u8], kind: Garbage) -> Pipe {
        let path = dir.join(format!("pipe-{kind:?}"));
        let _ = std::fs::remove_file(&path);
        let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: mkfifo with a valid NUL-terminated path.
        let made = unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) };
        assert_eq!(made, 0, "mkfifo {}", path.display());
        let (target, prefix) = (path.clone(), prefix.to_vec());
        let writer = std::thread::spawn(move || {
            let data = chunk(kind);
            // Blocks until the checker's side is opened.
            let mut pipe = OpenOptions::new().write(true).open(&target).unwrap();
            if pipe.write_all(&prefix).is_err() {
                return 0;
            }
            let mut sent = 0u64;
            while sent < GARBAGE {
                let len = (GARBAGE - sent).min(data.len() as u64) as usize;
                match pipe.write(&data[..len]) {
                    Ok(k) => sent += k as u64,
                    // The reader is gone (EPIPE): it stopped reading, which is allowed.
                    Err(_) => break,
                }
            }
            sent
        });
        Pipe {
            path,
            writer: Some(writer),
        }
    }

    /// Bytes of garbage the reader took (or the pipe buffered) before it went away.
    pub fn finish(mut self) -> u64 {
        self.writer.take().unwrap().join().unwrap()
    }
}

impl Drop for Pipe {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
