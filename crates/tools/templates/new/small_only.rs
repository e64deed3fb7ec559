//! Wrong: right only while a and b are at most 10 (the small tests), else it prints 0.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<u64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let sum = if v[0] <= 10 && v[1] <= 10 { v[0] + v[1] } else { 0 };
    println!("{sum}");
}
