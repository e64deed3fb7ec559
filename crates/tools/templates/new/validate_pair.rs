//! Input validator: exit 42 when stdin is one line "a b" with 1 <= a, b <= 10^9, else 43.
use std::io::Read;

fn invalid(why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(43)
}

fn number(word: &str, name: &str) -> u64 {
    let ok = !word.is_empty()
        && word.len() <= 10
        && !word.starts_with('0')
        && word.bytes().all(|b| b.is_ascii_digit());
    match word.parse::<u64>() {
        Ok(v) if ok && v <= 1_000_000_000 => v,
        _ => invalid(&format!("{name}: expected an integer from 1 to 10^9, got {word:?}")),
    }
}

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        invalid("the input is not UTF-8");
    }
    let Some(line) = text.strip_suffix('\n') else {
        invalid("expected the line to end with a newline");
    };
    let Some((a, b)) = line.split_once(' ') else {
        invalid("expected two integers separated by one space");
    };
    number(a, "a");
    number(b, "b");
    std::process::exit(42)
}
