//! The oracle for `pairs`, replaying on the crate's own row (`leapfrog::puzzles::pairs::row`):
//! `None` alone when the judges' answer is `None`, otherwise the judges' K (the minimum) and K
//! legal moves that end on the goal, nothing more. Tokens are separated by any white space.

use leapfrog::puzzles::pairs::row::Row;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::edits::tokens;
use super::numbers::{number_lines, replay_moves, shape, within};
use super::pool::Instance;
use super::problems::Truth;

fn checkers(instance: &Instance) -> usize {
    number_lines(&instance.input).expect("pool inputs are valid")[0][0] as usize
}

/// The judges' K, or `None` when their answer is `None`.
fn judges_moves(instance: &Instance) -> Option<u128> {
    let words = tokens(&instance.answer);
    let first = std::str::from_utf8(words[0]).unwrap();
    (first != "None").then(|| first.parse().expect("the reference writes K"))
}

pub fn oracle(instance: &Instance, output: &[u8]) -> Truth {
    let Some(minimum) = judges_moves(instance) else {
        return match tokens(output).as_slice() {
            [only] if *only == b"None" => Truth::Right,
            [] => Truth::Wrong("the output is empty".to_string()),
            _ => Truth::Wrong("the answer is None, alone".to_string()),
        };
    };
    replay_moves(
        output,
        minimum,
        &mut Row::start(checkers(instance)),
        |row, p| row.play(p).map_err(|e| e.to_string()),
        Row::is_goal,
    )
}

/// The judges' first line, some of their moves, then random legal moves.
pub fn wander(instance: &Instance, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = checkers(instance);
    let words = tokens(&instance.answer);
    let mut out = words[0].to_vec();
    out.push(b'\n');
    if judges_moves(instance).is_none() {
        return out;
    }
    let reference: Vec<u64> = words[1..]
        .iter()
        .map(|t| std::str::from_utf8(t).unwrap().parse().unwrap())
        .collect();
    let keep = rng.random_range(0..=reference.len() as u64) as usize;
    let mut row = Row::start(n);
    let mut moves = reference[..keep].to_vec();
    for &p in &moves {
        row.play(p).expect("the reference is legal");
    }
    for _ in 0..rng.random_range(0..16u32) {
        let squares = 2 * n as u64 + 2;
        let gap = row.gap() as u64;
        let options: Vec<u64> = (0..squares - 1)
            .filter(|&p| p + 1 != gap && p != gap && p != gap + 1)
            .collect();
        let p = options[rng.random_range(0..options.len() as u32) as usize];
        row.play(p).unwrap();
        moves.push(p);
    }
    for p in moves {
        out.extend_from_slice(format!("{p}\n").as_bytes());
    }
    out
}

/// One line with n, 1 <= n <= 10^6.
pub fn input_spec(input: &[u8]) -> Result<(), String> {
    let lines = number_lines(input)?;
    shape(&lines, &[1])?;
    within("n", lines[0][0], 1, 1_000_000)?;
    Ok(())
}

pub fn board_bytes(instance: &Instance) -> u64 {
    2 * checkers(instance) as u64 + 2
}

pub fn largest() -> Vec<u8> {
    b"1000000\n".to_vec()
}
