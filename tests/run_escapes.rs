//! Hostile programs that try to get more than their run allows (issue 40): CPU time burnt by
//! children that are never waited for, a CPU affinity widened beyond the run's slot, state
//! carried from test to test in the network namespace, a hung interactor blamed on the
//! contestant, a compile whose output fills the disk, and a sparse input that would fill memory.
//! After each, the package, the compile cache and the caller's files hash as before
//! (`support::guard::Guard`), and the judge left nothing in its temporary directory.

use crate::sandbox_attacks::{SANDBOX, judge_guarded, modes, verdict};
use crate::support;

use support::TempPackage;
use support::guard::Guard;

/// Three children, one after another, each in a session of its own, burn 0.15 s of CPU and
/// exit; the parent waits for each without reaping it (it reads a pipe the child holds until
/// the child is gone), then answers and exits, leaving three zombies its run never waited for:
/// 0.45 s of CPU in all, never more than 0.15 s of it in a live process. (Under the time limit
/// and far from it, so that a busy machine cannot turn it into a TLE by the wall clock.)
const UNWAITED_CHILDREN: &str = r#"#include <stdio.h>
#include <time.h>
#include <unistd.h>
static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    for (int i = 0; i < 3; i++) {
        int held[2];
        if (pipe(held) != 0) return 1;
        if (fork() == 0) {
            setsid();
            close(held[0]);
            volatile unsigned long spin = 0;
            while (cpu() < 0.15) spin++;
            _exit(0);
        }
        close(held[1]);
        char byte;
        while (read(held[0], &byte, 1) > 0) {}
        close(held[0]);
    }
    printf("%ld\n", a + b);
    fflush(stdout);
    _exit(0);
}
"#;

fn max_time(v: &serde_json::Value) -> f64 {
    v["tests"]
        .as_array()
        .map(|tests| {
            tests
                .iter()
                .filter_map(|t| t["time_s"].as_f64())
                .fold(0.0, f64::max)
        })
        .unwrap_or(0.0)
}

#[test]
fn cpu_burnt_by_children_never_waited_for_counts() {
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 1);
        let mut args = mode.to_vec();
        args.extend(["--jobs", "1"]);
        let v = judge_guarded(&pkg, "unwaited.c", UNWAITED_CHILDREN, &args);
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
        assert!(max_time(&v) >= 0.4, "{mode:?}: 0.45 s burnt: {v}");
        // The same program under a limit below what it burns is TLE, by its CPU time.
        let pkg = TempPackage::sum(0.3, 256, 1);
        let v = judge_guarded(&pkg, "unwaited.c", UNWAITED_CHILDREN, &args);
        assert_eq!(verdict(&v), "TLE", "{mode:?}: {v}");
        assert!(max_time(&v) > 0.3, "{mode:?}: {v}");
    }
}

/// Asks for every CPU of the machine, then prints the answer only if it is still on one.
const WIDEN_AFFINITY: &str = r#"#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    cpu_set_t all;
    CPU_ZERO(&all);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) CPU_SET(cpu, &all);
    sched_setaffinity(0, sizeof all, &all);
    cpu_set_t now;
    if (sched_getaffinity(0, sizeof now, &now) != 0) return 1;
    int count = CPU_COUNT(&now);
    if (count == 1) printf("%ld\n", a + b);
    else printf("widened to %d CPUs\n", count);
    return 0;
}
"#;

#[test]
fn a_run_cannot_widen_its_cpu_slot() {
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        eprintln!("skipped: one CPU, nothing to widen to");
        return;
    }
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 3);
        let mut args = mode.to_vec();
        args.extend(["--jobs", "1"]);
        let v = judge_guarded(&pkg, "widen.c", WIDEN_AFFINITY, &args);
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
    }
}

/// Fails a test that sees any TCP socket in its network namespace (one an earlier test left in
/// TIME_WAIT); else leaves one itself: a connection on the loopback, closed by the client first.
const NETWORK_LEAK: &str = r#"#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
static int sockets_in(const char *table) {
    FILE *f = fopen(table, "r");
    if (!f) return 0;
    char line[512];
    int n = -1;
    while (fgets(line, sizeof line, f)) n++;
    fclose(f);
    return n < 0 ? 0 : n;
}
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    int seen = sockets_in("/proc/net/tcp") + sockets_in("/proc/net/tcp6");
    if (seen > 0) { printf("LEAK: %d sockets of an earlier test\n", seen); return 0; }
    int server = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in at;
    memset(&at, 0, sizeof at);
    at.sin_family = AF_INET;
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    at.sin_port = htons(4242);
    if (server >= 0 && bind(server, (struct sockaddr *)&at, sizeof at) == 0 && listen(server, 1) == 0) {
        int client = socket(AF_INET, SOCK_STREAM, 0);
        if (connect(client, (struct sockaddr *)&at, sizeof at) == 0) {
            int peer = accept(server, 0, 0);
            close(client);
            usleep(20000);
            close(peer);
        }
    }
    printf("%ld\n", a + b);
    return 0;
}
"#;

