//! The report page: one HTML file with its style sheet, script and data inline, so it opens
//! from disk with no network.
//!
//! The data is the report's JSON in a compact form (one flat number array per submission, the
//! messages listed once) so that 2000 tests × 30 submissions stay small and parse fast. What a
//! click shows (file heads, checker lines, pictures) is gzip-compressed and base64-encoded per
//! item and only unpacked when asked for (`DecompressionStream`), and pictures repeated across
//! cells are stored once.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use anyhow::Context;
use base64::Engine;
use serde_json::json;

use super::{CellDetail, ColumnData, Details, LimitsEntry, Recorder, ReportData, test_entries};
use leapfrog_judge::JudgeReport;
use leapfrog_package::verdict::Verdict;

pub(super) const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The pictures a page holds at most, in bytes of packed SVG: the rest say they were left out,
/// so that a package with many rejected cells still gives a page well under 5 MB.
const PICTURE_BUDGET: usize = 2 << 20;

/// The verdict codes in the order the page numbers them.
const VERDICTS: [&str; 8] = ["AC", "WA", "TLE", "MLE", "RTE", "OLE", "CE", "JE"];

/// The order of columns: by the verdict the submission's folder promises.
const EXPECTED_ORDER: [&str; 6] = ["AC", "WA", "TLE", "RTE", "MLE", "OLE"];

/// Writes the page for a report's JSON object (the shape of `verify --json`).
pub fn write_from_json(
    path: &Path,
    json: &serde_json::Value,
    details: Option<&Details>,
) -> anyhow::Result<()> {
    let data: ReportData = serde_json::from_value(json.clone())
        .context("the report's JSON lacks a field the page needs")?;
    write(path, &data, details)
}

/// Writes the page of `leapfrog judge --report`: one column, for the submission judged.
pub fn write_judged(path: &Path, report: &JudgeReport, recorder: &Recorder) -> anyhow::Result<()> {
    let reason = match (
        &report.compile_message,
        report.tests.iter().find(|t| t.verdict != Verdict::Ac),
    ) {
        (Some(message), _) => message.lines().next().unwrap_or("").to_string(),
        (None, Some(t)) => format!("{} on {}: {}", t.verdict, t.name, t.cause),
        (None, None) => format!("{} tests accepted", report.tests.len()),
    };
    let json = json!({
        "problem": report.problem,
        "isolation": report.isolation,
        "ok": report.verdict == Verdict::Ac,
        "limits": LimitsEntry::from(&report.limits),
        "tests": test_entries(recorder.tests()),
        "submissions": [{
            "submission": report.submission,
            "language": report.language,
            "verdict": report.verdict,
            "reason": reason,
            "tests": report.tests,
        }],
    });
    write_from_json(path, &json, Some(&recorder.details))
}

