//! The Markdown statement as LaTeX for the legacy Kattis format, whose tools (problemtools'
//! `problem2pdf` and `problem2html`, and so `verifyproblem`) read only `problem.<lang>.tex`.
//!
//! The output sticks to what both LuaLaTeX with problemtools' `problemset` class and plasTeX
//! (the HTML converter) understand: `\section*`, emphasis, `\texttt`, lists, `verbatim`,
//! `tabular`, `\href`, math passed through unchanged, and pictures and images as PNG files
//! included with `\includegraphics`. Samples are not part of the text: the contest tools add them from
//! `data/sample/`.

use std::fmt::Write as _;

use anyhow::bail;
use pulldown_cmark::{Alignment, Event, HeadingLevel, Tag, TagEnd};

use crate::statement::markdown::Piece;
use leapfrog_registry::DrawFn;

mod escape;

pub use escape::escape_text;
use escape::escape_url;

/// A picture the LaTeX refers to: its file name and SVG.
pub struct PictureFile {
    pub name: String,
    pub svg: String,
}

/// The statement's LaTeX and the pictures to write next to it.
pub struct Latex {
    pub text: String,
    pub pictures: Vec<PictureFile>,
    /// PNG images of `problem_statement/` the text includes: (file name, path).
    pub images: Vec<(String, std::path::PathBuf)>,
}

/// Width of the text block in SVG pixels: a picture this wide or wider fills the line.
/// (About the text width of the HTML page, so pictures take the same share of the line in both.)
const TEXT_WIDTH_PX: f64 = 800.0;

/// Converts a statement to LaTeX. `name` goes into `\problemname`; `source` names the Markdown
/// file in errors.
pub fn convert(
    pieces: Vec<Piece>,
    name: &str,
    source: &str,
    draw: DrawFn,
) -> anyhow::Result<Latex> {
    let mut w = Writer {
        out: format!("\\problemname{{{}}}\n\n", escape_text(name)),
        pictures: Vec::new(),
        images: Vec::new(),
        lists: Vec::new(),
        table: None,
        in_code_block: false,
    };
    for piece in pieces {
        match piece {
            Piece::Picture(p) => {
                let number = w.pictures.len() + 1;
                let svg = p.svg(&format!("pic{number}-"), draw)?;
                let width_px = svg_width(&svg).unwrap_or(TEXT_WIDTH_PX);
                let fraction = (width_px / TEXT_WIDTH_PX).min(1.0);
                let file = format!("picture{number}.png");
                w.out.push_str(&format!(
                    "\n\\begin{{center}}\n\\includegraphics[width={:.2}\\textwidth]{{{file}}}\n",
                    fraction
                ));
                if let Some(caption) = &p.caption {
                    w.out
                        .push_str(&format!("\n{{\\small {}}}\n", escape_text(caption)));
                }
                w.out.push_str("\\end{center}\n\n");
                w.pictures.push(PictureFile { name: file, svg });
            }
            Piece::Image(image) => {
                let fraction = (f64::from(image.size.0) / TEXT_WIDTH_PX).min(1.0);
                w.out.push_str(&format!(
                    "\\includegraphics[width={fraction:.2}\\textwidth]{{{}}}",
                    image.name
                ));
                w.images.push((image.name, image.path));
            }
            Piece::Event(event, line) => w
                .event(event)
                .map_err(|e| e.context(format!("{source}: line {line}")))?,
        }
    }
    Ok(Latex {
        text: w.out.trim_end().to_string() + "\n",
        pictures: w.pictures,
        images: w.images,
    })
}

struct Writer {
    out: String,
    pictures: Vec<PictureFile>,
    images: Vec<(String, std::path::PathBuf)>,
    /// Open lists: `true` for numbered.
    lists: Vec<bool>,
    /// Cells written so far in the current row of an open table.
    table: Option<usize>,
    in_code_block: bool,
}

