//! Who the jury's programs are (issue 40). Where the judge is root, a package's validators,
//! interactors and generators never run as root, even where the `python3` first on PATH lies
//! where only root may go (pyenv's shims and versions under `/root`): the judge then runs them
//! with an interpreter further along PATH that every user may run, or refuses. And each
//! package's jury programs are a user of their own, so that one package's validator can
//! neither read another's answers nor kill its validators while both are judged.
//!
//! The pyenv case is made here whatever the machine: a copy of the system's Python in a `0700`
//! directory, put first on PATH for the judge. Skipped, with the reason, where the judge is not
//! root (it cannot change its user) or there is no system Python every user may run.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::support::TempPackage;
use crate::support::guard::Guard;
use crate::support::users::is_root;

/// A Python jury program that reports its uid (on stdout, and in its judge message when it
/// has a feedback directory) and accepts only where it is not root; `ACCEPT` and `REJECT` are
/// its exit codes.
const WHO_AM_I: &str = r#"import os, sys
uid = os.getuid()
said = "uid=%d euid=%d" % (uid, os.geteuid())
print(said)
if len(sys.argv) > 3 and os.path.isdir(sys.argv[3]):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as f:
        f.write(said + "\n")
sys.exit(REJECT if uid == 0 or os.geteuid() == 0 else ACCEPT)
"#;

/// A private Python: a copy of the system's in a `0700` directory of a directory every user
/// may enter, as pyenv's are under `/root`; `None` where this machine has no system Python.
struct PrivatePython {
    dir: tempfile::TempDir,
}

impl PrivatePython {
    fn make() -> Option<PrivatePython> {
        let system = ["/usr/bin/python3", "/usr/local/bin/python3"]
            .into_iter()
            .map(Path::new)
            .find(|p| p.is_file())?;
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let private = dir.path().join("private");
        std::fs::create_dir(&private).unwrap();
        std::fs::copy(system.canonicalize().unwrap(), private.join("python3")).unwrap();
        // Python validators run on PyPy where it is installed: a private `pypy3` beside it,
        // as a version manager would put one, must be passed over the same way.
        std::fs::copy(system.canonicalize().unwrap(), private.join("pypy3")).unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).unwrap();
        Some(PrivatePython { dir })
    }

    fn bin(&self) -> PathBuf {
        self.dir.path().join("private")
    }

    /// PATH with the private Python first.
    fn path(&self) -> std::ffi::OsString {
        let mut dirs = vec![self.bin()];
        if let Some(path) = std::env::var_os("PATH") {
            dirs.extend(std::env::split_paths(&path));
        }
        std::env::join_paths(dirs).unwrap()
    }
}

/// A package whose input validator and output validator are [`WHO_AM_I`], with one correct
/// submission.
fn who_am_i_package() -> TempPackage {
    let pkg = TempPackage::sum(2.0, 256, 2);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: custom\nlimits:\n  time_limit: 2\n  memory: 256\n  output: 1\n",
    );
    let validator = |accept: u8, reject: u8| {
        WHO_AM_I
            .replace("ACCEPT", &accept.to_string())
            .replace("REJECT", &reject.to_string())
    };
    pkg.write("input_validators/validate.py", &validator(42, 43));
    pkg.write("output_validators/who/validate.py", &validator(42, 43));
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg
}

/// Runs leapfrog with `args` and PATH `path` under a [`Guard`] (a fresh cache and `TMPDIR`):
/// its exit code and what it said, after checking that the package and the caller's files
/// hash as before and that nothing was left outside the run's scratch space.
fn run_keeping(pkg: &TempPackage, path: &std::ffi::OsStr, args: &[&str]) -> (i32, String) {
    let caller = tempfile::tempdir().unwrap();
    std::fs::write(caller.path().join("notes.txt"), "the caller's own file\n").unwrap();
    let guard = Guard::over(&[pkg.path(), caller.path()]);
    let out = guard
        .command()
        .env("PATH", path)
        .current_dir(caller.path())
        .args(args)
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{said}");
    guard.finish();
    (out.status.code().unwrap_or(-1), said)
}

