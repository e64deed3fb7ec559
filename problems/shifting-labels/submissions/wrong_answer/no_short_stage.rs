// Mistake: forgets that a 1 read with a single black left takes only three moves, and plays
// the full four-move stage (ending on a square 0 that does not exist).
use std::io::{self, Read};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<i64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, k) = (v[0], v[1] as u64);
    let (mut r, mut bit, mut moves) = (n, 0u32, Vec::new());
    while r > 0 {
        let one = k >> bit & 1 == 1;
        bit += 1;
        if !one {
            moves.extend([r + 2, r]);
            r -= 1;
        } else {
            moves.extend([r, r + 2, r + 1, r - 1]);
            r -= 2;
        }
    }
    if r == 0 {
        moves.push(2);
    }
    if k >> bit != 0 {
        println!("None");
        return;
    }
    println!("{}", 2 * n + 1);
    for p in moves {
        println!("{p}");
    }
}
