//! Helpers for the integration tests: throw-away problem packages in the standard layout and
//! a `leapfrog` command that shares one compile cache across tests.

#![allow(dead_code)]

pub mod browser;
pub mod checkers_brute;
pub mod guard;
pub mod hostile;
pub mod trees;
pub mod users;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The leapfrog binary, with the compile cache shared by all tests of this build (or the one
/// `LEAPFROG_CACHE_DIR` names, as when CI runs tests as a user who cannot write the build's).
pub fn leapfrog() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"));
    if std::env::var_os("LEAPFROG_CACHE_DIR").is_none() {
        cmd.env(
            "LEAPFROG_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache"),
        );
    }
    cmd.env("NO_COLOR", "1");
    cmd
}

/// A problem package in a temporary directory.
pub struct TempPackage {
    pub dir: tempfile::TempDir,
}

impl TempPackage {
    /// An "add two numbers" problem with the default validator, one sample and `secret` tests.
    pub fn sum(time_limit: f64, memory_mib: u64, secret: usize) -> TempPackage {
        let pkg = TempPackage {
            dir: tempfile::Builder::new()
                .prefix("leapfrog-test-")
                .tempdir()
                .unwrap(),
        };
        pkg.write(
            "problem.yaml",
            &format!("name: Sum\nvalidation: default\nlimits:\n  time_limit: {time_limit}\n  memory: {memory_mib}\n  output: 1\n"),
        );
        pkg.write("data/sample/1.in", "1 2\n");
        pkg.write("data/sample/1.ans", "3\n");
        for i in 1..=secret {
            pkg.write(
                &format!("data/secret/{i:02}.in"),
                &format!("{i} {}\n", i * 7),
            );
            pkg.write(&format!("data/secret/{i:02}.ans"), &format!("{}\n", i * 8));
        }
        pkg.write(
            "input_validators/validate.py",
            "import sys\nparts = sys.stdin.read().split()\nif len(parts) != 2 or not all(p.isdigit() for p in parts):\n    print('expected two non-negative integers')\n    sys.exit(43)\nsys.exit(42)\n",
        );
        pkg
    }

    /// A copy of the fixture package `tests/fixtures/<name>` (tests may change their copy).
    pub fn from_fixture(name: &str) -> TempPackage {
        let pkg = TempPackage {
            dir: tempfile::Builder::new()
                .prefix(&format!("leapfrog-{name}-"))
                .tempdir()
                .unwrap(),
        };
        let from = fixture_path(name);
        for entry in walkdir::WalkDir::new(&from) {
            let entry = entry.unwrap();
            let to = pkg.path().join(entry.path().strip_prefix(&from).unwrap());
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&to).unwrap();
            } else {
                std::fs::copy(entry.path(), &to).unwrap();
            }
        }
        pkg
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn arg(&self) -> String {
        self.path().display().to_string()
    }

    /// Tests of the sum problem in `data/secret/GROUP/`: `N.in` holds the N-th of `inputs` (two
    /// numbers), `N.ans` their sum.
    pub fn write_sum_group(&self, group: &str, inputs: &[&str]) {
        for (i, input) in inputs.iter().enumerate() {
            let sum: u64 = input.split(' ').map(|x| x.parse::<u64>().unwrap()).sum();
            self.write(
                &format!("data/secret/{group}/{i}.in"),
                &format!("{input}\n"),
            );
            self.write(&format!("data/secret/{group}/{i}.ans"), &format!("{sum}\n"));
        }
    }

    /// Writes a file below the package, creating directories.
    pub fn write(&self, rel: &str, contents: &str) -> PathBuf {
        let path = self.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, contents).unwrap();
        path
    }
}

/// The fixture package `tests/fixtures/<name>` itself.
pub fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Parses the single JSON object `leapfrog ... --json` prints.
pub fn json(output: &std::process::Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}):\n{text}"))
}

/// `leapfrog verify PKG --json`, which must exit 0: its JSON report.
pub fn verify_ok(pkg: &TempPackage) -> serde_json::Value {
    let output = leapfrog()
        .args(["verify", &pkg.arg(), "--json"])
        .output()
        .unwrap();
    let v = json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    v
}

/// Judges a submission (given as source text) with `--json` and returns the JSON and exit code.
pub fn judge_source(
    pkg: &TempPackage,
    file_name: &str,
    source: &str,
    extra: &[&str],
) -> (serde_json::Value, i32) {
    let args = judge_source_args(pkg, file_name, source, extra);
    let output = leapfrog().args(args).output().unwrap();
    (json(&output), output.status.code().unwrap_or(-1))
}

/// [`judge_source`] under a [`guard::Guard`] over the package: nothing the run does may be left
/// in the package, the judge's temporary directory or the cache.
pub fn judge_source_guarded(
    pkg: &TempPackage,
    file_name: &str,
    source: &str,
    extra: &[&str],
) -> (serde_json::Value, i32) {
    let args = judge_source_args(pkg, file_name, source, extra);
    let output = guard::Guard::over(&[pkg.path()]).run(args);
    (json(&output), output.status.code().unwrap_or(-1))
}

