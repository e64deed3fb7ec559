//! The outcome families: each builds one candidate board on an empty canvas and returns the
//! black pieces that should be able to capture everything (empty for `None`), or `None` when
//! this attempt did not work out (the caller retries with the same random stream). Near misses
//! start from a board with exactly one solver, checked with the reference solver, and change
//! one thing that a particular wrong solution would overlook.

use rand_chacha::ChaCha8Rng;

use super::canvas::{At, Canvas, DIAGONALS, between, chance, class_of, pick, shuffle, step};
use super::plant::{
    add_decoys, closed_walk, free_jumps, graph_squares, place_solver, place_start, solvers, walk,
};
use super::{Family, Odd, Options, Side};

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
        Family::Degree => degree(canvas, rng, opts),
        Family::Cut => cut(canvas, rng, opts),
        Family::Island => island(canvas, rng, opts),
        Family::Blocked => blocked(canvas, rng, opts),
        Family::Edge => edge(canvas, rng, opts),
        Family::Parity => parity(canvas, rng, opts),
        Family::Shared => shared(canvas, rng, opts),
        Family::Border => border(canvas, rng, opts),
        Family::Dense => dense(canvas, rng),
        Family::Any | Family::Combo => unreachable!("the caller draws a concrete family"),
    }
}

/// How many jumps a trail should have: as asked, or a random share of the board.
fn jumps(rng: &mut ChaCha8Rng, opts: &Options) -> u32 {
    opts.whites
        .unwrap_or_else(|| between(rng, 1, (opts.n * opts.n / 6).max(1)))
}

/// A trail with an exact number of jumps when `--whites` asks for one.
fn long_enough(visited: &[At], want: u32, opts: &Options) -> bool {
    visited.len() >= 2 && (opts.whites.is_none() || visited.len() as u32 == want + 1)
}

