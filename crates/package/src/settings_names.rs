//! Settings files no tool reads because their name is a near miss: `test_groups.yaml`,
//! `testdata.yml`, `test_group.yml`, `Test_Group.yaml`. problemtools and BAPCtools skip them
//! without a word, and the settings in them (a float tolerance) are lost; leapfrog reads the
//! package as they do but warns, naming the file and the name it probably meant.

use std::path::Path;

/// The names a group's settings file may have.
const NAMES: [&str; 2] = ["test_group.yaml", "testdata.yaml"];

/// Warns about each file in `dir` whose name is a near miss of a settings file's (`modern`:
/// the package is 2025-09, whose name is `test_group.yaml`). A test's own `.yaml` (beside its
/// `.in`) is no near miss whatever its name.
pub(crate) fn warn_near_misses(dir: &Path, modern: bool) {
    for name in crate::folder_names::sorted_names(dir, std::fs::FileType::is_file) {
        let stem = name.split('.').next().unwrap_or("");
        if dir.join(format!("{stem}.in")).exists() {
            continue;
        }
        if let Some(meant) = meant(&name, modern) {
            leapfrog_util::warn(&format!(
                "{}: no tool reads a file of this name, so its settings are not used; did you mean {meant}?",
                dir.join(&name).display()
            ));
        }
    }
}

/// The settings file `name` probably means, when it is a near miss of one (and not one).
fn meant(name: &str, modern: bool) -> Option<&'static str> {
    if NAMES.contains(&name) {
        return None;
    }
    let (stem, extension) = name.rsplit_once('.').unwrap_or((name, ""));
    let yaml = matches!(extension.to_ascii_lowercase().as_str(), "yaml" | "yml");
    // The stem with case, separators and a plural left out: `Test-Groups` -> `testgroup`.
    let folded: String = stem
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let folded = folded.strip_suffix('s').unwrap_or(&folded);
    let by_stem = match folded {
        "testgroup" => Some(NAMES[0]),
        "testdata" => Some(NAMES[1]),
        _ => None,
    };
    if yaml && let Some(meant) = by_stem {
        return Some(meant);
    }
    // A slip of a key or two in the whole name (`test_gruop.yaml`, `testdata.yamll`).
    let (first, second) = match modern {
        true => (NAMES[0], NAMES[1]),
        false => (NAMES[1], NAMES[0]),
    };
    crate::nearest::nearest(name, [first, second], 2)
}

#[cfg(test)]
mod tests {
    use super::meant;

    #[test]
    fn near_misses_are_named_with_what_they_mean() {
        for (name, wanted) in [
            ("test_groups.yaml", "test_group.yaml"),
            ("test_group.yml", "test_group.yaml"),
            ("Test-Group.YAML", "test_group.yaml"),
            ("testgroup.yaml", "test_group.yaml"),
            ("testdata.yml", "testdata.yaml"),
            ("test_data.yaml", "testdata.yaml"),
            ("test_gruop.yaml", "test_group.yaml"),
            ("testdata.yamll", "testdata.yaml"),
        ] {
            assert_eq!(meant(name, true), Some(wanted), "{name}");
        }
    }

    #[test]
    fn other_files_are_left_alone() {
        for name in [
            "test_group.yaml",
            "testdata.yaml",
            "README.md",
            "generators.yaml",
            "1.yaml",
            "group.yaml",
            "testdata.txt",
        ] {
            assert_eq!(meant(name, true), None, "{name}");
        }
    }
}
