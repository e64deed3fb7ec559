//! The near-miss families: each starts from a board with exactly one solver, checked with the
//! reference solver, and changes one thing that a particular wrong solution would overlook
//! (the degree condition, connectivity, a blocked landing, the board's edge, row parity, a
//! second piece on the trail, the border), so that nobody can capture everything.

use rand_chacha::ChaCha8Rng;

use super::canvas::{At, Canvas, DIAGONALS, between, chance, class_of, pick, shuffle, step};
use super::plant::{
    free_jumps, graph_squares, jumps, long_enough, others, solvers, trail, trail_in, walk,
};
use super::{Odd, Options, Side};

/// Near miss: one more white, touching the trail, so the odd-degree count is wrong while the
/// graph stays connected and every landing stays free: in the way `--odd` asks.
pub fn degree(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
pub fn cut(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
pub fn island(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
pub fn blocked(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
pub fn edge(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
pub fn parity(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
pub fn shared(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
pub fn border(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
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
