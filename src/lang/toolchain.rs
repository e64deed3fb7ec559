//! Finding the tools: compilers and interpreters by absolute path (so the sandbox can run them),
//! past the shims that version managers put on PATH.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::Language;
use crate::util::find_in_path;

/// A tool found on PATH (by absolute path, so the sandbox can run it) and its arguments.
pub(super) fn tool_then(tool: &str, args: &[&str]) -> Vec<OsString> {
    let mut argv = vec![
        find_in_path(tool)
            .map(PathBuf::into_os_string)
            .unwrap_or_else(|| tool.into()),
    ];
    argv.extend(args.iter().map(OsString::from));
    argv
}

/// The real rustc and its sysroot. rustup puts a proxy on PATH that needs the user's home;
/// the compiler it forwards to lives in the sysroot, which the sandbox can show read-only.
pub(super) fn rust_toolchain() -> (PathBuf, PathBuf) {
    static RUST: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    RUST.get_or_init(|| {
        let proxy = find_in_path("rustc").unwrap_or_else(|| PathBuf::from("rustc"));
        let sysroot = std::process::Command::new(&proxy)
            .args(["--print", "sysroot"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
        match sysroot {
            Some(root) if root.join("bin/rustc").is_file() => (root.join("bin/rustc"), root),
            _ => (proxy, PathBuf::from("/usr")),
        }
    })
    .clone()
}

/// Installations outside /usr that a language's compiler needs inside the sandbox.
pub(super) fn toolchain_dirs(language: Language) -> Vec<PathBuf> {
    let dir = match language {
        Language::Rust => rust_toolchain().1,
        Language::Python => python_prefix(),
        Language::C | Language::Cpp | Language::Java | Language::Executable => return Vec::new(),
    };
    if dir.starts_with("/usr") {
        Vec::new()
    } else {
        vec![dir]
    }
}

/// The real Python interpreter behind `python3` (version managers put slow shims on PATH).
pub(super) fn python_interpreter() -> PathBuf {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let fallback = find_in_path("python3").unwrap_or_else(|| PathBuf::from("python3"));
            std::process::Command::new(&fallback)
                .args(["-c", "import sys; print(sys.executable)"])
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
                .filter(|p| p.is_file())
                .unwrap_or(fallback)
        })
        .clone()
}

/// The installation prefix of the Python interpreter (its standard library lives below it).
pub(super) fn python_prefix() -> PathBuf {
    let python = python_interpreter();
    python
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or(python)
}

pub(super) fn java_binary() -> PathBuf {
    find_in_path("java").unwrap_or_else(|| PathBuf::from("java"))
}
