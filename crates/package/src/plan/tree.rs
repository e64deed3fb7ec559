//! Reading the `data` tree of `generators.yaml` into tests, named as BAPCtools names them: a
//! group whose `data` is a mapping names its children by key, in key order; one whose `data`
//! is a list numbers them (tests with one counter for the whole file, zero-padded to the width
//! of the number of numbered tests; groups with a counter per group); `count` adds `-value`.
//! Then `include` adds other tests to a group, and every error names the test and the key.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::PlanError;
use serde_yaml_ng::{Mapping, Value};

use super::raw::{Count, Inherited, RawGroup, RawRoot, is_test};
use super::{Plan, PlanTest};

/// The groups below `data/` a plan may make, in the order BAPCtools reads them (an `include`
/// names earlier keys: `invalid_answer` may include a test of `invalid_output`). The last four
/// test the validators (see [`crate::DataKind`]).
const ROOT_GROUPS: [&str; 6] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
];

/// The settings in force at a level, inherited from the levels above.
#[derive(Debug, Clone)]
pub(super) struct Settings {
    pub solution: Option<String>,
    pub random_salt: String,
    pub retries: u32,
}

impl Settings {
    pub(super) fn with(&self, own: &Inherited) -> Settings {
        Settings {
            solution: match &own.solution {
                Some(s) => s.as_deref().map(solution_name),
                None => self.solution.clone(),
            },
            random_salt: own
                .random_salt
                .clone()
                .unwrap_or_else(|| self.random_salt.clone()),
            retries: own.retries.unwrap_or(self.retries),
        }
    }
}

/// A solution as the layers above look it up: `/generators/x` is `x` (paths are relative to
/// `generators/`), and `/generators/solve/NAME` (the program packages carry so that BAPCtools
/// can run a built-in solver) is `NAME`, the built-in solver's name.
fn solution_name(written: &str) -> String {
    let relative = written.strip_prefix("/generators/").unwrap_or(written);
    match relative.strip_prefix("solve/") {
        Some(name) if !name.contains('/') => name.to_string(),
        _ => relative.to_string(),
    }
}

/// What a key of the tree names, for `include`.
#[derive(Debug, Clone)]
pub(super) enum Rule {
    Test(usize),
    Group(String),
}

/// The file being read and what was read so far.
pub(super) struct Reader<'a> {
    pub file: &'a Path,
    pub tests: Vec<PlanTest>,
    pub groups: BTreeMap<String, String>,
    pub keys: BTreeMap<String, Vec<Rule>>,
    /// Each group's `include` list, in the order groups were read.
    pub includes: Vec<(String, Vec<String>)>,
    pub next_test: usize,
    pub width: usize,
}

