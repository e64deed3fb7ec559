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