/// A black piece and a random capture trail from it: the only solver. Returns the piece's
/// square and every square of the trail.
fn trail(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<(At, Vec<At>)> {
    let (hero, visited) = trail_in(canvas, rng, opts, None)?;
    (solvers(canvas) == [hero]).then_some((hero, visited))
}

/// [`trail`] without the check, with the piece on a square of the given class.
fn trail_in(
    canvas: &mut Canvas,
    rng: &mut ChaCha8Rng,
    opts: &Options,
    class: Option<i32>,
) -> Option<(At, Vec<At>)> {
    let hero = place_start(canvas, rng, |canvas, a| {
        canvas.is(a, b'_') && class.is_none_or(|k| class_of(a) == k)
    })?;
    let want = jumps(rng, opts);
    let visited = walk(canvas, rng, hero, want, hero);
    long_enough(&visited, want, opts).then_some((hero, visited))
}

/// The squares of the hero's capture graph other than the hero itself.
fn others(canvas: &Canvas, hero: At) -> Vec<At> {
    graph_squares(canvas, class_of(hero))
        .into_iter()
        .filter(|&a| a != hero)
        .collect()
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

/// Near miss: one more white, touching the trail, so the odd-degree count is wrong while the
/// graph stays connected and every landing stays free: in the way `--odd` asks.
fn degree(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let (hero, _) = trail(canvas, rng, opts)?;
    let mut touched = graph_squares(canvas, class_of(hero));
    shuffle(rng, &mut touched);
    for at in touched {
        for (middle, _) in free_jumps(canvas, at, hero) {
            canvas.set(middle, b'W');
            if solvers(canvas).is_empty() && odd_as_asked(canvas, hero, opts.odd) {
                return Some(Vec::new());
            }
            canvas.set(middle, b'_');
        }
    }
    None
}

/// Whether the squares of odd degree in the piece's graph fail the degree condition in the
/// way asked (`any` takes whatever the search found first, without looking).
fn odd_as_asked(canvas: &Canvas, hero: At, way: Odd) -> bool {
    if way == Odd::Any {
        return true;
    }
    let odd: Vec<At> = graph_squares(canvas, class_of(hero))
        .into_iter()
        .filter(|&a| canvas.degree(a) % 2 == 1)
        .collect();
    match way {
        Odd::Many => odd.len() >= 4,
        Odd::Elsewhere => odd.len() == 2 && !odd.contains(&hero),
        Odd::Any => true,
    }
}

/// The two ends of the white at `middle` in the class-`class` graph, if it lies on one of
/// that class's diagonals.
fn ends(middle: At, class: i32) -> Option<(At, At)> {
    [(-1, -1), (-1, 1)]
        .into_iter()
        .map(|d| (step(middle, d, 1), step(middle, d, -1)))
        .find(|&(a, _)| class_of(a) == class)
}

/// Near miss: one white whose edge touches nothing else of the trail.
fn cut(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let (hero, _) = trail(canvas, rng, opts)?;
    let class = class_of(hero);
    let mut middles: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&m| (m.0 & 1) != (hero.0 & 1) && canvas.is(m, b'_'))
        .filter(|&m| {
            ends(m, class).is_some_and(|(a, b)| {
                [a, b]
                    .iter()
                    .all(|&e| canvas.is(e, b'_') && canvas.degree(e) == 0)
            })
        })
        .collect();
    shuffle(rng, &mut middles);
    let middle = middles.first().copied()?;
    canvas.set(middle, b'W');
    solvers(canvas).is_empty().then(Vec::new)
}

/// Near miss: a separate loop of four whites (every degree even), so only connectivity fails.
fn island(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    // The loop goes round a centre square: its four diagonal neighbours hold the whites, and
    // the four squares two steps away in line are the loop's corners, in the class of the
    // piece (the centre is in the sibling class). The loop is laid first, so that the trail
    // can be kept off its corners.
    const CORNERS: [At; 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
    let centres: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&x| {
            CORNERS
                .iter()
                .all(|&(dr, dc)| canvas.on_board((x.0 + dr, x.1 + dc)))
        })
        .collect();
    let centre = pick(rng, &centres)?;
    let corners = CORNERS.map(|(dr, dc)| (centre.0 + dr, centre.1 + dc));
    for d in DIAGONALS {
        canvas.set(step(centre, d, 1), b'W');
    }
    // Corners held by stand-ins while the trail is walked, then freed again.
    for c in corners {
        canvas.set(c, b'B');
    }
    let walked = trail_in(canvas, rng, opts, Some(class_of(corners[0])));
    for c in corners {
        canvas.set(c, b'_');
    }
    let (hero, _) = walked?;
    // Without the loop the piece would be the only solver.
    let mut without = canvas.clone();
    for d in DIAGONALS {
        without.set(step(centre, d, 1), b'_');
    }
    (solvers(&without) == [hero] && solvers(canvas).is_empty()).then(Vec::new)
}

/// Near miss: another black piece stands on a square the trail must land on (not its end;
/// see [`shared`] for that).
fn blocked(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let (hero, visited) = trail(canvas, rng, opts)?;
    let end = *visited.last().expect("a trail has squares");
    let inner: Vec<At> = others(canvas, hero)
        .into_iter()
        .filter(|&a| a != end)
        .collect();
    let spot = pick(rng, &inner).or_else(|| pick(rng, &others(canvas, hero)))?;
    canvas.set(spot, b'B');
    solvers(canvas).is_empty().then(Vec::new)
}

/// Near miss: a white on the border next to the end of the trail, whose far side is off the
/// board. A solution that wraps around the edge sees a longer trail.
fn edge(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let n = canvas.n;
    let side = match opts.side {
        Side::Any => pick(rng, &[Side::Top, Side::Bottom, Side::Left, Side::Right])?,
        side => side,
    };
    // Every square next to the chosen border line with the border square it would jump.
    let on_side = |(r, c): At| match side {
        Side::Top => r == 0,
        Side::Bottom => r == n - 1,
        Side::Left => c == 0,
        _ => c == n - 1,
    };
    let ends: Vec<(At, At)> = canvas
        .usable_squares()
        .into_iter()
        .flat_map(|a| DIAGONALS.map(|d| (a, step(a, d, 1), step(a, d, 2))))
        .filter(|&(_, middle, landing)| {
            canvas.on_board(middle) && on_side(middle) && !canvas.on_board(landing)
        })
        .map(|(a, middle, _)| (a, middle))
        .collect();
    let (end, middle) = pick(rng, &ends)?;
    let want = jumps(rng, opts);
    let visited = walk(canvas, rng, end, want, end);
    if !long_enough(&visited, want, opts) {
        return None;
    }
    let hero = *visited.last().expect("a trail has squares");
    canvas.set(hero, b'B');
    if solvers(canvas) != [hero] {
        return None;
    }
    canvas.set(middle, b'W');
    solvers(canvas).is_empty().then(Vec::new)
}

/// Near miss: one white on a square of the piece's own row parity, which it can never jump.
fn parity(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let (hero, _) = trail(canvas, rng, opts)?;
    let class = class_of(hero);
    let spots: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&a| (a.0 & 1) == (hero.0 & 1) && canvas.is(a, b'_'))
        .filter(|&a| class_of(a) != class || canvas.degree(a) == 0)
        .collect();
    let spot = pick(rng, &spots)?;
    canvas.set(spot, b'W');
    solvers(canvas).is_empty().then(Vec::new)
}

/// Near miss: two black pieces at the two ends of one trail. Each could capture everything if
/// the other were not in the way of its last landing.
fn shared(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let (hero, visited) = trail(canvas, rng, opts)?;
    let end = *visited.last().expect("a trail has squares");
    if end == hero {
        return None;
    }
    canvas.set(end, b'B');
    solvers(canvas).is_empty().then(Vec::new)
}

/// Every white on the border, where no jump over it can land; black pieces right next to them
/// (a solution that wraps around the edge finds jumps there).
fn border(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    let n = canvas.n;
    let mut rim: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&(r, c)| r == 0 || c == 0 || r == n - 1 || c == n - 1)
        .collect();
    shuffle(rng, &mut rim);
    let whites = opts.whites.unwrap_or_else(|| between(rng, 1, 3)) as usize;
    if rim.len() < whites + 1 {
        return None;
    }
    for &w in &rim[..whites] {
        canvas.set(w, b'W');
        let inward: Vec<At> = DIAGONALS
            .iter()
            .map(|&d| step(w, d, 1))
            .filter(|&a| canvas.is(a, b'_'))
            .collect();
        if chance(rng, 2, 3)
            && let Some(a) = pick(rng, &inward)
        {
            canvas.set(a, b'B');
        }
    }
    if canvas.count(b'B') == 0 {
        let empty: Vec<At> = canvas
            .usable_squares()
            .into_iter()
            .filter(|&a| canvas.is(a, b'_'))
            .collect();
        canvas.set(pick(rng, &empty)?, b'B');
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
