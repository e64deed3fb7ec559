//! leapfrog: a local contest judge and test-data toolkit for a family of checkers puzzles.
//!
//! The crate is split by concern:
//! - [`puzzles`]: the games, their reference solvers and the solver registry;
//! - [`generators`]: seeded test generators (sources in the top-level `generators/` folder);
//! - [`generate`]: building `data/secret` from a package's generator plan;
//! - [`export`]: packages for contest systems (Kattis layout, DOMjudge zips);
//! - [`package`]: problem packages in the ICPC / Kattis layout (config, test data, submissions,
//!   generator plans);
//! - [`lang`]: source languages, compilation and the compile cache;
//! - [`runner`]: running untrusted programs under limits and measuring them;
//! - [`checking`]: deciding whether an output is right (default diff, custom output validators);
//! - [`judge`]: judging a submission on every test of a package ([`parallel`] runs the tests);
//! - [`interrupt`]: SIGINT / SIGTERM handling for commands that must clean up;
//! - [`render`]: pictures of boards, rows and move sequences (SVG, PNG);
//! - [`statement`]: Markdown statements and the standalone HTML page;
//! - [`report`]: terminal and JSON output;
//! - [`stress`]: random testing of a submission against the reference, with shrinking;
//! - [`commands`] and [`cli`]: the command-line interface.

pub mod checking;
pub mod cli;
pub mod commands;
pub mod export;
pub mod generate;
#[path = "../generators/mod.rs"]
pub mod generators;
pub mod interrupt;
pub mod judge;
pub mod lang;
pub mod mutants;
pub mod package;
pub mod parallel;
pub mod puzzles;
pub mod render;
pub mod report;
pub mod runner;
pub mod statement;
pub mod stress;
