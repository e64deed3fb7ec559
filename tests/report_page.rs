//! `verify --report` / `judge --report`: the submissions × tests page and the per-test data of
//! `verify --json` it is a view of, checked as text and in a real headless Chromium (clicks
//! included).

use crate::support;

use std::path::Path;

use support::browser::{self, chromium};
use support::{json, leapfrog};

/// A small copy of `checkers-path`: its checker, the samples and the 16 tiny secret tests of its
/// plan, one accepted and three wrong Python submissions (no compiler needed).
fn small_checkers_path() -> tempfile::TempDir {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/checkers-path");
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path();
    let copy = |rel: &str| {
        let to = pkg.join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(repo.join(rel), to).unwrap();
    };
    copy("problem.yaml");
    for sub in ["output_validators", "input_validators", "data/sample"] {
        for entry in std::fs::read_dir(repo.join(sub)).unwrap() {
            let name = entry.unwrap().file_name();
            copy(&format!("{sub}/{}", name.to_string_lossy()));
        }
    }
    for rel in [
        "submissions/accepted/search.py",
        "submissions/wrong_answer/rows_from_top.py",
        "submissions/wrong_answer/ignores_multiple.py",
        "submissions/wrong_answer/wraps_around.py",
    ] {
        copy(rel);
    }
    let plan = std::fs::read_to_string(repo.join("generators/generators.yaml")).unwrap();
    // Only the group `tiny`: its lines, up to the next group.
    let mut tiny = String::new();
    let mut keep = true;
    for line in plan.lines() {
        if line.starts_with("      ") && !line.starts_with("       ") {
            keep = line.trim() == "tiny:";
        }
        if keep {
            tiny.push_str(line);
            tiny.push('\n');
        }
    }
    std::fs::create_dir_all(pkg.join("generators")).unwrap();
    std::fs::write(pkg.join("generators/generators.yaml"), tiny).unwrap();
    dir
}

/// Runs `verify --report --json` and returns the JSON and the page.
fn verify_with_report(pkg: &Path, page: &Path) -> serde_json::Value {
    let output = leapfrog()
        .args(["verify", pkg.to_str().unwrap(), "--json", "--report"])
        .arg(page)
        .output()
        .unwrap();
    let v = json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    v
}

