//! Drawing boards: a square board with lettered columns and numbered rows, and a capture path
//! as a strip of boards, one per jump, with the jump's arrow and the captured piece crossed out.

use super::Layout;
use leapfrog_puzzles::checkers::board::{self, BLACK, Board, Square, UNUSABLE, WHITE};
use leapfrog_puzzles::checkers::path::Jump;
use leapfrog_render::glyphs::{self, fmt};
use leapfrog_render::svg::{self, LABEL, Svg, colour};

const CELL: f64 = 36.0;
const MARGIN: f64 = 18.0;
const CAPTION: f64 = 22.0;
const GAP: f64 = 16.0;

/// Draws a board, and after it the board after each jump of `jumps` (`boards[i]` is the board
/// after jump `i`).
pub fn board_svg(start: &Board, jumps: &[Jump], boards: &[Board], layout: &Layout) -> String {
    let n = start.size() as f64;
    let frames = 1 + jumps.len();
    let columns = layout.columns.clamp(1, frames);
    let lines = frames.div_ceil(columns);
    let margin = if layout.labels { MARGIN } else { 2.0 };
    let caption = if frames > 1 { CAPTION } else { 0.0 };
    let frame_w = margin + n * CELL + 2.0;
    let frame_h = 2.0 + n * CELL + margin + caption;
    let width = columns as f64 * frame_w + (columns - 1) as f64 * GAP;
    let height = lines as f64 * frame_h + (lines - 1) as f64 * GAP;
    let title = if jumps.is_empty() {
        format!("A {}×{} checkers board", start.size(), start.size())
    } else {
        let mut names = vec![start.name(jumps[0].from)];
        names.extend(jumps.iter().map(|j| start.name(j.to)));
        format!(
            "A {}×{} checkers board and the capture path {}",
            start.size(),
            start.size(),
            names.join("-")
        )
    };
    let mut svg = Svg::new(width, height, &title, &layout.id_prefix);
    for frame in 0..frames {
        let x = (frame % columns) as f64 * (frame_w + GAP);
        let y = (frame / columns) as f64 * (frame_h + GAP);
        svg.open(
            "g",
            &[
                ("class", "frame".into()),
                ("transform", format!("translate({} {})", fmt(x), fmt(y))),
            ],
        );
        let board = if frame == 0 {
            start
        } else {
            &boards[frame - 1]
        };
        let jump = frame.checked_sub(1).map(|i| jumps[i]);
        draw_board_frame(&mut svg, board, jump, margin, layout.labels);
        if frames > 1 {
            let text = match jump {
                None => "start".to_string(),
                Some(j) => format!("{} {}-{}", frame, start.name(j.from), start.name(j.to)),
            };
            let cx = margin + n * CELL / 2.0;
            svg.label_centred(
                &text,
                cx,
                2.0 + n * CELL + margin + 6.0,
                LABEL + 1.0,
                colour::LABEL,
            );
        }
        svg.close("g");
    }
    svg.finish(&start.to_text())
}

fn draw_board_frame(svg: &mut Svg, board: &Board, jump: Option<Jump>, margin: f64, labels: bool) {
    let n = board.size();
    let ox = margin;
    let oy = 1.0;
    let centre = |sq: Square| {
        (
            ox + sq.col as f64 * CELL + CELL / 2.0,
            oy + sq.row as f64 * CELL + CELL / 2.0,
        )
    };
    for sq in board.squares() {
        let (fill, class) = if board.at(sq) == UNUSABLE {
            (colour::LIGHT_SQUARE, "square off")
        } else {
            (colour::DARK_SQUARE, "square playable")
        };
        svg.leaf(
            "rect",
            &[
                ("class", class.into()),
                ("x", fmt(ox + sq.col as f64 * CELL)),
                ("y", fmt(oy + sq.row as f64 * CELL)),
                ("width", fmt(CELL)),
                ("height", fmt(CELL)),
                ("fill", fill.into()),
            ],
        );
    }
    svg.leaf(
        "rect",
        &[
            ("x", fmt(ox)),
            ("y", fmt(oy)),
            ("width", fmt(n as f64 * CELL)),
            ("height", fmt(n as f64 * CELL)),
            ("fill", "none".into()),
            ("stroke", colour::SQUARE_EDGE.into()),
            ("stroke-width", "1.5".into()),
        ],
    );
    let r = CELL * 0.38;
    for sq in board.squares() {
        let (cx, cy) = centre(sq);
        match board.at(sq) {
            BLACK => svg::piece(svg, cx, cy, r, true, "black"),
            WHITE => svg::piece(svg, cx, cy, r, false, "white"),
            _ => {}
        }
    }
    if let Some(j) = jump {
        let (x1, y1) = centre(j.from);
        let (x2, y2) = centre(j.to);
        let (xo, yo) = centre(j.over);
        svg::cross(svg, xo, yo, CELL * 0.16);
        // Stop short of the landing square's centre so the head sits on the piece's rim.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt();
        let k = (len - r * 0.9) / len;
        let d = format!(
            "M{} {}L{} {}",
            fmt(x1),
            fmt(y1),
            fmt(x1 + dx * k),
            fmt(y1 + dy * k)
        );
        svg::arrow(svg, d, 3.0);
        svg::highlight(svg, x2, y2, r + 3.0);
    }
    if labels {
        draw_labels(svg, n, ox, oy);
    }
}

/// Column letters under the board and row numbers to its left.
fn draw_labels(svg: &mut Svg, n: usize, ox: f64, oy: f64) {
    for col in 0..n {
        let cx = ox + col as f64 * CELL + CELL / 2.0;
        svg.label_centred(
            &board::column_name(col),
            cx,
            oy + n as f64 * CELL + 5.0,
            LABEL,
            colour::LABEL,
        );
    }
    for row in 0..n {
        let text = (n - row).to_string();
        let cy = oy + row as f64 * CELL + CELL / 2.0;
        let w = glyphs::text_width(&text, LABEL);
        svg.label(&text, ox - 5.0 - w, cy - LABEL / 2.0, LABEL, colour::LABEL);
    }
}
