//! `generators/generators.yaml` (issue 15): the fixture `tests/fixtures/genyaml-sum` uses every
//! key leapfrog reads; generating it gives the expected tree with BAPCtools' seeds, editing one
//! generator makes exactly the tests that use it again, and bad plans stop with one error.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha512};

use crate::support::leapfrog;

fn have_python() -> bool {
    let found = leapfrog::util::find_in_path("python3").is_some();
    if !found {
        eprintln!("skipped: python3 is not installed");
    }
    found
}

/// A copy of the fixture in a temporary directory.
fn fixture() -> (tempfile::TempDir, PathBuf) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/genyaml-sum");
    let dir = tempfile::Builder::new()
        .prefix("leapfrog-genyaml-")
        .tempdir()
        .unwrap();
    let root = dir.path().join("sum");
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.unwrap();
        let to = root.join(entry.path().strip_prefix(&from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else if !entry.path().starts_with(from.join("data/secret")) {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
    (dir, root)
}

/// Every file below `data/secret` (but the manifest) with its bytes and modification time.
fn snapshot(root: &Path) -> BTreeMap<String, (Vec<u8>, std::time::SystemTime)> {
    let secret = root.join("data/secret");
    if !secret.exists() {
        return BTreeMap::new();
    }
    walkdir::WalkDir::new(&secret)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file() && e.file_name() != ".generated.json")
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(&secret)
                .unwrap()
                .display()
                .to_string();
            let modified = e.metadata().unwrap().modified().unwrap();
            (rel, (std::fs::read(e.path()).unwrap(), modified))
        })
        .collect()
}

fn generate(root: &Path) -> std::process::Output {
    leapfrog()
        .args(["generate", root.to_str().unwrap()])
        .output()
        .unwrap()
}

/// BAPCtools' seed, computed here on its own: SHA-512 of salt and command, modulo 2^31.
fn bapctools_seed(salt: &str, command: &str) -> u64 {
    let digest = Sha512::digest(format!("{salt}{command}").as_bytes());
    let tail: [u8; 8] = digest[56..].try_into().unwrap();
    u64::from_be_bytes(tail) % (1 << 31)
}

#[test]
fn the_fixture_generates_the_expected_tree() {
    if !have_python() {
        return;
    }
    let (_dir, root) = fixture();
    let output = generate(&root);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("11 tests (11 made, 0 up to date)"),
        "{stdout}"
    );
    let files = snapshot(&root);
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    let mut expected = vec!["test_group.yaml", "reused/test_group.yaml"];
    for test in [
        "random/1-small",
        "random/2",
        "random/3-counted-1",
        "random/4-counted-2",
        "random/5-counted-3",
        "hand/edge",
        "hand/inline",
        "hand/named",
        "hand/flaky",
        "reused/1-small",
        "reused/named",
    ] {
        expected.push(Box::leak(format!("{test}.in").into_boxed_str()));
        expected.push(Box::leak(format!("{test}.ans").into_boxed_str()));
    }
    expected.sort();
    assert_eq!(names, expected);
    let text = |rel: &str| String::from_utf8(files[rel].0.clone()).unwrap();
    // Inline input and answer get their final newline; a copy brings its answer along.
    assert_eq!(text("hand/inline.in"), "4 5\n");
    assert_eq!(text("hand/inline.ans"), "9\n");
    assert_eq!(text("hand/edge.in"), "0 0\n");
    assert_eq!(text("hand/edge.ans"), "0\n");
    // `{name}.in` written by the generator, with the seed BAPCtools gives the command.
    let seed = bapctools_seed("fixture", "named.py {name} {seed}");
    assert_eq!(text("hand/named.in"), format!("{} 1\n", seed % 1000));
    assert_eq!(text("hand/named.ans"), format!("{}\n", seed % 1000 + 1));
    // Included tests repeat their originals; groups get their test_group.yaml.
    assert_eq!(text("reused/named.in"), text("hand/named.in"));
    assert_eq!(text("reused/1-small.in"), text("random/1-small.in"));
    assert_eq!(text("test_group.yaml"), "input_validator_flags: secret\n");
    assert_eq!(
        text("reused/test_group.yaml"),
        "input_validator_flags: reused\n"
    );
    // The seed of `flaky` is odd, so the retry with the seed plus one made it.
    let flaky = bapctools_seed("fixture", "flaky.py --seed {seed}");
    assert_eq!(flaky % 2, 1);
    assert_eq!(text("hand/flaky.in"), format!("{} 2\n", (flaky + 1) % 97));
    // count: {count} in the command, and a different seed for each value.
    let counted: Vec<String> = (1..=3)
        .map(|k| text(&format!("random/{}-counted-{k}.in", k + 2)))
        .collect();
    assert!(counted[0] != counted[1] && counted[1] != counted[2]);

    // A second run makes nothing and changes nothing.
    let again = generate(&root);
    assert!(String::from_utf8_lossy(&again.stdout).contains("(0 made, 11 up to date)"));
    assert_eq!(snapshot(&root), files);
}

