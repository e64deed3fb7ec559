// Accepted: every move from the explicit O(1) formula, digits formatted by hand.
use std::io::{self, Read, Write};

const BASE: [&[u64]; 4] = [
    &[1, 4, 7, 0],
    &[1, 7, 4, 9, 0],
    &[1, 7, 3, 8, 11, 0],
    &[1, 10, 4, 9, 6, 13, 0],
];

fn move_at(n: u64, i: u64) -> u64 {
    let levels = (n - 4) / 4;
    let base = BASE[(n - 4 * levels - 4) as usize];
    let descent = 2 * levels;
    if i <= descent {
        if i % 2 == 1 {
            2 * i - 1
        } else {
            2 * (n - i)
        }
    } else if i <= descent + base.len() as u64 {
        4 * levels + base[(i - descent - 1) as usize]
    } else if (n - i) % 2 == 1 {
        2 * i + 1
    } else {
        2 * (n - i)
    }
}

/// Shortest solution for n <= 3 by breadth-first search over rows (tiny).
fn search(n: usize) -> Option<Vec<u64>> {
    let start: Vec<u8> = (0..2 * n + 2)
        .map(|i| {
            if i < n {
                b'B'
            } else if i < 2 * n {
                b'W'
            } else {
                b'.'
            }
        })
        .collect();
    let goal: Vec<u8> = (0..2 * n + 2)
        .map(|i| {
            if i < 2 {
                b'.'
            } else if i % 2 == 0 {
                b'W'
            } else {
                b'B'
            }
        })
        .collect();
    let mut parent = std::collections::HashMap::new();
    parent.insert(start.clone(), None);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(row) = queue.pop_front() {
        if row == goal {
            let mut moves = Vec::new();
            let mut at = row;
            while let Some(Some((prev, p))) = parent.get(&at).cloned() {
                moves.push(p);
                at = prev;
            }
            moves.reverse();
            return Some(moves);
        }
        let g = row.iter().position(|&c| c == b'.').unwrap();
        for p in 0..row.len() - 1 {
            if row[p] != b'.' && row[p + 1] != b'.' {
                let mut next = row.clone();
                next[g] = row[p];
                next[g + 1] = row[p + 1];
                next[p] = b'.';
                next[p + 1] = b'.';
                if !parent.contains_key(&next) {
                    parent.insert(next.clone(), Some((row.clone(), p as u64)));
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let n: u64 = text.trim().parse().unwrap();
    let mut out = Vec::with_capacity(9 * n as usize + 16);
    let moves: Vec<u64> = if n < 4 {
        match search(n as usize) {
            Some(m) => m,
            None => {
                io::stdout().write_all(b"None\n").unwrap();
                return;
            }
        }
    } else {
        (1..=n).map(|i| move_at(n, i)).collect()
    };
    let mut digits = [0u8; 20];
    for v in std::iter::once(moves.len() as u64).chain(moves) {
        let mut at = digits.len();
        let mut x = v;
        loop {
            at -= 1;
            digits[at] = b'0' + (x % 10) as u8;
            x /= 10;
            if x == 0 {
                break;
            }
        }
        out.extend_from_slice(&digits[at..]);
        out.push(b'\n');
    }
    io::stdout().write_all(&out).unwrap();
}
