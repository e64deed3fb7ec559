//! The package's error types, one per concern: problem.yaml and its neighbours
//! ([`ConfigError`]), the test data and its settings ([`TestdataError`]), the generator plan
//! ([`PlanError`]), the language table ([`LanguageError`]), compiling a program
//! ([`BuildError`]), the submissions and what they must get ([`SubmissionsError`]), and opening
//! a package or a contest ([`PackageError`], which carries the others unchanged).
//!
//! Each message is what the user reads: where (a file, a file and line, or a key) and why. A
//! step that fails on a file names the step and the path, with the system's reason as its
//! source, so `{:#}` (as `leapfrog::report::print_error` prints) shows the whole chain.

use std::fmt::Display;
use std::path::{Path, PathBuf};

use leapfrog_runner::RunError;

/// An error and its causes, joined by ": " (what `{:#}` prints of an `anyhow` error; a typed
/// error's `{:#}` is its own message only).
pub fn chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

/// What every concern may refuse or fail on: a place and a reason, a file-system step, a
/// directory walk, YAML. Each concern's error carries it unchanged (`Refused`), so the wording
/// is written once.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// A refusal naming where (file, `file:line` or key) and why.
    #[error("{at}: {why}")]
    Invalid { at: String, why: String },
    /// A refusal whose place is given by the variant that wraps it.
    #[error("{0}")]
    Rule(String),
    /// A file-system step failed on a path.
    #[error("{doing} {}", .path.display())]
    Io {
        doing: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A program's path cannot be looked at. The system's reason is in the message, said
    /// once (a dangling link named as one), rather than a cause that repeats the path.
    #[error("{}", leapfrog_util::io_error_at(.path, .cause))]
    Missing {
        path: PathBuf,
        cause: std::io::Error,
    },
    /// A directory could not be walked: the entry it stopped at and why, said once (walkdir's
    /// error repeats the system's reason as its own cause).
    #[error("reading {}: {}", .path.display(), leapfrog_util::walk_error(.cause))]
    Walk {
        path: PathBuf,
        cause: walkdir::Error,
    },
    /// A link that leads out of the package or submission it was found in (the link policy).
    #[error(transparent)]
    Link(#[from] leapfrog_util::LinkOut),
    /// Text that is not the YAML expected at `at`.
    #[error("{at}")]
    Yaml {
        at: String,
        #[source]
        source: serde_yaml_ng::Error,
    },
}

impl Refusal {
    /// The file-system step `doing` ("reading") failed on `path`.
    pub fn io(doing: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> Refusal {
        let path = path.to_path_buf();
        move |source| Refusal::Io {
            doing,
            path,
            source,
        }
    }

    /// Walking the directory `path` failed.
    pub fn walk(path: &Path) -> impl FnOnce(walkdir::Error) -> Refusal {
        let path = path.to_path_buf();
        move |cause| Refusal::Walk { path, cause }
    }
}

/// The constructors of [`Refusal`]'s cases, for each concern's error that carries it.
macro_rules! common {
    ($name:ident) => {
        // Not every concern meets every kind of failure.
        #[allow(dead_code)]
        impl $name {
            /// A refusal at `at` (a file, `file:line`, or a key), for the reason `why`.
            pub(crate) fn invalid(at: impl Display, why: impl Display) -> $name {
                $name::Refused(Refusal::Invalid {
                    at: at.to_string(),
                    why: why.to_string(),
                })
            }

            /// A link out of the tree it was found in ([`leapfrog_util::check_within`]).
            pub(crate) fn link(out: leapfrog_util::LinkOut) -> $name {
                $name::Refused(Refusal::Link(out))
            }

            /// A refusal whose place the caller adds.
            pub(crate) fn rule(why: impl Display) -> $name {
                $name::Refused(Refusal::Rule(why.to_string()))
            }

            /// The file-system step `doing` ("reading") failed on `path`.
            pub(crate) fn io(
                doing: &'static str,
                path: &Path,
            ) -> impl FnOnce(std::io::Error) -> $name {
                let io = Refusal::io(doing, path);
                move |source| $name::Refused(io(source))
            }

            /// The program at `path` cannot be looked at.
            pub(crate) fn missing(path: &Path) -> impl FnOnce(std::io::Error) -> $name {
                let path = path.to_path_buf();
                move |cause| $name::Refused(Refusal::Missing { path, cause })
            }

            /// Walking the directory `path` failed.
            pub(crate) fn walk(path: &Path) -> impl FnOnce(walkdir::Error) -> $name {
                let walk = Refusal::walk(path);
                move |source| $name::Refused(walk(source))
            }

            /// YAML at `at` could not be read.
            pub(crate) fn yaml(at: impl Display) -> impl FnOnce(serde_yaml_ng::Error) -> $name {
                let at = at.to_string();
                move |source| $name::Refused(Refusal::Yaml { at, source })
            }
        }
    };
}

/// Why problem.yaml (with `.timelimit`, the format version, the problem type and the timing
/// keys) cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A refusal, or a file-system or YAML step that failed ([`Refusal`]).
    #[error(transparent)]
    Refused(#[from] Refusal),
}
common!(ConfigError);

/// Why the test data (its folders, `testdata.yaml` / `test_group.yaml`, per-test settings,
/// scoring, the validators' invalid data) cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum TestdataError {
    /// A refusal, or a file-system or YAML step that failed ([`Refusal`]).
    #[error(transparent)]
    Refused(#[from] Refusal),
}
common!(TestdataError);

/// Why the generator plan (`generators/generators.yaml`) cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// A refusal, or a file-system or YAML step that failed ([`Refusal`]).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// YAML that does not have the shape of a plan entry (the entry is named by the variant
    /// that wraps it).
    #[error(transparent)]
    Shape(#[from] serde_yaml_ng::Error),
    /// A refusal inside the test, group or key named by `at`.
    #[error("{at}")]
    In {
        at: String,
        #[source]
        source: Box<PlanError>,
    },
}
common!(PlanError);

impl PlanError {
    /// This error, placed inside the test, group, file or key `at`.
    pub(crate) fn inside(self, at: impl Display) -> PlanError {
        PlanError::In {
            at: at.to_string(),
            source: Box::new(self),
        }
    }
}

/// Why the language table (built in, or a package's `languages.yaml`) cannot be read, or a
/// program's language not recognised.
#[derive(Debug, thiserror::Error)]
pub enum LanguageError {
    /// A refusal, or a file-system or YAML step that failed ([`Refusal`]).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// A refusal inside the file or entry named by `at`.
    #[error("{at}")]
    In {
        at: String,
        #[source]
        source: Box<LanguageError>,
    },
    /// A table that is not YAML of the expected shape (its file is named by the variant that
    /// wraps it).
    #[error(transparent)]
    Shape(#[from] serde_yaml_ng::Error),
    /// No known language: `verify` lists the program as ignored, `judge` refuses it.
    #[error(transparent)]
    Unknown(#[from] UnknownLanguage),
}
common!(LanguageError);

impl LanguageError {
    /// This error, placed inside the test, group, file or key `at`.
    pub(crate) fn inside(self, at: impl Display) -> LanguageError {
        LanguageError::In {
            at: at.to_string(),
            source: Box::new(self),
        }
    }
}

/// Why a program could not be compiled (not the compiler's refusal, which is a
/// [`crate::lang::CompileError`]: this is the judge's side failing).
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A refusal, or a file-system or YAML step that failed ([`Refusal`]).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The compiler refused a judge's program (`label` says which), with its words.
    #[error("{label} does not compile:\n{message}")]
    DoesNotCompile { label: String, message: String },
    /// The runner gave no outcome for the compiler (an interruption among the causes).
    #[error("running the compiler")]
    Compiler {
        #[source]
        source: RunError,
    },
    /// A file-system step on a cache entry of the build's own failed.
    #[error(transparent)]
    Os(#[from] std::io::Error),
    /// Staging or publishing a cache entry failed.
    #[error(transparent)]
    File(#[from] leapfrog_util::FileError),
    /// The program's language, or its files, could not be read.
    #[error(transparent)]
    Language(#[from] LanguageError),
}
common!(BuildError);

impl BuildError {
    /// Whether the build stopped because the judge was interrupted (SIGINT / SIGTERM): the
    /// caller then stops as an interrupted command does.
    pub fn is_interrupted(&self) -> bool {
        matches!(
            self,
            BuildError::Compiler {
                source: RunError::Interrupted
            }
        )
    }

    /// Whether the message already starts with the program's path (it could not be looked
    /// at), so that a caller naming the program does not name the path twice.
    pub fn names_the_path(&self) -> bool {
        matches!(
            self,
            BuildError::Refused(Refusal::Missing { .. })
                | BuildError::Language(LanguageError::Refused(Refusal::Missing { .. }))
        )
    }
}

/// Why the submissions, `submissions.yaml` or a submission's `@EXPECTED_RESULTS@` line cannot
/// be read.
#[derive(Debug, thiserror::Error)]
pub enum SubmissionsError {
    /// A refusal, or a file-system or YAML step that failed ([`Refusal`]).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The submissions folder cannot be listed.
    #[error(transparent)]
    List(#[from] ListError),
}
common!(SubmissionsError);

/// Why a folder of programs (validators, submissions) cannot be listed.
#[derive(Debug, thiserror::Error)]
#[error("reading {}", .path.display())]
pub struct ListError {
    pub path: PathBuf,
    #[source]
    pub source: std::io::Error,
}

impl ListError {
    /// Listing `path` failed.
    pub(crate) fn of(path: &Path) -> impl FnOnce(std::io::Error) -> ListError {
        let path = path.to_path_buf();
        move |source| ListError { path, source }
    }
}

/// Why a package or a contest cannot be opened or listed: its own checks, or one of the
/// concerns' errors, carried unchanged.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// A refusal, or a file-system or YAML step that failed ([`Refusal`]).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The current directory cannot be read (to find a package named without a path).
    #[error("reading the current directory")]
    CurrentDir(#[source] std::io::Error),
    #[error(transparent)]
    List(#[from] ListError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Testdata(#[from] TestdataError),
    #[error(transparent)]
    Plan(#[from] PlanError),
    #[error(transparent)]
    Language(#[from] LanguageError),
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Submissions(#[from] SubmissionsError),
}
common!(PackageError);

/// A program whose language nothing recognises: listed as ignored by `verify`, refused by
/// `judge`.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{path}: {reason}{hint}")]
pub struct UnknownLanguage {
    pub path: String,
    /// Why, in a few words (what `verify` shows).
    pub reason: String,
    /// What would have been recognised (empty, or starting with a space).
    pub hint: String,
}
