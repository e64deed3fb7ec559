//! The packages under `problems/` stand alone: a copy of one anywhere verifies, because every
//! file it needs (its checker, its validators) lives inside it, with no link leading out.

use std::path::Path;

use crate::setter_support::copy_tree;
use crate::support::run;

/// Copies `problems/<name>` to a fresh temporary folder as `cp -r` does: a link stays a link,
/// so one that leads out of the package breaks the copy.
fn copy_of(name: &str) -> tempfile::TempDir {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(name);
    let dir = tempfile::Builder::new()
        .prefix(&format!("leapfrog-copy-{name}-"))
        .tempdir()
        .unwrap();
    copy_tree(&from, &dir.path().join(name));
    dir
}

/// Verifies a copy of `problems/<name>`, which must pass. CI's round trip verifies a renamed
/// copy of every package of `problems/` made the same way, and sets
/// `LEAPFROG_COPIES_VERIFIED_BY` so that the suite does not verify each package a second time.
fn copy_verifies(name: &str) {
    if let Some(by) = std::env::var_os("LEAPFROG_COPIES_VERIFIED_BY") {
        eprintln!(
            "skipped: a copy of problems/{name} is verified by {}",
            by.to_string_lossy()
        );
        return;
    }
    let dir = copy_of(name);
    let package = dir.path().join(name);
    let (code, said) = run(&["verify", package.to_str().unwrap(), "--jobs", "2"]);
    assert_eq!(code, 0, "a copy of problems/{name} must verify:\n{said}");
}

#[test]
fn no_link_leads_out_of_a_package() {
    let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    for entry in walkdir::WalkDir::new(&problems) {
        let entry = entry.unwrap();
        if entry.file_type().is_symlink() {
            let package = entry
                .path()
                .strip_prefix(&problems)
                .unwrap()
                .iter()
                .next()
                .unwrap();
            let resolved = std::fs::canonicalize(entry.path());
            let inside = resolved
                .as_ref()
                .is_ok_and(|to| to.starts_with(problems.join(package).canonicalize().unwrap()));
            assert!(
                inside,
                "{} is a link to {:?}, outside its package",
                entry.path().display(),
                std::fs::read_link(entry.path()).unwrap()
            );
        }
    }
}

#[test]
fn the_checkers_input_validator_is_the_same_in_both_boards_packages() {
    // checkers and checkers-path read the same board; each package keeps its own copy of the
    // validator, and this keeps the two from drifting apart.
    let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let read = |name: &str| {
        std::fs::read_to_string(problems.join(name).join("input_validators/validate.rs")).unwrap()
    };
    assert!(
        read("checkers") == read("checkers-path"),
        "problems/checkers-path/input_validators/validate.rs differs from problems/checkers' copy"
    );
}

#[test]
fn a_copy_of_checkers_verifies() {
    copy_verifies("checkers");
}

#[test]
fn a_copy_of_checkers_path_verifies() {
    copy_verifies("checkers-path");
}

#[test]
fn a_copy_of_frogs_verifies() {
    copy_verifies("frogs");
}

#[test]
fn a_copy_of_pairs_verifies() {
    copy_verifies("pairs");
}

#[test]
fn a_copy_of_shifting_verifies() {
    copy_verifies("shifting");
}

#[test]
fn a_copy_of_shifting_labels_verifies() {
    copy_verifies("shifting-labels");
}

#[test]
fn a_copy_of_shifting_query_verifies() {
    copy_verifies("shifting-query");
}
