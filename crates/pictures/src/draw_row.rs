//! Drawing rows: the squares of a one-dimensional game, and a move sequence as a vertical strip,
//! one row per move, with an arc from each square a piece left to the square it landed on.

use super::Layout;
use super::row::Row;
use leapfrog_puzzles::shifting::game::Square;
use leapfrog_render::glyphs::{self, fmt};
use leapfrog_render::svg::{self, LABEL, Svg, colour};

const ROW_CELL: f64 = 32.0;
const ARC: f64 = 14.0;

/// Draws rows as a vertical strip: the first row, then each following row with the move that
/// led to it marked (an arc from the square a piece left to where it landed).
pub fn rows_svg(frames: &[Row], layout: &Layout) -> String {
    let squares = frames[0].squares.len();
    let numbered = frames.len() > 1;
    let left = if layout.labels && numbered {
        glyphs::text_width(&(frames.len() - 1).to_string(), LABEL) + 12.0
    } else {
        2.0
    };
    let top = if layout.labels { 16.0 } else { 2.0 };
    let frame_h = ROW_CELL + if numbered { ARC } else { 0.0 } + 6.0;
    let width = left + squares as f64 * ROW_CELL + 2.0;
    let height = top + frames.len() as f64 * frame_h;
    let title = if numbered {
        format!("A row of {squares} squares and {} moves", frames.len() - 1)
    } else {
        format!("A row of {squares} squares")
    };
    let mut svg = Svg::new(width, height, &title, &layout.id_prefix);
    if layout.labels {
        for s in 0..squares {
            let cx = left + s as f64 * ROW_CELL + ROW_CELL / 2.0;
            let number = s + layout.first_square;
            svg.label_centred(&number.to_string(), cx, 3.0, LABEL, colour::LABEL);
        }
    }
    let r = ROW_CELL * 0.36;
    for (i, row) in frames.iter().enumerate() {
        let y = top + i as f64 * frame_h + if numbered { ARC } else { 0.0 };
        svg.open(
            "g",
            &[
                ("class", "frame".into()),
                ("transform", format!("translate({} {})", fmt(left), fmt(y))),
            ],
        );
        for (s, &piece) in row.squares.iter().enumerate() {
            let x = s as f64 * ROW_CELL;
            svg.leaf(
                "rect",
                &[
                    ("class", "square".into()),
                    ("x", fmt(x + 1.0)),
                    ("y", "1".into()),
                    ("width", fmt(ROW_CELL - 2.0)),
                    ("height", fmt(ROW_CELL - 2.0)),
                    ("rx", "4".into()),
                    ("fill", colour::ROW_SQUARE.into()),
                    ("stroke", colour::SQUARE_EDGE.into()),
                    ("stroke-width", "1".into()),
                ],
            );
            let (cx, cy) = (x + ROW_CELL / 2.0, ROW_CELL / 2.0);
            match piece {
                Square::Black => svg::piece(&mut svg, cx, cy, r, true, "dark"),
                Square::White => svg::piece(&mut svg, cx, cy, r, false, "light"),
                Square::Empty => {}
            }
        }
        if i > 0 {
            let (from, to) = move_between(&frames[i - 1], row);
            for &s in &to {
                let cx = s as f64 * ROW_CELL + ROW_CELL / 2.0;
                svg::highlight(&mut svg, cx, ROW_CELL / 2.0, r + 2.5);
            }
            if from.len() == to.len() {
                for (&a, &b) in from.iter().zip(&to) {
                    let x1 = a as f64 * ROW_CELL + ROW_CELL / 2.0;
                    let x2 = b as f64 * ROW_CELL + ROW_CELL / 2.0;
                    let mid = (x1 + x2) / 2.0;
                    let d = format!(
                        "M{} 2Q{} {} {} 2",
                        fmt(x1),
                        fmt(mid),
                        fmt(-ARC * 1.3),
                        fmt(x2 + if x2 > x1 { -2.0 } else { 2.0 })
                    );
                    svg::arrow(&mut svg, d, 2.0);
                }
            }
        }
        svg.close("g");
        if layout.labels && numbered && i > 0 {
            let text = i.to_string();
            let w = glyphs::text_width(&text, LABEL);
            svg.label(
                &text,
                left - 8.0 - w,
                y + ROW_CELL / 2.0 - LABEL / 2.0,
                LABEL,
                colour::LABEL,
            );
        }
    }
    let description: Vec<String> = frames.iter().map(Row::text).collect();
    svg.finish(&description.join("\n"))
}

/// The squares pieces left and the squares they landed on between two rows, left to right.
fn move_between(before: &Row, after: &Row) -> (Vec<usize>, Vec<usize>) {
    let mut from = Vec::new();
    let mut to = Vec::new();
    for (s, (a, b)) in before.squares.iter().zip(&after.squares).enumerate() {
        if a == b {
            continue;
        }
        if *b == Square::Empty {
            from.push(s);
        } else if *a == Square::Empty {
            to.push(s);
        }
    }
    (from, to)
}
