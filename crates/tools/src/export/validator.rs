//! The validators in an export, made to run on a judge host that has no Rust compiler (DOMjudge's
//! default chroot has none): `output_validators/<name>/` holds the one std-only source file from
//! `checkers/`, `run`, a statically linked x86-64 Linux program built from it here at export
//! time, and a `build` script that rebuilds `run` from the source when the host has a `rustc`
//! that can, and otherwise keeps the shipped program (checking first that the source is the one
//! it was built from and that the host is x86-64 Linux). Rust input (and answer) validators are
//! shipped the same way under `input_validators/<name>/` (`answer_validators/<name>/`).
//!
//! A Rust source gets the package's constants before it is built, whatever the format: the
//! shipped program is built here, once, so it cannot wait for a 2025-09 judge to substitute
//! them, and the source beside it must be the one it was built from. Other programs are copied
//! as written.
//!
//! Static builds are cached like every other build (see [`leapfrog_package::lang::cache_dir`]), keyed by the
//! compiler's version, the flags and the source, so repeated exports are fast and give the same
//! bytes.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use sha2::{Digest, Sha256};

use super::files::{check_name, copy_file, copy_tree, file_name, set_mode};
use leapfrog_package::Package;
use leapfrog_package::constants::Constants;

/// The platform of the shipped program: what DOMjudge and Kattis judge hosts run.
pub const TARGET: &str = "x86_64-unknown-linux-gnu";

/// rustc's flags for the shipped program (and for a rebuild on the judge host, which may run the
/// validator outside the chroot it was built in, so it must not depend on that chroot's libc).
const FLAGS: &[&str] = &[
    "--edition",
    "2021",
    "-C",
    "opt-level=3",
    "-C",
    "target-feature=+crt-static",
];

/// Writes `output_validators/<stem>/` for the package's output validator, if it has one.
/// The `constants` are written into the Rust sources before they are built, in every format:
/// the shipped `run` and the `build` script's checksum must match the source as leapfrog judges
/// it; empty, they change nothing. Each source they change gets a note in `notes`.
pub fn write(
    package: &Package,
    dest: &Path,
    constants: &Constants,
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    let Some(program) = package.output_validator()? else {
        return Ok(());
    };
    let parent = dest.join("output_validators");
    write_program(&program, &parent, true, constants, &package.root, notes)
}

/// Writes `input_validators/`: each Rust file as a program directory like the output
/// validator's, other programs as they are.
pub fn write_input_validators(
    package: &Package,
    dest: &Path,
    constants: &Constants,
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    write_folder(package, dest, "input_validators", constants, notes)
}

/// Writes `answer_validators/` (BAPCtools'; the 2025-09 export only) as the input validators.
pub fn write_answer_validators(
    package: &Package,
    dest: &Path,
    constants: &Constants,
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    write_folder(package, dest, "answer_validators", constants, notes)
}

fn write_folder(
    package: &Package,
    dest: &Path,
    folder: &str,
    constants: &Constants,
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    let from = package.root.join(folder);
    if !from.is_dir() {
        return Ok(());
    }
    for program in leapfrog_package::programs_in(&from)? {
        let parent = dest.join(folder);
        write_program(&program, &parent, false, constants, &package.root, notes)?;
        crate::interrupt::check()?;
    }
    Ok(())
}

/// Writes one program into `parent`: a program directory as it is; a Rust file as the directory
/// `<stem>/` with the source, the static `run` and `build`; any other file as it is, or in its
/// own `<stem>/` if `own_dir` (a package has one output validator, a directory of its own). A
/// Rust source the constants change gets a note naming it by its path under `root` (the
/// package's) and the constants it got.
fn write_program(
    program: &Path,
    parent: &Path,
    own_dir: bool,
    constants: &Constants,
    root: &Path,
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    let name = file_name(program)?;
    let stem = Path::new(&name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or(name.clone());
    if program.is_dir() {
        return copy_tree(program, &parent.join(if own_dir { &stem } else { &name }));
    }
    check_name(&name, program)?;
    let rust = name.ends_with(".rs");
    let dir = if rust || own_dir {
        parent.join(&stem)
    } else {
        parent.to_path_buf()
    };
    std::fs::create_dir_all(&dir)?;
    if !rust {
        return copy_file(program, &dir.join(&name));
    }
    let source = std::fs::read(program).with_context(|| {
        format!(
            "reading {} (a symlink into checkers/ must resolve)",
            program.display()
        )
    })?;
    let source = match String::from_utf8(source) {
        Ok(text) => {
            let (text, names) = substituted(constants, text, program)?;
            if !names.is_empty() {
                let rel = program.strip_prefix(root).unwrap_or(program);
                notes.push(format!(
                    "{}: wrote the constants {} into the Rust source (the export builds the program, so a judge cannot substitute them before it is built)",
                    rel.display(),
                    names.join(", ")
                ));
            }
            text.into_bytes()
        }
        Err(err) => err.into_bytes(),
    };
    std::fs::write(dir.join(&name), &source)?;
    set_mode(&dir.join(&name), 0o644)?;
    let binary = static_binary(&name, &source)
        .with_context(|| format!("building a static program from {}", program.display()))?;
    std::fs::copy(&binary, dir.join("run"))
        .with_context(|| format!("copying {}", binary.display()))?;
    set_mode(&dir.join("run"), 0o755)?;
    let build = dir.join("build");
    std::fs::write(
        &build,
        build_script(&name, &leapfrog_util::hash_bytes(&source)),
    )?;
    set_mode(&build, 0o755)
}

/// A Rust source with the constants' values written in, as leapfrog substitutes them before it
/// builds the program when it judges the package itself. Refused when the result still holds a
/// defined `{{name}}` (a value that names another constant): a judge of the export would replace
/// that too, where leapfrog replaces once, and the shipped `run` would no longer match. With
/// the text, the names of the constants written in.
fn substituted<'c>(
    constants: &'c Constants,
    text: String,
    program: &Path,
) -> anyhow::Result<(String, Vec<&'c str>)> {
    if constants.is_empty() {
        return Ok((text, Vec::new()));
    }
    let (replaced, names) = constants.substitute_naming(&text);
    if constants.substitute(&replaced) != replaced {
        bail!(
            "{}: a constant's value holds a `{{{{name}}}}` of another constant, which a judge of the export would replace again; write the value itself",
            program.display()
        );
    }
    Ok((replaced, names))
}

