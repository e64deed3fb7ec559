//! Files a package adds to every submission of a language (`include/<code>/`, fixture
//! tests/fixtures/include-area): C and Python submissions that write only the function the
//! package's driver calls are judged with that driver, the package's file wins over the
//! submission's own of the same name, a changed included file is rebuilt, and a folder of no
//! known language is named in a warning.

use crate::support::{TempPackage, installed, leapfrog};

fn fixture() -> Option<TempPackage> {
    installed(&["gcc", "python3"]).then(|| TempPackage::from_fixture("include-area"))
}

fn judge(pkg: &TempPackage, submission: &str, extra: &[&str]) -> (i32, serde_json::Value) {
    let path = pkg.path().join("submissions").join(submission);
    let output = leapfrog()
        .args(["judge", &pkg.arg(), path.to_str().unwrap(), "--json"])
        .args(extra)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        crate::support::json(&output),
    )
}

#[test]
fn verify_builds_every_submission_with_the_files_of_its_language() {
    let Some(pkg) = fixture() else { return };
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = crate::support::json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("include/klingon") && stderr.contains("`klingon`"),
        "the folder of no known language is named: {stderr}"
    );
}

#[test]
fn the_package_file_replaces_the_submission_file_of_the_same_name() {
    let Some(pkg) = fixture() else { return };
    // own_driver/main.c prints nonsense; the package's main.c takes its place.
    for extra in [&[][..], &["--no-sandbox"][..]] {
        let (code, v) = judge(&pkg, "accepted/own_driver", extra);
        assert_eq!(code, 0, "{extra:?}: {v}");
        assert_eq!(v["verdict"], "AC", "{v}");
    }
}

#[test]
fn a_changed_included_file_is_built_again() {
    let Some(pkg) = fixture() else { return };
    let (code, v) = judge(&pkg, "accepted/product.c", &[]);
    assert_eq!((code, v["verdict"].as_str()), (0, Some("AC")), "{v}");
    let driver = pkg.path().join("include/c/main.c");
    let text = std::fs::read_to_string(&driver).unwrap();
    std::fs::write(&driver, text.replace("area(w, h));", "area(w, h) + 1);")).unwrap();
    let (code, v) = judge(&pkg, "accepted/product.c", &[]);
    assert_eq!((code, v["verdict"].as_str()), (1, Some("WA")), "{v}");
}

#[test]
fn a_compile_error_names_the_submission_and_the_package_file_as_the_user_has_them() {
    let Some(pkg) = fixture() else { return };
    // Calls a function the package's header does not declare.
    let path = pkg.write(
        "submissions/scratch/typo.c",
        "#include \"area.h\"\nlong long area(long long w, long long h) { return w * h }\n",
    );
    let output = leapfrog()
        .args(["judge", &pkg.arg(), path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("CE"), "{text}");
    assert!(
        text.contains(&format!("{}:2", path.display())),
        "the error points into the submission's own file: {text}"
    );
}

#[test]
fn a_submission_of_a_language_without_a_folder_is_built_alone() {
    let Some(pkg) = fixture() else { return };
    if !installed(&["bash"]) {
        return;
    }
    let (v, code) =
        crate::support::judge_source(&pkg, "whole.sh", "read w h\necho $((w * h))\n", &[]);
    assert_eq!((code, v["verdict"].as_str()), (0, Some("AC")), "{v}");
}
