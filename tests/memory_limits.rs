//! Memory held at the limit: a program that keeps touching memory is stopped at its limit (MLE,
//! with a peak close to the limit, on every test), and one that stays below it is accepted with
//! its real peak, both where the judge holds runs in a memory cgroup and where it samples their
//! resident memory instead (forced with `LEAPFROG_MEMORY_ENFORCEMENT=sampled`).

use crate::support;

use support::{TempPackage, json, leapfrog};

const LIMIT_MIB: f64 = 256.0;

/// Touches memory 4 MiB at a time, up to 2 GiB, then answers.
const GROW: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    long touched = 0;
    for (int step = 0; step < 512; step++) {
        volatile char *p = malloc(4 << 20);
        if (!p) return 3;
        for (long i = 0; i < (4 << 20); i += 4096) p[i] = 1;
        touched += p[4096];
    }
    printf("%ld\n", a + b + touched - 512);
    return 0;
}
"#;

/// Touches 200 MiB, well within the limit, then answers.
const TWO_HUNDRED: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    volatile char *p = malloc(200 << 20);
    long sum = 0;
    for (long i = 0; i < (200 << 20); i += 4096) p[i] = 1;
    for (long i = 0; i < (200 << 20); i += 4096) sum += p[i];
    printf("%ld\n", a + b + sum - (200 << 20) / 4096);
    return 0;
}
"#;

fn judge(pkg: &TempPackage, name: &str, source: &str, sampled: bool) -> serde_json::Value {
    let path = pkg.write(&format!("submissions/scratch/{name}"), source);
    let mut cmd = leapfrog();
    cmd.args(["judge", &pkg.arg(), path.to_str().unwrap(), "--json"]);
    if sampled {
        cmd.env("LEAPFROG_MEMORY_ENFORCEMENT", "sampled");
    }
    let out = cmd.output().unwrap();
    let v = json(&out);
    if sampled {
        assert_eq!(v["memory_enforcement"], "sampled", "{v}");
    } else {
        let mode = v["memory_enforcement"].as_str().unwrap();
        assert!(mode == "cgroup" || mode == "sampled", "{v}");
    }
    v
}

fn check_both(sampled: bool) {
    let pkg = TempPackage::sum(2.0, LIMIT_MIB as u64, 3);
    let v = judge(&pkg, "grow.c", GROW, sampled);
    assert_eq!(v["verdict"], "MLE", "{v}");
    let tests = v["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    for test in tests {
        assert_eq!(test["verdict"], "MLE", "{test}");
        let peak = test["memory_mib"].as_f64().unwrap();
        assert!(peak <= 1.25 * LIMIT_MIB, "peak {peak} MiB: {test}");
    }
    let v = judge(&pkg, "two_hundred.c", TWO_HUNDRED, sampled);
    assert_eq!(v["verdict"], "AC", "{v}");
    for test in v["tests"].as_array().unwrap() {
        let peak = test["memory_mib"].as_f64().unwrap();
        assert!(peak >= 200.0, "peak {peak} MiB: {test}");
    }
}

#[test]
fn memory_is_held_at_the_limit() {
    check_both(false);
}

#[test]
fn memory_is_held_at_the_limit_by_sampling() {
    check_both(true);
}

#[test]
fn the_header_says_how_memory_is_enforced() {
    let pkg = TempPackage::sum(2.0, 64, 1);
    let path = pkg.write("sum.py", "a, b = map(int, input().split())\nprint(a + b)\n");
    let out = leapfrog()
        .args(["judge", &pkg.arg(), path.to_str().unwrap()])
        .env("LEAPFROG_MEMORY_ENFORCEMENT", "sampled")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().next().unwrap().ends_with("· memory: sampled"),
        "{text}"
    );
}
