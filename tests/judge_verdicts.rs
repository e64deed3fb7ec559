//! Every verdict the judge can give, each provoked by a tiny submission written for it.

use crate::support;

use support::{TempPackage, judge_source, leapfrog};

fn verdict(v: &serde_json::Value) -> &str {
    v["verdict"].as_str().unwrap()
}

fn first_message(v: &serde_json::Value) -> String {
    v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["verdict"] != "AC")
        .map(|t| t["message"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

#[test]
fn accepted_with_the_documented_json_shape() {
    let pkg = TempPackage::sum(1.0, 256, 3);
    let (v, code) = judge_source(
        &pkg,
        "sum.c",
        "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);}\n",
        &[],
    );
    assert_eq!(code, 0);
    assert_eq!(verdict(&v), "AC");
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "problem",
            "submission",
            "verdict",
            "isolation",
            "memory_enforcement",
            "tests"
        ]
    );
    let tests = v["tests"].as_array().unwrap();
    let names: Vec<&str> = tests.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["sample/1", "secret/01", "secret/02", "secret/03"],
        "samples first, then secret in order"
    );
    for t in tests {
        let keys: Vec<&str> = t.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["name", "verdict", "time_s", "memory_mib", "message"]);
        assert!(t["time_s"].as_f64().unwrap() >= 0.0);
        assert!(
            t["memory_mib"].as_f64().unwrap() > 0.0,
            "peak memory is measured"
        );
    }
}

#[test]
fn wrong_answer_shows_the_difference() {
    let pkg = TempPackage::sum(1.0, 256, 2);
    let (v, code) = judge_source(
        &pkg,
        "diff.py",
        "a, b = map(int, input().split())\nprint(a - b)\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "WA");
    assert_eq!(first_message(&v), "line 1: expected \"3\", got \"-1\"");
    // The terminal report shows the two differing lines.
    let path = pkg.path().join("submissions/scratch/diff.py");
    leapfrog()
        .args([
            "judge",
            &pkg.arg(),
            path.to_str().unwrap(),
            "--tests",
            "sample",
        ])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("expected (line 1): 3"))
        .stdout(predicates::str::contains("got      (line 1): -1"));
}

#[test]
fn busy_loop_is_a_time_limit_exceeded_stopped_near_the_limit() {
    let pkg = TempPackage::sum(0.5, 256, 1);
    let started = std::time::Instant::now();
    let (v, code) = judge_source(
        &pkg,
        "busy.c",
        "int main(){volatile unsigned long x=0;for(;;)x++;}\n",
        &["--jobs", "1", "--tests", "sample"],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "TLE");
    let t = v["tests"][0]["time_s"].as_f64().unwrap();
    // On a machine busy enough that the loop gets under a quarter of a CPU, the wall-clock
    // limit (3 x 0.5 s + 1 s) ends it first; otherwise the CPU limit does.
    assert!(
        t >= 0.5 || first_message(&v).contains("wall-clock"),
        "reported CPU time {t}: {v}"
    );
    assert!(
        started.elapsed().as_secs_f64() < 10.0,
        "the busy loop was stopped, not left to run"
    );
}

#[test]
fn sleeping_is_a_time_limit_exceeded_by_wall_clock() {
    let pkg = TempPackage::sum(0.3, 256, 0);
    let (v, code) = judge_source(&pkg, "sleepy.py", "import time\ntime.sleep(60)\n", &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "TLE");
    assert!(
        first_message(&v).contains("wall-clock"),
        "{}",
        first_message(&v)
    );
    assert!(
        v["tests"][0]["time_s"].as_f64().unwrap() < 0.3,
        "a sleeper uses little CPU"
    );
}

#[test]
fn memory_hog_is_memory_limit_exceeded() {
    let pkg = TempPackage::sum(2.0, 64, 0);
    // Touches 128 MiB: twice the limit.
    let src = "#include <stdlib.h>\n#include <stdio.h>\nint main(){size_t n=128u<<20;volatile char*p=malloc(n);if(!p)return 1;for(size_t i=0;i<n;i+=4096)p[i]=1;printf(\"%d\\n\",p[n-4096]+2);}\n";
    let (v, code) = judge_source(&pkg, "hog.c", src, &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "MLE", "{v}");
    // A memory cgroup stops the run at the limit itself; sampling just past it.
    assert!(v["tests"][0]["memory_mib"].as_f64().unwrap() >= 64.0, "{v}");
}

