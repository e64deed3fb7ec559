//! Pictures in statements: a fenced code block whose info string starts with `board` or `row`.
//!
//! ````markdown
//! ```board moves="b2 d4 f2" caption="The black piece on b2 takes both white pieces."
//! 7
//! ._._._.
//! ...
//! ```
//!
//! ```board file=data/sample/1.in
//! ```
//!
//! ```row first=0 moves="1 4 7 0"
//! BBBBWWWW..
//! ```
//! ````
//!
//! The block's text is the picture in `leapfrog render`'s input form; `file=` takes it from a
//! file of the package instead (a sample input, say). Other attributes: `moves=` (drawn as a
//! strip of frames), `caption=`, `columns=` (board frames per line), `labels=no` and `first=0`
//! (rows whose squares are numbered from 0, as in `pairs`). On GitHub
//! and in any Markdown viewer the block still reads as the board or row it draws.
//!
//! Other figures can be PNG files in `problem_statement/`, referenced as `![alt](figure.png)`.

use std::path::{Component, Path};

use anyhow::{Context, bail};

use leapfrog_registry::{DrawError, DrawFn, Kind, Layout};

/// One picture block of a statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    pub kind: Kind,
    /// The picture's text (from the block, or from `file=`).
    pub text: String,
    pub moves: Option<String>,
    pub caption: Option<String>,
    pub columns: Option<usize>,
    pub labels: bool,
    /// The number of a row's leftmost square (`first=0` for pairs).
    pub first_square: usize,
    /// The statement line the block starts on, for error messages.
    pub line: usize,
    /// The package file the text came from (`file=`), if not from the block.
    pub file: Option<String>,
}

impl Picture {
    /// Recognises a picture block from its info string; `None` for ordinary code blocks.
    /// `package_root` resolves `file=` attributes.
    pub fn from_block(
        info: &str,
        body: &str,
        line: usize,
        package_root: &Path,
    ) -> anyhow::Result<Option<Picture>> {
        let words = split_info(info).with_context(|| format!("line {line}"))?;
        let kind = match words.first().map(|(k, _)| k.as_str()) {
            Some("board") => Kind::Board,
            Some("row") => Kind::Row,
            _ => return Ok(None),
        };
        let mut picture = Picture {
            kind,
            text: body.to_string(),
            moves: None,
            caption: None,
            columns: None,
            labels: true,
            first_square: 1,
            line,
            file: None,
        };
        let mut file = None;
        for (key, value) in words.into_iter().skip(1) {
            let Some(value) = value else {
                bail!("line {line}: picture attribute '{key}' needs a value (key=value)");
            };
            match key.as_str() {
                "moves" => picture.moves = Some(value),
                "caption" => picture.caption = Some(value),
                "file" => file = Some(value),
                "columns" => {
                    picture.columns = Some(
                        value
                            .parse()
                            .ok()
                            .filter(|c| (1..=64).contains(c))
                            .with_context(|| {
                                format!("line {line}: columns must be a number from 1 to 64")
                            })?,
                    )
                }
                "first" => picture.first_square =
                    value.parse().ok().filter(|f| *f <= 1).with_context(|| {
                        format!(
                            "line {line}: first must be 0 or 1 (the number of the leftmost square)"
                        )
                    })?,
                "labels" => {
                    picture.labels = match value.as_str() {
                        "yes" | "true" => true,
                        "no" | "false" => false,
                        _ => bail!("line {line}: labels must be yes or no"),
                    }
                }
                other => bail!(
                    "line {line}: unknown picture attribute '{other}' (known: moves, caption, file, columns, labels, first)"
                ),
            }
        }
        if let Some(rel) = file {
            if !body.trim().is_empty() {
                bail!(
                    "line {line}: a picture takes its text either from file= or from the block, not both"
                );
            }
            let rel_path = Path::new(&rel);
            if rel_path
                .components()
                .any(|c| !matches!(c, Component::Normal(_)))
            {
                bail!(
                    "line {line}: file= must be a path inside the package, such as data/sample/1.in"
                );
            }
            let path = package_root.join(rel_path);
            picture.text = std::fs::read_to_string(&path)
                .with_context(|| format!("line {line}: reading {}", path.display()))?;
            picture.file = Some(rel);
        }
        Ok(Some(picture))
    }

