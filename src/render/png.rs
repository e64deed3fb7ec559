//! Rasterising a drawing: LaTeX (and so the Kattis and DOMjudge statement tools) takes PNG, not
//! SVG. The drawings use no fonts (labels are stroke paths), so the pixels, and the bytes of the
//! file, are the same on every machine.

#[cfg(feature = "png")]
use anyhow::Context;
#[cfg(feature = "png")]
use resvg::{tiny_skia, usvg};

/// Renders SVG text to PNG bytes at `scale` times its nominal size.
#[cfg(feature = "png")]
pub fn svg_to_png(svg: &str, scale: f32) -> anyhow::Result<Vec<u8>> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .context("the drawing is not valid SVG")?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .context("the drawing is empty")?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .context("the drawing is too large to rasterise")?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().context("encoding the PNG")
}

/// Without the `png` feature (resvg) there is no rasteriser: the error names the feature.
#[cfg(not(feature = "png"))]
pub fn svg_to_png(_svg: &str, _scale: f32) -> anyhow::Result<Vec<u8>> {
    Err(leapfrog_util::FeatureMissing {
        feature: "png",
        what: "PNG output (drawings rasterised for `render -o FILE.png` and LaTeX statements)",
    }
    .into())
}