#[test]
fn endless_allocation_is_stopped_and_memory_limit_exceeded() {
    let pkg = TempPackage::sum(5.0, 64, 0);
    let src = "#include <stdlib.h>\n#include <string.h>\nint main(){for(;;){char*p=malloc(1<<20);memset(p,1,1<<20);}}\n";
    let (v, code) = judge_source(&pkg, "runaway.c", src, &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "MLE", "{v}");
}

#[test]
fn crash_by_signal_is_a_run_time_error() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let (v, code) = judge_source(
        &pkg,
        "segv.c",
        "int main(){volatile int*p=0;*p=1;return 0;}\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "RTE");
    assert!(
        first_message(&v).contains("SIGSEGV"),
        "{}",
        first_message(&v)
    );
}

#[test]
fn non_zero_exit_is_a_run_time_error_with_its_stderr() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let (v, code) = judge_source(
        &pkg,
        "exit.py",
        "import sys\nprint('3')\nsys.stderr.write('giving up\\n')\nsys.exit(3)\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "RTE");
    assert_eq!(first_message(&v), "exit code 3: giving up");
}

#[test]
fn output_past_the_limit_is_cut_off_an_endless_writer_is_tle_and_one_that_stops_is_ole() {
    // As DOMjudge and BAPCtools judge them: writes past the output limit fail, so a program
    // that keeps writing runs into its time limit, and one that stops has too much output.
    let pkg = TempPackage::sum(1.0, 256, 0);
    let (v, code) = judge_source(
        &pkg,
        "spam.c",
        "#include <stdio.h>\nint main(){for(;;)puts(\"3 3 3 3 3 3 3 3 3 3 3 3 3 3 3\");}\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "TLE", "{v}");
    let (v, code) = judge_source(
        &pkg,
        "lots.c",
        "#include <stdio.h>\nint main(){for(int i=0;i<200000;i++)puts(\"3 3 3 3 3 3 3 3 3 3 3 3 3 3 3\");}\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "OLE", "{v}");
}

#[test]
fn syntax_error_is_a_compile_error_with_the_compiler_message() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    let (v, code) = judge_source(&pkg, "broken.cpp", "int main( { return 0; }\n", &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict(&v), "CE");
    assert!(v["tests"].as_array().unwrap().is_empty());
    assert!(v["compile_message"].as_str().unwrap().contains("error"));
}

#[test]
fn crashing_checker_is_a_judge_error_never_a_verdict() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("problem.yaml", "name: Sum\nvalidation: custom\n");
    pkg.write(
        "output_validators/check.py",
        "import sys\nraise RuntimeError('checker bug')\n",
    );
    let (v, code) = judge_source(
        &pkg,
        "sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
        &[],
    );
    assert_eq!(code, 2, "a judge error exits with 2");
    assert_eq!(verdict(&v), "JE");
    let message = first_message(&v);
    assert!(
        message.contains("output validator") && message.contains("check.py"),
        "{message}"
    );
    assert!(message.contains("checker bug"), "{message}");
}

#[test]
fn custom_checker_reason_comes_from_the_feedback_directory() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("problem.yaml", "name: Sum\nvalidation: custom\n");
    pkg.write(
        "output_validators/check.py",
        "import sys, os\nans = open(sys.argv[2]).read().split()\nout = sys.stdin.read().split()\nif out == ans:\n    sys.exit(42)\nopen(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write('wanted %s, saw %s\\n' % (ans, out))\nsys.exit(43)\n",
    );
    let (v, _) = judge_source(
        &pkg,
        "sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
        &[],
    );
    assert_eq!(verdict(&v), "AC");
    let (v, code) = judge_source(
        &pkg,
        "off.py",
        "a, b = map(int, input().split())\nprint(a + b + 1)\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(first_message(&v), "wanted ['3'], saw ['4']");
}

#[test]
fn bad_input_is_a_clear_error_with_exit_code_2() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    let sub = pkg.write("submissions/x/prog.unknown", "hello");
    leapfrog()
        .args(["judge", &pkg.arg(), sub.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("unknown submission type"));
    leapfrog()
        .args(["judge", "no-such-problem", sub.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no problem 'no-such-problem'"));
    std::fs::remove_file(pkg.path().join("data/secret/01.ans")).unwrap();
    let ok = pkg.write("submissions/x/ok.py", "print(3)\n");
    leapfrog()
        .args(["judge", &pkg.arg(), ok.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "01.in: test input has no answer file",
        ));
    leapfrog().args(["judge", &pkg.arg()]).assert().code(2);
}
