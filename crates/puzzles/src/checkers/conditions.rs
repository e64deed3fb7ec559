//! The conditions a board's answer depends on, and the combination of them a board falls in:
//! the list behind `leapfrog stress`'s structured search and behind the rule that every
//! combination has a secret test (`problems/checkers/notes.md` explains each condition).
//!
//! A board is judged from one black piece, the *examined* one: the first piece (in input order)
//! that can capture everything, else the first *candidate* (a black piece with a white piece
//! diagonally next to it; no other piece can capture anything). Three things are named:
//! - `start`: the examined piece's degree in its class's graph: `1` (the trail leaves its start
//!   for good), `3+` (odd and at least three: the trail comes back through its start and ends
//!   elsewhere), `even` (the trail must end where it began);
//! - `others`: the other candidates: `alone`, `same` (one in the examined piece's own class,
//!   which then stands on a landing square), `other-solves` (a solver in another class: the
//!   answer is `Multiple`), `other-degree` (one in another class that breaks only the degree
//!   condition: a solution that lets anything of one piece's search leak into the next one's
//!   accepts it), or `other` (only other candidates in other classes);
//! - `fails`: the first condition the examined piece breaks, in the order `parity` (a white on
//!   the piece's own row parity, which it can never jump), `edge` (a white whose far side is off
//!   the board), `blocked` (a landing square holds another black piece), `split` (whites not
//!   connected to the piece through its graph), `many` (four or more squares of odd degree),
//!   `elsewhere` (exactly two, the piece on neither), or `none` (the piece is a solver).

use super::board::{BLACK, Board, Square, WHITE};
use super::decide::{DIAGONALS, capturing_pieces};

/// The start degree of the examined piece.
pub const STARTS: [&str; 3] = ["1", "3+", "even"];
/// The other candidates.
pub const OTHERS: [&str; 5] = ["alone", "same", "other", "other-degree", "other-solves"];
/// The first condition the examined piece breaks.
pub const FAILS: [&str; 7] = [
    "none",
    "parity",
    "edge",
    "blocked",
    "split",
    "many",
    "elsewhere",
];

/// The name of a board with no candidate at all (every answer is `None`).
pub const NO_CANDIDATE: &str = "no candidate";

/// One combination of conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Combination {
    pub start: &'static str,
    pub others: &'static str,
    pub fails: &'static str,
}

impl Combination {
    pub fn name(&self) -> String {
        format!(
            "start={} others={} fails={}",
            self.start, self.others, self.fails
        )
    }
}

/// Whether a combination can occur on a board. An odd start is one of the odd squares, so
/// `elsewhere` needs an even start; a candidate in the piece's own class touches a white, so it
/// stands at an end of that white's edge: the piece is `blocked` unless `parity` or `edge`
/// comes first, and without such a candidate nothing else can block a landing; a solver in
/// another class is found first only when the examined piece is a solver too, and then only with
/// a start of degree 1: two solvers in sibling classes where the first has degree 2 or more
/// never turned up (none among 200 000 random boards of up to 8 × 8 squares whose whites are
/// on one row parity, searched while writing this list), so that pair is left out.
pub fn possible(c: &Combination) -> bool {
    let odd_start = c.start != "even";
    if odd_start && c.fails == "elsewhere" {
        return false;
    }
    match c.others {
        "same" => ["parity", "edge", "blocked"].contains(&c.fails),
        // A white the piece cannot jump for parity or for the edge stops every other class too.
        "other-degree" => !["parity", "edge", "blocked"].contains(&c.fails),
        "other-solves" => c.fails == "none" && c.start == "1",
        _ => c.fails != "blocked",
    }
}

/// Every possible combination, in a fixed order, then [`NO_CANDIDATE`].
pub fn combinations() -> Vec<String> {
    let mut all = Vec::new();
    for others in OTHERS {
        for start in STARTS {
            for fails in FAILS {
                let c = Combination {
                    start,
                    others,
                    fails,
                };
                if possible(&c) {
                    all.push(c.name());
                }
            }
        }
    }
    all.push(NO_CANDIDATE.to_string());
    all
}

/// The combination a board falls in; `None` when no black piece touches a white one.
pub fn classify(board: &Board) -> Option<Combination> {
    let candidates: Vec<Square> = board
        .squares()
        .filter(|&sq| board.at(sq) == BLACK && degree(board, sq) > 0)
        .collect();
    let solvers = capturing_pieces(board);
    let examined = *solvers.first().or(candidates.first())?;
    let start = match degree(board, examined) {
        1 => "1",
        d if d % 2 == 1 => "3+",
        _ => "even",
    };
    let rest = candidates.iter().filter(|&&sq| sq != examined);
    let others = if rest.clone().any(|&sq| class(sq) == class(examined)) {
        "same"
    } else if solvers.len() > 1 {
        "other-solves"
    } else if rest
        .clone()
        .any(|&sq| ["many", "elsewhere"].contains(&first_failure(board, sq)))
    {
        "other-degree"
    } else if rest.count() > 0 {
        "other"
    } else {
        "alone"
    };
    Some(Combination {
        start,
        others,
        fails: first_failure(board, examined),
    })
}