#[test]
fn no_socket_outlives_its_test() {
    if !support::sandbox_works() {
        eprintln!("skipped: no sandbox here (limits-only runs share the host's network)");
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 4);
    let v = judge_guarded(&pkg, "leak.c", NETWORK_LEAK, &[SANDBOX[0], "--jobs", "1"]);
    assert_eq!(verdict(&v), "AC", "{v}");
}

/// A build of 800 MiB: an assembler directive that fills the data section.
const HUGE_BUILD: &str = r#"#include <stdio.h>
__asm__(".section .data\n.globl padding\npadding: .fill 838860800,1,7\n.text\n");
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    printf("%ld\n", a + b);
    return 0;
}
"#;

#[test]
fn a_build_past_its_size_limit_is_a_compile_error() {
    for mode in modes() {
        let pkg = TempPackage::sum(2.0, 256, 1);
        let v = judge_guarded(&pkg, "huge.c", HUGE_BUILD, mode);
        assert_eq!(verdict(&v), "CE", "{mode:?}: {v}");
        let said = v.to_string();
        assert!(
            said.contains("MiB"),
            "{mode:?}: the reason names the limit: {v}"
        );
    }
}

/// Answers only when its stdin is not a copy held in memory: a file whose allocated blocks
/// are far fewer than its size (the package's sparse input, or a copy that keeps its holes).
const SPARSE_READER: &str = r#"#include <stdio.h>
#include <sys/stat.h>
int main(void) {
    struct stat st;
    if (fstat(0, &st) != 0) return 1;
    long long held = (long long)st.st_blocks * 512;
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    if (held > (64LL << 20)) { printf("stdin holds %lld MiB\n", held >> 20); return 0; }
    printf("%ld\n", a + b);
    return 0;
}
"#;

#[test]
fn sparse_inputs_are_not_copied_into_memory() {
    let pkg = TempPackage::sum(5.0, 256, 0);
    // Reads only the first line: the validator, too, is a program that gets the input.
    pkg.write(
        "input_validators/validate.py",
        "import sys\nparts = sys.stdin.readline().split()\nsys.exit(42 if len(parts) == 2 else 43)\n",
    );
    for i in 1..=2 {
        let input = pkg.write(&format!("data/secret/{i:02}.in"), &format!("{i} {i}\n"));
        pkg.write(&format!("data/secret/{i:02}.ans"), &format!("{}\n", 2 * i));
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(&input)
            .unwrap();
        file.set_len(1 << 30).unwrap();
    }
    for mode in modes() {
        let mut args = mode.to_vec();
        args.extend(["--jobs", "2"]);
        let v = judge_guarded(&pkg, "sparse.c", SPARSE_READER, &args);
        assert_eq!(verdict(&v), "AC", "{mode:?}: {v}");
    }
}

#[test]
fn a_hung_interactor_is_a_judge_error_promptly() {
    if !support::installed(&["python3"]) {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let pkg = TempPackage::from_fixture("doubling");
    // Never writes, never reads, never exits: the submission waits for a greeting in vain.
    pkg.write(
        "output_validators/double.py",
        "import time\nwhile True:\n    time.sleep(60)\n",
    );
    let started = std::time::Instant::now();
    let guard = Guard::over(&[pkg.path()]);
    let output = guard
        .command()
        .args([
            "judge",
            &pkg.arg(),
            "submissions/accepted/doubles.py",
            "--json",
        ])
        .args(["--tests", "secret/quiet", "--no-sandbox"])
        .current_dir(pkg.path())
        .output()
        .unwrap();
    let took = started.elapsed();
    guard.finish();
    let v = support::json(&output);
    assert_eq!(v["tests"][0]["verdict"], "JE", "{v}");
    assert!(took.as_secs() < 30, "took {took:?}: {v}");
}
