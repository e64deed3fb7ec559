//! The judge's scratch space and shared paths against other local users and against itself
//! (issue 40). A throwaway user of the machine (made with `useradd`, removed afterwards even when
//! the test fails) spies on a judge's scratch space while it runs, and plants links and
//! directories where `stress` and the compile cache used to go; and two tests whose names
//! mapped to one scratch name (`a/b` and `a__b`) are judged side by side.
//!
//! The local-user tests are skipped, with the reason, where the judge is not root (it cannot
//! make users) or `useradd` is missing. Every judge here runs under a [`Guard`]: the package
//! and the caller's files hash as before, and the temporary directory (the shared one the
//! other user plays in, where a test has one) holds exactly what it held before.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use crate::support::TempPackage;
use crate::support::guard::Guard;
use crate::support::users::ThrowawayUser;

/// A directory like `/tmp`: every user may create in it, sticky.
fn shared_tmp() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o1777)).unwrap();
    dir
}

/// The spy: for `seconds`, walks `root` and opens every file it can, and in every directory
/// it finds (listable or not) the names the judge used to give a test's files; prints every
/// file it read that held `MARKER`.
const SPY: &str = r#"import os, sys, time
root, seconds = sys.argv[1], float(sys.argv[2])
names = ["sample__1", "secret__01", "secret__02", "secret__03", "secret__04"]
found = set()
marker = b"MARK" + b"ER"
end = time.time() + seconds
def look(path):
    try:
        with open(path, "rb") as f:
            if marker in f.read(4096):
                found.add(path)
    except OSError:
        pass
while time.time() < end:
    dirs = [root]
    for top, subdirs, files in os.walk(root):
        dirs.extend(os.path.join(top, d) for d in subdirs)
        for f in files:
            look(os.path.join(top, f))
    for d in dirs:
        for n in names:
            for suffix in (".output", ".stderr", "/work/out", "/check/output"):
                look(os.path.join(d, n + suffix))
    time.sleep(0.005)
for path in sorted(found):
    print(path)
"#;

#[test]
fn another_local_user_reads_no_output_while_a_judge_runs() {
    let Some(spy) = ThrowawayUser::make("spy") else {
        return;
    };
    let tmp = shared_tmp();
    let pkg = TempPackage::sum(4.0, 256, 4);
    // Every output holds the marker, and stays in the scratch space a while.
    let sub = pkg.write(
        "submissions/accepted/slow.py",
        "import time\na, b = map(int, input().split())\nprint(a + b)\nprint('MARKER')\ntime.sleep(0.4)\n",
    );
    pkg.write(
        "output_validators/sum/validate.py",
        "import sys\nwant = open(sys.argv[2]).read().split()[0]\ngot = sys.stdin.read().split()\nsys.exit(42 if got and got[0] == want else 43)\n",
    );
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: custom\nlimits:\n  time_limit: 4\n  memory: 256\n  output: 1\n",
    );
    let script = tmp.path().join("spy.py");
    std::fs::write(&script, SPY).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o644)).unwrap();
    let guard = Guard::in_tmp(&[pkg.path()], tmp.path());
    let watcher = spy
        .command("/usr/bin/python3")
        .arg(&script)
        .arg(tmp.path())
        .arg("6")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = guard
        .leapfrog()
        .args([
            "judge",
            &pkg.arg(),
            sub.to_str().unwrap(),
            "--no-sandbox",
            "--json",
        ])
        .output()
        .unwrap();
    let seen = watcher.wait_with_output().unwrap();
    guard.finish();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("\"AC\""),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = String::from_utf8_lossy(&seen.stdout);
    assert!(
        read.trim().is_empty(),
        "another user read the outputs:\n{read}"
    );
}

#[test]
fn stress_writes_nothing_where_another_user_planted_its_scratch_path() {
    let Some(planter) = ThrowawayUser::make("plant") else {
        return;
    };
    let tmp = shared_tmp();
    // The other user's own directory, and the path stress used to take, linked to it.
    let theirs = tmp.path().join("theirs");
    let made = planter.command("mkdir").arg(&theirs).status().unwrap();
    assert!(made.success());
    let linked = planter
        .command("ln")
        .arg("-s")
        .arg(&theirs)
        .arg(tmp.path().join("leapfrog-stress"))
        .status()
        .unwrap();
    assert!(linked.success());
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o777)).unwrap();
    // Whatever stress made there it removes at the end: the directory's time says it was there.
    let touched = planter
        .command("touch")
        .args(["-d", "2000-01-01"])
        .arg(&theirs)
        .status();
    assert!(touched.unwrap().success());
    let stamp = || std::fs::metadata(&theirs).unwrap().modified().unwrap();
    let before = stamp();
    let pkg = TempPackage::sum(2.0, 256, 1);
    pkg.write("generators/gen.py", "import random, sys\nrandom.seed(int(sys.argv[-1]))\nprint(random.randint(1, 9), random.randint(1, 9))\n");
    pkg.write("sum.c", "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}\n");
    let guard = Guard::in_tmp(&[pkg.path()], tmp.path());
    let out = guard
        .leapfrog()
        .args([
            "stress",
            &pkg.arg(),
            pkg.path().join("sum.c").to_str().unwrap(),
        ])
        .args(["--against", pkg.path().join("sum.c").to_str().unwrap()])
        .args([
            "--generator",
            "gen.py",
            "--iterations",
            "3",
            "--no-sandbox",
            "--json",
        ])
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let planted: Vec<PathBuf> = walkdir::WalkDir::new(&theirs)
        .min_depth(1)
        .into_iter()
        .flatten()
        .map(|e| e.path().to_path_buf())
        .collect();
    assert!(
        planted.is_empty() && stamp() == before,
        "stress wrote into the other user's directory: {planted:?}, changed at {:?}\n{said}",
        stamp()
    );
    assert_eq!(out.status.code(), Some(0), "{said}");
    guard.finish();
}

