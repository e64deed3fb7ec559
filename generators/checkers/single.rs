//! `--outcome single`: a board where exactly one condition of the single-fault list
//! ([`leapfrog_puzzles::checkers::conditions::FAULTS`]) fails for the examined piece and every
//! other one holds, or (`--twin`) its neighbour: the same board without the change that broke
//! the condition, where the piece captures everything. A program that leaves out one check
//! answers the two alike, so one of them kills it; the "first condition that breaks" chain of
//! `combo` never isolates a condition this way (a white on the border there also spoils the
//! degrees, so a program without the border check still says `None`).
//!
//! The board is built as a capture trail from the piece (start degree as `--start` asks), then
//! one change for the fault (placed near the border or in the middle, as `--place` asks), then
//! with `--others other` a black piece of another class that touches a white but captures
//! nothing, then decoys that touch nothing. Every attempt is checked: the fault list of the
//! piece must be exactly the one asked for, and the solver must find nobody on the board and
//! the piece alone on its twin.

use rand_chacha::ChaCha8Rng;

use super::Options;
use super::canvas::{At, Canvas, DIAGONALS, between, class_of, pick, shuffle, step};
use super::plant::{graph_squares, solvers};
use leapfrog_puzzles::checkers::Square;
use leapfrog_puzzles::checkers::conditions::faults;

/// Random pairs of changes tried for the faults that need two new whites.
const PAIR_TRIES: usize = 300;

/// Which part of the board the change for the fault goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Place {
    /// Within two squares of the border.
    Edge,
    /// Further in.
    Middle,
    Any,
}

/// A change to a board: pieces to set.
type Change = Vec<(At, u8)>;

/// One attempt: the board with the fault, or its twin when `--twin` is given.
pub fn attempt(rng: &mut ChaCha8Rng, opts: &Options) -> Option<Canvas> {
    let mut twin = Canvas::new(opts.n, opts.phase);
    let hero = super::combos::base(&mut twin, rng, opts, &opts.start)?;
    if solvers(&twin) != [hero] {
        return None;
    }
    let fault = opts.fault.as_str();
    let change = change_for(&twin, rng, hero, fault, opts.place)?;
    let mut faulty = twin.clone();
    apply(&mut faulty, &change);
    if opts.others == "other" {
        let spots: Vec<At> = faulty
            .usable_squares()
            .into_iter()
            .filter(|&a| class_of(a) != class_of(hero) && faulty.is(a, b'_') && twin.is(a, b'_'))
            .filter(|&a| faulty.degree(a) > 0 && twin.degree(a) > 0)
            .collect();
        let other = pick(rng, &spots)?;
        faulty.set(other, b'B');
        twin.set(other, b'B');
    }
    let decoys = opts.decoys.unwrap_or_else(|| between(rng, 0, opts.n / 4));
    let mut aloof: Vec<At> = faulty
        .usable_squares()
        .into_iter()
        .filter(|&a| faulty.is(a, b'_') && twin.is(a, b'_') && faulty.degree(a) == 0)
        .collect();
    shuffle(rng, &mut aloof);
    for &a in aloof.iter().take(decoys as usize) {
        faulty.set(a, b'B');
        twin.set(a, b'B');
    }
    let piece = Square {
        row: hero.0 as usize,
        col: hero.1 as usize,
    };
    let isolated = faults(&faulty.board(), piece) == [fault];
    let fine = faults(&twin.board(), piece).is_empty();
    let kept = isolated && fine && solvers(&faulty).is_empty() && solvers(&twin) == [hero];
    kept.then_some(if opts.twin { twin } else { faulty })
}

fn apply(canvas: &mut Canvas, change: &Change) {
    for &(at, piece) in change {
        canvas.set(at, piece);
    }
}

/// Whether a square is within two squares of the border.
fn near_border(canvas: &Canvas, (r, c): At) -> bool {
    r.min(c).min(canvas.n - 1 - r).min(canvas.n - 1 - c) <= 1
}

/// Whether a change's first square is where `--place` asks (a white whose edge leaves the
/// board is at the border wherever it is asked for).
fn placed(canvas: &Canvas, change: &Change, place: Place, fault: &str) -> bool {
    match (place, change.first()) {
        _ if fault == "edge" => true,
        (Place::Any, _) | (_, None) => true,
        (Place::Edge, Some(&(at, _))) => near_border(canvas, at),
        (Place::Middle, Some(&(at, _))) => !near_border(canvas, at),
    }
}

/// Whether the change breaks exactly `fault` for the piece on `hero` and leaves nobody able
/// to capture everything.
fn isolates(canvas: &Canvas, change: &Change, hero: At, fault: &str) -> bool {
    let mut trial = canvas.clone();
    apply(&mut trial, change);
    let piece = Square {
        row: hero.0 as usize,
        col: hero.1 as usize,
    };
    faults(&trial.board(), piece) == [fault] && solvers(&trial).is_empty()
}

