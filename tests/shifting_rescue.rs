//! The shifting checker's rescue path: when the block to play next is late (its worker is
//! descheduled) and the ring is full, another worker scans that block itself and plays it. A
//! real run takes that path rarely, so the checker is built twice with plain rustc, as a judge
//! builds it and with `--cfg shifting_rescue` (a ring of two, no wait, every third block stalled
//! in its worker, the rescues counted on stderr), and both must say the same of every output:
//! valid answers and answers mutated by a seeded generator (lines deleted, duplicated or
//! swapped, digits changed, cuts mid-number, bad bytes, other white space, long numbers), half
//! of the edits within 40 bytes of a block boundary.

use crate::support;

use std::path::Path;
use std::sync::OnceLock;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SOURCE: &str = "problems/shifting/output_validators/shifting.rs";
/// The checker's block: the unit a worker scans and a rescue takes over.
const BLOCK: usize = 1 << 18;

/// The two builds: as a judge builds it, and the one that rescues often.
fn builds() -> &'static (std::path::PathBuf, std::path::PathBuf) {
    static BUILT: OnceLock<(std::path::PathBuf, std::path::PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        (
            support::plain_rustc(SOURCE),
            support::plain_rustc_with(SOURCE, &["--cfg", "shifting_rescue"]),
        )
    })
}

/// What a build says of `output` given as a file (mapped and scanned by several workers): the
/// exit code, the judge message and its stderr.
fn judge(checker: &Path, input: &Path, output: &[u8]) -> (i32, String, String) {
    let feedback = tempfile::tempdir().unwrap();
    let mut cmd = std::process::Command::new(checker);
    cmd.arg(input).arg(input).arg(feedback.path());
    let ran = support::run_with_stdin(&mut cmd, output, support::Stdin::File);
    let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt"))
        .unwrap_or_else(|e| panic!("{}: no judgemessage.txt: {e}", checker.display()));
    (
        ran.status.code().unwrap_or(-1),
        message,
        String::from_utf8_lossy(&ran.stderr).into_owned(),
    )
}

/// The blocks the rescuing build rescued, from its `rescues: N` line.
fn rescues(stderr: &str) -> usize {
    stderr
        .lines()
        .find_map(|l| l.strip_prefix("rescues: "))
        .unwrap_or_else(|| panic!("no rescue count on stderr: {stderr:?}"))
        .parse()
        .unwrap()
}

/// A position to edit at: half of the time within 40 bytes of a block boundary (when the
/// output has one), else anywhere.
fn position(rng: &mut ChaCha8Rng, len: usize) -> usize {
    let boundaries = len / BLOCK;
    if boundaries > 0 && rng.random_bool(0.5) {
        let boundary = BLOCK * rng.random_range(1..=boundaries);
        let at = boundary as i64 + rng.random_range(-40i64..40);
        return (at.max(0) as usize).min(len - 1);
    }
    rng.random_range(0..len)
}

/// The line of `text` holding byte `at`: its start and its end (the newline's index).
fn line_at(text: &[u8], at: usize) -> (usize, usize) {
    let start = text[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = at
        + text[at..]
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(text.len() - at);
    (start, end)
}

/// One seeded edit of a valid answer (every line a number and a newline).
fn mutate(rng: &mut ChaCha8Rng, answer: &[u8]) -> Vec<u8> {
    let mut text = answer.to_vec();
    let at = position(rng, text.len());
    let (start, end) = line_at(&text, at);
    let line = text[start..(end + 1).min(text.len())].to_vec();
    match rng.random_range(0..9) {
        0 => drop(text.drain(start..(end + 1).min(text.len()))),
        1 => drop(text.splice(start..start, line)),
        2 => {
            // This line and the next swapped.
            let (_, next_end) = line_at(&text, (end + 1).min(text.len() - 1));
            let next = text[end + 1..(next_end + 1).min(text.len())].to_vec();
            text.splice(start..(next_end + 1).min(text.len()), [next, line].concat());
        }
        3 => {
            // A digit of this line changed to another one.
            let digit = start + rng.random_range(0..(end - start).max(1));
            if text[digit].is_ascii_digit() {
                text[digit] = b'0' + (text[digit] - b'0' + rng.random_range(1..10)) % 10;
            }
        }
        4 => text.truncate(start + rng.random_range(1..=(end - start).max(1))),
        5 => text[at] = [b'x', 0, 0xff, b'-', b'+'][rng.random_range(0..5)],
        6 => {
            let space: &[u8] =
                [&b" "[..], b"\t", b"\r\n", b"\n\n", b"  \n"][rng.random_range(0..5)];
            text.splice(end..(end + 1).min(text.len()), space.iter().copied());
        }
        7 => drop(text.splice(start..start, *b"0")),
        _ => {
            let digits = rng.random_range(9..=44);
            let long: Vec<u8> = (0..digits).map(|_| b'1' + rng.random_range(0..9)).collect();
            text.splice(start..end, long);
        }
    }
    text
}

#[test]
fn the_rescuing_build_says_what_the_judges_build_says() {
    let (plain, rescuing) = builds();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0f2e_5c0e);
    let dir = tempfile::tempdir().unwrap();
    let mut rescued = 0;
    let mut wrong = 0;
    // A small row (three blocks) and two that span 8 and 17 blocks.
    for (sides, mutations) in [("300 500", 12), ("700 700", 20), ("1000 1000", 20)] {
        let input = dir.path().join(format!("{}.in", sides.replace(' ', "x")));
        std::fs::write(&input, format!("{sides}\n")).unwrap();
        let answer = support::leapfrog()
            .args(["solve", "shifting"])
            .write_stdin(format!("{sides}\n"))
            .output()
            .unwrap()
            .stdout;
        assert!(
            answer.len() > 2 * BLOCK,
            "{sides}: the answer must span blocks"
        );
        let outputs = std::iter::once(answer.clone())
            .chain((0..mutations).map(|_| mutate(&mut rng, &answer)))
            .collect::<Vec<_>>();
        for (i, output) in outputs.iter().enumerate() {
            let (code, message, _) = judge(plain, &input, output);
            let (rescue_code, rescue_message, stderr) = judge(rescuing, &input, output);
            assert_eq!(
                (code, &message),
                (rescue_code, &rescue_message),
                "{sides}, output {i} ({} bytes): the builds disagree",
                output.len()
            );
            if i == 0 {
                assert_eq!(code, 42, "{sides}: the reference answer: {message}");
            }
            wrong += usize::from(code == 43);
            if answer.len() > 4 * BLOCK {
                rescued += rescues(&stderr);
            }
        }
    }
    // The edits are seen (most make the answer wrong), and the larger outputs did take the
    // rescue path, else the comparison says nothing about it.
    assert!(wrong > 30, "only {wrong} mutated outputs were wrong");
    assert!(rescued > 0, "the rescuing build never rescued a block");
}
