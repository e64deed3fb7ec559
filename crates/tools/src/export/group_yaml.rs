//! Reading a group's or a test's settings file (`test_group.yaml`, `testdata.yaml`,
//! `<test>.yaml`) and writing argument lists as legacy flag strings, for the converters between
//! the two layouts ([`super::modern`], [`super::own_group`]).

use std::path::Path;

use anyhow::{Context, bail};
use serde_yaml_ng::{Mapping, Value};

/// The settings file's keys and values (an empty file has none).
pub fn parse(text: &str, file: &Path) -> anyhow::Result<Mapping> {
    if text.trim().is_empty() {
        return Ok(Mapping::new());
    }
    match serde_yaml_ng::from_str(text).with_context(|| file.display().to_string())? {
        Value::Mapping(map) => Ok(map),
        Value::Null => Ok(Mapping::new()),
        _ => bail!("{}: expected a mapping", file.display()),
    }
}

/// The reverse of `modern`'s `flags_to_args`: a list of arguments joined into one flag string (a map
/// of lists into a map of strings); an error for an argument the string cannot hold, since
/// legacy judges split it on white space (an empty one, or one with a space in it).
pub fn legacy_flags(value: &Value) -> Result<Value, String> {
    match value {
        Value::Sequence(items) => {
            let mut words = Vec::new();
            for item in items {
                let word = match item {
                    Value::String(s) => s.clone(),
                    other => serde_yaml_ng::to_string(other)
                        .unwrap_or_default()
                        .trim()
                        .to_string(),
                };
                if word.is_empty() || word.contains(char::is_whitespace) {
                    return Err(format!(
                        "the argument {word:?} cannot be written in a legacy flag string, which judges split on white space"
                    ));
                }
                words.push(word);
            }
            Ok(Value::String(words.join(" ")))
        }
        Value::Mapping(map) => map
            .iter()
            .map(|(k, v)| Ok((k.clone(), legacy_flags(v)?)))
            .collect::<Result<Mapping, String>>()
            .map(Value::Mapping),
        other => Ok(other.clone()),
    }
}
