//! Standard output for every command: one path that treats a closed pipe (`leapfrog judge … |
//! head -1`) as the reader's normal end instead of a panic. Once the reader has gone, later
//! writes are dropped quietly and the command finishes with its usual exit code. It also
//! remembers whether anything was written, so that a failing `--json` command knows whether its
//! error object would be the only thing on stdout.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static CLOSED: AtomicBool = AtomicBool::new(false);
static WRITTEN: AtomicBool = AtomicBool::new(false);

/// Writes formatted text to stdout and flushes it; a closed pipe ends all later output quietly.
pub fn write_stdout(args: fmt::Arguments) {
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    WRITTEN.store(true, Ordering::Relaxed);
    let mut out = io::stdout().lock();
    let result = out.write_fmt(args).and_then(|()| out.flush());
    if let Err(err) = result {
        CLOSED.store(true, Ordering::Relaxed);
        if err.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write to standard output: {err}");
        }
    }
}

/// Whether this process has written (or tried to write) anything through [`write_stdout`].
pub fn stdout_written() -> bool {
    WRITTEN.load(Ordering::Relaxed)
}

/// `println!` through [`write_stdout`].
#[macro_export]
macro_rules! outln {
    () => {
        $crate::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}
