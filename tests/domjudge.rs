//! The DOMjudge path on a stock judge host: every exported output validator builds and judges in
//! a sandbox shaped like DOMjudge's build chroot (no Rust compiler, no /tmp, only PATH), also
//! with Debian 12's rustc 1.63 added to it. (The jury solutions' compilers: `jury_compilers`.)

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use leapfrog::package::Package;

/// DOMjudge's default `script_timelimit`: a `build` that takes longer fails.
const SCRIPT_TIME_LIMIT: Duration = Duration::from_secs(30);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn packages() -> Vec<Package> {
    leapfrog::export::packages_in(&repo().join("problems")).unwrap()
}

fn in_ci() -> bool {
    std::env::var("CI").as_deref() == Ok("true")
}

/// Whether bubblewrap runs here; in CI it must (CI installs it).
fn bwrap_available() -> bool {
    let ok = Command::new("bwrap")
        .args(["--unshare-all", "--ro-bind", "/", "/", "--", "/bin/true"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        assert!(!in_ci(), "CI must be able to run bubblewrap");
        eprintln!("skipping: bubblewrap cannot create a sandbox on this machine");
    }
    ok
}

/// Debian 12's rustc 1.63 (the oldest `rustc` of a supported Debian or Ubuntu release),
/// unpacked by `.ci/old-rustc` into `target/debian-rustc/root` (or `$LEAPFROG_OLD_RUSTC_ROOT`):
/// its `usr/` directory. `None` (with a note) when it is not there, which CI does not allow.
pub fn old_rustc_root() -> Option<PathBuf> {
    let root = std::env::var_os("LEAPFROG_OLD_RUSTC_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target/debian-rustc/root"));
    if root.join("usr/bin/rustc").is_file() {
        return Some(root.join("usr"));
    }
    assert!(
        !in_ci(),
        "{}: Debian's rustc 1.63 is missing; .ci/old-rustc unpacks it",
        root.display()
    );
    eprintln!(
        "skipping the rustc 1.63 part: {} is missing (.ci/old-rustc unpacks it)",
        root.display()
    );
    None
}

/// The old rustc as a command (its libraries are not in the loader's path).
pub fn old_rustc(usr: &Path) -> Command {
    let mut cmd = Command::new(usr.join("bin/rustc"));
    cmd.env("LD_LIBRARY_PATH", usr.join("lib/x86_64-linux-gnu"));
    cmd
}

/// A sandbox shaped like the chroot DOMjudge builds executables in (its
/// `chroot-startstop.sh` and `build_executable.sh`): read-only `/usr`, `/etc`, `/lib`,
/// `/lib64`, `/bin` (links kept as links), `/proc`, the random devices, the build directory
/// as `/build`, an unprivileged user, the environment cleared but for PATH, and no `/tmp`.
/// No Rust toolchain is visible: rustup's lives under /root, which is not there, and a
/// compiler installed in /usr is covered.
struct Judgehost {
    args: Vec<String>,
    path: String,
}

impl Judgehost {
    fn new(build: &Path) -> Judgehost {
        let mut args: Vec<String> = [
            "--unshare-all",
            "--die-with-parent",
            "--uid",
            "65534",
            "--gid",
            "65534",
            "--proc",
            "/proc",
            "--dev-bind",
            "/dev/urandom",
            "/dev/urandom",
            "--dev-bind",
            "/dev/random",
            "/dev/random",
            "--clearenv",
        ]
        .map(String::from)
        .to_vec();
        for top in ["usr", "etc", "lib", "lib64", "bin"] {
            let host = Path::new("/").join(top);
            if let Ok(target) = std::fs::read_link(&host) {
                args.extend(["--symlink".into(), target.display().to_string()]);
                args.push(host.display().to_string());
            } else if host.is_dir() {
                args.extend(["--ro-bind".into(), host.display().to_string()]);
                args.push(host.display().to_string());
            }
        }
        for rustc in ["/usr/bin/rustc", "/usr/local/bin/rustc"] {
            if Path::new(rustc).exists() {
                args.extend(["--ro-bind", "/dev/null", rustc].map(String::from));
            }
        }
        args.extend([
            "--bind".into(),
            build.display().to_string(),
            "/build".into(),
        ]);
        args.extend(["--chdir", "/build"].map(String::from));
        Judgehost {
            args,
            path: "/usr/local/bin:/usr/bin:/bin".into(),
        }
    }

    /// Shows a host directory read-only at `inside`.
    fn show(mut self, host: &Path, inside: &str) -> Judgehost {
        self.args.extend([
            "--ro-bind".into(),
            host.display().to_string(),
            inside.into(),
        ]);
        self
    }

