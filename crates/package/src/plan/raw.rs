//! The keys of `generators/generators.yaml` as written, read strictly: a key that is not one
//! of these is an error naming it. [`super::tree`] turns them into the list of tests.

use serde::Deserialize;
use serde_yaml_ng::{Mapping, Value};

/// Keys every level (the root, a group, a test) may set for itself and what it contains.
#[derive(Debug, Default, Clone)]
pub struct Inherited {
    /// `null` turns answers off below this level; a string names the solution.
    pub solution: Option<Option<String>>,
    pub random_salt: Option<String>,
    pub retries: Option<u32>,
}

/// The root of the file: a group with two more keys.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRoot {
    #[serde(default, deserialize_with = "explicit")]
    pub solution: Option<Option<String>>,
    pub random_salt: Option<String>,
    pub retries: Option<u32>,
    pub data: Option<Value>,
    #[serde(default)]
    pub include: Vec<String>,
    #[serde(rename = "test_group.yaml")]
    pub test_group: Option<Value>,
    /// Programs made of several files: `name: [file, ...]` below `generators/`.
    pub generators: Option<Mapping>,
    /// BAPCtools' format version; accepted and not used.
    #[allow(dead_code)]
    pub version: Option<Value>,
}

/// A group of tests: a directory below `data/`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGroup {
    #[serde(default, deserialize_with = "explicit")]
    pub solution: Option<Option<String>>,
    pub random_salt: Option<String>,
    pub retries: Option<u32>,
    /// A mapping (named children, in name order) or a list of one-entry mappings (numbered).
    pub data: Option<Value>,
    /// Keys of earlier tests or groups whose tests also belong to this group.
    #[serde(default)]
    pub include: Vec<String>,
    /// Written as the group's `test_group.yaml`.
    #[serde(rename = "test_group.yaml")]
    pub test_group: Option<Value>,
}

impl RawRoot {
    /// The root as a group (the keys it shares with one).
    pub fn group(self) -> RawGroup {
        RawGroup {
            solution: self.solution,
            random_salt: self.random_salt,
            retries: self.retries,
            data: self.data,
            include: self.include,
            test_group: self.test_group,
        }
    }
}

impl RawGroup {
    pub fn inherited(&self) -> Inherited {
        Inherited {
            solution: self.solution.clone(),
            random_salt: self.random_salt.clone(),
            retries: self.retries,
        }
    }
}

/// One test (or, with `count`, several).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTest {
    #[serde(default, deserialize_with = "explicit")]
    pub solution: Option<Option<String>>,
    pub random_salt: Option<String>,
    pub retries: Option<u32>,
    pub generate: Option<String>,
    /// A path (without extension) whose `.in` (and `.ans`, when there is one) are copied.
    pub copy: Option<String>,
    #[serde(rename = "in")]
    pub input: Option<String>,
    pub ans: Option<String>,
    /// A team output (`valid_output/` and `invalid_output/` tests: what the output check must
    /// accept or reject); elsewhere BAPCtools writes it for statements only.
    pub out: Option<String>,
    pub count: Option<Count>,
    /// Set by [`super::keys`] for a sample with only `in.statement`/`in.download`: no test.
    #[serde(default)]
    pub statement_only: bool,
    /// The test's own `.yaml` (its validator and submission arguments).
    pub yaml: Option<Value>,
}

impl RawTest {
    pub fn inherited(&self) -> Inherited {
        Inherited {
            solution: self.solution.clone(),
            random_salt: self.random_salt.clone(),
            retries: self.retries,
        }
    }
}

/// `count`: a number `n` (values 1..=n), a list of values, or a range `"a..=b"`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Count {
    Number(i64),
    List(Vec<i64>),
    Range(String),
}

impl Count {
    /// The count values, 1 to 100 of them, distinct.
    pub fn values(&self) -> Result<Vec<i64>, String> {
        let values: Vec<i64> = match self {
            Count::Number(n) if (1..=100).contains(n) => (1..=*n).collect(),
            Count::Number(n) => return Err(format!("{n} is not between 1 and 100")),
            Count::List(items) => items.clone(),
            Count::Range(text) => {
                let parsed = text.split_once("..=").and_then(|(a, b)| {
                    Some((a.trim().parse::<i64>().ok()?, b.trim().parse().ok()?))
                });
                let Some((lo, hi)) = parsed else {
                    return Err(format!("'{text}' is not a range like '1..=5'"));
                };
                if lo > hi {
                    return Err(format!("the range '{text}' is empty"));
                }
                (lo..=hi).collect()
            }
        };
        if values.is_empty() || values.len() > 100 {
            return Err(format!("{} values (1 to 100 allowed)", values.len()));
        }
        let mut seen = std::collections::BTreeSet::new();
        if let Some(dup) = values.iter().find(|v| !seen.insert(**v)) {
            return Err(format!("the value {dup} appears twice"));
        }
        Ok(values)
    }
}

/// Keeps an explicit `null` apart from a missing key: `Some(None)` for `key: null`.
fn explicit<'de, D>(deserializer: D) -> Result<Option<Option<String>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    Option::<String>::deserialize(deserializer).map(Some)
}

/// The keys that make a mapping a test rather than a group (BAPCtools' list: the commands, and
/// every file a test may have).
pub const TEST_KEYS: [&str; 14] = [
    "generate",
    "copy",
    "in",
    "ans",
    "out",
    "count",
    "match",
    "yaml",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "statement_only",
];

/// Whether a value of the `data` tree is a test: a command line, an empty entry, or a mapping
/// with one of [`TEST_KEYS`].
pub fn is_test(value: &Value) -> bool {
    match value {
        Value::Null | Value::String(_) => true,
        Value::Mapping(map) => TEST_KEYS.iter().any(|k| map.contains_key(*k)),
        _ => false,
    }
}
