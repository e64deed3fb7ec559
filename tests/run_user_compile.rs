//! The run's user at compile time and in a sandbox started for one run (issue 28): where the
//! judge runs as root, a compiler runs as the unprivileged run's user, in the sandbox and in
//! limits-only mode alike, and so does a submission's test with files of its own (which gets a
//! sandbox of its own); the compile cache stays the judge's.
//!
//! The hostile compile is a submission whose compiler runs its own code: the package's
//! `languages.yaml` gives `.build` files a compile command that runs them with `sh` (as a
//! folder's `build` script runs). The script records its uid and gid, tries to change the
//! package's data, the caller's files and the compile cache (appending to each, creating files
//! beside each), leaves a set-uid program and a link to a file only root may read, and writes
//! a program that reports all this, then tries, as a later run, to change its own cached
//! build and to read through the link. The answer is right only when nothing worked; every
//! file of the cache is then the judge's (uid 0), with no set-id bit and no link leading out;
//! the package, the caller's files and the cache hash as before; and the same submission and
//! a correct one are judged again from the cache, accepted.
//!
//! Skipped, with the reason, where the judge is not root (runs are the judge's own user) or,
//! for the sandboxed cases, bubblewrap cannot run.

use crate::run_user::{HOSTILE, SUM, Scene};
use crate::support;
use crate::support::users::is_root;

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

/// `.build` files are built by running them with `sh` in the build directory.
const LANGUAGES: &str = "buildscript:\n  name: Build script\n  extensions: [build]\n  compile: sh {mainfile}\n  run: \"{binary}\"\n";

/// The hostile build script; `@TARGETS@` becomes a shell list of host paths, `@SECRET@` a file
/// only root may read.
const BUILD: &str = r#"report=
[ "$(id -u)" = 0 ] && report="$report [compiled as uid 0]"
[ "$(id -g)" = 0 ] && report="$report [compiled as gid 0]"
for t in @TARGETS@; do
  if [ -e "$t" ] && (: >> "$t") 2>/dev/null; then report="$report [appended to $t]"; fi
  d=$(dirname "$t")
  if (: > "$d/leapfrog-was-here") 2>/dev/null; then
    rm -f "$d/leapfrog-was-here"; report="$report [created in $d]"
  fi
done
ln -s @SECRET@ leak
cat > prog <<EOF
#!/bin/sh
report='$report (uid $(id -u))'
EOF
cat >> prog <<'EOF'
here=$(dirname "$0")
for f in "$0" "$here"/*; do
  if [ -f "$f" ] && (: >> "$f") 2>/dev/null; then report="$report [a run could change $f]"; fi
done
if (: > "$here/leapfrog-was-here") 2>/dev/null; then report="$report [a run wrote in $here]"; fi
if cat "$here/leak" >/dev/null 2>&1; then report="$report [a run read the secret]"; fi
case "$report" in
  *'['*) echo "$report"; exit 0 ;;
esac
read a b
echo $((a + b))
EOF
chmod 4755 prog
"#;

/// Every file of the compile cache is the judge's (uid 0), without a set-id bit, and no link
/// in it leads out of its entry.
fn assert_cache_is_the_judges(cache: &Path) {
    let mut wrong = Vec::new();
    for entry in walkdir::WalkDir::new(cache).into_iter().flatten() {
        let meta = std::fs::symlink_metadata(entry.path()).unwrap();
        let path = entry.path().display();
        if meta.uid() != 0 || meta.gid() != 0 {
            wrong.push(format!("{path}: owned by {}:{}", meta.uid(), meta.gid()));
        }
        if !meta.is_symlink() && meta.permissions().mode() & 0o6000 != 0 {
            wrong.push(format!("{path}: mode {:o}", meta.permissions().mode()));
        }
        if meta.is_symlink() && std::fs::read_link(entry.path()).unwrap().is_absolute() {
            wrong.push(format!("{path}: a link out of the build"));
        }
    }
    assert!(wrong.is_empty(), "the compile cache:\n{}", wrong.join("\n"));
}

fn hostile_compile(mode: &str) {
    let scene = Scene::new(mode);
    let secret = scene.caller.path().join("secret.txt");
    std::fs::write(&secret, "only root\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    scene.pkg.write("languages.yaml", LANGUAGES);
    let sum = scene.pkg.write("submissions/scratch/sum.c", SUM);
    assert_eq!(scene.judge(&sum, mode)["verdict"], "AC");
    let targets: String = scene
        .targets
        .iter()
        .map(|p| format!("'{}' ", p.display()))
        .collect();
    let script = BUILD
        .replace("@TARGETS@", &targets)
        .replace("@SECRET@", &secret.display().to_string());
    let hostile = scene
        .pkg
        .write("submissions/scratch/hostile.build", &script);
    let v = scene.judge_keeping_all(&hostile, mode);
    assert_eq!(
        v["verdict"], "AC",
        "the compile reached the judge's files: {v}"
    );
    assert_cache_is_the_judges(scene.cache.path());
    // Judged again, from the cache: the hostile build and a correct one.
    for file in [&hostile, &sum] {
        let v = scene.judge_keeping_all(file, mode);
        assert_eq!(v["verdict"], "AC", "judged again from the cache: {v}");
    }
    assert_cache_is_the_judges(scene.cache.path());
}

#[test]
fn a_sandboxed_compile_is_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so compiles are its own user");
        return;
    }
    if !support::sandbox_works() {
        return;
    }
    hostile_compile("--require-sandbox");
}

#[test]
fn a_limits_only_compile_is_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so compiles are its own user");
        return;
    }
    hostile_compile("--no-sandbox");
}

#[test]
fn a_test_with_files_of_its_own_is_a_user_that_owns_nothing_of_the_judges() {
    if !is_root() {
        eprintln!("skipped: the judge is not root, so runs are its own user");
        return;
    }
    if !support::sandbox_works() {
        return;
    }
    let mode = "--require-sandbox";
    let scene = Scene::new(mode);
    // Each test brings a file: each runs in a sandbox started for it.
    for test in ["01", "02"] {
        let files = format!("data/secret/{test}.files/given.txt");
        scene.pkg.write(&files, "given\n");
    }
    let path = scene
        .pkg
        .write("submissions/scratch/owner.c", &scene.hostile(HOSTILE));
    let v = scene.judge_keeping_all(&path, mode);
    assert_eq!(v["verdict"], "AC", "the run reached the judge's files: {v}");
    assert_cache_is_the_judges(scene.cache.path());
}
