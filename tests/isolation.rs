//! Hostile submissions: a judge runs untrusted code, so each of these tries to cheat or to harm
//! the machine, and must get the verdict a contest judge would give while leaving nothing behind:
//! every judge here runs under a [`Guard`](support::guard::Guard), so the package, the
//! caller's files, the compile cache and the judge's temporary directory are checked after each.

use crate::support;

use std::io::Read;
use std::net::TcpListener;
use std::time::{Duration, Instant};

use support::TempPackage;
use support::judge_source_guarded;

/// Whether the sandbox can run here. In CI it must (CI installs bubblewrap); elsewhere the
/// sandbox-only tests skip with a note.
fn sandbox_available() -> bool {
    let ok = std::process::Command::new("bwrap")
        .args(["--unshare-all", "--ro-bind", "/", "/", "--", "/bin/true"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI must be able to run the sandbox"
        );
        eprintln!("skipping: bubblewrap cannot create a sandbox on this machine");
    }
    ok
}

const SANDBOX: &[&str] = &["--require-sandbox"];
const NO_SANDBOX: &[&str] = &["--no-sandbox"];

fn verdict(v: &serde_json::Value) -> &str {
    v["verdict"].as_str().unwrap()
}

/// Processes (zombies included) whose command name starts with `marker`.
fn processes_named(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if let Ok(comm) = std::fs::read_to_string(entry.path().join("comm"))
            && comm.trim().starts_with(marker)
        {
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            found.push(format!("{name}: {}", stat.trim()));
        }
    }
    found
}

