//! An exhaustive checkers solver for tests only: it tries every capture sequence of every black
//! piece on a plain character grid, sharing nothing with the reference solver (no classes, no
//! graphs, no Euler), plus a replay of a capture path that judges it move by move.

/// A board as rows of characters, row 0 = the first input line (the top rank).
pub struct Grid {
    pub n: usize,
    pub cells: Vec<Vec<u8>>,
}

impl Grid {
    /// Reads a well-formed problem input.
    pub fn parse(text: &str) -> Grid {
        let mut lines = text.lines();
        let n: usize = lines
            .next()
            .expect("size line")
            .trim()
            .parse()
            .expect("a size");
        let cells: Vec<Vec<u8>> = lines.take(n).map(|l| l.as_bytes().to_vec()).collect();
        assert_eq!(cells.len(), n);
        Grid { n, cells }
    }

    fn whites(&self) -> usize {
        self.cells.iter().flatten().filter(|&&c| c == b'W').count()
    }

    /// `a1` is the bottom-left square.
    pub fn name(&self, row: usize, col: usize) -> String {
        format!("{}{}", (b'a' + col as u8) as char, self.n - row)
    }

    fn square(&self, name: &str) -> Option<(usize, usize)> {
        let bytes = name.as_bytes();
        let col = bytes.first()?.checked_sub(b'a')? as usize;
        let rank: usize = name.get(1..)?.parse().ok()?;
        (col < self.n && (1..=self.n).contains(&rank) && !name[1..].starts_with('0'))
            .then(|| (self.n - rank, col))
    }

    /// The squares of every black piece that can capture all white pieces in one move.
    pub fn capturing_pieces(&self) -> Vec<(usize, usize)> {
        let total = self.whites();
        let mut found = Vec::new();
        for row in 0..self.n {
            for col in 0..self.n {
                if self.cells[row][col] != b'B' {
                    continue;
                }
                let mut grid = self.cells.clone();
                grid[row][col] = b'_';
                if search(&mut grid, row as isize, col as isize, total) {
                    found.push((row, col));
                }
            }
        }
        found
    }

    /// The answer line the `checkers` problem expects.
    pub fn answer(&self) -> String {
        match self.capturing_pieces().as_slice() {
            [] => "None".to_string(),
            [(r, c)] => self.name(*r, *c),
            _ => "Multiple".to_string(),
        }
    }

    /// Replays a capture path given as square names; Ok when every jump is legal and every
    /// white piece is captured.
    pub fn replay(&self, path: &[&str]) -> Result<(), String> {
        let mut grid = self.cells.clone();
        let squares: Vec<(usize, usize)> = path
            .iter()
            .map(|name| {
                self.square(name)
                    .ok_or_else(|| format!("'{name}' is not a square"))
            })
            .collect::<Result<_, _>>()?;
        let Some(&(mut row, mut col)) = squares.first() else {
            return Err("empty path".into());
        };
        if grid[row][col] != b'B' {
            return Err(format!("{} holds no black piece", path[0]));
        }
        grid[row][col] = b'_';
        for (i, &(to_row, to_col)) in squares.iter().enumerate().skip(1) {
            let (dr, dc) = (
                to_row as isize - row as isize,
                to_col as isize - col as isize,
            );
            if dr.abs() != 2 || dc.abs() != 2 {
                return Err(format!("jump {i} to {} is not a diagonal jump", path[i]));
            }
            let (mr, mc) = (
                (row as isize + dr / 2) as usize,
                (col as isize + dc / 2) as usize,
            );
            if grid[mr][mc] != b'W' {
                return Err(format!("jump {i} to {} passes no white piece", path[i]));
            }
            if grid[to_row][to_col] != b'_' {
                return Err(format!("jump {i} lands on an occupied square {}", path[i]));
            }
            grid[mr][mc] = b'_';
            (row, col) = (to_row, to_col);
        }
        let left = grid.iter().flatten().filter(|&&c| c == b'W').count();
        if left > 0 {
            return Err(format!("{left} white pieces are left"));
        }
        Ok(())
    }
}

/// Depth-first search over every sequence of jumps from (row, col); true when one of them
/// captures `left` more white pieces.
fn search(grid: &mut [Vec<u8>], row: isize, col: isize, left: usize) -> bool {
    if left == 0 {
        return true;
    }
    let n = grid.len() as isize;
    for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let (mr, mc, tr, tc) = (row + dr, col + dc, row + 2 * dr, col + 2 * dc);
        if tr < 0 || tc < 0 || tr >= n || tc >= n {
            continue;
        }
        let (mr, mc, tr_u, tc_u) = (mr as usize, mc as usize, tr as usize, tc as usize);
        if grid[mr][mc] != b'W' || grid[tr_u][tc_u] != b'_' {
            continue;
        }
        grid[mr][mc] = b'_';
        let done = search(grid, tr, tc, left - 1);
        grid[mr][mc] = b'W';
        if done {
            return true;
        }
    }
    false
}
