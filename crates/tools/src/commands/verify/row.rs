//! One row of `verify`'s table: a submission, its language, what it should get and what it got.

use super::{Row, Status};
use crate::report;
use leapfrog_util::inert;

pub(super) fn format_row(row: &Row, (width, labels): (usize, usize), styled: bool) -> String {
    let (label, style) = match row.status {
        Status::Ok => ("ok", console::Style::new().green()),
        Status::Mismatch => ("MISMATCH", console::Style::new().red()),
        Status::Skipped => ("skipped", console::Style::new().dim()),
        Status::Ignored => ("ignored", console::Style::new().dim()),
        Status::Error => ("ERROR", console::Style::new().red().reverse()),
    };
    let status = style
        .bold()
        .force_styling(styled)
        .apply_to(format!("{label:<8}"));
    let got = row
        .verdict
        .map(|v| {
            report::verdict_style(v, styled)
                .apply_to(format!("{:<3}", v.code()))
                .to_string()
        })
        .unwrap_or_else(|| "-  ".to_string());
    // Names and reasons hold whatever a package's files are called and its programs wrote:
    // shown inert, so that none of it moves the cursor or rewrites the operator's terminal.
    format!(
        "  {status}  {:<width$}  {:<11}  expected {:<labels$}  got {got}  {:>9}  {:>6.2} s  {}",
        inert(&row.submission),
        inert(&row.language),
        inert(&row.expected),
        leapfrog_util::plural(row.tests_run, "test"),
        row.max_time_s,
        inert(&row.reason)
    )
}
