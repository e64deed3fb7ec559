//! The package's `include/` folder: files the format copies into every submission of a
//! language before it is built (see [`crate::lang::compile_with_included`]).
//!
//! `include/<code>/` holds the files for the language of that code (the package format's codes:
//! `c`, `cpp`, `java`, `python3`, `lisp`, …; `code` in `languages.yaml`). A 2025-09 package may
//! also have `include/default/`, for every language without a folder of its own (legacy has no
//! such folder: there `default` is a code like any other). A folder whose code no language of
//! the table has is not used, and named in a warning. In 2025-09 the included files are part of
//! the submission as built, so the package's `{{constant}}`s are substituted in them, as in the
//! judges' own programs (a copy in the compile cache is used when anything changes).

use crate::PackageError;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::Package;
use crate::lang::Language;

/// The folders of `include/`, by language code.
#[derive(Debug, Clone, Default)]
pub struct Included {
    by_code: BTreeMap<String, PathBuf>,
    default: Option<PathBuf>,
    /// What is in `include/` and not used, one sentence each.
    pub warnings: Vec<String>,
}

impl Included {
    /// Reads `package`'s `include/` (none: nothing to add).
    pub fn read(package: &Package) -> Result<Included, PackageError> {
        let dir = package.root.join("include");
        let mut included = Included::default();
        let mut codes: Vec<&str> = Vec::new();
        for spec in &package.languages.specs {
            if !codes.contains(&spec.code.as_str()) {
                codes.push(&spec.code);
            }
        }
        let constants = match package.config.format {
            crate::FormatVersion::Legacy => crate::constants::Constants::default(),
            _ => crate::constants::Constants::load(&package.root),
        };
        let substituted = |entry: PathBuf| match constants.program_copy(&entry) {
            Ok(copy) => Ok(copy.unwrap_or(entry)),
            Err(err) => Err(PackageError::invalid(
                entry.display(),
                format_args!("substituting the constants: {err}"),
            )),
        };
        for entry in super::entries_in(&dir)? {
            let name = entry
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !entry.is_dir() {
                included.warnings.push(format!(
                    "{}: not a folder; include/ holds one folder per language code, so this file is not used",
                    entry.display()
                ));
            } else if let Err(out) = leapfrog_util::check_jury_tree_within(&package.root, &entry) {
                // Its files are merged into submissions' sources as root: none through a link out.
                return Err(PackageError::link(out));
            } else if is_empty(&entry)? {
                included
                    .warnings
                    .push(format!("{}: empty, so it adds nothing", entry.display()));
            } else if name == "default" && package.config.format.is_modern() {
                included.default = Some(substituted(entry)?);
            } else if codes.contains(&name.as_str()) {
                included.by_code.insert(name, substituted(entry)?);
            } else {
                included.warnings.push(format!(
                    "{}: no language of leapfrog's table has the code `{name}`, so these files are not used (known codes: {})",
                    entry.display(),
                    codes.join(", ")
                ));
            }
        }
        Ok(included)
    }

    /// The folder whose files go into every submission in `language`, if there is one.
    pub fn for_language(&self, language: &Language) -> Option<&Path> {
        if language.is_executable() {
            return None;
        }
        self.by_code
            .get(language.code())
            .or(self.default.as_ref())
            .map(PathBuf::as_path)
    }

    /// Whether nothing is added to any submission.
    pub fn is_empty(&self) -> bool {
        self.by_code.is_empty() && self.default.is_none()
    }
}

fn is_empty(dir: &Path) -> Result<bool, PackageError> {
    Ok(super::entries_in(dir)?.is_empty())
}
