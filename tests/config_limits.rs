//! Configuration files within bounds (issue 40): a problem.yaml nested 100000 levels deep, or
//! larger than any configuration file needs to be, is refused at once naming the file and why;
//! the package, the caller's files and the judge's temporary directory come out as they went in
//! ([`Guard`]).

use crate::support::TempPackage;
use crate::support::guard::Guard;

/// `leapfrog ARGS` under a guard over `pkg`: exit code, stdout and stderr together.
fn run(pkg: &TempPackage, args: &[&str]) -> (i32, String) {
    let guard = Guard::over(&[pkg.path()]);
    let out = guard.leapfrog().args(args).output().unwrap();
    guard.finish();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// A problem.yaml of 100000 `[` and one of 20 MiB: refused at once, naming the file and why,
/// rather than parsed for minutes or into gigabytes.
#[test]
fn a_configuration_file_too_deep_or_too_large_is_refused() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    pkg.write("problem.yaml", &format!("name: {}", "[".repeat(100_000)));
    let started = std::time::Instant::now();
    let (code, text) = run(&pkg, &["status", &pkg.arg()]);
    assert!(
        started.elapsed().as_secs() < 10,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("problem.yaml") && text.contains("nested deeper"),
        "{text}"
    );
    let mut big = String::from("name: Sum\n");
    big.push_str(&"# padding padding padding padding\n".repeat(20 << 20 >> 5));
    pkg.write("problem.yaml", &big);
    let (code, text) = run(&pkg, &["status", &pkg.arg()]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("problem.yaml") && text.contains("larger than"),
        "{text}"
    );
}
