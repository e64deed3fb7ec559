//! Standard output for every command: one path that treats a closed pipe (`leapfrog judge … |
//! head -1`) as the reader's normal end instead of a panic. Once the reader has gone, later
//! writes are dropped quietly and the command finishes with its usual exit code. It also
//! remembers whether anything was written, so that a failing `--json` command knows whether its
//! error object would be the only thing on stdout. A thread can hold back what it prints
//! ([`capture_stdout`]), so that work done side by side on several threads prints in order,
//! each piece whole; held text counts as written once it is printed.

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static CLOSED: AtomicBool = AtomicBool::new(false);
static WRITTEN: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// What this thread printed while [`capture_stdout`] holds it back.
    static HELD: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `work` with everything this thread prints through [`write_stdout`] held back, and
/// returns it beside `work`'s result, for the caller to print when its turn comes. Only this
/// thread's output is held: `work` must print from it (threads it starts print as usual).
pub fn capture_stdout<R>(work: impl FnOnce() -> R) -> (R, String) {
    let outer = HELD.with(|held| held.borrow_mut().replace(String::new()));
    let result = work();
    let text = HELD.with(|held| std::mem::replace(&mut *held.borrow_mut(), outer));
    (result, text.unwrap_or_default())
}

/// Writes formatted text to stdout and flushes it; a closed pipe ends all later output quietly.
pub fn write_stdout(args: fmt::Arguments) {
    let held = HELD.with(|held| match held.borrow_mut().as_mut() {
        Some(text) => {
            let _ = fmt::Write::write_fmt(text, args);
            true
        }
        None => false,
    });
    if held || CLOSED.load(Ordering::Relaxed) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_output_comes_back_in_order_and_nested_captures_stay_apart() {
        let ((inner, ()), outer) = capture_stdout(|| {
            crate::outln!("first");
            let inner = capture_stdout(|| crate::outln!("inner"));
            crate::outln!("last");
            (inner, ())
        });
        assert_eq!(outer, "first\nlast\n");
        assert_eq!(inner.1, "inner\n");
        // Another thread's output is not this thread's to hold.
        let ((), text) = capture_stdout(|| {
            std::thread::spawn(|| HELD.with(|h| assert!(h.borrow().is_none())))
                .join()
                .unwrap()
        });
        assert_eq!(text, "");
    }
}
