//! leapfrog: a local contest judge and test-data toolkit for a family of checkers puzzles.
//!
//! The crate is split by concern:
//! - [`util`]: small file and path utilities (bounded reads, atomic writes, hashes, PATH);
//! - [`verdict`]: the verdicts and how test verdicts combine;
//! - [`interrupt`]: SIGINT / SIGTERM handling for commands that must clean up;
//! - [`parallel`]: running jobs in parallel, results in order;
//! - [`runner`]: running untrusted programs under limits and measuring them;
//! - [`lang`]: source languages, compilation and the compile cache;
//! - [`package`]: problem packages in the ICPC / Kattis layout (config, test data, submissions,
//!   generator plans);
//! - [`program`]: the judges' own programs (generators, validators, checkers, reference
//!   solutions), built and run under the package's validation limits;
//! - [`checking`]: deciding whether an output is right (default diff, custom output validators);
//! - [`judge`]: judging a submission on every test of a package;
//! - [`puzzles`]: the puzzle families (games, reference solvers, generators, drawings,
//!   counters) and their registry, one entry per family; [`generators`] (sources in the
//!   top-level `generators/` folder) are part of it;
//! - [`render`]: pictures of boards, rows and move sequences (SVG, PNG);
//! - [`generate`]: building `data/secret` from a package's generator plan;
//! - [`statement`]: Markdown statements and the standalone HTML page;
//! - [`report`]: terminal and JSON output;
//! - [`matrix`]: the submissions × tests report page of `verify --report` and its JSON;
//! - [`stress`]: random testing of a submission against the reference, with shrinking;
//! - [`mutants`]: mutants of accepted submissions, judged to measure the test data;
//! - [`export`]: packages for contest systems (Kattis layout, DOMjudge zips);
//! - [`units`]: validated limit quantities (seconds, MiB), parsed once at the edge;
//! - [`commands`] and [`cli`]: the command-line interface.
//!
//! # Layers
//!
//! The modules form layers, lowest first. A module uses only modules of its own layer and of
//! the layers above it in this list, never one below: the judging core knows nothing of the
//! puzzles, and nothing below the commands knows the command line. `tests/architecture.rs`
//! reads this list and checks every `crate::` path in `src/` against it.
//!
//! 1. `util`, `units`, `verdict`, `interrupt`, `parallel`
//! 2. `runner`
//! 3. `lang`
//! 4. `package`
//! 5. `program`
//! 6. `checking`
//! 7. `judge`
//! 8. `puzzles`, `generators`
//! 9. `render`
//! 10. `generate`, `statement`, `report`, `matrix`
//! 11. `stress`, `export`, `mutants`
//! 12. `commands`, `cli`

pub mod checking;
pub mod cli;
pub mod commands;
pub mod export;
pub mod generate;
pub mod interrupt;
pub mod judge;
pub mod lang;
pub mod matrix;
#[cfg(feature = "mutants")]
pub mod mutants;
pub mod package;
pub mod parallel;
pub mod program;
pub mod puzzles;
pub mod render;
pub mod report;
pub mod runner;
pub mod statement;
pub mod stress;
pub mod units;
pub mod util;
pub mod verdict;

/// The generators are part of their puzzle families (they call the solvers to check what they
/// plant); plans, `leapfrog gen` and the tests reach them by this shorter path.
pub use puzzles::generators;