    /// The picture as SVG; `id_prefix` keeps ids unique when a page holds several pictures.
    pub fn svg(&self, id_prefix: &str, draw: DrawFn) -> anyhow::Result<String> {
        let layout = Layout {
            columns: self.columns.unwrap_or(Layout::default().columns),
            id_prefix: id_prefix.to_string(),
            labels: self.labels,
            first_square: self.first_square,
        };
        let what = match &self.file {
            Some(file) => format!(
                "the {} picture on line {} ({file})",
                self.kind.name(),
                self.line
            ),
            None => format!("the {} picture on line {}", self.kind.name(), self.line),
        };
        draw(self.kind, &self.text, self.moves.as_deref(), &layout).map_err(|err| {
            // Lines of a picture written in the block are lines of the statement too.
            match err {
                DrawError::Input(mut input) if self.file.is_none() => {
                    input.line += self.line;
                    anyhow::Error::new(input).context(what)
                }
                DrawError::Input(input) => anyhow::Error::new(input).context(what),
                other => anyhow::Error::new(other).context(what),
            }
        })
    }
}

/// Splits an info string into `key` / `key=value` words; values may be double-quoted (with `\"`
/// and `\\` escapes) to hold spaces.
fn split_info(info: &str) -> anyhow::Result<Vec<(String, Option<String>)>> {
    let mut words = Vec::new();
    let mut chars = info.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            break;
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == '=' {
                break;
            }
            key.push(c);
            chars.next();
        }
        if chars.peek() != Some(&'=') {
            words.push((key, None));
            continue;
        }
        chars.next();
        let mut value = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            let mut closed = false;
            while let Some(c) = chars.next() {
                match c {
                    '"' => {
                        closed = true;
                        break;
                    }
                    '\\' => {
                        if let Some(escaped) = chars.next() {
                            value.push(escaped);
                        }
                    }
                    c => value.push(c),
                }
            }
            if !closed {
                bail!("unterminated quoted value for '{key}'");
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                value.push(c);
                chars.next();
            }
        }
        words.push((key, Some(value)));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_strings_with_quoted_values() {
        let words = split_info(r#"board moves="b2 d4" caption="say \"hi\"" columns=2"#).unwrap();
        assert_eq!(
            words,
            vec![
                ("board".into(), None),
                ("moves".into(), Some("b2 d4".into())),
                ("caption".into(), Some("say \"hi\"".into())),
                ("columns".into(), Some("2".into())),
            ]
        );
        assert!(split_info("board caption=\"open").is_err());
    }

    #[test]
    fn ordinary_code_blocks_are_not_pictures() {
        let root = Path::new("/nonexistent");
        assert!(
            Picture::from_block("rust", "fn main() {}", 1, root)
                .unwrap()
                .is_none()
        );
        assert!(Picture::from_block("", "text", 1, root).unwrap().is_none());
        let p = Picture::from_block("row moves=\"1\"", "B_W\n", 4, root)
            .unwrap()
            .unwrap();
        assert_eq!(p.kind, Kind::Row);
        assert_eq!(p.moves.as_deref(), Some("1"));
    }

    #[test]
    fn bad_attributes_name_the_line() {
        let root = Path::new("/nonexistent");
        let err = Picture::from_block("board colour=red", "", 12, root).unwrap_err();
        assert!(format!("{err:#}").contains("line 12: unknown picture attribute 'colour'"));
        let err = Picture::from_block("row file=../x", "", 3, root).unwrap_err();
        assert!(format!("{err:#}").contains("inside the package"));
        let err = Picture::from_block("row columns=0", "B_W", 3, root).unwrap_err();
        assert!(format!("{err:#}").contains("columns"));
    }
}
