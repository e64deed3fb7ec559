//! `--outcome combo`: a board in one combination of the conditions the answer depends on
//! ([`leapfrog_puzzles::checkers::conditions`]): a capture trail whose start has the degree asked
//! for, then one change for the condition to break and one for the other candidates, kept only
//! when the classifier puts the finished board in the combination asked for.

use rand_chacha::ChaCha8Rng;

use super::Options;
use super::canvas::{At, Canvas, DIAGONALS, between, class_of, pick, shuffle, step};
use super::plant::{
    add_decoys, closed_walk, free_jumps, graph_squares, place_start, solvers, walk,
};
use leapfrog_puzzles::checkers::conditions::{Combination, classify};

/// The combination the options ask for (the caller has checked that it is possible).
pub fn wanted(opts: &Options) -> Combination {
    let find = |list: &[&'static str], value: &str| {
        list.iter()
            .copied()
            .find(|v| *v == value)
            .expect("clap checked the value")
    };
    use leapfrog_puzzles::checkers::conditions::{FAILS, OTHERS, STARTS};
    Combination {
        start: find(&STARTS, &opts.start),
        others: OTHERS
            .iter()
            .copied()
            .find(|v| *v == opts.others)
            .unwrap_or("nobody"),
        fails: find(&FAILS, &opts.fails),
    }
}

/// One attempt at a board in the combination asked for.
pub fn attempt(canvas: &mut Canvas, rng: &mut ChaCha8Rng, opts: &Options) -> Option<Vec<At>> {
    if opts.others == "nobody" {
        return nobody(canvas, rng);
    }
    let want = wanted(opts);
    let hero = if want.others == "other-solves" {
        *super::families::multiple(canvas, rng, opts)?.first()?
    } else {
        base(canvas, rng, opts, want.start)?
    };
    match want.fails {
        "parity" => parity(canvas, rng, hero)?,
        "edge" => edge(canvas, rng, hero)?,
        "split" => split(canvas, rng, hero)?,
        // From a loop, one white makes only two squares odd: the second makes four.
        "many" if odd(canvas, rng, hero, "many").is_none() => {
            odd(canvas, rng, hero, "elsewhere")?;
            odd(canvas, rng, hero, "many")?;
        }
        "elsewhere" => odd(canvas, rng, hero, "elsewhere")?,
        _ => {}
    }
    match want.others {
        "same" => {
            let spots: Vec<At> = graph_squares(canvas, class_of(hero))
                .into_iter()
                .filter(|&a| a != hero && canvas.is(a, b'_'))
                .collect();
            canvas.set(pick(rng, &spots)?, b'B');
        }
        "other" => {
            let spots: Vec<At> = canvas
                .usable_squares()
                .into_iter()
                .filter(|&a| class_of(a) != class_of(hero) && canvas.is(a, b'_'))
                .filter(|&a| canvas.degree(a) > 0)
                .collect();
            canvas.set(pick(rng, &spots)?, b'B');
        }
        "other-degree" => other_degree(canvas, rng, hero)?,
        _ => {}
    }
    let expected = solvers(canvas);
    let decoys = opts
        .decoys
        .unwrap_or_else(|| between(rng, 0, 1 + opts.n / 4));
    add_decoys(canvas, rng, decoys, &expected, true);
    (classify(&canvas.board()) == Some(want)).then_some(expected)
}

/// A black piece and a capture trail from it, the piece's degree as asked: `1` (an open
/// trail), `3+` (a loop through the piece and one more jump away from it), `even` (a loop).
pub(super) fn base(
    canvas: &mut Canvas,
    rng: &mut ChaCha8Rng,
    opts: &Options,
    start: &str,
) -> Option<At> {
    let hero = place_start(canvas, rng, |_, _| true)?;
    let most = (opts.n * opts.n / 8).max(4);
    let jumps = opts.whites.unwrap_or_else(|| between(rng, 1, most));
    match start {
        "1" => {
            walk(canvas, rng, hero, jumps, hero);
        }
        _ => {
            if !closed_walk(canvas, rng, hero, jumps.max(4).next_multiple_of(2)) {
                return None;
            }
            if start == "3+" {
                let away: Vec<(At, At)> = free_jumps(canvas, hero, hero)
                    .into_iter()
                    .filter(|&(_, landing)| landing != hero)
                    .collect();
                let (middle, landing) = pick(rng, &away)?;
                canvas.set(middle, b'W');
                let more = between(rng, 0, 3);
                walk(canvas, rng, landing, more, hero);
            }
        }
    }
    let degree = canvas.degree(hero);
    let fits = match start {
        "1" => degree == 1,
        "3+" => degree >= 3 && degree % 2 == 1,
        _ => degree > 0 && degree.is_multiple_of(2),
    };
    fits.then_some(hero)
}

/// Whether a white on `middle` would touch a black piece (and so make it a candidate).
fn touches_black(canvas: &Canvas, middle: At) -> bool {
    DIAGONALS
        .iter()
        .any(|&d| canvas.is(step(middle, d, 1), b'B'))
}

/// Sets a white on a random one of `spots`.
fn put_white(canvas: &mut Canvas, rng: &mut ChaCha8Rng, spots: &[At]) -> Option<()> {
    canvas.set(pick(rng, spots)?, b'W');
    Some(())
}

