//! Input validator: exit 42 when stdin is one line with an integer from 1 to 1000, else 43.
use std::io::Read;

fn main() {
    let mut text = String::new();
    let _ = std::io::stdin().read_to_string(&mut text);
    let number = text.strip_suffix('\n').unwrap_or("x");
    let ok = !number.starts_with('0')
        && number.len() <= 4
        && number.bytes().all(|b| b.is_ascii_digit())
        && matches!(number.parse::<u32>(), Ok(1..=1000));
    if !ok {
        eprintln!("expected one line with an integer from 1 to 1000");
        std::process::exit(43);
    }
    std::process::exit(42)
}
