//! A tiny stroke font for the labels in drawings (square names, row and move numbers): digits and
//! lower-case letters drawn as SVG paths, so a picture looks the same in every browser and in
//! the PNG files made for LaTeX, whatever fonts the machine has, and gives the same bytes
//! everywhere.
//!
//! Glyphs live on a grid 4 units wide: digits and ascenders reach from y = 0 to the baseline at
//! y = 6, the x-height is y = 2 and descenders go down to y = 8.

/// Horizontal distance from one glyph's origin to the next, in grid units.
pub const ADVANCE: f64 = 5.5;
/// Height from the top of a digit to the baseline, in grid units.
pub const CAP_HEIGHT: f64 = 6.0;

/// The path data of one glyph in grid units, or `None` for characters the font lacks.
fn glyph(c: char) -> Option<&'static str> {
    Some(match c {
        '0' => "M1 0L3 0L4 1L4 5L3 6L1 6L0 5L0 1Z",
        '1' => "M0.8 1.2L2 0L2 6M0.8 6L3.2 6",
        '2' => "M0 1L1 0L3 0L4 1L4 2.2L0 6L4 6",
        '3' => "M0 0L4 0L2 2.5L3 2.5L4 3.5L4 5L3 6L1 6L0 5",
        '4' => "M3 6L3 0L0 4.2L4 4.2",
        '5' => "M4 0L0.3 0L0 2.6L3 2.6L4 3.6L4 5L3 6L0 6",
        '6' => "M3.5 0L2 0L0 2L0 5L1 6L3 6L4 5L4 3.6L3 2.6L0 2.6",
        '7' => "M0 0L4 0L1.4 6",
        '8' => "M1 0L3 0L4 1L4 2L3 3L1 3L0 4L0 5L1 6L3 6L4 5L4 4L3 3L1 3L0 2L0 1Z",
        '9' => "M0.5 6L2 6L4 4L4 1L3 0L1 0L0 1L0 2.4L1 3.4L4 3.4",
        'a' => "M4 2L4 6M4 3L3 2L1 2L0 3L0 5L1 6L3 6L4 5",
        'b' => "M0 0L0 6M0 3L1 2L3 2L4 3L4 5L3 6L1 6L0 5",
        'c' => "M4 2.6L3.4 2L1 2L0 3L0 5L1 6L3.4 6L4 5.4",
        'd' => "M4 0L4 6M4 3L3 2L1 2L0 3L0 5L1 6L3 6L4 5",
        'e' => "M0 4L4 4L4 3L3 2L1 2L0 3L0 5L1 6L3.4 6",
        'f' => "M3.6 0.2L3 0L2.4 0L1.6 0.8L1.6 6M0.2 2.4L3.2 2.4",
        'g' => "M4 2L4 7L3 8L1 8M4 3L3 2L1 2L0 3L0 5L1 6L3 6L4 5",
        'h' => "M0 0L0 6M0 3L1 2L3 2L4 3L4 6",
        'i' => "M2 2.4L2 6M2 0.4L2 0.9",
        'j' => "M3 2.4L3 7L2 8L0.8 8M3 0.4L3 0.9",
        'k' => "M0 0L0 6M3.8 2L0 4.6M1.4 3.6L4 6",
        'l' => "M1.6 0L1.6 5L2.6 6",
        'm' => "M0 6L0 2M0 3L0.6 2L1.4 2L2 3L2 6M2 3L2.6 2L3.4 2L4 3L4 6",
        'n' => "M0 2L0 6M0 3L1 2L3 2L4 3L4 6",
        'o' => "M1 2L3 2L4 3L4 5L3 6L1 6L0 5L0 3Z",
        'p' => "M0 2L0 8M0 3L1 2L3 2L4 3L4 5L3 6L1 6L0 5",
        'q' => "M4 2L4 8M4 3L3 2L1 2L0 3L0 5L1 6L3 6L4 5",
        'r' => "M0.4 2L0.4 6M0.4 3.6L2 2L3.6 2",
        's' => "M4 2.6L3.4 2L0.8 2L0 2.8L0 3.3L0.7 4L3.3 4L4 4.7L4 5.2L3.2 6L0.6 6L0 5.4",
        't' => "M1.6 0.6L1.6 5L2.6 6L3.6 6M0.2 2.2L3.4 2.2",
        'u' => "M0 2L0 5L1 6L3 6L4 5M4 2L4 6",
        'v' => "M0 2L2 6L4 2",
        'w' => "M0 2L1 6L2 3.4L3 6L4 2",
        'x' => "M0 2L4 6M4 2L0 6",
        'y' => "M0 2L2 6M4 2L1.6 8L0.6 8",
        'z' => "M0 2L4 2L0 6L4 6",
        '-' => "M0.6 4L3.4 4",
        ':' => "M2 2.4L2 2.9M2 5.4L2 5.9",
        ' ' => "",
        _ => return None,
    })
}

