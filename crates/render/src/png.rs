//! Rasterising a drawing: LaTeX (and so the Kattis and DOMjudge statement tools) takes PNG, not
//! SVG. The drawings use no fonts (labels are stroke paths), so the pixels, and the bytes of the
//! file, are the same on every machine.

#[cfg(feature = "png")]
use resvg::{tiny_skia, usvg};

/// Why a drawing was not rasterised.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    #[error("the drawing is not valid SVG")]
    Svg(#[source] Box<dyn std::error::Error + Send + Sync>),
    #[error("the drawing is empty")]
    Empty,
    #[error("the drawing is too large to rasterise")]
    TooLarge,
    #[error("encoding the PNG")]
    Encode(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// Built without the `png` feature (resvg).
    #[error(transparent)]
    Missing(#[from] leapfrog_util::FeatureMissing),
}

/// Renders SVG text to PNG bytes at `scale` times its nominal size.
#[cfg(feature = "png")]
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| PngError::Svg(e.into()))?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or(PngError::Empty)?;
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(PngError::TooLarge)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| PngError::Encode(e.into()))
}

/// Without the `png` feature (resvg) there is no rasteriser: the error names the feature.
#[cfg(not(feature = "png"))]
pub fn svg_to_png(_svg: &str, _scale: f32) -> Result<Vec<u8>, PngError> {
    Err(PngError::Missing(leapfrog_util::FeatureMissing {
        feature: "png",
        what: "PNG output (drawings rasterised for `render -o FILE.png` and LaTeX statements)",
    }))
}