/// A white on the piece's own row parity, touching no black piece.
fn parity(canvas: &mut Canvas, rng: &mut ChaCha8Rng, hero: At) -> Option<()> {
    let spots: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&a| (a.0 & 1) == (hero.0 & 1) && canvas.is(a, b'_'))
        .filter(|&a| !touches_black(canvas, a))
        .collect();
    put_white(canvas, rng, &spots)
}

/// A white on the border next to a square of the trail (not the piece's), whose far side is
/// off the board.
fn edge(canvas: &mut Canvas, rng: &mut ChaCha8Rng, hero: At) -> Option<()> {
    let spots: Vec<At> = graph_squares(canvas, class_of(hero))
        .into_iter()
        .filter(|&a| a != hero)
        .flat_map(|a| DIAGONALS.map(|d| (step(a, d, 1), step(a, d, 2))))
        .filter(|&(m, l)| canvas.is(m, b'_') && !canvas.on_board(l) && !touches_black(canvas, m))
        .map(|(m, _)| m)
        .collect();
    put_white(canvas, rng, &spots)
}

/// A white whose edge joins two squares of the piece's class that nothing else touches.
fn split(canvas: &mut Canvas, rng: &mut ChaCha8Rng, hero: At) -> Option<()> {
    let class = class_of(hero);
    let spots: Vec<At> = canvas
        .usable_squares()
        .into_iter()
        .filter(|&m| (m.0 & 1) != (hero.0 & 1) && canvas.is(m, b'_') && !touches_black(canvas, m))
        .filter(|&m| {
            [(-1, -1), (-1, 1)].into_iter().any(|d| {
                let ends = [step(m, d, 1), step(m, d, -1)];
                class_of(ends[0]) == class
                    && ends
                        .iter()
                        .all(|&e| canvas.is(e, b'_') && canvas.degree(e) == 0)
            })
        })
        .collect();
    put_white(canvas, rng, &spots)
}

/// One more white touching the trail away from the piece, so that four or more squares have
/// odd degree (`many`), or exactly two, the piece on neither (`elsewhere`).
fn odd(canvas: &mut Canvas, rng: &mut ChaCha8Rng, hero: At, way: &str) -> Option<()> {
    let class = class_of(hero);
    let mut touched = graph_squares(canvas, class);
    shuffle(rng, &mut touched);
    for at in touched.into_iter().filter(|&a| a != hero) {
        for (middle, landing) in free_jumps(canvas, at, hero) {
            if landing == hero || touches_black(canvas, middle) {
                continue;
            }
            canvas.set(middle, b'W');
            let odd: Vec<At> = graph_squares(canvas, class)
                .into_iter()
                .filter(|&a| canvas.degree(a) % 2 == 1)
                .collect();
            let fits = match way {
                "many" => odd.len() >= 4,
                _ => odd.len() == 2 && !odd.contains(&hero),
            };
            if fits {
                return Some(());
            }
            canvas.set(middle, b'_');
        }
    }
    None
}

/// Whites anywhere and black pieces that touch none of them: no candidate at all.
fn nobody(canvas: &mut Canvas, rng: &mut ChaCha8Rng) -> Option<Vec<At>> {
    let mut squares = canvas.usable_squares();
    shuffle(rng, &mut squares);
    let whites = between(rng, 1, (squares.len() as u32 / 4).max(1)) as usize;
    for &a in squares.iter().take(whites) {
        canvas.set(a, b'W');
    }
    let free: Vec<At> = squares
        .into_iter()
        .filter(|&a| canvas.is(a, b'_') && canvas.degree(a) == 0)
        .collect();
    let blacks = between(rng, 1, 3) as usize;
    for &a in free.iter().take(blacks) {
        canvas.set(a, b'B');
    }
    (canvas.count(b'B') > 0 && classify(&canvas.board()).is_none()).then(Vec::new)
}

/// A black piece in another class that breaks only the degree condition; half the time one of
/// even degree after the piece in input order (the hardest for a solution whose searches
/// share state: it meets this piece after the examined one).
fn other_degree(canvas: &mut Canvas, rng: &mut ChaCha8Rng, hero: At) -> Option<()> {
    use leapfrog_puzzles::checkers::Square;
    use leapfrog_puzzles::checkers::conditions::first_failure;
    let mut spots = Vec::new();
    for a in canvas.usable_squares() {
        if class_of(a) == class_of(hero) || !canvas.is(a, b'_') || canvas.degree(a) == 0 {
            continue;
        }
        canvas.set(a, b'B');
        let square = Square {
            row: a.0 as usize,
            col: a.1 as usize,
        };
        if ["many", "elsewhere"].contains(&first_failure(&canvas.board(), square)) {
            spots.push(a);
        }
        canvas.set(a, b'_');
    }
    let late: Vec<At> = spots
        .iter()
        .copied()
        .filter(|&a| a > hero && canvas.degree(a).is_multiple_of(2))
        .collect();
    let chosen = match pick(rng, &late) {
        Some(a) if between(rng, 0, 1) == 0 => a,
        _ => pick(rng, &spots)?,
    };
    canvas.set(chosen, b'B');
    Some(())
}
