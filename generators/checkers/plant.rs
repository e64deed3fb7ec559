//! Planting tools: random capture trails laid out as white pieces, closing a trail into a loop,
//! finding which black pieces the reference solver says can capture everything, and decoy
//! black pieces that leave that answer alone.

use std::collections::VecDeque;

use rand_chacha::ChaCha8Rng;

use super::canvas::{At, Canvas, DIAGONALS, class_of, pick, shuffle, step};
use leapfrog_puzzles::checkers::capturing_pieces;

/// Puts the black piece on a random usable square that `keep` allows and from which some jump
/// is free: the start of every trail the families draw.
pub fn place_start(
    canvas: &mut Canvas,
    rng: &mut ChaCha8Rng,
    keep: impl Fn(&Canvas, At) -> bool,
) -> Option<At> {
    let starts: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&a| keep(canvas, a))
        .filter(|&a| !free_jumps(canvas, a, a).is_empty())
        .collect();
    let hero = pick(rng, &starts)?;
    canvas.set(hero, b'B');
    Some(hero)
}

/// The jumps a piece on `at` could make if every white it passes were there: the square to
/// put a white piece on and the landing square (empty, or `home`, which the piece has left).
pub fn free_jumps(canvas: &Canvas, at: At, home: At) -> Vec<(At, At)> {
    DIAGONALS
        .iter()
        .map(|&d| (step(at, d, 1), step(at, d, 2)))
        .filter(|&(middle, landing)| {
            canvas.is(middle, b'_') && (canvas.is(landing, b'_') || landing == home)
        })
        .collect()
}

/// Lays white pieces along a random walk of up to `jumps` jumps from `from`, each jump over a
/// fresh square. The walk is a capture trail for a piece starting on `from`; it stops early
/// when it is stuck. Returns every square it stands on, `from` first.
pub fn walk(canvas: &mut Canvas, rng: &mut ChaCha8Rng, from: At, jumps: u32, home: At) -> Vec<At> {
    let mut visited = vec![from];
    let mut at = from;
    for _ in 0..jumps {
        let Some((middle, landing)) = pick(rng, &free_jumps(canvas, at, home)) else {
            break;
        };
        canvas.set(middle, b'W');
        visited.push(landing);
        at = landing;
    }
    visited
}

/// A shortest route of fresh jumps from `from` to `home`: the squares landed on, `home` last
/// (empty when they are the same square); `None` if there is no route.
pub fn route(canvas: &Canvas, from: At, home: At) -> Option<Vec<At>> {
    let n = canvas.n;
    let index = |(r, c): At| (r * n + c) as usize;
    let mut came_from: Vec<Option<At>> = vec![None; (n * n) as usize];
    let mut queue = VecDeque::from([from]);
    came_from[index(from)] = Some(from);
    while let Some(at) = queue.pop_front() {
        if at == home {
            break;
        }
        for (_, landing) in free_jumps(canvas, at, home) {
            if came_from[index(landing)].is_none() {
                came_from[index(landing)] = Some(at);
                queue.push_back(landing);
            }
        }
    }
    came_from[index(home)]?;
    let mut squares = Vec::new();
    let mut at = home;
    while at != from {
        squares.push(at);
        at = came_from[index(at)].expect("on the route");
    }
    squares.reverse();
    Some(squares)
}

/// Lays white pieces along a random walk from `home` that comes back to it, with `jumps` jumps
/// in all (even: the squares of a class form a grid, so every closed trail has an even number
/// of jumps). The walk wanders until the way back would make up the rest, then takes a shortest
/// way back. False if it got stuck or overshot.
pub fn closed_walk(canvas: &mut Canvas, rng: &mut ChaCha8Rng, home: At, jumps: u32) -> bool {
    let mut at = home;
    let mut laid = 0;
    loop {
        let Some(back) = route(canvas, at, home) else {
            return false;
        };
        if laid > 0 && laid + back.len() as u32 >= jumps {
            if laid + back.len() as u32 != jumps {
                return false;
            }
            let mut from = at;
            for landing in back {
                canvas.set(((from.0 + landing.0) / 2, (from.1 + landing.1) / 2), b'W');
                from = landing;
            }
            return true;
        }
        let Some((middle, landing)) = pick(rng, &free_jumps(canvas, at, home)) else {
            return false;
        };
        canvas.set(middle, b'W');
        at = landing;
        laid += 1;
    }
}

/// The squares of a class that some white piece touches: the vertices of its capture graph.
pub fn graph_squares(canvas: &Canvas, class: i32) -> Vec<At> {
    canvas
        .usable_squares()
        .into_iter()
        .filter(|&a| class_of(a) == class && canvas.degree(a) > 0)
        .collect()
}

/// The black pieces the reference solver finds, in input order.
pub fn solvers(canvas: &Canvas) -> Vec<At> {
    capturing_pieces(&canvas.board())
        .iter()
        .map(|s| (s.row as i32, s.col as i32))
        .collect()
}

/// Puts a black piece on a square of `class` from which it can capture everything, trying
/// the touched squares in random order. Returns the square, or `None` if there is none.
pub fn place_solver(canvas: &mut Canvas, rng: &mut ChaCha8Rng, class: i32) -> Option<At> {
    let mut squares = graph_squares(canvas, class);
    shuffle(rng, &mut squares);
    for at in squares {
        if !canvas.is(at, b'_') {
            continue;
        }
        canvas.set(at, b'B');
        if solvers(canvas).contains(&at) {
            return Some(at);
        }
        canvas.set(at, b'_');
    }
    None
}

/// Adds up to `count` black pieces on random empty squares, keeping only those that leave the
/// set of solvers exactly `expected`. With `aloof`, only on squares no white piece touches:
/// such a piece blocks no landing of anyone, so a near miss stays exactly one change away from
/// a solvable board.
pub fn add_decoys(
    canvas: &mut Canvas,
    rng: &mut ChaCha8Rng,
    count: u32,
    expected: &[At],
    aloof: bool,
) {
    let mut empty: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&a| canvas.is(a, b'_') && (!aloof || canvas.degree(a) == 0))
        .collect();
    shuffle(rng, &mut empty);
    let mut placed = 0;
    for at in empty {
        if placed == count {
            break;
        }
        canvas.set(at, b'B');
        if solvers(canvas) == expected {
            placed += 1;
        } else {
            canvas.set(at, b'_');
        }
    }
}
