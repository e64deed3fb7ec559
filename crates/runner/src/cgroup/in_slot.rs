//! A run of a CPU slot: the slot's starter, found or made on the slot's first run, and the
//! run's cgroup taken from the slot's directories (see [`super::slot`]).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::files::{oom_kills, write};
use super::hierarchy::Base;
use super::{Bases, Key, NEXT, RunCgroup, Starter, pool, slot};
use crate::error::SetupError;

impl Bases {
    /// Whether runs of a CPU slot can be born in the slot's cgroups here ([`Starter`]).
    pub(crate) fn starter_possible(&self) -> bool {
        self.cpuset.is_some() && !self.all().any(|base| base.v2)
    }

    /// The starter of CPU slot `slot`, made on first use, where every hierarchy is cgroup v1
    /// (v2 keeps a process's threads in one cgroup) and a cpuset holds runs to `cpu`.
    pub(super) fn starter(&self, slot: usize, cpu: usize) -> Option<Arc<Starter>> {
        if !self.starter_possible() {
            return None;
        }
        let mut starters = self.starters.lock().unwrap_or_else(|e| e.into_inner());
        starters
            .entry(slot)
            .or_insert_with(|| {
                let bases: Vec<(&Base, &'static str)> = [
                    (&self.memory, "memory"),
                    (&self.pids, "pids"),
                    (&self.cpuset, "cpuset"),
                    (&self.cpuacct, "cpuacct"),
                ]
                .into_iter()
                .filter_map(|(base, name)| base.as_ref().map(|base| (base, name)))
                .collect();
                let name = format!("slot-{}", NEXT.fetch_add(1, Ordering::Relaxed));
                Starter::new(&bases, &name, cpu).ok().map(Arc::new)
            })
            .clone()
            .filter(|starter| starter.cpu_index == cpu)
    }
}

impl RunCgroup {
    /// A run in its slot's cgroups, taken (with its limits written) by [`Starter::take`]: its
    /// peak reset, its OOM kills and the starter's CPU time counted from here.
    pub(super) fn in_slot(
        starter: Arc<Starter>,
        current: slot::Current,
        key: Key,
        pool: &Arc<pool::Pool>,
    ) -> Result<Self, SetupError> {
        let mut cgroup = RunCgroup {
            dirs: current.dirs,
            pids: starter.pids.clone().filter(|_| key.tasks.is_some()),
            memory: current.memory.map(|path| (path, false)),
            cpu: starter.cpu.clone().map(|path| (path, false)),
            cpuset: starter.cpuset.clone().map(|path| (path, false)),
            key,
            oom_before: 0,
            cpu_before: Duration::ZERO,
            reusable: false,
            idle: Arc::clone(pool),
            slot: None,
        };
        let reset = (|| {
            if let Some((path, _)) = &cgroup.memory {
                write(&path.join("memory.max_usage_in_bytes"), "0")?;
                cgroup.oom_before = oom_kills(path, false).unwrap_or(0);
            }
            if let Some((path, _)) = &cgroup.cpu {
                write(&path.join("cpuacct.usage"), "0")?;
            }
            Ok::<_, SetupError>(())
        })();
        if let Err(err) = reset {
            starter.give_back(false);
            return Err(err);
        }
        if key.memory.is_none() {
            // Held by no limit: not the run's memory figure either.
            cgroup.memory = None;
        }
        let used = starter.cpu_used();
        cgroup.slot = Some((starter, used));
        Ok(cgroup)
    }

    /// The thread to start the run on, when it is born in its slot's cgroups.
    pub(crate) fn starter(&self) -> Option<&Arc<Starter>> {
        self.slot.as_ref().map(|(starter, _)| starter)
    }
}
