// Each move from a closed formula (no simulation of the sequence): with N frogs a side the
// shortest solution has an opening of N blocks (block j: j - 1 leaps then a hop, alternating
// direction), N leaps across, and the opening mirrored in time. Move i's pad follows from the
// block i falls in, found with an integer square root.
use std::io::{self, Read, Write};

fn tri(j: i64) -> i64 {
    j * (j + 1) / 2
}

/// The exact integer square root, the largest r with r * r <= x, digit by digit (no floating
/// point, and no `isqrt`, which needs Rust 1.84).
fn isqrt(x: u64) -> u64 {
    let (mut rem, mut root) = (x, 0u64);
    let mut bit = 1u64 << 62;
    while bit > x {
        bit >>= 2;
    }
    while bit != 0 {
        if rem >= root + bit {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    root
}

/// The smallest j with tri(j) >= i.
fn troot(i: i64) -> i64 {
    let mut j = (isqrt((8 * i + 1) as u64) as i64 - 1) / 2;
    if tri(j) < i {
        j += 1;
    }
    j
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let n: i64 = text.trim().parse().unwrap();
    let total = n * n + 2 * n;
    let (opening, crossing) = (tri(n), tri(n) + n);
    // The empty pad (1-based) starts at n + 1 and first moves left: a white hops right.
    let sign = |k: i64| if k % 2 == 0 { -1 } else { 1 }; // direction of the k-th block, from 0
    let square = |i: i64| -> i64 {
        if i <= opening {
            let j = troot(i);
            let t = i - tri(j - 1);
            let d = sign(j - 1);
            if t < j { n + 1 + d * (2 * t - j + 1) } else { n + 1 + d * j }
        } else if i <= crossing {
            n + 1 + sign(n) * (2 * (i - opening) - n)
        } else {
            let from_end = total + 1 - i;
            let len = troot(from_end);
            let block = n - len + 1;
            let t = len - (from_end - tri(len - 1)) + 1;
            n + 1 + sign(n + block) * (2 * t - 2 - n + block)
        }
    };
    let mut row: Vec<u8> = [vec![b'O'; n as usize], vec![b'_'], vec![b'X'; n as usize]].concat();
    let mut empty = n as usize; // 0-based
    let mut out = Vec::with_capacity((total as usize) * (row.len() + 1) + 16);
    out.extend_from_slice(format!("{total}\n").as_bytes());
    for i in 1..=total {
        let from = (square(i) - 1) as usize;
        row[empty] = row[from];
        row[from] = b'_';
        empty = from;
        out.extend_from_slice(&row);
        out.push(b'\n');
    }
    io::stdout().write_all(&out).unwrap();
}
