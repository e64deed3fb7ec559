//! Judging a submission: compile once, run every test (in parallel), check each output, and
//! combine the test verdicts into one.

mod verdict;

pub use verdict::Verdict;
