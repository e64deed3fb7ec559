//! `include`: the tests a group takes from earlier tests and groups (cycles are an error),
//! and the check that no two tests get the same `{seed}` for the same command.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::{Context, anyhow, bail};

use super::PlanTest;
use super::tree::{Reader, Rule};

impl Reader<'_> {
    /// Adds the tests each group includes, under the group, named as the original.
    pub(super) fn resolve_includes(&mut self) -> anyhow::Result<()> {
        for (dir, keys) in self.includes.clone() {
            for key in &keys {
                let mut visiting = vec![dir.clone()];
                let found = self
                    .included(&dir, key, &mut visiting)
                    .with_context(|| self.at(&format!("group {dir}: key 'include': '{key}'")))?;
                for index in found {
                    let original = &self.tests[index];
                    let leaf = original.name.rsplit('/').next().unwrap_or_default();
                    let name = format!("{dir}/{leaf}");
                    if let Some(other) = self.tests.iter().find(|t| t.name == name) {
                        if other.included_from.as_deref() == Some(&original.name) {
                            continue;
                        }
                        bail!(
                            "{}: {name} would be both {} and the included {}",
                            self.at(&format!("group {dir}: key 'include'")),
                            other.name,
                            original.name
                        );
                    }
                    let mut copy = original.clone();
                    copy.included_from = Some(original.name.clone());
                    copy.name = name;
                    self.tests.push(copy);
                }
            }
        }
        Ok(())
    }

    /// The tests the include of `key` in group `dir` adds (indices of original tests);
    /// `visiting` holds the groups whose includes are being followed, to find cycles.
    fn included(
        &self,
        dir: &str,
        key: &str,
        visiting: &mut Vec<String>,
    ) -> anyhow::Result<Vec<usize>> {
        if key.contains('/') {
            bail!("name a test or a group by its key, not by a path");
        }
        let rules = self
            .keys
            .get(key)
            .ok_or_else(|| anyhow!("no test or group has this key"))?;
        let [rule] = rules.as_slice() else {
            bail!(
                "{} tests or groups have this key; it must name one",
                rules.len()
            );
        };
        let group = match rule {
            Rule::Test(index) => return Ok(vec![*index]),
            Rule::Group(group) => group,
        };
        let prefix = format!("{group}/");
        if group == dir || dir.starts_with(&prefix) {
            bail!("the includes form a cycle: {dir} includes {group}, which contains it");
        }
        let mut found: Vec<usize> = (0..self.tests.len())
            .filter(|&i| {
                self.tests[i].name.starts_with(&prefix) && self.tests[i].included_from.is_none()
            })
            .collect();
        for (sub, keys) in &self.includes {
            if keys.is_empty() || (sub != group && !sub.starts_with(&prefix)) {
                continue;
            }
            if visiting.contains(sub) {
                bail!(
                    "the includes form a cycle: {} -> {sub}",
                    visiting.join(" -> ")
                );
            }
            visiting.push(sub.clone());
            for k in keys {
                found.extend(self.included(sub, k, visiting)?);
            }
            visiting.pop();
        }
        let mut seen = BTreeSet::new();
        found.retain(|i| seen.insert(*i));
        Ok(found)
    }
}

/// Two tests whose commands use `{seed}` and come out the same would be the same test.
pub(super) fn check_seeds(file: &Path, tests: &[PlanTest]) -> anyhow::Result<()> {
    let mut seen: BTreeMap<(String, Vec<String>), &str> = BTreeMap::new();
    for test in tests
        .iter()
        .filter(|t| t.uses_seed && t.included_from.is_none())
    {
        let key = (test.generator.clone(), test.args.clone());
        if let Some(first) = seen.insert(key, &test.name) {
            bail!(
                "{}: test {}: key 'generate': {{seed}} collides with test {first} (both run '{}'); give one a different command or a 'random_salt', or use 'count'",
                file.display(),
                test.name,
                test.command_line()
            );
        }
    }
    Ok(())
}
