// Wrong answer: the base case for n = 6 (used by every n = 2 mod 4) has two moves swapped.
use std::io::{self, Read, Write};

const BASE: [&[u64]; 4] = [
    &[1, 4, 7, 0],
    &[1, 7, 4, 9, 0],
    &[1, 3, 7, 8, 11, 0],
    &[1, 10, 4, 9, 6, 13, 0],
];

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let n: u64 = text.trim().parse().unwrap();
    let mut out = String::new();
    if n <= 2 {
        out.push_str("None\n");
    } else if n == 3 {
        out.push_str("4\n0\n2\n5\n0\n");
    } else {
        let levels = (n - 4) / 4;
        let mut moves = Vec::new();
        for j in 0..levels {
            moves.push(4 * j + 1);
            moves.push(2 * n - 4 * j - 4);
        }
        moves.extend(
            BASE[(n - 4 * levels - 4) as usize]
                .iter()
                .map(|p| 4 * levels + p),
        );
        for j in (0..levels).rev() {
            moves.push(2 * n - 4 * j - 1);
            moves.push(4 * j);
        }
        out.push_str(&format!("{}\n", moves.len()));
        for p in moves {
            out.push_str(&format!("{p}\n"));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
