//! Writing SVG by hand: a small builder that escapes attribute values, plus the drawing of
//! boards and rows as frames. Colours are attributes on each element (no style sheet), so the
//! same file renders alike in browsers and in resvg.

use std::fmt::Write;

use super::glyphs::{fmt, text_path, text_width};

/// Palette shared by every drawing.
pub mod colour {
    pub const LIGHT_SQUARE: &str = "#f3e7cf";
    pub const DARK_SQUARE: &str = "#a47551";
    pub const ROW_SQUARE: &str = "#f6efe0";
    pub const SQUARE_EDGE: &str = "#7a5a3c";
    pub const DARK_PIECE: &str = "#222222";
    pub const DARK_PIECE_RIM: &str = "#555555";
    pub const LIGHT_PIECE: &str = "#fbfaf6";
    pub const LIGHT_PIECE_RIM: &str = "#333333";
    pub const MOVE: &str = "#d9480f";
    pub const LABEL: &str = "#444444";
}

/// Height in pixels of the labels (square names, row and move numbers).
pub const LABEL: f64 = 9.0;

/// An SVG document under construction.
pub struct Svg {
    body: String,
    width: f64,
    height: f64,
    title: String,
    /// Prefix for element ids, so several drawings can share one HTML page.
    id_prefix: String,
}

impl Svg {
    pub fn new(width: f64, height: f64, title: &str, id_prefix: &str) -> Svg {
        Svg {
            body: String::new(),
            width,
            height,
            title: title.to_string(),
            id_prefix: id_prefix.to_string(),
        }
    }

    /// The id of the arrow-head marker of this drawing.
    pub fn arrow_id(&self) -> String {
        format!("{}arrow", self.id_prefix)
    }

    /// Opens a group; `attrs` are name/value pairs.
    pub fn open(&mut self, tag: &str, attrs: &[(&str, String)]) {
        self.element(tag, attrs, false);
    }

    pub fn close(&mut self, tag: &str) {
        let _ = write!(self.body, "</{tag}>");
    }

    /// An empty element.
    pub fn leaf(&mut self, tag: &str, attrs: &[(&str, String)]) {
        self.element(tag, attrs, true);
    }

    fn element(&mut self, tag: &str, attrs: &[(&str, String)], empty: bool) {
        let _ = write!(self.body, "<{tag}");
        for (name, value) in attrs {
            let _ = write!(self.body, " {name}=\"{}\"", escape(value));
        }
        self.body.push_str(if empty { "/>" } else { ">" });
    }

    /// A label in the stroke font, its top-left corner at (`x`, `y`).
    pub fn label(&mut self, text: &str, x: f64, y: f64, height: f64, colour: &str) {
        let d = text_path(text, x, y, height);
        self.leaf(
            "path",
            &[
                ("class", "label".into()),
                ("d", d),
                ("fill", "none".into()),
                ("stroke", colour.into()),
                ("stroke-width", fmt(height / 7.0)),
                ("stroke-linecap", "round".into()),
                ("stroke-linejoin", "round".into()),
            ],
        );
        // The words themselves, for screen readers, search and copy (not painted).
        let _ = write!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill-opacity=\"0\" aria-hidden=\"true\">{}</text>",
            fmt(x),
            fmt(y + height),
            fmt(height),
            escape(text)
        );
    }

    /// A label centred on `cx`.
    pub fn label_centred(&mut self, text: &str, cx: f64, y: f64, height: f64, colour: &str) {
        let x = cx - text_width(text, height) / 2.0;
        self.label(text, x, y, height, colour);
    }

    /// The finished document.
    pub fn finish(self, description: &str) -> String {
        let mut out = String::with_capacity(self.body.len() + 1024);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{t}\">",
            w = fmt(self.width),
            h = fmt(self.height),
            t = escape(&self.title)
        );
        let _ = write!(
            out,
            "<title>{}</title><desc>{}</desc>",
            escape(&self.title),
            escape(description)
        );
        let _ = write!(
            out,
            "<defs><marker id=\"{id}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10Z\" fill=\"{c}\"/></marker></defs>",
            id = escape(&format!("{}arrow", self.id_prefix)),
            c = colour::MOVE
        );
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }
}

/// Escapes text for an XML attribute value or element content.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A piece: a disc with a rim and an inner ring, dark or light.
pub fn piece(svg: &mut Svg, cx: f64, cy: f64, r: f64, dark: bool, class: &str) {
    let (fill, rim) = if dark {
        (colour::DARK_PIECE, colour::DARK_PIECE_RIM)
    } else {
        (colour::LIGHT_PIECE, colour::LIGHT_PIECE_RIM)
    };
    svg.leaf(
        "circle",
        &[
            ("class", format!("piece {class}")),
            ("cx", fmt(cx)),
            ("cy", fmt(cy)),
            ("r", fmt(r)),
            ("fill", fill.into()),
            ("stroke", rim.into()),
            ("stroke-width", fmt(r * 0.12)),
        ],
    );
    svg.leaf(
        "circle",
        &[
            ("cx", fmt(cx)),
            ("cy", fmt(cy)),
            ("r", fmt(r * 0.62)),
            ("fill", "none".into()),
            ("stroke", rim.into()),
            ("stroke-width", fmt(r * 0.08)),
        ],
    );
}

/// A ring around a square's piece: the piece that has just moved.
pub fn highlight(svg: &mut Svg, cx: f64, cy: f64, r: f64) {
    svg.leaf(
        "circle",
        &[
            ("class", "moved".into()),
            ("cx", fmt(cx)),
            ("cy", fmt(cy)),
            ("r", fmt(r)),
            ("fill", "none".into()),
            ("stroke", colour::MOVE.into()),
            ("stroke-width", fmt(r * 0.14)),
        ],
    );
}

/// An arrow along the given path data, ending in the drawing's arrow head.
pub fn arrow(svg: &mut Svg, d: String, width: f64) {
    let marker = format!("url(#{})", svg.arrow_id());
    svg.leaf(
        "path",
        &[
            ("class", "move".into()),
            ("d", d),
            ("fill", "none".into()),
            ("stroke", colour::MOVE.into()),
            ("stroke-width", fmt(width)),
            ("stroke-linecap", "round".into()),
            ("marker-end", marker),
        ],
    );
}

/// A small cross where a captured piece stood.
pub fn cross(svg: &mut Svg, cx: f64, cy: f64, r: f64) {
    let d = format!(
        "M{} {}L{} {}M{} {}L{} {}",
        fmt(cx - r),
        fmt(cy - r),
        fmt(cx + r),
        fmt(cy + r),
        fmt(cx + r),
        fmt(cy - r),
        fmt(cx - r),
        fmt(cy + r)
    );
    svg.leaf(
        "path",
        &[
            ("class", "captured".into()),
            ("d", d),
            ("stroke", colour::MOVE.into()),
            ("stroke-width", fmt(r * 0.35)),
            ("stroke-linecap", "round".into()),
        ],
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_values_are_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        let mut svg = Svg::new(10.0, 10.0, "x & y", "p-");
        svg.leaf("rect", &[("class", "a\"b".into())]);
        let text = svg.finish("d");
        assert!(text.contains("class=\"a&quot;b\""));
        assert!(text.contains("aria-label=\"x &amp; y\""));
        assert!(text.contains("id=\"p-arrow\""));
    }
}
