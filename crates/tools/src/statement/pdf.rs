//! PDF statements: one problem's page, or a contest's problem set (every problem in
//! problems.yaml order, each from a new page), printed by headless Chromium.
//!
//! Why Chromium and not LaTeX: the PDF is the very HTML page `leapfrog statement` builds and
//! checks in a browser already (MathML formulas, inline SVG pictures, sample tables), so the
//! paper and the screen cannot drift apart, and one Debian package (`chromium`, which CI installs
//! for the page tests) is all it needs; a LaTeX route would be a second renderer of the
//! Markdown to keep in step, and a TeX installation of some hundreds of megabytes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

/// How long one print may take: a problem set of a dozen problems prints in seconds.
const PRINT_LIMIT: Duration = Duration::from_secs(180);

/// Print rules added to a page: no Copy buttons on paper, each problem of a set on a new page.
const PRINT_STYLE: &str = "<style>\n@media print { button.copy { display: none; } }\n\
main.problem + main.problem { break-before: page; }\n</style>\n";

/// Chromium to print with: `LEAPFROG_CHROMIUM`, else `chromium` (Debian) or
/// `chromium-browser` / `google-chrome` on PATH.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("LEAPFROG_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| leapfrog_util::find_in_path(name))
}

/// One HTML document holding the given statement pages (each a whole page as
/// [`super::page::build`] makes it, with its label): the first page's head, then the `<main>`
/// of each in turn, its title led by the label.
pub fn problem_set(pages: &[(String, String)]) -> anyhow::Result<String> {
    let Some((_, first)) = pages.first() else {
        bail!("the contest has no problems to print");
    };
    let head_end = first
        .find("<main>")
        .context("a statement page without <main>")?;
    let mut out = print_head(&first[..head_end]);
    for (label, page) in pages {
        let start = page
            .find("<main>")
            .context("a statement page without <main>")?;
        let end = page
            .rfind("</main>")
            .context("a statement page without </main>")?;
        let main = &page[start + "<main>".len()..end];
        out.push_str("<main class=\"problem\">");
        out.push_str(&main.replacen("<h1>", &format!("<h1>Problem {label}: "), 1));
        out.push_str("</main>\n");
    }
    out.push_str("</body>\n</html>\n");
    Ok(out)
}

/// A single statement page made ready for paper.
pub fn single(page: &str) -> String {
    match page.find("<main>") {
        Some(at) => print_head(&page[..at]) + &page[at..],
        None => page.to_string(),
    }
}

fn print_head(head: &str) -> String {
    head.replacen("</head>", &format!("{PRINT_STYLE}</head>"), 1)
}

/// Prints `html` to the PDF file `output` (written whole or not at all).
pub fn print(html: &str, output: &Path) -> anyhow::Result<()> {
    let Some(browser) = chromium() else {
        bail!(
            "a PDF needs headless Chromium, which is not installed (apt-get install chromium, or set LEAPFROG_CHROMIUM to a Chromium binary)"
        );
    };
    let work = tempfile::Builder::new()
        .prefix("leapfrog-pdf-")
        .tempdir()
        .context("making a folder for the print")?;
    let page = work.path().join("statement.html");
    let pdf = work.path().join("statement.pdf");
    std::fs::write(&page, html).with_context(|| format!("writing {}", page.display()))?;
    let log_path = work.path().join("chromium.log");
    let log = std::fs::File::create(&log_path)?;
    let mut child = std::process::Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            // Both spellings: older Chromium knows the first, newer the second.
            "--print-to-pdf-no-header",
            "--no-pdf-header-footer",
        ])
        .arg(format!(
            "--user-data-dir={}",
            work.path().join("profile").display()
        ))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", page.display()))
        .stdin(std::process::Stdio::null())
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()
        .with_context(|| format!("starting {}", browser.display()))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > PRINT_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            bail!(
                "{} did not print the PDF within {} s",
                browser.display(),
                PRINT_LIMIT.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let made = std::fs::read(&pdf).ok().filter(|b| b.starts_with(b"%PDF"));
    let Some(bytes) = made.filter(|_| status.success()) else {
        let said = std::fs::read_to_string(&log_path).unwrap_or_default();
        let tail: Vec<&str> = said.lines().rev().take(8).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        bail!(
            "{} did not print a PDF ({status}):\n{}",
            browser.display(),
            tail.join("\n")
        );
    };
    leapfrog_util::write_atomically(output, &bytes)?;
    Ok(())
}
