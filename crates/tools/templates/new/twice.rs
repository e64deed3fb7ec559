//! Pass 1 gets "a b" and prints the sum; pass 2 gets that sum back and prints its double.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<u64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let answer = if v.len() == 2 { v[0] + v[1] } else { 2 * v[0] };
    println!("{answer}");
}
