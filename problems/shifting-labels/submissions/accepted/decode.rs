// Plays the solution a label names: each bit, least significant first, picks a two-move or a
// four-move stage; the label is valid when no set bit is left unread at the end.
use std::io::{self, Read};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<u64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, k) = (v[0], v[1]);
    let (mut r, mut bit, mut moves) = (n, 0u32, Vec::new());
    loop {
        if r == 0 {
            moves.push(2);
            break;
        }
        let one = k >> bit & 1 == 1;
        bit += 1;
        if !one {
            moves.extend([r + 2, r]);
            r -= 1;
        } else if r == 1 {
            moves.extend([1, 3, 2]);
            break;
        } else {
            moves.extend([r, r + 2, r + 1, r - 1]);
            r -= 2;
        }
    }
    if k >> bit != 0 {
        println!("None");
        return;
    }
    let mut out = format!("{}\n", moves.len());
    for p in moves {
        out.push_str(&format!("{p}\n"));
    }
    print!("{out}");
}
