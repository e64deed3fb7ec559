// WRONG: checks every square of the piece's class at once (landings, odd squares, whites on the
// wrong row parity) but never whether the whites are connected to the piece, so a separate loop
// of whites passes. Otherwise the accepted linear class-by-class solution.
use std::io::{self, Read, Write};

const DIRS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

struct Board {
    n: i32,
    cells: Vec<u8>,
}

impl Board {
    fn at(&self, r: i32, c: i32) -> Option<u8> {
        (r >= 0 && c >= 0 && r < self.n && c < self.n)
            .then(|| self.cells[(r * self.n + c) as usize])
    }
}

fn class(r: i32, c: i32) -> usize {
    ((r & 1) * 2 + ((r / 2 + c / 2) & 1)) as usize
}

fn captures_all(b: &Board, start: (i32, i32), whites: usize) -> bool {
    let _ = whites;
    let k = class(start.0, start.1);
    let (mut odd, mut start_odd) = (0, false);
    for r in 0..b.n {
        for c in 0..b.n {
            if b.at(r, c) == Some(b'W') && r % 2 == start.0 % 2 {
                return false;
            }
            if (r + c) % 2 != (start.0 + start.1) % 2 || class(r, c) != k {
                continue;
            }
            let mut degree = 0;
            for (dr, dc) in DIRS {
                if b.at(r + dr, c + dc) != Some(b'W') {
                    continue;
                }
                degree += 1;
                let (lr, lc) = (r + 2 * dr, c + 2 * dc);
                match b.at(lr, lc) {
                    Some(b'_') => {}
                    Some(_) if (lr, lc) == start => {}
                    _ => return false,
                }
            }
            if degree % 2 == 1 {
                odd += 1;
                start_odd |= (r, c) == start;
            }
        }
    }
    odd == 0 || (odd == 2 && start_odd)
}

#[allow(dead_code)]
fn connected_search(b: &Board, start: (i32, i32), whites: usize) -> bool {
    let n = b.n as usize;
    let mut seen = vec![false; n * n];
    let mut met = vec![false; n * n];
    let (mut reached, mut odd, mut start_odd) = (0, 0, false);
    let mut stack = vec![start];
    seen[(start.0 * b.n + start.1) as usize] = true;
    while let Some((r, c)) = stack.pop() {
        let mut degree = 0;
        for (dr, dc) in DIRS {
            if b.at(r + dr, c + dc) != Some(b'W') {
                continue;
            }
            degree += 1;
            let (lr, lc) = (r + 2 * dr, c + 2 * dc);
            match b.at(lr, lc) {
                Some(b'_') => {}
                Some(_) if (lr, lc) == start => {}
                _ => return false,
            }
            let m = ((r + dr) * b.n + c + dc) as usize;
            if !met[m] {
                met[m] = true;
                reached += 1;
            }
            let l = (lr * b.n + lc) as usize;
            if !seen[l] {
                seen[l] = true;
                stack.push((lr, lc));
            }
        }
        if degree % 2 == 1 {
            odd += 1;
            start_odd |= (r, c) == start;
        }
    }
    reached == whites && (odd == 0 || (odd == 2 && start_odd))
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let n: i32 = tokens.next().unwrap().parse().unwrap();
    let cells: Vec<u8> = tokens
        .take(n as usize)
        .flat_map(|row| row.bytes())
        .collect();
    let board = Board { n, cells };
    let whites = board.cells.iter().filter(|&&x| x == b'W').count();

    let mut candidate: [Option<(i32, i32)>; 4] = [None; 4];
    let mut crowded = [false; 4];
    for r in 0..n {
        for c in 0..n {
            let touches = DIRS
                .iter()
                .any(|&(dr, dc)| board.at(r + dr, c + dc) == Some(b'W'));
            if board.at(r, c) == Some(b'B') && touches {
                let k = class(r, c);
                crowded[k] |= candidate[k].is_some();
                candidate[k].get_or_insert((r, c));
            }
        }
    }
    let winners: Vec<(i32, i32)> = (0..4)
        .filter(|&k| !crowded[k])
        .filter_map(|k| candidate[k])
        .filter(|&sq| captures_all(&board, sq, whites))
        .collect();
    let answer = match winners.as_slice() {
        [] => "None".to_string(),
        [(r, c)] => format!("{}{}", (b'a' + *c as u8) as char, n - r),
        _ => "Multiple".to_string(),
    };
    writeln!(io::stdout(), "{answer}").unwrap();
}