#[test]
fn verify_json_holds_every_test_of_every_submission() {
    let pkg = small_checkers_path();
    // The page's folder must exist: verify never creates folders for it.
    std::fs::create_dir(pkg.path().join("out")).unwrap();
    let page = pkg.path().join("out/report.html");
    let v = verify_with_report(pkg.path(), &page);
    // The keys verify always had are still there.
    for key in ["problem", "isolation", "ok", "submissions"] {
        assert!(v.get(key).is_some(), "{key}");
    }
    assert_eq!(v["complete"], true);
    let tests = v["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4 + 16);
    assert_eq!(tests[0]["name"], "sample/1");
    assert_eq!(tests[0]["group"], "sample");
    assert_eq!(tests[4]["group"], "secret/tiny");
    assert!(tests[0]["input_bytes"].as_u64().unwrap() > 10);
    assert!(tests[0]["answer_bytes"].as_u64().unwrap() > 0);
    for row in v["submissions"].as_array().unwrap() {
        let cells = row["tests"].as_array().unwrap();
        assert_eq!(cells.len(), tests.len(), "{}", row["submission"]);
        assert_eq!(row["tests_run"], tests.len());
        for (cell, test) in cells.iter().zip(tests) {
            assert_eq!(cell["name"], test["name"]);
            let rejected = cell["verdict"] != "AC";
            assert_eq!(rejected, !cell["message"].as_str().unwrap().is_empty());
        }
    }
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!doctype html>"));
    for external in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
        assert!(!html.contains(external), "{external}");
    }

    // Without --report or --all-tests the JSON says the matrix may have gaps, and each row
    // still lists exactly the tests it ran.
    let output = leapfrog()
        .args(["verify", pkg.path().to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let quick = json(&output);
    assert_eq!(quick["complete"], false);
    for row in quick["submissions"].as_array().unwrap() {
        assert_eq!(row["tests"].as_array().unwrap().len(), row["tests_run"]);
    }
}

#[test]
fn judge_writes_a_one_column_page() {
    let pkg = small_checkers_path();
    let page = pkg.path().join("judge.html");
    let output = leapfrog()
        .args(["judge", pkg.path().to_str().unwrap()])
        .arg(pkg.path().join("submissions/wrong_answer/rows_from_top.py"))
        .arg("--report")
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("report: "), "{stdout}");
    let html = std::fs::read_to_string(&page).unwrap();
    let data = page_data(&html);
    assert_eq!(data["subs"].as_array().unwrap().len(), 1);
    assert_eq!(data["tests"].as_array().unwrap().len(), 20);
    assert_eq!(data["subs"][0]["verdict"], "WA");
}

/// The JSON the page carries in its `#data` element.
fn page_data(html: &str) -> serde_json::Value {
    let start = html.find("id=\"data\">").unwrap() + "id=\"data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end].replace("<\\/", "</")).unwrap()
}

/// Records errors from the first moment: uncaught exceptions, failed loads, console errors.
const ERROR_TRAP: &str = "<script>window.__errors = [];\
addEventListener('error', (e) => __errors.push(String(e.message || (e.target && e.target.src) || e.type)), true);\
addEventListener('unhandledrejection', (e) => __errors.push('rejection: ' + e.reason));\
for (const k of ['error', 'warn']) { const f = console[k]; console[k] = (...a) => { __errors.push(k + ': ' + a.join(' ')); f.apply(console, a); }; }\
</script>";

/// After the page's own script: counts the matrix cells, clicks the first rejected cell, waits
/// for its details, and writes what it saw into `#probe` as JSON.
const PROBE: &str = "<pre id=\"probe\"></pre><script>(async () => {\
const cells = document.querySelectorAll('#matrix .row .c');\
const byClass = {};\
for (const td of cells) { const v = [...td.classList].find((c) => /^v/.test(c)); byClass[v] = (byClass[v] || 0) + 1; }\
const target = document.querySelector('#matrix .row .c.v1');\
target.click();\
const box = document.getElementById('details');\
for (let i = 0; i < 200 && !box.dataset.cell; i++) await new Promise((r) => setTimeout(r, 25));\
const [s, t] = (box.dataset.cell || '-1,-1').split(',').map(Number);\
const data = JSON.parse(document.getElementById('data').textContent);\
const out = { cells: cells.length, byClass, test: t, column: data.subs[s] && data.subs[s].name,\
  clickedRow: +target.parentNode.dataset.t,\
  details: box.textContent, svg: box.querySelectorAll('figure.picture svg').length,\
  svgShapes: box.querySelectorAll('figure.picture svg circle, figure.picture svg rect').length,\
  visible: !box.hidden, ready: document.documentElement.dataset.ready || null, errors: window.__errors };\
document.getElementById('probe').textContent = JSON.stringify(out);\
})();</script>";

fn run_probe(browser: &Path, page: &Path, work: &Path) -> (serde_json::Value, String) {
    let extra = [
        "--enable-logging=stderr",
        "--v=0",
        "--window-size=1400,900",
        // Lets the probe's awaits (unpacking the details) finish before the DOM is dumped.
        "--virtual-time-budget=20000",
    ]
    .map(String::from);
    let (dom, log) = browser::dump_dom(browser, page, work, &extra);
    let start = dom.find("<pre id=\"probe\">").expect("the probe ran") + "<pre id=\"probe\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let text = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let probe = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the probe wrote no result ({e}): {text}\n{log}"));
    (probe, log)
}

