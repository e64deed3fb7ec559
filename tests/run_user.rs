//! The run's user (issue 28): where the judge runs as root, a submission in the sandbox
//! executes as an unprivileged user and group that own nothing of the judge's, with no
//! supplementary group. A hostile submission, told the host paths of the package's data, of a
//! file of its caller, of the compile cache and of its own files (compiled into it), tries to
//! append to, open for writing, `chmod` and unlink each of them, directly and through
//! `/proc/self/fd`, `/proc/self/exe` and `/proc/<its caller's pid>`; it reports its `id` and anything that
//! worked. Its answer is right only when nothing worked and it is not root; afterwards the
//! package, the compile cache and the caller's files hash as before.
//!
//! Skipped, with the reason, where the judge is not root (it cannot change its user, and runs
//! are the judge's own user) or bubblewrap cannot run (with `CI=true` or
//! `LEAPFROG_REQUIRE_SANDBOX` a missing sandbox fails instead).

use crate::support;

use std::path::Path;

use support::TempPackage;
use support::trees::Snapshot;

/// The hostile submission; `@TARGETS@` becomes a C list of host paths.
const HOSTILE: &str = r#"#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
static char report[8192];
static void note(const char *what, const char *path) {
    size_t n = strlen(report);
    snprintf(report + n, sizeof report - n, " [%s %s]", what, path);
}
static void attack(const char *path) {
    int fd = open(path, O_WRONLY | O_APPEND);
    if (fd >= 0) {
        if (write(fd, "", 0) == 0) note("appended to", path);
        close(fd);
    }
    fd = open(path, O_RDWR);
    if (fd >= 0) { note("opened for writing", path); close(fd); }
    struct stat st;
    if (stat(path, &st) == 0 && chmod(path, st.st_mode & 07777) == 0) note("chmod", path);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char made[4200];
    snprintf(made, sizeof made, "%s/leapfrog-was-here", dirname(dir));
    fd = open(made, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd >= 0) { note("created", made); close(fd); unlink(made); }
}
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    const char *targets[] = { @TARGETS@ "/proc/self/exe", "/proc/self/fd/1", "/proc/self/fd/2",
        0 };
    for (int i = 0; targets[i]; i++) attack(targets[i]);
    /* Where the run's output goes on the host, and that directory (the judge's scratch). */
    char host[4096];
    ssize_t n = readlink("/proc/self/fd/1", host, sizeof host - 1);
    if (n > 0) { host[n] = 0; attack(host); }
    int own = open("leapfrog-own-file", O_WRONLY | O_CREAT, 0644);
    if (own < 0) note("could not write", "its own working directory");
    gid_t groups[64];
    int ngroups = getgroups(64, groups);
    if (getuid() == 0 || geteuid() == 0 || getgid() == 0 || getegid() == 0 || ngroups != 0)
        note("runs as", "root or with groups");
    if (report[0]) {
        printf("uid=%d gid=%d groups=%d:%s\n", (int)getuid(), (int)getgid(), ngroups, report);
        return 0;
    }
    printf("%ld\n", a + b);
    return 0;
}
"#;

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn c_list(paths: &[&Path]) -> String {
    paths
        .iter()
        .map(|p| format!("\"{}\", ", p.display()))
        .collect()
}

#[test]
fn a_sandboxed_run_is_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so runs are its own user (nothing to check)");
        return;
    }
    if !support::sandbox_works() {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 2);
    let cache = tempfile::tempdir().unwrap();
    let caller = tempfile::tempdir().unwrap();
    let notes = caller.path().join("notes.txt");
    std::fs::write(&notes, "the caller's own file\n").unwrap();
    // A compile cache with an entry in it already: the submission's own is built next to it.
    let warm = pkg.write(
        "submissions/scratch/warm.c",
        "int main(void) { return 0; }\n",
    );
    let judge = |file: &Path| {
        std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
            .env("LEAPFROG_CACHE_DIR", cache.path())
            .env("NO_COLOR", "1")
            .current_dir(caller.path())
            .args(["judge", &pkg.arg(), file.to_str().unwrap(), "--json"])
            .arg("--require-sandbox")
            .output()
            .unwrap()
    };
    judge(&warm);
    let entries: Vec<_> = walkdir::WalkDir::new(cache.path())
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().to_path_buf())
        .collect();
    assert!(!entries.is_empty(), "the warm-up build left no cache entry");
    let data = pkg.path().join("data/secret");
    let mut targets = vec![
        data.join("01.in"),
        data.join("01.ans"),
        pkg.path().join("problem.yaml"),
        notes.clone(),
    ];
    targets.extend(entries);
    // The caller's file through the caller's own process (the test), as a run outside a PID
    // namespace would reach it.
    targets.push(Path::new(&format!("/proc/{}/cwd/notes.txt", std::process::id())).to_path_buf());
    let refs: Vec<&Path> = targets.iter().map(|p| p.as_path()).collect();
    let source = HOSTILE.replace("@TARGETS@", &c_list(&refs));
    let path = pkg.write("submissions/scratch/owner.c", &source);
    let kept = Snapshot::take(&[pkg.path(), caller.path()]);
    let cache_before = Snapshot::take(&[cache.path()]);
    let out = judge(&path);
    let v = support::json(&out);
    kept.assert_same(
        &Snapshot::take(&[pkg.path(), caller.path()]),
        "the package and the caller's files",
    );
    cache_before.assert_kept(&Snapshot::take(&[cache.path()]), "the compile cache");
    assert_eq!(v["verdict"], "AC", "the run reached the judge's files: {v}");
}
