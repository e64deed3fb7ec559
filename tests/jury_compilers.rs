//! Every jury solution of every problem compiles at the language level of the oldest compilers
//! that supported distributions ship (Debian 12 and 13, Ubuntu 22.04 and 24.04), with the flags
//! DOMjudge's default language settings pass, so an import into DOMjudge judges them all.
//!
//! Rust is checked with the real old compiler, Debian 12's rustc 1.63, so a newer library API
//! fails as it would on the judge host. C and C++ are checked with this machine's GCC at the
//! standard GCC 11-14 default to: a newer language feature fails, but a newer library function
//! that GCC 12's headers already declare at that level would not. Python is checked for the 3.10
//! grammar only, Java with `--release 11`.

use std::path::Path;
use std::process::Command;

use crate::domjudge::{old_rustc, old_rustc_root, packages};

/// Whether a compile command succeeded, with its messages.
fn compiles(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The checks per language: DOMjudge's default compile flags, at the language level of the
/// oldest compiler of Debian 12 / Ubuntu 22.04 / Ubuntu 24.04 / Debian 13. Type-checking is
/// enough: that is where a newer language feature or library API fails.
fn compile_check(file: &Path, out: &Path, usr: Option<&Path>) -> Option<Result<(), String>> {
    let ext = file.extension()?.to_str()?;
    Some(match ext {
        // DOMjudge: `rustc -C opt-level=3 -o DEST FILES`, no --edition, so the 2015 edition.
        "rs" => compiles(
            old_rustc(usr?)
                .args(["-C", "opt-level=3", "--emit=metadata", "-o"])
                .arg(out.join("rs.rmeta"))
                .arg(file),
        ),
        // DOMjudge: `g++ -x c++ -Wall -O2 -static -pipe`, no -std: GCC 11-14 default to gnu++17.
        "cpp" | "cc" | "cxx" => compiles(
            Command::new("g++")
                .args([
                    "-x",
                    "c++",
                    "-Wall",
                    "-O2",
                    "-static",
                    "-pipe",
                    "-std=gnu++17",
                ])
                .arg("-fsyntax-only")
                .arg(file),
        ),
        // DOMjudge: `gcc -x c -Wall -O2 -static -pipe ... -lm`: GCC 11-14 default to gnu17.
        "c" => compiles(
            Command::new("gcc")
                .args(["-x", "c", "-Wall", "-O2", "-static", "-pipe", "-std=gnu17"])
                .arg("-fsyntax-only")
                .arg(file),
        ),
        // Python 3.10 (Ubuntu 22.04): the grammar only.
        "py" => compiles(
            Command::new("python3")
                .args([
                    "-c",
                    "import ast, sys; ast.parse(open(sys.argv[1]).read(), feature_version=(3, 10))",
                ])
                .arg(file),
        ),
        // Java 11 (Ubuntu 22.04's default JDK).
        "java" => compiles(
            Command::new("javac")
                .args(["--release", "11", "-d"])
                .arg(out)
                .arg(file),
        ),
        _ => return None,
    })
}

#[test]
fn jury_solutions_compile_with_the_oldest_supported_compilers() {
    let usr = old_rustc_root();
    let out = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for package in packages() {
        for submission in package.submissions().unwrap() {
            let file = &submission.path;
            if file.extension().is_some_and(|e| e == "rs") && usr.is_none() {
                continue;
            }
            match compile_check(file, out.path(), usr.as_deref()) {
                Some(Ok(())) => checked += 1,
                Some(Err(message)) => failures.push(format!("{}:\n{message}", file.display())),
                None => failures.push(format!("{}: no compile check", file.display())),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(checked > 0, "no jury solutions found");

    // The checks are real: each rejects a feature newer than its level.
    let probe = |name: &str, code: &str| {
        let path = out.path().join(name);
        std::fs::write(&path, code).unwrap();
        compile_check(&path, out.path(), usr.as_deref())
    };
    if usr.is_some() {
        // u64::isqrt is Rust 1.84; let-else 1.65; the 2021 prelude's TryFrom is not in 2015's.
        for code in [
            "fn main() { println!(\"{}\", 10u64.isqrt()); }",
            "fn main() { let Some(x) = Some(1) else { return }; println!(\"{x}\"); }",
            "fn main() { let x = u8::try_from(3u32).unwrap(); println!(\"{}\", x); }",
        ] {
            assert!(
                probe("newer.rs", code).unwrap().is_err(),
                "rustc 1.63 accepted {code}"
            );
        }
        assert!(
            probe("older.rs", "fn main() { println!(\"{}\", 1); }")
                .unwrap()
                .is_ok()
        );
    }
    let concepts = "#include <concepts>\nint f(std::integral auto x) { return x; }\nint main() { return f(0); }\n";
    assert!(probe("newer.cpp", concepts).unwrap().is_err());
    let except_star = "try:\n    pass\nexcept* ValueError:\n    pass\n";
    assert!(probe("newer.py", except_star).unwrap().is_err());
}
