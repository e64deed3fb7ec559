//! Problem statements: the Markdown source in `problem_statement/`, its pictures, and the
//! standalone HTML page `leapfrog statement` builds (the LaTeX for the Kattis export is in
//! [`crate::export::latex`], reading the same [`markdown::pieces`]).
//!
//! - [`picture`]: picture blocks (```` ```board ```` / ```` ```row ````) and their attributes;
//! - [`markdown`]: the statement as events plus pictures;
//! - [`html`]: the statement body as HTML with MathML and inline SVG;
//! - [`page`]: the whole page, with the samples and their copy buttons;
//! - [`pdf`]: that page, or a contest's problem set, printed to PDF by headless Chromium.

pub mod html;
pub mod markdown;
pub mod page;
pub mod pdf;
pub mod picture;

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use leapfrog_package::Package;

/// A package's Markdown statement.
#[derive(Debug, Clone)]
pub struct Statement {
    pub path: PathBuf,
    pub markdown: String,
}

impl Statement {
    /// Reads `problem_statement/problem.en.md` (or `problem.md`).
    pub fn load(package: &Package) -> anyhow::Result<Statement> {
        let dir = package.statement_dir();
        for name in ["problem.en.md", "problem.md"] {
            let path = dir.join(name);
            if path.is_file() {
                let markdown = std::fs::read_to_string(&path)
                    .with_context(|| format!("reading {}", path.display()))?;
                return Ok(Statement { path, markdown });
            }
        }
        bail!(
            "{}: no Markdown statement (expected {}/problem.en.md)",
            package.root.display(),
            package.config.format.statement_folder()
        )
    }

    /// The statement split into events and pictures; errors name the statement file and line.
    pub fn pieces<'a>(&'a self, package: &Package) -> anyhow::Result<Vec<markdown::Piece<'a>>> {
        markdown::pieces(&self.markdown, &package.root)
            .with_context(|| self.path.display().to_string())
    }
}

/// One sample: its number (from 1), input and answer text.
#[derive(Debug, Clone)]
pub struct Sample {
    pub number: usize,
    pub input: String,
    pub answer: String,
}

/// The samples in `data/sample/`, in file-name order (the order contest systems show them in).
pub fn samples(package: &Package) -> anyhow::Result<Vec<Sample>> {
    let dir = package.data_dir().join("sample");
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    let mut samples = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let answer = input.with_extension("ans");
        samples.push(Sample {
            number: i + 1,
            input: read_text(input)?,
            answer: read_text(&answer)?,
        });
    }
    Ok(samples)
}

/// The largest sample file shown in the statement page; a larger one is left out (with a
/// warning): a 200 MB sample would make a 200 MB page, in the statement and in DOMjudge's zip.
pub const SAMPLE_INLINE_BYTES: u64 = 1 << 20;

fn read_text(path: &Path) -> anyhow::Result<String> {
    let size = std::fs::metadata(path)
        .with_context(|| format!("reading {}", path.display()))?
        .len();
    if size > SAMPLE_INLINE_BYTES {
        let mib = size as f64 / f64::from(1 << 20);
        eprintln!(
            "warning: {}: the sample is {mib:.1} MiB, over the {} MiB shown in statements: left out of the statement page (and of a DOMjudge zip's problem.html); samples teams read should be small",
            path.display(),
            SAMPLE_INLINE_BYTES >> 20
        );
        return Ok(format!(
            "(this sample is {mib:.1} MiB, too large to show here: {} in the problem's files)\n",
            path.file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned())
        ));
    }
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    String::from_utf8(bytes).with_context(|| format!("{}: not UTF-8 text", path.display()))
}

/// Where `leapfrog statement` writes a package's page: `target/statements/<name>.html` in the
/// repository that holds `problems/<name>`; for a package elsewhere, `<name>.html` next to the
/// package's directory (never into whatever directory the command was run from).
pub fn default_output(package: &Package) -> anyhow::Result<PathBuf> {
    let root = package
        .root
        .canonicalize()
        .with_context(|| package.root.display().to_string())?;
    let file = format!("{}.html", package.short_name);
    Ok(match root.parent() {
        Some(parent) if parent.file_name().is_some_and(|n| n == "problems") => parent
            .parent()
            .unwrap_or(parent)
            .join("target")
            .join("statements")
            .join(file),
        Some(parent) => parent.join(file),
        None => root.join(file),
    })
}