/// The `build` script for the source file `name` whose SHA-256 is `sha256`.
pub fn build_script(name: &str, sha256: &str) -> String {
    let flags = FLAGS.join(" ");
    format!(
        r#"#!/bin/sh
# Builds `run`, the output validator, from {name}: one std-only Rust file.
#
# `run` is shipped already: a statically linked x86-64 Linux program built from {name} when the
# problem was exported (rustc {flags}), so a judge host without a Rust compiler uses it as
# it is. Where a rustc can build {name}, this rebuilds `run` from the source; where it cannot, it
# keeps the shipped program if {name} is the file it was built from and this is x86-64 Linux.
src={name}
sha256={sha256}
if command -v rustc >/dev/null 2>&1; then
    # rustc's temporary files stay in the build directory: a judge host may have no /tmp.
    mkdir -p rustc-tmp
    limit=
    if command -v timeout >/dev/null 2>&1; then limit="timeout 20"; fi
    if TMPDIR="$(pwd)/rustc-tmp" $limit rustc {flags} -o run.new "$src"; then
        rm -rf rustc-tmp
        mv -f run.new run
        echo "build: built run from $src with $(rustc --version)"
        exit 0
    fi
    rm -rf rustc-tmp run.new
    echo "build: this rustc could not build $src (in 20 s); keeping the shipped run" >&2
fi
platform="$(uname -s)-$(uname -m)"
if [ "$platform" != Linux-x86_64 ]; then
    echo "build: the shipped run is for x86-64 Linux, this is $platform: install rustc to build $src" >&2
    exit 1
fi
if command -v sha256sum >/dev/null 2>&1; then
    actual=$(sha256sum < "$src")
    if [ "${{actual%% *}}" != "$sha256" ]; then
        echo "build: $src changed since the export, so the shipped run is stale: install rustc to rebuild it" >&2
        exit 1
    fi
fi
if [ ! -x run ]; then
    echo "build: the shipped run is missing or not executable" >&2
    exit 1
fi
echo "build: using the shipped run (statically linked, built from $src)"
"#
    )
}

/// The static program built from one source file (`name`, `source`), from the cache or built now.
fn static_binary(name: &str, source: &[u8]) -> anyhow::Result<PathBuf> {
    let rustc = leapfrog_util::find_in_path("rustc").context(
        "rustc is not installed; the export ships a prebuilt validator, which needs rustc and the C library's static files (libc6-dev on Debian)",
    )?;
    let version = leapfrog_util::probe(&rustc)
        .arg("-vV")
        .output()
        .with_context(|| format!("running {} -vV", rustc.display()))?;
    if !version.status.success() {
        bail!("{} -vV failed", rustc.display());
    }
    let mut key = Sha256::new();
    key.update(b"leapfrog-static-validator-v1\0");
    key.update(&version.stdout);
    key.update(FLAGS.join(" ").as_bytes());
    key.update(TARGET.as_bytes());
    key.update(name.as_bytes());
    key.update(b"\0");
    key.update(source);
    let entry = leapfrog_package::lang::cache_dir()?
        .join("static-validators")
        .join(leapfrog_util::hex(&key.finalize()));
    let binary = entry.join("run");
    if binary.is_file() {
        return Ok(binary);
    }
    let staging = leapfrog_util::staging_dir_for(&entry)?;
    compile(&rustc, staging.path(), name, source)?;
    // Another export may finish the same build first; theirs is as good as ours.
    leapfrog_util::publish_dir(staging, &entry, || binary.is_file())?;
    Ok(binary)
}

