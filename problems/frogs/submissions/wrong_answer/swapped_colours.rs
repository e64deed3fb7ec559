// Mistake: puts the black frogs on the left and the whites on the right at the start (the
// colours swapped), so every row it prints is the mirror image of a right one.
use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let n: usize = text.trim().parse().unwrap();
    let mut row: Vec<u8> = [vec![b'X'; n], vec![b'_'], vec![b'O'; n]].concat();
    let mut e = n as i64;
    let mut d: i64 = -1;
    let total = (n + 1) * (n + 1) - 1;
    let mut out = format!("{total}\n").into_bytes();
    let mut step = |delta: i64, e: &mut i64| {
        let p = (*e + delta) as usize;
        row[*e as usize] = row[p];
        row[p] = b'_';
        *e = p as i64;
        out.extend_from_slice(&row);
        out.push(b'\n');
    };
    for j in 1..=n {
        for _ in 1..j {
            step(2 * d, &mut e);
        }
        step(d, &mut e);
        d = -d;
    }
    for _ in 0..n {
        step(2 * d, &mut e);
    }
    for r in 1..=n {
        d = -d;
        step(d, &mut e);
        for _ in 0..n - r {
            step(2 * d, &mut e);
        }
    }
    io::stdout().write_all(&out).unwrap();
}
