//! How `leapfrog check` hands the output to an output validator run as the jury's user (issue
//! 42): on its stdin, opened by the judge, and never as a copy, even when the output lies in a
//! directory only the judge's user may enter (`0700`, as every temporary directory of the
//! tests is). A copy of a 550 MB output cost more than the check itself.
//!
//! The validator below looks for a file at least as large as the output it read, wherever a
//! copy could be put for it: its working directory and the directories of the input and
//! answer it is given. Skipped, with the reason, where the judge is not root (then it runs as
//! the judge's user, who reaches every file by its own path).

use std::os::unix::fs::PermissionsExt;

use crate::support::TempPackage;
use crate::support::guard::Guard;
use crate::support::users::is_root;

/// Accepts (42) an output that starts with the sum 3 when no copy of it is in reach; rejects
/// (43) naming the copy otherwise.
const LOOKS_FOR_COPIES: &str = r#"import os, sys
size = len(sys.stdin.buffer.read())
places = {os.getcwd(), os.path.dirname(sys.argv[1]), os.path.dirname(sys.argv[2])}
copies = []
for place in places:
    for folder, _, names in os.walk(place):
        for name in names:
            path = os.path.join(folder, name)
            if os.path.isfile(path) and os.path.getsize(path) >= size:
                copies.append(path)
with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as f:
    f.write("a copy of the output: %s (%d bytes read)\n" % (copies, size))
sys.exit(43 if copies else 42)
"#;

/// The output's size: large enough that no input, answer or program comes near it.
const OUTPUT_BYTES: usize = 4 << 20;

#[test]
fn an_output_in_a_private_directory_reaches_the_validator_without_a_copy() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so its validator runs as its own user");
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 1);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: custom\nlimits:\n  time_limit: 2\n  memory: 256\n  output: 8\n",
    );
    pkg.write("output_validators/copies/validate.py", LOOKS_FOR_COPIES);
    let mut text = String::from("3\n");
    text.push_str(&" ".repeat(OUTPUT_BYTES - text.len()));
    let output = pkg.write("private/big.out", &text);
    let private = output.parent().unwrap();
    std::fs::set_permissions(private, std::fs::Permissions::from_mode(0o700)).unwrap();
    let input = pkg.path().join("data/sample/1.in");
    // Readable by others, then by its owner alone: neither is copied.
    for mode in [0o644, 0o600] {
        std::fs::set_permissions(&output, std::fs::Permissions::from_mode(mode)).unwrap();
        // The package's validator runs: the package, the caller's files and TMPDIR as before.
        let guard = Guard::over(&[pkg.path()]);
        let out = guard
            .leapfrog()
            .args(["check", &pkg.arg()])
            .arg(&input)
            .arg(&output)
            .output()
            .unwrap();
        guard.finish();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(0), "output mode {mode:o}: {said}");
        assert!(said.starts_with("AC"), "output mode {mode:o}: {said}");
    }
}
