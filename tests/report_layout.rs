//! The report page's layout: `--report` makes the page's folder, each group is one heading
//! (its tests together), and neighbouring column labels are kept apart (checked in headless
//! Chromium, skipped visibly where it is missing).

use crate::support;

use std::path::Path;

use support::browser::{self, chromium};
use support::{TempPackage, leapfrog};

/// The sum problem with tests in `secret/` both before and after a subgroup, and submissions
/// that expect different verdicts (so the page has several bands).
fn sum_with_split_secret() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 0);
    for (name, input, sum) in [("01", "1 2", 3), ("g/1", "3 4", 7), ("zz", "5 6", 11)] {
        pkg.write(&format!("data/secret/{name}.in"), &format!("{input}\n"));
        pkg.write(&format!("data/secret/{name}.ans"), &format!("{sum}\n"));
    }
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write(
        "submissions/wrong_answer/one_more_than_the_sum.py",
        "a, b = map(int, input().split())\nprint(a + b + 1)\n",
    );
    pkg
}

/// The page's data (the JSON in `<script id="data">`).
fn page_data(page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let start = html.find("id=\"data\">").unwrap() + "id=\"data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[test]
fn report_makes_its_folder_and_names_each_group_once() {
    let pkg = sum_with_split_secret();
    let out_dir = tempfile::tempdir().unwrap();
    let page = out_dir.path().join("reports/today/sum.html");
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--report"])
        .arg(&page)
        .output()
        .unwrap();
    // main: "cannot write the page there: the folder …/reports/today does not exist (create
    // it first)", exit 2.
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(page.is_file());
    let data = page_data(&page);
    // main: "groups":["sample","secret","secret/g","secret"].
    let groups: Vec<&str> = data["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_str().unwrap())
        .collect();
    assert_eq!(groups, ["sample", "secret", "secret/g"], "{data}");
    let rows: Vec<u64> = data["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[1].as_u64().unwrap())
        .collect();
    assert!(rows.windows(2).all(|w| w[0] <= w[1]), "{rows:?}");
}

/// Measures, in the rendered page, the room between neighbouring band labels and column heads.
const PROBE: &str = "<pre id=\"probe\"></pre><script>(async () => {\
for (let i = 0; i < 200 && !document.documentElement.dataset.ready; i++) await new Promise((r) => setTimeout(r, 25));\
const apart = (sel) => [...document.querySelectorAll(sel)].map((e) => { const s = getComputedStyle(e);\
  return parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft); });\
document.getElementById('probe').textContent = JSON.stringify({ bands: apart('.band'), subs: apart('.subs .sub') });\
})();</script>";

#[test]
fn column_labels_are_kept_apart_in_a_browser() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: column_labels_are_kept_apart_in_a_browser: chromium is not installed");
        return;
    };
    let pkg = sum_with_split_secret();
    let work = tempfile::tempdir().unwrap();
    let page = work.path().join("sum.html");
    let out = leapfrog()
        .args(["verify", &pkg.arg(), "--report"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, html.replace("</body>", &format!("{PROBE}</body>"))).unwrap();
    let extra = ["--virtual-time-budget=20000", "--window-size=1200,800"].map(String::from);
    let (dom, log) = browser::dump_dom(&browser, &page, work.path(), &extra);
    let start = dom.find("<pre id=\"probe\">").unwrap() + "<pre id=\"probe\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let probe: serde_json::Value = serde_json::from_str(&dom[start..end])
        .unwrap_or_else(|e| panic!("no probe result ({e}): {}\n{log}", &dom[start..end]));
    // main: 0 px between "expected AC (1)" and "expected WA (1)", 1 px between column heads.
    for key in ["bands", "subs"] {
        let room = probe[key].as_array().unwrap();
        assert_eq!(room.len(), 2, "{probe}");
        assert!(room.iter().all(|r| r.as_f64().unwrap() >= 3.0), "{probe}");
    }
}
