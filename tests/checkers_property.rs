//! The reference solvers of `checkers` and `checkers-path` against an exhaustive search on
//! 30,000 random boards up to 8 × 8 (well under a second in release): the answers must agree on
//! every board, and every path the path solver prints must replay legally and capture every
//! white piece.

use crate::support::checkers_brute as brute;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use brute::Grid;

/// A random well-formed board: size 2..=8, either colouring phase. A third of the boards
/// scatter pieces at random densities; a third keep their white pieces on one row parity (the
/// only way a capture of everything is possible); a third lay white pieces along a random walk
/// of a black piece and then maybe disturb it (one more white or black piece, or one white
/// fewer), so that single solvers, `Multiple` and near misses all come up often.
fn random_board(rng: &mut ChaCha8Rng) -> String {
    let n = rng.random_range(2..=8u32) as usize;
    let phase = rng.random_range(0..2u32) as usize;
    let mode = rng.random_range(0..3u32);
    let mut cells = vec![vec![b'.'; n]; n];
    let usable: Vec<(usize, usize)> = (0..n * n)
        .map(|i| (i / n, i % n))
        .filter(|&(r, c)| (r + c) % 2 == phase)
        .collect();
    for &(r, c) in &usable {
        cells[r][c] = b'_';
    }
    let pick = |rng: &mut ChaCha8Rng, cells: &[Vec<u8>], want: u8| {
        let spots: Vec<_> = usable
            .iter()
            .filter(|&&(r, c)| cells[r][c] == want)
            .copied()
            .collect();
        (!spots.is_empty()).then(|| spots[rng.random_range(0..spots.len() as u32) as usize])
    };
    if mode < 2 {
        let white_rows = (mode == 1).then(|| rng.random_range(0..2u32) as usize);
        let p_white = rng.random_range(5..60u32) as f64 / 100.0;
        let p_black = rng.random_range(2..25u32) as f64 / 100.0;
        for &(r, c) in &usable {
            let white_ok = white_rows.is_none_or(|p| r % 2 == p);
            cells[r][c] = if white_ok && rng.random_bool(p_white) {
                b'W'
            } else if rng.random_bool(p_black) {
                b'B'
            } else {
                b'_'
            };
        }
    } else {
        let (mut r, mut c) = pick(rng, &cells, b'_').unwrap();
        cells[r][c] = b'B';
        let steps = rng.random_range(1..=12u32);
        for _ in 0..steps {
            let moves: Vec<(usize, usize, usize, usize)> = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
                .iter()
                .filter_map(|&(dr, dc): &(isize, isize)| {
                    let (tr, tc) = (r as isize + 2 * dr, c as isize + 2 * dc);
                    if tr < 0 || tc < 0 || tr >= n as isize || tc >= n as isize {
                        return None;
                    }
                    let (mr, mc) = ((r as isize + dr) as usize, (c as isize + dc) as usize);
                    let (tr, tc) = (tr as usize, tc as usize);
                    (cells[mr][mc] == b'_' && cells[tr][tc] != b'W').then_some((mr, mc, tr, tc))
                })
                .collect();
            if moves.is_empty() {
                break;
            }
            let (mr, mc, tr, tc) = moves[rng.random_range(0..moves.len() as u32) as usize];
            cells[mr][mc] = b'W';
            (r, c) = (tr, tc);
        }
        for _ in 0..rng.random_range(0..4u32) {
            match rng.random_range(0..3u32) {
                0 => pick(rng, &cells, b'_').map(|(r, c)| cells[r][c] = b'W'),
                1 => pick(rng, &cells, b'_').map(|(r, c)| cells[r][c] = b'B'),
                _ => pick(rng, &cells, b'W').map(|(r, c)| cells[r][c] = b'_'),
            };
        }
    }
    // At least one piece of each colour (n = 2 has only two usable squares).
    for piece in [b'B', b'W'] {
        if !cells.iter().flatten().any(|&c| c == piece) {
            let (r, c) = pick(rng, &cells, b'_').unwrap_or_else(|| {
                let other = if piece == b'B' { b'W' } else { b'B' };
                let spots: Vec<_> = usable
                    .iter()
                    .filter(|&&(r, c)| cells[r][c] != other)
                    .copied()
                    .collect();
                spots.first().copied().unwrap_or(usable[0])
            });
            cells[r][c] = piece;
        }
    }
    assert!(
        cells.iter().flatten().any(|&c| c == b'B') && cells.iter().flatten().any(|&c| c == b'W')
    );
    let mut text = format!("{n}\n");
    for line in &cells {
        text.push_str(std::str::from_utf8(line).unwrap());
        text.push('\n');
    }
    text
}

fn run(problem: &str, input: &str) -> String {
    let puzzle = leapfrog::puzzles::find(problem).expect("registered");
    let mut out = Vec::new();
    (puzzle.solve)(&mut input.as_bytes(), &mut out).unwrap_or_else(|e| panic!("{e}\n{input}"));
    String::from_utf8(out).unwrap()
}

#[test]
fn reference_agrees_with_exhaustive_search_on_30000_random_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(2015);
    let (mut squares, mut nones, mut multiples) = (0, 0, 0);
    for case in 0..30_000 {
        let text = random_board(&mut rng);
        let grid = Grid::parse(&text);
        let expected = grid.answer();
        let got = run("checkers", &text);
        assert_eq!(
            got.trim_end(),
            expected,
            "case {case}: the reference disagrees\n{text}"
        );
        assert!(
            got.ends_with('\n') && got.lines().count() == 1,
            "case {case}: one line"
        );

        let path_line = run("checkers-path", &text);
        let path: Vec<&str> = path_line.split_whitespace().collect();
        match expected.as_str() {
            "None" => nones += 1,
            "Multiple" => multiples += 1,
            _ => squares += 1,
        }
        if expected == "None" || expected == "Multiple" {
            assert_eq!(path, [expected.as_str()], "case {case}\n{text}");
        } else {
            assert_eq!(
                path[0], expected,
                "case {case}: the path starts elsewhere\n{text}"
            );
            if let Err(why) = grid.replay(&path) {
                panic!("case {case}: illegal path {path_line}: {why}\n{text}");
            }
        }
    }
    // The comparison means something only if every kind of answer came up often.
    assert!(squares >= 3000, "only {squares} boards had a single solver");
    assert!(
        multiples >= 250,
        "only {multiples} boards had several solvers"
    );
    assert!(nones >= 3000, "only {nones} boards had no solver");
    eprintln!("{squares} square answers, {multiples} Multiple, {nones} None");
}

#[test]
fn the_replay_catches_illegal_paths() {
    // Guards the guard: the replay must reject what the property test relies on it rejecting.
    let grid = Grid::parse("5\n_._._\n.W.W.\nB._._\n.W.W.\n_._._\n");
    assert_eq!(grid.replay(&["a3", "c5", "e3", "c1", "a3"]), Ok(()));
    assert!(
        grid.replay(&["a3", "c5", "e3", "c1"]).is_err(),
        "a white is left"
    );
    assert!(
        grid.replay(&["a3", "c5", "a3"]).is_err(),
        "b4 was already captured"
    );
    assert!(grid.replay(&["c5", "e3"]).is_err(), "no black piece on c5");
    assert!(
        grid.replay(&["a3", "c1", "e3", "c5", "a3"]).is_ok(),
        "the other way round"
    );
    assert!(grid.replay(&["a3", "a5"]).is_err(), "not diagonal");
}
