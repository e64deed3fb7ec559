//! `leapfrog check` judges with the settings `judge` uses: an input of `data/` is checked with
//! the validator arguments of its own test (its group chain up to `data/`), and an input from
//! elsewhere with those of `data/secret`, saying so on stderr.

use crate::support::{TempPackage, leapfrog};

use predicates::prelude::*;

fn check(pkg: &TempPackage, args: &[&std::path::Path]) -> assert_cmd::assert::Assert {
    leapfrog().args(["check", &pkg.arg()]).args(args).assert()
}

#[test]
fn a_test_of_data_is_checked_with_the_tolerance_of_its_groups() {
    let pkg = TempPackage::from_fixture("float-dist");
    let input = pkg.path().join("data/secret/same/07-same.in");
    let short = pkg.write("out/short.out", "0.00\n");
    check(&pkg, &[&input, &short]).code(0).stdout("AC\n");
    // The answer given by hand gets the same settings.
    let answer = input.with_extension("ans");
    check(&pkg, &[&input, &short, &answer])
        .code(0)
        .stdout("AC\n");
    // The tolerance is not a licence for anything.
    let far = pkg.write("out/far.out", "0.01\n");
    check(&pkg, &[&input, &far])
        .code(1)
        .stdout(predicate::str::starts_with("WA"));
}

#[test]
fn a_group_of_its_own_overrides_what_data_sets() {
    let pkg = TempPackage::from_fixture("float-dist");
    pkg.write(
        "data/secret/far/test_group.yaml",
        "output_validator_args: [float_absolute_tolerance, 0.01]\n",
    );
    let input = pkg.path().join("data/secret/far/01-diagonal.in");
    let rounded = pkg.write("out/rounded.out", "1.41\n");
    check(&pkg, &[&input, &rounded]).code(0).stdout("AC\n");
    // The same input copied out of data/ is judged as a test of data/secret, whose tolerance
    // (1e-6, from data/) rejects the rounding.
    let outside = pkg.write("elsewhere/diagonal.in", "0 0 1 1\n");
    let answer = input.with_extension("ans");
    check(&pkg, &[&outside, &rounded, &answer])
        .code(1)
        .stdout(predicate::str::starts_with("WA"));
}

#[test]
fn an_input_outside_data_is_judged_with_the_settings_of_secret_and_says_so() {
    let pkg = TempPackage::from_fixture("float-dist");
    let input = pkg.write("elsewhere/x.in", "0 0 0 0\n");
    let short = pkg.write("elsewhere/x.out", "0.00\n");
    // The answer beside the input, as check finds it when none is given.
    pkg.write("elsewhere/x.ans", "0.000000000\n");
    check(&pkg, &[&input, &short])
        .code(0)
        .stdout("AC\n")
        .stderr(predicate::str::contains(
            "x.in is no test of data/; judged with the settings of data/secret",
        ));
}
