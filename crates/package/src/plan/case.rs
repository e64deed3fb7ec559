//! One entry of the `data` tree that is a test (or, with `count`, several): its names, how
//! its input is made (`generate` with `{count}` and `{seed}`, `copy`, `in`) and its answer.

use crate::error::PlanError;
use serde_yaml_ng::Value;

use super::raw::{Count, RawTest};
use super::tree::{Reader, Rule, Settings, check_name};
use super::{PlanTest, Source, command};

impl Reader<'_> {
    /// Reads the test (or tests, with `count`) `key` of the group `dir`.
    pub(super) fn tests_of(
        &mut self,
        key: &str,
        dir: &str,
        numbered: bool,
        value: &Value,
        up: &Settings,
    ) -> Result<(), PlanError> {
        let raw: RawTest = match value {
            Value::Null => {
                return Err(PlanError::rule(format_args!(
                    "the entry is empty: give it a command, 'copy', or 'in'"
                )));
            }
            Value::String(s) => match s.strip_suffix(".in") {
                Some(path) => RawTest {
                    copy: Some(path.to_string()),
                    ..RawTest::default()
                },
                None => RawTest {
                    generate: Some(s.clone()),
                    ..RawTest::default()
                },
            },
            other => serde_yaml_ng::from_value(other.clone())?,
        };
        if !numbered && key.is_empty() {
            return Err(PlanError::rule(format_args!(
                "a test in a mapping needs a name"
            )));
        }
        if raw.statement_only {
            if numbered {
                self.next_test += 1;
            }
            leapfrog_util::warn(&format!(
                "{}: {dir}/{key} has only a statement's or a download's input: no test is made of it",
                self.file.display()
            ));
            return Ok(());
        }
        if raw.generate.is_none() && raw.copy.is_none() && raw.input.is_none() {
            return Err(PlanError::rule(format_args!(
                "give one of the keys 'generate', 'copy' or 'in'"
            )));
        }
        let settings = up.with(&raw.inherited());
        if settings.retries == 0 {
            return Err(PlanError::rule(format_args!(
                "key 'retries': must be at least 1"
            )));
        }
        let counts = raw
            .count
            .as_ref()
            .map(Count::values)
            .transpose()
            .map_err(|e| PlanError::rule(format_args!("key 'count': {e}")))?;
        let values: Vec<Option<i64>> = match &counts {
            Some(v) => v.iter().copied().map(Some).collect(),
            None => vec![None],
        };
        let consecutive = counts.as_ref().is_some_and(|v| {
            v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0) == v.len() as i64 - 1
        });
        let padding = match (&counts, consecutive) {
            (Some(v), true) => v.iter().map(|x| x.to_string().len()).max().unwrap_or(0),
            _ => 0,
        };
        for value in values {
            let mut name = if numbered {
                let n = format!("{:0w$}", self.next_test, w = self.width);
                self.next_test += 1;
                if key.is_empty() {
                    n
                } else {
                    format!("{n}-{key}")
                }
            } else {
                key.to_string()
            };
            if let Some(v) = value {
                name.push_str(&format!("-{v:0padding$}"));
            }
            check_name(&name)?;
            let test = self.make_test(format!("{dir}/{name}"), &raw, value, &settings)?;
            if self.tests.iter().any(|t| t.name == test.name) {
                return Err(PlanError::rule(format_args!(
                    "a second test named {}",
                    test.name
                )));
            }
            self.keys
                .entry(key.to_string())
                .or_default()
                .push(Rule::Test(self.tests.len()));
            self.tests.push(test);
        }
        Ok(())
    }

    fn make_test(
        &self,
        name: String,
        raw: &RawTest,
        count: Option<i64>,
        settings: &Settings,
    ) -> Result<PlanTest, PlanError> {
        let mut test = PlanTest {
            name,
            source: Source::Generate,
            generator: String::new(),
            args: Vec::new(),
            command: String::new(),
            arg_templates: Vec::new(),
            seed: 0,
            uses_seed: false,
            retries: settings.retries,
            answer: raw.ans.clone().map(with_newline),
            output: raw.out.clone().map(with_newline),
            solution: settings.solution.clone(),
            included_from: None,
            yaml: raw
                .yaml
                .as_ref()
                .map(super::tree::yaml_text)
                .transpose()
                .map_err(PlanError::yaml("key 'yaml'"))?,
        };
        if let Some(generate) = &raw.generate {
            let mut line = generate.clone();
            if let Some(v) = count {
                line = line.replace("{count}", &v.to_string());
            }
            let mut words = command::split_words(&line).map_err(|e| e.inside("key 'generate'"))?;
            if words.is_empty() {
                return Err(PlanError::rule(format_args!(
                    "key 'generate': the command is empty"
                )));
            }
            let generator = words.remove(0);
            if command::seed_uses(&words) > 1 {
                return Err(PlanError::rule(format_args!(
                    "key 'generate': {{seed}} may appear at most once"
                )));
            }
            test.uses_seed = command::seed_uses(&words) == 1;
            test.seed = command::seed(&settings.random_salt, count, &line);
            test.generator = generator;
            test.args = words
                .iter()
                .map(|w| command::substitute(w, test.seed))
                .collect();
            test.arg_templates = words;
            test.command = line;
        }
        if let Some(copy) = &raw.copy {
            if raw.generate.is_some() {
                return Err(PlanError::rule(format_args!(
                    "keys 'generate' and 'copy': give only one"
                )));
            }
            let path = super::Plan::program_path(copy);
            test.source = Source::Copy(path.to_string_lossy().into_owned());
        }
        if let Some(input) = &raw.input {
            if raw.generate.is_some() || raw.copy.is_some() {
                return Err(PlanError::rule(format_args!(
                    "key 'in': give only one of 'generate', 'copy' and 'in'"
                )));
            }
            test.source = Source::Inline(with_newline(input.clone()));
        }
        Ok(test)
    }
}

/// Inline files end with a newline, as BAPCtools writes them.
fn with_newline(mut text: String) -> String {
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}
