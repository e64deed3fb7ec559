//! A 2025-09 package's `constants` in a legacy or DOMjudge export, whose format has no such
//! key: each `{{name}}` is replaced by its value in the files the format would have substituted
//! it in (the statement and the jury's validators), and the key is left out of `problem.yaml`.
//! Submissions are left as written, as leapfrog judges them (see
//! [`leapfrog_package::constants`]), and test data never holds constants. Rust validators get
//! theirs before they are built ([`super::validator`]), in the 2025-09 export too, so the
//! shipped program matches its source.

use std::path::Path;

use anyhow::Context;

use leapfrog_package::constants::Constants;
use leapfrog_package::{FormatVersion, Package};

/// The folders of a legacy export where constants are replaced.
const SUBSTITUTED: [&str; 3] = ["problem_statement", "input_validators", "output_validators"];

/// The package's constants (as [`Constants::load`] reads them when leapfrog judges); none for
/// a package in the legacy format, which has no such key.
pub fn load(package: &Package) -> Constants {
    match package.config.format {
        FormatVersion::Legacy => Constants::default(),
        _ => Constants::load(&package.root),
    }
}

/// Replaces the constants in every text file of the export's [`SUBSTITUTED`] folders, with a
/// note saying so.
pub fn substitute_export(
    constants: &Constants,
    dest: &Path,
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    let mut changed = Vec::new();
    for folder in SUBSTITUTED {
        for entry in walkdir::WalkDir::new(dest.join(folder)).sort_by_file_name() {
            let Ok(entry) = entry else { continue };
            if !entry.file_type().is_file() {
                continue;
            }
            let path = entry.path();
            let Ok(text) = std::fs::read_to_string(path) else {
                continue; // Not text: a picture, a built program.
            };
            let replaced = constants.substitute(&text);
            if replaced != text {
                std::fs::write(path, replaced)
                    .with_context(|| format!("writing {}", path.display()))?;
                let rel = path.strip_prefix(dest).unwrap_or(path);
                changed.push(rel.display().to_string());
            }
        }
    }
    if !changed.is_empty() {
        notes.push(format!(
            "constants: the legacy format has none; their values are written into {}",
            changed.join(", ")
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_written_into_text_files_only() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("problem.yaml"),
            "problem_format_version: 2025-09\nconstants:\n  MAX_N: 100\n",
        )
        .unwrap();
        let constants = Constants::load(dir.path());
        let dest = dir.path().join("out");
        std::fs::create_dir_all(dest.join("input_validators")).unwrap();
        std::fs::create_dir_all(dest.join("problem_statement")).unwrap();
        std::fs::write(
            dest.join("input_validators/v.py"),
            "n <= {{MAX_N}} {{OTHER}}",
        )
        .unwrap();
        std::fs::write(
            dest.join("problem_statement/p.png"),
            [0xff, 0x00, b'{', b'{'],
        )
        .unwrap();
        let mut notes = Vec::new();
        substitute_export(&constants, &dest, &mut notes).unwrap();
        let text = std::fs::read_to_string(dest.join("input_validators/v.py")).unwrap();
        assert_eq!(text, "n <= 100 {{OTHER}}");
        assert_eq!(
            std::fs::read(dest.join("problem_statement/p.png")).unwrap(),
            [0xff, 0x00, b'{', b'{']
        );
        assert!(notes[0].contains("input_validators/v.py"), "{notes:?}");
    }
}
