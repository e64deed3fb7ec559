//! Oracles for `checkers` and `checkers-path`, built on the crate's own board (the checkers
//! share no code with it): the right token for `checkers`, a replay of the capture path for
//! `checkers-path`, the exact input layout for the validator, and random legal plays.

use std::collections::HashMap;

use leapfrog::puzzles::checkers::board::{BLACK, EMPTY, WHITE};
use leapfrog::puzzles::checkers::decide::DIAGONALS;
use leapfrog::puzzles::checkers::{Board, Square};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::edits::tokens;
use super::pool::Instance;
use super::problems::Truth;

fn board(instance: &Instance) -> Board {
    Board::parse(&instance.input).expect("pool inputs are valid")
}

fn expected(instance: &Instance) -> String {
    String::from_utf8(tokens(&instance.answer)[0].to_vec()).expect("an ASCII answer")
}

/// `checkers`: exactly the judges' token, case included, and nothing else.
pub fn token_oracle(instance: &Instance, output: &[u8]) -> Truth {
    let want = expected(instance);
    match tokens(output).as_slice() {
        [one] if *one == want.as_bytes() => Truth::Right,
        got => Truth::Wrong(format!(
            "expected exactly '{want}', got {} tokens",
            got.len()
        )),
    }
}

/// `checkers-path`: `None` or `Multiple` exactly when the judges say so, otherwise any path
/// that replays legally and captures every white piece.
pub fn path_oracle(instance: &Instance, output: &[u8]) -> Truth {
    let want = expected(instance);
    if want == "None" || want == "Multiple" {
        return token_oracle(instance, output);
    }
    let board = board(instance);
    let start = match replay(&board, &tokens(output)) {
        Ok(start) => start,
        Err(why) => return Truth::Wrong(why),
    };
    // Only the judges' piece can do it: the answer is unique when it is a square.
    assert_eq!(
        board.name(start),
        want,
        "a complete path from another piece: the reference is wrong"
    );
    Truth::Right
}

/// Plays a path given as square names; the start square when every jump is legal and no white
/// piece is left.
pub fn replay(board: &Board, path: &[&[u8]]) -> Result<Square, String> {
    let names: HashMap<Vec<u8>, Square> = board
        .squares()
        .map(|sq| (board.name(sq).into_bytes(), sq))
        .collect();
    let mut squares = Vec::with_capacity(path.len());
    for (k, token) in path.iter().enumerate() {
        match names.get(*token) {
            Some(&sq) => squares.push(sq),
            None => return Err(format!("token {} is not a square name", k + 1)),
        }
    }
    let Some((&start, jumps)) = squares.split_first() else {
        return Err("no path".to_string());
    };
    if board.at(start) != BLACK {
        return Err("the path does not start on a black piece".to_string());
    }
    let mut cells: Vec<u8> = board.squares().map(|sq| board.at(sq)).collect();
    cells[board.index(start)] = EMPTY;
    let mut at = start;
    for (k, &to) in jumps.iter().enumerate() {
        let dr = to.row as isize - at.row as isize;
        let dc = to.col as isize - at.col as isize;
        if dr.abs() != 2 || dc.abs() != 2 {
            return Err(format!("jump {} is not a diagonal jump", k + 1));
        }
        let middle = board
            .offset(at, dr / 2, dc / 2)
            .expect("between two squares");
        if cells[board.index(middle)] != WHITE {
            return Err(format!("jump {} passes no white piece", k + 1));
        }
        if cells[board.index(to)] != EMPTY {
            return Err(format!("jump {} lands on an occupied square", k + 1));
        }
        cells[board.index(middle)] = EMPTY;
        at = to;
    }
    if cells.contains(&WHITE) {
        return Err("white pieces are left".to_string());
    }
    Ok(start)
}

/// The legal jumps from `at` on the board as it is now.
fn jumps(board: &Board, cells: &[u8], at: Square) -> Vec<(Square, Square)> {
    DIAGONALS
        .iter()
        .filter_map(|&(dr, dc)| {
            let over = board.offset(at, dr, dc)?;
            let to = board.offset(at, 2 * dr, 2 * dc)?;
            (cells[board.index(over)] == WHITE && cells[board.index(to)] == EMPTY)
                .then_some((over, to))
        })
        .collect()
}

/// A random legal capture path (from a random black piece, as far as chance takes it), or one
/// of the answer words.
pub fn wander_path(instance: &Instance, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let board = board(instance);
    let blacks: Vec<Square> = board
        .squares()
        .filter(|&sq| board.at(sq) == BLACK)
        .collect();
    match rng.random_range(0..8u32) {
        0 => return b"None\n".to_vec(),
        1 => return b"Multiple\n".to_vec(),
        _ => {}
    }
    let mut at = blacks[rng.random_range(0..blacks.len() as u32) as usize];
    let mut cells: Vec<u8> = board.squares().map(|sq| board.at(sq)).collect();
    cells[board.index(at)] = EMPTY;
    let mut path = board.name(at);
    let greedy = rng.random_range(0..2u32) == 0;
    loop {
        let options = jumps(&board, &cells, at);
        if options.is_empty() || (!greedy && rng.random_range(0..6u32) == 0) {
            break;
        }
        let (over, to) = options[rng.random_range(0..options.len() as u32) as usize];
        cells[board.index(over)] = EMPTY;
        at = to;
        path.push(' ');
        path.push_str(&board.name(to));
    }
    path.push('\n');
    path.into_bytes()
}

/// For `checkers`: a black piece's square or an answer word.
pub fn wander_token(instance: &Instance, seed: u64) -> Vec<u8> {
    let path = wander_path(instance, seed);
    let first = tokens(&path)[0].to_vec();
    [first, b"\n".to_vec()].concat()
}

/// The exact input format: the crate's parser accepts it, and it is written the one way the
/// statement allows (the parser also forgives `\r\n`, a missing final line end and blank lines
/// after the board, the format does not).
pub fn input_spec(input: &[u8]) -> Result<(), String> {
    let board = Board::parse(input).map_err(|e| e.to_string())?;
    if board.to_text().as_bytes() != input {
        return Err("the board is not written exactly as the format says".to_string());
    }
    Ok(())
}

/// Squares on the board (the memory a checker may need beyond its buffers).
pub fn board_bytes(instance: &Instance) -> u64 {
    let n = board(instance).size() as u64;
    n * n
}
