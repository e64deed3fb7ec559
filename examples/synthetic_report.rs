//! Writes a report page for made-up results, to measure the page at sizes no package here has:
//! `cargo run --release --example synthetic_report -- TESTS SUBMISSIONS OUT.html`.
//! `benches/report.sh` uses it for the 2000 tests × 30 submissions case.
//!
//! The results are drawn from a seeded ChaCha8 stream: about one cell in eight rejected, with a
//! checker-like message, file heads, and a board drawn by `render` for every rejection.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use leapfrog::matrix::{
    CellData, CellDetail, ColumnData, Details, LimitsEntry, ReportData, TestDetail, TestEntry, page,
};
use leapfrog::pictures::{self, Kind, Layout};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [tests, subs, out] = args.as_slice() else {
        anyhow::bail!("usage: synthetic_report TESTS SUBMISSIONS OUT.html");
    };
    let (tests, subs): (usize, usize) = (tests.parse()?, subs.parse()?);
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let entries: Vec<TestEntry> = (0..tests)
        .map(|t| {
            let group = if t < 4 {
                "sample".to_string()
            } else {
                format!("secret/g{:02}", t / 100)
            };
            TestEntry {
                name: format!("{group}/{t:04}-n{}", 2 + t % 25),
                group,
                input_bytes: 700,
                answer_bytes: 3,
            }
        })
        .collect();
    let expected = ["AC", "AC", "AC", "WA", "WA", "WA", "WA", "WA", "WA", "TLE"];
    let mut details = Details::default();
    let mut columns = Vec::new();
    for s in 0..subs {
        let exp = expected[s % expected.len()];
        let mut cells = Vec::new();
        for (t, test) in entries.iter().enumerate() {
            let rejected = exp != "AC" && rng.random_range(0..8u32) == 0;
            let verdict = match (rejected, exp) {
                (false, _) => "AC",
                (true, "TLE") => "TLE",
                _ => "WA",
            };
            let message = if rejected {
                format!("expected a capture path from c{}, got None", 1 + t % 8)
            } else {
                String::new()
            };
            if verdict == "WA" {
                let n = 4 + rng.random_range(0..22usize);
                details.cells.insert((s, t), rejected_cell(&mut rng, n)?);
            }
            cells.push(CellData {
                name: test.name.clone(),
                verdict: verdict.into(),
                time_s: rng.random_range(0..900u32) as f64 / 1000.0,
                memory_mib: 2.0 + rng.random_range(0..100u32) as f64 / 10.0,
                message,
            });
        }
        columns.push(ColumnData {
            submission: format!("{}/solution_{s:02}.cpp", dir_of(exp)),
            language: "C++".into(),
            expected: Some(exp.into()),
            verdict: Some(exp.into()),
            status: Some("ok".into()),
            reason: String::new(),
            tests: cells,
        });
    }
    details.tests = entries
        .iter()
        .map(|_| TestDetail {
            input_head: "8\n._._._._\n_._._._.\n.W._.B._\n_.W.W._.\n…\n".into(),
            answer_head: "f6\n".into(),
        })
        .collect();
    let data = ReportData {
        problem: "synthetic".into(),
        isolation: "sandbox".into(),
        ok: true,
        limits: LimitsEntry {
            time_s: 1.0,
            memory_mib: 1024,
            output_mib: 8,
        },
        tests: entries,
        submissions: columns,
    };
    page::write(std::path::Path::new(out), &data, Some(&details))
}

fn dir_of(expected: &str) -> &'static str {
    match expected {
        "AC" => "accepted",
        "WA" => "wrong_answer",
        _ => "time_limit_exceeded",
    }
}

/// A rejected cell's details with a random n × n board drawn as `render` draws it.
fn rejected_cell(rng: &mut ChaCha8Rng, n: usize) -> anyhow::Result<CellDetail> {
    let mut text = format!("{n}\n");
    for r in 0..n {
        for c in 0..n {
            text.push(if (r + c) % 2 == 0 {
                '.'
            } else {
                ['_', '_', '_', 'W', 'B'][rng.random_range(0..5usize)]
            });
        }
        text.push('\n');
    }
    let svg = pictures::draw(Kind::Board, &text, None, &Layout::default())?;
    Ok(CellDetail {
        output_bytes: 3,
        output_head: "None\n".into(),
        details: vec![],
        picture: Some(svg),
        caption: "the test's board".into(),
    })
}
