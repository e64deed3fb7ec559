//! What a drawing of a puzzle is, as the tools ask for one: the kind of text drawn, the layout,
//! the errors, and the two functions the pictures crate fills in.

use std::path::Path;

use super::{InputError, Picture};

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

/// Why a board or rows could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// The text is not a board or a row (the line and column are the text's own).
    #[error(transparent)]
    Input(#[from] InputError),
    /// The moves do not play on the drawing: the moves' fault, not the board's, so that a caller
    /// can blame where the moves came from (`--moves`, a file) instead of the board's source.
    #[error("in the moves")]
    Moves(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// More frames than [`MAX_FRAMES`].
    #[error("too many moves: a drawing holds at most {MAX_FRAMES} frames")]
    TooManyFrames,
    /// Several rows and moves as well: which one is the start?
    #[error("give either several rows (one per move) or one row and --moves, not both")]
    RowsAndMoves,
}

/// A drawing and a sentence saying what it shows.
pub struct Drawing {
    pub svg: String,
    pub caption: String,
}

/// Draws a board or rows from their text form, with optional moves.
pub type DrawFn = fn(Kind, &str, Option<&str>, &Layout) -> Result<String, DrawError>;

/// How boards and rows are drawn (`leapfrog-pictures` fills it in).
pub struct Drawings {
    /// Draws a board or rows from their text form, with optional moves (`leapfrog render`,
    /// pictures in statements).
    pub draw: DrawFn,
    /// Draws where an output (the file at the second path) goes wrong on an input (the first)
    /// for a problem drawn as the [`Picture`]; `None` when there is nothing to draw. The report
    /// page shows it beside a wrong answer.
    pub at_failure: fn(Picture, &Path, &Path) -> Option<Drawing>,
}
