//! What makes a generated test stale: each test's recipe is a hash of how its input is made
//! (the command with its seed, the copied files, or the plan's text), of the generator's
//! sources and of the solution's sources (a built-in one counts as leapfrog's version). A test
//! whose recipe is the one recorded when its files were written, and whose files are still
//! those, is not made again: editing a generator or the solution regenerates exactly the tests
//! that use it.

use std::collections::BTreeMap;
use std::path::Path;

use leapfrog_package::{Package, Plan, PlanTest, Source};
use leapfrog_registry::Registry;
use leapfrog_util::{file_hash, hash_bytes};

/// Hashes of programs' sources, computed once per run.
pub(super) struct Recipes<'a> {
    registry: &'a Registry,
    package: &'a Package,
    plan: &'a Plan,
    programs: BTreeMap<String, String>,
}

impl<'a> Recipes<'a> {
    pub fn new(registry: &'a Registry, package: &'a Package, plan: &'a Plan) -> Recipes<'a> {
        Recipes {
            registry,
            package,
            plan,
            programs: BTreeMap::new(),
        }
    }

    /// The recipe of every test of the plan (and of its validator-testing groups), by name.
    pub fn all(&mut self) -> BTreeMap<String, String> {
        let plan = self.plan;
        plan.tests
            .iter()
            .chain(&plan.checks)
            .map(|t| (t.name.clone(), self.recipe(t)))
            .collect()
    }

    /// The hash that must change for the test to be made again.
    pub fn recipe(&mut self, test: &PlanTest) -> String {
        let mut text = format!(
            "leapfrog {}\nretries {}\n",
            env!("CARGO_PKG_VERSION"),
            test.retries
        );
        match &test.source {
            Source::Generate => {
                let generator = self.program(&test.generator, true);
                text.push_str(&format!(
                    "generate {}\nargs {:?}\ngenerator {generator}\n",
                    test.command, test.args
                ));
            }
            Source::Copy(path) => {
                for ext in ["in", "ans"] {
                    let file = self.package.root.join(format!("{path}.{ext}"));
                    text.push_str(&format!("copy.{ext} {:?}\n", file_hash(&file)));
                }
            }
            Source::Inline(input) => {
                text.push_str(&format!("in {}\n", hash_bytes(input.as_bytes())))
            }
        }
        if let Some(output) = &test.output {
            text.push_str(&format!("out {}\n", hash_bytes(output.as_bytes())));
        }
        if let (Source::Copy(path), Some(_)) = (&test.source, test.data_kind()) {
            let file = self.package.root.join(format!("{path}.out"));
            text.push_str(&format!("copy.out {:?}\n", file_hash(&file)));
        }
        let copied_answer = match &test.source {
            Source::Copy(path) => self.package.root.join(format!("{path}.ans")).is_file(),
            _ => false,
        };
        match (&test.answer, &test.solution) {
            (Some(answer), _) => text.push_str(&format!("ans {}\n", hash_bytes(answer.as_bytes()))),
            (None, _) if copied_answer => {}
            (None, Some(solution)) => {
                let hash = self.program(solution, false);
                text.push_str(&format!("solution {solution} {hash}\n"));
            }
            (None, None) => {}
        }
        hash_bytes(text.as_bytes())
    }

    /// The hash of a program's sources, by the name the plan gives it.
    fn program(&mut self, word: &str, generator: bool) -> String {
        let key = format!("{generator} {word}");
        if let Some(hash) = self.programs.get(&key) {
            return hash.clone();
        }
        let builtin = if generator {
            self.registry.generator(word).is_some()
        } else {
            self.registry.find(word).is_some()
        };
        let hash = if builtin {
            format!("built in {word}")
        } else {
            let mut files = Vec::new();
            let path = self.package.root.join(Plan::program_path(word));
            collect_files(&path, &mut files);
            if let Some(listed) = self.plan.program_files.get(word) {
                for file in listed {
                    collect_files(&self.package.root.join("generators").join(file), &mut files);
                }
            }
            files.sort();
            files.dedup();
            let mut text = String::new();
            for file in &files {
                let rel = file.strip_prefix(&self.package.root).unwrap_or(file);
                text.push_str(&format!("{} {:?}\n", rel.display(), file_hash(file)));
            }
            hash_bytes(text.as_bytes())
        };
        self.programs.insert(key, hash.clone());
        hash
    }
}

/// The files of a program: the file itself, or every file below its directory.
fn collect_files(path: &Path, files: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        let walk = walkdir::WalkDir::new(path).into_iter().filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            e.depth() == 0 || !(name.starts_with('.') || name == "target" || name == "__pycache__")
        });
        for entry in walk.flatten() {
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
    } else {
        files.push(path.to_path_buf());
    }
}
