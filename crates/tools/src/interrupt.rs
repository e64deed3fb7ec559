//! The command's cancel token: one per process, as a process runs one command. A command that
//! runs programs or writes data hooks it to SIGINT and SIGTERM ([`install`]) instead of dying
//! at once, makes its [`Runner`] with it ([`runner`]), and checks it between steps of its own
//! ([`check`]); the runner and the judge below only see the token they are given.

use std::sync::{Arc, OnceLock};

use leapfrog_runner::{Cancel, Interrupted, Runner, Signals};

static TOKEN: OnceLock<(Cancel, Signals)> = OnceLock::new();

/// Sets the command's token on SIGINT and SIGTERM from now on, and returns it.
pub fn install() -> Cancel {
    TOKEN
        .get_or_init(|| {
            let cancel = Cancel::new();
            let signals = cancel.on_signals();
            (cancel, signals)
        })
        .0
        .clone()
}

/// The command's runner: made with the command's token (hooked to the signals).
pub fn runner() -> Arc<Runner> {
    Arc::new(Runner::new(install()))
}

/// Whether SIGINT or SIGTERM arrived since [`install`].
pub fn requested() -> bool {
    TOKEN.get().is_some_and(|(cancel, _)| cancel.is_cancelled())
}

/// `Err(Interrupted)` once a signal has arrived.
pub fn check() -> Result<(), Interrupted> {
    match TOKEN.get() {
        Some((cancel, _)) => cancel.check(),
        None => Ok(()),
    }
}