    /// Shows a host directory writable at `inside`.
    fn writable(mut self, host: &Path, inside: &str) -> Judgehost {
        self.args
            .extend(["--bind".into(), host.display().to_string(), inside.into()]);
        self
    }

    fn path_first(mut self, dir: &str) -> Judgehost {
        self.path = format!("{dir}:{}", self.path);
        self
    }

    /// Runs a shell command inside, with `stdin`; returns its output and wall time.
    fn sh(&self, script: &str, stdin: &[u8]) -> (Output, Duration) {
        let started = Instant::now();
        let mut child = Command::new("bwrap")
            .args(&self.args)
            .args(["--setenv", "PATH", &self.path, "/bin/sh", "-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        // A validator may exit before reading everything.
        let _ = input.write_all(stdin);
        drop(input);
        let output = child.wait_with_output().unwrap();
        (output, started.elapsed())
    }
}

fn text(output: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Exports each package's output validator (as `export` does) into `work/<name>/`, opened to
/// the unprivileged build user as DOMjudge opens its build directory: (package, validator dir).
fn exported_validators(work: &Path) -> Vec<(Package, PathBuf)> {
    let mut out = Vec::new();
    for package in packages() {
        if package.output_validator().unwrap().is_none() {
            continue;
        }
        let dest = work.join(&package.short_name);
        leapfrog::export::validator::write(&package, &dest, &Default::default(), &mut Vec::new())
            .unwrap();
        let dir = std::fs::read_dir(dest.join("output_validators"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        out.push((package, dir));
    }
    assert!(
        out.len() >= 5,
        "every board and row problem has a validator"
    );
    out
}

/// Judges every sample answer (must be accepted, 42) and a wrong output (must be rejected, 43)
/// with the built `run`, inside the judge host sandbox.
fn judges_the_samples(package: &Package, dir: &Path) {
    let samples = package.data_dir().join("sample");
    let feedback = tempfile::tempdir().unwrap();
    let host = Judgehost::new(dir)
        .show(&samples, "/data")
        .writable(feedback.path(), "/feedback");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&samples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{}: no samples", package.short_name);
    for input in inputs {
        let stem = input.file_stem().unwrap().to_string_lossy().into_owned();
        let answer = std::fs::read(input.with_extension("ans")).unwrap();
        let run = format!("./run /data/{stem}.in /data/{stem}.ans /feedback");
        let (ok, _) = host.sh(&run, &answer);
        assert_eq!(
            ok.status.code(),
            Some(42),
            "{} sample {stem}: {}",
            package.short_name,
            text(&ok)
        );
        let (wrong, _) = host.sh(&run, b"wrong\n");
        assert_eq!(
            wrong.status.code(),
            Some(43),
            "{} sample {stem}, a wrong output: {}",
            package.short_name,
            text(&wrong)
        );
    }
}

#[test]
fn exported_validators_build_and_judge_on_a_judgehost_without_rust() {
    if !bwrap_available() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    for (package, dir) in exported_validators(work.path()) {
        let name = &package.short_name;
        // The shipped program is static: it needs nothing from the host's libraries.
        for (tool, expected) in [("file", "static"), ("ldd", "statically linked")] {
            match Command::new(tool).arg(dir.join("run")).output() {
                Ok(out) => {
                    let said = String::from_utf8_lossy(&out.stdout);
                    assert!(said.contains(expected), "{name}: {tool} says {said}");
                }
                Err(_) => eprintln!("{tool} is not installed; not asking it"),
            }
        }
        let host = Judgehost::new(&dir);
        let (probe, _) = host.sh("command -v rustc; test ! -e /tmp", b"");
        assert!(
            probe.status.success() && probe.stdout.is_empty(),
            "a rustc or /tmp is visible: {}",
            text(&probe)
        );
        let (build, took) = host.sh("./build", b"");
        assert!(build.status.success(), "{name}: {}", text(&build));
        assert!(took < SCRIPT_TIME_LIMIT, "{name}: build took {took:?}");
        assert!(
            String::from_utf8_lossy(&build.stdout).contains("using the shipped run"),
            "{name}: {}",
            text(&build)
        );
        judges_the_samples(&package, &dir);
    }
}

#[test]
fn exported_input_validators_build_and_check_inputs_on_a_judgehost_without_rust() {
    if !bwrap_available() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for package in packages() {
        let dest = work.path().join(&package.short_name);
        leapfrog::export::validator::write_input_validators(
            &package,
            &dest,
            &Default::default(),
            &mut Vec::new(),
        )
        .unwrap();
        let samples = package.data_dir().join("sample");
        for entry in std::fs::read_dir(dest.join("input_validators")).unwrap() {
            let dir = entry.unwrap().path();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
            let host = Judgehost::new(&dir).show(&samples, "/data");
            let (build, took) = host.sh("./build", b"");
            assert!(build.status.success(), "{dir:?}: {}", text(&build));
            assert!(took < SCRIPT_TIME_LIMIT, "{dir:?}: build took {took:?}");
            let (ok, _) = host.sh(
                "for f in /data/*.in; do ./run < $f; c=$?; [ $c = 42 ] || exit $c; done; exit 42",
                b"",
            );
            assert_eq!(ok.status.code(), Some(42), "{dir:?}: {}", text(&ok));
            let (bad, _) = host.sh("./run", b"wrong\n");
            assert_eq!(bad.status.code(), Some(43), "{dir:?}: {}", text(&bad));
            checked += 1;
        }
    }
    assert!(checked >= 7, "every problem has an input validator");
}

#[test]
fn with_debian_12s_rustc_in_the_chroot_validators_still_build_in_time() {
    if !bwrap_available() {
        return;
    }
    let Some(usr) = old_rustc_root() else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    // The compiler as an administrator would add it to the chroot, on PATH.
    let wrapper = work.path().join("wrapper");
    std::fs::create_dir(&wrapper).unwrap();
    std::fs::write(
        wrapper.join("rustc"),
        "#!/bin/sh\nLD_LIBRARY_PATH=/opt/rust/usr/lib/x86_64-linux-gnu exec /opt/rust/usr/bin/rustc \"$@\"\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(
        wrapper.join("rustc"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let mut rebuilt = 0;
    for (package, dir) in exported_validators(&work.path().join("export")) {
        let name = &package.short_name;
        let host = Judgehost::new(&dir)
            .show(&usr, "/opt/rust/usr")
            .show(&wrapper, "/opt/rust/bin")
            .path_first("/opt/rust/bin");
        let (probe, _) = host.sh("rustc --version", b"");
        assert!(
            String::from_utf8_lossy(&probe.stdout).starts_with("rustc 1.63"),
            "{}",
            text(&probe)
        );
        let (build, took) = host.sh("./build", b"");
        assert!(build.status.success(), "{name}: {}", text(&build));
        assert!(took < SCRIPT_TIME_LIMIT, "{name}: build took {took:?}");
        let said = String::from_utf8_lossy(&build.stdout);
        if said.contains("built run from") {
            rebuilt += 1;
        } else {
            assert!(said.contains("using the shipped run"), "{name}: {said}");
        }
        assert!(!dir.join("rustc-tmp").exists() && !dir.join("run.new").exists());
        judges_the_samples(&package, &dir);
    }
    // Some validators use newer Rust than 1.63 and keep the shipped program; the others are
    // rebuilt, which needs the temporary directory inside the build directory.
    assert!(rebuilt >= 1, "rustc 1.63 rebuilt no validator");
}

#[test]
fn a_changed_source_without_a_compiler_fails_the_build_instead_of_using_a_stale_run() {
    if !bwrap_available() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let (_, dir) = exported_validators(work.path()).remove(0);
    let source = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "rs"))
        .unwrap();
    let mut text_now = std::fs::read_to_string(&source).unwrap();
    text_now.push_str("// edited after the export\n");
    std::fs::write(&source, text_now).unwrap();
    let (build, _) = Judgehost::new(&dir).sh("./build", b"");
    assert_eq!(build.status.code(), Some(1), "{}", text(&build));
    assert!(
        String::from_utf8_lossy(&build.stderr).contains("changed since the export"),
        "{}",
        text(&build)
    );
}

#[test]
fn the_zip_maps_extra_verdict_folders_and_export_prints_the_upload_command() {
    use std::io::Read;
    let repo = crate::setter_support::FixtureRepo::new();
    let hops = repo.problem("hops");
    let hog = "import sys\nx = bytearray(1 << 34)\nprint(len(x))\n";
    std::fs::create_dir_all(hops.join("submissions/memory_limit_exceeded")).unwrap();
    std::fs::write(hops.join("submissions/memory_limit_exceeded/hog.py"), hog).unwrap();
    std::fs::create_dir_all(hops.join("submissions/output_limit_exceeded")).unwrap();
    std::fs::write(
        hops.join("submissions/output_limit_exceeded/spam.py"),
        "while True:\n    print('spam')\n",
    )
    .unwrap();
    let output = crate::support::leapfrog()
        .current_dir(repo.path())
        .args(["export", "--all", "contest"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(
            "curl -fsS -u \"$DJ_USER:$DJ_PASSWORD\" -F zip=@contest/hops.zip \"$DJ_URL/api/v4/contests/$DJ_CID/problems\""
        ),
        "{stdout}"
    );
    assert!(stdout.contains("max_allowed_packet"), "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("hops: submissions/memory_limit_exceeded/: put under run_time_error/"),
        "{stderr}"
    );
    assert!(
        stderr.contains("hops: submissions/output_limit_exceeded/: left out of the DOMjudge zip"),
        "{stderr}"
    );

    let zip = std::fs::File::open(repo.path().join("contest/hops.zip")).unwrap();
    let mut zip = zip::ZipArchive::new(zip).unwrap();
    let names: Vec<String> = zip.file_names().map(|n| n.unwrap().to_string()).collect();
    assert!(names.contains(&"submissions/run_time_error/hog.py".to_string()));
    assert!(
        !names
            .iter()
            .any(|n| n.contains("memory_limit_exceeded") || n.contains("output_limit_exceeded")),
        "{names:?}"
    );
    let mut moved = String::new();
    zip.by_name("submissions/run_time_error/hog.py")
        .unwrap()
        .read_to_string(&mut moved)
        .unwrap();
    assert_eq!(moved, hog);
    // The Kattis package keeps the folders as they are.
    assert!(
        repo.path()
            .join("contest/hops/submissions/output_limit_exceeded/spam.py")
            .is_file()
    );
}

/// What DOMjudge's `import-contest` (misc-tools) reads from a contest export, checked as it
/// reads it: `contest.yaml` (the CCS contest: `name`, `duration` as H:MM:SS, a start time),
/// then `problems.yaml` (a list; each problem's `id`, and the `label` and `name` its API's
/// `add-data` stores), then for each `id` the folder `<id>/` with a `problem.yaml`, which it
/// zips as `<id>.zip` (the zip export already holds: its root must have `problem.yaml`,
/// `domjudge-problem.ini` and the samples). Returns (id, label, name) per problem, in order.
pub fn import_contest(dir: &Path) -> Vec<(String, String, String)> {
    use std::io::Read;
    let read_yaml = |name: &str| -> serde_yaml_ng::Value {
        let text = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("{name}: DOMjudge's import needs it: {e}"));
        serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{name}: not YAML: {e}"))
    };
    let contest = read_yaml("contest.yaml");
    assert!(
        contest["name"].as_str().is_some_and(|n| !n.is_empty()),
        "contest.yaml: no name"
    );
    let duration = contest["duration"]
        .as_str()
        .expect("contest.yaml: duration");
    let parts: Vec<&str> = duration.split(':').collect();
    assert!(
        parts.len() == 3 && parts.iter().all(|p| p.parse::<u32>().is_ok()),
        "contest.yaml: duration {duration} is not H:MM:SS"
    );
    assert!(
        contest
            .get("start_time")
            .or(contest.get("start-time"))
            .is_some(),
        "contest.yaml: no start_time"
    );
    let problems = read_yaml("problems.yaml");
    let problems = problems.as_sequence().expect("problems.yaml: a list");
    let mut seen = Vec::new();
    for problem in problems {
        let id = problem["id"]
            .as_str()
            .expect("problems.yaml: every problem has an id");
        let label = problem["label"].as_str().expect("problems.yaml: a label");
        let name = problem["name"].as_str().expect("problems.yaml: a name");
        assert!(
            dir.join(id).join("problem.yaml").is_file(),
            "{id}/problem.yaml: import-contest zips this folder"
        );
        let zip = std::fs::File::open(dir.join(format!("{id}.zip"))).unwrap();
        let mut zip = zip::ZipArchive::new(zip).unwrap();
        let names: Vec<String> = zip.file_names().map(|n| n.unwrap().to_string()).collect();
        for needed in ["problem.yaml", "domjudge-problem.ini"] {
            assert!(
                names.iter().any(|n| n == needed),
                "{id}.zip: no {needed}: {names:?}"
            );
        }
        assert!(
            names
                .iter()
                .any(|n| n.starts_with("data/sample/") && n.ends_with(".in")),
            "{id}.zip: no samples"
        );
        let mut ini = String::new();
        zip.by_name("domjudge-problem.ini")
            .unwrap()
            .read_to_string(&mut ini)
            .unwrap();
        assert!(ini.contains("externalid"), "{id}.zip: {ini}");
        assert!(
            !seen.iter().any(|(s, _, _)| s == id),
            "problems.yaml: {id} twice"
        );
        seen.push((id.to_string(), label.to_string(), name.to_string()));
    }
    seen
}
