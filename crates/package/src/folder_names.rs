//! Folders at the top of a package that no tool reads because their name is a near miss:
//! `input_validator/`, `Submissions/`, `output_validaters/`. problemtools and BAPCtools pass
//! them by without a word, and what is in them (the only input validator, the accepted
//! solution) is then quietly left out; leapfrog reads the package as they do but warns, naming
//! the folder and the one it probably meant.

use std::path::Path;

/// The folders some version of the format (or BAPCtools: `problem_slide`) reads at a
/// package's top.
const KNOWN: [&str; 17] = [
    "answer_validators",
    "attachments",
    "data",
    "generators",
    "include",
    "input_format_validators",
    "input_validators",
    "input_visualizer",
    "output_validator",
    "output_validators",
    "output_visualizer",
    "problem_slide",
    "problem_statement",
    "solution",
    "statement",
    "static_validator",
    "submissions",
];

/// Warns about each folder at the top of the package `root` whose name is a near miss of a
/// folder the formats read.
pub(crate) fn warn_near_misses(root: &Path) {
    for name in sorted_names(root, std::fs::FileType::is_dir) {
        if let Some(meant) = meant(&name) {
            leapfrog_util::warn(&format!(
                "{}: no tool reads a folder of this name, so what is in it is not used; did you mean {meant}/?",
                leapfrog_util::inert(&root.join(&name).display().to_string())
            ));
        }
    }
}

/// The names of the entries of `dir` of the kind `kind` keeps, sorted (none when `dir`
/// cannot be read: a near miss is only worth a warning).
pub(crate) fn sorted_names(dir: &Path, kind: fn(&std::fs::FileType) -> bool) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| kind(&t)))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The folder `name` probably means, when it is a near miss of one (and not one).
fn meant(name: &str) -> Option<&'static str> {
    if KNOWN.contains(&name) || name.starts_with('.') {
        return None;
    }
    // Case, separators and a plural left out: `Input-Validator` -> `inputvalidator`.
    let fold = |n: &str| -> String {
        let folded: String = n
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        folded
            .strip_suffix('s')
            .map(str::to_string)
            .unwrap_or(folded)
    };
    let folded = fold(name);
    if let Some(known) = KNOWN.iter().find(|k| fold(k) == folded) {
        return Some(known);
    }
    // A slip of a key or two in a long name; short names (`data`, `tools`) are left alone, as
    // a package's own folders are often short words near them.
    crate::nearest::nearest(name, KNOWN.iter().copied().filter(|k| k.len() >= 8), 2)
}

#[cfg(test)]
mod tests {
    use super::meant;

    #[test]
    fn near_misses_name_the_folder_meant() {
        assert_eq!(meant("input_validator"), Some("input_validators"));
        assert_eq!(meant("Submissions"), Some("submissions"));
        assert_eq!(meant("output_validaters"), Some("output_validators"));
        assert_eq!(meant("answer-validators"), Some("answer_validators"));
        assert_eq!(meant("generator"), Some("generators"));
    }

    #[test]
    fn folders_the_formats_read_and_a_packages_own_are_left_alone() {
        for name in ["output_validator", "output_validators", "data", "statement"] {
            assert_eq!(meant(name), None, "{name}");
        }
        for name in [
            "tools",
            "docs",
            "images",
            "testdata_tools",
            ".git",
            "solutions_old",
        ] {
            assert_eq!(meant(name), None, "{name}");
        }
    }
}