#[test]
fn the_page_works_in_a_headless_browser() {
    let Some(browser) = chromium() else {
        if std::env::var_os("LEAPFROG_REQUIRE_BROWSER").is_some() {
            panic!("chromium is required here (LEAPFROG_REQUIRE_BROWSER is set) but not installed");
        }
        eprintln!(
            "SKIPPED the_page_works_in_a_headless_browser: chromium is not installed \
             (apt-get install -y chromium, or set LEAPFROG_CHROMIUM to a Chromium binary)"
        );
        return;
    };
    let pkg = small_checkers_path();
    let page = pkg.path().join("report.html");
    let v = verify_with_report(pkg.path(), &page);
    let html = std::fs::read_to_string(&page).unwrap();
    let probe_page = pkg.path().join("probe.html");
    let probed = html
        .replacen("<head>", &format!("<head>{ERROR_TRAP}"), 1)
        .replacen("</body>", &format!("{PROBE}</body>"), 1);
    std::fs::write(&probe_page, probed).unwrap();
    let work = tempfile::tempdir().unwrap();
    let (probe, log) = run_probe(&browser, &probe_page, work.path());

    // No errors: none the page raised, none Chromium logged from the console.
    assert_eq!(probe["errors"], serde_json::json!([]), "{probe}");
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "console output: {console:#?}");
    assert!(
        probe["ready"].is_string(),
        "the page's script did not finish: {probe}"
    );

    // One cell per submission and test, coloured by the verdict the JSON gives.
    let rows = v["submissions"].as_array().unwrap();
    let tests = v["tests"].as_array().unwrap().len();
    assert_eq!(probe["cells"], rows.len() * tests, "{probe}");
    let count = |verdict: &str| {
        rows.iter()
            .flat_map(|r| r["tests"].as_array().unwrap())
            .filter(|c| c["verdict"] == verdict)
            .count()
    };
    assert!(count("WA") > 0);
    assert_eq!(probe["byClass"]["v0"], count("AC"), "{probe}");
    assert_eq!(probe["byClass"]["v1"], count("WA"), "{probe}");

    // The clicked cell's details: the checker's own message for that submission and test, and
    // a drawing of the board.
    assert_eq!(probe["visible"], true);
    assert_eq!(probe["clickedRow"], probe["test"], "{probe}");
    let column = probe["column"].as_str().unwrap();
    let test = &v["tests"][probe["test"].as_u64().unwrap() as usize]["name"];
    let row = rows.iter().find(|r| r["submission"] == column).unwrap();
    let cell = row["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| &c["name"] == test)
        .unwrap();
    assert_eq!(cell["verdict"], "WA");
    let details = probe["details"].as_str().unwrap();
    let message = cell["message"].as_str().unwrap();
    assert!(details.contains(message), "{message:?} not in {details:?}");
    assert!(
        details.contains("Input") && details.contains("Output"),
        "{details}"
    );
    assert_eq!(probe["svg"], 1, "{probe}");
    assert!(probe["svgShapes"].as_u64().unwrap() > 16, "{probe}");
}

