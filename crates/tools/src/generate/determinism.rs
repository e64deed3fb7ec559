//! Generators that must give the same bytes every time, and one `generate` at a time per
//! package.
//!
//! A plan's data is only reproducible when each generator is a function of its arguments (the
//! seed among them). Two checks notice one that is not: every `generate` compares a test it
//! makes again with an unchanged recipe (its files were deleted or edited) against the bytes
//! it recorded when it last wrote them, which costs nothing; `generate --check-deterministic`
//! runs every generator twice and compares, and writes nothing.
//!
//! The lock: two `generate` runs on one package would each stage the data and then find the
//! other's files in place, which they did not write. An advisory `flock` on the package's
//! `data/` folder makes the second one refuse (or, for a command that generates on the way,
//! wait), naming the process that holds it. The folder itself is locked, so no lock file is
//! left in the package; the kernel drops the lock when the process ends, however it ends.

use std::collections::BTreeMap;
use std::os::fd::AsRawFd;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;

use super::Manifest;
use super::stage::{Staged, make_input};
use super::stale::Recipes;
use leapfrog_package::{Package, Plan, Source};
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;

/// A test whose generator gave other bytes for the same recipe.
#[derive(Debug, Clone)]
pub struct Unstable {
    /// The test (`secret/random/3`).
    pub test: String,
    /// The plan's command that makes it (`gen.py --seed 3`).
    pub command: String,
    /// Which comparison differed, in words.
    pub how: &'static str,
}

/// Tests made again in this run, by a generator and with the recipe they had when their files
/// were last written, whose input is not the one recorded then.
pub(super) fn changed_since_last_time(
    plan: &Plan,
    old: &Manifest,
    staged: &BTreeMap<usize, Staged>,
) -> Vec<Unstable> {
    staged
        .iter()
        .filter(|(_, s)| s.made && old.tests.get(&s.name) == Some(&s.recipe))
        .filter_map(|(&index, s)| {
            let test = &plan.tests[index];
            let before = old.files.get(&format!("{}.in", s.name))?;
            (test.source == Source::Generate && *before != s.input_hash).then(|| Unstable {
                test: s.name.clone(),
                command: test.command_line(),
                how: "gave other input than when it last wrote this test, from the same command and sources",
            })
        })
        .collect()
}

/// Runs the generator of every generated test of the plan twice, each time in a scratch folder
/// of its own, and compares the inputs (and the answers a generator writes itself); compares the
/// first run with the input in `data/` too, when generate wrote it from the same recipe. Writes
/// nothing to the package. The tests whose bytes differ, in plan order, and how many tests
/// were checked.
pub fn check_deterministic(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
    jobs: usize,
) -> anyhow::Result<(usize, Vec<Unstable>)> {
    let Some(plan) = package.plan()? else {
        anyhow::bail!(
            "{}: no generator plan (generators/generators.yaml)",
            package.root.display()
        );
    };
    let data = package.data_dir();
    let old = Manifest::load(&data)?;
    let recipes = Recipes::new(registry, package, &plan).all();
    let tests: Vec<_> = plan
        .tests
        .iter()
        .filter(|t| t.source == Source::Generate && t.included_from.is_none())
        .collect();
    let mut unstable = Vec::new();
    let mut failure = None;
    leapfrog_runner::parallel::ordered(
        &tests,
        jobs,
        |_, test| -> anyhow::Result<Option<&'static str>> {
            crate::interrupt::check()?;
            let runs = [run_once(registry, runner, package, test)?, {
                crate::interrupt::check()?;
                run_once(registry, runner, package, test)?
            }];
            if runs[0].0 != runs[1].0 {
                return Ok(Some("wrote different input on two runs"));
            }
            if runs[0].1 != runs[1].1 {
                return Ok(Some("wrote a different testcase.ans on two runs"));
            }
            let rel = format!("{}.in", test.name);
            let kept = old.files.get(&rel).filter(|_| {
                old.tests.get(&test.name) == recipes.get(&test.name) && old.owns(&data, &rel)
            });
            if kept.is_some_and(|hash| *hash != leapfrog_util::hash_bytes(&runs[0].0)) {
                return Ok(Some(
                    "wrote different input from the one it wrote earlier in data/",
                ));
            }
            Ok(None)
        },
        |i, result| match result {
            Ok(None) => true,
            Ok(Some(how)) => {
                unstable.push(Unstable {
                    test: tests[i].name.clone(),
                    command: tests[i].command_line(),
                    how,
                });
                true
            }
            Err(err) => {
                failure = Some(err.context(format!(
                    "{}: test {} ({})",
                    plan.path.display(),
                    tests[i].name,
                    tests[i].command_line()
                )));
                false
            }
        },
    );
    runner.sweep_orphans();
    match failure {
        Some(err) => Err(err),
        None => Ok((tests.len(), unstable)),
    }
}

/// One run of a test's generator in a fresh scratch folder: the input's bytes, and the answer
/// the generator wrote itself, if any.
fn run_once(
    registry: &Registry,
    runner: &Arc<Runner>,
    package: &Package,
    test: &leapfrog_package::PlanTest,
) -> anyhow::Result<(Vec<u8>, Option<Vec<u8>>)> {
    let scratch = leapfrog_util::scratch_dir("leapfrog-determinism-")?;
    let input = scratch.path().join("test.in");
    make_input(registry, runner, package, test, &input, scratch.path())?;
    let bytes = std::fs::read(&input).with_context(|| format!("reading {}", input.display()))?;
    let answer = std::fs::read(scratch.path().join("testcase.ans")).ok();
    Ok((bytes, answer))
}

/// The package's generate lock, held until dropped (or the process ends).
pub(super) struct GenerateLock {
    _folder: std::fs::File,
}

/// Takes the generate lock of the package whose data folder is `data`. Another process holding
/// it: an error naming it, or, with `wait`, a note and a wait (Ctrl-C still stops it).
pub(super) fn lock(package: &Package, data: &Path, wait: bool) -> anyhow::Result<GenerateLock> {
    let folder =
        std::fs::File::open(data).with_context(|| format!("opening {}", data.display()))?;
    let mut said = false;
    loop {
        // SAFETY: `flock` on a descriptor this function owns; it touches no memory.
        if unsafe { libc::flock(folder.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            return Ok(GenerateLock { _folder: folder });
        }
        let err = std::io::Error::last_os_error();
        if err.raw_os_error() != Some(libc::EWOULDBLOCK) {
            return Err(err).with_context(|| format!("locking {}", data.display()));
        }
        let holder = holder_of(data).map_or(String::new(), |pid| format!(" (pid {pid})"));
        if !wait {
            anyhow::bail!(
                "another leapfrog generate is running on {}{holder}: wait for it to end, then run this again",
                package.root.display()
            );
        }
        if !said {
            eprintln!(
                "note: another leapfrog generate is running on {}{holder}; waiting for it",
                package.root.display()
            );
            said = true;
        }
        crate::interrupt::check()?;
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// The process holding a `flock` on `path`, from `/proc/locks` (matched by inode number: a
/// lock line names the device and inode, `00:2d:4567`). `None` when it cannot be told.
fn holder_of(path: &Path) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let inode = std::fs::metadata(path).ok()?.ino();
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    locks.lines().find_map(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| w.matches(':').count() == 2)?;
        let ino: u64 = words[at].rsplit(':').next()?.parse().ok()?;
        (ino == inode && words.contains(&"FLOCK") && !words.contains(&"->"))
            .then(|| words.get(at.checked_sub(1)?)?.parse().ok())
            .flatten()
    })
}
