//! A lean build (`--no-default-features`) leaves out the heavy parts (the `mutants` and `png`
//! features); what needs them still takes its arguments, then exits 2 naming the feature it
//! lacks, and writes nothing. These tests exist in that build only (`.ci/run` runs them with
//! `cargo test --release --no-default-features --test integration -- lean_build::`).

#[cfg(not(all(feature = "mutants", feature = "png")))]
use crate::support::leapfrog;

#[cfg(not(feature = "mutants"))]
#[test]
fn mutants_without_its_feature_says_which_is_missing() {
    let output = leapfrog().args(["mutants", "checkers"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("leapfrog mutants") && stderr.contains("without the `mutants` feature"),
        "{stderr}"
    );
    // Its help is the same as in a full build.
    let help = leapfrog().args(["mutants", "--help"]).output().unwrap();
    assert_eq!(help.status.code(), Some(0), "{help:?}");
    assert!(String::from_utf8_lossy(&help.stdout).contains("--hunt"));
}

#[cfg(not(feature = "png"))]
#[test]
fn png_output_without_its_feature_says_which_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let board = "3\n_._\n.B.\n_._\n";
    let png = dir.path().join("board.png");
    let output = leapfrog()
        .args(["render", "board", "-o", png.to_str().unwrap()])
        .write_stdin(board)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("without the `png` feature"), "{stderr}");
    assert!(!png.exists());
    // SVG needs no rasteriser.
    let svg = dir.path().join("board.svg");
    let output = leapfrog()
        .args(["render", "board", "-o", svg.to_str().unwrap()])
        .write_stdin(board)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}
