//! The run's user (issue 28): where the judge runs as root, a submission executes as an
//! unprivileged user and group that own nothing of the judge's, with no supplementary group,
//! in the sandbox and in limits-only mode (`--no-sandbox`) alike; the output validator that
//! judges it executes as another such user. A hostile submission (or validator), told the host
//! paths of the package's data, of a file of its caller, of the compile cache and of its own
//! files (compiled into it), tries to append to, open for writing, `chmod` and unlink each of
//! them, directly and through `/proc/self/fd`, `/proc/self/exe` and `/proc/<its caller's pid>`;
//! it reports its `id` and anything that worked. Its answer is right (the validator accepts)
//! only when nothing worked and it is not root; afterwards the package, the compile cache and
//! the caller's files hash as before.
//!
//! Skipped, with the reason, where the judge is not root (it cannot change its user, and runs
//! are the judge's own user) or, for the sandboxed case, bubblewrap cannot run (with `CI=true`
//! or `LEAPFROG_REQUIRE_SANDBOX` a missing sandbox fails instead).

use crate::support;

use std::path::Path;

use support::TempPackage;
use support::trees::Snapshot;
use support::users::is_root;

/// What both hostile programs share: trying to write, append to, chmod and create beside each
/// path, noting every attempt that worked in `report`.
pub(crate) const ATTACKS: &str = r#"#include <fcntl.h>
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
"#;

/// The hostile submission (after [`ATTACKS`]); `@TARGETS@` becomes a C list of host paths.
pub(crate) const HOSTILE: &str = r#"int main(void) {
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

fn c_list(paths: &[&Path]) -> String {
    paths
        .iter()
        .map(|p| format!("\"{}\", ", p.display()))
        .collect()
}

/// The hostile output validator (after [`ATTACKS`]): the same attacks (on `@TARGETS@` and its own
/// program), and on the input and answer files it is handed, then the usual check; it rejects
/// with its report if any attack worked or it runs as root.
const HOSTILE_VALIDATOR: &str = r#"/* Files it is handed, in a directory of its own: open for writing, chmod. */
static void attack_file(const char *path) {
    int fd = open(path, O_WRONLY | O_APPEND);
    if (fd >= 0) { note("appended to", path); close(fd); }
    struct stat st;
    if (stat(path, &st) == 0 && chmod(path, st.st_mode & 07777) == 0) note("chmod", path);
}
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    const char *targets[] = { @TARGETS@ "/proc/self/exe", 0 };
    for (int i = 0; targets[i]; i++) attack(targets[i]);
    attack_file(argv[1]);
    attack_file(argv[2]);
    gid_t groups[64];
    int ngroups = getgroups(64, groups);
    if (getuid() == 0 || geteuid() == 0 || getgid() == 0 || getegid() == 0 || ngroups != 0)
        note("runs as", "root or with groups");
    char path[4200];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    FILE *message = fopen(path, "w");
    if (!message) return 2;
    if (report[0]) {
        fprintf(message, "uid=%d gid=%d groups=%d:%s\n", (int)getuid(), (int)getgid(), ngroups,
            report);
        return 43;
    }
    long want, got;
    FILE *answer = fopen(argv[2], "r");
    if (!answer || fscanf(answer, "%ld", &want) != 1) return 3;
    if (scanf("%ld", &got) != 1 || got != want) { fprintf(message, "wrong\n"); return 43; }
    return 42;
}
"#;

/// A correct submission, for the hostile validator to judge.
pub(crate) const SUM: &str = "#include <stdio.h>\nint main(void) { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a + b); return 0; }\n";

/// A package, a compile cache (with an entry in it), a caller's directory (with a file), the
/// judge's temporary directory (which it must leave as it found it), and the targets of the attacks: the package's data, the caller's file (directly and through
/// the test's own process, as a run outside a PID namespace would reach it), the cache's files.
pub(crate) struct Scene {
    pub(crate) pkg: TempPackage,
    pub(crate) cache: tempfile::TempDir,
    pub(crate) caller: tempfile::TempDir,
    pub(crate) tmp: tempfile::TempDir,
    pub(crate) targets: Vec<std::path::PathBuf>,
}

