//! The outcome families: each builds one candidate board on an empty canvas and returns the
//! black pieces that should be able to capture everything (empty for `None`), or `None` when
//! this attempt did not work out (the caller retries with the same random stream). Here the
//! families with their own outcome (one solver, a loop, two solvers, nobody, the densest
//! board); the near misses are [`super::near_miss`].

use rand_chacha::ChaCha8Rng;

use super::canvas::{At, Canvas, between, chance, class_of, pick, shuffle};
use super::near_miss;
use super::plant::{
    add_decoys, closed_walk, graph_squares, jumps, place_solver, place_start, solvers, trail,
};
use super::{Family, Options};

/// One attempt at a family.
pub fn attempt(
    family: Family,
    canvas: &mut Canvas,
    rng: &mut ChaCha8Rng,
    opts: &Options,
) -> Option<Vec<At>> {
    match family {
        Family::Unique => unique(canvas, rng, opts),
        Family::Return => closed_trail(canvas, rng, opts),
        Family::Multiple => multiple(canvas, rng, opts),
        Family::None => nobody(canvas, rng, opts),
        Family::Degree => near_miss::degree(canvas, rng, opts),
        Family::Cut => near_miss::cut(canvas, rng, opts),
        Family::Island => near_miss::island(canvas, rng, opts),
        Family::Blocked => near_miss::blocked(canvas, rng, opts),
        Family::Edge => near_miss::edge(canvas, rng, opts),
        Family::Parity => near_miss::parity(canvas, rng, opts),
        Family::Shared => near_miss::shared(canvas, rng, opts),
        Family::Border => near_miss::border(canvas, rng, opts),
        Family::Dense => dense(canvas, rng),
        Family::Any | Family::Combo | Family::Single => {
            unreachable!("the caller draws a concrete family")
        }
    }
}

/// One solver: a random capture trail with the piece at either of its ends.
fn unique(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let (hero, visited) = trail(canvas, rng, opts)?;
    let end = *visited.last().expect("a trail has squares");
    // The same trail walked backwards: the solver may sit at either end.
    if end != hero && chance(rng, 1, 2) {
        canvas.set(hero, b'_');
        canvas.set(end, b'B');
        return Some(vec![end]);
    }
    Some(vec![hero])
}

/// A trail that has to come back to the square it started from: every degree is even.
fn closed_trail(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let hero = place_start(canvas, rng, |_, _| true)?;
    // The smallest loop has four jumps; an odd request is rounded up.
    let want = jumps(rng, opts).max(4).next_multiple_of(2);
    (closed_walk(canvas, rng, hero, want) && solvers(canvas) == [hero]).then(|| vec![hero])
}

/// Two solvers, one in each class of the same row parity. Every white is an edge of both
/// classes' graphs (along one diagonal for each), so the whites must form a trail in both:
/// either a filled rectangle of whites two squares apart with an odd number of rows or of
/// columns (its four odd corners then split two and two between the classes), or a rook's walk
/// over the white squares that mostly goes straight on (kept only when it works).
pub(super) fn multiple(
    canvas: &mut Canvas,
    rng: &mut ChaCha8Rng,
    opts: &Options,
) -> Option<Vec<At>> {
    let n = canvas.n;
    let inner = |a: At| (1..n - 1).contains(&a.0) && (1..n - 1).contains(&a.1);
    let cells: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&a| inner(a))
        .collect();
    let first = pick(rng, &cells)?;
    let whites = if chance(rng, 1, 2) {
        rectangle(canvas, rng, opts, first)?
    } else {
        rook_walk(canvas, rng, opts, first)?
    };
    if opts.whites.is_some_and(|w| w != whites) {
        return None;
    }
    let node_rows = 1 - (first.0 & 1);
    let one = place_solver(canvas, rng, node_rows * 2)?;
    let other = place_solver(canvas, rng, node_rows * 2 + 1)?;
    let mut both = vec![one, other];
    both.sort();
    Some(both)
}

/// Whites on `rows` × `cols` squares two apart from `corner` (rows or cols odd). Returns how
/// many were laid, or `None` if the rectangle does not fit inside the border.
fn rectangle(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options, corner: At) -> Option<u32> {
    let n = canvas.n;
    let room_rows = ((n - 2 - corner.0) / 2 + 1) as u32;
    let room_cols = ((n - 2 - corner.1) / 2 + 1) as u32;
    let shapes: Vec<(u32, u32)> = (1..=room_rows)
        .flat_map(|a| (1..=room_cols).map(move |b| (a, b)))
        .filter(|&(a, b)| a % 2 == 1 || b % 2 == 1)
        .filter(|&(a, b)| opts.whites.is_none_or(|w| a * b == w))
        .filter(|&(a, b)| opts.whites.is_some() || a * b <= (n as u32).max(2))
        .collect();
    let (rows, cols) = pick(rng, &shapes)?;
    for i in 0..rows as i32 {
        for j in 0..cols as i32 {
            canvas.set((corner.0 + 2 * i, corner.1 + 2 * j), b'W');
        }
    }
    Some(rows * cols)
}

