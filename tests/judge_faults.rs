//! The judge blames itself for its own faults and stays out of a contestant's reach (issue 28,
//! the judge's side): a full or missing scratch space is JE, never WA or RTE; the default check
//! reads a gigabyte of output in bounded memory; whatever bytes a program prints stay inert on
//! the report page and the terminal; a run stopped by the wall clock while its CPU time stayed
//! under the limit says so, with the machine's load, and `verify` runs it again, alone.
//! Every judge here runs under a [`Guard`]: afterwards the package, the caller's files and the
//! judge's temporary directory (a full or a missing one where the test gives it) are as before.

use crate::support;

use std::path::Path;

use support::browser::{self, chromium};
use support::guard::Guard;
use support::{TempPackage, json};

/// A Python submission (no compiler needed) written into the package.
fn submission(pkg: &TempPackage, name: &str, source: &str) -> String {
    let path = pkg.write(&format!("submissions/scratch/{name}"), source);
    path.display().to_string()
}

// ---- contestant text is inert ----

/// What the hostile program writes on stderr before it fails: markup that would end the page's
/// data element or comment the rest of the page out, a NUL, bytes that are not UTF-8, and
/// terminal controls that retitle the window and clear the screen.
const HOSTILE_STDERR: &str = r#"import sys
sys.stdout.buffer.write(b"</script><!--<script>\x00\xff\xfe\n")
sys.stdout.flush()
sys.stderr.buffer.write(b"<!--<script>alert(1)</script>\x00\xfe \x1b]0;pwned\x07\x1b[2J\r<!--\n")
sys.exit(3)
"#;

#[test]
fn terminal_output_shows_control_sequences_escaped() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    let path = submission(&pkg, "hostile.py", HOSTILE_STDERR);
    let guard = Guard::over(&[pkg.path()]);
    let output = guard.run(["judge", &pkg.arg(), &path, "--tests", "sample"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let printed = [&output.stdout[..], &output.stderr[..]].concat();
    let text = String::from_utf8_lossy(&printed);
    // NO_COLOR is set: leapfrog's own output holds no escape character either.
    assert!(
        !printed.contains(&0x1b) && !printed.contains(&0x07) && !printed.contains(&b'\r'),
        "raw control bytes reached the terminal:\n{text:?}"
    );
    assert!(text.contains("RTE"), "{text}");
    assert!(
        text.contains(r"\x1b]0;pwned\x07\x1b[2J\r<!--"),
        "the controls are shown escaped: {text}"
    );
    assert!(text.contains(r"\x00"), "{text}");
}

#[test]
fn the_report_page_shows_hostile_text_as_text() {
    let pkg = TempPackage::sum(1.0, 256, 2);
    let path = submission(&pkg, "hostile.py", HOSTILE_STDERR);
    // The page goes where the caller asks, outside the watched trees.
    let pages = tempfile::tempdir().unwrap();
    let page = pages.path().join("report.html");
    let guard = Guard::over(&[pkg.path()]);
    let output = guard
        .leapfrog()
        .args(["judge", &pkg.arg(), &path, "--report"])
        .arg(&page)
        .output()
        .unwrap();
    guard.finish();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let html = std::fs::read_to_string(&page).unwrap();
    // The two JSON elements hold no markup at all: nothing in them can end them early or put
    // the parser into a state where their end tags do not count.
    for id in ["data", "blobs"] {
        let open = format!("id=\"{id}\">");
        let start = html.find(&open).unwrap() + open.len();
        let end = start + html[start..].find("</script>").unwrap();
        let inside = &html[start..end];
        assert!(
            !inside.contains('<') && !inside.contains('>'),
            "#{id} holds markup: {inside}"
        );
        let value: serde_json::Value = serde_json::from_str(inside).unwrap();
        if id == "data" {
            let messages = value["messages"].to_string();
            assert!(
                messages.contains("<!--<script>alert(1)<\\/script>")
                    || messages.contains("<!--<script>alert(1)</script>"),
                "{messages}"
            );
        }
    }
    let Some(browser) = chromium() else {
        if std::env::var_os("LEAPFROG_REQUIRE_BROWSER").is_some() {
            panic!("chromium is required here (LEAPFROG_REQUIRE_BROWSER is set) but not installed");
        }
        eprintln!("SKIPPED the browser half: chromium is not installed");
        return;
    };
    // A real HTML parser: every section of the page is there and its script ran to the end.
    let work = tempfile::tempdir().unwrap();
    let extra = ["--virtual-time-budget=5000".to_string()];
    let (dom, log) = browser::dump_dom(&browser, &page, work.path(), &extra);
    assert!(
        dom.contains("data-ready="),
        "the page's script did not finish:\n{dom}\n{log}"
    );
    for section in [
        "<header id=\"head\"><h1>",
        "<nav id=\"filters\"><span>",
        "<div id=\"matrix\"><div class=\"head\">",
        "<section id=\"summary\">",
        "<script type=\"application/json\" id=\"blobs\">",
    ] {
        assert!(
            dom.contains(section),
            "{section} is missing from the page:\n{dom}"
        );
    }
    assert_eq!(
        dom.matches("class=\"c v4\"").count(),
        3,
        "one RTE cell per test:\n{dom}"
    );
}

// ---- judge faults are JE ----

/// A tmpfs of `size` mounted on a fresh directory, unmounted when dropped; `None` (the test is
/// then skipped) where mounting is not allowed.
struct Tmpfs(tempfile::TempDir);

impl Tmpfs {
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            if std::env::var_os("LEAPFROG_REQUIRE_ROOT_TESTS").is_some() {
                panic!("cannot mount a tmpfs here, and LEAPFROG_REQUIRE_ROOT_TESTS is set");
            }
            eprintln!("SKIPPED: cannot mount a tmpfs (not root?)");
            return None;
        }
        Some(Tmpfs(dir))
    }

    fn path(&self) -> &Path {
        self.0.path()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.0.path())
            .status();
    }
}

