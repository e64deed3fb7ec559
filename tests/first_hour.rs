//! A setter's first hour (issue 19): the rough edges a new user met with a package of their own,
//! each driven through the `leapfrog` binary as the user ran it.

use std::process::Stdio;

#[allow(unused_imports)]
use crate::support::{TempPackage, leapfrog};

fn cache_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache")
}

fn have(tool: &str) -> bool {
    let found = leapfrog::util::find_in_path(tool).is_some();
    if !found {
        eprintln!("skipped: {tool} is not installed");
    }
    found
}

/// `leapfrog judge … | head -1`: a reader that closes the pipe early ends the output quietly,
/// with the command's usual exit code and no panic.
#[test]
fn closed_stdout_is_a_normal_end() {
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 3);
    let solution = pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
        .args(["judge", &pkg.arg(), solution.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .env("LEAPFROG_CACHE_DIR", cache_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before the first line, as `head -1` does after its line.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!stderr.contains("Broken pipe"), "stderr: {stderr}");
}
