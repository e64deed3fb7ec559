//! SIGINT and SIGTERM: commands that run programs or write data install a flag instead of dying
//! at once, so that they can stop their children and remove temporary files first.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Catches SIGINT and SIGTERM from now on; [`requested`] tells whether one arrived.
pub fn install() {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            // Registration only fails for forbidden signals, which these are not.
            let _ = signal_hook::flag::register(signal, Arc::clone(&flag));
        }
        flag
    });
}

/// Whether SIGINT or SIGTERM arrived since [`install`].
pub fn requested() -> bool {
    FLAG.get().is_some_and(|f| f.load(Ordering::Relaxed))
}

/// The error a command returns when it stops because it was interrupted.
#[derive(Debug, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted;

/// Returns `Err(Interrupted)` once a signal has arrived.
pub fn check() -> Result<(), Interrupted> {
    if requested() {
        Err(Interrupted)
    } else {
        Ok(())
    }
}
