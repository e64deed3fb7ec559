//! Pictures of the puzzles: a checkers board or a row of the one-dimensional games, and a move
//! sequence as a strip of frames, drawn as SVG (and rasterised to PNG for LaTeX statements).
//!
//! - [`board`]: the `checkers` board format and capture paths (`b2 d4 f2`);
//! - [`row`]: rows such as `BB_WW` or `OOO_XXX` and moves named by square number;
//! - [`svg`]: the SVG builder and the pieces, arrows and highlights;
//! - [`glyphs`]: a stroke font for labels, so pictures do not depend on installed fonts;
//! - [`png`]: rasterising a drawing with resvg.

pub mod board;
pub mod glyphs;
pub mod png;
pub mod row;
pub mod svg;

use anyhow::{Context, bail};
use board::{Board, Cell, Jump};
use glyphs::fmt;
use row::{Piece, Row};
use svg::{Svg, colour};

/// What a picture's text describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A square board in the `checkers` input format: n, then n rows of `.`, `_`, `B`, `W`.
    Board,
    /// A row such as `BB_WW` or `OOO_XXX` (one per line; several lines are successive frames).
    Row,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Board => "board",
            Kind::Row => "row",
        }
    }
}

/// Draws a board or rows from their text form, with optional moves.
pub fn draw(
    kind: Kind,
    text: &str,
    moves: Option<&str>,
    layout: &Layout,
) -> anyhow::Result<String> {
    match kind {
        Kind::Board => {
            let start = Board::parse(text)?;
            let (jumps, boards) = match moves {
                Some(m) => board::play_path(&start, m).context("in the moves")?,
                None => (Vec::new(), Vec::new()),
            };
            if jumps.len() + 1 > MAX_FRAMES {
                bail!(
                    "too many moves: a drawing holds at most {} frames",
                    MAX_FRAMES
                );
            }
            Ok(board_svg(&start, &jumps, &boards, layout))
        }
        Kind::Row => {
            let mut frames = Row::parse_frames(text)?;
            if let Some(m) = moves {
                if frames.len() > 1 {
                    bail!(
                        "give either several rows (one per move) or one row and --moves, not both"
                    );
                }
                let played =
                    row::play_moves(&frames[0], m, layout.first_square).context("in the moves")?;
                frames.extend(played);
            }
            if frames.len() > MAX_FRAMES {
                bail!(
                    "too many moves: a drawing holds at most {} frames",
                    MAX_FRAMES
                );
            }
            Ok(rows_svg(&frames, layout))
        }
    }
}

/// How to lay a drawing out.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Board frames per line of the strip (rows always stack one frame per line).
    pub columns: usize,
    /// Prefix for the ids inside the SVG (for several drawings on one page).
    pub id_prefix: String,
    /// Draw square names, row numbers and move numbers.
    pub labels: bool,
    /// The number of a row's leftmost square (1, or 0 as in `pairs`), for labels and moves.
    pub first_square: usize,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            columns: 4,
            id_prefix: "lf-".into(),
            labels: true,
            first_square: 1,
        }
    }
}

/// The most frames one drawing holds.
pub const MAX_FRAMES: usize = 1000;

const CELL: f64 = 36.0;
const MARGIN: f64 = 18.0;
const LABEL: f64 = 9.0;
const CAPTION: f64 = 22.0;
const GAP: f64 = 16.0;

/// Draws a board, and after it the board after each jump of `jumps` (`boards[i]` is the board
/// after jump `i`).
pub fn board_svg(start: &Board, jumps: &[Jump], boards: &[Board], layout: &Layout) -> String {
    let n = start.size as f64;
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
        format!("A {}×{} checkers board", start.size, start.size)
    } else {
        let mut names = vec![start.square_name(jumps[0].from)];
        names.extend(jumps.iter().map(|j| start.square_name(j.to)));
        format!(
            "A {}×{} checkers board and the capture path {}",
            start.size,
            start.size,
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
                Some(j) => format!(
                    "{} {}-{}",
                    frame,
                    start.square_name(j.from),
                    start.square_name(j.to)
                ),
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
    svg.finish(&board_text(start))
}

fn draw_board_frame(svg: &mut Svg, board: &Board, jump: Option<Jump>, margin: f64, labels: bool) {
    let n = board.size;
    let ox = margin;
    let oy = 1.0;
    let centre = |sq: board::Square| {
        (
            ox + sq.col as f64 * CELL + CELL / 2.0,
            oy + sq.row as f64 * CELL + CELL / 2.0,
        )
    };
    for (sq, cell) in board.squares() {
        let (fill, class) = if cell == Cell::Off {
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
    for (sq, cell) in board.squares() {
        let (cx, cy) = centre(sq);
        match cell {
            Cell::Black => svg::piece(svg, cx, cy, r, true, "black"),
            Cell::White => svg::piece(svg, cx, cy, r, false, "white"),
            Cell::Off | Cell::Empty => {}
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
}

/// The board in its input form, for the drawing's description.
fn board_text(board: &Board) -> String {
    let mut text = format!("{}\n", board.size);
    for (sq, cell) in board.squares() {
        text.push(match cell {
            Cell::Off => '.',
            Cell::Empty => '_',
            Cell::Black => 'B',
            Cell::White => 'W',
        });
        if sq.col + 1 == board.size {
            text.push('\n');
        }
    }
    text
}

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
                Piece::Dark => svg::piece(&mut svg, cx, cy, r, true, "dark"),
                Piece::Light => svg::piece(&mut svg, cx, cy, r, false, "light"),
                Piece::Empty => {}
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
    let description: Vec<String> = frames.iter().map(row_text).collect();
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
        if *b == Piece::Empty {
            from.push(s);
        } else if *a == Piece::Empty {
            to.push(s);
        }
    }
    (from, to)
}

fn row_text(row: &Row) -> String {
    row.squares
        .iter()
        .map(|p| match p {
            Piece::Dark => 'B',
            Piece::Light => 'W',
            Piece::Empty => '_',
        })
        .collect()
}
