//! Pictures of the puzzles: a checkers board or a row of the one-dimensional games, and a move
//! sequence as a strip of frames, drawn as SVG (and rasterised to PNG for LaTeX statements).
//!
//! - boards are the `checkers` puzzle's own ([`leapfrog_puzzles::checkers::board`]), read with
//!   the looser rules of drawings, and capture paths (`b2 d4 f2`) replay on them
//!   ([`leapfrog_puzzles::checkers::path`]);
//! - [`row`]: rows such as `BB_WW` or `OO_XX` and moves named by square number;
//! - [`svg`]: the SVG builder and the pieces, arrows and highlights;
//! - `draw_board`, `draw_row`: laying boards and rows out as strips of frames;
//! - [`glyphs`]: a stroke font for labels, so pictures do not depend on installed fonts;
//! - [`png`]: rasterising a drawing with resvg.

mod draw_board;
mod draw_row;
pub mod glyphs;
pub mod png;
pub mod row;
pub mod svg;

use anyhow::{Context, bail};
use row::Row;

use leapfrog_puzzles::checkers::{Board, path};

pub use draw_board::board_svg;
pub use draw_row::rows_svg;

/// What a picture's text describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A square board in the `checkers` input format: n, then n rows of `.`, `_`, `B`, `W`.
    Board,
    /// A row such as `BB_WW` or `OO_XX` (one per line; several lines are successive frames).
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
/// The context of an error in the moves rather than in the drawing, so that a caller can blame
/// where the moves came from (`--moves`, a file) instead of the board's source.
#[derive(Debug, Clone, Copy)]
pub struct InTheMoves;

impl std::fmt::Display for InTheMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("in the moves")
    }
}

pub fn draw(
    kind: Kind,
    text: &str,
    moves: Option<&str>,
    layout: &Layout,
) -> anyhow::Result<String> {
    match kind {
        Kind::Board => {
            let start = Board::parse_drawing(text.as_bytes())?;
            let (jumps, boards) = match moves {
                Some(m) => path::play_path(&start, m).context(InTheMoves)?,
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
                    row::play_moves(&frames[0], m, layout.first_square).context(InTheMoves)?;
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
