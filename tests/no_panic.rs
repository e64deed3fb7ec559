//! No input makes leapfrog panic: random values for the numeric options and random limits in
//! `problem.yaml` and `.timelimit` end in a verdict or a usage error (exit 0, 1 or 2), never in
//! a panic (exit 101).

use crate::support;

use proptest::prelude::*;
use support::{TempPackage, leapfrog};

/// Text for a numeric option: the awkward cases, then random integers and floats.
fn number_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "0",
            "-0",
            "-1",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "infinity",
            "1e300",
            "1e-300",
            "4294967296",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999999",
            "0.5",
            "",
            "abc",
            "0x10",
        ])
        .prop_map(String::from),
        any::<i64>().prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| v.to_string()),
        (1u64..4).prop_map(|v| v.to_string()),
    ]
}

/// A YAML value for a limit key.
fn yaml_value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            ".nan",
            ".inf",
            "-.inf",
            "~",
            "true",
            "'3'",
            "[1, 2]",
            "{a: 1}",
            "1e300",
            "-5",
            "0",
            "1.5",
            "1e-300",
            "18446744073709551616",
            "16777217",
            "2",
        ])
        .prop_map(String::from),
        any::<i64>().prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| format!("{v:e}")),
    ]
}

/// Exit 0, 1 or 2, and no panic message.
fn assert_no_panic(out: &std::process::Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    assert!(
        matches!(code, Some(0..=2)) && !stderr.contains("panicked"),
        "{what}: exit {code:?}\n{stderr}"
    );
}

fn sum_package() -> (TempPackage, String) {
    let pkg = TempPackage::sum(1.0, 64, 1);
    let sol = pkg.write(
        "submissions/accepted/sum.c",
        "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}\n",
    );
    let sol = sol.to_str().unwrap().to_string();
    (pkg, sol)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn judge_options(option in prop::sample::select(vec!["--time-limit", "--memory-limit", "--processes", "--jobs"]),
                     value in number_text()) {
        let (pkg, sol) = sum_package();
        let out = leapfrog()
            .args(["judge", &pkg.arg(), &sol, "--no-sandbox", "--tests", "sample"])
            .arg(format!("{option}={value}"))
            .output()
            .unwrap();
        assert_no_panic(&out, &format!("judge {option}={value}"));
    }

    #[test]
    fn problem_yaml_limits(keys in prop::collection::vec(
                               (prop::sample::select(vec!["time_limit", "memory", "output",
                                   "validation_time", "validation_memory"]), yaml_value()), 0..4),
                           timelimit in prop::option::of(number_text())) {
        let (pkg, sol) = sum_package();
        let mut yaml = String::from("name: Sum\nlimits:\n");
        for (key, value) in &keys {
            yaml.push_str(&format!("  {key}: {value}\n"));
        }
        if keys.is_empty() {
            yaml.push_str("  {}\n");
        }
        pkg.write("problem.yaml", &yaml);
        if let Some(text) = &timelimit {
            pkg.write(".timelimit", text);
        }
        let out = leapfrog()
            .args(["judge", &pkg.arg(), &sol, "--no-sandbox"])
            .output()
            .unwrap();
        assert_no_panic(&out, &format!("problem.yaml\n{yaml}.timelimit {timelimit:?}"));
    }

    #[test]
    fn stress_options(option in prop::sample::select(vec!["--time", "--shrink-time", "--time-limit",
                                                            "--iterations", "--seed"]),
                      value in number_text()) {
        let (pkg, sol) = sum_package();
        pkg.write("gen.py", "import sys\nprint(1, 2)\n");
        // Short runs whatever the value under test (which replaces its own default here).
        let mut args = vec!["--iterations=1", "--time=5", "--shrink-time=1"];
        args.retain(|a| !a.starts_with(&format!("{option}=")));
        let out = leapfrog()
            .args(["stress", &pkg.arg(), &sol, "--against", &sol, "--generator", "gen.py",
                   "--no-sandbox", "--save", &pkg.arg()])
            .args(args)
            .arg(format!("{option}={value}"))
            .output()
            .unwrap();
        assert_no_panic(&out, &format!("stress {option}={value}"));
    }

    #[test]
    fn other_numbers(command in prop::sample::select(vec![
                         "count pairs", "gen pairs --n", "gen frogs --n", "gen shifting --n 3 --m",
                         "gen checkers --outcome none --n", "render row --text OO_XX --first",
                         "render row --text OO_XX -o x.png --scale", "render row --text OO_XX --columns",
                         "count pairs --table 1..",
                     ]),
                     value in number_text()) {
        // Sizes a counter or a generator would take long on are not what this is about.
        prop_assume!(value.parse::<u64>().map_or(true, |n| !(16..=1 << 40).contains(&n)));
        let dir = tempfile::tempdir().unwrap();
        let mut words: Vec<String> = command.split(' ').map(String::from).collect();
        match words.last_mut() {
            Some(last) if last.ends_with("..") => last.push_str(&value),
            _ => words.push(value.clone()),
        }
        if command.starts_with("gen ") {
            words.extend(["--seed".to_string(), "1".to_string()]);
        }
        let out = leapfrog().current_dir(dir.path()).args(&words).output().unwrap();
        assert_no_panic(&out, &words.join(" "));
    }
}