impl Writer {
    fn event(&mut self, event: Event) -> anyhow::Result<()> {
        match event {
            Event::Start(tag) => self.start(tag)?,
            Event::End(tag) => self.end(tag),
            Event::Text(text) => {
                if self.in_code_block {
                    if text.contains("\\end{verbatim}") {
                        bail!("a code block cannot contain \\end{{verbatim}}");
                    }
                    self.out.push_str(&text);
                } else {
                    self.out.push_str(&escape_text(&text));
                }
            }
            Event::Code(code) => {
                let _ = write!(self.out, "\\texttt{{{}}}", escape_text(&code));
            }
            Event::InlineMath(math) => {
                let _ = write!(self.out, "${}$", math.trim());
            }
            Event::DisplayMath(math) => {
                let _ = write!(self.out, "\n\\[\n{}\n\\]\n", math.trim());
            }
            Event::SoftBreak => self.out.push('\n'),
            Event::HardBreak => self.out.push_str("\\\\\n"),
            Event::Rule => self
                .out
                .push_str("\n\\par\\noindent\\rule{\\textwidth}{0.4pt}\\par\n\n"),
            Event::Html(html) | Event::InlineHtml(html) => {
                let t = html.trim();
                let comment = t.starts_with("<!--") && t.ends_with("-->");
                if !(t.is_empty() || comment) {
                    bail!(
                        "raw HTML ({}) has no LaTeX equivalent; write it in Markdown",
                        t.lines().next().unwrap_or("")
                    );
                }
            }
            Event::FootnoteReference(_) | Event::TaskListMarker(_) => {
                bail!("footnotes and task lists are not supported in statements")
            }
        }
        Ok(())
    }

    fn start(&mut self, tag: Tag) -> anyhow::Result<()> {
        match tag {
            Tag::Paragraph => {}
            Tag::Heading { level, .. } => {
                let command = match level {
                    HeadingLevel::H1 | HeadingLevel::H2 => "\\section*{",
                    HeadingLevel::H3 => "\\subsection*{",
                    _ => "\\paragraph{",
                };
                self.out.push('\n');
                self.out.push_str(command);
            }
            Tag::BlockQuote(_) => self.out.push_str("\\begin{quote}\n"),
            // Code in any language is shown as plain text; only pictures are special.
            Tag::CodeBlock(_) => {
                self.in_code_block = true;
                self.out.push_str("\\begin{verbatim}\n");
            }
            Tag::List(start) => {
                self.lists.push(start.is_some());
                match start {
                    Some(first) => {
                        self.out.push_str("\\begin{enumerate}\n");
                        if first != 1 {
                            let _ = writeln!(
                                self.out,
                                "\\setcounter{{enumi}}{{{}}}",
                                first.saturating_sub(1)
                            );
                        }
                    }
                    None => self.out.push_str("\\begin{itemize}\n"),
                }
            }
            Tag::Item => self.out.push_str("\\item "),
            Tag::Emphasis => self.out.push_str("\\emph{"),
            Tag::Strong => self.out.push_str("\\textbf{"),
            Tag::Strikethrough => self.out.push_str("\\sout{"),
            Tag::Link { dest_url, .. } => {
                let _ = write!(self.out, "\\href{{{}}}{{", escape_url(&dest_url));
            }
            Tag::Table(alignments) => {
                let spec: String = alignments
                    .iter()
                    .map(|a| match a {
                        Alignment::Right => "r|",
                        Alignment::Center => "c|",
                        Alignment::Left | Alignment::None => "l|",
                    })
                    .collect();
                let _ = write!(
                    self.out,
                    "\n\\begin{{center}}\n\\begin{{tabular}}{{|{spec}}}\n\\hline\n"
                );
                self.table = Some(0);
            }
            Tag::TableHead | Tag::TableRow => {
                if let Some(cell) = &mut self.table {
                    *cell = 0;
                }
            }
            Tag::TableCell => {
                if let Some(cell) = &mut self.table {
                    if *cell > 0 {
                        self.out.push_str(" & ");
                    }
                    *cell += 1;
                }
            }
            Tag::HtmlBlock => {}
            other => bail!("{other:?} is not supported in statements"),
        }
        Ok(())
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.out.push_str("\n\n"),
            TagEnd::Heading(_) => self.out.push_str("}\n\n"),
            TagEnd::BlockQuote(_) => self.out.push_str("\\end{quote}\n\n"),
            TagEnd::CodeBlock => {
                self.in_code_block = false;
                if !self.out.ends_with('\n') {
                    self.out.push('\n');
                }
                self.out.push_str("\\end{verbatim}\n\n");
            }
            TagEnd::List(_) => {
                let numbered = self.lists.pop().unwrap_or(false);
                self.out.push_str(if numbered {
                    "\\end{enumerate}\n\n"
                } else {
                    "\\end{itemize}\n\n"
                });
            }
            TagEnd::Item => self.out.push('\n'),
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough => self.out.push('}'),
            TagEnd::Link => self.out.push('}'),
            TagEnd::Table => {
                self.table = None;
                self.out.push_str("\\end{tabular}\n\\end{center}\n\n");
            }
            TagEnd::TableHead | TagEnd::TableRow => self.out.push_str(" \\\\ \\hline\n"),
            _ => {}
        }
    }
}

