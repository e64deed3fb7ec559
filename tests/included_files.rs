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

#[test]
fn include_default_serves_the_languages_without_a_folder_in_2025_09_only() {
    let Some(pkg) = fixture() else { return };
    if !installed(&["bash"]) {
        return;
    }
    pkg.write(
        "include/default/lib.sh",
        "area() { echo $(( $1 * $2 )); }\n",
    );
    let source = ". \"$(dirname \"$0\")/lib.sh\"\nread w h\narea \"$w\" \"$h\"\n";
    let (v, code) = crate::support::judge_source(&pkg, "uses_lib.sh", source, &[]);
    assert_eq!((code, v["verdict"].as_str()), (0, Some("AC")), "{v}");
    // C has a folder of its own, which replaces the default one.
    let (code, v) = judge(&pkg, "accepted/product.c", &[]);
    assert_eq!((code, v["verdict"].as_str()), (0, Some("AC")), "{v}");
    // A legacy package has no default folder: `default` is then an unknown code.
    pkg.write(
        "problem.yaml",
        "name: Area\nlimits:\n  time_limit: 4\n  memory: 512\n",
    );
    std::fs::rename(
        pkg.path().join("statement"),
        pkg.path().join("problem_statement"),
    )
    .unwrap();
    let output = leapfrog()
        .args(["judge", &pkg.arg()])
        .arg(pkg.path().join("submissions/scratch/uses_lib.sh"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("`default`"), "{stderr}");
    assert_eq!(output.status.code(), Some(1), "{stderr}");
}

#[test]
fn both_exports_carry_the_included_files() {
    let Some(pkg) = fixture() else { return };
    let out = tempfile::tempdir().unwrap();
    for format in ["legacy", "2025-09"] {
        let dest = out.path().join(format.replace('-', ""));
        let output = leapfrog()
            .args(["export", &pkg.arg(), "--format", format])
            .arg(&dest)
            .output()
            .unwrap();
        assert!(output.status.success(), "{format}: {output:?}");
        assert!(dest.join("include/c/main.c").is_file(), "{format}");
        assert!(dest.join("include/python3/main.py").is_file(), "{format}");
        let submission = dest.join("submissions/accepted/own_driver");
        let output = leapfrog()
            .args([
                "judge",
                dest.to_str().unwrap(),
                submission.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{format}: {said}");
    }
}

#[test]
fn the_constants_of_a_2025_09_package_are_substituted_in_its_included_files() {
    let Some(pkg) = fixture() else { return };
    let yaml = std::fs::read_to_string(pkg.path().join("problem.yaml")).unwrap();
    pkg.write("problem.yaml", &format!("{yaml}constants:\n  extra: 0\n"));
    let driver = pkg.path().join("include/python3/main.py");
    let text = std::fs::read_to_string(&driver).unwrap();
    std::fs::write(
        &driver,
        text.replace("area(w, h))", "area(w, h) + {{extra}})"),
    )
    .unwrap();
    let (code, v) = judge(&pkg, "accepted/solution.py", &[]);
    assert_eq!((code, v["verdict"].as_str()), (0, Some("AC")), "{v}");
    // The value is used, not only removed: a constant of 1 makes every answer one too big.
    pkg.write("problem.yaml", &format!("{yaml}constants:\n  extra: 1\n"));
    let (code, v) = judge(&pkg, "accepted/solution.py", &[]);
    assert_eq!((code, v["verdict"].as_str()), (1, Some("WA")), "{v}");
}
