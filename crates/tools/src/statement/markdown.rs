//! Reading a Markdown statement into a stream that both the HTML page and the LaTeX export
//! consume: pulldown-cmark events, with picture blocks lifted out as [`Picture`]s, images
//! (`![alt](figure.png)`, PNG files in `problem_statement/`) as [`Image`]s, and a leading
//! `# Title` dropped: it is the Markdown file's own title, and both outputs print the name from
//! problem.yaml instead (as the contest systems do).

use std::path::{Component, Path, PathBuf};

use anyhow::{Context, bail};

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::picture::Picture;

/// One element of a statement.
#[derive(Debug)]
pub enum Piece<'a> {
    /// An ordinary Markdown event, and the 1-based line it starts on.
    Event(Event<'a>, usize),
    Picture(Picture),
    Image(Image),
}

/// A PNG image of the statement.
#[derive(Debug, Clone)]
pub struct Image {
    /// The file name as written (relative to `problem_statement/`).
    pub name: String,
    pub path: PathBuf,
    pub alt: String,
    /// Width and height in pixels.
    pub size: (u32, u32),
}

/// The Markdown extensions statements may use: `$math$`, tables, ~~strike~~.
pub fn options() -> Options {
    Options::ENABLE_MATH | Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// Splits a statement into pieces; `package_root` resolves picture files and images.
pub fn pieces<'a>(markdown: &'a str, package_root: &Path) -> anyhow::Result<Vec<Piece<'a>>> {
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(markdown.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |offset: usize| line_starts.partition_point(|&s| s <= offset);
    let mut events = Parser::new_ext(markdown, options())
        .into_offset_iter()
        .peekable();
    let mut out = Vec::new();
    let mut first = true;
    while let Some((event, range)) = events.next() {
        let line = line_of(range.start);
        match event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            }) if first => {
                for (e, _) in events.by_ref() {
                    if matches!(e, Event::End(TagEnd::Heading(_))) {
                        break;
                    }
                }
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref info))) => {
                let info = info.to_string();
                let mut body = String::new();
                let mut inner = Vec::new();
                for (e, r) in events.by_ref() {
                    if let Event::Text(t) = &e {
                        body.push_str(t);
                    }
                    if matches!(e, Event::End(TagEnd::CodeBlock)) {
                        inner.push((e, r));
                        break;
                    }
                    inner.push((e, r));
                }
                match Picture::from_block(&info, &body, line, package_root)? {
                    Some(picture) => out.push(Piece::Picture(picture)),
                    None => {
                        out.push(Piece::Event(event, line));
                        out.extend(
                            inner
                                .into_iter()
                                .map(|(e, r)| Piece::Event(e, line_of(r.start))),
                        );
                    }
                }
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                let mut alt = String::new();
                for (e, _) in events.by_ref() {
                    match e {
                        Event::End(TagEnd::Image) => break,
                        Event::Text(t) | Event::Code(t) => alt.push_str(&t),
                        _ => {}
                    }
                }
                let image = image(&dest_url, alt, package_root)
                    .with_context(|| format!("line {line}: image {dest_url}"))?;
                out.push(Piece::Image(image));
            }
            event => out.push(Piece::Event(event, line)),
        }
        first = false;
    }
    Ok(out)
}

/// Checks an image reference: a PNG file inside `problem_statement/`.
fn image(url: &str, alt: String, package_root: &Path) -> anyhow::Result<Image> {
    let rel = Path::new(url);
    if url.contains("://") || rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        bail!("images must be files in problem_statement/, given by a plain relative path");
    }
    if !url.to_ascii_lowercase().ends_with(".png") {
        bail!(
            "only PNG images are supported (draw boards and rows with a ```board or ```row block)"
        );
    }
    let path = leapfrog_package::statement_dir(package_root).join(rel);
    let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" {
        bail!("{} is not a PNG file", path.display());
    }
    let size = (
        u32::from_be_bytes(bytes[16..20].try_into().expect("4 bytes")),
        u32::from_be_bytes(bytes[20..24].try_into().expect("4 bytes")),
    );
    Ok(Image {
        name: url.to_string(),
        path,
        alt,
        size,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(pieces: &[Piece]) -> Vec<String> {
        pieces
            .iter()
            .map(|p| match p {
                Piece::Event(e, line) => format!("{line}:{e:?}"),
                Piece::Picture(p) => format!("{}:picture {}", p.line, p.kind.name()),
                Piece::Image(i) => format!("image {}", i.name),
            })
            .collect()
    }

    #[test]
    fn only_a_leading_title_heading_is_dropped() {
        let root = Path::new("/nonexistent");
        let md = "# Shifting *checkers*\n\nMove the checkers.\n\n# Later\n";
        let p = pieces(md, root).unwrap();
        assert!(
            matches!(p[0], Piece::Event(Event::Start(Tag::Paragraph), 3)),
            "{:?}",
            kinds(&p)
        );
        assert!(
            p.iter()
                .any(|p| matches!(p, Piece::Event(Event::Start(Tag::Heading { .. }), 5)))
        );
        let p = pieces("Text first.\n\n# Heading\n", root).unwrap();
        assert!(
            p.iter()
                .any(|p| matches!(p, Piece::Event(Event::Start(Tag::Heading { .. }), 3)))
        );
    }

    #[test]
    fn picture_blocks_are_lifted_out_with_their_line() {
        let root = Path::new("/nonexistent");
        let md = "Intro\n\n```row moves=\"1\"\nB_W\n```\n\n```\nplain\n```\n";
        let p = pieces(md, root).unwrap();
        let k = kinds(&p);
        assert!(k.contains(&"3:picture row".to_string()), "{k:?}");
        assert!(k.iter().any(|s| s.contains("plain")), "{k:?}");
        let Piece::Picture(pic) = p.iter().find(|p| matches!(p, Piece::Picture(_))).unwrap() else {
            unreachable!()
        };
        assert_eq!(pic.text, "B_W\n");
    }

    #[cfg(feature = "png")]
    #[test]
    fn images_must_be_png_files_of_the_statement() {
        let dir = tempfile::tempdir().unwrap();
        let statement = dir.path().join("problem_statement");
        std::fs::create_dir(&statement).unwrap();
        let png = leapfrog_render::png::svg_to_png(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"20\"/>",
            1.0,
        )
        .unwrap();
        std::fs::write(statement.join("fig.png"), png).unwrap();
        let p = pieces("See ![the *figure*](fig.png).\n", dir.path()).unwrap();
        let image = p
            .iter()
            .find_map(|p| match p {
                Piece::Image(i) => Some(i),
                _ => None,
            })
            .unwrap();
        assert_eq!((image.alt.as_str(), image.size), ("the figure", (30, 20)));
        for (md, why) in [
            ("![a](../x.png)", "plain relative path"),
            ("![a](fig.jpg)", "only PNG"),
            ("![a](missing.png)", "reading"),
            ("![a](https://example.com/x.png)", "plain relative path"),
        ] {
            let err = pieces(md, dir.path()).unwrap_err();
            assert!(format!("{err:#}").contains(why), "{md}: {err:#}");
        }
    }

    #[test]
    fn math_is_recognised() {
        let p = pieces("Let $n \\le 10$ be.\n", Path::new("/")).unwrap();
        assert!(p.iter().any(
            |p| matches!(p, Piece::Event(Event::InlineMath(m), _) if m.as_ref() == "n \\le 10")
        ));
    }
}
