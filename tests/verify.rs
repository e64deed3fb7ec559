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
    // Several submissions run at once (the TLE one queued last); the table and the JSON still
    // list them in the package's order, with the verdicts of one-at-a-time judging.
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
