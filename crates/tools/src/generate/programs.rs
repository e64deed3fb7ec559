//! The programs that make test data: generators (built in, or programs in the package's
//! `generators/` folder) and the reference that answers an input (a built-in solver, or a
//! program). `generate` and `stress` both use them.

use std::io::Write as _;
use std::path::Path;

use anyhow::{Context, bail};

use leapfrog_judge::program::Program;
use leapfrog_package::{Package, Plan};
use leapfrog_registry::{Puzzle, Registry, first_token};

/// Where reference answers come from.
pub enum Reference {
    Builtin(&'static Puzzle),
    /// A program, and what messages call it.
    Program(Program, &'static str),
}

/// The built-in solver a package's answers come from: the plan's `solution` when it names one,
/// else the solver named like the package.
pub fn builtin_solver(
    registry: &Registry,
    package: &Package,
    plan: Option<&Plan>,
) -> Option<&'static Puzzle> {
    plan.and_then(|p| registry.find(&p.solution))
        .or_else(|| registry.find(&package.short_name))
}

impl Reference {
    /// A plan's `solution`: a built-in solver by name, else a program of the package (below
    /// `generators/`, or `/...` from the package root).
    pub fn for_solution(
        registry: &Registry,
        package: &Package,
        solution: &str,
    ) -> anyhow::Result<Reference> {
        if let Some(puzzle) = registry.find(solution) {
            return Ok(Reference::Builtin(puzzle));
        }
        let path = package.root.join(Plan::program_path(solution));
        if !path.exists() {
            bail!(
                "key 'solution': no solution '{solution}': neither a built-in solver nor a program {}",
                path.display()
            );
        }
        let program = Program::build(&path, "the plan's solution")?;
        Ok(Reference::Program(program, "the plan's solution"))
    }

    /// Answers the input file `input` into the file `answer`; `dir` is a scratch directory.
    pub fn answer(
        &self,
        input: &Path,
        answer: &Path,
        dir: &Path,
        package: &Package,
    ) -> anyhow::Result<()> {
        match self {
            Reference::Builtin(puzzle) => {
                let mut reader = std::io::BufReader::new(std::fs::File::open(input)?);
                let mut writer =
                    std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(answer)?);
                (puzzle.solve)(&mut reader, &mut writer)
                    .with_context(|| format!("the reference solver '{}' failed", puzzle.name))?;
                writer.flush()?;
                Ok(())
            }
            Reference::Program(program, what) => program
                .run_to_end(&[], Some(input), answer, dir, &package.config.limits)
                .context(*what),
        }
    }

    /// The kind of outcome an answer represents (`None`, `Multiple`, `square`), from its start.
    pub fn outcome(&self, head: &[u8]) -> String {
        match self {
            Reference::Builtin(puzzle) => (puzzle.outcome)(head),
            Reference::Program(..) => first_token(head),
        }
    }
}

/// Runs a generator (built in, or a program in the package's `generators/` folder) with its
/// arguments, writing the test input to `output`; `dir` is a scratch directory, the program's
/// working directory. A program may print the input or write it to `testcase.in` (`{name}.in`
/// in the plan), as BAPCtools lets it; the file wins.
pub fn run_generator(
    registry: &Registry,
    package: &Package,
    name: &str,
    args: &[String],
    output: &Path,
    dir: &Path,
) -> anyhow::Result<()> {
    if let Some(generator) = registry.generator(name) {
        let bytes = (generator.run)(args).with_context(|| format!("generator '{name}' failed"))?;
        std::fs::write(output, bytes)?;
        return Ok(());
    }
    let path = package.root.join(Plan::program_path(name));
    if !path.exists() {
        bail!(
            "no generator '{name}': neither built in (leapfrog gen --list) nor a program {}",
            path.display()
        );
    }
    let program = Program::build(&path, "generator")?;
    program
        .run_to_end(args, None, output, dir, &package.config.limits)
        .with_context(|| program.label())?;
    let written = dir.join("testcase.in");
    if written.is_file() {
        std::fs::rename(&written, output)
            .with_context(|| format!("moving {}", written.display()))?;
    } else if std::fs::metadata(output).map(|m| m.len()).unwrap_or(0) == 0 {
        bail!(
            "{} printed nothing and wrote no testcase.in",
            program.label()
        );
    }
    Ok(())
}