/// The combination an input's text falls in, by name (`None` if it is not a board).
pub fn classify_text(input: &[u8]) -> Option<String> {
    let board = Board::parse(input).ok()?;
    Some(classify(&board).map_or_else(|| NO_CANDIDATE.to_string(), |c| c.name()))
}

/// The class of a square given by signed coordinates (off-board squares included), the same
/// four classes as [`super::decide::class_of`].
fn class_at(row: isize, col: isize) -> isize {
    (row & 1) * 2 + ((row.div_euclid(2) + col.div_euclid(2)) & 1)
}

fn class(sq: Square) -> isize {
    class_at(sq.row as isize, sq.col as isize)
}

fn degree(board: &Board, sq: Square) -> usize {
    DIAGONALS
        .iter()
        .filter(|&&(dr, dc)| board.offset(sq, dr, dc).is_some_and(|m| board.at(m) == WHITE))
        .count()
}

/// The first condition (in the order of the module documentation) the piece on `start` breaks.
pub fn first_failure(board: &Board, start: Square) -> &'static str {
    let whites: Vec<Square> = board.squares().filter(|&s| board.at(s) == WHITE).collect();
    if whites.iter().any(|w| w.row % 2 == start.row % 2) {
        return "parity";
    }
    // Each white is an edge between the two squares of the piece's class on one of its
    // diagonals; `None` stands for an end beyond the board.
    let k = class(start);
    let ends = |w: &Square| -> [Option<Square>; 2] {
        let (r, c) = (w.row as isize, w.col as isize);
        let (dr, dc) = if class_at(r - 1, c - 1) == k {
            (1, 1)
        } else {
            (1, -1)
        };
        [board.offset(*w, -dr, -dc), board.offset(*w, dr, dc)]
    };
    if whites.iter().any(|w| ends(w).contains(&None)) {
        return "edge";
    }
    let blocks = |e: &Option<Square>| e.is_some_and(|sq| sq != start && board.at(sq) == BLACK);
    if whites.iter().any(|w| ends(w).iter().any(blocks)) {
        return "blocked";
    }
    // Connectivity: the squares the piece reaches through whites.
    let mut seen = vec![false; board.size() * board.size()];
    let mut stack = vec![start];
    seen[board.index(start)] = true;
    while let Some(sq) = stack.pop() {
        for (dr, dc) in DIAGONALS {
            let middle = board.offset(sq, dr, dc);
            let landing = middle.and_then(|m| board.offset(m, dr, dc));
            if let (Some(m), Some(l)) = (middle, landing)
                && board.at(m) == WHITE
                && !seen[board.index(l)]
            {
                seen[board.index(l)] = true;
                stack.push(l);
            }
        }
    }
    if whites.iter().any(|w| ends(w).iter().flatten().any(|e| !seen[board.index(*e)])) {
        return "split";
    }
    let odd = board
        .squares()
        .filter(|&sq| seen[board.index(sq)] && degree(board, sq) % 2 == 1)
        .count();
    match odd {
        0 => "none",
        2 if degree(board, start) % 2 == 1 => "none",
        2 => "elsewhere",
        _ => "many",
    }
}

/// The conditions a piece's answer depends on, each tested on its own (unlike
/// [`first_failure`], which stops at the first): the single-fault list of `notes.md`.
/// `parity`: a white on the piece's row parity; `edge`: an edge with an end off the board;
/// `blocked`: another black piece on an end of an edge; `split`: an edge the piece cannot
/// reach when every landing counts as free; `many`: a number of odd squares other than zero
/// or two; `elsewhere`: two odd squares, the piece on neither.
pub const FAULTS: [&str; 6] = ["parity", "edge", "blocked", "split", "many", "elsewhere"];

