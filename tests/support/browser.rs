//! Headless Chromium for the page tests: finding it, and running it on a page with the flags a
//! closed network needs, under a time limit.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Debian's chromium, or whatever `LEAPFROG_CHROMIUM` names.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("LEAPFROG_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| ["chromium", "chromium-browser"].map(|n| d.join(n)))
        .find(|p| p.is_file())
}

/// Opens `page` headless with a fresh profile under `work` and the `extra` flags, and dumps the
/// DOM after the scripts ran. Returns the DOM and Chromium's log; panics (with the log) when it
/// fails or takes over two minutes.
pub fn dump_dom(browser: &Path, page: &Path, work: &Path, extra: &[String]) -> (String, String) {
    let mut child = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .args(extra)
        .arg(format!(
            "--user-data-dir={}",
            work.join("profile").display()
        ))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .stdout(std::fs::File::create(work.join("dom.html")).unwrap())
        .stderr(std::fs::File::create(work.join("browser.log")).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let log = std::fs::read_to_string(work.join("browser.log")).unwrap_or_default();
    assert!(status.success(), "chromium failed: {status}\n{log}");
    let dom = std::fs::read_to_string(work.join("dom.html")).unwrap();
    (dom, log)
}
