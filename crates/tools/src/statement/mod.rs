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

    /// Warns about each mention of a sample the problem does not have (`Sample 3` with two
    /// samples in `data/sample/`): a sample renumbered or deleted after the statement was
    /// written leaves the text explaining a case teams never see.
    pub fn warn_missing_samples(&self, package: &Package) {
        // A sample is a `.in` or, for an interactive problem, an `.interaction` shown instead.
        let samples = std::fs::read_dir(package.data_dir().join("sample"))
            .map(|entries| {
                let mut stems: Vec<std::ffi::OsString> = entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| {
                        p.extension()
                            .is_some_and(|e| e == "in" || e == "interaction")
                    })
                    .filter_map(|p| p.file_stem().map(|s| s.to_os_string()))
                    .collect();
                stems.sort();
                stems.dedup();
                stems.len()
            })
            .unwrap_or(0);
        for (line, number) in sample_mentions(&self.markdown) {
            if number > samples {
                leapfrog_util::warn(&format!(
                    "{}:{line}: the statement mentions sample {number}, but the problem has {} in data/sample/",
                    self.path.display(),
                    leapfrog_util::plural(samples, "sample")
                ));
            }
        }
    }

    /// The statement split into events and pictures; errors name the statement file and line.
    pub fn pieces<'a>(&'a self, package: &Package) -> anyhow::Result<Vec<markdown::Piece<'a>>> {
        markdown::pieces(&self.markdown, &package.root)
            .with_context(|| self.path.display().to_string())
    }
}

/// The samples a statement mentions by number, each with its line (from 1): `Sample 2`,
/// `sample input 3`, `Example 4` in any case. Other numbers (`2 samples`) are not mentions.
fn sample_mentions(markdown: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (i, line) in markdown.lines().enumerate() {
        let lower = line.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        for (k, word) in words.iter().enumerate() {
            if !matches!(*word, "sample" | "example") {
                continue;
            }
            // `Sample Input 2` and `Sample Output 2` name the sample too.
            let next = match words.get(k + 1) {
                Some(&("input" | "output" | "interaction")) => words.get(k + 2),
                other => other,
            };
            if let Some(number) = next.and_then(|w| w.parse::<usize>().ok()) {
                found.push((i + 1, number));
            }
        }
    }
    found
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
        leapfrog_util::warn(&format!(
            "{}: the sample is {mib:.1} MiB, over the {} MiB shown in statements: left out of the statement page (and of a DOMjudge zip's problem.html); samples teams read should be small",
            path.display(),
            SAMPLE_INLINE_BYTES >> 20
        ));
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

#[cfg(test)]
mod tests {
    use super::sample_mentions;

    #[test]
    fn samples_are_mentioned_by_number_in_any_case() {
        let text = "Sample 2 shows it.\nIn the sample input 3, and example 4,\nthere are 2 samples; Sample Output 1.\nsamples 5";
        assert_eq!(sample_mentions(text), [(1, 2), (2, 3), (2, 4), (3, 1)]);
    }
}
