//! The one resolved model of a package's tests, read once: every test of `data/sample` and
//! `data/secret` with its files and its group, and every group on the way from a test's folder
//! up to `data/`, each with the settings its tests get (its own `test_group.yaml`, legacy
//! `testdata.yaml`, merged over those of the groups above it, then problem.yaml's
//! `validator_flags`) and its own scoring rules and grader flags. Commands take a test's
//! validator arguments, grader flags and scoring from here, never from the files.
//!
//! Each settings file is read and checked once, when the model is read. The default output
//! validator's words are checked where they are written, so a misspelt `float_tolerence` is one
//! error naming the file and the key, not one per test; a custom validator takes any
//! arguments. A settings file whose name is a near miss (`test_groups.yaml`, `testdata.yml`),
//! which no tool reads, gets a warning naming the name it probably meant.
//!
//! No version of the format sets time or memory limits per group: a group has none here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_yaml_ng::Value;

use crate::error::TestdataError;
use crate::scoring::GroupScoring;
use crate::test_config;

use crate::testdata::parent_of;
use crate::{DiffFlags, Package, ProblemType, TestCase, TestSettings, Validation};

/// One folder of tests below `data/`, with what its tests inherit.
#[derive(Debug, Clone)]
pub struct Group {
    /// Its path below `data/` with `/` separators: `""` for `data/` itself, `secret`,
    /// `secret/group1`.
    pub name: String,
    pub dir: PathBuf,
    /// Its own settings file, when it has one (for `generate`, the one it is about to write).
    pub file: Option<PathBuf>,
    /// What its tests get unless their own `.yaml` changes it: each setting from the nearest
    /// group on the way up to `data/` that sets it, else problem.yaml's `validator_flags`.
    pub settings: TestSettings,
    /// Its own scoring rules and grader flags: never inherited, as problemtools' grader reads
    /// them (a group without a file has the defaults).
    pub scoring: GroupScoring,
}

/// The groups of a package's tests, by name: every group that holds a test and every group
/// above one, up to `data/` (`""`).
#[derive(Debug, Clone)]
pub struct Groups {
    by_name: BTreeMap<String, Group>,
    /// Whether the default output validator judges, whose words are checked when read.
    default_validator: bool,
}

impl Groups {
    /// The groups `names` (paths below `data/`) and those above them, read from the package's
    /// files; where `planned` (a group's name -> the text of its `test_group.yaml`) has a
    /// group, that text stands for the file (`generate` reads settings it has not written).
    pub fn read<'n>(
        package: &Package,
        planned: &BTreeMap<String, String>,
        names: impl IntoIterator<Item = &'n str>,
    ) -> Result<Groups, TestdataError> {
        let mut reader = Reader::new(package, planned)?;
        for name in names {
            reader.resolve(name)?;
        }
        Ok(reader.groups)
    }

    /// The group named `name` (`""` is `data/`).
    pub fn get(&self, name: &str) -> Option<&Group> {
        self.by_name.get(name)
    }

    /// Every group, each before its subgroups (in name order).
    pub fn iter(&self) -> impl Iterator<Item = &Group> {
        self.by_name.values()
    }

    /// The group `name` and those above it, nearest first, ending with `data/`.
    pub fn chain(&self, name: &str) -> Vec<&Group> {
        let mut chain = Vec::new();
        let mut at = name;
        loop {
            chain.extend(self.get(at));
            if at.is_empty() {
                return chain;
            }
            at = parent_of(at);
        }
    }

    /// The scoring rules and grader flags the group `name` sets itself; the defaults for a
    /// group without a settings file or not in the model.
    pub fn scoring(&self, name: &str) -> GroupScoring {
        self.get(name)
            .map(|g| g.scoring.clone())
            .unwrap_or_default()
    }

    /// Every group's own scoring rules, by name (`""` is `data/`).
    pub fn scoring_by_group(&self) -> BTreeMap<String, GroupScoring> {
        self.iter()
            .map(|g| (g.name.clone(), g.scoring.clone()))
            .collect()
    }

    /// Whether some group's grader flags make the verdict (`first_error`,
    /// `accept_if_any_accepted`, ...), so the submission's verdict is graded group by group.
    pub fn grades_verdicts(&self) -> bool {
        self.iter().any(|g| g.scoring.grades_verdicts())
    }

    /// The settings of a test in the group `group` whose own `.yaml` (2025-09) is `own`: its
    /// path and text, which may not be written yet. `group` must be one of the model's.
    pub fn test_settings(
        &self,
        group: &str,
        own: Option<(&Path, &str)>,
    ) -> Result<TestSettings, TestdataError> {
        let mut settings = self
            .get(group)
            .map(|g| g.settings.clone())
            .unwrap_or_default();
        let Some((file, text)) = own else {
            return Ok(settings);
        };
        if text.trim().is_empty() {
            return Ok(settings);
        }
        let value: Value = serde_yaml_ng::from_str(text).map_err(|e| {
            TestdataError::invalid(file.display(), format_args!("not valid YAML: {e}"))
        })?;
        let own = test_config::parse_value(&value, file, true)?;
        if let Some(o) = own.output {
            self.check_output_args(&o, &value, file, text)?;
            settings.output_validator_args = o;
        }
        if let Some(i) = own.input {
            settings.input_validator_args = i;
        }
        if let Some(a) = own.args {
            settings.args = a;
        }
        if let Some(a) = own.answer {
            settings.answer_validator_args = Some(a);
        }
        Ok(settings)
    }

    /// Refuses output validator arguments that the default validator cannot read, naming the
    /// file (and line) and the key they are written under.
    fn check_output_args(
        &self,
        args: &[String],
        value: &Value,
        file: &Path,
        text: &str,
    ) -> Result<(), TestdataError> {
        if !self.default_validator {
            return Ok(());
        }
        let key = match value.get("output_validator_args") {
            Some(_) => "output_validator_args",
            None => "output_validator_flags",
        };
        DiffFlags::parse(args).map(drop).map_err(|err| {
            TestdataError::invalid(
                leapfrog_util::at_key(file, text, &[key]),
                format_args!("{key}: {err}"),
            )
        })
    }
}

