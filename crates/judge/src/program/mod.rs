//! The judges' own programs (generators, input and output validators, reference solutions):
//! built once, outside the sandbox (the judges trust them), and always run under the package's
//! validation limits, never the submission's. This front file owns what a built program is;
//! `build` owns how one comes to be (the link policy, the package's constants, the compile
//! cache, how a failure is labelled), `run` how one runs (its streams, its limits, the jury's
//! room, what its end says).

use std::path::PathBuf;
use std::sync::Arc;

use leapfrog_package::lang::Compiled;
use leapfrog_runner::{self as runner, Runner};

mod build;
mod run;

pub(crate) use build::LinksChecked;
pub use build::build_error;
pub use run::{Streams, run_error};

/// A built judges' program.
#[derive(Debug, Clone)]
pub struct Program {
    pub path: PathBuf,
    /// What it is for messages ("output validator", "generator"); empty when the path says it.
    pub role: &'static str,
    compiled: Compiled,
    /// The command's runner, which runs it.
    runner: Arc<Runner>,
    /// Where it runs as the jury's user (shared by its clones).
    room: Arc<crate::jury_room::Room>,
}

impl Program {
    /// The runner that runs it (the command's).
    pub fn runner(&self) -> &Arc<Runner> {
        &self.runner
    }

    /// The user it runs as where the judge is root: its package's jury user
    /// (one per package); `None` where the judge is not root.
    pub fn jury_user(&self) -> Option<runner::RunUser> {
        self.room.user()
    }

    /// The built program.
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// `output validator /path/to/it`: how messages name it.
    pub fn label(&self) -> String {
        label_of(&self.path, self.role)
    }
}

/// How messages name the program at `path` in `role` (the path alone when the role is empty).
fn label_of(path: &std::path::Path, role: &str) -> String {
    if role.is_empty() {
        path.display().to_string()
    } else {
        format!("{role} {}", path.display())
    }
}
