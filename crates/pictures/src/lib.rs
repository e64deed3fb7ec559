//! Pictures of the puzzles: a checkers board or a row of the one-dimensional games, and a move
//! sequence as a strip of frames, drawn as SVG with `leapfrog-render`'s building blocks; and the
//! picture at the failure of a wrong answer. The registry reaches both through [`DRAWINGS`].
//!
//! - boards are the `checkers` puzzle's own ([`leapfrog_puzzles::checkers::board`]), read with
//!   the looser rules of drawings, and capture paths (`b2 d4 f2`) replay on them
//!   ([`leapfrog_puzzles::checkers::path`]);
//! - [`row`]: rows such as `BB_WW` or `OO_XX` and moves named by square number;
//! - `draw_board`, `draw_row`: laying boards and rows out as strips of frames;
//! - [`failure`]: the board or row where a rejected output goes wrong (the report page).

mod draw_board;
mod draw_row;
pub mod failure;
pub mod row;

use row::Row;

use leapfrog_puzzles::checkers::{Board, path};
pub use leapfrog_registry::{DrawError, Drawings, Kind, Layout, MAX_FRAMES};

pub use draw_board::board_svg;
pub use draw_row::rows_svg;

/// How the registry draws: [`draw`] and [`failure::at_failure`].
pub const DRAWINGS: Drawings = Drawings {
    draw,
    at_failure: failure::at_failure,
};

/// Draws a board or rows from their text form, with optional moves.
pub fn draw(
    kind: Kind,
    text: &str,
    moves: Option<&str>,
    layout: &Layout,
) -> Result<String, DrawError> {
    match kind {
        Kind::Board => {
            let start = Board::parse_drawing(text.as_bytes())?;
            let (jumps, boards) = match moves {
                Some(m) => path::play_path(&start, m).map_err(|e| DrawError::Moves(e.into()))?,
                None => (Vec::new(), Vec::new()),
            };
            if jumps.len() + 1 > MAX_FRAMES {
                return Err(DrawError::TooManyFrames);
            }
            Ok(board_svg(&start, &jumps, &boards, layout))
        }
        Kind::Row => {
            let mut frames = Row::parse_frames(text)?;
            if let Some(m) = moves {
                if frames.len() > 1 {
                    return Err(DrawError::RowsAndMoves);
                }
                let played = row::play_moves(&frames[0], m, layout.first_square)
                    .map_err(|e| DrawError::Moves(e.into()))?;
                frames.extend(played);
            }
            if frames.len() > MAX_FRAMES {
                return Err(DrawError::TooManyFrames);
            }
            Ok(rows_svg(&frames, layout))
        }
    }
}