/// Waits a little for processes to disappear, then lists those still there.
fn survivors(marker: &str) -> Vec<String> {
    for _ in 0..20 {
        if processes_named(marker).is_empty() {
            return Vec::new();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    processes_named(marker)
}

#[test]
fn searching_the_disk_for_answers_finds_nothing_in_the_sandbox() {
    if !sandbox_available() {
        return;
    }
    let pkg = TempPackage::sum(5.0, 256, 1);
    // Inputs no other test writes, so that outside the sandbox the search finds this package's
    // answers and not those of a package another test has on disk at the same time.
    let unique = u64::from(std::process::id()) * 1_000_000
        + u64::from(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .subsec_micros(),
        );
    for (name, b) in [("sample/1", 1), ("secret/01", 2)] {
        pkg.write(&format!("data/{name}.in"), &format!("{unique} {b}\n"));
        pkg.write(&format!("data/{name}.ans"), &format!("{}\n", unique + b));
    }
    // Looks for the .ans file next to an .in file equal to its own input, anywhere it can see.
    let src = r#"
import os, sys
data = sys.stdin.read()
skip = {'/proc', '/sys', '/usr', '/dev'}
for root, dirs, files in os.walk('/'):
    dirs[:] = [d for d in dirs if os.path.join(root, d) not in skip]
    for f in files:
        if f.endswith('.in'):
            p = os.path.join(root, f)
            try:
                if open(p).read() == data:
                    print(open(p[:-3] + '.ans').read(), end='')
                    sys.exit(0)
            except OSError:
                pass
print('nothing found')
"#;
    let (v, _) = judge_source_guarded(&pkg, "snoop.py", src, SANDBOX);
    assert_eq!(v["isolation"], "sandbox");
    assert_eq!(verdict(&v), "WA", "{v}");
    // Outside the sandbox the same program cheats its way to AC: the test is not vacuous.
    let (v, _) = judge_source_guarded(&pkg, "snoop.py", src, NO_SANDBOX);
    assert_eq!(v["isolation"], "limits-only");
    assert_eq!(verdict(&v), "AC", "{v}");
}

#[test]
fn writing_outside_the_working_directory_leaves_no_trace() {
    if !sandbox_available() {
        return;
    }
    let pkg = TempPackage::sum(5.0, 256, 1);
    let outside = tempfile::tempdir().unwrap();
    let unique = format!("leapfrog-escape-{}", std::process::id());
    let targets = [
        outside.path().join("escaped.txt"),
        std::path::Path::new("/tmp").join(&unique),
        pkg.path().join("data/sample/1.ans"),
    ];
    let src = format!(
        "import sys\nfor p in {:?}:\n    try:\n        open(p, 'w').write('pwned')\n    except OSError:\n        pass\na, b = map(int, sys.stdin.read().split())\nprint(a + b)\n",
        targets
            .iter()
            .map(|t| t.display().to_string())
            .collect::<Vec<_>>()
    );
    let (v, _) = judge_source_guarded(&pkg, "escape.py", &src, SANDBOX);
    assert_eq!(verdict(&v), "AC", "{v}");
    assert!(
        !targets[0].exists(),
        "wrote into a directory outside the sandbox"
    );
    assert!(!targets[1].exists(), "wrote into the host's /tmp");
    assert_eq!(
        std::fs::read_to_string(&targets[2]).unwrap(),
        "3\n",
        "changed an answer file"
    );
}

#[test]
fn nothing_one_test_writes_is_visible_to_the_next_test() {
    if !sandbox_available() {
        return;
    }
    let pkg = TempPackage::sum(5.0, 256, 3);
    // Every test first looks for what an earlier test left (files in its working directory,
    // /tmp and /dev/shm, a System V shared memory segment), then leaves the same itself. It
    // answers only when it found nothing and could write everything.
    let src = r#"
#include <fcntl.h>
#include <stdio.h>
#include <sys/shm.h>
#include <unistd.h>
static const char *marks[] = {"mark", "/sandbox/mark2", "/tmp/mark", "/dev/shm/mark"};
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    for (int i = 0; i < 4; i++)
        if (access(marks[i], F_OK) == 0) { printf("found %s\n", marks[i]); return 0; }
    if (shmget(0x1eaf, 0, 0) >= 0) { printf("found a shared memory segment\n"); return 0; }
    for (int i = 0; i < 4; i++) {
        int fd = open(marks[i], O_CREAT | O_WRONLY, 0644);
        if (fd < 0 || write(fd, "left\n", 5) != 5) { printf("cannot write %s\n", marks[i]); return 0; }
        close(fd);
    }
    if (shmget(0x1eaf, 4096, IPC_CREAT | 0600) < 0) { printf("cannot create a segment\n"); return 0; }
    printf("%ld\n", a + b);
    return 0;
}
"#;
    // One job: every test runs in the same worker's sandbox, one after the other.
    let (v, _) = judge_source_guarded(&pkg, "leave.c", src, &["--require-sandbox", "--jobs", "1"]);
    assert_eq!(v["tests"].as_array().unwrap().len(), 4, "{v}");
    assert_eq!(
        verdict(&v),
        "AC",
        "a later test saw what an earlier one left: {v}"
    );
}

#[test]
fn network_connections_fail_inside_the_sandbox() {
    if !sandbox_available() {
        return;
    }
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    listener.set_nonblocking(true).unwrap();
    let pkg = TempPackage::sum(5.0, 256, 0);
    let src = format!(
        "import socket, sys\na, b = map(int, sys.stdin.read().split())\ntry:\n    socket.create_connection(('127.0.0.1', {port}), timeout=2).sendall(b'leak')\n    print('connected')\nexcept OSError:\n    print(a + b)\n"
    );
    let (v, _) = judge_source_guarded(&pkg, "net.py", &src, SANDBOX);
    assert_eq!(verdict(&v), "AC", "the connection must fail: {v}");
    match listener.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        Ok((mut stream, _)) => {
            let mut got = String::new();
            let _ = stream.read_to_string(&mut got);
            panic!("the sandboxed program reached the listener and sent {got:?}");
        }
        Err(e) => panic!("{e}"),
    }
}

/// `marker` names the bomb's processes: one per variant, as the two run side by side.
fn fork_bomb_is_contained(extra: &[&str], marker: &str) {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let src = format!(
        "#include <unistd.h>\n#include <sys/prctl.h>\nint main(){{prctl(PR_SET_NAME,\"{marker}\");for(;;)fork();}}\n"
    );
    let started = Instant::now();
    let (v, code) = judge_source_guarded(&pkg, "bomb.c", &src, extra);
    assert_eq!(code, 1);
    assert!(["RTE", "TLE"].contains(&verdict(&v)), "{v}");
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(
        survivors(marker),
        Vec::<String>::new(),
        "fork bomb processes survived"
    );
    // The machine still works.
    assert!(
        std::process::Command::new("true")
            .status()
            .unwrap()
            .success()
    );
}

#[test]
fn fork_bomb_is_contained_in_the_sandbox() {
    if sandbox_available() {
        fork_bomb_is_contained(SANDBOX, "lfbomb1");
    }
}

#[test]
fn fork_bomb_is_contained_with_limits_only() {
    fork_bomb_is_contained(NO_SANDBOX, "lfbomb2");
}