#[test]
fn without_home_the_cache_is_never_a_shared_temporary_path() {
    let Some(planter) = ThrowawayUser::make("cache") else {
        return;
    };
    let tmp = shared_tmp();
    // The other user makes the directory the cache used to take without HOME, open to all.
    let theirs = tmp.path().join("leapfrog-cache");
    assert!(
        planter
            .command("mkdir")
            .arg(&theirs)
            .status()
            .unwrap()
            .success()
    );
    assert!(
        planter
            .command("chmod")
            .arg("777")
            .arg(&theirs)
            .status()
            .unwrap()
            .success()
    );
    let pkg = TempPackage::sum(2.0, 256, 1);
    let sub = pkg.write(
        "submissions/accepted/sum.c",
        "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}\n",
    );
    // The cache goes to the home the user database names (the guard's own cache is not used);
    // the shared directory must come out as it went in.
    let guard = Guard::in_tmp(&[pkg.path()], tmp.path());
    let out = guard
        .command()
        .env_remove("HOME")
        .env_remove("XDG_CACHE_HOME")
        .env_remove("LEAPFROG_CACHE_DIR")
        .args([
            "judge",
            &pkg.arg(),
            sub.to_str().unwrap(),
            "--no-sandbox",
            "--json",
        ])
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let used: Vec<_> = std::fs::read_dir(&theirs)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(
        used.is_empty(),
        "the cache went into the other user's directory: {used:?}\n{said}"
    );
    assert_eq!(out.status.code(), Some(0), "{said}");
    guard.finish();
}

/// `a/b` and `a__b` were one scratch name: judged side by side, one test read the other's
/// output. Every output is right; the verdict must be AC, every time.
#[test]
fn tests_whose_names_once_met_in_the_scratch_space_keep_their_own_files() {
    let pkg = TempPackage::sum(4.0, 256, 0);
    for (name, a, b) in [
        ("a/b", 100, 200),
        ("a__b", 1, 1),
        ("c/d", 7, 8),
        ("c__d", 40, 2),
    ] {
        pkg.write(&format!("data/secret/{name}.in"), &format!("{a} {b}\n"));
        pkg.write(&format!("data/secret/{name}.ans"), &format!("{}\n", a + b));
    }
    let sub = pkg.write(
        "submissions/accepted/slow.py",
        "import time\na, b = map(int, input().split())\nprint(a + b, flush=True)\ntime.sleep(0.3)\n",
    );
    let guard = Guard::over(&[pkg.path()]);
    for _ in 0..2 {
        let out = guard
            .leapfrog()
            .args([
                "judge",
                &pkg.arg(),
                sub.to_str().unwrap(),
                "--jobs",
                "2",
                "--json",
            ])
            .output()
            .unwrap();
        let v = crate::support::json(&out);
        assert_eq!(v["verdict"], "AC", "{v}");
    }
    guard.finish();
}

/// A test and a submission whose names hold terminal escapes (an OSC 52 clipboard write, a
/// colour, concealed text): `judge` prints them escaped, never raw.
#[test]
fn names_with_terminal_escapes_reach_the_terminal_escaped() {
    let pkg = TempPackage::sum(2.0, 256, 0);
    let name = "x\x1b]52;c;cHduZWQ=\x07\x1b[32mAC\x1b[8mhidden";
    pkg.write(&format!("data/secret/{name}.in"), "1 2\n");
    pkg.write(&format!("data/secret/{name}.ans"), "3\n");
    let sub = pkg.write(
        "submissions/accepted/sum\x1b[2J.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let guard = Guard::over(&[pkg.path()]);
    let out = guard.run(["judge", &pkg.arg(), sub.to_str().unwrap()]);
    let shown = [&out.stdout[..], &out.stderr[..]].concat();
    let text = String::from_utf8_lossy(&shown);
    assert!(
        !shown.contains(&0x1b),
        "raw escapes reached the terminal:\n{text:?}"
    );
    assert!(
        text.contains("\\x1b]52"),
        "the test's name is not shown: {text}"
    );
}

/// A warning names a package's file, whose name may hold terminal escapes: the warning shows
/// them escaped too (here, a test's settings misspelt as `.yml`).
#[test]
fn warnings_naming_files_with_terminal_escapes_show_them_escaped() {
    let pkg = TempPackage::sum(2.0, 256, 0);
    let name = "y\x1b]0;retitled\x07\x1b[2J";
    pkg.write(&format!("data/secret/{name}.in"), "1 2\n");
    pkg.write(&format!("data/secret/{name}.ans"), "3\n");
    pkg.write(&format!("data/secret/{name}.yml"), "args: []\n");
    let sub = pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let guard = Guard::over(&[pkg.path()]);
    let out = guard.run(["judge", &pkg.arg(), sub.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("did you mean") && stderr.contains("\\x1b]0;retitled\\x07"),
        "the warning does not name the file escaped: {stderr:?}"
    );
    assert!(
        !out.stderr.contains(&0x1b) && !out.stdout.contains(&0x1b),
        "raw escapes reached the terminal: {stderr:?}"
    );
}
