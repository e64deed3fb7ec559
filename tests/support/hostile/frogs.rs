//! The oracle for `frogs`, replaying on the crate's shifting row (the frogs are shifting
//! checkers with n = m = N: `O` plays the black checker, `X` the white one) with the frogs'
//! extra rule that every move goes forward. The answer is line based: K, then one row per line
//! (blank lines and white space around a line do not count).

use leapfrog::puzzles::shifting::game::Row;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::edits::is_space;
use super::numbers::{Reader, number_lines, shape, within};
use super::pool::Instance;
use super::problems::Truth;

fn frogs(instance: &Instance) -> usize {
    number_lines(&instance.input).expect("pool inputs are valid")[0][0] as usize
}

/// The row as frogs: `b` → `O`, `w` → `X`.
fn letters(row: &Row) -> Vec<u8> {
    row.to_string()
        .bytes()
        .map(|c| match c {
            b'b' => b'O',
            b'w' => b'X',
            _ => b'_',
        })
        .collect()
}

/// The move that turns `row` into `next` (the square the frog leaves is the new empty one),
/// played on `row` when it is legal and forward.
fn step(row: &mut Row, next: &[u8]) -> Result<(), String> {
    if next.len() as u64 != row.len() || !next.iter().all(|c| b"OX_".contains(c)) {
        return Err("not a row of O, X and _ of the right length".to_string());
    }
    if next.iter().filter(|&&c| c == b'_').count() != 1 {
        return Err("not one empty square".to_string());
    }
    let p = next
        .iter()
        .position(|&c| c == b'_')
        .ok_or("a row without an empty square")? as u64
        + 1;
    let frog = letters(row)[(p - 1) as usize];
    let forward = match frog {
        b'O' => p < row.empty(),
        b'X' => p > row.empty(),
        _ => false,
    };
    if !forward {
        return Err("not a forward move of a frog".to_string());
    }
    row.play(p).map_err(|e| e.to_string())?;
    if letters(row) != next {
        return Err("the row is not the one the move makes".to_string());
    }
    Ok(())
}

fn lines(output: &[u8]) -> Vec<&[u8]> {
    output
        .split(|&b| b == b'\n')
        .map(|line| {
            let start = line
                .iter()
                .position(|&b| !is_space(b))
                .unwrap_or(line.len());
            let end = line
                .iter()
                .rposition(|&b| !is_space(b))
                .map_or(start, |e| e + 1);
            &line[start..end]
        })
        .filter(|line| !line.is_empty())
        .collect()
}

pub fn oracle(instance: &Instance, output: &[u8]) -> Truth {
    let n = frogs(instance);
    let mut numbers = Reader::default();
    let result = (|| {
        let lines = lines(output);
        let (first, rows) = lines.split_first().ok_or("the output is empty")?;
        let k = numbers.read(first, "K")?;
        let minimum = ((n + 1) * (n + 1) - 1) as u128;
        if k != minimum {
            return Err(format!("K = {k}, the minimum is {minimum}"));
        }
        if rows.len() as u128 != k {
            return Err(format!("{} rows after K = {k}", rows.len()));
        }
        let mut row = Row::start(n, n);
        for (t, next) in rows.iter().enumerate() {
            step(&mut row, next).map_err(|e| format!("move {}: {e}", t + 1))?;
        }
        if row != Row::goal(n, n) {
            return Err("the goal is not reached".to_string());
        }
        Ok(())
    })();
    numbers.truth(result)
}

/// K, some of the reference's rows, then random forward moves.
pub fn wander(instance: &Instance, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = frogs(instance);
    let reference = lines(&instance.answer);
    let keep = rng.random_range(0..reference.len() as u64) as usize;
    let mut out = reference[..keep + 1].join(&b'\n');
    out.push(b'\n');
    let mut row = Row::start(n, n);
    for next in &reference[1..keep + 1] {
        step(&mut row, next).expect("the reference is legal");
    }
    for _ in 0..rng.random_range(0..12u32) {
        let options: Vec<u64> = row
            .moves()
            .filter(|&p| {
                let frog = letters(&row)[(p - 1) as usize];
                (frog == b'O') == (p < row.empty())
            })
            .collect();
        if options.is_empty() {
            break;
        }
        row.play(options[rng.random_range(0..options.len() as u32) as usize])
            .unwrap();
        out.extend_from_slice(&letters(&row));
        out.push(b'\n');
    }
    out
}

/// One line with N, 1 <= N <= 200.
pub fn input_spec(input: &[u8]) -> Result<(), String> {
    let lines = number_lines(input)?;
    shape(&lines, &[1])?;
    within("N", lines[0][0], 1, 200)?;
    Ok(())
}

pub fn board_bytes(instance: &Instance) -> u64 {
    2 * frogs(instance) as u64 + 1
}

pub fn largest() -> Vec<u8> {
    b"200\n".to_vec()
}