fn orphan_is_killed(extra: &[&str], marker: &str) {
    let pkg = TempPackage::sum(2.0, 256, 0);
    // The child detaches into its own session (escaping the process group) and lives on.
    let src = format!(
        "#include <stdio.h>\n#include <unistd.h>\n#include <sys/prctl.h>\nint main(){{long a,b;scanf(\"%ld %ld\",&a,&b);if(fork()==0){{setsid();prctl(PR_SET_NAME,\"{marker}\");fclose(stdout);sleep(60);return 0;}}printf(\"%ld\\n\",a+b);return 0;}}\n"
    );
    let (v, _) = judge_source_guarded(&pkg, &format!("{marker}.c"), &src, extra);
    assert_eq!(verdict(&v), "AC", "{v}");
    assert_eq!(
        survivors(marker),
        Vec::<String>::new(),
        "the child outlived the judge"
    );
}

#[test]
fn a_child_left_running_is_killed_in_the_sandbox() {
    if sandbox_available() {
        orphan_is_killed(SANDBOX, "lforphan1");
    }
}

#[test]
fn a_child_left_running_is_killed_with_limits_only() {
    orphan_is_killed(NO_SANDBOX, "lforphan2");
}

fn closed_stdout_runs_out_of_time(extra: &[&str]) {
    let pkg = TempPackage::sum(0.5, 256, 0);
    let (v, _) = judge_source_guarded(
        &pkg,
        "closed.c",
        "#include <unistd.h>\nint main(){close(1);volatile long x=0;for(;;)x++;}\n",
        extra,
    );
    assert_eq!(verdict(&v), "TLE", "{v}");
}

#[test]
fn closing_stdout_and_running_on_is_a_time_limit_exceeded() {
    closed_stdout_runs_out_of_time(NO_SANDBOX);
    if sandbox_available() {
        closed_stdout_runs_out_of_time(SANDBOX);
    }
}

fn ten_gigabytes(extra: &[&str]) {
    let pkg = TempPackage::sum(20.0, 256, 0);
    let src = "#include <stdio.h>\n#include <string.h>\nint main(){static char buf[1<<20];memset(buf,'7',sizeof buf);for(long i=0;i<10240;i++)fwrite(buf,1,sizeof buf,stdout);return 0;}\n";
    let started = Instant::now();
    let (v, _) = judge_source_guarded(&pkg, "huge.c", src, extra);
    assert_eq!(verdict(&v), "OLE", "{v}");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "stopped at the limit, not after 10 GB"
    );
}

#[test]
fn printing_ten_gigabytes_is_output_limit_exceeded_at_once() {
    ten_gigabytes(NO_SANDBOX);
    if sandbox_available() {
        ten_gigabytes(SANDBOX);
    }
}

fn allocation(extra: &[&str]) {
    let pkg = TempPackage::sum(5.0, 256, 0);
    // 512 MiB reserved but never touched: resident memory stays small, so this is accepted.
    let reserve = "#include <stdio.h>\n#include <stdlib.h>\nint main(){volatile char*p=malloc(512u<<20);if(!p)return 3;long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}\n";
    let (v, _) = judge_source_guarded(&pkg, "reserve.c", reserve, extra);
    assert_eq!(verdict(&v), "AC", "{v}");
    assert!(v["tests"][0]["memory_mib"].as_f64().unwrap() < 64.0);
    // The same 512 MiB, touched: twice the limit in resident memory.
    let touch = "#include <stdio.h>\n#include <stdlib.h>\nint main(){size_t n=512u<<20;volatile char*p=malloc(n);if(!p)return 3;for(size_t i=0;i<n;i+=4096)p[i]=1;long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}\n";
    let (v, _) = judge_source_guarded(&pkg, "touch.c", touch, extra);
    assert_eq!(verdict(&v), "MLE", "{v}");
}

#[test]
fn reserving_memory_is_fine_but_touching_it_is_memory_limit_exceeded() {
    allocation(NO_SANDBOX);
    if sandbox_available() {
        allocation(SANDBOX);
    }
}

#[test]
fn require_sandbox_refuses_to_run_without_one() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let sub = pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    // An empty PATH hides bwrap; --require-sandbox must then refuse rather than run unconfined.
    support::leapfrog()
        .env("PATH", "/nonexistent")
        .args([
            "judge",
            &pkg.arg(),
            sub.to_str().unwrap(),
            "--require-sandbox",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--require-sandbox: bubblewrap (bwrap) is not installed",
        ));
}

