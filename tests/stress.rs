//! `leapfrog stress` on a package with its own generator program: finds a planted bug, shrinks
//! it, saves it, does so reproducibly, and reports broken set-ups as errors.

use crate::support;

use predicates::prelude::*;
use support::{TempPackage, json, leapfrog};

fn package() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 1);
    pkg.write(
        "generators/gen.py",
        "import random, sys\nargs = dict(zip(sys.argv[1::2], sys.argv[2::2]))\nrng = random.Random(int(args['--seed']))\nm = int(args['--max'])\nprint(rng.randint(0, m), rng.randint(0, m))\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write("submissions/accepted/sum.c", "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}\n");
    // Wrong exactly when a >= 700 and b is odd.
    pkg.write("buggy.c", "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b+(a>=700&&b%2));return 0;}\n");
    pkg
}

fn stress(pkg: &TempPackage, extra: &[&str]) -> (serde_json::Value, i32) {
    let out = leapfrog()
        .args([
            "stress",
            &pkg.arg(),
            pkg.path().join("buggy.c").to_str().unwrap(),
        ])
        .args([
            "--against",
            pkg.path()
                .join("submissions/accepted/sum.c")
                .to_str()
                .unwrap(),
        ])
        .args([
            "--save",
            &pkg.arg(),
            "--json",
            "--no-sandbox",
            "--shrink-time",
            "300",
        ])
        .args(extra)
        .output()
        .unwrap();
    let code = out.status.code().unwrap();
    (
        if code == 2 {
            serde_json::Value::Null
        } else {
            json(&out)
        },
        code,
    )
}

#[test]
fn finds_shrinks_and_saves_the_failure_reproducibly() {
    let pkg = package();
    let (v, code) = stress(&pkg, &["--generator", "gen.py --max 1000", "--seed", "5"]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["found"], true);
    assert_eq!(v["verdict"], "WA");
    // Shrinking can make both numbers no smaller than 700 and 1.
    assert_eq!(v["input"], "700 1\n", "{v}");
    assert_eq!(v["expected"], "701\n");
    assert_eq!(v["output"], "702\n");
    let saved = pkg.path().join(
        "stress-".to_string() + &pkg.path().file_name().unwrap().to_string_lossy() + "-buggy-5.in",
    );
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "700 1\n");
    assert_eq!(
        std::fs::read_to_string(saved.with_extension("ans")).unwrap(),
        "701\n"
    );
    // The same seed finds the same first failure.
    let (again, _) = stress(&pkg, &["--generator", "gen.py --max 1000", "--seed", "5"]);
    assert_eq!(again["tests"], v["tests"]);
    assert_eq!(again["generator"], v["generator"]);
}

#[test]
fn a_correct_program_survives() {
    let pkg = package();
    let out = leapfrog()
        .args([
            "stress",
            &pkg.arg(),
            pkg.path()
                .join("submissions/accepted/sum.py")
                .to_str()
                .unwrap(),
        ])
        .args([
            "--against",
            pkg.path()
                .join("submissions/accepted/sum.py")
                .to_str()
                .unwrap(),
        ])
        .args([
            "--generator",
            "gen.py --max 50",
            "--iterations",
            "15",
            "--no-sandbox",
        ])
        .assert()
        .code(0);
    out.stdout(predicate::str::contains("no failure in 15 tests"));
}

