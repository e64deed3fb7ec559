//! leapfrog: a local contest judge and test-data toolkit for a family of checkers puzzles.
//!
//! The workspace's crates are its layers, lowest first; each uses only the crates before it in
//! this list, and Cargo refuses an import the other way:
//! 1. `leapfrog-util` (`crates/util`): file, path and text utilities;
//! 2. `leapfrog-runner` (`crates/runner`): running untrusted programs under limits and
//!    measuring them (a `Runner` per command), with the limit units, the cancel token and
//!    parallel jobs;
//! 3. `leapfrog-package` (`crates/package`): problem packages in the ICPC / Kattis layout,
//!    languages and compilation, verdicts;
//! 4. `leapfrog-judge` (`crates/judge`): the judges' own programs, output checking, judging a
//!    submission on every test of a package;
//! 5. `leapfrog-puzzles` (`crates/puzzles`, beside the others, not above them): the puzzle
//!    families, their reference solvers and the registry;
//! 6. `leapfrog-generators` (`generators/`): the seeded test generators, which call the solvers;
//! 7. this crate, `leapfrog`: everything a command needs that is not one of the above, and the
//!    commands themselves.
//!
//! The std-only output validators in `checkers/` are a workspace member of their own, with no
//! dependency at all: each file is a whole program that an exported package carries.
//!
//! This crate's own modules:
//! - [`interrupt`]: the command's cancel token, set on SIGINT / SIGTERM, and its runner;
//! - [`render`]: pictures of boards, rows and move sequences (SVG, PNG);
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
//! `tests/architecture.rs` reads this list and checks every `crate::` path in `src/` against it.
//!
//! 1. `render`, `interrupt`
//! 2. `generate`, `statement`, `report`, `matrix`
//! 3. `stress`, `export`, `mutants`
//! 4. `commands`, `cli`
//!
//! The lower crates are re-exported under their module names (`leapfrog::runner`,
//! `leapfrog::puzzles`, ...) for the integration tests and for readers coming from the command
//! line.

pub mod cli;
pub mod commands;
pub mod export;
pub mod generate;
pub mod interrupt;
pub mod matrix;
#[cfg(feature = "mutants")]
pub mod mutants;
pub mod render;
pub mod report;
pub mod statement;
pub mod stress;

pub use leapfrog_generators as generators;
pub use leapfrog_judge::{self as judge, checking, program};
pub use leapfrog_package::{self as package, lang, verdict};
pub use leapfrog_puzzles as puzzles;
pub use leapfrog_runner::{self as runner, parallel, units};
pub use leapfrog_util as util;
