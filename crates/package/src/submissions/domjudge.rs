//! DOMjudge's `@EXPECTED_RESULTS@: ` line: a comma-separated list of results, any of which the
//! submission's final result may be, written anywhere in one of its source files.

use std::io::Read;
use std::path::Path;

use crate::error::SubmissionsError;

use super::expectation::VerdictSet;

const MARK: &str = "@EXPECTED_RESULTS@:";

/// Sources larger than this are not searched (a program is text of a few KiB).
const MAX_BYTES: u64 = 1 << 20;

/// The results a program's sources list, with where the line is (`sol.cpp:3`); none when no
/// source has the line.
pub fn expected_results(program: &Path) -> Result<Option<(String, VerdictSet)>, SubmissionsError> {
    let mut files = Vec::new();
    if program.is_dir() {
        for entry in walkdir::WalkDir::new(program).sort_by_file_name() {
            let entry = entry.map_err(SubmissionsError::walk(program))?;
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
    } else if program.is_file() {
        files.push(program.to_path_buf());
    }
    for file in files {
        let mut bytes = Vec::new();
        std::fs::File::open(&file)
            .and_then(|f| f.take(MAX_BYTES).read_to_end(&mut bytes))
            .map_err(SubmissionsError::io("reading", &file))?;
        let text = String::from_utf8_lossy(&bytes);
        for (number, line) in text.lines().enumerate() {
            let Some(at) = line.find(MARK) else {
                continue;
            };
            let place = format!(
                "{}:{}",
                file.file_name().unwrap_or_default().to_string_lossy(),
                number + 1
            );
            let list = line[at + MARK.len()..].trim();
            // A comment closer on the same line (`*/`, `-->`) is not a result.
            let list = list
                .trim_end_matches("*/")
                .trim_end_matches("-->")
                .trim_end();
            let mut set = VerdictSet::default();
            for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                if let Err(why) = set.add_domjudge_name(name) {
                    return Err(SubmissionsError::rule(format_args!(
                        "{}:{}: {MARK} {why}",
                        file.display(),
                        number + 1
                    )));
                }
            }
            if set.is_empty() {
                return Err(SubmissionsError::rule(format_args!(
                    "{}:{}: {MARK} lists no result (CORRECT, WRONG-ANSWER, ...)",
                    file.display(),
                    number + 1
                )));
            }
            return Ok(Some((format!("@EXPECTED_RESULTS@ in {place}"), set)));
        }
    }
    Ok(None)
}
