//! leapfrog's tools and its command line: everything a command does that is not running
//! programs (`leapfrog-runner`), reading packages (`leapfrog-package`) or judging
//! (`leapfrog-judge`).
//!
//! The tools know no puzzle. They take a [`Registry`](leapfrog_registry::Registry) value (the
//! families, their generators and their drawings) from the caller, the `leapfrog` crate, which
//! is the only crate that depends on the puzzles as well as on the tools. A change in a solver
//! or a generator so rebuilds neither this crate nor anything below it.
//!
//! Modules:
//! - [`generate`]: building `data/secret` from a package's generator plan;
//! - [`statement`]: Markdown statements and the standalone HTML page;
//! - [`report`]: terminal and JSON output;
//! - [`matrix`]: the submissions × tests page of `verify --report` and its JSON;
//! - [`stress`]: random testing of a submission against the reference, with shrinking;
//! - [`export`]: packages for contest systems (Kattis layout, DOMjudge zips);
//! - [`mutants`]: mutants of accepted submissions, judged to measure the test data;
//! - [`commands`] and [`cli`]: the command-line interface.
//!
//! # Layers
//!
//! Inside this crate, where the compiler cannot see them, the modules form layers too, lowest
//! first; a module uses only modules of its own layer and of the layers before it.
//! `tests/architecture.rs` reads this list and checks every `crate::` path in
//! `crates/tools/src/` against it.
//!
//! 1. `generate`, `statement`, `report`, `matrix`
//! 2. `stress`, `export`, `mutants`
//! 3. `commands`, `cli`

pub mod cli;
pub mod commands;
pub mod export;
pub mod generate;
pub mod matrix;
#[cfg(feature = "mutants")]
pub mod mutants;
pub mod report;
pub mod statement;
pub mod stress;
