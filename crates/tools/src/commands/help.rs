//! The text after every command's options in `--help`: examples first, then any notes, then
//! the exit codes, built here in one shape so that no command's help lacks either.

/// Exit codes of the commands that judge: a verdict decides between 0 and 1.
pub const JUDGED: &str = "0 accepted, 1 rejected (wrong answer, time or memory limit, run-time \
error), 2 usage error or judge error (JE), 130 interrupted";
/// Exit codes of `verify`.
pub const VERIFIED: &str = "0 every submission met its expectation, 1 some did not, \
2 usage error or a judge error on some submission, 130 interrupted";
/// Exit codes of `time-limit`.
pub const TIMED: &str = "0 every program that bounds the time limit keeps its margin, 1 some do \
not, 2 usage error, 130 interrupted";
/// Exit codes of `validate`.
pub const VALIDATED: &str = "0 every input and answer is valid, 1 some input or answer is \
rejected, 2 usage error or a validator / checker that failed, 130 interrupted";
/// Exit codes of `stress`.
pub const STRESSED: &str = "0 no failing test found, 1 a failing test found (and shrunk), 2 usage \
or judge error, 130 interrupted";
/// Exit codes of `generate`.
pub const GENERATED: &str = "0 data written, 1 a generated input the input validators reject \
(nothing is written), or with --check-deterministic a generator that gave different bytes, 2 \
usage error, a generator / plan that failed, or another generate running on the package, 130 \
interrupted";
/// Exit codes of `mutants`.
pub const MUTATED: &str = "0 no mutant survived, or every survivor was hunted without a \
difference (probably equivalent), 1 a survivor remains unexplained, 2 usage or judge error, \
130 interrupted";
/// Exit codes of the commands that only make something.
pub const MADE: &str = "0 success, 2 usage error or failure (the message says which)";

/// `Examples:` with one command a line, the notes (may be empty), then `Exit codes:`.
pub fn after_help(examples: &[&str], notes: &str, exits: &str) -> String {
    let mut text = String::from("Examples:\n");
    for example in examples {
        text.push_str("  ");
        text.push_str(example);
        text.push('\n');
    }
    if !notes.is_empty() {
        text.push('\n');
        text.push_str(notes.trim_end());
        text.push('\n');
    }
    text.push_str("\nExit codes: ");
    text.push_str(exits);
    text.push('.');
    text
}
