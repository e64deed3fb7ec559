//! `include`: the tests a group takes from earlier tests and groups (cycles are an error).

use std::collections::BTreeSet;

use crate::error::PlanError;

use super::tree::{Reader, Rule};

impl Reader<'_> {
    /// Adds the tests each group includes, under the group, named as the original.
    pub(super) fn resolve_includes(&mut self) -> Result<(), PlanError> {
        for (dir, keys) in self.includes.clone() {
            for key in &keys {
                let mut visiting = vec![dir.clone()];
                let found = self.included(&dir, key, &mut visiting).map_err(|e| {
                    e.inside(self.at(&format!("group {dir}: key 'include': '{key}'")))
                })?;
                for index in found {
                    let original = &self.tests[index];
                    let leaf = original.name.rsplit('/').next().unwrap_or_default();
                    let name = format!("{dir}/{leaf}");
                    if let Some(other) = self.tests.iter().find(|t| t.name == name) {
                        if other.included_from.as_deref() == Some(&original.name) {
                            continue;
                        }
                        return Err(PlanError::invalid(
                            self.at(&format!("group {dir}: key 'include'")),
                            format_args!(
                                "{name} would be both {} and the included {}",
                                other.name, original.name
                            ),
                        ));
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
    ) -> Result<Vec<usize>, PlanError> {
        if key.contains('/') {
            return Err(PlanError::rule(format_args!(
                "name a test or a group by its key, not by a path"
            )));
        }
        let rules = self
            .keys
            .get(key)
            .ok_or_else(|| PlanError::rule(format_args!("no test or group has this key")))?;
        let [rule] = rules.as_slice() else {
            return Err(PlanError::rule(format_args!(
                "{} tests or groups have this key; it must name one",
                rules.len()
            )));
        };
        let group = match rule {
            Rule::Test(index) => return Ok(vec![*index]),
            Rule::Group(group) => group,
        };
        let prefix = format!("{group}/");
        if group == dir || dir.starts_with(&prefix) {
            return Err(PlanError::rule(format_args!(
                "the includes form a cycle: {dir} includes {group}, which contains it"
            )));
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
                return Err(PlanError::rule(format_args!(
                    "the includes form a cycle: {} -> {sub}",
                    visiting.join(" -> ")
                )));
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