/// Reads the whole file.
pub fn read(file: &Path, text: &str) -> Result<Plan, PlanError> {
    let shown = file.display();
    let value: Value = serde_yaml_ng::from_str(text).map_err(PlanError::yaml(&shown))?;
    let value = super::keys::clean(value, text, file)?;
    let mut root: RawRoot = serde_yaml_ng::from_value(value).map_err(PlanError::yaml(&shown))?;
    let program_files = read_programs(root.generators.take())
        .map_err(|e| e.inside(format_args!("{shown}: key 'generators'")))?;
    let group = root.group();
    let base = Settings {
        solution: None,
        random_salt: String::new(),
        retries: 1,
    };
    let settings = base.with(&group.inherited());
    let solution = settings.solution.clone().unwrap_or_default();
    if settings.retries == 0 {
        return Err(PlanError::invalid(
            &shown,
            format_args!("key 'retries': must be at least 1"),
        ));
    }
    let mut reader = Reader {
        file,
        tests: Vec::new(),
        groups: BTreeMap::new(),
        keys: BTreeMap::new(),
        includes: Vec::new(),
        next_test: 1,
        width: numbered_tests(group.data.as_ref()).to_string().len(),
    };
    if !group.include.is_empty() {
        // BAPCtools reads a group's includes before its data, and nothing comes before the
        // root: every key it names is unknown there too (an error in `bt generate`).
        return Err(PlanError::invalid(
            leapfrog_util::at_key(file, text, &["include"]),
            format_args!(
                "an include names an earlier test or group, and nothing comes before the root (give 'include' to a group below it)"
            ),
        ));
    }
    if let Some(yaml) = &group.test_group {
        reader.groups.insert(
            String::new(),
            yaml_text(yaml).map_err(PlanError::yaml(&shown))?,
        );
    }
    let Some(data) = group.data else {
        return Err(PlanError::invalid(
            &shown,
            format_args!("key 'data' is missing: it lists the tests"),
        ));
    };
    let Value::Mapping(children) = data else {
        return Err(PlanError::invalid(
            &shown,
            format_args!("key 'data': the root's data maps group names (secret, sample) to groups"),
        ));
    };
    for key in children.keys() {
        let key = key_text(key).map_err(|e| e.inside(format_args!("{shown}: key 'data'")))?;
        if ROOT_GROUPS.contains(&key.as_str()) {
            continue;
        }
        let place = leapfrog_util::at_key(file, text, &["data", &key]);
        // `secrets` meant `secret`: refused. Another name BAPCtools warns about and skips.
        if let Some(meant) = crate::config_keys::closest(&key, &ROOT_GROUPS) {
            return Err(PlanError::invalid(
                &place,
                format_args!("unknown group `{key}` (did you mean `{meant}`?)"),
            ));
        }
        leapfrog_util::warn(&format!(
            "{place}: unknown group `{key}` (a plan's data holds only {}); it is ignored",
            ROOT_GROUPS.join(", ")
        ));
    }
    for name in ROOT_GROUPS {
        if let Some(value) = children.get(name) {
            if is_test(value) {
                return Err(PlanError::invalid(
                    &shown,
                    format_args!(
                        "key 'data.{name}': must be a group (with its own 'data'), not a test"
                    ),
                ));
            }
            reader.group(name, name, value, &settings)?;
        }
    }
    reader.resolve_includes()?;
    super::command::check_seeds(file, &reader.tests)?;
    let (checks, tests): (Vec<PlanTest>, Vec<PlanTest>) = reader
        .tests
        .into_iter()
        .partition(|t| t.data_kind().is_some());
    Ok(Plan {
        path: file.to_path_buf(),
        solution,
        tests,
        checks,
        groups: reader.groups,
        program_files,
    })
}

/// The text of a YAML file the plan writes (`test_group.yaml`, a test's `.yaml`).
pub(super) fn yaml_text(yaml: &Value) -> Result<String, serde_yaml_ng::Error> {
    Ok(match yaml {
        Value::Null => String::new(),
        other => serde_yaml_ng::to_string(other)?,
    })
}

fn key_text(key: &Value) -> Result<String, PlanError> {
    match key {
        Value::String(s) => Ok(s.clone()),
        Value::Null => Ok(String::new()),
        Value::Number(n) => Err(PlanError::rule(format_args!(
            "the key {n} reads as a number: quote it (\"{n}\")"
        ))),
        _ => Err(PlanError::rule(format_args!("a key must be a name"))),
    }
}

/// `generators:` maps a program below `generators/` to the files it is made of.
fn read_programs(value: Option<Mapping>) -> Result<BTreeMap<String, Vec<String>>, PlanError> {
    let mut programs = BTreeMap::new();
    for (key, files) in value.unwrap_or_default() {
        let name = key_text(&key)?;
        let files: Vec<String> = serde_yaml_ng::from_value(files).map_err(PlanError::yaml(
            format_args!("program '{name}': give the list of its files"),
        ))?;
        if files.is_empty() {
            return Err(PlanError::rule(format_args!(
                "program '{name}': the list of its files is empty"
            )));
        }
        programs.insert(name, files);
    }
    Ok(programs)
}

/// The number of numbered tests in the whole tree (for the width of their numbers).
fn numbered_tests(data: Option<&Value>) -> usize {
    let (entries, numbered): (Vec<&Mapping>, bool) = match data {
        Some(Value::Mapping(m)) => (vec![m], false),
        Some(Value::Sequence(items)) => {
            (items.iter().filter_map(Value::as_mapping).collect(), true)
        }
        _ => return 0,
    };
    let mut total = 0;
    for value in entries.into_iter().flat_map(Mapping::values) {
        if is_test(value) {
            if numbered {
                total += count_of(value).ok().map_or(1, |v| v.map_or(1, |v| v.len()));
            }
        } else if let Value::Mapping(group) = value {
            total += numbered_tests(group.get("data"));
        }
    }
    total
}

