//! The jury's user for the programs that make and check test data (issue 28): where the judge
//! runs as root, input validators, answer validators, generators and the plan's solution run
//! as an unprivileged user that owns nothing of the package, the compile cache or the caller's
//! files, as output validators do (`run_user`). Each hostile program below knows the host paths
//! of the package's data, of a file of its caller and of the compile cache's entries (compiled
//! into it), and tries to append to, open for writing, `chmod` and create beside each of them,
//! every file of the package's data folders, the path it is given (an answer validator's
//! input), its own program and its stdin (reopened through `/proc/self/fd/0`, written and
//! truncated). It reports its uid and whatever worked; a generator also leaves its outputs
//! writable by everyone and its `testcase.ans` as a link to the caller's file, which the judge
//! must not take for an answer. The package, the caller's directory and the cache are opened
//! to every user (`0755`), so that only the run's user stands between the program and them.
//!
//! Skipped, with the reason, where the judge is not root.

use std::os::unix::fs::{MetadataExt, PermissionsExt};

use crate::run_user::Scene;
use crate::support;
use crate::support::users::is_root;
use support::trees::Snapshot;

/// What the hostile programs share beyond `run_user`'s `ATTACKS`: the package's data folders,
/// the stdin, and the report (`true` when something worked or the program is root).
const MORE_ATTACKS: &str = r#"#include <dirent.h>
static void attack_data(void) {
    const char *dirs[] = { "@DATA@/secret", "@DATA@/sample", 0 };
    for (int d = 0; dirs[d]; d++) {
        DIR *dir = opendir(dirs[d]);
        if (!dir) continue;
        struct dirent *e;
        char path[4200];
        while ((e = readdir(dir))) {
            if (e->d_name[0] == '.') continue;
            snprintf(path, sizeof path, "%s/%s", dirs[d], e->d_name);
            attack(path);
        }
        closedir(dir);
    }
}
static void attack_stdin(void) {
    /* A file (a generator's stdin is /dev/null, which takes every write). */
    struct stat st;
    if (fstat(0, &st) != 0 || !S_ISREG(st.st_mode)) return;
    int fd = open("/proc/self/fd/0", O_WRONLY);
    if (fd >= 0) {
        if (write(fd, "x", 1) == 1) note("wrote into", "its stdin");
        if (ftruncate(fd, 0) == 0) note("truncated", "its stdin");
        close(fd);
    }
}
static int attacked(int argc, char **argv) {
    const char *targets[] = { @TARGETS@ "/proc/self/exe", 0 };
    for (int i = 0; targets[i]; i++) attack(targets[i]);
    attack_data();
    attack_stdin();
    /* An answer validator's input, given by its path. */
    if (argc > 1 && argv[1][0] == '/') attack(argv[1]);
    gid_t groups[64];
    int ngroups = getgroups(64, groups);
    if (getuid() == 0 || geteuid() == 0 || getgid() == 0 || getegid() == 0 || ngroups != 0)
        note("runs as", "root or with groups");
    if (!report[0]) return 0;
    printf("uid=%d gid=%d groups=%d:%s\n", (int)getuid(), (int)getgid(), ngroups, report);
    fprintf(stderr, "uid=%d gid=%d groups=%d:%s\n", (int)getuid(), (int)getgid(), ngroups,
        report);
    return 1;
}
"#;

/// An input or answer validator: accepts (42) only when nothing worked.
const HOSTILE_VALIDATOR: &str = r#"int main(int argc, char **argv) {
    return attacked(argc, argv) ? 43 : 42;
}
"#;

/// A generator: writes its input to `testcase.in`, open to everyone, and its `testcase.ans` as
/// a link to the caller's file; fails, saying why, when something worked.
const HOSTILE_GENERATOR: &str = r#"int main(int argc, char **argv) {
    if (attacked(argc, argv)) return 1;
    if (symlink("@NOTES@", "testcase.ans") != 0) return 2;
    FILE *in = fopen("testcase.in", "w");
    if (!in || fchmod(fileno(in), 0666) != 0) return 3;
    fprintf(in, "1 2\n");
    return fclose(in) == 0 ? 0 : 4;
}
"#;

