// Mistake: assumes n >= m (blacks the larger side) and never mirrors the game.
use std::io::{self, Read, Write};

fn tri(j: u64) -> u64 {
    j * (j + 1) / 2
}

/// The exact integer square root, the largest r with r * r <= x, digit by digit (no floating
/// point, and no `isqrt`, which needs Rust 1.84).
fn isqrt(x: u128) -> u128 {
    let (mut rem, mut root) = (x, 0u128);
    let mut bit = 1u128 << 126;
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
fn troot(i: u64) -> u64 {
    let mut j = ((isqrt(8 * i as u128 + 1) as u64) - 1) / 2;
    if tri(j) < i {
        j += 1;
    }
    j
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut it = text.split_ascii_whitespace().map(|w| w.parse::<u64>().unwrap());
    let (n, m, q) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
    let mirrored = false;
    let (big, small) = (n as i64, m as i64);
    let sigma: i64 = if mirrored { 1 } else { -1 };
    let after = if small % 2 == 0 { sigma } else { -sigma };
    let s1 = tri(small as u64);
    let s2 = s1 + small as u64;
    let s3 = s2.wrapping_add(((big - small) * (small + 1)) as u64);
    let total = s3.wrapping_add(tri(small as u64));
    let start = big + 1;
    let mut out = String::with_capacity(q as usize * 11);
    for _ in 0..q {
        let i = it.next().unwrap();
        let x = if i <= s1 {
            let j = troot(i);
            let t = (i - tri(j - 1)) as i64;
            let d = if (j - 1) % 2 == 0 { sigma } else { -sigma };
            let j = j as i64;
            if t < j { start + d * (2 * t - j + 1) } else { start + d * j }
        } else if i <= s2 {
            start + after * (2 * (i - s1) as i64 - small)
        } else if i <= s3 {
            let off = i - s2 - 1;
            let block = (off / (small as u64 + 1)) as i64 + 1;
            let u = (off % (small as u64 + 1)) as i64;
            let d = if block % 2 == 0 { after } else { -after };
            start - block + d * (2 * u - small)
        } else {
            let from_end = (total + 1).wrapping_sub(i).max(1);
            let len = troot(from_end);
            let block = small - len as i64 + 1;
            let t = len as i64 - (from_end - tri(len - 1)) as i64 + 1;
            let d = if (big - small + block) % 2 == 0 { after } else { -after };
            small + 1 + d * (2 * t - 2 - small + block)
        };
        let x = if mirrored { (n + m + 2) as i64 - x } else { x };
        out.push_str(&x.to_string());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