#[test]
fn compiling_in_the_sandbox_keeps_answer_files_out_of_reach() {
    if !sandbox_available() {
        return;
    }
    let pkg = TempPackage::sum(1.0, 256, 0);
    // Pulls the judges' answer into the program at compile time.
    let answer = pkg.path().join("data/sample/1.ans");
    let src = format!(
        "#include <stdio.h>\nint answer =\n#include \"{}\"\n;\nint main(){{printf(\"%d\\n\", answer);return 0;}}\n",
        answer.display()
    );
    let (v, _) = judge_source_guarded(&pkg, "include.c", &src, SANDBOX);
    assert_eq!(verdict(&v), "CE", "{v}");
    assert!(
        v["compile_message"]
            .as_str()
            .unwrap()
            .contains("No such file or directory"),
        "{v}"
    );
    let (v, _) = judge_source_guarded(
        &pkg,
        "include2.c",
        &src.replace("int main", "int unused_marker;\nint main"),
        NO_SANDBOX,
    );
    assert_eq!(
        verdict(&v),
        "AC",
        "outside the sandbox the trick works, so the test is not vacuous: {v}"
    );
}

/// A copy of the interactive guessing game (tests/fixtures/guess).
fn guessing_game() -> TempPackage {
    TempPackage::from_fixture("guess")
}

/// An interactive submission that plays the game well, but first tries to overwrite the
/// validator and files outside its sandbox, and leaves a detached child holding both pipes.
fn hostile_player(targets: &[std::path::PathBuf], marker: &str) -> String {
    let writes: String = targets
        .iter()
        .map(|t| {
            format!(
                "{{FILE*f=fopen(\"{}\",\"w\");if(f){{fputs(\"exit(42)\\n\",f);fclose(f);}}}}\n",
                t.display()
            )
        })
        .collect();
    format!(
        r#"#include <stdio.h>
#include <unistd.h>
#include <sys/prctl.h>
int main(void) {{
{writes}
    if (fork() == 0) {{ setsid(); prctl(PR_SET_NAME, "{marker}"); sleep(60); return 0; }}
    int lo, hi;
    if (scanf("%d %d", &lo, &hi) != 2) return 1;
    while (lo < hi) {{
        int mid = (lo + hi) / 2;
        char said[4];
        printf("? %d\n", mid);
        fflush(stdout);
        if (scanf("%3s", said) != 1) return 1;
        if (said[0] == '=') lo = hi = mid;
        else if (said[0] == '<') hi = mid - 1;
        else lo = mid + 1;
    }}
    printf("! %d\n", lo);
    fflush(stdout);
    return 0;
}}
"#
    )
}

#[test]
fn an_interactive_submission_cannot_touch_the_validator_nor_outlive_the_run() {
    if !sandbox_available() {
        return;
    }
    let pkg = guessing_game();
    let validator = pkg.path().join("output_validators/interact.py");
    let before = std::fs::read_to_string(&validator).unwrap();
    let unique = format!("leapfrog-interactive-escape-{}", std::process::id());
    let targets = [
        validator.clone(),
        std::path::Path::new("/tmp").join(&unique),
        pkg.path().join("data/secret/low.in"),
    ];
    let marker = "lfinteract1";
    let (v, _) = judge_source_guarded(
        &pkg,
        "hostile.c",
        &hostile_player(&targets, marker),
        SANDBOX,
    );
    assert_eq!(verdict(&v), "AC", "{v}");
    assert_eq!(
        std::fs::read_to_string(&validator).unwrap(),
        before,
        "changed the validator"
    );
    assert!(!targets[1].exists(), "wrote into the host's /tmp");
    assert_eq!(
        std::fs::read_to_string(&targets[2]).unwrap(),
        "1\n",
        "changed a test input"
    );
    assert_eq!(
        survivors(marker),
        Vec::<String>::new(),
        "the child outlived the run"
    );
}

#[test]
fn an_interactive_submissions_child_is_killed_with_limits_only() {
    let pkg = guessing_game();
    let marker = "lfinteract2";
    let (v, _) = judge_source_guarded(&pkg, "hostile.c", &hostile_player(&[], marker), NO_SANDBOX);
    assert_eq!(verdict(&v), "AC", "{v}");
    assert_eq!(
        survivors(marker),
        Vec::<String>::new(),
        "the child outlived the run"
    );
}
