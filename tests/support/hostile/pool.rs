//! Test instances for the harness, taken from the problem's own package: the samples, every
//! test of the generator plan (run through the built-in generators) and small random tests from
//! the same generator, each answered by the reference solver and written to files once.

use std::path::{Path, PathBuf};

use leapfrog::package::Package;

use super::programs::ROOT;

pub struct Instance {
    /// Where the test comes from (`sample 2`, a plan test's name, `sized 3 1`).
    pub name: String,
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
    pub input_path: PathBuf,
    pub answer_path: PathBuf,
}

/// A problem's instances, smallest answer first.
pub struct Pool {
    pub package: Package,
    pub instances: Vec<Instance>,
    /// How many of the first instances are small (answers of at most [`SMALL`] bytes).
    small: usize,
    _dir: tempfile::TempDir,
}

/// Answers up to this size make the common case; larger ones (whose outputs cross the
/// checkers' read buffers) are drawn once in [`LARGE_ONE_IN`] cases.
const SMALL: usize = 4 << 10;
const LARGE_ONE_IN: u32 = 16;
/// Instances with larger answers are left out of the fuzzing (the bounded-reading test covers
/// the largest outputs).
const LARGEST: usize = 4 << 20;

pub fn package(problem: &str) -> Package {
    Package::open(&format!("{ROOT}/problems/{problem}")).expect("the package opens")
}

/// The reference solver's answer, or the solver's complaint about the input.
pub fn solve(problem: &str, input: &[u8]) -> Result<Vec<u8>, String> {
    let puzzle = leapfrog::puzzles::find(problem).expect("a registered puzzle");
    let mut answer = Vec::new();
    (puzzle.solve)(&mut &input[..], &mut answer).map_err(|e| e.to_string())?;
    Ok(answer)
}

impl Pool {
    pub fn load(problem: &str) -> Pool {
        let package = package(problem);
        let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
        let samples = package.data_dir().join("sample");
        let mut names: Vec<PathBuf> = std::fs::read_dir(&samples)
            .map(|dir| dir.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        names.sort();
        for path in names
            .iter()
            .filter(|p| p.extension() == Some("in".as_ref()))
        {
            inputs.push((path.display().to_string(), std::fs::read(path).unwrap()));
        }
        let plan = package.plan().expect("the plan loads");
        let mut generator = None;
        for test in plan.iter().flat_map(|p| &p.tests) {
            if let Some(g) = leapfrog::generators::find(&test.generator) {
                let input = (g.run)(&test.args).expect("a plan test generates");
                inputs.push((test.name.clone(), input));
                generator.get_or_insert(g);
            }
        }
        if let Some(g) = generator {
            for size in 1..=6 {
                for seed in 0..4 {
                    let args = (g.sized)(size, seed);
                    inputs.push((format!("sized {size} {seed}"), (g.run)(&args).unwrap()));
                }
            }
        }
        inputs.sort_by(|a, b| a.1.cmp(&b.1));
        inputs.dedup_by(|a, b| a.1 == b.1);

        let dir = tempfile::Builder::new()
            .prefix("leapfrog-hostile-")
            .tempdir()
            .unwrap();
        let mut instances: Vec<Instance> = Vec::new();
        for (k, (name, input)) in inputs.into_iter().enumerate() {
            let answer = solve(problem, &input)
                .unwrap_or_else(|e| panic!("{problem} {name}: the reference rejects it: {e}"));
            if answer.len() > LARGEST {
                continue;
            }
            let input_path = dir.path().join(format!("{k}.in"));
            let answer_path = dir.path().join(format!("{k}.ans"));
            std::fs::write(&input_path, &input).unwrap();
            std::fs::write(&answer_path, &answer).unwrap();
            instances.push(Instance {
                name,
                input,
                answer,
                input_path,
                answer_path,
            });
        }
        instances.sort_by_key(|i| (i.answer.len(), i.input.len()));
        let small = instances.iter().filter(|i| i.answer.len() <= SMALL).count();
        assert!(!instances.is_empty(), "{problem}: no instances");
        Pool {
            package,
            instances,
            small,
            _dir: dir,
        }
    }

    /// The instance a recipe names: a small one most of the time.
    pub fn get(&self, k: u32) -> &Instance {
        let (pick, rest) = (k % LARGE_ONE_IN, (k / LARGE_ONE_IN) as usize);
        if pick == 0 || self.small == 0 {
            &self.instances[rest % self.instances.len()]
        } else {
            &self.instances[rest % self.small]
        }
    }

    pub fn dir(&self) -> &Path {
        self._dir.path()
    }
}