/// Reads groups, each once, parents before children.
struct Reader<'a> {
    package: &'a Package,
    data: PathBuf,
    planned: &'a BTreeMap<String, String>,
    groups: Groups,
}

impl<'a> Reader<'a> {
    fn new(
        package: &'a Package,
        planned: &'a BTreeMap<String, String>,
    ) -> Result<Reader<'a>, TestdataError> {
        let default_validator = package.config.validation == Validation::Default;
        let flags = &package.config.validator_flags;
        if default_validator && let Err(err) = DiffFlags::parse(flags) {
            let file = package.root.join("problem.yaml");
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            return Err(TestdataError::invalid(
                leapfrog_util::at_key(&file, &text, &["validator_flags"]),
                format_args!("validator_flags: {err}"),
            ));
        }
        Ok(Reader {
            package,
            data: package.data_dir(),
            planned,
            groups: Groups {
                by_name: BTreeMap::new(),
                default_validator,
            },
        })
    }

    /// The group `name`, read (with those above it) if it was not yet.
    fn resolve(&mut self, name: &str) -> Result<&Group, TestdataError> {
        if !self.groups.by_name.contains_key(name) {
            let inherited = match name {
                "" => TestSettings {
                    output_validator_args: self.package.config.validator_flags.clone(),
                    ..TestSettings::default()
                },
                _ => self.resolve(parent_of(name))?.settings.clone(),
            };
            let group = self.read(name, inherited)?;
            self.groups.by_name.insert(name.to_string(), group);
        }
        Ok(&self.groups.by_name[name])
    }

    /// Reads the group `name`'s own file over what it inherits.
    fn read(&self, name: &str, mut settings: TestSettings) -> Result<Group, TestdataError> {
        let dir = match name {
            "" => self.data.clone(),
            _ => self.data.join(name),
        };
        let found = self.own_file(&dir, name)?;
        let mut scoring = GroupScoring::default();
        if let Some((file, text)) = &found
            && !text.trim().is_empty()
        {
            let value: Value = serde_yaml_ng::from_str(text).map_err(|e| {
                TestdataError::invalid(file.display(), format_args!("not valid YAML: {e}"))
            })?;
            let own = test_config::parse_value(&value, file, false)?;
            if let Some(o) = own.output {
                self.groups.check_output_args(&o, &value, file, text)?;
                settings.output_validator_args = o;
            }
            if let Some(i) = own.input {
                settings.input_validator_args = i;
            }
            if let Some(a) = own.args {
                settings.args = a;
            }
            if let Some(a) = own.answer {
                settings.answer_validator_args = Some(a);
            }
            if !value.is_null() {
                scoring = GroupScoring::from_yaml(&value, file)?;
            }
        }
        Ok(Group {
            name: name.to_string(),
            dir,
            file: found.map(|(file, _)| file),
            settings,
            scoring,
        })
    }

    /// The path and text of the group's own settings file: the plan's text where it has one,
    /// else `test_group.yaml`, else `testdata.yaml`.
    fn own_file(&self, dir: &Path, name: &str) -> Result<Option<(PathBuf, String)>, TestdataError> {
        let modern = dir.join("test_group.yaml");
        if let Some(text) = self.planned.get(name) {
            return Ok(Some((modern, text.clone())));
        }
        let legacy = dir.join("testdata.yaml");
        crate::settings_names::warn_near_misses(dir, self.package.config.format.is_modern());
        // problemtools reads testdata.yaml in every version (its own 2023-07 example, and the
        // format's 2025-09 examples, use it): read it where there is no test_group.yaml.
        if self.package.config.format == crate::FormatVersion::V2025
            && legacy.is_file()
            && !modern.is_file()
        {
            leapfrog_util::warn(&format!(
                "{}: problem_format_version 2025-09 names this file test_group.yaml; read as it is",
                legacy.display()
            ));
        }
        let Some(file) = [modern, legacy].into_iter().find(|f| f.is_file()) else {
            return Ok(None);
        };
        let text = crate::yaml_file::read(&file)?;
        Ok(Some((file, text)))
    }
}