/// Writes the page for `data` (with the details recorded, if any) to `path`, through a
/// temporary file renamed into place.
pub fn write(path: &Path, data: &ReportData, details: Option<&Details>) -> anyhow::Result<()> {
    let html = build(data, details)?;
    let dir = check_writable(path)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    // A page is for reading: the usual permissions, not the temporary file's private ones.
    use std::os::unix::fs::PermissionsExt;
    file.write_all(html.as_bytes())
        .and_then(|()| file.flush())
        .and_then(|()| {
            file.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644))
        })
        .with_context(|| format!("writing {}", path.display()))?;
    file.persist(path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Checks, before any work is done, that a page can be written at `path`: its folder (created
/// with its parents when missing, as `--report out/sum.html` asks) takes a new file. Returns
/// the folder.
pub fn check_writable(path: &Path) -> anyhow::Result<&Path> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if path.is_dir() {
        anyhow::bail!("{}: is a folder; give the page's file name", path.display());
    }
    if !dir.is_dir() {
        std::fs::create_dir_all(dir).with_context(|| {
            format!(
                "{}: cannot write the page there: creating the folder {}",
                path.display(),
                dir.display()
            )
        })?;
    }
    tempfile::NamedTempFile::new_in(dir).with_context(|| {
        format!(
            "{}: cannot write the page there: the folder {} is not writable",
            path.display(),
            dir.display()
        )
    })?;
    Ok(dir)
}

/// Packs details: each item gzip-compressed and base64-encoded, pictures stored once.
struct Blobs {
    items: Vec<String>,
    pictures: HashMap<String, usize>,
    picture_bytes: usize,
}

impl Blobs {
    fn add(&mut self, text: &str) -> usize {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes())
            .expect("writing to memory cannot fail");
        let packed = gz.finish().expect("writing to memory cannot fail");
        self.items
            .push(base64::engine::general_purpose::STANDARD.encode(packed));
        self.items.len() - 1
    }

    /// The blob of a picture, or `None` once the budget is spent.
    fn picture(&mut self, svg: &str) -> Option<usize> {
        if let Some(&i) = self.pictures.get(svg) {
            return Some(i);
        }
        if self.picture_bytes > PICTURE_BUDGET {
            return None;
        }
        let i = self.add(svg);
        self.picture_bytes += self.items[i].len();
        self.pictures.insert(svg.to_string(), i);
        Some(i)
    }
}

/// The whole page as text.
pub fn build(data: &ReportData, details: Option<&Details>) -> anyhow::Result<String> {
    let mut blobs = Blobs {
        items: Vec::new(),
        pictures: HashMap::new(),
        picture_bytes: 0,
    };
    // Each group once, in the order it first comes, and its tests together under it: a group
    // judged in two runs (`secret/01`, `secret/g/1`, `secret/zz`) is still one heading.
    let mut groups: Vec<&str> = Vec::new();
    for t in &data.tests {
        if !groups.contains(&t.group.as_str()) {
            groups.push(&t.group);
        }
    }
    let group_of = |i: usize| groups.iter().position(|g| *g == data.tests[i].group);
    let mut rows: Vec<usize> = (0..data.tests.len()).collect();
    rows.sort_by_key(|&i| group_of(i));
    let mut tests = Vec::with_capacity(data.tests.len());
    for &i in &rows {
        let t = &data.tests[i];
        let blob = match details.and_then(|d| d.tests.get(i)) {
            Some(detail) => blobs.add(&serde_json::to_string(detail)?) as i64,
            None => -1,
        };
        let row = json!([t.name, group_of(i), t.input_bytes, t.answer_bytes, blob]);
        tests.push(row);
    }
    let mut order: Vec<usize> = (0..data.submissions.len()).collect();
    order.sort_by_key(|&s| {
        let expected = data.submissions[s].expected.as_deref().unwrap_or("");
        EXPECTED_ORDER
            .iter()
            .position(|e| *e == expected)
            .unwrap_or(EXPECTED_ORDER.len())
    });
    let mut columns = Columns {
        index: rows
            .iter()
            .enumerate()
            .map(|(row, &i)| (data.tests[i].name.as_str(), (row, i)))
            .collect(),
        messages: vec![""],
        message_index: HashMap::from([("", 0)]),
        details,
        blobs,
    };
    let mut subs = Vec::new();
    let mut cells = Vec::new();
    for &s in &order {
        let column = &data.submissions[s];
        subs.push(json!({
            "name": column.submission,
            "language": column.language,
            "expected": column.expected,
            "verdict": column.verdict,
            "status": column.status,
            "reason": column.reason,
        }));
        cells.push(columns.pack(s, column)?);
    }
    let page_data = json!({
        "problem": data.problem,
        "isolation": data.isolation,
        "ok": data.ok,
        "limits": data.limits,
        "verdicts": VERDICTS,
        "groups": groups,
        "tests": tests,
        "subs": subs,
        "cells": cells,
        "messages": columns.messages,
    });
    Ok(assemble(&data.problem, &page_data, &columns.blobs.items))
}