#[test]
fn a_python_only_root_may_run_never_makes_a_jury_program_root() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so jury programs are its own user");
        return;
    }
    let Some(python) = PrivatePython::make() else {
        eprintln!("skipped: no system python3 every user may run");
        return;
    };
    let pkg = who_am_i_package();
    let path = python.path();
    // The input validator (`validate`), then the output validator (`judge`).
    let (code, said) = run_keeping(&pkg, &path, &["validate", &pkg.arg()]);
    assert_eq!(code, 0, "an input validator ran as root: {said}");
    let private = |name: &str| python.bin().join(name).display().to_string();
    assert!(
        said.contains(&private("python3")) || said.contains(&private("pypy3")),
        "the judge did not say which interpreter it passed over: {said}"
    );
    let sum = pkg.path().join("submissions/accepted/sum.py");
    let (code, said) = run_keeping(
        &pkg,
        &path,
        &[
            "judge",
            &pkg.arg(),
            sum.to_str().unwrap(),
            "--json",
            "--no-sandbox",
        ],
    );
    assert_eq!(code, 0, "an output validator ran as root: {said}");
    assert!(said.contains("\"AC\""), "{said}");
}

#[test]
fn a_script_whose_interpreter_only_root_may_run_is_refused_not_run_as_root() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so jury programs are its own user");
        return;
    }
    let Some(python) = PrivatePython::make() else {
        eprintln!("skipped: no system python3 every user may run");
        return;
    };
    // An output validator run by itself, whose `#!` names the private Python by its path:
    // the judge may not run it as root, and nothing else on PATH is that interpreter by name
    // (`python3-private`), so the test is JE naming the interpreter.
    let pkg = who_am_i_package();
    std::fs::remove_file(pkg.path().join("output_validators/who/validate.py")).unwrap();
    let interpreter = python.bin().join("python3-private");
    std::fs::rename(python.bin().join("python3"), &interpreter).unwrap();
    let body = WHO_AM_I.replace("ACCEPT", "42").replace("REJECT", "43");
    let script = pkg.write(
        "output_validators/who/run",
        &format!("#!{}\n{body}", interpreter.display()),
    );
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let sum = pkg.path().join("submissions/accepted/sum.py");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let (code, said) = run_keeping(
        &pkg,
        &path,
        &[
            "judge",
            &pkg.arg(),
            sum.to_str().unwrap(),
            "--json",
            "--no-sandbox",
        ],
    );
    assert!(!said.contains("uid=0"), "the validator ran as root: {said}");
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("python3-private") && said.contains("cannot run"),
        "the refusal does not name the interpreter: {said}"
    );
}

