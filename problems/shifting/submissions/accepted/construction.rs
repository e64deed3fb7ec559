// Builds the canonical optimal solution phase by phase (opening, crossing, middle, closing),
// following only the empty square, and writes the squares through one large buffer.
use std::io::{self, Read, Write};

struct Out {
    buf: Vec<u8>,
    far: i64,
    mirrored: bool,
}

impl Out {
    fn push(&mut self, square: i64) {
        let mut v = if self.mirrored { self.far - square } else { square } as u64;
        let mut digits = [0u8; 20];
        let mut k = 20;
        loop {
            k -= 1;
            digits[k] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(&digits[k..]);
        self.buf.push(b'\n');
        if self.buf.len() > 1 << 20 {
            io::stdout().write_all(&self.buf).unwrap();
            self.buf.clear();
        }
    }
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<i64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, m) = (v[0], v[1]);
    let (big, small) = (n.max(m), n.min(m));
    let mut out = Out { buf: Vec::with_capacity(1 << 21), far: n + m + 2, mirrored: n < m };
    out.buf.extend_from_slice(format!("{}\n", n * m + n + m).as_bytes());
    // In the unmirrored game (blacks the larger side) the empty square first moves left.
    let mut e = big + 1;
    let mut dir: i64 = if n < m { 1 } else { -1 };
    for j in 1..=small {
        for _ in 1..j {
            e += 2 * dir;
            out.push(e);
        }
        e += dir;
        out.push(e);
        dir = -dir;
    }
    for _ in 0..small {
        e += 2 * dir;
        out.push(e);
    }
    for _ in 0..big - small {
        e -= 1;
        out.push(e);
        dir = -dir;
        for _ in 0..small {
            e += 2 * dir;
            out.push(e);
        }
    }
    for r in 1..=small {
        dir = -dir;
        e += dir;
        out.push(e);
        for _ in 0..small - r {
            e += 2 * dir;
            out.push(e);
        }
    }
    io::stdout().write_all(&out.buf).unwrap();
}
