//! A package without a time limit: the limit is inferred from the slowest accepted program (a
//! CPU-bound loop of about 0.8 s, which the old 1 s default would have cut close), the header
//! says so, and `verify` / `time-limit` check the margins of the 2025-09 format.

use crate::support;

use support::{TempPackage, json, leapfrog, verify_ok};

/// Burns `seconds` of CPU time (not sleep: limits count CPU time) on the secret test only.
const BUSY: &str = "import time\na, b = map(int, input().split())\nif a == 1 and b == 7:\n    start = time.process_time()\n    while time.process_time() - start < 0.8:\n        pass\nprint(a + b)\n";

fn unlimited_package() -> TempPackage {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\nlimits:\n  memory: 256\n  output: 1\n",
    );
    pkg.write("submissions/accepted/busy.py", BUSY);
    // Right on the sample, never ends on the secret test.
    pkg.write(
        "submissions/time_limit_exceeded/forever.py",
        "a, b = map(int, input().split())\nwhile a == 1 and b == 7:\n    pass\nprint(a + b)\n",
    );
    pkg
}

#[test]
fn the_limit_is_inferred_from_the_slowest_accepted_program() {
    let pkg = unlimited_package();
    let v = verify_ok(&pkg);
    let tl = &v["time_limit"];
    assert_eq!(tl["found"], "inferred", "{tl}");
    assert_eq!(tl["ac_to_time_limit"], 2.0, "{tl}");
    assert_eq!(tl["multipliers_from"], "2025-09 defaults", "{tl}");
    let slowest = tl["slowest_lower_s"].as_f64().unwrap();
    assert!(slowest >= 0.8, "the loop burns 0.8 s of CPU: {tl}");
    // The smallest whole number of seconds not below slowest × 2.
    assert_eq!(
        tl["limit_s"].as_f64().unwrap(),
        (slowest * 2.0).ceil(),
        "{tl}"
    );
    assert_eq!(v["limits"]["time_s"], tl["limit_s"]);
    assert_eq!(tl["warnings"].as_array().unwrap().len(), 0, "{tl}");
    for row in v["submissions"].as_array().unwrap() {
        assert_eq!(row["status"], "ok", "{row}");
    }
    assert!(
        tl["slowest_lower"]
            .as_str()
            .unwrap()
            .starts_with("accepted/busy.py on secret/01"),
        "{tl}"
    );
    // The header of the table says how the limit was found.
    let output = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let header = text.lines().next().unwrap_or("");
    assert!(header.contains("(inferred: slowest lower bound"), "{text}");
    assert!(header.contains("accepted/busy.py"), "{text}");
}

#[test]
fn margins_too_tight_for_a_given_limit_are_warned_with_figures() {
    let pkg = unlimited_package();
    // 0.8 s of CPU under a 1 s limit: accepted, but not twice as fast as the limit.
    let output = leapfrog()
        .args(["time-limit", &pkg.arg(), "--json", "--time-limit", "1"])
        .output()
        .unwrap();
    let v = json(&output);
    assert_eq!(output.status.code(), Some(1), "{v}");
    let tl = &v["time_limit"];
    assert_eq!(tl["found"], "command line", "{tl}");
    let warnings = tl["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{tl}");
    let warning = warnings[0].as_str().unwrap();
    assert!(warning.starts_with("accepted/busy.py: "), "{warning}");
    assert!(warning.contains("× ac_to_time_limit 2"), "{warning}");
    assert!(warning.contains("above the 1.00 s time limit"), "{warning}");
    let bounds = v["bounds"].as_array().unwrap();
    let upper = bounds
        .iter()
        .find(|b| b["bound"] == "upper")
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(upper["submission"], "time_limit_exceeded/forever.py");
    assert_eq!(upper["cut_off"], true, "{upper}");
}
