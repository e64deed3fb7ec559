//! `leapfrog render`: draw a board or a row, and optionally a move sequence as a strip of
//! frames, as SVG (or PNG when the output file ends in `.png`).

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use leapfrog_registry::{DrawError, Kind, Layout, Registry};

#[derive(Debug, Args)]
#[command(after_help = crate::commands::help::after_help(
    &[
        "leapfrog render board problems/checkers/data/sample/1.in --moves 'b2 d4 f2' -o path.svg",
        "leapfrog render row --text BBB_WWW --moves '3 5 6 4 2 1 3 5 7 6 4 2 3 5 4' -o frogs.png",
        "leapfrog solve frogs <<< 2 | tail -n +2 | sed '1i OO_XX' | leapfrog render row",
    ],
    "Boards: columns are lettered a, b, ... from the left and rows numbered from 1 at the bottom;
--moves is a capture path of squares (b2 d4 f2, b2-d4-f2 or b2xd4xf2) starting on a black
piece. Rows: B/X dark, W/O light, _ empty; a move is the number (from 1) of the leftmost square
of the block that moves into the gap: the square a piece leaves when there is one empty
square, the first of the two pieces when there are two (pairs, whose squares are numbered from
0: --first 0).",
    crate::commands::help::MADE,
))]
pub struct RenderArgs {
    /// What the input describes.
    #[arg(value_enum)]
    pub kind: KindArg,
    /// The input file; `-` or nothing reads standard input.
    pub input: Option<PathBuf>,
    /// The input itself, instead of a file (for example `--text BB_WW`).
    #[arg(long, conflicts_with = "input")]
    pub text: Option<String>,
    /// Moves to play, drawn as one frame each (a capture path for boards, square numbers for
    /// rows).
    #[arg(long, short = 'm')]
    pub moves: Option<String>,
    /// Read the moves from a file instead.
    #[arg(long, conflicts_with = "moves", value_name = "FILE")]
    pub moves_file: Option<PathBuf>,
    /// Where to write the picture: `.svg`, or `.png` to rasterise (any other extension is an
    /// error); standard output (SVG) if absent.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Board frames per line of the strip.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub columns: u32,
    /// The number of a row's leftmost square, for moves and labels (0 for pairs).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub first: usize,
    /// Leave out square names and move numbers.
    #[arg(long)]
    pub no_labels: bool,
    /// Pixels per SVG unit when writing PNG.
    #[arg(long, default_value_t = 2.0)]
    pub scale: f32,
}

pub fn run(args: RenderArgs, registry: &Registry) -> anyhow::Result<ExitCode> {
    let format = args.output.as_deref().map(Format::of).transpose()?;
    let (source, text) = read_input(&args)?;
    let (moves_source, moves) = match (&args.moves, &args.moves_file) {
        (Some(m), _) => ("--moves".to_string(), Some(m.clone())),
        (None, Some(file)) => (
            file.display().to_string(),
            Some(
                std::fs::read_to_string(file)
                    .with_context(|| format!("reading {}", file.display()))?,
            ),
        ),
        (None, None) => (String::new(), None),
    };
    let layout = Layout {
        columns: args.columns as usize,
        id_prefix: "lf-".into(),
        labels: !args.no_labels,
        first_square: args.first,
    };
    let draw = registry.drawings.draw;
    let svg = match draw(args.kind.into(), &text, moves.as_deref(), &layout) {
        Ok(svg) => svg,
        // A bad move is the moves' fault, not the board's: name where the moves came from.
        Err(err @ DrawError::Moves(_)) => {
            let err = anyhow::Error::new(err);
            let why: Vec<String> = err.chain().skip(1).map(|e| e.to_string()).collect();
            bail!("{moves_source}: {}", why.join(": "));
        }
        Err(err) => return Err(anyhow::Error::new(err).context(source)),
    };
    write_output(&args, format, &svg)?;
    Ok(ExitCode::SUCCESS)
}

/// The command line's names for [`Kind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum KindArg {
    /// A square board in the `checkers` input format: n, then n rows of `.`, `_`, `B`, `W`.
    Board,
    /// A row such as `BB_WW` or `OO_XX` (one per line; several lines are successive frames).
    Row,
}

impl From<KindArg> for Kind {
    fn from(arg: KindArg) -> Kind {
        match arg {
            KindArg::Board => Kind::Board,
            KindArg::Row => Kind::Row,
        }
    }
}

/// The picture formats `-o` can write, told by the file's extension.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Format {
    Svg,
    Png,
}

impl Format {
    fn of(path: &std::path::Path) -> anyhow::Result<Format> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some(other) => bail!(
                "-o {}: cannot write .{other} pictures; name the file .svg or .png",
                path.display()
            ),
            None => bail!(
                "-o {}: the file name needs an extension, .svg or .png",
                path.display()
            ),
        }
    }
}

/// The input text and a name for it in error messages.
fn read_input(args: &RenderArgs) -> anyhow::Result<(String, String)> {
    if let Some(text) = &args.text {
        return Ok(("--text".into(), text.clone()));
    }
    match &args.input {
        Some(path) if path.as_os_str() != "-" => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            Ok((path.display().to_string(), text))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("reading standard input")?;
            Ok(("standard input".into(), text))
        }
    }
}

fn write_output(args: &RenderArgs, format: Option<Format>, svg: &str) -> anyhow::Result<()> {
    let (Some(path), Some(format)) = (&args.output, format) else {
        leapfrog_util::write_stdout(format_args!("{svg}"));
        return Ok(());
    };
    let bytes = if format == Format::Png {
        if !(args.scale > 0.0 && args.scale <= 16.0) {
            bail!("--scale must be between 0 and 16");
        }
        leapfrog_render::png::svg_to_png(svg, args.scale)?
    } else {
        svg.as_bytes().to_vec()
    };
    leapfrog_util::write_atomically(path, &bytes)?;
    leapfrog_util::outln!(
        "wrote {} ({}, {})",
        path.display(),
        if format == Format::Png { "PNG" } else { "SVG" },
        leapfrog_util::plural(bytes.len(), "byte")
    );
    Ok(())
}
