//! Attacks on the judge itself (issue 28): each hostile program below tries one way out of its
//! run (changing its own input, typing into the operator's terminal, writing through a
//! descriptor the caller left open, leaving data in a keyring for the next test, hiding memory in
//! a tmpfs, exhausting the compiler, outliving a killed judge, reading the judge's command line
//! or environment). Each must get the verdict a careful judge gives, and after each the
//! package's files, the compile cache and the caller's own files hash as they did before.
//!
//! With `LEAPFROG_REQUIRE_SANDBOX=1` (CI) a missing sandbox fails these tests instead of skipping
//! the sandboxed half.

use crate::support;

use std::path::Path;
use std::time::{Duration, Instant};

use support::{TempPackage, json};

pub(crate) const SANDBOX: &[&str] = &["--require-sandbox"];
pub(crate) const NO_SANDBOX: &[&str] = &["--no-sandbox"];

/// The isolation modes to try: limits only always, the sandbox where it works.
pub(crate) fn modes() -> Vec<&'static [&'static str]> {
    let mut modes = vec![NO_SANDBOX];
    if support::sandbox_works() {
        modes.push(SANDBOX);
    }
    modes
}

/// What a hostile command must leave as it found it: the package, a compile cache of its own,
/// a directory of the caller's and its temporary directory ([`Guard`]).
pub(crate) use crate::support::guard::Guard;

/// Judges `source` with `--json` and `extra`, checking the guard's trees afterwards.
pub(crate) fn judge_guarded(
    pkg: &TempPackage,
    name: &str,
    source: &str,
    extra: &[&str],
) -> serde_json::Value {
    judge_with(pkg, name, source, extra, |_| {})
}

pub(crate) fn judge_with(
    pkg: &TempPackage,
    name: &str,
    source: &str,
    extra: &[&str],
    adjust: impl FnOnce(&mut std::process::Command),
) -> serde_json::Value {
    let path = pkg.write(&format!("submissions/scratch/{name}"), source);
    let guard = Guard::over(&[pkg.path()]);
    let mut cmd = guard.command();
    cmd.args(["judge", &pkg.arg(), path.to_str().unwrap(), "--json"])
        .args(extra);
    adjust(&mut cmd);
    let out = cmd.output().unwrap();
    guard.finish();
    json(&out)
}

pub(crate) fn verdict(v: &serde_json::Value) -> &str {
    v["verdict"].as_str().unwrap_or("?")
}

/// Reopens its input through `/proc/self/fd/0` to truncate it and to append to it.
const REOPEN_STDIN: &str = r#"#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    int fd = open("/proc/self/fd/0", O_WRONLY | O_TRUNC);
    if (fd >= 0) { if (write(fd, "9 9\n", 4) < 0) {} close(fd); }
    fd = open("/proc/self/fd/0", O_WRONLY | O_APPEND);
    if (fd >= 0) { if (write(fd, "1\n", 2) < 0) {} close(fd); }
    printf("%ld\n", a + b);
    return 0;
}
"#;

#[test]
fn a_run_cannot_change_its_input() {
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 3);
        let v = judge_guarded(&pkg, "reopen.c", REOPEN_STDIN, mode);
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
    }
}