/// A change that breaks `fault` alone, drawn at random among the ones that do.
fn change_for(
    canvas: &Canvas,
    rng: &mut ChaCha8Rng,
    hero: At,
    fault: &str,
    place: Place,
) -> Option<Change> {
    let mut singles = single_changes(canvas, hero, fault);
    singles.retain(|c| placed(canvas, c, place, fault));
    shuffle(rng, &mut singles);
    if let Some(c) = singles.iter().find(|c| isolates(canvas, c, hero, fault)) {
        return Some(c.clone());
    }
    // Two new whites: two edges off the board (one alone makes an odd number of odd squares,
    // which spoils the degrees too), or two edges that make four squares odd where one
    // would make two.
    if !["edge", "many"].contains(&fault) {
        return None;
    }
    let mut whites = spare_edges(canvas, hero, fault == "edge");
    if whites.len() < 2 {
        return None;
    }
    shuffle(rng, &mut whites);
    for _ in 0..PAIR_TRIES {
        let (i, j) = (
            between(rng, 0, whites.len() as u32 - 1) as usize,
            between(rng, 0, whites.len() as u32 - 1) as usize,
        );
        let change = vec![(whites[i], b'W'), (whites[j], b'W')];
        if i != j && placed(canvas, &change, place, fault) && isolates(canvas, &change, hero, fault)
        {
            return Some(change);
        }
    }
    None
}

/// The one-piece changes worth trying for a fault.
fn single_changes(canvas: &Canvas, hero: At, fault: &str) -> Vec<Change> {
    let class = class_of(hero);
    let empty = |a: At| canvas.is(a, b'_');
    match fault {
        "parity" => canvas
            .usable_squares()
            .into_iter()
            .filter(|&a| (a.0 & 1) == (hero.0 & 1) && empty(a) && !touches_black(canvas, a))
            .map(|a| vec![(a, b'W')])
            .collect(),
        "blocked" => graph_squares(canvas, class)
            .into_iter()
            .filter(|&a| a != hero && empty(a))
            .map(|a| vec![(a, b'B')])
            .collect(),
        "split" => islands(canvas, hero),
        "many" | "elsewhere" => spare_edges(canvas, hero, false)
            .into_iter()
            .map(|a| vec![(a, b'W')])
            .collect(),
        _ => Vec::new(),
    }
}

/// Empty squares a new white could take as an edge of the piece's class touching its graph
/// and no other black piece: with `off_board`, those with one end beyond the border; else
/// those with both ends on the board.
fn spare_edges(canvas: &Canvas, hero: At, off_board: bool) -> Vec<At> {
    let class = class_of(hero);
    let in_graph = |a: At| a == hero || canvas.degree(a) > 0;
    canvas
        .usable_squares()
        .into_iter()
        .filter(|&m| (m.0 & 1) != (hero.0 & 1) && canvas.is(m, b'_'))
        .filter(|&m| {
            DIAGONALS.iter().all(|&d| {
                let s = step(m, d, 1);
                s == hero || !canvas.is(s, b'B')
            })
        })
        .filter(|&m| {
            // The two ends of the white's edge in the piece's class.
            let ends: Vec<At> = DIAGONALS
                .iter()
                .map(|&d| step(m, d, 1))
                .filter(|&s| class_of(s) == class)
                .collect();
            let on: Vec<At> = ends
                .iter()
                .copied()
                .filter(|&s| canvas.on_board(s))
                .collect();
            let touches = on.iter().any(|&s| in_graph(s));
            match off_board {
                true => on.len() == 1 && touches,
                false => on.len() == 2 && touches,
            }
        })
        .collect()
}

/// Four whites round an empty square, a loop of the piece's class apart from its graph (every
/// square of it of even degree, so nothing but connectivity breaks).
fn islands(canvas: &Canvas, hero: At) -> Vec<Change> {
    let class = class_of(hero);
    canvas
        .usable_squares()
        .into_iter()
        .filter(|&c| (c.0 & 1) == (hero.0 & 1) && class_of(c) != class)
        .filter_map(|c| {
            let whites = DIAGONALS.map(|d| step(c, d, 1));
            let corners = [(0, 2), (0, -2), (2, 0), (-2, 0)].map(|d| (c.0 + d.0, c.1 + d.1));
            let free = whites
                .iter()
                .all(|&w| canvas.is(w, b'_') && !touches_black(canvas, w))
                && corners
                    .iter()
                    .all(|&k| canvas.is(k, b'_') && canvas.degree(k) == 0);
            free.then(|| whites.iter().map(|&w| (w, b'W')).collect())
        })
        .collect()
}

/// Whether a white on `middle` would touch a black piece.
fn touches_black(canvas: &Canvas, middle: At) -> bool {
    DIAGONALS
        .iter()
        .any(|&d| canvas.is(step(middle, d, 1), b'B'))
}
