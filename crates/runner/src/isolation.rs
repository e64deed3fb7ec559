//! Choosing how submissions are isolated: inside the bubblewrap sandbox when it works here
//! (started for each run, or kept for many: [`super::launcher`]),
//! with resource limits only otherwise (said once, clearly), or refusing to run at all when the
//! user demands the sandbox (`--require-sandbox`).

use std::sync::{Arc, Once};

use super::launcher::KeptSandbox;
use super::sandbox::{self, Mounts};

/// How one run is isolated.
#[derive(Debug, Clone)]
pub enum Isolation {
    /// Resource limits only.
    Direct,
    /// Inside bubblewrap started for the run, seeing only these mounts besides the system.
    Sandbox(Mounts),
    /// Inside a kept sandbox, in fresh directories and namespaces of its own.
    Kept(Arc<KeptSandbox>),
}

/// How a command isolates the submissions it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IsolationChoice {
    Sandbox,
    LimitsOnly,
}

impl IsolationChoice {
    /// The name reports use: `sandbox` or `limits-only`.
    pub fn name(self) -> &'static str {
        match self {
            IsolationChoice::Sandbox => "sandbox",
            IsolationChoice::LimitsOnly => "limits-only",
        }
    }
}

/// Picks the isolation for submissions: the sandbox when available (unless `disable`), else
/// limits only with a one-time note on stderr; an error when `require` and it is unavailable.
pub fn choose_isolation(require: bool, disable: bool) -> anyhow::Result<IsolationChoice> {
    if disable {
        if require {
            anyhow::bail!("--require-sandbox and --no-sandbox contradict each other");
        }
        return Ok(IsolationChoice::LimitsOnly);
    }
    match sandbox::probe() {
        Ok(_) => Ok(IsolationChoice::Sandbox),
        Err(why) if require => anyhow::bail!("--require-sandbox: {why}"),
        Err(why) => {
            static NOTE: Once = Once::new();
            NOTE.call_once(|| {
                eprintln!("note: no sandbox ({why}); submissions run with resource limits only");
            });
            Ok(IsolationChoice::LimitsOnly)
        }
    }
}
