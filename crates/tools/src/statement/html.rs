//! The statement body as HTML: Markdown through pulldown-cmark, `$math$` as MathML (which
//! browsers draw natively, so the page needs no script or web font for it), and picture blocks
//! as inline SVG figures.

use anyhow::{Context, bail};
use pulldown_cmark::{CowStr, Event};

use super::markdown::Piece;
use leapfrog_registry::DrawFn;
use leapfrog_render::svg::escape;

/// Renders statement pieces to an HTML fragment; pictures are numbered from 1 in their ids.
pub fn body(pieces: Vec<Piece>, draw: DrawFn) -> anyhow::Result<String> {
    let mut events: Vec<Event> = Vec::with_capacity(pieces.len());
    let mut picture = 0;
    for piece in pieces {
        match piece {
            Piece::Picture(p) => {
                picture += 1;
                let svg = p.svg(&format!("pic{picture}-"), draw)?;
                let mut html = format!(
                    "<figure class=\"picture picture-{}\" id=\"picture-{picture}\">\n{svg}",
                    p.kind.name()
                );
                if let Some(caption) = &p.caption {
                    html.push_str(&format!("<figcaption>{}</figcaption>\n", escape(caption)));
                }
                html.push_str("</figure>\n");
                events.push(Event::Html(CowStr::from(html)));
            }
            Piece::Image(image) => {
                let bytes = std::fs::read(&image.path)
                    .with_context(|| format!("reading {}", image.path.display()))?;
                events.push(Event::InlineHtml(CowStr::from(format!(
                    "<img src=\"data:image/png;base64,{}\" alt=\"{}\" width=\"{}\" height=\"{}\">",
                    base64(&bytes),
                    escape(&image.alt),
                    image.size.0,
                    image.size.1
                ))));
            }
            Piece::Event(Event::InlineMath(tex), line) => {
                let m = mathml(&tex, false).with_context(|| format!("line {line}"))?;
                events.push(Event::InlineHtml(CowStr::from(m)));
            }
            Piece::Event(Event::DisplayMath(tex), line) => {
                let m = mathml(&tex, true).with_context(|| format!("line {line}"))?;
                events.push(Event::InlineHtml(CowStr::from(m)));
            }
            Piece::Event(event, _) => events.push(event),
        }
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    Ok(html)
}

/// Standard base64 (RFC 4648, with padding), for images inlined as data URIs.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// TeX math as MathML; an expression the converter cannot read is an error, so a statement
/// never ships with red error boxes in its formulas.
pub fn mathml(tex: &str, display: bool) -> anyhow::Result<String> {
    use pulldown_latex::config::DisplayMode;
    let storage = pulldown_latex::Storage::new();
    let events: Vec<_> = pulldown_latex::Parser::new(tex, &storage).collect();
    if let Some(Err(err)) = events.iter().find(|e| e.is_err()) {
        bail!("cannot read the formula ${tex}$: {err}");
    }
    let config = pulldown_latex::RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        annotation: Some(tex),
        ..Default::default()
    };
    let mut out = String::new();
    pulldown_latex::push_mathml(&mut out, events.into_iter(), config)
        .with_context(|| format!("rendering the formula ${tex}$"))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statement::markdown::pieces;
    use std::path::Path;

    #[test]
    fn base64_matches_the_rfc_examples() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn math_becomes_mathml() {
        let m = mathml("1 \\le n \\le 10^9", false).unwrap();
        assert!(m.starts_with("<math"), "{m}");
        assert!(m.contains("≤"), "{m}");
        assert!(m.contains("<msup>"), "{m}");
        assert!(mathml("\\frac{1}{", false).is_err());
    }

    #[test]
    fn pictures_and_math_in_the_body() {
        let md = "Let $n$ be.\n\n```row moves=\"1\" caption=\"One <slide>\"\nB_W\n```\n\n```\ncode & more\n```\n";
        let html = body(pieces(md, Path::new("/")).unwrap(), leapfrog_pictures::draw).unwrap();
        assert!(html.contains("<math"), "{html}");
        assert!(html.contains("<figure class=\"picture picture-row\" id=\"picture-1\">"));
        assert!(html.contains("<figcaption>One &lt;slide&gt;</figcaption>"));
        assert!(html.contains("id=\"pic1-arrow\""));
        assert!(
            html.contains("<pre><code>code &amp; more\n</code></pre>"),
            "{html}"
        );
    }

    #[test]
    fn a_broken_picture_names_its_line() {
        let md = "Text\n\n```board\n3\n._.\n_X_\n._.\n```\n";
        let err = body(pieces(md, Path::new("/")).unwrap(), leapfrog_pictures::draw).unwrap_err();
        let msg = format!("{err:#}");
        assert!(
            msg.contains("the board picture on line 3: line 6, column 2"),
            "{msg}"
        );
    }
}
