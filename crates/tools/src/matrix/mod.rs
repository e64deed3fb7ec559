//! The submissions × tests report: the data `verify --json` adds per test and per submission, and
//! the self-contained HTML page (`verify --report`, `judge --report`) that shows it as a matrix.
//!
//! - this module: the test list the JSON carries, and the [`Recorder`] that, while submissions
//!   are judged, keeps what the page shows on a click (heads of the input, answer and output,
//!   the checker's lines, the picture at the failure);
//! - the picture at the failure: the board or row where an output goes wrong, which the
//!   registry's drawings make;
//! - [`page`]: the page itself, a view of the JSON with the recorded details packed in.
//!
//! The page reads the same JSON object the command prints ([`ReportData`] is its shape), so
//! whatever the page shows is in `verify --json` too, except the lazily loaded details.

pub mod page;
pub mod status;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use leapfrog_judge::{self as judge, Flow, JudgeSink, TestResult};
use leapfrog_package::verdict::Verdict;
use leapfrog_package::{Package, TestCase};
use leapfrog_registry::{Drawings, Picture, Registry};

/// One test as the JSON lists it: where it belongs and how big its files are.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TestEntry {
    pub name: String,
    /// The test's directory below `data/`: `sample`, `secret/unique`.
    pub group: String,
    pub input_bytes: u64,
    pub answer_bytes: u64,
}

/// The group of a test name: everything before its last `/`.
pub fn group_of(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(group, _)| group)
}

/// The JSON's test list for `tests`.
pub fn test_entries(tests: &[TestCase]) -> Vec<TestEntry> {
    let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    tests
        .iter()
        .map(|t| TestEntry {
            name: t.name.clone(),
            group: group_of(&t.name).to_string(),
            input_bytes: size(&t.input),
            answer_bytes: size(&t.answer),
        })
        .collect()
}

/// The limits in the JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LimitsEntry {
    pub time_s: f64,
    pub memory_mib: u64,
    pub output_mib: u64,
}

impl From<&leapfrog_package::Limits> for LimitsEntry {
    fn from(l: &leapfrog_package::Limits) -> Self {
        LimitsEntry {
            time_s: l.time_s.get(),
            memory_mib: l.memory_mib.get(),
            output_mib: l.output_mib.get(),
        }
    }
}

/// The part of the `verify --json` object the page shows (`judge --report` builds the same shape
/// for its one submission).
#[derive(Debug, Clone, Deserialize)]
pub struct ReportData {
    pub problem: String,
    pub isolation: String,
    pub ok: bool,
    pub limits: LimitsEntry,
    pub tests: Vec<TestEntry>,
    pub submissions: Vec<ColumnData>,
}

/// One submission: its verdicts and what `verify` concluded.
#[derive(Debug, Clone, Deserialize)]
pub struct ColumnData {
    pub submission: String,
    #[serde(default)]
    pub language: String,
    /// The verdict its folder promises (none for `judge`).
    #[serde(default)]
    pub expected: Option<String>,
    #[serde(default)]
    pub verdict: Option<String>,
    /// `ok`, `mismatch`, `skipped`, `ignored` or `error` (none for `judge`).
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub tests: Vec<CellData>,
}

/// One test's result in a column.
#[derive(Debug, Clone, Deserialize)]
pub struct CellData {
    pub name: String,
    pub verdict: String,
    pub time_s: f64,
    pub memory_mib: f64,
    #[serde(default)]
    pub message: String,
}

/// What a click on a test shows: the first lines of its input and answer.
#[derive(Debug, Clone, Serialize)]
pub struct TestDetail {
    pub input_head: String,
    pub answer_head: String,
}

/// What a click on a rejected cell shows besides the message.
#[derive(Debug, Clone, Serialize)]
pub struct CellDetail {
    pub output_bytes: u64,
    pub output_head: String,
    /// The checker's lines after its one-line reason (the diff, its drawing).
    pub details: Vec<String>,
    /// The board or row at the failure, as SVG.
    #[serde(skip)]
    pub picture: Option<String>,
    /// What the picture shows.
    pub caption: String,
}

/// What the page unpacks on a click.
#[derive(Debug, Default)]
pub struct Details {
    /// Per test, in test order.
    pub tests: Vec<TestDetail>,
    /// Per (submission, in the order of the JSON's `submissions`; test index).
    pub cells: HashMap<(usize, usize), CellDetail>,
}

/// Collects the details of every test and every rejected cell while submissions are judged.
pub struct Recorder {
    keep: tempfile::TempDir,
    tests: Vec<TestCase>,
    index: HashMap<String, usize>,
    /// How the package's answers are drawn, and who draws them.
    picture: Option<Picture>,
    drawings: &'static Drawings,
    pub details: Details,
}

/// The report page's column of one submission, a sink of the judge's events: it records each
/// judged test and never stops a run.
pub struct Column<'a> {
    pub recorder: &'a mut Recorder,
    /// The submission's index among the page's submissions.
    pub column: usize,
}

