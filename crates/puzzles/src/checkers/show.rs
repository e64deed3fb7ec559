//! `leapfrog solve checkers --show`: the board drawn before the move and after every jump, the
//! moving piece marked `@` (and coloured on a terminal).

use std::io::Write;

use super::board::{BLACK, Board, EMPTY, Square, WHITE};
use super::decide::capturing_pieces;
use super::trail::capture_path;

/// Writes the drawing for a board: the answer, then one diagram per step of a capture path.
pub fn draw(board: &Board, out: &mut dyn Write) -> std::io::Result<()> {
    let solvers = capturing_pieces(board);
    let whites = board.whites();
    let pieces = if whites == 1 {
        "the white piece".to_string()
    } else {
        format!("all {whites} white pieces")
    };
    let mut text = String::new();
    match solvers.as_slice() {
        [] => {
            text.push_str(&format!(
                "None: no black piece can capture {pieces} in one move.\n\n"
            ));
            draw_board(board, &mut text, None, &[]);
        }
        [_, ..] => {
            if solvers.len() > 1 {
                let names: Vec<String> = solvers.iter().map(|&s| board.name(s)).collect();
                text.push_str(&format!(
                    "Multiple: {} can each capture {pieces}; the first one's path follows.\n\n",
                    names.join(" and ")
                ));
            }
            let path = capture_path(board, solvers[0]);
            text.push_str(&format!(
                "{} captures {pieces} in {} jump{}: {}\n\n",
                board.name(path[0]),
                path.len() - 1,
                if path.len() == 2 { "" } else { "s" },
                path.iter()
                    .map(|&s| board.name(s))
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
            draw_board(board, &mut text, Some(path[0]), &[]);
            for (jump, pair) in path.windows(2).enumerate() {
                let middle = Square {
                    row: (pair[0].row + pair[1].row) / 2,
                    col: (pair[0].col + pair[1].col) / 2,
                };
                text.push_str(&format!(
                    "\njump {}: {} over {} to {}\n",
                    jump + 1,
                    board.name(pair[0]),
                    board.name(middle),
                    board.name(pair[1])
                ));
                draw_board(board, &mut text, Some(pair[1]), &path[..jump + 2]);
            }
        }
    }
    out.write_all(text.as_bytes())
}

/// One diagram: ranks down the left, files along the bottom. `path` is the part of the move
/// made so far (its start square is vacated, the white pieces between its squares are gone).
fn draw_board(board: &Board, text: &mut String, mover: Option<Square>, path: &[Square]) {
    let n = board.size();
    let captured = |sq: Square| {
        path.windows(2)
            .any(|p| sq.row * 2 == p[0].row + p[1].row && sq.col * 2 == p[0].col + p[1].col)
    };
    let piece = console::Style::new().bold();
    let moving = console::Style::new().green().bold();
    for row in 0..n {
        text.push_str(&format!("{:>3} ", n - row));
        for col in 0..n {
            let sq = Square { row, col };
            let mut cell = board.at(sq);
            if path.first() == Some(&sq) || (cell == WHITE && captured(sq)) {
                cell = EMPTY;
            }
            if mover == Some(sq) {
                text.push_str(&moving.apply_to('@').to_string());
            } else if cell == BLACK || cell == WHITE {
                text.push_str(&piece.apply_to(cell as char).to_string());
            } else {
                text.push(cell as char);
            }
            text.push(if col + 1 == n { '\n' } else { ' ' });
        }
    }
    text.push_str("    ");
    for col in 0..n {
        text.push((b'a' + col as u8) as char);
        text.push(if col + 1 == n { '\n' } else { ' ' });
    }
}
