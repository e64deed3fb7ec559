//! `leapfrog verify` on a package made elsewhere in the standard layout: accepted programs in
//! four languages, a wrong one and a slow one must each get the verdict their folder names.

use crate::support;

use support::{TempPackage, leapfrog, verify_ok};

fn foreign_package() -> TempPackage {
    let pkg = TempPackage::sum(1.0, 256, 4);
    pkg.write("submissions/accepted/sum.c", "#include <stdio.h>\nint main(){long long a,b;scanf(\"%lld %lld\",&a,&b);printf(\"%lld\\n\",a+b);return 0;}\n");
    pkg.write(
        "submissions/accepted/sum.cpp",
        "#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<'\\n';}\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/accepted/sum.rs",
        "use std::io::Read;\nfn main(){let mut s=String::new();std::io::stdin().read_to_string(&mut s).unwrap();let t:i64=s.split_whitespace().map(|x|x.parse::<i64>().unwrap()).sum();println!(\"{t}\");}\n",
    );
    pkg.write(
        "submissions/wrong_answer/product.py",
        "a, b = map(int, input().split())\nprint(a * b)\n",
    );
    pkg.write(
        "submissions/time_limit_exceeded/slow.cpp",
        "#include <cstdio>\nint main(){long long a,b;scanf(\"%lld %lld\",&a,&b);volatile long long s=0;for(long long i=0;i<a*4000000000LL;i++)s+=1;printf(\"%lld\\n\",a+b);}\n",
    );
    pkg
}

#[test]
fn every_submission_gets_the_verdict_its_folder_names() {
    let pkg = foreign_package();
    let v = verify_ok(&pkg);
    assert_eq!(v["ok"], true);
    let rows = v["submissions"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    for row in rows {
        assert_eq!(row["status"], "ok", "{row}");
        assert_eq!(row["verdict"], row["expected"], "{row}");
    }
    let languages: Vec<&str> = rows
        .iter()
        .map(|r| r["language"].as_str().unwrap())
        .collect();
    for lang in ["C", "C++", "Python", "Rust"] {
        // Python submissions run on PyPy where it is installed.
        let found = languages.contains(&lang) || lang == "Python" && languages.contains(&"PyPy");
        assert!(found, "{lang} not in {languages:?}");
    }
}

#[test]
fn a_submission_in_the_wrong_folder_is_a_mismatch() {
    let pkg = foreign_package();
    // A correct program filed as wrong, and a wrong one filed as accepted.
    pkg.write(
        "submissions/wrong_answer/actually_right.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/accepted/actually_wrong.c",
        "int main(){return 0;}\n",
    );
    let output = leapfrog()
        .args(["verify", &pkg.arg()])
        .args(["--tests", "sample,secret/01"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    let line = |needle: &str| {
        text.lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} in\n{text}"))
            .to_string()
    };
    assert!(line("actually_right.py").contains("MISMATCH"), "{text}");
    assert!(
        line("actually_right.py").contains("never rejected as WA"),
        "{text}"
    );
    assert!(line("actually_wrong.c").contains("MISMATCH"), "{text}");
    assert!(
        line("accepted/sum.rs").trim_start().starts_with("ok"),
        "{text}"
    );
}

#[test]
fn submissions_judged_at_once_keep_the_tables_order_and_verdicts() {
    // Several submissions run at once (the TLE one started first, the rows handed over as they
    // finish); the table and the JSON still list them in the package's order, with the
    // verdicts of one-at-a-time judging.
    let pkg = foreign_package();
    let rows_with = |jobs: &str| {
        let output = leapfrog()
            .args(["verify", &pkg.arg(), "--json", "--jobs", jobs])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let v = support::json(&output);
        v["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["submission"].to_string(), r["verdict"].to_string()))
            .collect::<Vec<_>>()
    };
    let at_once = rows_with("2");
    assert_eq!(at_once, rows_with("1"));
    let names: Vec<&str> = at_once.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names.first(), Some(&"\"accepted/sum.c\""), "{names:?}");
    assert_eq!(
        names.last(),
        Some(&"\"time_limit_exceeded/slow.cpp\""),
        "{names:?}"
    );
}

/// A legacy scoring package whose time limit verify infers (problem.yaml gives none): two
/// groups of 50 (`min`), `first_error accept_if_any_accepted` on secret, as problemtools'
/// oddecho example sets them; `slow.py` is right everywhere but slow on `large`, and
/// submissions.yaml makes it a lower bound on `small` only, so verify judges it ahead of the
/// limit and then judges it again against the limit found.
fn scoring_with_inferred_limit() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write("problem.yaml", "name: Sum\ntype: scoring\n");
    pkg.write(
        "data/testdata.yaml",
        "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n",
    );
    pkg.write("data/sample/testdata.yaml", "range: 0 0\naccept_score: 0\n");
    pkg.write(
        "data/secret/testdata.yaml",
        "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted\n",
    );
    for (group, inputs) in [("small", ["1 2", "3 4"]), ("large", ["100 200", "300 400"])] {
        pkg.write(
            &format!("data/secret/{group}/testdata.yaml"),
            "on_reject: break\naccept_score: 50\nrange: 0 50\ngrader_flags: min\n",
        );
        pkg.write_sum_group(group, &inputs);
    }
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/partially_accepted/slow.py",
        "import time\na, b = map(int, input().split())\nstart = time.process_time()\nwhile a >= 100 and time.process_time() - start < 2.5:\n    pass\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/submissions.yaml",
        "partially_accepted/slow.py:\n  secret/small:\n    permitted: [AC]\n",
    );
    pkg
}

