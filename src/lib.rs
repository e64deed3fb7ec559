//! leapfrog: a local contest judge and test-data toolkit for a family of checkers puzzles.
//!
//! The workspace's crates are its layers, lowest first; each uses only crates before it in this
//! list, and Cargo refuses an import the other way:
//! 1. `leapfrog-util` (`crates/util`): file, path and text utilities;
//! 2. `leapfrog-runner` (`crates/runner`): running untrusted programs under limits and
//!    measuring them (a `Runner` per command), with the limit units, the cancel token and
//!    parallel jobs;
//! 3. `leapfrog-package` (`crates/package`): problem packages in the ICPC / Kattis layout,
//!    languages and compilation, verdicts;
//! 4. `leapfrog-judge` (`crates/judge`): the judges' own programs, output checking, judging a
//!    submission on every test of a package;
//! 5. `leapfrog-render` (`crates/render`): SVG building blocks and PNG rasterising;
//! 6. `leapfrog-registry` (`crates/registry`): what a puzzle family, a problem, a generator and
//!    a drawing are, and the `Registry` value that lists them;
//! 7. two sides that do not see each other:
//!    - the tools, `leapfrog-tools` (`crates/tools`): generate, stress, mutants, export,
//!      statements, the report page and the commands, which take a `Registry` value;
//!    - the puzzles: `leapfrog-puzzles` (`crates/puzzles`: the families, their reference
//!      solvers), `leapfrog-generators` (`generators/`: the seeded test generators, which call
//!      the solvers) and `leapfrog-pictures` (`crates/pictures`: drawings of boards and rows);
//! 8. this crate, `leapfrog`: [`REGISTRY`], which fills the puzzles' side in, and the two
//!    binaries, which hand it to the tools.
//!
//! So a change in a solver or a generator rebuilds the puzzles' side and this thin crate, not
//! the tools (`docs/src/architecture/building.md` has the figures).
//!
//! The std-only output validators live in their packages (`problems/<name>/output_validators/`)
//! and are built by a workspace member of their own (`checkers/Cargo.toml`), with no dependency
//! at all: each file is a whole program that its package, and an export of it, carries.
//!
//! The other crates are re-exported under their module names (`leapfrog::runner`,
//! `leapfrog::puzzles`, `leapfrog::commands`, ...) for the integration tests and for readers
//! coming from the command line.

use leapfrog_registry::Registry;

/// Every puzzle family, generator and drawing, as the tools take them.
pub static REGISTRY: Registry = Registry {
    families: leapfrog_puzzles::FAMILIES,
    generators: leapfrog_generators::ALL,
    drawings: leapfrog_pictures::DRAWINGS,
};

#[cfg(feature = "mutants")]
pub use leapfrog_tools::mutants;
pub use leapfrog_tools::{
    cli, commands, export, generate, interrupt, matrix, report, statement, stress,
};

pub use leapfrog_generators as generators;
pub use leapfrog_judge::{self as judge, checking, program};
pub use leapfrog_package::{self as package, lang, verdict};
pub use leapfrog_pictures as pictures;
pub use leapfrog_puzzles as puzzles;
pub use leapfrog_registry as registry;
pub use leapfrog_render as render;
pub use leapfrog_runner::{self as runner, parallel, units};
pub use leapfrog_util as util;
