// Mistake: a detour at the start (the first black slides right and straight back), so the
// solution is two moves longer than the minimum.
use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<i64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, m) = (v[0], v[1]);
    let (big, small) = (n.max(m), n.min(m));
    let mirrored = n < m;
    let far = n + m + 2;
    let mut moves: Vec<i64> = vec![n, n + 1];
    let mut e = big + 1;
    let mut dir: i64 = if mirrored { 1 } else { -1 };
    let step = |delta: i64, e: &mut i64, moves: &mut Vec<i64>| {
        *e += delta;
        moves.push(if mirrored { far - *e } else { *e });
    };
    for j in 1..=small {
        for _ in 1..j {
            step(2 * dir, &mut e, &mut moves);
        }
        step(dir, &mut e, &mut moves);
        dir = -dir;
    }
    for _ in 0..small {
        step(2 * dir, &mut e, &mut moves);
    }
    for _ in 0..big - small {
        step(-1, &mut e, &mut moves);
        dir = -dir;
        for _ in 0..small {
            step(2 * dir, &mut e, &mut moves);
        }
    }
    for r in 1..=small {
        dir = -dir;
        step(dir, &mut e, &mut moves);
        for _ in 0..small - r {
            step(2 * dir, &mut e, &mut moves);
        }
    }
    let mut out = String::with_capacity(moves.len() * 8 + 16);
    out.push_str(&format!("{}\n", moves.len()));
    for p in moves {
        out.push_str(&p.to_string());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
