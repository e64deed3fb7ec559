//! The picture at the failure: replays a rejected output as far as it is legal and draws the
//! board or the stretch of row where it goes wrong, with the same drawings as `leapfrog render`.
//!
//! The replay only chooses what to draw; the verdict and its reason are the checker's. Outputs
//! that do not parse as moves at all get the starting position.

use std::path::Path;

use crate::row::Row;
use crate::{board_svg, rows_svg};
use leapfrog_puzzles::Picture;
use leapfrog_puzzles::checkers::board::WHITE;
use leapfrog_puzzles::checkers::{Board, path};
use leapfrog_puzzles::pairs::row::{self as pairs, Row as PairsRow};
use leapfrog_puzzles::shifting::game::{Row as GameRow, Square};
use leapfrog_registry::{Drawing, Layout};

/// The squares of a row drawn around the failure.
const WINDOW: usize = 25;
/// The largest output read for a replay (a shifting answer of 2·10^6 moves is about 15 MB).
const MAX_OUTPUT: u64 = 64 << 20;
/// The largest row replayed (shifting has nm + n + m ≤ 2·10^6).
const MAX_ROW: u64 = 4_000_001;

/// Draws where `output` goes wrong on `input` for a problem drawn as `picture`; `None` when
/// there is nothing to draw (an unreadable input, an output too big to replay).
pub fn at_failure(picture: Picture, input: &Path, output: &Path) -> Option<Drawing> {
    let input = std::fs::read_to_string(input).ok()?;
    if std::fs::metadata(output).ok()?.len() > MAX_OUTPUT {
        return None;
    }
    let output = String::from_utf8_lossy(&std::fs::read(output).ok()?).into_owned();
    match picture {
        Picture::CheckersBoard => checkers_board(&input, &output),
        Picture::CheckersPath => checkers_path(&input, &output),
        Picture::ShiftingRow => {
            let (n, m) = two_numbers(&input)?;
            single_gap(GameRow::start(n, m), &output)
        }
        Picture::ShiftingOneWhite => {
            let (n, _) = two_numbers(&input)?;
            single_gap(GameRow::start(n, 1), &output)
        }
        Picture::FrogsRows => frogs(&input, &output),
        Picture::PairsRow => pairs(&input, &output),
    }
}

fn layout() -> Layout {
    Layout {
        columns: 2,
        id_prefix: "fail-".into(),
        ..Layout::default()
    }
}

fn two_numbers(input: &str) -> Option<(usize, usize)> {
    let mut words = input.split_whitespace().map(|w| w.parse::<u64>().ok());
    let (a, b) = (words.next()??, words.next()??);
    (a.checked_add(b)? < MAX_ROW).then_some((a as usize, b as usize))
}

/// `checkers`: the answer is one word, so the failure is the whole board.
fn checkers_board(input: &str, output: &str) -> Option<Drawing> {
    let board = Board::parse_drawing(input.as_bytes()).ok()?;
    let said = output.split_whitespace().next().unwrap_or("(nothing)");
    Some(Drawing {
        svg: board_svg(&board, &[], &[], &layout()),
        caption: format!("the test's board; the output says {}", clip(said)),
    })
}

/// `checkers-path`: the board after the last legal jump of the printed path.
fn checkers_path(input: &str, output: &str) -> Option<Drawing> {
    let board = Board::parse_drawing(input.as_bytes()).ok()?;
    let words: Vec<&str> = output.split_whitespace().take(10_000).collect();
    let (legal, why) = match path::play_path(&board, &words.join(" ")) {
        Ok(_) => (words.len(), String::new()),
        // The drawing's path parser may split words more finely than white space does.
        Err(e) => (e.index.saturating_sub(1).min(words.len()), format!("; {e}")),
    };
    if legal < 2 {
        return Some(Drawing {
            svg: board_svg(&board, &[], &[], &layout()),
            caption: format!("the test's board: no legal jump was made{why}"),
        });
    }
    let (jumps, boards) = path::play_path(&board, &words[..legal].join(" ")).ok()?;
    let last = jumps.len() - 1;
    let before = if last == 0 { &board } else { &boards[last - 1] };
    let whites = boards[last]
        .squares()
        .filter(|&sq| boards[last].at(sq) == WHITE)
        .count();
    Some(Drawing {
        svg: board_svg(before, &jumps[last..], &boards[last..], &layout()),
        caption: format!(
            "before and after jump {} of the printed path, its last legal one ({whites} white \
             pieces left){why}",
            last + 1
        ),
    })
}

