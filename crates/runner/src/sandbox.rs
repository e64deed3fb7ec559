//! The bubblewrap sandbox (for submissions and for compiling them): a fresh root holding the system's libraries and tools read-only, the
//! program read-only at `/program`, its own empty working directory writable at `/sandbox`, a
//! private `/tmp`, no network, and its own user, process, IPC, UTS and cgroup namespaces. The
//! problem directory, the answers, the user's home, the repository and the judge's temporary
//! files are simply not there. The sandbox dies with the judge (`--die-with-parent`), and when
//! its first process ends the kernel kills everything left in its process namespace.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Where the program's files appear inside the sandbox.
pub const PROGRAM_DIR: &str = "/program";
/// The writable working directory inside the sandbox.
pub const WORK_DIR: &str = "/sandbox";

/// What a sandboxed run sees besides the system directories.
#[derive(Debug, Clone, Default)]
pub struct Mounts {
    /// Host paths shown read-only inside, each at the path given with it: the program at
    /// [`PROGRAM_DIR`], an interpreter's installation at its own path.
    pub read_only: Vec<(PathBuf, PathBuf)>,
    /// The run's working directory, writable at [`WORK_DIR`].
    pub work: PathBuf,
}

/// The bubblewrap binary, if it is installed and can create namespaces here; otherwise why
/// not. It starts a trial sandbox each time: a [`crate::Runner`] asks once and keeps the answer.
pub fn probe() -> Result<PathBuf, String> {
    let bwrap =
        leapfrog_util::find_in_path("bwrap").ok_or("bubblewrap (bwrap) is not installed")?;
    let work = tempfile::tempdir().map_err(|e| format!("creating a probe directory: {e}"))?;
    let mut argv = wrap_args(
        &bwrap,
        &Mounts {
            work: work.path().to_path_buf(),
            ..Mounts::default()
        },
        Some(1 << 20),
    );
    argv.push("/bin/true".into());
    let output = std::process::Command::new(&argv[0])
        .args(&argv[1..])
        .output()
        .map_err(|e| format!("running bwrap: {e}"))?;
    if output.status.success() {
        Ok(bwrap)
    } else {
        Err(format!(
            "bwrap cannot create a sandbox here: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

/// The bwrap command line up to and including `--`; the program's own argv follows. With
/// `tmpfs_bytes` (the run's memory limit), `/tmp` and `/dev/shm` are tmpfs mounts of that size
/// each, whose contents count against the run's memory (see `runner::memory`).
pub fn wrap_args(bwrap: &Path, mounts: &Mounts, tmpfs_bytes: Option<u64>) -> Vec<OsString> {
    let mut args = system_args(bwrap);
    match tmpfs_bytes {
        Some(bytes) => {
            for dir in ["/tmp", "/dev/shm"] {
                args.extend(["--size".into(), bytes.to_string().into()]);
                args.extend(["--tmpfs", dir].map(OsString::from));
            }
        }
        None => args.extend(["--tmpfs", "/tmp"].map(OsString::from)),
    }
    push_read_only(&mut args, &mounts.read_only);
    args.push("--bind".into());
    args.push(mounts.work.clone().into_os_string());
    args.extend([WORK_DIR, "--chdir", WORK_DIR, "--"].map(OsString::from));
    args
}

/// The bwrap command line, up to and including `--`, of a sandbox that is kept for many runs
/// (`runner::launcher`): the same root, but everything in it read-only, with empty
/// directories where each run mounts its own fresh `/sandbox`, `/tmp` and `/dev/shm`.
pub fn kept_args(bwrap: &Path, read_only: &[(PathBuf, PathBuf)]) -> Vec<OsString> {
    let mut args = system_args(bwrap);
    // Each run mounts the `/proc` of its own PID namespace over an empty directory: a `/proc`
    // of the kept root (with bubblewrap's read-only covers: three mounts here) would only be
    // copied into every run's mount namespace, hidden, and torn down again.
    if let Some(at) = args.iter().position(|a| a == "--proc") {
        args[at] = "--dir".into();
    }
    args.extend(["--dir", "/tmp", "--dir", WORK_DIR].map(OsString::from));
    push_read_only(&mut args, read_only);
    args.extend(["--remount-ro", "/dev", "--remount-ro", "/", "--"].map(OsString::from));
    args
}

fn push_read_only(args: &mut Vec<OsString>, read_only: &[(PathBuf, PathBuf)]) {
    for (host, inside) in read_only {
        let parents: Vec<&Path> = inside
            .ancestors()
            .skip(1)
            .filter(|p| !p.starts_with("/usr") && *p != Path::new("/"))
            .collect();
        for parent in parents.into_iter().rev() {
            push_open_dir(args, parent);
        }
        args.extend([
            "--ro-bind".into(),
            host.clone().into_os_string(),
            inside.clone().into_os_string(),
        ]);
    }
}

/// Makes `dir` in the sandbox open to every user, as on the host: bubblewrap makes the
/// directories it needs for a mount private (0700), and a run is not root where the judge is
/// (`runner::identity`).
fn push_open_dir(args: &mut Vec<OsString>, dir: &Path) {
    args.extend(["--perms", "0755", "--dir"].map(OsString::from));
    args.push(dir.as_os_str().to_os_string());
}

/// The capabilities a sandbox started by root keeps for its first process, only to become
/// the run's user (`setpriv` changes its ids and empties its bounding set with them).
const DROP_CAPS: [&str; 3] = ["CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP"];

/// `setpriv` (util-linux), the program that turns a sandbox's first process into the run's
/// user where bubblewrap starts as root ([`root_started`]), if the sandbox shows it (it lies
/// below `/usr`); otherwise why not.
pub fn setpriv() -> Result<PathBuf, String> {
    let found = leapfrog_util::find_in_path("setpriv")
        .and_then(|p| std::fs::canonicalize(p).ok())
        .filter(|p| p.starts_with("/usr"));
    found.ok_or_else(|| {
        "bwrap cannot start a sandbox as an unprivileged user here, and setpriv (util-linux), \
         which would make its program that user, is not installed below /usr: the run is \
         refused rather than run as root"
            .to_string()
    })
}

/// Turns the command line of [`wrap_args`] into that of a sandbox bubblewrap starts as root
/// with no user namespace of its own (one made by root maps root to root, so a program in it
/// would be root on the host, if without capabilities): the other namespaces only, and the
/// capabilities [`drop_to_args`] needs kept.
pub fn root_started(args: &mut Vec<OsString>) {
    if let Some(at) = args.iter().position(|a| a == "--unshare-all") {
        let own = [
            "--unshare-ipc",
            "--unshare-pid",
            "--unshare-net",
            "--unshare-uts",
            "--unshare-cgroup-try",
        ];
        args.splice(at..=at, own.map(OsString::from));
    }
    // After `--cap-drop ALL`, which would otherwise leave the program no way to change user.
    if let Some(at) = args.iter().position(|a| a == "--cap-drop") {
        let keep = DROP_CAPS.iter().flat_map(|cap| ["--cap-add", cap]);
        args.splice(at + 2..at + 2, keep.map(OsString::from));
    }
}

/// The words before a program's own that make it `uid`/`gid` in a sandbox of
/// [`root_started`]: no supplementary group, and no capability left anywhere (bounding set
/// included), with bubblewrap's `no_new_privs` keeping it so.
pub fn drop_to_args(setpriv: &Path, uid: u32, gid: u32) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec![setpriv.into()];
    args.extend(
        [
            format!("--reuid={uid}"),
            format!("--regid={gid}"),
            "--clear-groups".into(),
            "--inh-caps=-all".into(),
            "--bounding-set=-all".into(),
            "--".into(),
        ]
        .map(OsString::from),
    );
    args
}

/// The namespaces, the system's files read-only, `/proc` and `/dev`.
fn system_args(bwrap: &Path) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec![bwrap.into()];
    let mut push = |items: &[&dyn AsRef<std::ffi::OsStr>]| {
        args.extend(items.iter().map(|i| i.as_ref().to_os_string()));
    };
    push(&[
        &"--unshare-all",
        &"--die-with-parent",
        &"--cap-drop",
        &"ALL",
        &"--hostname",
        &"sandbox",
    ]);
    push(&[&"--ro-bind", &"/usr", &"/usr"]);
    // Merged-/usr systems have these as symlinks; older ones as directories.
    for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
        let path = Path::new(top);
        match std::fs::read_link(path) {
            Ok(target) => push(&[&"--symlink", &target, &top]),
            Err(_) if path.is_dir() => push(&[&"--ro-bind", &top, &top]),
            Err(_) => {}
        }
    }
    // Only the parts of /etc that programs and runtimes need: the dynamic loader's cache,
    // `alternatives` symlinks (java lives behind them), the JDK's and Mono's configuration.
    push_open_dir(&mut args, Path::new("/etc"));
    let mut push = |items: &[&dyn AsRef<std::ffi::OsStr>]| {
        args.extend(items.iter().map(|i| i.as_ref().to_os_string()));
    };
    for etc in [
        "/etc/ld.so.cache",
        "/etc/ld.so.conf",
        "/etc/ld.so.conf.d",
        "/etc/alternatives",
        "/etc/localtime",
        "/etc/mono",
    ] {
        if Path::new(etc).exists() {
            push(&[&"--ro-bind", &etc, &etc]);
        }
    }
    if let Ok(entries) = std::fs::read_dir("/etc") {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with("java-") {
                let path = entry.path();
                push(&[&"--ro-bind", &path, &path]);
            }
        }
    }
    push(&[&"--proc", &"/proc", &"--dev", &"/dev"]);
    args
}