/// `leapfrog status --html` (the overview of problems/) in a real headless Chromium: the page
/// loads without errors and shows one row per problem, with what each lacks.
#[test]
fn the_status_page_works_in_a_headless_browser() {
    let Some(browser) = chromium() else {
        if std::env::var_os("LEAPFROG_REQUIRE_BROWSER").is_some() {
            panic!("chromium is required here (LEAPFROG_REQUIRE_BROWSER is set) but not installed");
        }
        eprintln!("SKIPPED the_status_page_works_in_a_headless_browser: chromium is not installed");
        return;
    };
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().unwrap();
    let page = work.path().join("status.html");
    let out = leapfrog()
        .current_dir(repo)
        .args([
            "status",
            "problems",
            "--json",
            "--html",
            page.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let status = json(&out);
    let html = std::fs::read_to_string(&page).unwrap();
    let probe = "<pre id=\"probe\"></pre><script>\
const rows = [...document.querySelectorAll('#status tbody tr')];\
document.getElementById('probe').textContent = JSON.stringify({\
rows: rows.length, problems: rows.map((r) => r.dataset.problem),\
cells: rows.map((r) => r.children.length), errors: window.__errors,\
styled: getComputedStyle(document.body).fontFamily.includes('system-ui')});\
</script>";
    let probed = html
        .replacen("<head>", &format!("<head>{ERROR_TRAP}"), 1)
        .replacen("</body>", &format!("{probe}</body>"), 1);
    let probe_page = work.path().join("probe.html");
    std::fs::write(&probe_page, probed).unwrap();
    let (seen, log) = run_probe(&browser, &probe_page, work.path());
    assert_eq!(seen["errors"], serde_json::json!([]), "{seen}\n{log}");
    let problems: Vec<&str> = status["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["problem"].as_str().unwrap())
        .collect();
    assert_eq!(problems.len(), 7);
    assert_eq!(seen["rows"], 7, "{seen}");
    assert_eq!(seen["problems"], serde_json::json!(problems), "{seen}");
    assert!(
        seen["cells"].as_array().unwrap().iter().all(|c| c == 8),
        "every row has its eight columns: {seen}"
    );
    assert_eq!(
        seen["styled"], true,
        "the report page's style sheet applies: {seen}"
    );
}

/// The rows of `verify --json` that `--report` must not change: every column of each row
/// (submission, language, expectation and its rules, verdict, status, reason, score), without
/// what the page's longer run changes by design (the tests run, their results, the longest
/// time) and with what the reason measured masked (the figures, `1.23 s`, and how a time limit
/// was passed), as two runs never time alike. A package verify could not read has no rows: its
/// JSON is the error object alone.
fn rows(v: &serde_json::Value) -> Vec<serde_json::Value> {
    if v.get("submissions").is_none() && v.get("error").is_some() {
        return Vec::new();
    }
    let rows = v["submissions"].as_array().unwrap_or_else(|| panic!("{v}"));
    rows.iter()
        .map(|r| {
            let mut row = r.as_object().unwrap_or_else(|| panic!("{r}")).clone();
            for measured in ["tests_run", "max_time_s", "tests"] {
                assert!(row.remove(measured).is_some(), "no {measured} in {r}");
            }
            let reason = row["reason"].as_str().unwrap_or_else(|| panic!("{r}"));
            row.insert(
                "reason".into(),
                masked_figures(timed_out_how(reason)).into(),
            );
            serde_json::Value::Object(row)
        })
        .collect()
}

/// A TLE reason without how the limit was passed: whether the CPU limit or the wall-clock
/// limit stopped the run is measured too, and a busy machine turns one into the other between
/// two runs.
fn timed_out_how(reason: &str) -> &str {
    match reason
        .strip_prefix("TLE on ")
        .and_then(|rest| rest.find(": "))
    {
        Some(at) => &reason[.."TLE on ".len() + at],
        None => reason,
    }
}

/// `text` with every decimal number (`0.25`, `1.5`) replaced by `#`.
fn masked_figures(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let digits = |from: usize| {
            (from..chars.len())
                .take_while(|&k| chars[k].is_ascii_digit())
                .count()
        };
        let whole = digits(i);
        if whole > 0 && chars.get(i + whole) == Some(&'.') && digits(i + whole + 1) > 0 {
            i += whole + 1 + digits(i + whole + 1);
            out.push('#');
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// `verify` on a package, plain and with `--report`: the exit codes and the JSON of both.
fn verify_both_ways(pkg: &Path) -> ((i32, serde_json::Value), (i32, serde_json::Value)) {
    let page = tempfile::tempdir().unwrap();
    let plain = leapfrog()
        .args(["verify", pkg.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let reported = leapfrog()
        .args(["verify", pkg.to_str().unwrap(), "--json", "--report"])
        .arg(page.path().join("page.html"))
        .output()
        .unwrap();
    // A package verify cannot read prints its error object (exit 2); no JSON at all is null.
    let read = |o: &std::process::Output| {
        let code = o.status.code().unwrap_or(-1);
        let value = serde_json::from_slice(&o.stdout).unwrap_or(serde_json::Value::Null);
        (code, value)
    };
    (read(&plain), read(&reported))
}

#[test]
fn a_time_limit_exceeded_program_with_a_later_wrong_answer_is_ok_with_or_without_the_page() {
    let pkg = support::TempPackage::sum(1.0, 256, 2);
    // TLE on secret/01 ("1 7"), then WA on secret/02 ("2 14"); right on the sample.
    pkg.write(
        "submissions/time_limit_exceeded/slow_then_wrong.py",
        "a, b = map(int, input().split())\nwhile a == 1 and b == 7:\n    pass\nprint(a + b + (a == 2))\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let ((plain_code, plain), (report_code, reported)) = verify_both_ways(pkg.path());
    // Judging stops at the first failure as the format's graders do (legacy `on_reject:
    // break`): the TLE on secret/01 is the program's result, and what it does later is not
    // judged against its folder, with or without the page.
    assert_eq!(plain_code, 0, "{plain}");
    assert_eq!(rows(&plain), rows(&reported), "{plain}\n{reported}");
    assert_eq!(report_code, 0, "{reported}");
    let row = &reported["submissions"].as_array().unwrap()[1];
    assert_eq!(row["verdict"], "TLE", "{row}");
    assert!(
        row["reason"]
            .as_str()
            .unwrap()
            .starts_with("TLE on secret/01"),
        "{row}"
    );
    // The page still shows every test, the WA included.
    let tests: Vec<&str> = row["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(tests, ["AC", "TLE", "WA"], "{row}");
}

#[test]
fn verify_and_its_page_give_the_same_rows_on_every_fixture() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| fixtures.join(name).join("problem.yaml").is_file())
        .collect();
    names.sort();
    let mut compared = 0;
    for name in &names {
        let pkg = support::TempPackage::from_fixture(name);
        let ((plain_code, plain), (report_code, reported)) = verify_both_ways(pkg.path());
        // A fixture verify rejects (a mismatch, a broken package) counts too: both ways must
        // then fail alike, with the same rows.
        assert_eq!(plain_code, report_code, "{name}:\n{plain}\n{reported}");
        assert_eq!(plain.get("error"), reported.get("error"), "{name}");
        let (plain_rows, reported_rows) = (rows(&plain), rows(&reported));
        assert_eq!(plain_rows, reported_rows, "{name}:\n{plain}\n{reported}");
        compared += usize::from(!plain_rows.is_empty());
    }
    assert!(
        compared >= names.len() / 2,
        "only {compared} of {names:?} compared"
    );
}

#[test]
fn a_package_verify_rejects_gives_the_same_rows_and_exit_code_with_or_without_the_page() {
    // No fixture fails verify: this package does, on three kinds of mismatch.
    let pkg = support::TempPackage::sum(1.0, 256, 2);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    // Right on the sample, wrong on secret/02 ("2 14").
    pkg.write(
        "submissions/accepted/wrong_later.py",
        "a, b = map(int, input().split())\nprint(a + b + (a == 2))\n",
    );
    pkg.write(
        "submissions/wrong_answer/right.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/run_time_error/wrong.py",
        "a, b = map(int, input().split())\nprint(a - b)\n",
    );
    let ((plain_code, plain), (report_code, reported)) = verify_both_ways(pkg.path());
    assert_eq!(plain_code, 1, "{plain}");
    assert_eq!(report_code, 1, "{reported}");
    let plain_rows = rows(&plain);
    assert_eq!(plain_rows, rows(&reported), "{plain}\n{reported}");
    let statuses: Vec<&str> = (plain_rows.iter())
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        ["ok", "mismatch", "mismatch", "mismatch"],
        "{plain}"
    );
}
