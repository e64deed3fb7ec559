//! A zip per problem for DOMjudge's problem import: the exported Kattis package with
//! `problem.yaml` at the zip's root (DOMjudge reads the ICPC legacy layout), plus DOMjudge's
//! own extensions (its manual, "Problem format specification"): `domjudge-problem.ini` with the
//! name and `timelimit`, and `problem.html`, the statement teams see. `.timelimit` stays in the
//! zip too, as DOMjudge's `import-contest` script packs it.
//!
//! The zip is byte-for-byte reproducible: entries in sorted order, a fixed timestamp, and only
//! the executable bit kept from file modes.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use zip::write::SimpleFileOptions;

use crate::package::Package;

/// Where an entry's bytes come from.
enum Source<'a> {
    File(std::path::PathBuf),
    Bytes(&'a [u8]),
}

/// Writes `zip_path` from the exported package directory `dir`, adding the DOMjudge files.
pub fn write_zip(
    package: &Package,
    dir: &Path,
    statement_html: &str,
    zip_path: &Path,
) -> anyhow::Result<()> {
    let file = std::fs::File::create(zip_path)
        .with_context(|| format!("creating {}", zip_path.display()))?;
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let options = |mode: u32| {
        SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(mode)
    };
    let mut entries: Vec<(String, Source)> = Vec::new();
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry
            .path()
            .strip_prefix(dir)
            .expect("walked below the package")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        entries.push((rel, Source::File(entry.into_path())));
    }
    let ini = format!(
        "name = \"{}\"\ntimelimit = {}\n",
        package.display_name().replace('"', "'"),
        crate::render::glyphs::fmt(package.config.limits.time_s.get())
    );
    entries.push(("domjudge-problem.ini".into(), Source::Bytes(ini.as_bytes())));
    entries.push((
        "problem.html".into(),
        Source::Bytes(statement_html.as_bytes()),
    ));
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, source) in entries {
        crate::interrupt::check()?;
        match source {
            Source::File(path) => {
                use std::os::unix::fs::PermissionsExt;
                let mode = std::fs::metadata(&path)?.permissions().mode();
                let mode = if mode & 0o111 != 0 { 0o755 } else { 0o644 };
                zip.start_file(name.as_str(), options(mode))?;
                let mut file = std::fs::File::open(&path)
                    .with_context(|| format!("reading {}", path.display()))?;
                std::io::copy(&mut file, &mut zip)
                    .with_context(|| format!("zipping {}", path.display()))?;
            }
            Source::Bytes(bytes) => {
                zip.start_file(name.as_str(), options(0o644))?;
                zip.write_all(bytes)?;
            }
        }
    }
    let mut writer = zip.finish().context("finishing the zip")?;
    writer.flush()?;
    Ok(())
}