/// Compiles `source` into `dir/run` and checks that the result is a static x86-64 program.
fn compile(rustc: &Path, dir: &Path, name: &str, source: &[u8]) -> anyhow::Result<()> {
    std::fs::write(dir.join(name), source)?;
    // The build directory's name must not leak into the program (reproducible bytes).
    let remap = format!("--remap-path-prefix={}=.", dir.display());
    let output = Command::new(rustc)
        .current_dir(dir)
        .args(FLAGS)
        .args([
            "-C",
            "strip=symbols",
            "--target",
            TARGET,
            &remap,
            "-o",
            "run",
            name,
        ])
        .env("TMPDIR", dir)
        .output()
        .with_context(|| format!("running {}", rustc.display()))?;
    if !output.status.success() {
        bail!(
            "{} failed (a static build for {TARGET} needs that target's standard library and the C library's static files, libc6-dev on Debian):\n{}",
            rustc.display(),
            String::from_utf8_lossy(&output.stderr).trim_end()
        );
    }
    let run = dir.join("run");
    let bytes = std::fs::read(&run).with_context(|| format!("reading {}", run.display()))?;
    check_static_x86_64(&bytes).with_context(|| format!("checking {}", run.display()))
}

/// Checks that an ELF file is an x86-64 program that needs no dynamic loader: no `PT_INTERP`
/// program header (what `ldd` reports as "statically linked").
pub fn check_static_x86_64(elf: &[u8]) -> anyhow::Result<()> {
    let u16_at = |at: usize| {
        elf.get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
    };
    let u64_at = |at: usize| {
        elf.get(at..at + 8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
    };
    if elf.get(..6) != Some(b"\x7fELF\x02\x01".as_slice()) {
        bail!("not a 64-bit little-endian ELF file");
    }
    if u16_at(18) != Some(0x3e) {
        bail!("not an x86-64 program");
    }
    let (Some(phoff), Some(phentsize), Some(phnum)) = (u64_at(32), u16_at(54), u16_at(56)) else {
        bail!("truncated ELF header");
    };
    for i in 0..usize::from(phnum) {
        let at = usize::try_from(phoff)
            .ok()
            .and_then(|o| o.checked_add(i * usize::from(phentsize)));
        let Some(kind) = at.and_then(|at| elf.get(at..at.checked_add(4)?)) else {
            bail!("truncated program header table");
        };
        if kind == 3u32.to_le_bytes() {
            bail!("dynamically linked (it names a program interpreter)");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elf_checks() {
        let mut elf = vec![0u8; 64 + 56];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        elf[18] = 0x3e;
        elf[32] = 64; // program headers right after the ELF header
        elf[54] = 56;
        elf[56] = 1;
        elf[64] = 1; // PT_LOAD
        check_static_x86_64(&elf).unwrap();
        elf[64] = 3; // PT_INTERP
        let err = check_static_x86_64(&elf).unwrap_err();
        assert!(err.to_string().contains("dynamically linked"), "{err}");
        elf[18] = 0xb7; // aarch64
        assert!(check_static_x86_64(&elf).is_err());
        assert!(check_static_x86_64(b"#!/bin/sh\n").is_err());
        elf[18] = 0x3e;
        elf[56] = 9; // more headers than the file holds
        assert!(check_static_x86_64(&elf).is_err());
    }

    #[test]
    fn a_value_naming_another_constant_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let yaml = dir.path().join("problem.yaml");
        let source = dir.path().join("v.rs");
        let text = "let n = {{A}}; println!(\"{{}}\");".to_string();
        std::fs::write(&yaml, "constants:\n  A: 5\n  B: 6\n").unwrap();
        let constants = Constants::load(dir.path());
        assert_eq!(
            substituted(&constants, text.clone(), &source).unwrap(),
            ("let n = 5; println!(\"{{}}\");".to_string(), vec!["A"])
        );
        // Replaced once `{{A}}` gives `{{B}}`, which a second pass would replace again.
        std::fs::write(&yaml, "constants:\n  A: '{{B}}'\n  B: 6\n").unwrap();
        let constants = Constants::load(dir.path());
        let err = substituted(&constants, text, &source).unwrap_err();
        assert!(err.to_string().contains("v.rs"), "{err}");
    }

    #[test]
    fn the_build_script_names_its_source_and_checksum() {
        let script = build_script("x.rs", "abc123");
        assert!(script.starts_with("#!/bin/sh\n"));
        assert!(script.contains("src=x.rs\nsha256=abc123\n"));
        assert!(script.contains("TMPDIR=\"$(pwd)/rustc-tmp\""));
        assert!(script.contains(
            "rustc --edition 2021 -C opt-level=3 -C target-feature=+crt-static -o run.new \"$src\""
        ));
        assert!(script.contains("\"${actual%% *}\""));
    }
}