/// Every condition of [`FAULTS`] the piece on `start` breaks, each judged as if the others
/// held (an end off the board is simply not a square; a black piece on a landing does not stop
/// the connectivity search). The piece captures everything exactly when the list is empty.
pub fn faults(board: &Board, start: Square) -> Vec<&'static str> {
    let whites: Vec<Square> = board.squares().filter(|&s| board.at(s) == WHITE).collect();
    let k = class(start);
    let on_own_row = |w: &&Square| w.row % 2 == start.row % 2;
    let edges: Vec<Square> = whites.iter().filter(|w| !on_own_row(w)).copied().collect();
    let ends = |w: &Square| -> [Option<Square>; 2] {
        let (r, c) = (w.row as isize, w.col as isize);
        let (dr, dc) = if class_at(r - 1, c - 1) == k { (1, 1) } else { (1, -1) };
        [board.offset(*w, -dr, -dc), board.offset(*w, dr, dc)]
    };
    let mut found = Vec::new();
    if whites.iter().any(|w| on_own_row(&w)) {
        found.push("parity");
    }
    if edges.iter().any(|w| ends(w).contains(&None)) {
        found.push("edge");
    }
    let blocks = |e: &Option<Square>| e.is_some_and(|sq| sq != start && board.at(sq) == BLACK);
    if edges.iter().any(|w| ends(w).iter().any(blocks)) {
        found.push("blocked");
    }
    let mut seen = vec![false; board.size() * board.size()];
    let mut stack = vec![start];
    seen[board.index(start)] = true;
    while let Some(sq) = stack.pop() {
        for (dr, dc) in DIAGONALS {
            let middle = board.offset(sq, dr, dc);
            if let Some(l) = middle.and_then(|m| board.offset(m, dr, dc))
                && middle.is_some_and(|m| board.at(m) == WHITE)
                && !seen[board.index(l)]
            {
                seen[board.index(l)] = true;
                stack.push(l);
            }
        }
    }
    if edges.iter().any(|w| !ends(w).iter().flatten().any(|e| seen[board.index(*e)])) {
        found.push("split");
    }
    let odd: Vec<Square> = board
        .squares()
        .filter(|&sq| class(sq) == k && degree(board, sq) % 2 == 1)
        .collect();
    match odd.len() {
        0 => {}
        2 if odd.contains(&start) => {}
        2 => found.push("elsewhere"),
        _ => found.push("many"),
    }
    found
}

/// The conditions of [`FAULTS`] that fail alone on a board: for some candidate (a black piece
/// touching a white), the only one it breaks. Empty for anything that is not a board.
pub fn single_faults_text(input: &[u8]) -> Vec<String> {
    let Ok(board) = Board::parse(input) else {
        return Vec::new();
    };
    let mut alone: Vec<String> = board
        .squares()
        .filter(|&sq| board.at(sq) == BLACK && degree(&board, sq) > 0)
        .filter_map(|sq| match faults(&board, sq).as_slice() {
            [one] => Some(one.to_string()),
            _ => None,
        })
        .collect();
    alone.sort();
    alone.dedup();
    alone
}

/// The `checkers` generator's arguments for single-fault case `k` (cycling): the conditions
/// of [`FAULTS`] in turn, each first broken alone and, the next time round, its neighbour where
/// everything holds (`--twin`); the start degree, the fault's place and another candidate vary
/// with the seed, on boards of 7 or 8 squares a side (small, so a failure shrinks quickly).
pub fn single_fault_args(k: usize, seed: u64) -> Vec<String> {
    let fault = FAULTS[k % FAULTS.len()];
    let mut args: Vec<String> = ["--outcome", "single", "--fault", fault]
        .map(String::from)
        .to_vec();
    let start = match fault {
        "elsewhere" => "even",
        _ => STARTS[(seed % 3) as usize],
    };
    let place = ["edge", "middle"][(seed / 3 % 2) as usize];
    let others = ["alone", "other"][(seed / 6 % 2) as usize];
    let n = 7 + seed / 2 % 2;
    let phase = ["a1", "b1"][(seed % 2) as usize];
    for (key, value) in [
        ("--start", start.to_string()),
        ("--place", place.to_string()),
        ("--others", others.to_string()),
        ("--n", n.to_string()),
        ("--phase", phase.to_string()),
        ("--seed", seed.to_string()),
    ] {
        args.extend([key.to_string(), value]);
    }
    if (k / FAULTS.len()) % 2 == 1 {
        args.push("--twin".into());
    }
    args
}

