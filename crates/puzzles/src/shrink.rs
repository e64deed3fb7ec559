//! The common shapes of problem inputs and how each shrinks: every candidate is a little smaller
//! than the input (a piece removed, a border cropped, a number halved, a query dropped). A
//! family's registry entry names the one its problems use (a family with another input shape
//! writes its own [`super::registry::ShrinkFn`]). Candidates are not checked here; the stress
//! tester keeps only those the package's input validators accept.

/// `n`, then `n` rows of `n` cells (`.`, `_`, `B`, `W`): crop a border, remove a piece.
pub fn board(input: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(input);
    let mut lines = text.lines();
    let Some(n) = lines.next().and_then(|l| l.trim().parse::<usize>().ok()) else {
        return Vec::new();
    };
    let rows: Vec<Vec<u8>> = lines
        .take(n)
        .map(|l| l.trim_end().as_bytes().to_vec())
        .collect();
    if rows.len() != n || rows.iter().any(|r| r.len() != n) {
        return Vec::new();
    }
    let render = |rows: &[Vec<u8>]| {
        let mut out = format!("{}\n", rows.len()).into_bytes();
        for row in rows {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
        out
    };
    let mut found = Vec::new();
    if n > 2 {
        // Crop one row and one column from each corner's sides.
        for (drop_top, drop_left) in [(true, true), (true, false), (false, true), (false, false)] {
            let kept_rows = if drop_top { &rows[1..] } else { &rows[..n - 1] };
            let cropped: Vec<Vec<u8>> = kept_rows
                .iter()
                .map(|r| {
                    if drop_left {
                        r[1..].to_vec()
                    } else {
                        r[..n - 1].to_vec()
                    }
                })
                .collect();
            found.push(render(&cropped));
        }
    }
    // Remove one piece: white pieces first (the usual culprits), then black ones.
    for piece in [b'W', b'B'] {
        for r in 0..n {
            for c in 0..n {
                if rows[r][c] == piece {
                    let mut smaller = rows.clone();
                    smaller[r][c] = b'_';
                    found.push(render(&smaller));
                }
            }
        }
    }
    found
}

/// Smaller values for a number, largest cut first: v/2, v - v/4, v - v/8, ..., v - 1, so that a
/// number shrinks towards a threshold in logarithmically many steps.
fn smaller_values(value: u128) -> Vec<u128> {
    let mut values = Vec::new();
    let mut cut = value - value / 2;
    while cut > 0 {
        values.push(value - cut);
        cut /= 2;
    }
    if values.last() != Some(&(value.saturating_sub(1))) && value > 0 {
        values.push(value - 1);
    }
    values.dedup();
    values
}

/// A few integers (row sizes, a label): shrink each of them.
pub fn numbers(input: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(input);
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let render = |lines: &[Vec<String>]| {
        lines
            .iter()
            .map(|l| l.join(" ") + "\n")
            .collect::<String>()
            .into_bytes()
    };
    let owned: Vec<Vec<String>> = lines
        .iter()
        .map(|l| l.iter().map(|t| t.to_string()).collect())
        .collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        for (j, token) in line.iter().enumerate() {
            let Ok(value) = token.parse::<u128>() else {
                continue;
            };
            for smaller in smaller_values(value) {
                let mut variant = owned.clone();
                variant[i][j] = smaller.to_string();
                found.push(render(&variant));
            }
        }
    }
    found
}

/// `n m q`, then `q` lines with one index each: drop queries, shrink the game or an index.
pub fn queries(input: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(input);
    let mut lines = text.lines();
    let header: Vec<u128> = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let [n, m, _] = header[..] else {
        return numbers(input);
    };
    let indices: Vec<u128> = lines.filter_map(|l| l.trim().parse().ok()).collect();
    let render = |n: u128, m: u128, indices: &[u128]| {
        let mut out = format!("{n} {m} {}\n", indices.len());
        for i in indices {
            out.push_str(&format!("{i}\n"));
        }
        out.into_bytes()
    };
    let mut found = Vec::new();
    let q = indices.len();
    if q > 1 {
        found.push(render(n, m, &indices[..q / 2]));
        found.push(render(n, m, &indices[q / 2..]));
    }
    if q > 1 && q <= 32 {
        for drop in 0..q {
            let kept: Vec<u128> = indices
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != drop)
                .map(|(_, &i)| i)
                .collect();
            found.push(render(n, m, &kept));
        }
    }
    // Smaller boards keep only the indices that still exist.
    for (n2, m2) in smaller_values(n)
        .into_iter()
        .map(|v| (v, m))
        .chain(smaller_values(m).into_iter().map(|v| (n, v)))
    {
        let last = n2 * m2 + n2 + m2;
        let kept: Vec<u128> = indices.iter().copied().filter(|&i| i <= last).collect();
        if !kept.is_empty() {
            found.push(render(n2, m2, &kept));
        }
    }
    for k in 0..q.min(32) {
        for smaller in smaller_values(indices[k]) {
            let mut variant = indices.clone();
            variant[k] = smaller;
            found.push(render(n, m, &variant));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_candidates_crop_and_remove_pieces() {
        let input = b"3\n._.\nW.B\n._.\n";
        let found = board(input);
        // Without the top row and the left column.
        assert_eq!(found[0], b"2\n.B\n_.\n");
        assert!(
            found.contains(&b"3\n._.\n_.B\n._.\n".to_vec()),
            "the white piece removed"
        );
        assert!(
            found.contains(&b"3\n._.\nW._\n._.\n".to_vec()),
            "the black piece removed"
        );
        assert_eq!(found.len(), 4 + 2);
    }

    #[test]
    fn numbers_halve_and_decrement() {
        let found = numbers(b"10 3\n");
        let expected: Vec<Vec<u8>> = ["5 3", "8 3", "9 3", "10 1", "10 2"]
            .iter()
            .map(|s| format!("{s}\n").into_bytes())
            .collect();
        assert_eq!(found, expected);
        assert_eq!(numbers(b"1\n"), [b"0\n".to_vec()]);
        assert!(numbers(b"0\n").is_empty());
    }

    #[test]
    fn queries_drop_lines_and_keep_the_count_right() {
        let found = queries(b"4 4 3\n1\n24\n7\n");
        assert_eq!(found[0], b"4 4 1\n1\n");
        assert!(found.contains(&b"4 4 2\n1\n7\n".to_vec()));
        // n = 2: 2*4+2+4 = 14, so index 24 goes.
        assert!(found.contains(&b"2 4 2\n1\n7\n".to_vec()));
    }
}