/// Shifting and its labels: one empty square, moves named by the square a checker leaves.
fn single_gap(start: GameRow, output: &str) -> Option<Drawing> {
    let mut row = start;
    let mut made = 0usize;
    // The last legal move and the empty square before it: enough to undo it for the drawing,
    // without copying the row (up to 2·10^6 squares) at every move.
    let mut last: Option<(u64, u64)> = None;
    let mut why = String::new();
    for word in output.split_whitespace().skip(1) {
        let Ok(p) = word.parse::<u64>() else {
            why = format!("; move {} is not a square number", made + 1);
            break;
        };
        if let Err(e) = row.check(p) {
            why = format!("; move {} is illegal: {e}", made + 1);
            break;
        }
        last = Some((p, row.empty()));
        row.play(p).ok()?;
        made += 1;
    }
    let after: Vec<Square> = row.squares().to_vec();
    let before = last.map(|(p, empty)| {
        let mut b = after.clone();
        b.swap((p - 1) as usize, (empty - 1) as usize);
        b
    });
    row_drawing(before, after, made, 1, &why)
}

/// `frogs`: the answer lists every row; the failure is the first row that is not one forward
/// move from the one before.
fn frogs(input: &str, output: &str) -> Option<Drawing> {
    let n: usize = input.split_whitespace().next()?.parse().ok()?;
    if n > 100_000 {
        return None;
    }
    let pieces = |line: &str| -> Vec<Square> {
        line.chars()
            .map(|c| match c {
                'O' => Square::Black,
                'X' => Square::White,
                _ => Square::Empty,
            })
            .collect()
    };
    let mut row = pieces(&String::from_utf8(leapfrog_puzzles::frogs::start_row(n)).ok()?);
    let mut previous = None;
    let mut made = 0;
    let mut why = String::new();
    for line in output.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let next = pieces(line.trim());
        if !frog_move(&row, &next) || line.trim().chars().any(|c| !"OX_".contains(c)) {
            why = format!(
                "; row {} is not one forward move from the row before",
                made + 1
            );
            break;
        }
        previous = Some(std::mem::replace(&mut row, next));
        made += 1;
    }
    row_drawing(previous, row, made, 1, &why)
}

/// Whether `next` is `row` after one frog moves forward onto the empty square.
fn frog_move(row: &[Square], next: &[Square]) -> bool {
    let gap = |r: &[Square]| r.iter().position(|&p| p == Square::Empty);
    if row.len() != next.len() {
        return false;
    }
    let (Some(from), Some(to)) = (gap(next), gap(row)) else {
        return false;
    };
    let forward = match row[from] {
        Square::Black => from < to,
        Square::White => from > to,
        Square::Empty => false,
    };
    let mut expected = row.to_vec();
    expected.swap(from, to);
    forward && from.abs_diff(to) <= 2 && expected == next
}

/// `pairs`: two checkers move at once; squares are numbered from 0.
fn pairs(input: &str, output: &str) -> Option<Drawing> {
    let n: usize = input.split_whitespace().next()?.parse().ok()?;
    if n as u64 > MAX_ROW / 2 {
        return None;
    }
    let mut row = PairsRow::start(n);
    let mut made = 0;
    // The last legal move and the gap before it, to undo it for the drawing.
    let mut last: Option<(usize, usize)> = None;
    let mut why = String::new();
    for word in output.split_whitespace().skip(1) {
        let Ok(p) = word.parse::<u64>() else {
            why = format!("; move {} is not a square number", made + 1);
            break;
        };
        let gap = row.gap();
        if let Err(e) = row.play(p) {
            why = format!("; move {} is illegal: {e}", made + 1);
            break;
        }
        last = Some((p as usize, gap));
        made += 1;
    }
    let after: Vec<Square> = row
        .as_bytes()
        .iter()
        .map(|&b| match b {
            pairs::BLACK => Square::Black,
            pairs::WHITE => Square::White,
            _ => Square::Empty,
        })
        .collect();
    let before = last.map(|(p, gap)| {
        let mut b = after.clone();
        b.swap(p, gap);
        b.swap(p + 1, gap + 1);
        b
    });
    row_drawing(before, after, made, 0, &why)
}