/// The `count` values of a test entry, if it has a count.
fn count_of(value: &Value) -> Result<Option<Vec<i64>>, PlanError> {
    let Some(count) = value.as_mapping().and_then(|m| m.get("count")) else {
        return Ok(None);
    };
    let count: Count = serde_yaml_ng::from_value(count.clone()).map_err(|_| {
        PlanError::rule(format_args!(
            "a number, a list of numbers, or a range like '1..=5'"
        ))
    })?;
    count.values().map(Some).map_err(PlanError::rule)
}

/// A file or directory name BAPCtools accepts.
pub(super) fn check_name(name: &str) -> Result<(), PlanError> {
    let ok = name.len() <= 255
        && name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c));
    if !ok {
        return Err(PlanError::rule(format_args!(
            "'{name}' is not a valid name (letters, digits, '_', '.', '-'; not starting with '.' or '-')"
        )));
    }
    if name.ends_with(".in") || name.ends_with(".ans") {
        return Err(PlanError::rule(format_args!(
            "give the name '{name}' without an extension"
        )));
    }
    Ok(())
}

impl Reader<'_> {
    pub(super) fn at(&self, path: &str) -> String {
        format!("{}: {}", self.file.display(), path)
    }

    /// Reads the group `key` named `dir` (its path below `data/`).
    fn group(
        &mut self,
        key: &str,
        dir: &str,
        value: &Value,
        up: &Settings,
    ) -> Result<(), PlanError> {
        let raw: RawGroup = serde_yaml_ng::from_value(value.clone())
            .map_err(|e| PlanError::yaml(self.at(&format!("group {dir}")))(e))?;
        let settings = up.with(&raw.inherited());
        self.keys
            .entry(key.to_string())
            .or_default()
            .push(Rule::Group(dir.to_string()));
        if let Some(yaml) = &raw.test_group {
            let text = yaml_text(yaml).map_err(|e| {
                PlanError::yaml(self.at(&format!("group {dir}: key 'test_group.yaml'")))(e)
            })?;
            self.groups.insert(dir.to_string(), text);
        }
        self.includes.push((dir.to_string(), raw.include.clone()));
        let (entries, numbered) = match &raw.data {
            None | Some(Value::Null) => (Vec::new(), false),
            Some(Value::Mapping(m)) => (vec![m.clone()], false),
            Some(Value::Sequence(items)) => {
                let mut entries = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    match item.as_mapping() {
                        Some(m) if m.len() == 1 => entries.push(m.clone()),
                        _ => {
                            return Err(PlanError::invalid(
                                self.at(&format!("group {dir}: key 'data'")),
                                format_args!(
                                    "entry {i} must be a mapping with exactly one key (indent the test's keys one more level)"
                                ),
                            ));
                        }
                    }
                }
                (entries, true)
            }
            Some(_) => {
                return Err(PlanError::invalid(
                    self.at(&format!("group {dir}: key 'data'")),
                    format_args!("must be a mapping or a list"),
                ));
            }
        };
        let groups_here = entries
            .iter()
            .flat_map(Mapping::values)
            .filter(|v| !is_test(v))
            .count();
        let group_width = groups_here.to_string().len();
        let mut next_group = 1;
        for entry in entries {
            let mut children: Vec<(String, Value)> = Vec::new();
            for (k, v) in entry {
                let k = key_text(&k)
                    .map_err(|e| e.inside(self.at(&format!("group {dir}: key 'data'"))))?;
                children.push((k, v));
            }
            if !numbered {
                children.sort_by(|a, b| a.0.cmp(&b.0));
            }
            for (child_key, child) in children {
                let here = format!(
                    "{dir}/{}",
                    if child_key.is_empty() {
                        "\"\""
                    } else {
                        &child_key
                    }
                );
                if is_test(&child) {
                    self.tests_of(&child_key, dir, numbered, &child, &settings)
                        .map_err(|e| e.inside(self.at(&format!("test {here}"))))?;
                } else if child.is_mapping() {
                    let name = if numbered {
                        let n = format!("{next_group:0group_width$}");
                        next_group += 1;
                        if child_key.is_empty() {
                            n
                        } else {
                            format!("{n}-{child_key}")
                        }
                    } else {
                        child_key.clone()
                    };
                    check_name(&name).map_err(|e| e.inside(self.at(&format!("group {here}"))))?;
                    self.group(&child_key, &format!("{dir}/{name}"), &child, &settings)?;
                } else {
                    return Err(PlanError::invalid(
                        self.at(&format!("key {here}")),
                        format_args!("neither a test nor a group"),
                    ));
                }
            }
        }
        Ok(())
    }
}
