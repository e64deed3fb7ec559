//! `leapfrog statement`: the standalone HTML page (pictures as inline SVG, formulas as MathML,
//! samples with copy buttons), checked as text and in a real headless browser.

use crate::setter_support;
use crate::support;

use std::path::{Path, PathBuf};

use setter_support::FixtureRepo;
use support::browser::{self, chromium};
use support::leapfrog;

fn build_page(repo: &FixtureRepo) -> (PathBuf, String) {
    let output = leapfrog()
        .current_dir(repo.path())
        .args(["statement", "hops"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let path = repo.path().join("target/statements/hops.html");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        path.canonicalize().unwrap().display().to_string()
    );
    let html = std::fs::read_to_string(&path).unwrap();
    (path, html)
}

#[test]
fn the_page_holds_pictures_formulas_and_samples() {
    let repo = FixtureRepo::new();
    let (_, html) = build_page(&repo);
    assert!(html.starts_with("<!doctype html>"));
    assert!(html.contains("<title>Frog Hops</title>"));
    assert!(html.contains("<h1>Frog Hops</h1>"));
    assert_eq!(
        html.matches("<h1>").count(),
        1,
        "the title heading is not repeated"
    );
    assert!(html.contains("Time limit: 1 s · Memory limit: 512 MiB"));
    assert!(html.contains("<h2>Input</h2>"));
    assert_eq!(html.matches("<figure class=\"picture").count(), 3);
    assert_eq!(html.matches("<svg xmlns=").count(), 3);
    assert!(html.contains("<figcaption>Three moves for N = 1.</figcaption>"));
    assert!(html.contains("<math"), "formulas become MathML");
    assert!(!html.contains("$1 \\le"), "no raw TeX left in the text");
    // Ids stay unique with several pictures on the page.
    for id in ["pic1-arrow", "pic2-arrow", "pic3-arrow"] {
        assert_eq!(html.matches(&format!("id=\"{id}\"")).count(), 1, "{id}");
    }
    // Samples: the exact file text, each with a copy button aimed at it.
    assert!(html.contains("<pre id=\"sample-2-input\">3\n</pre>"));
    assert!(html.contains("<pre id=\"sample-2-output\">15\n</pre>"));
    assert_eq!(html.matches("<button class=\"copy\"").count(), 4);
    assert!(html.contains("data-target=\"sample-1-output\""));
    // Standalone: nothing is fetched from anywhere.
    for external in ["src=\"http", "href=\"http", "<link", "@import"] {
        assert!(!html.contains(external), "{external}");
    }
}

#[test]
fn output_goes_where_asked_and_broken_pictures_are_reported() {
    let repo = FixtureRepo::new();
    let out = repo.path().join("elsewhere/page.html");
    let output = leapfrog()
        .current_dir(repo.path())
        .args(["statement", "problems/hops", "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(out.is_file());

    let statement = repo.problem("hops").join("problem_statement/problem.en.md");
    let mut md = std::fs::read_to_string(&statement).unwrap();
    let line = md.lines().count() + 2;
    md.push_str("\n```row moves=\"2\"\nO_X\n```\n");
    std::fs::write(&statement, md).unwrap();
    let output = leapfrog()
        .current_dir(repo.path())
        .args(["statement", "hops"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("problem.en.md"), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "the row picture on line {line}: in the moves: move 1 (2): square 2 is empty"
        )),
        "{stderr}"
    );
    assert!(!repo.path().join("target/statements/hops.html").exists());
}

/// Opens `page` headless: returns the DOM after the scripts ran and the screenshot's pixels.
fn open_in_browser(browser: &Path, page: &Path, work: &Path) -> (String, resvg::tiny_skia::Pixmap) {
    let shot = work.join("shot.png");
    let extra = [
        "--hide-scrollbars".to_string(),
        "--window-size=1000,2200".to_string(),
        format!("--screenshot={}", shot.display()),
    ];
    let (dom, log) = browser::dump_dom(browser, page, work, &extra);
    let png = std::fs::read(&shot).unwrap_or_else(|e| panic!("no screenshot ({e}):\n{log}"));
    (dom, resvg::tiny_skia::Pixmap::decode_png(&png).unwrap())
}

#[test]
fn the_page_renders_in_a_headless_browser() {
    let Some(browser) = chromium() else {
        if std::env::var_os("LEAPFROG_REQUIRE_BROWSER").is_some() {
            panic!("chromium is required here (LEAPFROG_REQUIRE_BROWSER is set) but not installed");
        }
        eprintln!(
            "SKIPPED the_page_renders_in_a_headless_browser: chromium is not installed \
             (apt-get install -y chromium, or set LEAPFROG_CHROMIUM to a Chromium binary)"
        );
        return;
    };
    let repo = FixtureRepo::new();
    let (path, html) = build_page(&repo);
    // A copy of the page that presses the second sample's Copy button once the page's own
    // script is set up, with a clipboard that records what it is given.
    let probe = html.replace(
        "</body>",
        "<script>\
         Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t) => { document.body.dataset.copied = t; } } });\
         document.querySelector('button[data-target=\"sample-2-input\"]').click();\
         </script></body>",
    );
    let probe_path = path.with_file_name("probe.html");
    std::fs::write(&probe_path, probe).unwrap();

    let work = tempfile::tempdir().unwrap();
    let (dom, shot) = open_in_browser(&browser, &probe_path, work.path());
    // Keep the screenshot where a person can look at it.
    let keep = Path::new(env!("CARGO_TARGET_TMPDIR")).join("statement-screenshot.png");
    std::fs::copy(work.path().join("shot.png"), &keep).unwrap();
    eprintln!("screenshot: {}", keep.display());

    // The DOM after scripts ran: the statement, pictures, formulas and samples are there.
    assert!(dom.contains("<h1>Frog Hops</h1>"), "{dom}");
    assert_eq!(dom.matches("<svg").count(), 3);
    assert!(dom.matches("<math").count() >= 5);
    assert!(dom.contains("<pre id=\"sample-1-input\">1\n</pre>"));
    // The button copied the exact sample text and says so.
    assert!(
        dom.contains("data-copied=\"3\n\""),
        "the copy button did not copy the sample"
    );
    assert!(
        dom.contains(">Copied</button>"),
        "the copy button did not confirm"
    );

    // The screenshot: a page-sized picture with the boards' dark squares, black pieces and
    // move arrows actually painted.
    assert_eq!((shot.width(), shot.height()), (1000, 2200));
    let count = |rgb: (u8, u8, u8)| {
        shot.pixels()
            .iter()
            .filter(|p| (p.red(), p.green(), p.blue()) == rgb)
            .count()
    };
    let dark_squares = count((0xa4, 0x75, 0x51));
    let black_pieces = count((0x22, 0x22, 0x22));
    let arrows = count((0xd9, 0x48, 0x0f));
    assert!(dark_squares > 10_000, "{dark_squares} dark-square pixels");
    assert!(black_pieces > 1_000, "{black_pieces} black-piece pixels");
    assert!(arrows > 200, "{arrows} arrow pixels");
}

/// Every statement in the repository builds: the page (pictures, formulas) and the LaTeX of the
/// Kattis export, so a broken picture or formula is caught before anyone exports.
#[test]
fn every_problem_statement_of_the_repository_builds() {
    let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let Ok(entries) = std::fs::read_dir(&problems) else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    for entry in entries {
        let dir = entry.unwrap().path();
        if !dir.join("problem_statement/problem.en.md").is_file() {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let page = out.path().join(format!("{name}.html"));
        let output = leapfrog()
            .args([
                "statement",
                dir.to_str().unwrap(),
                "-o",
                page.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{name}: {output:?}");
        let package = leapfrog::package::Package::open(dir.to_str().unwrap()).unwrap();
        let statement = leapfrog::statement::Statement::load(&package).unwrap();
        let latex = leapfrog::export::latex::convert(
            statement.pieces(&package).unwrap(),
            package.display_name(),
            &name,
            leapfrog::REGISTRY.drawings.draw,
        )
        .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(latex.text.contains("\\problemname{"), "{name}");
        assert_eq!(
            std::fs::read_to_string(&page)
                .unwrap()
                .matches("<figure")
                .count(),
            latex.pictures.len(),
            "{name}: the page and the LaTeX draw the same pictures"
        );
    }
}
