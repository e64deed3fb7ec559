//! Finding the tools: compilers and interpreters by absolute path (so the sandbox can run them),
//! past the shims that version managers put on PATH, and the installations they need mounted.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use leapfrog_util::find_in_path;

/// Whether a tool is missing from PATH: such languages are skipped by `verify`. A Python found
/// on PATH must also start: a version manager's shim for a version that is not selected
/// (pyenv's `python2`) is on PATH but only prints an error.
pub(super) fn missing(tool: &str) -> bool {
    if find_in_path(tool).is_none() {
        return true;
    }
    (tool.starts_with("python") || tool.starts_with("pypy")) && !real_interpreter(tool).1
}

/// A tool by absolute path: the real compiler behind rustup's proxy, the real interpreter
/// behind a Python version manager's shim, else what PATH finds (else the bare name).
pub(super) fn resolve(tool: &str) -> PathBuf {
    if tool == "rustc" {
        return rust_toolchain().0;
    }
    if tool.starts_with("python") || tool.starts_with("pypy") {
        return real_interpreter(tool).0;
    }
    find_in_path(tool).unwrap_or_else(|| PathBuf::from(tool))
}

/// The installation a resolved tool lives in, when the sandbox does not show it already (it
/// shows /usr): `~/.rustup/toolchains/x` for its rustc, `~/.pyenv/versions/3.12` for Python.
pub(super) fn installation(tool: &str) -> Option<PathBuf> {
    let dir = if tool == "rustc" {
        rust_toolchain().1
    } else {
        let path = resolve(tool);
        if !path.is_absolute() {
            return None;
        }
        path.parent()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or(path)
    };
    (!dir.starts_with("/usr") && dir != Path::new("/")).then_some(dir)
}

/// The real rustc and its sysroot. rustup puts a proxy on PATH that needs the user's home;
/// the compiler it forwards to lives in the sysroot, which the sandbox can show read-only.
fn rust_toolchain() -> (PathBuf, PathBuf) {
    static RUST: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    RUST.get_or_init(|| {
        let proxy = find_in_path("rustc").unwrap_or_else(|| PathBuf::from("rustc"));
        match rust_sysroot(&proxy) {
            Some(root) => (root.join("bin/rustc"), root),
            None => (proxy, PathBuf::from("/usr")),
        }
    })
    .clone()
}

/// The sysroot `rustc --print sysroot` names. Asking costs tens of milliseconds (rustup's
/// proxy, then the compiler loading its libraries), more than `leapfrog check` spends on
/// everything else, so the answer is kept in the cache directory under a fingerprint of what
/// rustup decides by: the proxy, its environment variables and its settings file. It is asked
/// from `/` ([`leapfrog_util::probe`]): a `rust-toolchain` file of the working directory, which
/// may be a package's, never chooses the compiler.
fn rust_sysroot(proxy: &Path) -> Option<PathBuf> {
    let memo = super::cache::cache_dir()
        .ok()
        .map(|dir| dir.join(format!("rustc-sysroot-{}", rustup_fingerprint(proxy))));
    let remembered = memo
        .as_ref()
        .and_then(|m| std::fs::read_to_string(m).ok())
        .map(PathBuf::from)
        .filter(|root| root.join("bin/rustc").is_file());
    if remembered.is_some() {
        return remembered;
    }
    let root = leapfrog_util::probe(proxy)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .filter(|root| root.join("bin/rustc").is_file())?;
    if let Some(memo) = memo {
        // A cache that cannot be written only costs the next run the same question.
        let _ = leapfrog_util::write_atomically(&memo, root.as_os_str().as_encoded_bytes());
    }
    Some(root)
}

/// A hash of everything rustup's choice of toolchain depends on (see [`rust_sysroot`]).
fn rustup_fingerprint(proxy: &Path) -> String {
    use std::os::unix::fs::MetadataExt;
    let mut text = String::new();
    let mut file = |path: &Path| {
        let stamp = std::fs::metadata(path)
            .map(|m| format!("{} {} {} {}", m.ino(), m.len(), m.mtime(), m.mtime_nsec()))
            .unwrap_or_default();
        text.push_str(&format!("{}={stamp}\n", path.display()));
    };
    file(proxy);
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let rustup_home = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| home.join(".rustup"));
    file(&rustup_home.join("settings.toml"));
    // The probe runs in `/`: only a toolchain file there counts.
    file(Path::new("/rust-toolchain"));
    file(Path::new("/rust-toolchain.toml"));
    for var in ["RUSTUP_TOOLCHAIN", "RUSTUP_HOME", "CARGO_HOME", "HOME"] {
        let value = std::env::var_os(var).unwrap_or_default();
        text.push_str(&format!("{var}={}\n", value.to_string_lossy()));
    }
    leapfrog_util::hash_bytes(text.as_bytes())[..32].to_string()
}

/// The real interpreter behind `python3` or `pypy3` (version managers put slow shims on PATH),
/// and whether it starts at all.
fn real_interpreter(tool: &str) -> (PathBuf, bool) {
    static FOUND: OnceLock<Mutex<HashMap<String, (PathBuf, bool)>>> = OnceLock::new();
    let found = FOUND.get_or_init(Default::default);
    if let Some(known) = found.lock().ok().and_then(|f| f.get(tool).cloned()) {
        return known;
    }
    let fallback = find_in_path(tool).unwrap_or_else(|| PathBuf::from(tool));
    // Only a program PATH finds by its bare name is asked: a name with a `/` (a package's
    // table may give one) could lead into the package, whose files the judge never runs itself.
    if tool.contains('/') {
        return (fallback, false);
    }
    let real = leapfrog_util::probe(&fallback)
        .args(["-c", "import sys; print(sys.executable)"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .filter(|p| p.is_file());
    let known = match real {
        Some(path) => (path, true),
        None => (fallback, false),
    };
    if let Ok(mut f) = found.lock() {
        f.insert(tool.to_string(), known.clone());
    }
    known
}
