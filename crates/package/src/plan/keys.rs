//! The keys of `generators.yaml`, checked and cleaned before the plan is read, as BAPCtools
//! reads them: deprecated keys (`gitignore_generated`, `parallel`, `visualizer`, the old
//! `type: directory`, `testdata.yaml` for `test_group.yaml`, plural root groups) are warnings
//! naming the file, the key and its line; keys that only make files for statements and
//! downloads (`out`, `in.statement`, `ans.download`, `interaction`, ...) and `match` (which
//! BAPCtools only warns about) are accepted and left out, as they change no test (`out` is
//! read: the validator-testing groups need it); BAPCtools' own extension groups
//! (`testing_tool_test`, `fuzz`) are not generated (a note says so); any other key is an error
//! naming its line and the closest known key when it is a near miss of one (it most likely
//! meant that key), else a warning (BAPCtools warns and skips it).

use std::path::Path;

use crate::error::PlanError;
use serde_yaml_ng::{Mapping, Value};

use super::raw::{KeyUse, is_test, test_keys};

const ROOT_KEYS: &[&str] = &[
    "solution",
    "random_salt",
    "retries",
    "data",
    "include",
    "test_group.yaml",
    "generators",
    "version",
];
const GROUP_KEYS: &[&str] = &[
    "solution",
    "random_salt",
    "retries",
    "data",
    "include",
    "test_group.yaml",
];
/// The keys that make a sample's input for the statement or the download only.
const STATEMENT_INPUTS: &[&str] = &["in.statement", "in.download", "interaction"];
/// Deprecated keys BAPCtools warns about and ignores.
const DEPRECATED: &[&str] = &["gitignore_generated", "parallel", "visualizer", "type"];
/// Root groups BAPCtools generates that leapfrog does not (its own extensions to the format:
/// tests for a testing tool, and `bt fuzz`'s seeds; no judging reads them).
const NOT_GENERATED: &[&str] = &["testing_tool_test", "fuzz"];

/// Whose keys a mapping holds.
#[derive(Debug, Clone, Copy)]
enum Scope {
    Root,
    Group,
    Test,
}

/// The file being cleaned, for messages.
struct Keys<'a> {
    text: &'a str,
    file: &'a Path,
}

/// Checks every key of the parsed file and returns it without the keys leapfrog leaves out.
pub(super) fn clean(root: Value, text: &str, file: &Path) -> Result<Value, PlanError> {
    let keys = Keys { text, file };
    let Value::Mapping(mut map) = root else {
        return Ok(root);
    };
    keys.mapping(&mut map, &[], Scope::Root)?;
    if let Some(Value::Mapping(data)) = map.get_mut("data") {
        for plural in [
            "invalid_inputs",
            "invalid_answers",
            "invalid_outputs",
            "valid_outputs",
        ] {
            if data.contains_key(plural) {
                keys.warn(
                    &["data", plural],
                    &format!(
                        "`{plural}` is deprecated (BAPCtools skips it too; write `{}`)",
                        &plural[..plural.len() - 1]
                    ),
                );
                data.remove(plural);
            }
        }
        for group in NOT_GENERATED {
            if data.remove(*group).is_some() {
                eprintln!(
                    "note: {}: leapfrog does not generate data/{group}/ (a BAPCtools extension no judging reads); it is left out",
                    keys.place(&["data", group])
                );
            }
        }
        let names: Vec<String> = data
            .keys()
            .filter_map(|k| k.as_str().map(String::from))
            .collect();
        for name in names {
            if let Some(child) = data.get_mut(name.as_str()) {
                keys.node(child, &["data".to_string(), name.clone()])?;
            }
        }
    }
    Ok(Value::Mapping(map))
}

impl Keys<'_> {
    fn place(&self, path: &[&str]) -> String {
        leapfrog_util::at_key(self.file, self.text, path)
    }

    fn warn(&self, path: &[&str], what: &str) {
        leapfrog_util::warn(&format!("{}: {what}; it is ignored", self.place(path)));
    }

    /// A group or a test below `data`, and everything below it.
    fn node(&self, value: &mut Value, path: &[String]) -> Result<(), PlanError> {
        let Value::Mapping(map) = value else {
            return Ok(());
        };
        let at: Vec<&str> = path.iter().map(String::as_str).collect();
        if is_test(&Value::Mapping(map.clone())) {
            let for_statement = STATEMENT_INPUTS.iter().any(|k| map.contains_key(*k));
            self.mapping(map, &at, Scope::Test)?;
            // A sample made only for the statement (BAPCtools accepts `in.statement` or
            // `in.download` for `in` there): no test, but it keeps its number.
            if for_statement
                && !["generate", "copy", "in"]
                    .iter()
                    .any(|k| map.contains_key(*k))
            {
                map.insert("statement_only".into(), true.into());
            }
            return Ok(());
        }
        self.mapping(map, &at, Scope::Group)?;
        let children: Vec<&mut Mapping> = match map.get_mut("data") {
            Some(Value::Mapping(m)) => vec![m],
            Some(Value::Sequence(items)) => {
                items.iter_mut().filter_map(Value::as_mapping_mut).collect()
            }
            _ => Vec::new(),
        };
        for entries in children {
            for (key, child) in entries.iter_mut() {
                let mut below = path.to_vec();
                below.push("data".to_string());
                below.push(key.as_str().unwrap_or("").to_string());
                self.node(child, &below)?;
            }
        }
        Ok(())
    }

    /// Checks the keys of one mapping, a test's or a group's: deprecated ones are warned about
    /// and removed, a test's file-only ones removed, `testdata.yaml` renamed, others refused.
    fn mapping(&self, map: &mut Mapping, path: &[&str], scope: Scope) -> Result<(), PlanError> {
        // A test's keys that are read, in the order messages list them.
        let read = test_keys(KeyUse::Read);
        let (known, file_only) = match scope {
            Scope::Root => (ROOT_KEYS, Vec::new()),
            Scope::Group => (GROUP_KEYS, Vec::new()),
            Scope::Test => (&read[..], test_keys(KeyUse::FileOnly)),
        };
        let names: Vec<Value> = map.keys().cloned().collect();
        for key in names {
            let Some(name) = key.as_str() else { continue };
            if known.contains(&name) {
                continue;
            }
            let mut at = path.to_vec();
            at.push(name);
            if DEPRECATED.contains(&name) {
                self.warn(&at, &format!("`{name}` is deprecated"));
                map.remove(&key);
            } else if file_only.contains(&name) {
                map.remove(&key);
            } else if name == "testdata.yaml" && known.contains(&"test_group.yaml") {
                leapfrog_util::warn(&format!(
                    "{}: `testdata.yaml` is the old name of `test_group.yaml`; read as it",
                    self.place(&at)
                ));
                if let Some(v) = map.remove(&key) {
                    map.entry("test_group.yaml".into()).or_insert(v);
                }
            } else {
                // A test whose only key is misspelt reads as a group: look among both. A near
                // miss most likely meant that key, and ignoring it would change the data
                // silently: refused. Anything else BAPCtools warns about and skips: so here.
                let near: Vec<&str> = known.iter().chain(&read).copied().collect();
                if let Some(k) = crate::config_keys::closest(name, &near) {
                    return Err(PlanError::invalid(
                        self.place(&at),
                        format_args!("unknown key `{name}` (did you mean `{k}`?)"),
                    ));
                }
                self.warn(
                    &at,
                    &format!(
                        "unknown key `{name}` (known keys here: {})",
                        known.join(", ")
                    ),
                );
                map.remove(&key);
            }
        }
        Ok(())
    }
}
