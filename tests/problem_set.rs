//! The PDF problem set: a contest of one new problem of each type verifies, exports for
//! DOMjudge and prints as one PDF (`statement CONTEST --pdf`), each problem from a new page with
//! its name in the text; without Chromium, `--pdf` exits 2 saying what to install.

use std::path::Path;

use crate::new_types::{TYPES, run_in};
use crate::support::{self, browser, leapfrog};

#[test]
fn a_contest_of_every_type_verifies_exports_and_prints_as_a_pdf() {
    if !support::installed(&["python3"]) {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    run_in(work.path(), &["new", "contest", "autumn"], 0);
    let contest = work.path().join("autumn");
    for kind in TYPES {
        run_in(&contest, &["new", "problem", kind, "--type", kind], 0);
    }
    let said = run_in(work.path(), &["verify", "autumn"], 0);
    assert!(said.contains("5 problems: 5 as expected, 0 not"), "{said}");
    run_in(
        work.path(),
        &["export", "autumn", "dj", "--format", "domjudge"],
        0,
    );
    for kind in TYPES {
        let zip = work
            .path()
            .join(format!("dj/{}.zip", kind.replace('-', "")));
        assert!(zip.is_file(), "{} is missing", zip.display());
    }
    // DOMjudge reads a multi-pass problem from the legacy `validation` key.
    let yaml = std::fs::read_to_string(work.path().join("dj/multipass/problem.yaml")).unwrap();
    assert!(yaml.contains("validation: custom multi-pass"), "{yaml}");
    assert!(yaml.contains("validation_passes: 2"), "{yaml}");

    if browser::chromium().is_none() {
        assert!(
            std::env::var_os("LEAPFROG_REQUIRE_BROWSER").is_none(),
            "chromium is required here (LEAPFROG_REQUIRE_BROWSER is set) but not installed"
        );
        eprintln!("skipped: the PDF problem set needs chromium, which is not installed");
        return;
    }
    let said = run_in(work.path(), &["statement", "autumn", "--pdf"], 0);
    let pdf = work.path().join("autumn.pdf");
    assert!(said.contains("autumn.pdf"), "{said}");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF"), "not a PDF");
    let names = ["Pass Fail", "Float", "Interactive", "Multi Pass", "Scoring"];
    match pdf_text(&pdf) {
        Some((pages, text)) => {
            assert!(pages >= names.len(), "{pages} pages:\n{text}");
            // Each problem starts on a page of its own: page k's text holds problem k's title.
            let each: Vec<&str> = text.split('\u{c}').collect();
            let mut at = 0;
            for (k, name) in names.iter().enumerate() {
                let label = (b'A' + k as u8) as char;
                let title = format!("Problem {label}: {name}");
                let page = each[at..]
                    .iter()
                    .position(|p| p.contains(&title))
                    .unwrap_or_else(|| panic!("{title:?} is not in the PDF's text:\n{text}"));
                at += page + 1;
            }
        }
        None => eprintln!("skipped: reading the PDF's text needs pdftotext (poppler-utils)"),
    }
    // One problem alone, and the page count read from the file itself.
    run_in(
        &contest,
        &["statement", "float", "--pdf", "-o", "float.pdf"],
        0,
    );
    let one = std::fs::read(contest.join("float.pdf")).unwrap();
    assert!(page_objects(&one) >= 1 && page_objects(&bytes) >= names.len());
}

/// Without Chromium, a PDF is refused with exit 2 and a message that says what to install.
#[test]
fn a_pdf_without_chromium_is_a_usage_error_naming_it() {
    let work = tempfile::tempdir().unwrap();
    run_in(work.path(), &["new", "problem", "sum"], 0);
    let output = leapfrog()
        .current_dir(work.path())
        .args(["statement", "sum", "--pdf"])
        .env("PATH", "/nonexistent")
        .env_remove("LEAPFROG_CHROMIUM")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("apt-get install chromium"), "{said}");
    assert!(!work.path().join("sum.pdf").exists());
}

/// The page count (pdfinfo) and the text, pages split by form feeds (pdftotext), where
/// poppler-utils is installed.
fn pdf_text(pdf: &Path) -> Option<(usize, String)> {
    let text = std::process::Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    Some((text.matches('\u{c}').count(), text))
}

/// The `/Type /Page` objects of a PDF (not `/Pages`): its page count where Chromium writes its
/// page objects uncompressed, as it does.
fn page_objects(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/Type /Page")
        .filter(|(at, m)| !text[at + m.len()..].starts_with('s'))
        .count()
}
