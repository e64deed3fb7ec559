//! How a judges' program comes to be: its sources pass the link policy before any of them is
//! read, the package's `{{constants}}` are replaced in a copy, the copy is compiled (from the
//! compile cache when it can, on PyPy for the validators), and a failure is labelled with the
//! program's role and path. A program run by a command instead ([`Program::external`]) is
//! made here too.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;

use leapfrog_package::BuildError;
use leapfrog_package::lang::{self, Compiled};
use leapfrog_runner::{Interrupted, IsolationChoice, Runner};

use super::{Program, label_of};

/// A build's failure as an `anyhow` error for callers that pass it on: an interruption stays
/// [`Interrupted`] (behind the same words), which commands recognise by its type.
pub fn build_error(err: BuildError) -> anyhow::Error {
    if err.is_interrupted() {
        anyhow::Error::new(Interrupted).context(err.to_string())
    } else {
        err.into()
    }
}

/// Proof that one judges' program passed the link policy: only [`LinksChecked::check`] makes
/// one, and the build it allows ([`Program::build_checked`]) spends it. A caller that must
/// check before it builds (a validator, whose files are read to tell which form it takes)
/// hands it on, so the policy is checked once per program and never skipped.
#[derive(Debug)]
pub(crate) struct LinksChecked {
    path: PathBuf,
    role: &'static str,
}

impl LinksChecked {
    /// Refuses the program at `path` when a link among its sources leads out of its package
    /// (`lang::check_program_links`), naming it by `role` and path; to be called before any
    /// of its files is read, so such a link is refused, never followed.
    pub(crate) fn check(path: &Path, role: &'static str) -> anyhow::Result<LinksChecked> {
        #[cfg(test)]
        CHECKS_MADE.with(|made| made.set(made.get() + 1));
        lang::check_program_links(path)
            .map_err(build_error)
            .with_context(|| label_of(path, role))?;
        Ok(LinksChecked {
            path: path.to_path_buf(),
            role,
        })
    }

    /// How many checks this thread has made so far: a test counts them to see a program
    /// checked once, not once by its caller and again by its build.
    #[cfg(test)]
    pub(crate) fn made_on_this_thread() -> usize {
        CHECKS_MADE.with(std::cell::Cell::get)
    }
}

#[cfg(test)]
thread_local! {
    /// The count behind [`LinksChecked::made_on_this_thread`] (per thread: tests run side by side).
    static CHECKS_MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Program {
    /// Builds a judges' program (from the compile cache when it can). Not compiling is an error
    /// in the judges' package, reported with the compiler's words. A link out of the package
    /// among its sources is refused first.
    pub fn build(runner: &Arc<Runner>, path: &Path, role: &'static str) -> anyhow::Result<Program> {
        Program::build_checked(runner, LinksChecked::check(path, role)?)
    }

    /// [`Program::build`] for a program whose links were already checked (`links` says which
    /// program, in which role).
    pub(crate) fn build_checked(
        runner: &Arc<Runner>,
        links: LinksChecked,
    ) -> anyhow::Result<Program> {
        let LinksChecked { path, role } = links;
        let label = label_of(&path, role);
        // The package's `{{constants}}` are replaced in a copy, which is what gets built.
        let copy = leapfrog_package::constants::of_program(&path)
            .program_copy(&path)
            .with_context(|| format!("substituting the constants of {label}"))?;
        let source = copy.as_deref().unwrap_or(&path);
        let built = compile_jury(runner, &path, source, role);
        // A path that cannot be looked at is named by the error itself: the role is enough.
        let names_path = built.as_ref().err().is_some_and(BuildError::names_the_path);
        let built = built.map_err(build_error);
        let built = if role.is_empty() {
            built?
        } else if names_path {
            built.context(role)?
        } else {
            built.with_context(|| label.clone())?
        };
        Ok(Program {
            compiled: built.map_err(|err| err.named(&label))?,
            runner: Arc::clone(runner),
            room: Arc::new(crate::jury_room::Room::for_program(&path)),
            path,
            role,
        })
    }

    /// A judges' program run by a command rather than built from `path` (a `.ctd` file through
    /// checktestdata, a program folder's `run` script).
    pub fn external(
        runner: &Arc<Runner>,
        path: &Path,
        role: &'static str,
        argv: Vec<OsString>,
    ) -> Program {
        Program {
            path: path.to_path_buf(),
            role,
            compiled: Compiled::external(argv),
            runner: Arc::clone(runner),
            room: Arc::new(crate::jury_room::Room::for_program(path)),
        }
    }
}

/// Whether a judges' program of this role runs Python 3 on PyPy where PyPy is installed:
/// validators and interactors do, as problemtools and BAPCtools run them (one language table
/// for every program), so a slow Python validator is not slower here than there; their
/// verdicts do not depend on the interpreter. Generators and solutions stay on CPython, so
/// the test data a package generates does not depend on which interpreters are installed.
fn on_pypy(role: &str) -> bool {
    matches!(
        role,
        "output validator" | "input validator" | "answer validator"
    )
}

/// Compiles `source` (the program at `path`, or its copy with constants replaced) in its
/// language, on PyPy for the roles [`on_pypy`] names. PyPy follows CPython's syntax a few
/// versions behind: a program PyPy cannot compile (a `match` statement) builds on CPython.
fn compile_jury(
    runner: &Runner,
    path: &Path,
    source: &Path,
    role: &str,
) -> Result<Result<Compiled, lang::CompileError>, BuildError> {
    let table = lang::Languages::for_program(path)?;
    let language = table.detect(path)?;
    let chosen = match on_pypy(role) {
        true => table.for_jury(language.clone()),
        false => language.clone(),
    };
    let built = lang::compile_as(runner, source, chosen.clone(), IsolationChoice::LimitsOnly)?;
    match built {
        Err(_) if chosen != language => {
            lang::compile_as(runner, source, language, IsolationChoice::LimitsOnly)
        }
        built => Ok(built),
    }
}