/// Writes `source` into the package as `submissions/scratch/FILE_NAME`; the arguments of
/// `leapfrog judge` on it with `--json` and `extra`.
fn judge_source_args(
    pkg: &TempPackage,
    file_name: &str,
    source: &str,
    extra: &[&str],
) -> Vec<String> {
    let path = pkg.write(&format!("submissions/scratch/{file_name}"), source);
    let mut args = vec![
        "judge".to_string(),
        pkg.arg(),
        path.to_str().unwrap().to_string(),
        "--json".to_string(),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

/// A `generators/generators.yaml` with `solution` and the tests `(name below data/, command)`,
/// the names' directories becoming nested groups (keys quoted, so `01` stays a name).
pub fn generators_yaml(solution: &str, tests: &[(&str, &str)]) -> String {
    #[derive(Default)]
    struct Group {
        tests: Vec<(String, String)>,
        groups: std::collections::BTreeMap<String, Group>,
    }
    fn write(group: &Group, depth: usize, out: &mut String) {
        let pad = "  ".repeat(depth);
        out.push_str(&format!("{pad}data:\n"));
        for (name, command) in &group.tests {
            out.push_str(&format!("{pad}  \"{name}\": {command}\n"));
        }
        for (name, sub) in &group.groups {
            out.push_str(&format!("{pad}  \"{name}\":\n"));
            write(sub, depth + 2, out);
        }
    }
    let mut root = Group::default();
    for (name, command) in tests {
        let parts: Vec<&str> = name.split('/').collect();
        let mut group = &mut root;
        for dir in &parts[..parts.len() - 1] {
            group = group.groups.entry(dir.to_string()).or_default();
        }
        group
            .tests
            .push((parts[parts.len() - 1].to_string(), command.to_string()));
    }
    let mut out = format!("solution: {solution}\n");
    write(&root, 0, &mut out);
    out
}

/// A std-only Rust file of the repository (`problems/pairs/output_validators/pairs.rs`) compiled as a judge host would,
/// with plain `rustc -O --edition 2021`, once per test process. The build goes to a name of this
/// process's own and is then renamed into place, so test processes running side by side (as
/// under cargo-nextest) never write the same file while another one links or runs it.
pub fn plain_rustc(source: &str) -> PathBuf {
    plain_rustc_with(source, &[])
}

/// [`plain_rustc`] with more rustc arguments (`--cfg NAME`, for a test-only build of the
/// program), built once per test process for each set of them, under a name of its own.
pub fn plain_rustc_with(source: &str, extra: &[&str]) -> PathBuf {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static BUILT: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let mut built = BUILT.get_or_init(Default::default).lock().unwrap();
    let mut name = source.trim_end_matches(".rs").replace('/', "--");
    for arg in extra {
        name.push('-');
        name.extend(
            arg.chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '_'),
        );
    }
    if let Some(exe) = built.get(&name) {
        return exe.clone();
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("plain-rustc");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(&name);
    let staged = exe.with_extension(format!("{}.tmp", std::process::id()));
    let out = std::process::Command::new("rustc")
        .args(extra)
        .args(["-O", "--edition", "2021", "-o"])
        .arg(&staged)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join(source))
        .output()
        .expect("running rustc");
    assert!(
        out.status.success(),
        "rustc {source}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::rename(&staged, &exe).unwrap();
    built.insert(name, exe.clone());
    exe
}

/// How a program gets its stdin: a pipe, or a regular file (as judges give a checker the
/// output, which the output-heavy checkers then map into memory instead of reading).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stdin {
    Pipe,
    File,
}

/// Runs `cmd` with `input` on stdin (stdout captured): its output. A program that stops
/// reading early (a broken pipe) is fine.
pub fn run_with_stdin(
    cmd: &mut std::process::Command,
    input: &[u8],
    how: Stdin,
) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    cmd.stdout(Stdio::piped());
    if how == Stdin::File {
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(input).unwrap();
        use std::io::Seek;
        file.rewind().unwrap();
        return cmd.stdin(file).output().unwrap();
    }
    let mut child = cmd.stdin(Stdio::piped()).spawn().unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Whether every command of `tools` is on PATH; when one is not, says which and that the test
/// is skipped (the caller then returns, passing).
pub fn installed(tools: &[&str]) -> bool {
    for tool in tools {
        let found = std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()));
        if !found {
            eprintln!("skipped: {tool} is not installed");
            return false;
        }
    }
    true
}

/// Runs leapfrog with `args`: its exit code and everything it wrote, stdout then stderr.
pub fn run(args: &[&str]) -> (i32, String) {
    run_in(Path::new("."), args)
}

/// [`run`] in the folder `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> (i32, String) {
    let output = leapfrog().current_dir(dir).args(args).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code().unwrap_or(-1), text)
}

/// Whether bubblewrap can create a sandbox here. It must in CI and where
/// `LEAPFROG_REQUIRE_SANDBOX` is set (the test fails instead of skipping); elsewhere a test skips
/// its sandboxed part, saying so.
pub fn sandbox_works() -> bool {
    let ok = std::process::Command::new("bwrap")
        .args(["--unshare-all", "--ro-bind", "/", "/", "--", "/bin/true"])
        .output()
        .is_ok_and(|o| o.status.success());
    let required = std::env::var("CI").as_deref() == Ok("true")
        || std::env::var_os("LEAPFROG_REQUIRE_SANDBOX").is_some();
    assert!(ok || !required, "the sandbox must work here");
    if !ok {
        eprintln!("skipping the sandboxed part: bubblewrap cannot create a sandbox here");
    }
    ok
}