#[test]
fn an_input_validator_cannot_change_the_input_it_checks() {
    let pkg = TempPackage::sum(2.0, 256, 2);
    pkg.write(
        "input_validators/validate.py",
        "import sys\nsys.stdin.read()\nfor mode in ('w', 'a'):\n    try:\n        open('/proc/self/fd/0', mode).write('')\n    except OSError:\n        pass\nsys.exit(42)\n",
    );
    let guard = Guard::over(&[pkg.path()]);
    let out = guard.run(["validate", &pkg.arg()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Opens the controlling terminal, types a command into it and writes onto it.
const TTY: &str = r#"#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    int fd = open("/dev/tty", O_RDWR);
    if (fd >= 0) {
        for (const char *p = "echo LFINJECTED\n"; *p; p++) ioctl(fd, TIOCSTI, p);
        if (write(fd, "LFSCRIBBLED\n", 12) < 0) {}
        printf("reached the terminal\n");
        return 0;
    }
    printf("%ld\n", a + b);
    return 0;
}
"#;

#[test]
fn a_run_cannot_reach_the_operators_terminal() {
    if !support::installed(&["script"]) {
        return;
    }
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 1);
        let sub = pkg.write("submissions/scratch/tty.c", TTY);
        let guard = Guard::over(&[pkg.path()]);
        let report = guard.caller().join("report.json");
        // `script` gives the judge a terminal of its own (a pty) as its controlling terminal,
        // as an operator's shell would; what reaches that terminal comes out on its stdout.
        let out = std::process::Command::new("script")
            .args(["-q", "-e", "-c"])
            .arg(r#""$LF_BIN" judge "$LF_PKG" "$LF_SUB" --json $LF_MODE > "$LF_OUT""#)
            .arg("/dev/null")
            // `script` runs the command with $SHELL (else the user's login shell).
            .env("SHELL", "/bin/sh")
            .env("LF_BIN", assert_cmd::cargo::cargo_bin!("leapfrog"))
            .env("LF_PKG", pkg.path())
            .env("LF_SUB", &sub)
            .env("LF_MODE", mode[0])
            .env("LF_OUT", &report)
            .env("LEAPFROG_CACHE_DIR", guard.cache())
            .env("TMPDIR", guard.tmp())
            .current_dir(guard.caller())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let seen = String::from_utf8_lossy(&out.stdout);
        assert!(
            !seen.contains("LFINJECTED"),
            "{mode:?}: typed into the terminal: {seen}"
        );
        assert!(
            !seen.contains("LFSCRIBBLED"),
            "{mode:?}: wrote on the terminal: {seen}"
        );
        let text = std::fs::read_to_string(&report).unwrap();
        std::fs::remove_file(&report).unwrap();
        guard.finish();
        let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
    }
}

/// Writes into every regular file it holds a descriptor of, beyond its standard streams.
const INHERITED: &str = r#"#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    int found = 0;
    for (int fd = 3; fd < 1024; fd++) {
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && write(fd, "LFLEAK\n", 7) == 7) found++;
    }
    if (found) printf("wrote through %d inherited descriptors\n", found);
    else printf("%ld\n", a + b);
    return 0;
}
"#;

#[test]
fn no_descriptor_of_the_caller_reaches_a_run() {
    use std::os::fd::AsRawFd;
    use std::os::unix::process::CommandExt;
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 1);
        let host = tempfile::NamedTempFile::new().unwrap();
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(host.path())
            .unwrap();
        let raw = file.as_raw_fd();
        let v = judge_with(&pkg, "fds.c", INHERITED, mode, |cmd| {
            // SAFETY: dup2 between fork and exec, on a descriptor that outlives the spawn.
            unsafe {
                cmd.pre_exec(move || {
                    if libc::dup2(raw, 7) < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        });
        assert_eq!(
            std::fs::read_to_string(host.path()).unwrap(),
            "",
            "{mode:?}"
        );
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
        drop(file);
    }
}

/// Looks for a key an earlier test left in the user keyring, leaves one itself, and tries to
/// create a user namespace (where it could mount a tmpfs nobody counts).
const KEYS: &str = r#"#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
#define KEY_SPEC_USER_KEYRING -4
#define KEYCTL_SEARCH 10
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    if (syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, "user", "lfmark", 0) >= 0) {
        printf("found the key of an earlier test\n");
        return 0;
    }
    syscall(SYS_add_key, "user", "lfmark", "left", 4, KEY_SPEC_USER_KEYRING);
    if (unshare(CLONE_NEWUSER) == 0) {
        printf("made a user namespace\n");
        return 0;
    }
    printf("%ld\n", a + b);
    return 0;
}
"#;

#[test]
fn nothing_persists_in_keyrings_and_no_user_namespace_is_made() {
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 4);
        let mut args = mode.to_vec();
        args.extend(["--jobs", "1"]);
        let v = judge_guarded(&pkg, "keys.c", KEYS, &args);
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
    }
}

/// Writes `mib` MiB into files of 256 KiB in `dir` (as many as fit: each below any output
/// limit, which holds one file's size), keeps them a moment, then answers.
fn filler(dir: &str, mib: u32) -> String {
    format!(
        r#"#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
int main(void) {{
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    static char chunk[1 << 18];
    memset(chunk, 7, sizeof chunk);
    char name[64];
    for (int i = 0; i < {mib} * 4; i++) {{
        snprintf(name, sizeof name, "{dir}/lffill%d", i);
        int fd = open(name, O_CREAT | O_WRONLY, 0600);
        if (fd < 0 || write(fd, chunk, sizeof chunk) < 0) break;
        close(fd);
    }}
    struct timespec pause = {{0, 300000000}};
    nanosleep(&pause, 0);
    printf("%ld\n", a + b);
    return 0;
}}
"#
    )
}

