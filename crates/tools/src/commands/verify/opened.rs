//! The first part of `verify`: the package opened, its data generated and checked, before any
//! submission is judged. A contest does this part for one problem at a time, since it runs
//! the problem's own programs (generators, validators) outside the judge's slots.

use std::sync::Arc;

use leapfrog_judge::JudgeError;
use leapfrog_package::{Package, Submission};
use leapfrog_registry::Registry;
use leapfrog_runner::Runner;

use super::VerifyArgs;
use crate::matrix;

/// A problem whose data is generated and checked: what verify does before judging any
/// submission, and what runs programs of the problem's own (generators, validators) outside
/// the judge's slots, so a contest does it for one problem at a time.
pub(crate) struct Opened {
    pub(super) registry: &'static Registry,
    pub(super) args: VerifyArgs,
    pub(super) package: Package,
    pub(super) runner: Arc<Runner>,
    pub(super) spent_from: leapfrog_judge::spent::Spent,
    pub(super) jobs: usize,
}

impl Opened {
    /// Judges it on `pool`'s slots, beside other problems.
    pub(crate) fn join(&mut self, pool: &leapfrog_judge::SlotPool) {
        self.args.pool = Some(pool.clone());
    }

    /// How its submissions are judged: the command line's options, on the contest's pool if
    /// it has joined one. A TLE by the wall clock with little CPU may be the machine's load:
    /// verify runs it again, alone, before it reports a TLE.
    pub(super) fn judge_options(&self) -> anyhow::Result<leapfrog_judge::JudgeOptions> {
        let mut base = self.args.run.judge_options(&self.runner)?;
        base.pool = self.args.pool.clone();
        base.rerun_wall_clock = true;
        Ok(base)
    }

    /// The memory limit its runs get, in bytes.
    pub(crate) fn memory_bytes(&self) -> u64 {
        let limits = &self.package.config.limits;
        self.args
            .run
            .memory_limit
            .unwrap_or(limits.memory_mib)
            .bytes()
    }
}

/// The first part of verify: the package opened, its data generated and checked.
pub(crate) fn open(registry: &'static Registry, args: VerifyArgs) -> Result<Opened, JudgeError> {
    let spent_from = leapfrog_judge::spent::Spent::now();
    let runner = crate::interrupt::runner();
    let package = open_package(registry, &runner, &args)?;
    let jobs = args.run.job_count();
    crate::commands::precheck::data(&runner, &package, jobs, args.json)?;
    Ok(Opened {
        registry,
        args,
        package,
        runner,
        spent_from,
        jobs,
    })
}

/// Opens the package to verify: its report page writable, its data/secret generated.
pub(super) fn open_package(
    registry: &Registry,
    runner: &Arc<Runner>,
    args: &VerifyArgs,
) -> anyhow::Result<Package> {
    let package = Package::open(&args.problem)?;
    if let Some(path) = &args.report {
        matrix::page::check_writable(path)?;
    }
    crate::generate::ensure_secret_data(registry, runner, &package)?;
    crate::commands::warn_without_samples(&package);
    Ok(package)
}

/// The package's submissions; an error when there are none.
pub(super) fn submissions_of(package: &Package) -> anyhow::Result<Vec<Submission>> {
    let submissions = package.submissions()?;
    if submissions.is_empty() {
        anyhow::bail!(
            "{}: no submissions under submissions/",
            package.root.display()
        );
    }
    // problemtools refuses such a package; here verify still judges what there is, but says
    // that nothing shows the problem can be solved (often an `accepted/` folder misspelt).
    if !submissions.iter().any(Submission::is_accepted) {
        leapfrog_util::warn(&format!(
            "{}: no submission must be accepted (none in accepted/, none named so by submissions.yaml): nothing shows the problem can be solved within its limits",
            package.root.join("submissions").display()
        ));
    }
    Ok(submissions)
}
