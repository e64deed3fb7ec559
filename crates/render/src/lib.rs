//! The building blocks of leapfrog's drawings, with nothing of any puzzle in them: an SVG
//! builder with the pieces, arrows and highlights every drawing uses, a stroke font for labels
//! (so pictures do not depend on installed fonts), and rasterising to PNG with resvg (the `png`
//! feature), which LaTeX statements need. The drawings of boards and rows themselves are in
//! `leapfrog-pictures`.
//!
//! - [`svg`]: the SVG builder and the pieces, arrows and highlights;
//! - [`glyphs`]: the stroke font;
//! - [`png`]: rasterising a drawing.

pub mod glyphs;
pub mod png;
pub mod svg;
