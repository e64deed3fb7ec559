//! What a test gives a submission besides its standard input (2025-09; fixture
//! tests/fixtures/files-args): the files of its `.files` folder in the working directory, and
//! the command-line arguments of `args` (a group's, unless the test's `.yaml` sets its own),
//! in the sandbox and outside it; input validators get both too. A `.args` file, which no
//! version of the format has, is refused with a message saying where arguments go.

use crate::support::{TempPackage, installed, run};

fn fixture() -> Option<TempPackage> {
    installed(&["python3"]).then(|| TempPackage::from_fixture("files-args"))
}

#[test]
fn submissions_get_the_files_and_arguments_of_each_test() {
    let Some(pkg) = fixture() else { return };
    // accepted/ needs table.txt and --double on secret/1 only; wrong_answer/ ignores --double.
    for extra in [&[][..], &["--no-sandbox"][..]] {
        let (code, said) = run(&[&["verify", &pkg.arg()][..], extra].concat());
        assert_eq!(code, 0, "{extra:?}: {said}");
        assert!(said.contains("3 as expected"), "{said}");
        assert!(said.contains("WA on secret/1"), "{said}");
    }
}

#[test]
fn input_validators_get_the_files_and_arguments_of_each_test() {
    let Some(pkg) = fixture() else { return };
    let (code, said) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    // The validator looks the key up in the test's table.txt.
    pkg.write("data/secret/2.files/table.txt", "z 1\n");
    let (code, said) = run(&["validate", &pkg.arg()]);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("table.txt has no key y"), "{said}");
}

#[test]
fn a_test_yaml_without_args_runs_the_test_without_its_group_s() {
    let Some(pkg) = fixture() else { return };
    std::fs::remove_file(pkg.path().join("data/secret/2.yaml")).unwrap();
    let submission = pkg.path().join("submissions/accepted/lookup.py");
    let (code, said) = run(&["judge", &pkg.arg(), submission.to_str().unwrap()]);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("WA   secret/2"), "{said}");
}

#[test]
fn an_args_file_is_refused_naming_where_arguments_go() {
    let Some(pkg) = fixture() else { return };
    pkg.write("data/secret/1.args", "--double\n");
    let (code, said) = run(&["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("1.args") && said.contains("args: [...]"),
        "{said}"
    );
    std::fs::remove_file(pkg.path().join("data/secret/1.args")).unwrap();
    std::fs::remove_dir_all(pkg.path().join("data/secret/1.files")).unwrap();
    pkg.write("data/secret/1.files", "x 5\n");
    let (code, said) = run(&["verify", &pkg.arg()]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("1.files") && said.contains("must be a folder"),
        "{said}"
    );
}