#[test]
fn a_program_judged_again_against_the_inferred_limit_gets_what_judge_gives() {
    let pkg = scoring_with_inferred_limit();
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = support::json(&out);
    let limit = v["time_limit"]["limit_s"].as_f64().unwrap();
    assert_eq!(v["time_limit"]["found"], "inferred", "{v}");
    let rows = v["submissions"].as_array().unwrap();
    let row = rows
        .iter()
        .find(|r| r["submission"] == "partially_accepted/slow.py")
        .unwrap();
    // Judged alone under that limit: TLE on large, and AC by the grader flags with 50 of 100.
    let judged = leapfrog()
        .args(["judge", &pkg.arg()])
        .arg(pkg.path().join("submissions/partially_accepted/slow.py"))
        .args(["--json", "--time-limit", &limit.to_string()])
        .output()
        .unwrap();
    let j = support::json(&judged);
    assert_eq!(
        (&j["verdict"], &j["score"]),
        (&serde_json::json!("AC"), &serde_json::json!(50.0)),
        "{j}"
    );
    assert_eq!(
        (&row["verdict"], &row["score"]),
        (&j["verdict"], &j["score"]),
        "{row}"
    );
    assert_eq!(row["status"], "ok", "{row}");
    assert_eq!(out.status.code(), Some(0), "{v}");
}

/// A test and a submission whose file names hold terminal escapes (a clipboard write, a
/// colour, a screen clear): `verify`'s table names both, escaped, and nothing raw reaches the
/// terminal, as `judge` shows them.
#[test]
fn names_with_terminal_escapes_reach_verifys_table_escaped() {
    let pkg = TempPackage::sum(2.0, 256, 1);
    let name = "x\x1b]52;c;cHduZWQ=\x07\x1b[32mAC";
    pkg.write(&format!("data/secret/{name}.in"), "1 2\n");
    // A wrong answer, so that the accepted program fails there and the reason names the test.
    pkg.write(&format!("data/secret/{name}.ans"), "4\n");
    pkg.write(
        "submissions/accepted/sum\x1b[2J.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let out = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let shown = [&out.stdout[..], &out.stderr[..]].concat();
    let text = String::from_utf8_lossy(&shown);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        !shown.contains(&0x1b),
        "raw escapes reached the terminal:\n{text:?}"
    );
    assert!(
        text.contains("sum\\x1b[2J.py"),
        "the submission is not named: {text}"
    );
    assert!(
        text.contains("x\\x1b]52;c;"),
        "the test is not named: {text}"
    );
}