impl Scene {
    pub(crate) fn new(mode: &str) -> Scene {
        let pkg = TempPackage::sum(2.0, 256, 2);
        let cache = tempfile::tempdir().unwrap();
        let caller = tempfile::tempdir().unwrap();
        let notes = caller.path().join("notes.txt");
        std::fs::write(&notes, "the caller's own file\n").unwrap();
        let tmp = tempfile::tempdir().unwrap();
        // Runs pass through the judge's scratch space as other users.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        let mut scene = Scene {
            pkg,
            cache,
            caller,
            tmp,
            targets: Vec::new(),
        };
        // The submission's own build is made next to an entry there already.
        let warm = scene.pkg.write("submissions/scratch/warm.c", SUM);
        scene.judge(&warm, mode);
        let entries: Vec<_> = walkdir::WalkDir::new(scene.cache.path())
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().to_path_buf())
            .collect();
        assert!(!entries.is_empty(), "the warm-up build left no cache entry");
        let data = scene.pkg.path().join("data/secret");
        scene.targets = vec![
            data.join("01.in"),
            data.join("01.ans"),
            scene.pkg.path().join("problem.yaml"),
            notes,
        ];
        scene.targets.extend(entries);
        let pid = std::process::id();
        scene
            .targets
            .push(Path::new(&format!("/proc/{pid}/cwd/notes.txt")).to_path_buf());
        scene
    }

    /// `source` with `@TARGETS@` replaced by the targets, as a C list.
    /// A hostile program: [`ATTACKS`], then `source` aimed at the scene's targets.
    pub(crate) fn hostile(&self, source: &str) -> String {
        let refs: Vec<&Path> = self.targets.iter().map(|p| p.as_path()).collect();
        format!("{ATTACKS}{source}").replace("@TARGETS@", &c_list(&refs))
    }

    pub(crate) fn judge(&self, file: &Path, mode: &str) -> serde_json::Value {
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
            .env("LEAPFROG_CACHE_DIR", self.cache.path())
            .env("TMPDIR", self.tmp.path())
            .env("NO_COLOR", "1")
            .current_dir(self.caller.path())
            .args([
                "judge",
                &self.pkg.arg(),
                file.to_str().unwrap(),
                "--json",
                mode,
            ])
            .output()
            .unwrap();
        support::json(&out)
    }

    /// Judges `file` in `mode`: its verdict, after checking that the package, the caller's
    /// files, the judge's temporary directory and the compile cache are as before.
    pub(crate) fn judge_keeping_all(&self, file: &Path, mode: &str) -> serde_json::Value {
        let roots = [self.pkg.path(), self.caller.path(), self.tmp.path()];
        let kept = Snapshot::take(&roots);
        let cache_before = Snapshot::take(&[self.cache.path()]);
        let v = self.judge(file, mode);
        let what = "the package, the caller's files and the judge's TMPDIR";
        kept.assert_same(&Snapshot::take(&roots), what);
        cache_before.assert_kept(&Snapshot::take(&[self.cache.path()]), "the compile cache");
        v
    }
}

fn judged_as_run_user(mode: &str) {
    let scene = Scene::new(mode);
    let source = scene.hostile(HOSTILE);
    let path = scene.pkg.write("submissions/scratch/owner.c", &source);
    let v = scene.judge_keeping_all(&path, mode);
    assert_eq!(v["verdict"], "AC", "the run reached the judge's files: {v}");
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
    judged_as_run_user("--require-sandbox");
}

#[test]
fn a_limits_only_run_is_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so runs are its own user (nothing to check)");
        return;
    }
    judged_as_run_user("--no-sandbox");
}

#[test]
fn an_output_validator_is_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so validators are its own user");
        return;
    }
    let scene = Scene::new("--no-sandbox");
    scene.pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: custom\nlimits:\n  time_limit: 2\n  memory: 256\n  output: 1\n",
    );
    scene.pkg.write(
        "output_validators/hostile/validate.c",
        &scene.hostile(HOSTILE_VALIDATOR),
    );
    let path = scene.pkg.write("submissions/scratch/sum.c", SUM);
    let v = scene.judge_keeping_all(&path, "--no-sandbox");
    assert_eq!(
        v["verdict"], "AC",
        "the validator reached the judge's files: {v}"
    );
}