/// The uid a package's output validator reports in its judge message.
fn validator_uid(pkg: &TempPackage) -> String {
    let sum = pkg.path().join("submissions/accepted/sum.py");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let (_, said) = run_keeping(
        pkg,
        &path,
        &[
            "judge",
            &pkg.arg(),
            sum.to_str().unwrap(),
            "--json",
            "--no-sandbox",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(said.lines().next().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}: {said}"));
    let tests = v["tests"].as_array().cloned().unwrap_or_default();
    let message = tests
        .iter()
        .find_map(|t| t["message"].as_str())
        .unwrap_or_else(|| panic!("no judge message: {v}"));
    let uid = message.trim().strip_prefix("uid=").unwrap_or_default();
    uid.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn each_package_s_jury_programs_are_a_user_of_their_own() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so jury programs are its own user");
        return;
    }
    // Validators that reject, saying their uid in their judge message.
    let packages: Vec<TempPackage> = (0..2)
        .map(|_| {
            let pkg = who_am_i_package();
            let validator = WHO_AM_I.replace("ACCEPT", "43").replace("REJECT", "43");
            pkg.write("output_validators/who/validate.py", &validator);
            pkg
        })
        .collect();
    let uids: Vec<String> = packages.iter().map(validator_uid).collect();
    for uid in &uids {
        let n: u32 = uid.parse().unwrap_or_else(|_| panic!("no uid in {uids:?}"));
        assert!(n >= 2_000_000_000, "a jury program ran as uid {n}");
    }
    assert_ne!(uids[0], uids[1], "two packages' validators were one user");
    // The same package is the same user every time (a user per package, not per process).
    assert_eq!(validator_uid(&packages[0]), uids[0]);
}

/// A `python3` and a `pypy3` that only root may run (in a `0700` directory, as pyenv's shims
/// under `/root`): wrappers that log their uid and arguments (one line a run, quoted by bash's
/// `%q`) before handing over to the system's Python under their own name, so that the
/// interpreter they report (`sys.executable`) is the private one, as pyenv's is. No other user
/// can start them, so every line of the log is a run as root.
struct LoggingPython {
    dir: tempfile::TempDir,
}

impl LoggingPython {
    fn make() -> Option<LoggingPython> {
        let system = ["/usr/bin/python3", "/usr/local/bin/python3"]
            .into_iter()
            .map(Path::new)
            .find(|p| p.is_file())?;
        let bash = Path::new("/bin/bash");
        if !bash.is_file() {
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let private = dir.path().join("private");
        std::fs::create_dir(&private).unwrap();
        let log = dir.path().join("calls.log");
        for name in ["python3", "pypy3"] {
            let wrapper = private.join(name);
            std::fs::write(
                &wrapper,
                format!(
                    "#!/bin/bash\n{{ printf 'uid=%s' \"$(id -u)\"; printf ' %q' \"$@\"; echo; }} >> '{}'\n\
                     exec -a \"$0\" '{}' \"$@\"\n",
                    log.display(),
                    system.display()
                ),
            )
            .unwrap();
            std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).unwrap();
        Some(LoggingPython { dir })
    }

    /// PATH with the private interpreters first.
    fn path(&self) -> std::ffi::OsString {
        let mut dirs = vec![self.dir.path().join("private")];
        if let Some(path) = std::env::var_os("PATH") {
            dirs.extend(std::env::split_paths(&path));
        }
        std::env::join_paths(dirs).unwrap()
    }

    /// The runs as root that were handed a file of `pkg`, or a program to compile or run: the
    /// judge's own look at the interpreter (`sys.executable`, `--version`) names neither.
    fn root_runs_of(&self, pkg: &Path) -> Vec<String> {
        let log = std::fs::read_to_string(self.dir.path().join("calls.log")).unwrap_or_default();
        log.lines()
            .filter(|l| l.starts_with("uid=0 "))
            .filter(|l| l.contains(&*pkg.to_string_lossy()) || l.contains("compile("))
            .map(str::to_string)
            .collect()
    }
}

#[test]
fn a_python_only_root_may_run_never_compiles_a_program_as_root() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so compiles are its own user");
        return;
    }
    let Some(python) = LoggingPython::make() else {
        eprintln!("skipped: no system python3 every user may run, or no bash");
        return;
    };
    let pkg = who_am_i_package();
    let path = python.path();
    // The input validator's compile (`validate`), then the output validator's and the
    // submission's (`judge` in limits-only mode, where a compile runs outside the sandbox).
    let (code, said) = run_keeping(&pkg, &path, &["validate", &pkg.arg()]);
    assert_eq!(code, 0, "{said}");
    let sum = pkg.path().join("submissions/accepted/sum.py");
    let (code, said) = run_keeping(
        &pkg,
        &path,
        &[
            "judge",
            &pkg.arg(),
            sum.to_str().unwrap(),
            "--json",
            "--no-sandbox",
        ],
    );
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("\"AC\""), "{said}");
    let as_root = python.root_runs_of(pkg.path());
    assert!(
        as_root.is_empty(),
        "the private interpreter compiled or ran a package's program as root:\n{}",
        as_root.join("\n")
    );
}