/// The model of a package's tests: the tests, samples first, and their groups.
#[derive(Debug, Clone)]
pub struct TestSet {
    kind: ProblemType,
    tests: Vec<TestCase>,
    groups: Groups,
}

impl TestSet {
    /// Reads every test of `data/sample` and `data/secret` and the settings of their groups.
    pub fn read(package: &Package) -> Result<TestSet, TestdataError> {
        let (tests, groups) = discover(package)?;
        Ok(TestSet {
            kind: package.config.kind,
            tests,
            groups,
        })
    }

    /// Every test, samples first, each group in lexicographic order of paths.
    pub fn tests(&self) -> &[TestCase] {
        &self.tests
    }

    pub fn into_tests(self) -> Vec<TestCase> {
        self.tests
    }

    /// The problem's type (interactive, multi-pass, scoring).
    pub fn kind(&self) -> ProblemType {
        self.kind
    }

    /// The groups of the tests, with their settings and scoring.
    pub fn groups(&self) -> &Groups {
        &self.groups
    }

    /// The groups of `test`, its own first, ending with `data/`.
    pub fn chain(&self, test: &TestCase) -> Vec<&Group> {
        self.groups.chain(&test.group)
    }

    /// The test whose input is the file `input` (the same file, by any path), if there is one.
    pub fn with_input(&self, input: &Path) -> Option<&TestCase> {
        let wanted = std::fs::canonicalize(input).ok()?;
        self.tests
            .iter()
            .find(|t| std::fs::canonicalize(&t.input).is_ok_and(|p| p == wanted))
    }
}

/// A test that is not in `data/`, with the settings of the group `group` (a path below
/// `data/`), inherited as a test of that group inherits them.
pub(crate) fn test_in_group(
    package: &Package,
    group: &str,
    name: String,
    input: PathBuf,
    answer: PathBuf,
) -> Result<TestCase, TestdataError> {
    let groups = Groups::read(package, &BTreeMap::new(), [group])?;
    let settings = groups.test_settings(group, None)?;
    Ok(TestCase::new(name, input, answer, group, settings, None))
}

/// Every test of `data/sample` and `data/secret` with its settings, and the groups they are in.
fn discover(package: &Package) -> Result<(Vec<TestCase>, Groups), TestdataError> {
    let found = crate::test_walk::tests_on_disk(package)?;
    let names = found.iter().map(|(name, _, _)| parent_of(name));
    let groups = Groups::read(
        package,
        &Default::default(),
        names.chain(["sample", "secret"]),
    )?;
    let mut tests = Vec::new();
    for (name, input, answer) in found {
        let group = parent_of(&name).to_string();
        let settings = own_settings(&groups, &group, &input)?;
        let files = input.with_extension("files");
        let files = files.is_dir().then_some(files);
        if let Some(files) = &files {
            leapfrog_util::check_tree_within(&package.root, files).map_err(TestdataError::link)?;
        }
        tests.push(TestCase::new(name, input, answer, &group, settings, files));
    }
    Ok((tests, groups))
}

/// The settings of the test whose input is `input`, in the group `group` of `groups`: its own
/// `.yaml` (2025-09) over its group's. A `.args` file is no version's: refused, naming where
/// the format puts arguments.
pub(crate) fn own_settings(
    groups: &Groups,
    group: &str,
    input: &Path,
) -> Result<TestSettings, TestdataError> {
    let args_file = input.with_extension("args");
    if args_file.exists() {
        return Err(TestdataError::invalid(
            args_file.display(),
            format_args!(
                "no version of the package format reads a `.args` file; write the submission's arguments as `args: [...]` in {}",
                input.with_extension("yaml").display()
            ),
        ));
    }
    let files = input.with_extension("files");
    if files.exists() && !files.is_dir() {
        return Err(TestdataError::invalid(
            files.display(),
            format_args!(
                "a test's `.files` must be a folder (of files copied into the submission's working directory)"
            ),
        ));
    }
    let near_miss = input.with_extension("yml");
    if near_miss.is_file() {
        leapfrog_util::warn(&format!(
            "{}: no tool reads a test's settings from a .yml file, so they are not used; did you mean {}?",
            near_miss.display(),
            input.with_extension("yaml").display()
        ));
    }
    let own = input.with_extension("yaml");
    if !own.is_file() {
        return groups.test_settings(group, None);
    }
    let text = crate::yaml_file::read(&own)?;
    groups.test_settings(group, Some((&own, &text)))
}

#[cfg(test)]
#[path = "test_set_tests.rs"]
mod tests;