/// The `width` attribute of an SVG's root element.
fn svg_width(svg: &str) -> Option<f64> {
    let start = svg.find("width=\"")? + 7;
    let end = start + svg[start..].find('"')?;
    svg[start..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statement::markdown::pieces;
    use std::path::Path;

    fn latex(md: &str) -> Latex {
        convert(
            pieces(md, Path::new("/")).unwrap(),
            "Frog Hops",
            "problem.en.md",
            leapfrog_pictures::draw,
        )
        .unwrap()
    }

    #[test]
    fn structure_and_escaping() {
        let l = latex(
            "# Frog Hops\n\nA *row* of **$2N+1$** pads, `a_b` & 50%.\n\n## Input\n\n- one\n- two\n\n3. three\n4. four\n",
        );
        let t = &l.text;
        assert!(t.starts_with("\\problemname{Frog Hops}\n"), "{t}");
        assert!(!t.contains("\\section*{Frog Hops}"), "{t}");
        assert!(
            t.contains("A \\emph{row} of \\textbf{$2N+1$} pads, \\texttt{a\\_b} \\& 50\\%."),
            "{t}"
        );
        assert!(t.contains("\\section*{Input}"), "{t}");
        assert!(
            t.contains("\\begin{itemize}\n\\item one\n\\item two\n\\end{itemize}"),
            "{t}"
        );
        assert!(
            t.contains("\\begin{enumerate}\n\\setcounter{enumi}{2}\n\\item three"),
            "{t}"
        );
    }

    #[test]
    fn code_blocks_are_verbatim_and_pictures_become_png_files() {
        let l = latex("```\nBB_WW\n$x$\n```\n\n```row caption=\"Start & end\"\nB_W\n```\n");
        assert!(
            l.text
                .contains("\\begin{verbatim}\nBB_WW\n$x$\n\\end{verbatim}"),
            "{}",
            l.text
        );
        assert_eq!(l.pictures.len(), 1);
        assert_eq!(l.pictures[0].name, "picture1.png");
        assert!(l.text.contains("\\includegraphics[width="), "{}", l.text);
        assert!(l.text.contains("{picture1.png}"));
        assert!(l.text.contains("{\\small Start \\& end}"));
    }

    #[test]
    fn tables_and_math() {
        let l = latex("| n | moves |\n|---|--:|\n| 1 | 3 |\n\n$$\\sum_i i$$\n");
        assert!(l.text.contains("\\begin{tabular}{|l|r|}"), "{}", l.text);
        assert!(l.text.contains("n & moves \\\\ \\hline"), "{}", l.text);
        assert!(l.text.contains("\\[\n\\sum_i i\n\\]"), "{}", l.text);
    }

    #[cfg(feature = "png")]
    #[test]
    fn png_images_are_included_at_their_width() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("problem_statement")).unwrap();
        let png = leapfrog_render::png::svg_to_png(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"20\"/>",
            1.0,
        )
        .unwrap();
        std::fs::write(dir.path().join("problem_statement/fig.png"), png).unwrap();
        let l = convert(
            pieces("Look: ![a figure](fig.png)\n", dir.path()).unwrap(),
            "x",
            "problem.en.md",
            leapfrog_pictures::draw,
        )
        .unwrap();
        assert!(
            l.text
                .contains("Look: \\includegraphics[width=0.40\\textwidth]{fig.png}"),
            "{}",
            l.text
        );
        assert_eq!(l.images.len(), 1);
        assert_eq!(l.images[0].0, "fig.png");
    }

    #[test]
    fn unsupported_markup_names_the_line() {
        let err = convert(
            pieces("text\n\n<div>x</div>\n", Path::new("/")).unwrap(),
            "x",
            "problem.en.md",
            leapfrog_pictures::draw,
        )
        .err()
        .unwrap();
        assert!(
            format!("{err:#}").contains("problem.en.md: line 3: raw HTML"),
            "{err:#}"
        );
    }
}
