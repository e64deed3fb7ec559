//! Whether another user can start a program, and what it starts instead when it cannot: the
//! one rule for every run and every compile that becomes an unprivileged user where the judge
//! is root. A program's interpreter or compiler (its command's first word, or a script's `#!`
//! line) may lie where only root may go (a version manager's Python or rustup's toolchain
//! under `/root`). Such a program never runs as root instead: the caller takes a namesake on
//! PATH that every user may run ([`runnable_by_others`]), or another way (a compile lends the
//! toolchain to the sandbox), or refuses with the error here, which says what to do.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Why no other user can start a program: the file in the way (`path`), what the judge was
/// doing (`doing`), and why, with what to do about it (`why`).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{doing} {}: {why}", .path.display())]
pub struct Unrunnable {
    pub doing: &'static str,
    pub path: PathBuf,
    pub why: String,
}

/// `argv` as another user can start it: its first word, where other users may not run it,
/// replaced by a namesake further along PATH that they may ([`runnable_instead`]); a script
/// whose `#!` interpreter they may not run started by such a namesake of its interpreter, as
/// the kernel would start it (`interpreter [argument] script ...`). `what` names the first
/// word's kind in the refusal ("interpreter", "compiler").
pub fn runnable_by_others(
    mut argv: Vec<OsString>,
    what: &str,
) -> Result<Vec<OsString>, Unrunnable> {
    let Some(first) = argv.first().map(PathBuf::from) else {
        return Ok(argv);
    };
    if first.is_absolute() && !leapfrog_util::others_may(&first, 0o001) {
        argv[0] = runnable_instead(&first, None, what)?.into_os_string();
        return Ok(argv);
    }
    if let Some((interpreter, argument)) = shebang_of(&first)
        && !leapfrog_util::others_may(&interpreter, 0o001)
    {
        let instead = runnable_instead(&interpreter, Some(&first), "interpreter")?;
        let mut started = vec![instead.into_os_string()];
        started.extend(argument);
        started.extend(argv);
        return Ok(started);
    }
    Ok(argv)
}

/// What other users may run instead of `tool`: the file it links to, else the first program
/// on PATH with its name (or, for `python3.12`, `python3`) that every user may run, said once;
/// an error naming `tool` (and the script whose `#!` names it) where there is none. A virtual
/// environment's `python3` that links to a private Python is refused outright: the namesake
/// would run without the environment's packages, so such an environment must be made from a
/// Python every user may run.
pub fn runnable_instead(
    tool: &Path,
    script: Option<&Path>,
    what: &str,
) -> Result<PathBuf, Unrunnable> {
    // A namesake would fail in ways that blame the program (an input validator's traceback).
    if let Some(venv) = tool.parent().and_then(Path::parent)
        && venv.join("pyvenv.cfg").is_file()
    {
        let why = format!(
            "it is the interpreter of the virtual environment {}, made from a Python the \
             run's user cannot run; a namesake would run without the environment's packages: \
             make the environment again from a Python every user may run (`/usr/bin/python3 \
             -m venv`)",
            venv.display()
        );
        return Err(Unrunnable {
            doing: "running as another user",
            path: tool.to_path_buf(),
            why,
        });
    }
    // A link in a private directory to a file every user may run (`target/validator-tools`
    // of a checkout under `/root`, linking to a tool installed elsewhere): that file itself.
    if let Ok(canonical) = tool.canonicalize()
        && canonical != tool
        && leapfrog_util::others_may(&canonical, 0o001)
    {
        return Ok(canonical);
    }
    let name = tool
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let whose = match script {
        Some(script) => format!(" (the `#!` interpreter of {})", script.display()),
        None => String::new(),
    };
    match namesake(tool, &name) {
        Some(instead) => {
            say_once(&format!(
                "note: {}{whose} lies where other users cannot run it: runs as another user take {} from PATH instead",
                tool.display(),
                instead.display()
            ));
            Ok(instead)
        }
        None => Err(Unrunnable {
            doing: "finding a program every user may run instead of",
            path: tool.to_path_buf(),
            why: format!(
                "{name} resolves to it{whose}, which the run's user cannot run, and no {name} \
                 further along PATH can be: install {name} system-wide, or copy the {what} \
                 somewhere every user may read and put it first on PATH (programs of a package \
                 and compiles never run as the judge's user)"
            ),
        }),
    }
}

/// The first program on PATH named `name` (or its part before a dot) that every user may run,
/// other than `tool` itself.
fn namesake(tool: &Path, name: &str) -> Option<PathBuf> {
    let short = name.split_once('.').map(|(short, _)| short.to_string());
    let path = std::env::var_os("PATH").unwrap_or_default();
    [Some(name.to_string()), short]
        .into_iter()
        .flatten()
        .find_map(|name| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(&name))
                .filter(|candidate| candidate.as_path() != tool)
                .find(|candidate| {
                    is_executable(candidate) && leapfrog_util::others_may(candidate, 0o001)
                })
        })
}

/// Whether `path` is a file with an execute bit.
fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Prints `note` once per process.
fn say_once(note: &str) {
    static SAID: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if !said.iter().any(|n| n == note) {
        eprintln!("{note}");
        said.push(note.to_string());
    }
}

/// The interpreter a script's `#!` line names by an absolute path, and the one argument
/// the kernel passes it from that line, if any.
fn shebang_of(path: &Path) -> Option<(PathBuf, Option<OsString>)> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let mut file = std::fs::File::open(path).ok()?;
    let n = file.read(&mut head).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let (first, rest) = line
        .trim()
        .split_once(char::is_whitespace)
        .unwrap_or((line.trim(), ""));
    let interpreter = Path::new(first);
    let argument = (!rest.trim().is_empty()).then(|| OsString::from(rest.trim()));
    interpreter
        .is_absolute()
        .then(|| (interpreter.to_path_buf(), argument))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_virtual_environment_of_a_private_python_is_refused_not_swapped() {
        let dir = tempfile::tempdir().unwrap();
        let private = dir.path().join("private");
        std::fs::create_dir(&private).unwrap();
        std::fs::write(private.join("python3"), "").unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).unwrap();
        let bin = dir.path().join("venv/bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::write(dir.path().join("venv/pyvenv.cfg"), "home = /private\n").unwrap();
        std::os::unix::fs::symlink(private.join("python3"), bin.join("python3")).unwrap();
        let err = runnable_instead(&bin.join("python3"), None, "interpreter").unwrap_err();
        assert!(err.to_string().contains("virtual environment"), "{err}");
    }

    #[test]
    fn a_tool_with_no_namesake_is_refused_saying_what_to_do() {
        let dir = tempfile::tempdir().unwrap();
        let tool = dir.path().join("no-such-compiler-anywhere");
        std::fs::write(&tool, "").unwrap();
        let err = runnable_instead(&tool, None, "compiler").unwrap_err();
        let said = err.to_string();
        assert!(
            said.contains("install no-such-compiler-anywhere system-wide"),
            "{said}"
        );
        assert!(
            said.contains("copy the compiler somewhere every user may read"),
            "{said}"
        );
    }
}
