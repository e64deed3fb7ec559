//! leapfrog's leaf utilities: small file, path and text helpers with no knowledge of packages,
//! programs or puzzles. The bottom crate of the workspace: every other crate may use it, and it
//! uses none of them.

mod files;
mod links;
mod out;
mod paths;
mod text;
mod warn;

pub use files::{
    FileError, MESSAGE_BYTES, copy_dir_contents, copy_dir_contents_keeping_links,
    copy_readable_file, file_hash, file_system_full, hash_bytes, hex, open_to_all, others_may,
    publish_dir, read_head, read_head_tail, readable_by_all, scratch_dir, staging_dir_for,
    uuid_text, write_atomically,
};
pub use links::{
    LinkOut, check_jury_tree_within, check_jury_within, check_tree_within, check_within,
    package_around,
};
pub use out::{capture_stdout, stdout_written, write_stdout};
pub use paths::{
    dangling_link, display_path, find_in_path, io_error_at, probe, test_file_name, walk_error,
};
pub use text::inert;
pub use warn::{at_key, warn, yaml_key_line};

/// A part of leapfrog left out of this build: the heavy parts are cargo features (default on)
/// that a lean build (`--no-default-features`) leaves out, and what needs them says so.
#[derive(Debug, thiserror::Error)]
#[error(
    "{what} is not in this leapfrog: it was built without the `{feature}` feature \
     (rebuild with `--features {feature}`, or without `--no-default-features`)"
)]
pub struct FeatureMissing {
    /// The cargo feature, as named in Cargo.toml.
    pub feature: &'static str,
    /// What needs it, in words.
    pub what: &'static str,
}

/// What a failing program said, on one line: its non-empty lines joined by ` | `, the first
/// and last `keep` of them when there are more (a panic's message and location come last, a
/// program's own first words first), with the count of the lines left out between.
pub fn head_tail_lines(text: &str, keep: usize) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() <= 2 * keep {
        return lines.join(" | ");
    }
    let skipped = lines.len() - 2 * keep;
    format!(
        "{} | [… {} …] | {}",
        lines[..keep].join(" | "),
        plural(skipped, "line"),
        lines[lines.len() - keep..].join(" | ")
    )
}

/// The words of a command line (plans and `--generator` split on white space, no quoting).
pub fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

/// A command line as the generator's name and its arguments; `None` when it is empty.
pub fn split_command(line: &str) -> Option<(String, Vec<String>)> {
    let mut words = words(line);
    (!words.is_empty()).then(|| {
        let name = words.remove(0);
        (name, words)
    })
}

/// A count and its noun, singular for exactly one: `plural(1, "test")` is "1 test",
/// `plural(2, "test")` "2 tests" (nouns with a regular `s` plural only).
pub fn plural<N>(n: N, word: &str) -> String
where
    N: Copy + std::fmt::Display + PartialEq + From<u8>,
{
    if n == N::from(1) {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
