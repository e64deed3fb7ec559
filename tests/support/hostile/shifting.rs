//! Oracles for the shifting-checkers family, replaying on the crate's own row
//! (`leapfrog::puzzles::shifting::game`): `shifting` (K, then K moves that reach the goal),
//! and the exact input formats of `shifting`, `shifting-query` and `shifting-labels` (the last
//! two use the default token diff, whose oracle is the answer itself).

use leapfrog::puzzles::shifting::game::{Row, min_moves};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::edits::tokens;
use super::numbers::{number_lines, replay_moves, shape, within};
use super::pool::Instance;
use super::problems::Truth;

/// `n m` of a valid input.
fn sides(instance: &Instance) -> (u64, u64) {
    let lines = number_lines(&instance.input).expect("pool inputs are valid");
    (lines[0][0] as u64, lines[0][1] as u64)
}

/// `shifting`: the minimum K, then K legal moves ending on the goal, nothing more.
pub fn oracle(instance: &Instance, output: &[u8]) -> Truth {
    let (n, m) = sides(instance);
    let minimum = min_moves(n, m).expect("valid sides");
    let goal = Row::goal(n as usize, m as usize);
    replay_moves(
        output,
        minimum.into(),
        &mut Row::start(n as usize, m as usize),
        |row, p| row.play(p).map_err(|e| e.to_string()),
        |row| *row == goal,
    )
}

/// The minimum K, some of the reference's moves, then random legal moves (rarely a solution).
pub fn wander(instance: &Instance, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (n, m) = sides(instance);
    let reference: Vec<u64> = tokens(&instance.answer)[1..]
        .iter()
        .map(|t| std::str::from_utf8(t).unwrap().parse().unwrap())
        .collect();
    let keep = rng.random_range(0..=reference.len() as u64) as usize;
    let mut row = Row::start(n as usize, m as usize);
    let mut moves = reference[..keep].to_vec();
    for &p in &moves {
        row.play(p).expect("the reference is legal");
    }
    for _ in 0..rng.random_range(0..24u32) {
        let options: Vec<u64> = row.moves().collect();
        let p = options[rng.random_range(0..options.len() as u32) as usize];
        row.play(p).unwrap();
        moves.push(p);
    }
    let mut out = format!("{}\n", min_moves(n, m).unwrap());
    for p in moves {
        out.push_str(&format!("{p}\n"));
    }
    out.into_bytes()
}

/// `shifting`: `n m`, 1 <= n, m, nm + n + m <= 2,000,000.
pub fn input_spec(input: &[u8]) -> Result<(), String> {
    let lines = number_lines(input)?;
    shape(&lines, &[2])?;
    let n = within("n", lines[0][0], 1, 2_000_000)?;
    let m = within("m", lines[0][1], 1, 2_000_000)?;
    within("nm + n + m", n * m + n + m, 0, 2_000_000)?;
    Ok(())
}

/// `shifting-query`: `n m q` with 2 <= n, m <= 10^9, 1 <= q <= 10^5, then q lines
/// `1 <= i <= nm + n + m`.
pub fn query_input_spec(input: &[u8]) -> Result<(), String> {
    let lines = number_lines(input)?;
    let first = lines.first().ok_or("no first line")?;
    if first.len() != 3 {
        return Err("the first line must hold n m q".to_string());
    }
    let n = within("n", first[0], 2, 1_000_000_000)?;
    let m = within("m", first[1], 2, 1_000_000_000)?;
    let q = within("q", first[2], 1, 100_000)? as usize;
    shape(&lines, &[&[3][..], &vec![1; q]].concat())?;
    for line in &lines[1..] {
        within("i", line[0], 1, n * m + n + m)?;
    }
    Ok(())
}

/// `shifting-labels`: `n k` with 1 <= n <= 60, 0 <= k < 2^62.
pub fn labels_input_spec(input: &[u8]) -> Result<(), String> {
    let lines = number_lines(input)?;
    shape(&lines, &[2])?;
    within("n", lines[0][0], 1, 60)?;
    within("k", lines[0][1], 0, (1 << 62) - 1)?;
    Ok(())
}

/// The row a `shifting` checker keeps.
pub fn board_bytes(instance: &Instance) -> u64 {
    let (n, m) = sides(instance);
    n + m + 1
}

pub fn largest() -> Vec<u8> {
    // 1413^2 + 2 * 1413 = 1,999,395 moves: the largest square game.
    b"1413 1413\n".to_vec()
}

/// For the default-diff problems: the answer itself (their answers are unique).
pub fn answer_itself(instance: &Instance, _seed: u64) -> Vec<u8> {
    instance.answer.clone()
}