#[test]
fn editing_a_generator_remakes_exactly_the_tests_that_use_it() {
    if !have_python() {
        return;
    }
    let (_dir, root) = fixture();
    assert!(generate(&root).status.success());
    let before = snapshot(&root);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let named = root.join("generators/named.py");
    let source = std::fs::read_to_string(&named).unwrap();
    std::fs::write(&named, source.replace("} 1\\n", "} 2\\n")).unwrap();
    let output = generate(&root);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("11 tests (2 made, 9 up to date)"),
        "{stdout}"
    );
    let after = snapshot(&root);
    let touched: Vec<&str> = after
        .iter()
        .filter(|(rel, file)| before.get(*rel) != Some(file))
        .map(|(rel, _)| rel.as_str())
        .collect();
    assert_eq!(
        touched,
        [
            "hand/named.ans",
            "hand/named.in",
            "reused/named.ans",
            "reused/named.in"
        ]
    );

    // Editing the solution remakes every test it answers (not the inline and copied answers).
    let solution = root.join("submissions/accepted/sum.py");
    let mut text = std::fs::read_to_string(&solution).unwrap();
    text.push_str("# edited\n");
    std::fs::write(&solution, text).unwrap();
    let stdout = String::from_utf8_lossy(&generate(&root).stdout).into_owned();
    assert!(stdout.contains("(9 made, 2 up to date)"), "{stdout}");
}

/// Each bad plan: exit 2, the message names the test (or group) and the key, nothing written.
#[test]
fn bad_plans_are_one_clear_error_and_write_nothing() {
    if !have_python() {
        return;
    }
    let (_dir, root) = fixture();
    assert!(generate(&root).status.success());
    let before = snapshot(&root);
    let plan = root.join("generators/generators.yaml");
    let original = std::fs::read_to_string(&plan).unwrap();
    let cases = [
        (
            original.replace(
                "          flaky: flaky.py --seed {seed}",
                "          flaky:\n            generate: flaky.py --seed {seed}\n            cont: 3",
            ),
            &["generators.yaml:27", "unknown key `cont`", "did you mean `count`"][..],
        ),
        (
            original.replace("          - named", "          - named\n          - reused"),
            &["group secret/reused", "key 'include'", "cycle"][..],
        ),
        (
            original.replace("named: named.py", "named: missing.py"),
            &["test secret/hand/named", "no generator 'missing.py'"][..],
        ),
        (
            original.replace("flaky: flaky.py --seed {seed}", "flaky: flaky.py --seed 3"),
            &["test secret/hand/flaky", "key 'generate'", "odd seed"][..],
        ),
        (
            original.replace("- \"\": gen.py --max 100", "- \"\": gen.py --max 10"),
            &[
                "test secret/random/2",
                "key 'generate'",
                "{seed} collides with test secret/random/1-small",
            ][..],
        ),
    ];
    for (text, needles) in cases {
        assert_ne!(text, original, "each case edits the plan");
        std::fs::write(&plan, &text).unwrap();
        let output = generate(&root);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        for needle in needles {
            assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
        }
        assert_eq!(snapshot(&root), before, "nothing was written: {stderr}");
    }

    // A plan still in the old format is named, not silently ignored.
    std::fs::write(root.join("generators/plan.yaml"), &original).unwrap();
    std::fs::remove_file(&plan).unwrap();
    let output = generate(&root);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("plans are no longer read from plan.yaml"),
        "{stderr}"
    );
}
