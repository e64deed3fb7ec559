//! The reference solver's answer for `leapfrog check`, computed only as far as the checker reads
//! it: the solver writes into a named pipe that stands where the answer file would be. A checker
//! that never opens the answer (the `shifting` checker needs only the input) or reads just its
//! first line (`pairs`) costs no more than a pipe's worth of solving, where writing the whole
//! answer first would double the time of checking a 550 MB output.

use std::ffi::CString;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{Context, bail};

use leapfrog_registry::{Puzzle, SolveError};

/// An answer being written into a named pipe by a solver thread.
pub struct LazyAnswer {
    pub path: PathBuf,
    /// Set once the checker is done: the solver's next write fails and it stops.
    stop: Arc<AtomicBool>,
    writer: JoinHandle<Result<(), SolveError>>,
}

/// The error the solver's writes fail with once the checker is done.
#[derive(Debug)]
struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the checker is done with the answer")
    }
}

impl std::error::Error for Stopped {}

/// The pipe's write end; refuses to write once the checker is done.
struct Stoppable {
    pipe: File,
    stop: Arc<AtomicBool>,
}

impl Write for Stoppable {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(io::Error::other(Stopped));
        }
        self.pipe.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.pipe.flush()
    }
}

impl LazyAnswer {
    /// Creates the pipe `dir/answer.ans` and starts the solver on `input` writing into it.
    pub fn start(puzzle: &'static Puzzle, input: &Path, dir: &Path) -> anyhow::Result<LazyAnswer> {
        let path = dir.join("answer.ans");
        let name = CString::new(path.as_os_str().as_bytes())?;
        // Readable by every user: an output validator run as the jury's user opens it by its
        // path (it holds only the answer, to the input the caller gave).
        // SAFETY: `name` is a NUL-terminated path that outlives the call.
        if unsafe { libc::mkfifo(name.as_ptr(), 0o644) } != 0 {
            let err = io::Error::last_os_error();
            return Err(err).with_context(|| format!("creating the pipe {}", path.display()));
        }
        let reader = File::open(input).with_context(|| input.display().to_string())?;
        let stop = Arc::new(AtomicBool::new(false));
        let (fifo, stopped) = (path.clone(), stop.clone());
        let writer = std::thread::spawn(move || {
            // Opening the write end waits for the checker to open the answer (or for
            // `finish`): nothing is solved before someone reads.
            let pipe = OpenOptions::new().write(true).open(&fifo)?;
            let sink = Stoppable {
                pipe,
                stop: stopped,
            };
            let mut reader = BufReader::new(reader);
            let mut writer = BufWriter::with_capacity(1 << 16, sink);
            (puzzle.solve)(&mut reader, &mut writer)?;
            writer.flush()?;
            Ok(())
        });
        Ok(LazyAnswer { path, stop, writer })
    }

    /// Stops the solver once the checker has finished. A solver that failed on its own (a
    /// malformed input) is an error, as it was before the checker ran; one stopped because
    /// the checker did not read on is not.
    pub fn finish(self, input: &Path) -> anyhow::Result<()> {
        self.stop.store(true, Ordering::Relaxed);
        // A read end of our own lets a writer still waiting to open the pipe go on (to its
        // first write, which fails), and emptying it lets a blocked write return.
        let mut drain = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&self.path)
            .context("opening the answer pipe")?;
        let mut sink = [0u8; 1 << 16];
        while !self.writer.is_finished() {
            match drain.read(&mut sink) {
                // Nothing to read now, or no writer yet (it is still opening its end).
                Ok(0) => std::thread::sleep(Duration::from_millis(1)),
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e).context("emptying the answer pipe"),
            }
        }
        // Stopped by us, or the checker closed the answer before its end.
        let stopped = |e: &io::Error| {
            e.kind() == io::ErrorKind::BrokenPipe
                || e.get_ref().is_some_and(|inner| inner.is::<Stopped>())
        };
        match self.writer.join() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(SolveError::Io(e))) if stopped(&e) => Ok(()),
            Ok(Err(err)) => Err(err).with_context(|| input.display().to_string()),
            Err(_) => bail!("the reference solver panicked on {}", input.display()),
        }
    }
}