impl JudgeSink for Column<'_> {
    fn test_done(&mut self, result: &TestResult) -> Flow {
        self.recorder.record(self.column, result);
        Flow::Continue
    }
}

/// How much of each file a click shows.
const HEAD_LINES: usize = 12;
const HEAD_BYTES: usize = 1200;
const HEAD_LINE_CHARS: usize = 160;

impl Recorder {
    /// A recorder for `tests` of `package`, with a fresh directory for kept outputs.
    pub fn new(
        registry: &'static Registry,
        package: &Package,
        tests: Vec<TestCase>,
    ) -> anyhow::Result<Recorder> {
        let keep = tempfile::Builder::new()
            .prefix("leapfrog-report-")
            .tempdir()?;
        let test_details: Vec<TestDetail> = tests
            .iter()
            .map(|t| TestDetail {
                input_head: head(&t.input),
                answer_head: head(&t.answer),
            })
            .collect();
        let index = tests
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.clone(), i))
            .collect();
        Ok(Recorder {
            keep,
            tests,
            index,
            picture: picture_of(registry, package),
            drawings: &registry.drawings,
            details: Details {
                tests: test_details,
                cells: HashMap::new(),
            },
        })
    }

    /// The tests this recorder was made for.
    pub fn tests(&self) -> &[TestCase] {
        &self.tests
    }

    /// Where the judge should keep outputs ([`judge::JudgeOptions::keep_outputs`]).
    pub fn keep_dir(&self) -> PathBuf {
        self.keep.path().to_path_buf()
    }

    /// Records one judged test of submission `column`: for a rejection, the output's head, the
    /// checker's lines and the picture at the failure. The kept output is removed either way.
    pub fn record(&mut self, column: usize, result: &TestResult) {
        let kept = judge::kept_output(self.keep.path(), &result.name);
        if let (Some(&i), true) = (self.index.get(&result.name), result.verdict != Verdict::Ac) {
            let test = &self.tests[i];
            let output_bytes = std::fs::metadata(&kept).map(|m| m.len()).unwrap_or(0);
            let drawn = match (self.picture, result.verdict) {
                (Some(drawn_as), Verdict::Wa) => {
                    (self.drawings.at_failure)(drawn_as, &test.input, &kept)
                }
                _ => None,
            };
            let (picture, caption) =
                drawn.map_or((None, String::new()), |d| (Some(d.svg), d.caption));
            self.details.cells.insert(
                (column, i),
                CellDetail {
                    output_bytes,
                    output_head: head(&kept),
                    details: result.details.clone(),
                    picture,
                    caption,
                },
            );
        }
        let _ = std::fs::remove_file(&kept);
    }
}

/// How the failures of a package's answers are drawn: as its plan's built-in solver's
/// [`Picture`], when it has one.
fn picture_of(registry: &Registry, package: &Package) -> Option<Picture> {
    let plan = package.plan().ok()??;
    registry.find(&plan.solution)?.picture
}

/// The first lines of a file, each cut to a readable width, with a note when there is more.
pub fn head(path: &Path) -> String {
    use std::io::Read;
    let mut buf = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.take(HEAD_BYTES as u64 + 1).read_to_end(&mut buf);
    }
    let cut = buf.len() > HEAD_BYTES;
    buf.truncate(HEAD_BYTES);
    let text = String::from_utf8_lossy(&buf);
    let mut out = String::new();
    let mut lines = text.lines();
    for line in lines.by_ref().take(HEAD_LINES) {
        if line.chars().count() > HEAD_LINE_CHARS {
            out.extend(line.chars().take(HEAD_LINE_CHARS));
            out.push_str(" …");
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    if cut || lines.next().is_some() {
        out.push_str("…\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_the_directories_of_test_names() {
        assert_eq!(group_of("sample/1"), "sample");
        assert_eq!(group_of("secret/unique/03-n9"), "secret/unique");
        assert_eq!(group_of("lonely"), "");
    }

    #[test]
    fn heads_keep_the_first_lines_and_say_when_there_is_more() {
        let dir = tempfile::tempdir().unwrap();
        let short = dir.path().join("short");
        std::fs::write(&short, "3\nabc\n").unwrap();
        assert_eq!(head(&short), "3\nabc\n");
        let long = dir.path().join("long");
        let text: String = (0..100).map(|i| format!("{i}\n")).collect();
        std::fs::write(&long, text).unwrap();
        let h = head(&long);
        assert_eq!(h.lines().count(), HEAD_LINES + 1);
        assert!(h.ends_with("11\n…\n"), "{h}");
        let wide = dir.path().join("wide");
        std::fs::write(&wide, "x".repeat(500)).unwrap();
        assert_eq!(head(&wide).chars().count(), HEAD_LINE_CHARS + 3);
        assert_eq!(head(&dir.path().join("missing")), "");
    }
}
