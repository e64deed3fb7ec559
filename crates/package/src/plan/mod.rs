//! The generator plan, `generators/generators.yaml` in a package (the format BAPCtools reads):
//! every generated test's name, how its input is made, and what answers it.
//!
//! ```yaml
//! solution: checkers            # a built-in reference solver, or a program of the package
//! random_salt: abc              # optional: part of every {seed}
//! data:
//!   secret:
//!     test_group.yaml: {input_validator_flags: small}
//!     data:
//!       - small: gen.py --n 10 {seed}       # numbered: secret/01-small
//!       - edge:  {in: "1 1\n", ans: "2\n"}
//!       - big:   {generate: gen.py --n {count}000 {seed}, count: 3}
//! ```
//! A command's first word names a built-in generator (`leapfrog gen --list`) or a program
//! below the package's `generators/` directory (`/path` from the package root); the rest are
//! its arguments, split as a shell would. [`tree`] reads the `data` tree, [`command`] computes
//! `{seed}` as BAPCtools does.

mod case;
mod command;
mod defaults;
mod include;
mod keys;
mod raw;
mod tree;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::PlanError;

use command::substitute;
pub use defaults::DefaultGenerator;

/// Where a test's input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A generator run (`generate:`): [`PlanTest::generator`] and [`PlanTest::args`].
    Generate,
    /// `copy:`: this path (relative to the package root, without extension) plus `.in`, and
    /// `.ans` when there is one.
    Copy(String),
    /// `in:`: the input itself.
    Inline(String),
}

#[derive(Debug, Clone)]
pub struct PlanTest {
    /// The test's path under `data/` without extension (`secret/unique/01-n8`).
    pub name: String,
    pub source: Source,
    /// The generator: the first word of the command (empty unless generated).
    pub generator: String,
    /// Its arguments, with `{seed}` and `{name}` substituted.
    pub args: Vec<String>,
    /// The command as written, after `{count}` (what the seed and staleness hash depend on).
    pub command: String,
    /// The arguments before `{seed}` is substituted (retries substitute `seed + k`).
    pub arg_templates: Vec<String>,
    pub seed: u32,
    /// Whether the command uses `{seed}`.
    pub uses_seed: bool,
    pub retries: u32,
    /// An answer written in the plan (`ans:`).
    pub answer: Option<String>,
    /// A team output written in the plan (`out:`), for the validator-testing groups.
    pub output: Option<String>,
    /// The solution that answers the input, as written; `None` when answers are turned off.
    pub solution: Option<String>,
    /// For a test a group includes: the name of the test it repeats.
    pub included_from: Option<String>,
    /// The text of the test's own `.yaml` (`yaml:` in the plan), written next to its `.in`.
    pub yaml: Option<String>,
}

impl PlanTest {
    /// Which validator-testing group the test is in, if it is in one.
    pub fn data_kind(&self) -> Option<super::DataKind> {
        let root = self.name.split('/').next().unwrap_or_default();
        super::DataKind::ALL
            .into_iter()
            .find(|k| k.folder() == root)
    }

    /// The command as written in the plan, or what the input is made of.
    pub fn command_line(&self) -> String {
        match &self.source {
            Source::Generate => std::iter::once(self.generator.as_str())
                .chain(self.args.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" "),
            Source::Copy(path) => format!("copy {path}"),
            Source::Inline(_) => "in: (inline)".to_string(),
        }
    }

    /// The arguments for retry `k` (the seed plus `k`, modulo 2^31).
    pub fn args_for_retry(&self, k: u32) -> Vec<String> {
        let seed = ((u64::from(self.seed) + u64::from(k)) % (1 << 31)) as u32;
        self.arg_templates
            .iter()
            .map(|w| substitute(w, seed))
            .collect()
    }
}

#[derive(Debug, Clone)]
pub struct Plan {
    pub path: PathBuf,
    /// The root's solution, as written: a built-in reference solver's name, else a program's
    /// path (relative to `generators/`, or `/...` from the package root). The package layer
    /// does not know the built-in solvers; the layers that answer tests decide which it is.
    pub solution: String,
    pub tests: Vec<PlanTest>,
    /// The tests of the groups that test the validators rather than the submissions
    /// (`invalid_input`, `invalid_answer`, `invalid_output`, `valid_output`): generated into
    /// `data/` with their `.ans`/`.out` as the plan gives them, never answered by a solution.
    pub checks: Vec<PlanTest>,
    /// `test_group.yaml` contents per group directory below `data/` (`secret/small`).
    pub groups: BTreeMap<String, String>,
    /// Programs of several files (`generators:`): program path -> its files, below `generators/`.
    pub program_files: BTreeMap<String, Vec<String>>,
}

impl Plan {
    pub fn load(path: &Path) -> Result<Plan, PlanError> {
        let text = crate::yaml_file::read(path)?;
        let mut plan = tree::read(path, &text)?;
        if plan.tests.is_empty() {
            return Err(PlanError::invalid(
                path.display(),
                format_args!("the plan lists no tests"),
            ));
        }
        // problem.yaml's `{{constants}}` in generator commands, as BAPCtools substitutes them
        // (never in `in:`/`ans:` contents). The seed stays that of the command as written.
        if let Some(root) = path.parent().and_then(Path::parent) {
            let constants = super::constants::Constants::load(root);
            for test in plan.tests.iter_mut().chain(plan.checks.iter_mut()) {
                if matches!(test.source, Source::Generate) && !constants.is_empty() {
                    test.generator = constants.substitute(&test.generator);
                    let words = |w: &[String]| w.iter().map(|a| constants.substitute(a)).collect();
                    test.args = words(&test.args);
                    test.arg_templates = words(&test.arg_templates);
                    test.command = constants.substitute(&test.command);
                }
            }
            check_copies(root, path, &plan)?;
        }
        Ok(plan)
    }

    /// The path of a program named in the plan, relative to the package root: below
    /// `generators/`, or from the root when it starts with `/`.
    pub fn program_path(word: &str) -> PathBuf {
        match word.strip_prefix('/') {
            Some(rooted) => PathBuf::from(rooted),
            None => Path::new("generators").join(word),
        }
    }
}

/// The link policy for `copy:`: every file a test copies (`.in`, `.ans`, `.out`) resolves
/// inside the package, through links or `..` alike; a path out is refused, naming the test.
fn check_copies(root: &Path, file: &Path, plan: &Plan) -> Result<(), PlanError> {
    for test in plan.tests.iter().chain(&plan.checks) {
        let Source::Copy(copied) = &test.source else {
            continue;
        };
        for ext in ["in", "ans", "out"] {
            let path = root.join(format!("{copied}.{ext}"));
            leapfrog_util::check_within(root, &path).map_err(|out| PlanError::In {
                at: format!("{}: test {}: key 'copy'", file.display(), test.name),
                source: Box::new(PlanError::link(out)),
            })?;
        }
    }
    Ok(())
}