#[test]
fn broken_set_ups_are_errors() {
    let pkg = package();
    // A generator that fails.
    pkg.write("generators/bad.py", "raise SystemExit('no tests today')\n");
    let (_, code) = stress(&pkg, &["--generator", "bad.py"]);
    assert_eq!(code, 2);
    // A submission that does not compile.
    pkg.write("broken.c", "int main( {");
    leapfrog()
        .args([
            "stress",
            &pkg.arg(),
            pkg.path().join("broken.c").to_str().unwrap(),
            "--generator",
            "gen.py --max 9",
            "--no-sandbox",
        ])
        .args([
            "--against",
            pkg.path()
                .join("submissions/accepted/sum.py")
                .to_str()
                .unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not compile"));
    // A reference the checker rejects.
    pkg.write("problem.yaml", "name: Sum\nvalidation: custom\n");
    pkg.write(
        "output_validators/check.py",
        "import sys\na, b = map(int, open(sys.argv[1]).read().split())\nsys.exit(42 if sys.stdin.read().split() == [str(a + b)] else 43)\n",
    );
    pkg.write(
        "twice.py",
        "a, b = map(int, input().split())\nprint(2 * (a + b))\n",
    );
    leapfrog()
        .args([
            "stress",
            &pkg.arg(),
            pkg.path().join("buggy.c").to_str().unwrap(),
            "--generator",
            "gen.py --max 9",
            "--no-sandbox",
        ])
        .args(["--against", pkg.path().join("twice.py").to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the reference and the checker disagree",
        ));
}

/// `leapfrog stress` on a copy of the maxpair fixture: its JSON and exit code.
fn stress_maxpair(pkg: &TempPackage, extra: &[&str]) -> (serde_json::Value, i32) {
    let out = leapfrog()
        .args([
            "stress",
            &pkg.arg(),
            pkg.path()
                .join("submissions/wrong_answer/int32.cpp")
                .to_str()
                .unwrap(),
            "--save",
            &pkg.arg(),
            "--json",
            "--no-sandbox",
        ])
        .args(extra)
        .output()
        .unwrap();
    let code = out.status.code().unwrap();
    assert_ne!(code, 2, "{}", String::from_utf8_lossy(&out.stderr));
    (json(&out), code)
}

/// The numbers of a maxpair input (after its count), checking that the count matches.
fn numbers(input: &str) -> Vec<u64> {
    let mut tokens = input.split_whitespace().map(|t| t.parse::<u64>().unwrap());
    let n = tokens.next().unwrap() as usize;
    let rest: Vec<u64> = tokens.collect();
    assert_eq!(rest.len(), n, "the count matches: {input}");
    rest
}

#[test]
fn a_generator_size_of_200000_shrinks_to_a_handful_of_numbers() {
    let pkg = TempPackage::from_fixture("maxpair");
    // The plan's command lines in turn: the first failure is at n = 200 000.
    let (v, code) = stress_maxpair(&pkg, &["--shrink-time", "30"]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["verdict"], "WA");
    assert!(v["original_bytes"].as_u64().unwrap() > 1_000_000, "{v}");
    let shrunk = numbers(v["input"].as_str().unwrap());
    assert!(shrunk.len() <= 10, "{v}");
    assert!(shrunk.iter().any(|&x| x > 1 << 30), "{v}");
    let moved = v["moved"].as_array().unwrap();
    let n = moved.iter().find(|m| m["argument"] == "--n").unwrap();
    assert_eq!(n["from"], "200000");
    assert!(
        n["to"].as_str().unwrap().parse::<u64>().unwrap() <= 10,
        "{v}"
    );
    // Nothing is left in the scratch space of this run: every `leapfrog-stress-PID-…` directory
    // belongs to a stress run still going on.
    let left: Vec<String> = std::fs::read_dir(std::env::temp_dir())
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    for name in left {
        let Some(rest) = name.strip_prefix("leapfrog-stress-") else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or("");
        assert!(
            std::path::Path::new(&format!("/proc/{pid}")).exists(),
            "{name} outlived its stress run"
        );
    }
}

#[test]
fn a_100000_line_input_shrinks_by_delta_debugging_with_its_count_fixed() {
    let pkg = TempPackage::from_fixture("maxpair");
    // One number per line; one in a hundred is large enough to overflow with another.
    let mut text = String::from("100000\n");
    for i in 0..100_000u64 {
        let value = if i % 100 == 37 {
            1_500_000_000 + i
        } else {
            i * 7 % 1_000_003
        };
        text.push_str(&format!("{value}\n"));
    }
    let input = pkg.write("big.in", &text);
    let (v, code) = stress_maxpair(
        &pkg,
        // Delta debugging stops by itself once no line or token can go (well under a minute
        // on an idle machine); the limit is only a ceiling, generous so that a loaded machine
        // (it failed at 60 s with every core busy) cannot cut the shrinking short. The size
        // of the result is still checked below.
        &["--input", input.to_str().unwrap(), "--shrink-time", "900"],
    );
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["original_bytes"], text.len());
    let shrunk = v["input"].as_str().unwrap();
    assert!(shrunk.lines().count() <= 10, "{v}");
    assert_eq!(numbers(shrunk).len(), 2, "{v}");
    assert_eq!(v["generator"], input.to_str().unwrap());
    assert_eq!(v["shrunk_generator"], serde_json::Value::Null);
}

#[test]
fn add_makes_the_failure_a_test_that_verify_uses() {
    let pkg = TempPackage::from_fixture("maxpair");
    // Without the large tests, nothing in the plan overflows: verify misses the wrong one.
    let plan = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&plan).unwrap();
    let small: String = text
        .lines()
        .filter(|l| !l.contains("large"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&plan, small).unwrap();
    let verify = |pkg: &TempPackage| {
        leapfrog()
            .args(["verify", &pkg.arg(), "--no-sandbox", "--json"])
            .output()
            .unwrap()
    };
    assert_eq!(verify(&pkg).status.code(), Some(1));
    let (v, code) = stress_maxpair(
        &pkg,
        &[
            "--generator",
            "gen.py --n 1000 --max 2147483647",
            "--add",
            "--shrink-time",
            "8",
        ],
    );
    assert_eq!(code, 1, "{v}");
    // Where the shrunk command line still makes the failing input, it becomes a plan entry; when
    // the input was shrunk further within the time given (a fast machine gets there), the input
    // itself is the test. Either way verify must then see the wrong program fail.
    match v["shrunk_generator"].as_str() {
        Some(line) => {
            assert_eq!(v["added"]["test"], "secret/stress-int32-1", "{v}");
            let edited = std::fs::read_to_string(&plan).unwrap();
            assert!(
                edited.contains(&format!("stress-int32-1: {line}\n")),
                "{edited}"
            );
        }
        None => {
            assert_eq!(v["added"]["test"], "secret/stress/stress-int32-1", "{v}");
            assert!(
                pkg.path()
                    .join("data/secret/stress/stress-int32-1.in")
                    .is_file()
            );
        }
    }
    let out = verify(&pkg);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // A failure without a command line goes to data/secret/stress/.
    let input = pkg.write("case.in", "3\n5 2000000000 2000000000\n");
    let (v, code) = stress_maxpair(
        &pkg,
        &[
            "--input",
            input.to_str().unwrap(),
            "--add",
            "--seed",
            "2",
            "--shrink-time",
            "5",
        ],
    );
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["added"]["test"], "secret/stress/stress-int32-2", "{v}");
    let added = pkg.path().join("data/secret/stress/stress-int32-2.in");
    assert_eq!(
        std::fs::read_to_string(added).unwrap(),
        v["input"].as_str().unwrap()
    );
    assert_eq!(verify(&pkg).status.code(), Some(0));
}

