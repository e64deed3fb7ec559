//! A zip per problem for DOMjudge's problem import: the exported Kattis package with
//! `problem.yaml` at the zip's root (DOMjudge reads the ICPC legacy layout), plus DOMjudge's
//! own extensions (its manual, "Problem format specification"): `domjudge-problem.ini` with the
//! name, `timelimit` and `externalid` (the short name, so the problem keeps its id whatever the
//! zip is called), and `problem.html`, the statement teams see. `.timelimit` stays in the zip
//! too, as DOMjudge's `import-contest` script packs it.
//!
//! DOMjudge takes a submission folder's name as the expected result, upper-cased, and knows
//! only some of ours: `memory_limit_exceeded/` goes under `run_time_error/` (DOMjudge has no
//! memory verdict of its own: a program stopped at its memory limit is a RUN-ERROR), and
//! `output_limit_exceeded/` is left out (DOMjudge gives OUTPUT-LIMIT, a result the folder name
//! does not map to). Both are reported as notes.
//!
//! The zip is byte-for-byte reproducible: entries in sorted order, a fixed timestamp, and only
//! the executable bit kept from file modes.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use zip::write::SimpleFileOptions;

use super::kattis::Notes;
use leapfrog_package::Package;

/// Folders under `submissions/` whose name is not a result DOMjudge gives, and where they go.
const REMAPPED: &[(&str, Option<&str>, &str)] = &[
    (
        "memory_limit_exceeded",
        Some("run_time_error"),
        "put under run_time_error/ in the DOMjudge zip: DOMjudge has no memory verdict and reports a program stopped at its memory limit as RUN-ERROR",
    ),
    (
        "output_limit_exceeded",
        None,
        "left out of the DOMjudge zip: its import would expect OUTPUT_LIMIT_EXCEEDED, a result DOMjudge never gives (it reports OUTPUT-LIMIT)",
    ),
];

/// Where an entry's bytes come from.
enum Source<'a> {
    File(std::path::PathBuf),
    Bytes(&'a [u8]),
}

/// Writes `zip_path` from the exported package directory `dir`, adding the DOMjudge files;
/// `short` is the problem's short name. Returns notes on what the zip changed or left out.
pub fn write_zip(
    package: &Package,
    dir: &Path,
    statement_html: Option<&str>,
    zip_path: &Path,
    short: &str,
) -> anyhow::Result<Notes> {
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
        // DOMjudge never runs generators: the data they make is in `data/` already.
        if !rel.starts_with("generators/") {
            entries.push((rel, Source::File(entry.into_path())));
        }
    }
    let mut notes = remap_submissions(&mut entries);
    let mut ini = format!("name = \"{}\"\n", package.display_name().replace('"', "'"));
    if package.config.time_limit_given {
        let limit = leapfrog_render::glyphs::fmt(package.config.limits.time_s.get());
        ini.push_str(&format!("timelimit = {limit}\n"));
    } else {
        notes.push("domjudge-problem.ini: no timelimit, the package gives none (problemtools infers it from the accepted programs, DOMjudge does not): set it in DOMjudge after the import".into());
    }
    ini.push_str(&format!("externalid = {short}\n"));
    entries.push(("domjudge-problem.ini".into(), Source::Bytes(ini.as_bytes())));
    if let Some(html) = statement_html {
        entries.push(("problem.html".into(), Source::Bytes(html.as_bytes())));
    }
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
    Ok(notes)
}

/// Moves or drops the submissions in folders DOMjudge has no result for (see [`REMAPPED`]).
fn remap_submissions(entries: &mut Vec<(String, Source)>) -> Notes {
    let mut notes = Notes::new();
    for (folder, target, why) in REMAPPED {
        let prefix = format!("submissions/{folder}/");
        if !entries.iter().any(|(name, _)| name.starts_with(&prefix)) {
            continue;
        }
        notes.push(format!("submissions/{folder}/: {why}"));
        let taken: Vec<String> = entries.iter().map(|(name, _)| name.clone()).collect();
        entries.retain_mut(|(name, _)| {
            let Some(rest) = name.strip_prefix(&prefix) else {
                return true;
            };
            let Some(target) = target else {
                return false;
            };
            let moved = format!("submissions/{target}/{rest}");
            if taken.contains(&moved) {
                notes.push(format!(
                    "{name}: left out of the DOMjudge zip, {moved} exists already"
                ));
                return false;
            }
            *name = moved;
            true
        });
    }
    notes
}
