//! Wrong: right in pass 1, but pass 2 prints the number without doubling it.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let sum: u64 = text.split_whitespace().map(|w| w.parse::<u64>().unwrap()).sum();
    println!("{sum}");
}