#[test]
fn files_in_the_sandboxs_tmpfs_count_as_memory() {
    if !support::sandbox_works() {
        return;
    }
    for sampled in [true, false] {
        for dir in ["/tmp", "/dev/shm"] {
            let pkg = TempPackage::sum(2.0, 256, 1);
            let v = judge_with(&pkg, "fill.c", &filler(dir, 320), SANDBOX, |cmd| {
                if sampled {
                    cmd.env("LEAPFROG_MEMORY_ENFORCEMENT", "sampled");
                }
            });
            if sampled {
                assert_eq!(v["memory_enforcement"], "sampled", "{v}");
            }
            assert_eq!(verdict(&v), "MLE", "{dir}, sampled {sampled}: {v}");
        }
    }
    // A program well within the limit keeps its AC.
    let pkg = TempPackage::sum(2.0, 256, 1);
    let v = judge_with(&pkg, "small.c", &filler("/tmp", 64), SANDBOX, |cmd| {
        cmd.env("LEAPFROG_MEMORY_ENFORCEMENT", "sampled");
    });
    assert_eq!(verdict(&v), "AC", "{v}");
}

/// Ten nested macros of ten: 10^10 tokens in one initializer.
fn preprocessor_bomb() -> String {
    let mut src = String::from("#define A0 0,\n");
    for level in 1..=10 {
        let below = format!("A{} ", level - 1).repeat(10);
        src.push_str(&format!("#define A{level} {below}\n"));
    }
    src.push_str("int v[] = { A10 };\nint main(void) { return v[0]; }\n");
    src
}

#[test]
fn compilers_are_held_to_the_packages_compilation_memory() {
    let sources = [
        ("bomb.c", preprocessor_bomb()),
        (
            "random.c",
            "#include \"/dev/random\"\nint main(void) { return 0; }\n".to_string(),
        ),
    ];
    for mode in modes() {
        for (name, source) in &sources {
            let pkg = TempPackage::sum(1.0, 256, 0);
            pkg.write(
                "problem.yaml",
                "name: Sum\nvalidation: default\nlimits:\n  time_limit: 1\n  memory: 256\n  compilation_memory: 256\n  compilation_time: 30\n",
            );
            let started = Instant::now();
            let v = judge_guarded(&pkg, name, source, mode);
            assert_eq!(verdict(&v), "CE", "{mode:?} {name}: {v}");
            let message = v["compile_message"].as_str().unwrap_or_default();
            assert!(
                message.contains("more than 256 MiB of memory"),
                "{mode:?} {name}: {message}"
            );
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{mode:?} {name}: stopped at the memory limit, not the time limit"
            );
        }
    }
}

/// Compiles the judge's environment into the program, if the compiler sees it.
const ENV_SECRET: &str = r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let n: Vec<i64> = s.split_whitespace().map(|w| w.parse().unwrap()).collect();
    match option_env!("LF_TEST_SECRET") {
        Some(secret) => println!("{secret}"),
        None => println!("{}", n[0] + n[1]),
    }
}
"#;

#[test]
fn compilers_do_not_see_the_judges_environment() {
    if !support::installed(&["rustc"]) {
        return;
    }
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 1);
        let v = judge_with(&pkg, "secret.rs", ENV_SECRET, mode, |cmd| {
            cmd.env("LF_TEST_SECRET", "hunter2");
        });
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
    }
}

/// Looks for the judge's command line or environment in the run's process 1.
const PROC_ONE: &str = r#"import sys
a, b = map(int, sys.stdin.read().split())
leaks = []
for name in ('/proc/1/cmdline', '/proc/1/environ'):
    try:
        seen = open(name, 'rb').read()
    except OSError:
        continue
    if b'judge' in seen or b'LEAPFROG' in seen or b'leapfrog-test' in seen:
        leaks.append(name)
print(' '.join(leaks) if leaks else a + b)
"#;

