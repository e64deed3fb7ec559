//! The judge in the middle of a duet ([`super::duet`]), asked for a transcript: a relay copies
//! one direction from one pipe to the next and keeps what passed, in order.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::sync::Mutex;

/// Which side of a duet wrote a piece of the transcript.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speaker {
    Submission,
    Validator,
}

/// What a transcript keeps, and how many more bytes it may keep.
pub(super) struct Kept {
    pub pieces: Vec<(Speaker, Vec<u8>)>,
    pub room: usize,
}

/// Reads a pipe to its end and drops what it reads.
pub(super) fn drain(from: OwnedFd) {
    let mut from = File::from(from);
    let _ = std::io::copy(&mut from, &mut std::io::sink());
}

/// Copies one direction until the writer closes its end or the reader goes away, keeping what
/// passed. Dropping both ends at the end passes on the close (or the broken pipe), except that
/// the validator's side is drained to its end (see the module's comment).
pub(super) fn relay(from: OwnedFd, to: OwnedFd, who: Speaker, log: &Mutex<Kept>) {
    let (mut from, mut to) = (File::from(from), File::from(to));
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = match from.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if let Ok(mut kept) = log.lock() {
            let take = n.min(kept.room);
            if take > 0 {
                kept.room -= take;
                match kept.pieces.last_mut() {
                    Some((last, bytes)) if *last == who => bytes.extend_from_slice(&buffer[..take]),
                    _ => kept.pieces.push((who, buffer[..take].to_vec())),
                }
            }
        }
        if to.write_all(&buffer[..n]).is_err() {
            if who == Speaker::Validator {
                drop(to);
                return drain(from.into());
            }
            return;
        }
    }
}
