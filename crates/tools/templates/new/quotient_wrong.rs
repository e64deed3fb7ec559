//! Wrong: integer division drops the fraction.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<u64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    println!("{}", v[0] / v[1]);
}