/// `leapfrog stress` on a copy of the quarters fixture (`float_tolerance 1e-6` in
/// `data/test_group.yaml`): the submission under `submissions/`, its JSON and exit code.
fn stress_quarters(
    pkg: &TempPackage,
    submission: &str,
    extra: &[&str],
) -> (serde_json::Value, i32) {
    let out = leapfrog()
        .args(["stress", &pkg.arg()])
        .arg(pkg.path().join("submissions").join(submission))
        .args(["--save", &pkg.arg(), "--json", "--no-sandbox"])
        .args(["--iterations", "30", "--shrink-time", "60"])
        .args(extra)
        .output()
        .unwrap();
    let code = out.status.code().unwrap();
    assert_ne!(code, 2, "{}", String::from_utf8_lossy(&out.stderr));
    (json(&out), code)
}

#[test]
fn the_float_tolerance_of_the_test_groups_applies_to_stress_as_to_judge() {
    let pkg = TempPackage::from_fixture("quarters");
    let plan = pkg.path().join("generators/generators.yaml");
    let before = std::fs::read_to_string(&plan).unwrap();
    // Two decimals where the answers print nine: right within 1e-6, as `judge` and `verify`
    // find; stress must find no failure either, and `--add` must add no test.
    let (v, code) = stress_quarters(&pkg, "accepted/two_digits.py", &["--add"]);
    assert_eq!((code, &v["found"]), (0, &serde_json::json!(false)), "{v}");
    assert_eq!(std::fs::read_to_string(&plan).unwrap(), before);
    assert!(!pkg.path().join("data/secret/stress").exists());
    // The tolerance still rejects an answer beyond it.
    let (v, code) = stress_quarters(&pkg, "wrong_answer/rounded.py", &[]);
    assert_eq!((code, &v["verdict"]), (1, &serde_json::json!("WA")), "{v}");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("beyond the tolerance"),
        "{v}"
    );
}
