//! Two surfaces one drawing goes to: pixels (encoded as PNG) and SVG.
//!
//! The pictures are drawn once, against [`Canvas`]; only the primitives
//! differ. Text in PNGs uses the public-domain 8×8 bitmap font of the
//! `font8x8` crate (IBM PC BIOS glyphs), so no font files or system fonts
//! are needed.

use std::fmt::Write as _;

use crate::error::{Error, Result};

/// A colour, 8 bits a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Width of one character of text at scale 1, in pixels.
pub const GLYPH: u32 = 8;

/// Where a picture is drawn. Coordinates are pixels from the top left.
pub trait Canvas {
    /// Fills the rectangle `w × h` at `(x, y)`.
    fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, colour: Rgb);
    /// Writes `text` with its top left at `(x, y)`, each glyph `8·scale` pixels square.
    fn text(&mut self, x: u32, y: u32, text: &str, colour: Rgb, scale: u32);
}

/// The width of `text` in pixels at `scale`.
pub fn text_width(text: &str, scale: u32) -> u32 {
    text.chars().count() as u32 * GLYPH * scale
}

/// An RGB pixel buffer.
#[derive(Clone, Debug)]
pub struct Raster {
    pub width: u32,
    pub height: u32,
    /// Row-major, three bytes a pixel.
    pub pixels: Vec<u8>,
}

impl Raster {
    pub fn new(width: u32, height: u32, background: Rgb) -> Raster {
        let pixels = [background.0, background.1, background.2].repeat(width as usize * height as usize);
        Raster { width, height, pixels }
    }

    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        let i = 3 * (y as usize * self.width as usize + x as usize);
        Rgb(self.pixels[i], self.pixels[i + 1], self.pixels[i + 2])
    }

    /// The picture as PNG bytes.
    pub fn to_png(&self) -> Result<Vec<u8>> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        // The default level: on a 200 × 200 Wythoff heatmap it writes a
        // fifth of the bytes of the fast setting, for little extra time.
        encoder.set_compression(png::Compression::Default);
        let failed = |e: png::EncodingError| Error::InvalidGame(format!("cannot encode the PNG: {e}"));
        let mut writer = encoder.write_header().map_err(failed)?;
        writer.write_image_data(&self.pixels).map_err(failed)?;
        writer.finish().map_err(failed)?;
        Ok(bytes)
    }
}

/// The glyph of a character: ASCII from the font, anything else as `?`.
fn glyph(c: char) -> [u8; 8] {
    let code = if c.is_ascii() { c as usize } else { '?' as usize };
    font8x8::legacy::BASIC_LEGACY[code]
}

impl Canvas for Raster {
    fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, colour: Rgb) {
        let (x1, y1) = ((x + w).min(self.width), (y + h).min(self.height));
        for row in y.min(y1)..y1 {
            let start = 3 * (row as usize * self.width as usize + x as usize);
            let end = 3 * (row as usize * self.width as usize + x1 as usize);
            if start < end {
                for pixel in self.pixels[start..end].chunks_exact_mut(3) {
                    pixel.copy_from_slice(&[colour.0, colour.1, colour.2]);
                }
            }
        }
    }

    fn text(&mut self, x: u32, y: u32, text: &str, colour: Rgb, scale: u32) {
        for (i, c) in text.chars().enumerate() {
            let left = x + i as u32 * GLYPH * scale;
            for (row, bits) in glyph(c).iter().enumerate() {
                for column in 0..8u32 {
                    // Bit 0 is the leftmost pixel of the row.
                    if bits >> column & 1 == 1 {
                        self.rect(left + column * scale, y + row as u32 * scale, scale, scale, colour);
                    }
                }
            }
        }
    }
}

/// An SVG document built from the same primitives.
#[derive(Clone, Debug)]
pub struct Svg {
    width: u32,
    height: u32,
    body: String,
}

impl Svg {
    pub fn new(width: u32, height: u32, background: Rgb) -> Svg {
        let mut svg = Svg { width, height, body: String::new() };
        svg.rect(0, 0, width, height, background);
        svg
    }

    pub fn finish(self) -> Vec<u8> {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             shape-rendering=\"crispEdges\">\n{}</svg>\n",
            self.body,
            w = self.width,
            h = self.height
        )
        .into_bytes()
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

impl Canvas for Svg {
    fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, colour: Rgb) {
        let _ =
            writeln!(self.body, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>", colour.hex());
    }

    fn text(&mut self, x: u32, y: u32, text: &str, colour: Rgb, scale: u32) {
        // The bitmap font's cell is 8 units with the baseline near 7; a
        // monospace font of size 8·scale with textLength keeps the layout.
        let size = GLYPH * scale;
        let _ = writeln!(
            self.body,
            "<text x=\"{x}\" y=\"{}\" font-family=\"monospace\" font-size=\"{size}\" textLength=\"{}\" fill=\"{}\">{}</text>",
            y + 7 * scale,
            text_width(text, scale),
            colour.hex(),
            escape(text)
        );
    }
}