/// The `checkers` generator's arguments for an input in combination `k` of
/// [`combinations`] (cycling), on a board of 8 to 12
/// squares a side in either phase, as the seed decides.
pub fn generator_args(k: usize, seed: u64) -> Vec<String> {
    let all = combinations();
    let name = &all[k % all.len()];
    let mut args: Vec<String> = ["--outcome", "combo"].map(String::from).to_vec();
    match name.strip_prefix("start=") {
        Some(rest) => {
            let parts: Vec<&str> = rest.split(' ').collect();
            let value = |p: &str| p.split_once('=').map_or(p, |(_, v)| v).to_string();
            args.extend(["--start".into(), parts[0].to_string()]);
            args.extend(["--others".into(), value(parts[1])]);
            args.extend(["--fails".into(), value(parts[2])]);
        }
        None => args.extend(["--others".into(), "nobody".into()]),
    }
    let n = 8 + seed % 5;
    let phase = if (seed / 5).is_multiple_of(2) {
        "a1"
    } else {
        "b1"
    };
    args.extend(["--n".into(), n.to_string(), "--phase".into(), phase.into()]);
    args.extend(["--seed".into(), seed.to_string()]);
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(rows: &[&str]) -> String {
        let text = format!("{}\n{}\n", rows.len(), rows.join("\n"));
        classify_text(text.as_bytes()).unwrap()
    }

    #[test]
    fn small_boards_fall_where_expected() {
        assert_eq!(name(&["B._", ".W.", "_._"]), "start=1 others=alone fails=none");
        assert_eq!(
            name(&["B.B", ".W.", "_._"]),
            "start=1 others=other-solves fails=none"
        );
        assert_eq!(
            name(&["B._", ".W.", "_.B"]),
            "start=1 others=same fails=blocked"
        );
        assert_eq!(name(&["B._", "._.", "_.W"]), NO_CANDIDATE);
        assert_eq!(
            name(&["._.W", "_.B.", "._._", "_._."]),
            "start=1 others=alone fails=edge"
        );
        let around = ["_._._", ".W.W.", "B._._", ".W.W.", "_._._"];
        assert_eq!(name(&around), "start=even others=alone fails=none");
    }

    /// Random boards of sides 2 to 8 and every density, from a fixed xorshift seed.
    fn random_boards(count: usize) -> Vec<Board> {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        let mut boards = Vec::new();
        for _ in 0..count {
            let n = 2 + next(7) as usize;
            let (w, b) = (next(40), next(15));
            let rows: Vec<String> = (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| match ((r + c) % 2, next(100)) {
                            (1, _) => '.',
                            (_, x) if x < w => 'W',
                            (_, x) if x < w + b => 'B',
                            _ => '_',
                        })
                        .collect()
                })
                .collect();
            let text = format!("{n}\n{}\n", rows.join("\n"));
            boards.extend(Board::parse(text.as_bytes()));
        }
        boards
    }

    fn candidates(board: &Board) -> Vec<Square> {
        board
            .squares()
            .filter(|&sq| board.at(sq) == BLACK && degree(board, sq) > 0)
            .collect()
    }

    #[test]
    fn no_fault_exactly_when_the_solver_says_so() {
        let (mut examined, mut found) = (0, 0);
        for board in random_boards(20_000) {
            let solvers = capturing_pieces(&board);
            found += solvers.len();
            for sq in candidates(&board) {
                let none = faults(&board, sq).is_empty();
                assert_eq!(none, solvers.contains(&sq), "{board:?} {sq:?}");
                examined += 1;
            }
        }
        assert!(examined > 5000 && found > 200, "{examined} candidates, {found} solvers");
    }

    /// The claims of notes.md's single-fault section: one edge with one end on the board and
    /// the other off it always comes with a wrong number of odd squares (so a lone `edge` fault needs two such edges), and a
    /// blocked landing always holds another candidate of the piece's own class.
    #[test]
    fn what_comes_with_a_fault() {
        let (mut lone_edges, mut blocks) = (0, 0);
        for board in random_boards(20_000) {
            let all = candidates(&board);
            for &sq in &all {
                let found = faults(&board, sq);
                let k = class(sq);
                let dangling = board
                    .squares()
                    .filter(|&w| board.at(w) == WHITE && w.row % 2 != sq.row % 2)
                    .filter(|&w| {
                        let off = DIAGONALS.iter().filter(|&&(dr, dc)| {
                            let end = (w.row as isize + dr, w.col as isize + dc);
                            class_at(end.0, end.1) == k && board.offset(w, dr, dc).is_none()
                        });
                        off.count() == 1
                    })
                    .count();
                if dangling == 1 {
                    assert!(found.contains(&"many"), "{board:?} {sq:?}");
                    lone_edges += 1;
                }
                if found.contains(&"blocked") {
                    assert!(all.iter().any(|&o| o != sq && class(o) == k), "{board:?}");
                    blocks += 1;
                }
            }
        }
        assert!(lone_edges > 100 && blocks > 100, "{lone_edges} {blocks}");
    }

    #[test]
    fn the_list_has_each_possible_combination_once() {
        let all = combinations();
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
        assert_eq!(all.len(), 53);
    }
}