/// The plan's solution (a program: it runs as the jury's user too).
const SUM: &str = "#include <stdio.h>\nint main(void) { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; printf(\"%ld\\n\", a + b); return 0; }\n";

/// A scene whose package, caller's directory and cache every user may enter and read, with
/// its own input validator taken away (the test adds the hostile ones).
fn open_scene() -> Scene {
    let scene = Scene::new("--no-sandbox");
    for dir in [scene.pkg.path(), scene.caller.path(), scene.cache.path()] {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::remove_file(scene.pkg.path().join("input_validators/validate.py")).unwrap();
    scene
}

/// A hostile program (after `run_user`'s `ATTACKS` and [`MORE_ATTACKS`]) aimed at the scene.
fn hostile(scene: &Scene, main: &str) -> String {
    let data = scene.pkg.path().join("data");
    let notes = scene.caller.path().join("notes.txt");
    scene
        .hostile(&format!("{MORE_ATTACKS}{main}"))
        .replace("@DATA@", &data.display().to_string())
        .replace("@NOTES@", &notes.display().to_string())
}

/// Runs `leapfrog ARGS` as the scene's caller: its exit code and what it said, after checking
/// that what the package, the caller's files and the cache held is as before, and that the
/// judge's temporary directory holds nothing new.
fn run_keeping_all(scene: &Scene, args: &[&str]) -> (i32, String) {
    let roots = [scene.pkg.path(), scene.caller.path(), scene.cache.path()];
    let before = Snapshot::take(&roots);
    let tmp_before = Snapshot::take(&[scene.tmp.path()]);
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
        .env("LEAPFROG_CACHE_DIR", scene.cache.path())
        .env("TMPDIR", scene.tmp.path())
        .env("NO_COLOR", "1")
        .current_dir(scene.caller.path())
        .args(args)
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let what = format!("the package, the caller's files and the cache ({said})");
    before.assert_kept(&Snapshot::take(&roots), &what);
    tmp_before.assert_same(&Snapshot::take(&[scene.tmp.path()]), "the judge's TMPDIR");
    (out.status.code().unwrap_or(-1), said)
}

#[test]
fn input_and_answer_validators_are_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so validators are its own user");
        return;
    }
    let scene = open_scene();
    let source = hostile(&scene, HOSTILE_VALIDATOR);
    scene.pkg.write("input_validators/hostile.c", &source);
    scene.pkg.write("answer_validators/hostile.c", &source);
    let (code, said) = run_keeping_all(&scene, &["validate", &scene.pkg.arg()]);
    assert_eq!(code, 0, "a validator reached the judge's files: {said}");
    assert!(said.contains("1 answer validator"), "{said}");
}

#[test]
fn generators_and_the_plan_s_solution_are_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so generators are its own user");
        return;
    }
    let scene = open_scene();
    let pkg = &scene.pkg;
    pkg.write("generators/hostile.c", &hostile(&scene, HOSTILE_GENERATOR));
    pkg.write(
        "input_validators/hostile.c",
        &hostile(&scene, HOSTILE_VALIDATOR),
    );
    pkg.write("submissions/accepted/sum.c", SUM);
    let plan = support::generators_yaml(
        "/submissions/accepted/sum.c",
        &[("secret/made/01", "hostile.c")],
    );
    pkg.write("generators/generators.yaml", &plan);
    let (code, said) = run_keeping_all(&scene, &["generate", &pkg.arg()]);
    assert_eq!(code, 0, "a generator reached the judge's files: {said}");
    // What it made is the judge's, written by no one else, and a regular file: the link it
    // left for an answer is not followed, and the solution answers.
    let made = pkg.path().join("data/secret/made/01");
    for (ext, expected) in [("in", "1 2\n"), ("ans", "3\n")] {
        let file = made.with_extension(ext);
        let meta = std::fs::symlink_metadata(&file).unwrap();
        assert!(meta.is_file(), "{} is not a regular file", file.display());
        // SAFETY: geteuid has no preconditions.
        assert_eq!(meta.uid(), unsafe { libc::geteuid() }, "{}", file.display());
        assert_eq!(
            meta.mode() & 0o022,
            0,
            "{} is writable by others",
            file.display()
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), expected);
    }
}