/// Path data for `text` with its top-left corner at (`x`, `y`), digits `height` pixels tall.
/// Characters the font lacks are drawn as a small box, so a missing glyph is visible.
pub fn text_path(text: &str, x: f64, y: f64, height: f64) -> String {
    let scale = height / CAP_HEIGHT;
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        let ox = x + i as f64 * ADVANCE * scale;
        let data = glyph(c).unwrap_or("M0 1L4 1L4 6L0 6Z");
        transform_path(data, ox, y, scale, &mut out);
    }
    out
}

/// The width in pixels of `text` drawn `height` pixels tall.
pub fn text_width(text: &str, height: f64) -> f64 {
    let n = text.chars().count();
    if n == 0 {
        return 0.0;
    }
    let scale = height / CAP_HEIGHT;
    ((n - 1) as f64 * ADVANCE + 4.0) * scale
}

/// Rewrites `M`/`L`/`Z` path data from grid units to pixels.
fn transform_path(data: &str, ox: f64, oy: f64, scale: f64, out: &mut String) {
    let mut numbers: Vec<f64> = Vec::with_capacity(2);
    let mut command = ' ';
    let flush = |command: char, numbers: &mut Vec<f64>, out: &mut String| {
        if numbers.len() == 2 {
            out.push_str(&format!(
                "{command}{} {}",
                fmt(ox + numbers[0] * scale),
                fmt(oy + numbers[1] * scale)
            ));
        }
        numbers.clear();
    };
    let mut token = String::new();
    for ch in data.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_digit() || ch == '.' {
            token.push(ch);
            continue;
        }
        if !token.is_empty() {
            numbers.push(token.parse().expect("glyph data holds plain numbers"));
            token.clear();
            if numbers.len() == 2 {
                flush(command, &mut numbers, out);
            }
        }
        match ch {
            'M' | 'L' => command = ch,
            'Z' => out.push('Z'),
            _ => {}
        }
    }
}

/// A coordinate with at most two decimals and no trailing zeros.
pub fn fmt(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_character_has_a_glyph() {
        for c in ('a'..='z').chain('0'..='9') {
            assert!(glyph(c).is_some_and(|g| !g.is_empty()), "{c}");
        }
    }

    #[test]
    fn glyphs_stay_inside_their_box() {
        for c in ('a'..='z').chain('0'..='9') {
            let path = text_path(&c.to_string(), 0.0, 0.0, CAP_HEIGHT);
            for part in path.split(['M', 'L', 'Z']).filter(|p| !p.is_empty()) {
                let mut xy = part.split(' ').map(|v| v.parse::<f64>().unwrap());
                let (x, y) = (xy.next().unwrap(), xy.next().unwrap());
                assert!(
                    (0.0..=4.0).contains(&x) && (0.0..=8.0).contains(&y),
                    "{c}: {part}"
                );
            }
        }
    }

    #[test]
    fn paths_are_scaled_and_placed() {
        assert_eq!(
            text_path("1", 10.0, 20.0, 12.0),
            "M11.6 22.4L14 20L14 32M11.6 32L16.4 32"
        );
        assert_eq!(fmt(1.0), "1");
        assert_eq!(fmt(2.5), "2.5");
        assert_eq!(fmt(-0.001), "0");
        assert_eq!(text_width("10", 6.0), 9.5);
    }
}
