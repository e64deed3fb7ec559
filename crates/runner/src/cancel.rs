//! The cancel token: how a command tells its runs to stop (on SIGINT / SIGTERM, or when it has
//! seen enough), passed in rather than read from a process-wide flag. A [`Cancel`] is a shared
//! flag; clones see the same flag. The runner and the judge look at the token they were given,
//! between tests and while waiting for a run, and stop with [`Interrupted`] once it is set.
//!
//! A [`Runner`](crate::Runner) hooks its token to SIGINT and SIGTERM for as long as it lives
//! ([`Cancel::on_signals`]): a signal sets the token of every live runner, and nothing else.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A shared "stop now" flag: set once, seen by every clone.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token nobody has set yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Sets the token: every run holding it stops, and every check fails with [`Interrupted`].
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Release);
    }

    /// Whether the token was set.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }

    /// `Err(Interrupted)` once the token is set.
    pub fn check(&self) -> Result<(), Interrupted> {
        if self.is_cancelled() {
            Err(Interrupted)
        } else {
            Ok(())
        }
    }

    /// Sets the token when SIGINT or SIGTERM arrives, until the returned guard is dropped.
    /// The process then no longer dies of those signals at once: whoever holds the token stops
    /// its children and removes its temporary files first.
    pub fn on_signals(&self) -> Signals {
        let ids = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM]
            .into_iter()
            // Registration only fails for forbidden signals, which these are not.
            .filter_map(|signal| signal_hook::flag::register(signal, Arc::clone(&self.0)).ok())
            .collect();
        Signals(ids)
    }
}

/// The hooks of a token on SIGINT and SIGTERM; dropping it unhooks the token.
#[derive(Debug)]
pub struct Signals(Vec<signal_hook::SigId>);

impl Drop for Signals {
    fn drop(&mut self) {
        for id in self.0.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// The error a command returns when it stops because it was interrupted (exit code 130).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag() {
        let token = Cancel::new();
        let held = token.clone();
        assert!(held.check().is_ok());
        token.cancel();
        assert_eq!(held.check(), Err(Interrupted));
    }

    // A signal is not raised here: it would set the token of every runner the other tests of
    // this process hold. `tests/interrupt.rs` sends SIGINT to a judging command instead.
}