/// Draws the stretch of the row around the last change: the row before the last legal move
/// (when one was made) and after it. `first` is the number of the leftmost square.
fn row_drawing(
    before: Option<Vec<Square>>,
    after: Vec<Square>,
    made: usize,
    first: usize,
    why: &str,
) -> Option<Drawing> {
    let changed: Vec<usize> = match &before {
        Some(b) => (0..after.len()).filter(|&i| b[i] != after[i]).collect(),
        None => after
            .iter()
            .enumerate()
            .filter(|(_, p)| **p == Square::Empty)
            .map(|(i, _)| i)
            .collect(),
    };
    let centre = match (changed.first(), changed.last()) {
        (Some(a), Some(b)) => (a + b) / 2,
        _ => 0,
    };
    let start = centre
        .saturating_sub(WINDOW / 2)
        .min(after.len().saturating_sub(WINDOW));
    let end = (start + WINDOW).min(after.len());
    let cut = |squares: &[Square]| Row {
        squares: squares[start..end].to_vec(),
    };
    let mut frames = Vec::new();
    if let Some(b) = &before {
        frames.push(cut(b));
    }
    frames.push(cut(&after));
    let layout = Layout {
        first_square: start + first,
        ..layout()
    };
    let whole = if start == 0 && end == after.len() {
        String::new()
    } else {
        format!(
            ", squares {}..{} of {first}..{}",
            start + first,
            end - 1 + first,
            after.len() - 1 + first
        )
    };
    let what = match made {
        0 => "the starting row: no legal move was made".to_string(),
        k => format!("the row before and after move {k}, the last legal one"),
    };
    Some(Drawing {
        svg: rows_svg(&frames, &layout),
        caption: format!("{what}{whole}{why}"),
    })
}

/// A word of an output, cut to a readable length.
fn clip(word: &str) -> String {
    if word.chars().count() > 20 {
        format!("{}…", word.chars().take(20).collect::<String>())
    } else {
        word.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws as the registry says the named puzzle is drawn.
    fn draw(puzzle: &str, input: &str, output: &str) -> Drawing {
        let dir = tempfile::tempdir().unwrap();
        let (i, o) = (dir.path().join("in"), dir.path().join("out"));
        std::fs::write(&i, input).unwrap();
        std::fs::write(&o, output).unwrap();
        let picture = leapfrog_puzzles::find(puzzle).and_then(|p| p.picture);
        at_failure(picture.expect("a puzzle with a picture"), &i, &o).expect("a drawing")
    }

    #[test]
    fn shifting_stops_at_the_first_illegal_move() {
        // 1 1: B_W; move 1 slides the black, then square 1 is the empty square.
        let d = draw("shifting", "1 1\n", "3\n1\n1\n2\n");
        assert!(d.svg.starts_with("<svg"), "{}", d.svg);
        assert!(
            d.caption.contains("after move 1, the last legal one"),
            "{}",
            d.caption
        );
        assert!(d.caption.contains("move 2 is illegal"), "{}", d.caption);
        assert_eq!(d.svg.matches("class=\"frame\"").count(), 2);
    }

    #[test]
    fn long_rows_are_drawn_around_the_failure() {
        let d = draw("shifting", "100 100\n", "10200\n100\n103\n");
        assert!(
            d.caption.contains("squares 88..112 of 1..201"),
            "{}",
            d.caption
        );
        let d = draw("pairs", "4\n", "None\n");
        assert!(d.caption.contains("starting row"), "{}", d.caption);
    }

    #[test]
    fn pairs_number_squares_from_zero() {
        let d = draw("pairs", "4\n", "4\n1\n4\n9\n");
        assert!(d.caption.contains("after move 2"), "{}", d.caption);
        assert!(d.caption.contains("move 3 is illegal"), "{}", d.caption);
    }

    #[test]
    fn frogs_must_move_forward() {
        // N = 1: O_X; the second row moves nothing.
        let d = draw("frogs", "1\n", "3\n_OX\n_XO\n");
        assert!(
            d.caption.contains("row 2 is not one forward move"),
            "{}",
            d.caption
        );
        let d = draw("frogs", "1\n", "3\nOXX_\n");
        assert!(d.caption.contains("row 1 is not"), "{}", d.caption);
        let d = draw("frogs", "1\n", "3\nO X_\n");
        assert!(d.caption.contains("starting row"), "{}", d.caption);
    }

    #[test]
    fn checkers_paths_are_replayed_to_the_last_legal_jump() {
        let board = "5\n_._._\n._.W.\n_._._\n.W._.\nB._._\n";
        let d = draw("checkers-path", board, "a1 c3 a1\n");
        assert!(d.caption.contains("jump 1"), "{}", d.caption);
        assert!(d.caption.contains("no white piece on b2"), "{}", d.caption);
        let d = draw("checkers-path", board, "None\n");
        assert!(d.caption.contains("no legal jump"), "{}", d.caption);
        let d = draw("checkers", board, "Multiple\n");
        assert!(d.caption.contains("says Multiple"), "{}", d.caption);
        assert!(d.svg.contains("<svg"));
    }
}