/// Whites along a rook's walk two squares at a time from `start`, mostly straight on.
fn rook_walk(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options, start: At) -> Option<u32> {
    let n = canvas.n;
    let inner = |a: At| (1..n - 1).contains(&a.0) && (1..n - 1).contains(&a.1);
    let steps = [(0, 2), (0, -2), (2, 0), (-2, 0)];
    let length = opts
        .whites
        .unwrap_or_else(|| between(rng, 1, (n as u32).max(2)));
    let mut at = start;
    canvas.set(at, b'W');
    let mut heading = pick(rng, &steps)?;
    for _ in 1..length {
        let free = |d: At| {
            let next = (at.0 + d.0, at.1 + d.1);
            (inner(next) && canvas.is(next, b'_')).then_some(next)
        };
        let turns: Vec<At> = steps.into_iter().filter(|&d| free(d).is_some()).collect();
        if free(heading).is_none() || chance(rng, 1, 5) {
            heading = pick(rng, &turns)?;
        }
        at = free(heading).expect("a free heading");
        canvas.set(at, b'W');
    }
    Some(length)
}

/// Nobody can capture everything: pieces scattered at random densities, half the time with
/// every white on one row parity, so the failure is a matter of the graph and not of parity.
fn nobody(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let mut squares = canvas.usable_squares();
    shuffle(rng, &mut squares);
    let white_rows = chance(rng, 1, 2).then(|| between(rng, 0, 1) as i32);
    let may_be_white = |a: &At| white_rows.is_none_or(|p| (a.0 & 1) == p);
    let whites = match opts.whites {
        Some(w) => w as usize,
        None => {
            let room = squares.iter().filter(|a| may_be_white(a)).count() as u32;
            between(rng, 1, (room * 2 / 5).max(1)) as usize
        }
    };
    let spots: Vec<At> = squares
        .iter()
        .copied()
        .filter(may_be_white)
        .take(whites)
        .collect();
    if spots.len() < whites.max(1) {
        return None;
    }
    for &a in &spots {
        canvas.set(a, b'W');
    }
    let empty: Vec<At> = squares
        .into_iter()
        .filter(|&a| canvas.is(a, b'_'))
        .collect();
    let blacks = between(rng, 1, (empty.len() as u32 / 6).max(1)) as usize;
    if empty.is_empty() {
        return None;
    }
    for &a in empty.iter().take(blacks) {
        canvas.set(a, b'B');
    }
    solvers(canvas).is_empty().then(Vec::new)
}

/// As many whites as a board with a solver can hold: every square of one row parity that is
/// not on the border. The solver sits in the class whose graph has an Euler trail, and a black
/// piece in the other class touches the whites too (so a search must rule it out).
fn dense(canvas: &mut Canvas, rng: &mut ChaCha8Rng) -> Option<Vec<At>> {
    let n = canvas.n;
    let mut parities = [0, 1];
    shuffle(rng, &mut parities);
    for white_rows in parities {
        let mut board = canvas.clone();
        for a in board.usable_squares() {
            if (a.0 & 1) == white_rows && (1..n - 1).contains(&a.0) && (1..n - 1).contains(&a.1) {
                board.set(a, b'W');
            }
        }
        if board.count(b'W') == 0 {
            continue;
        }
        let node_rows = 1 - white_rows;
        let mut heroes = Vec::new();
        for class in [node_rows * 2, node_rows * 2 + 1] {
            heroes.extend(place_solver(&mut board, rng, class));
        }
        if heroes.is_empty() {
            continue;
        }
        heroes.sort();
        for class in [node_rows * 2, node_rows * 2 + 1] {
            if heroes.iter().all(|&h| class_of(h) != class) {
                let mut touched = graph_squares(&board, class);
                touched.retain(|&a| board.is(a, b'_'));
                if let Some(decoy) = pick(rng, &touched) {
                    board.set(decoy, b'B');
                }
            }
        }
        *canvas = board;
        return Some(heroes);
    }
    None
}

/// Decoy black pieces for any family: as many as asked, or a few. Near misses only get
/// decoys that touch no white piece, so that the one change stays the only reason for `None`.
pub fn decorate(
    canvas: &mut Canvas,
    rng: &mut ChaCha8Rng,
    family: Family,
    opts: &Options,
    expected: &[At],
) {
    let count = opts
        .decoys
        .unwrap_or_else(|| between(rng, 0, 1 + opts.n / 4));
    let near_miss = matches!(
        family,
        Family::Degree
            | Family::Cut
            | Family::Island
            | Family::Blocked
            | Family::Edge
            | Family::Parity
            | Family::Shared
            | Family::Border
    );
    add_decoys(canvas, rng, count, expected, near_miss);
}