/// A package whose one test's answer is 8 MB of tokens, with two right programs: one in Python,
/// whose write fails loudly when the disk is full (RTE on the old judge), and one in C that
/// ignores failed writes (its output ends early: WA on the old judge).
fn big_answer_package() -> TempPackage {
    let pkg = TempPackage::sum(5.0, 256, 0);
    pkg.write(
        "problem.yaml",
        "name: Big\nvalidation: default\nlimits:\n  time_limit: 5\n  memory: 256\n  output: 64\n",
    );
    // One number, not the two the sum package's validator wants: this package has none.
    std::fs::remove_dir_all(pkg.path().join("input_validators")).unwrap();
    pkg.write("data/sample/1.in", "4000000\n");
    pkg.write("data/sample/1.ans", &"7 ".repeat(4_000_000));
    pkg.write(
        "submissions/accepted/loud.py",
        "import sys\nn = int(input())\nsys.stdout.write('7 ' * n)\n",
    );
    pkg.write(
        "submissions/accepted/quiet.c",
        "#include <stdio.h>\nint main(){int n;if(scanf(\"%d\",&n)!=1)return 1;for(int i=0;i<n;i++)fputs(\"7 \",stdout);return 0;}\n",
    );
    pkg
}

#[test]
fn a_full_scratch_space_is_a_judge_error_not_the_contestants() {
    let Some(tmpfs) = Tmpfs::mount("4m") else {
        return;
    };
    let pkg = big_answer_package();
    let mut programs = vec!["loud.py"];
    if support::installed(&["gcc"]) {
        programs.push("quiet.c");
    }
    for program in programs {
        let path = pkg.path().join("submissions/accepted").join(program);
        let guard = Guard::in_tmp(&[pkg.path()], tmpfs.path());
        let output = guard
            .leapfrog()
            .args(["judge", &pkg.arg()])
            .arg(&path)
            .arg("--json")
            .output()
            .unwrap();
        guard.finish();
        let v = json(&output);
        assert_eq!(v["verdict"], "JE", "{program}: {v}");
        assert_eq!(output.status.code(), Some(2), "{program}: {v}");
        let message = v["tests"][0]["message"].as_str().unwrap();
        assert!(
            message.contains("scratch space") && message.contains("No space left on device"),
            "{program}: {message}"
        );
    }
    // verify counts it as a judge error, and exits 2.
    let guard = Guard::in_tmp(&[pkg.path()], tmpfs.path());
    let output = guard.run(["verify", &pkg.arg()]);
    let text = String::from_utf8_lossy(&output.stdout);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{text}{errors}");
    assert!(text.contains("judge error"), "{text}");
    assert!(!text.contains("0 judge errors"), "{text}");
    // With room, both are accepted: the JE was the disk's doing.
    let guard = Guard::over(&[pkg.path()]);
    let output = guard.run(["verify", &pkg.arg()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

#[test]
fn a_missing_scratch_directory_is_named_and_never_a_compile_error() {
    let pkg = TempPackage::sum(1.0, 256, 1);
    let source = "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);}\n";
    let path = submission(&pkg, "sum.c", source);
    pkg.write("submissions/accepted/sum.c", source);
    let missing = pkg.path().join("no-such-dir");
    for sandbox in [&[][..], &["--no-sandbox"][..]] {
        // The missing directory lies in the package: the guard sees it made.
        let guard = Guard::in_tmp(&[pkg.path()], &missing);
        let output = guard
            .leapfrog()
            .args(["judge", &pkg.arg(), &path, "--json"])
            .args(sandbox)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{sandbox:?}: {output:?}");
        assert!(
            stderr.contains("scratch directory") && stderr.contains("no-such-dir"),
            "{sandbox:?}: {stderr}"
        );
        let output = guard
            .leapfrog()
            .args(["verify", &pkg.arg()])
            .args(sandbox)
            .output()
            .unwrap();
        guard.finish();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{sandbox:?}: {stdout}");
        // Either the data check before judging stops on the scratch space (when this data was
        // not checked before), or the submission's runs do and verify counts a judge error.
        let named = stderr.contains("scratch directory") && stderr.contains("no-such-dir");
        assert!(
            named || stdout.contains("1 judge error"),
            "{sandbox:?}: {stdout}{stderr}"
        );
    }
}

// ---- streams, not buffers ----

/// The judge's own peak resident memory (`VmHWM` of the leapfrog process, polled until it
/// ends; the programs it runs are other processes), its exit code and its stdout.
fn judge_peak_memory(cmd: &mut std::process::Command) -> (u64, i32, String) {
    use std::io::Read;
    let mut child = cmd.stdout(std::process::Stdio::piped()).spawn().unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let mut peak_kib = 0;
    let code = loop {
        if let Ok(status) = std::fs::read_to_string(&status_file)
            && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:"))
        {
            let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
            peak_kib = peak_kib.max(kib);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status.code().unwrap_or(-1);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    (peak_kib << 10, code, reader.join().unwrap())
}

#[test]
fn judging_a_gigabyte_of_output_keeps_the_judge_small() {
    if !support::installed(&["gcc"]) {
        return;
    }
    let pkg = TempPackage::sum(20.0, 256, 0);
    pkg.write(
        "problem.yaml",
        "name: Gigabyte\nvalidation: default\nlimits:\n  time_limit: 20\n  memory: 256\n  output: 1100\n",
    );
    // 1 GiB of answer: 2^26 lines of two tokens. The program prints the same but for the very
    // last character, so the check reads both files to their ends.
    {
        use std::io::Write;
        let block = "01234567 abcdef\n".repeat(1 << 16);
        let file = std::fs::File::create(pkg.path().join("data/sample/1.ans")).unwrap();
        let mut file = std::io::BufWriter::new(file);
        for _ in 0..1024 {
            file.write_all(block.as_bytes()).unwrap();
        }
        file.flush().unwrap();
    }
    let source = r#"#include <stdio.h>
#include <string.h>
static char block[1 << 20];
int main(void) {
    for (int i = 0; i < (1 << 16); i++) memcpy(block + 16 * i, "01234567 abcdef\n", 16);
    for (int i = 0; i < 1023; i++) fwrite(block, 1, sizeof block, stdout);
    block[sizeof block - 2] = 'X';
    fwrite(block, 1, sizeof block, stdout);
    return 0;
}
"#;
    let path = submission(&pkg, "gigabyte.c", source);
    let guard = Guard::over(&[pkg.path()]);
    let mut cmd = guard.command();
    cmd.args(["judge", &pkg.arg(), &path, "--json", "--jobs", "1"]);
    let started = std::time::Instant::now();
    let (peak, code, stdout) = judge_peak_memory(&mut cmd);
    guard.finish();
    let v: serde_json::Value =
        serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"));
    eprintln!(
        "judging 1 GiB of output against 1 GiB of answer: judge peak {:.1} MiB, {:.1} s",
        peak as f64 / f64::from(1 << 20),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["verdict"], "WA", "{v}");
    assert_eq!(
        v["tests"][0]["message"],
        format!("line {}: expected \"abcdef\", got \"abcdeX\"", 1u64 << 26),
        "{v}"
    );
    assert!(peak > 0, "the judge's memory was not measured");
    assert!(
        peak < 100 << 20,
        "the judge's own peak memory was {} MiB",
        peak >> 20
    );
}

// ---- overload is not the contestant's slowness ----

#[test]
fn a_sleeper_is_told_apart_from_a_slow_program() {
    let pkg = TempPackage::sum(0.3, 256, 0);
    let path = submission(&pkg, "sleepy.py", "import time\ntime.sleep(60)\n");
    let guard = Guard::over(&[pkg.path()]);
    let output = guard.run(["judge", &pkg.arg(), &path, "--json"]);
    let v = json(&output);
    assert_eq!(v["verdict"], "TLE", "{v}");
    let message = v["tests"][0]["message"].as_str().unwrap();
    for part in [
        "wall-clock limit",
        "s of CPU",
        "0.30 s CPU limit",
        "load average",
        "CPUs",
    ] {
        assert!(message.contains(part), "{part:?} not in {message:?}");
    }
}

/// A program that logs each run (`start`/`end`, with its input and the time) to `log`, and
/// sleeps past every limit instead of answering: `always`, or only the first time it sees an
/// input (it marks the inputs it has seen in `seen`).
fn logging_program(log: &Path, seen: &Path, always: bool) -> String {
    format!(
        r#"import os, sys, time
line = sys.stdin.readline()
a, b = map(int, line.split())
def note(what):
    with open({log:?}, "a") as f:
        f.write(f"{{a}}_{{b}} {{what}} {{time.time()}}\n")
note("start")
mark = os.path.join({seen:?}, f"{{a}}_{{b}}")
first = not os.path.exists(mark)
open(mark, "w").close()
if {always} or first:
    time.sleep(60)
print(a + b)
note("end")
"#,
        log = log.display().to_string(),
        seen = seen.display().to_string(),
        always = if always { "True" } else { "False" },
    )
}

#[test]
fn verify_runs_a_wall_clock_tle_again_alone() {
    let pkg = TempPackage::sum(0.5, 256, 2);
    let work = tempfile::tempdir().unwrap();
    let (log, seen) = (work.path().join("flaky.log"), work.path().join("seen"));
    std::fs::create_dir(&seen).unwrap();
    pkg.write(
        "submissions/accepted/flaky.py",
        &logging_program(&log, &seen, false),
    );
    let sleeper_log = work.path().join("sleeper.log");
    let sleeper_seen = work.path().join("sleeper-seen");
    std::fs::create_dir(&sleeper_seen).unwrap();
    // In `rejected/`, where TLE is one verdict among others: `verify` does not run the tests of
    // a program expected to exceed the limit (`time_limit_exceeded/`) again.
    pkg.write(
        "submissions/rejected/sleeper.py",
        &logging_program(&sleeper_log, &sleeper_seen, true),
    );
    // Without the sandbox, so the programs can keep their log outside their run: in a
    // directory every user may write, as a run is the run's own user where the judge is root.
    for dir in [work.path(), &seen, &sleeper_seen] {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    // The programs keep their logs in `work`, outside the watched trees, by design.
    let guard = Guard::over(&[pkg.path()]);
    let output = guard
        .leapfrog()
        .args([
            "verify",
            &pkg.arg(),
            "--json",
            "--no-sandbox",
            "--jobs",
            "2",
        ])
        .output()
        .unwrap();
    guard.finish();
    let v = json(&output);
    assert_eq!(output.status.code(), Some(0), "{v}");
    let rows = v["submissions"].as_array().unwrap();
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["submission"].as_str().unwrap().ends_with(name))
            .unwrap()
    };
    // The accepted program slept through its first run of every test: each test ran twice,
    // and it is accepted on the second runs.
    assert_eq!(row("flaky.py")["verdict"], "AC", "{v}");
    let text = std::fs::read_to_string(&log).unwrap();
    let runs: Vec<(&str, &str, f64)> = text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (f[0], f[1], f[2].parse().unwrap())
        })
        .collect();
    let starts = runs.iter().filter(|r| r.1 == "start").count();
    let ends: Vec<_> = runs.iter().filter(|r| r.1 == "end").collect();
    assert_eq!(
        (starts, ends.len()),
        (6, 3),
        "three tests, each run twice:\n{text}"
    );
    // Each second run ran alone: no other run started while it ran.
    for end in &ends {
        let start = runs
            .iter()
            .filter(|r| r.0 == end.0 && r.1 == "start")
            .map(|r| r.2)
            .fold(f64::MIN, f64::max);
        let others = runs
            .iter()
            .filter(|r| r.1 == "start" && r.2 > start && r.2 < end.2)
            .count();
        assert_eq!(
            others, 0,
            "a run started during the re-run of {}:\n{text}",
            end.0
        );
    }
    // The sleeper sleeps on its second run too: TLE, and the message says it was run again.
    let sleeper = row("sleeper.py");
    assert_eq!(sleeper["verdict"], "TLE", "{v}");
    let tle = sleeper["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["verdict"] == "TLE")
        .unwrap();
    let message = tle["message"].as_str().unwrap();
    assert!(message.contains("again when run alone"), "{message}");
    let sleeper_runs = std::fs::read_to_string(&sleeper_log).unwrap();
    let name = tle["name"].as_str().unwrap();
    let input =
        std::fs::read_to_string(pkg.path().join("data").join(format!("{name}.in"))).unwrap();
    let key = input.split_whitespace().collect::<Vec<_>>().join("_");
    assert_eq!(
        sleeper_runs
            .lines()
            .filter(|l| l.starts_with(&format!("{key} start")))
            .count(),
        2,
        "{sleeper_runs}"
    );
}