#[test]
fn the_sandboxs_first_process_shows_nothing_of_the_judge() {
    if !support::sandbox_works() {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 1);
    let v = judge_guarded(&pkg, "proc1.py", PROC_ONE, SANDBOX);
    assert_eq!(verdict(&v), "AC", "{v}");
    // A test with files of its own runs in bubblewrap started for it.
    pkg.write("data/secret/01.files/given.txt", "x\n");
    let v = judge_guarded(&pkg, "proc1.py", PROC_ONE, SANDBOX);
    assert_eq!(verdict(&v), "AC", "{v}");
}

/// Sleeps, with a child in a process group of its own doing the same; both are named
/// `NAME1` and `NAME2`, `NAME` unique to one test run (other runs of this test may share the
/// machine, and their processes must not be mistaken for ours).
fn sleeper(name: &str) -> String {
    format!(
        r#"#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>
int main(void) {{
    prctl(PR_SET_NAME, "{name}1");
    if (fork() == 0) {{ setpgid(0, 0); prctl(PR_SET_NAME, "{name}2"); sleep(120); return 0; }}
    sleep(120);
    return 0;
}}
"#
    )
}

/// The live processes whose name starts with `prefix` (a zombie is dead: it holds nothing but
/// its number until its new parent reaps it).
fn processes_named(prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let zombie = std::fs::read_to_string(entry.path().join("stat")).is_ok_and(|stat| {
            stat.rsplit_once(") ")
                .is_some_and(|(_, rest)| rest.starts_with('Z'))
        });
        if let Ok(comm) = std::fs::read_to_string(entry.path().join("comm"))
            && comm.trim().starts_with(prefix)
            && !zombie
        {
            found.push(format!(
                "{} {}",
                entry.file_name().to_string_lossy(),
                comm.trim()
            ));
        }
    }
    found
}

/// Directories named `name` anywhere below `root` (not following links).
fn dirs_named(root: &Path, name: &str) -> Vec<String> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_dir() && e.file_name().to_string_lossy() == name)
        .map(|e| e.path().display().to_string())
        .collect()
}

#[test]
fn a_later_judge_clears_what_a_killed_one_left() {
    for (i, mode) in modes().into_iter().enumerate() {
        // At most 15 characters, the kernel's limit for a process name.
        let name = format!("lfk{}x{i}x", std::process::id() % 1_000_000);
        let pkg = TempPackage::sum(30.0, 256, 0);
        let sub = pkg.write("submissions/scratch/sleeper.c", &sleeper(&name));
        // Another judge starts (and finishes) meanwhile, on a package of its own.
        let quick = TempPackage::sum(2.0, 256, 0);
        let ok = quick.write(
            "submissions/accepted/ok.py",
            "print(sum(map(int, input().split())))\n",
        );
        // Both judges share the guard's TMPDIR, cache and caller's directory: once the second
        // has cleared what the killed one left, they are as they were before.
        let guard = Guard::over(&[pkg.path(), quick.path()]);
        let tmp = guard.tmp();
        let mut judge = guard.command();
        judge
            .args(["judge", &pkg.arg(), sub.to_str().unwrap()])
            .args(mode)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        let mut child = judge.spawn().unwrap();
        let judge_pid = child.id();
        let deadline = Instant::now() + Duration::from_secs(60);
        while processes_named(&format!("{name}2")).is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(
            !processes_named(&format!("{name}2")).is_empty(),
            "{mode:?}: the run never started"
        );
        child.kill().unwrap();
        child.wait().unwrap();
        let out = guard
            .leapfrog()
            .args(["judge", &quick.arg(), ok.to_str().unwrap()])
            .args(mode)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        let deadline = Instant::now() + Duration::from_secs(5);
        while !processes_named(&name).is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(
            processes_named(&name),
            Vec::<String>::new(),
            "{mode:?}: processes left"
        );
        let scratch: Vec<_> = std::fs::read_dir(tmp).unwrap().flatten().collect();
        assert!(
            scratch.is_empty(),
            "{mode:?}: scratch left: {:?}",
            scratch[0].path()
        );
        let cgroups = dirs_named(
            Path::new("/sys/fs/cgroup"),
            &format!("leapfrog-{judge_pid}"),
        );
        assert_eq!(cgroups, Vec::<String>::new(), "{mode:?}: cgroups left");
        guard.finish();
    }
}