/// Packs submissions' results into flat number arrays, listing each message once.
struct Columns<'a> {
    /// Each test's row on the page and its index in the report (which the details use).
    index: HashMap<&'a str, (usize, usize)>,
    messages: Vec<&'a str>,
    message_index: HashMap<&'a str, usize>,
    details: Option<&'a Details>,
    blobs: Blobs,
}

impl<'a> Columns<'a> {
    /// Five numbers per test: verdict, CPU ms, memory in tenths of a MiB, message, details
    /// (-1 throughout for a test the submission did not run).
    fn pack(&mut self, s: usize, column: &'a ColumnData) -> anyhow::Result<Vec<i64>> {
        let mut flat = vec![-1i64; 5 * self.index.len()];
        for cell in &column.tests {
            let Some(&(t, test)) = self.index.get(cell.name.as_str()) else {
                continue;
            };
            let message = *self.message_index.entry(&cell.message).or_insert_with(|| {
                self.messages.push(&cell.message);
                self.messages.len() - 1
            });
            let blob = match self.details.and_then(|d| d.cells.get(&(s, test))) {
                Some(d) => self.cell_blob(d)? as i64,
                None => -1,
            };
            let verdict = VERDICTS.iter().position(|v| *v == cell.verdict);
            flat[5 * t..5 * t + 5].copy_from_slice(&[
                verdict.map_or(VERDICTS.len() as i64 - 1, |v| v as i64),
                (cell.time_s * 1000.0).round() as i64,
                (cell.memory_mib * 10.0).round() as i64,
                message as i64,
                blob,
            ]);
        }
        Ok(flat)
    }

    /// A rejected cell's details, its picture stored separately (once per distinct picture).
    fn cell_blob(&mut self, d: &CellDetail) -> anyhow::Result<usize> {
        let picture = d.picture.as_deref().and_then(|p| self.blobs.picture(p));
        let mut value = serde_json::to_value(d)?;
        value["picture"] = json!(picture);
        if d.picture.is_some() && picture.is_none() {
            value["caption"] = json!("(pictures left out: the page holds at most 2 MB of them)");
        }
        Ok(self.blobs.add(&value.to_string()))
    }
}

/// Puts the page together. Every `<`, `>` and `&` inside the JSON is written as a JSON escape
/// (`\u003c`…), so no text a program wrote (`</script>`, or `<!--<script>`, which would put
/// the parser in the state where the element's own end tag no longer ends it) can end the
/// script element that holds it or change how the page parses.
fn assemble(problem: &str, data: &serde_json::Value, blobs: &[String]) -> String {
    let data = script_safe(&data.to_string());
    let blobs = script_safe(&serde_json::to_string(blobs).expect("strings serialise"));
    let title = escape(&format!("leapfrog report · {problem}"));
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <header id=\"head\"></header>\n<nav id=\"filters\"></nav>\n\
         <main><div id=\"matrix-wrap\"><div id=\"matrix\"></div></div>\n\
         <aside id=\"details\" hidden></aside></main>\n<section id=\"summary\"></section>\n\
         <div id=\"tip\" hidden></div>\n\
         <script type=\"application/json\" id=\"data\">{data}</script>\n\
         <script type=\"application/json\" id=\"blobs\">{blobs}</script>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

/// JSON text made safe inside a `<script>` element: `<`, `>` and `&` occur in JSON only inside
/// strings, where their `\u` escapes mean the same.
fn script_safe(json: &str) -> String {
    json.replace('&', "\\u0026")
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
}

/// Escapes text for HTML.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::script_safe;

    #[test]
    fn script_data_cannot_end_its_element() {
        let json = serde_json::json!({"m": "<!--<script></script>&amp;"}).to_string();
        let safe = script_safe(&json);
        assert!(!safe.contains('<') && !safe.contains('>'), "{safe}");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["m"], "<!--<script></script>&amp;");
    }
}
