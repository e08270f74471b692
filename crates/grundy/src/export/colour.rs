//! Colours for values: P-positions black, everything else light enough
//! that black cannot be mistaken for it.

use super::canvas::Rgb;
use crate::game::Outcome;

/// P-positions (nim-value 0, or outcome P).
pub const P_COLOUR: Rgb = Rgb::BLACK;
/// Cells of the range that are not positions (off the board).
pub const OFF_BOARD: Rgb = Rgb(215, 215, 215);
/// Outcome N in races.
pub const N_COLOUR: Rgb = Rgb(250, 196, 84);
/// Outcome D (draw) in races.
pub const DRAW_COLOUR: Rgb = Rgb(110, 160, 225);
/// Rare values in a sequence scatter.
pub const RARE_COLOUR: Rgb = Rgb(215, 40, 40);
/// Lines, text and frames.
pub const INK: Rgb = Rgb(40, 40, 40);
pub const FAINT: Rgb = Rgb(150, 150, 150);

pub fn outcome(outcome: Outcome) -> Rgb {
    match outcome {
        Outcome::P => P_COLOUR,
        Outcome::N => N_COLOUR,
        Outcome::Draw => DRAW_COLOUR,
    }
}

/// A distinct colour for each small nim-value ≥ 1: hues a golden angle
/// apart (so neighbours differ), fairly light (so none looks black).
pub fn discrete(value: u64) -> Rgb {
    let hue = ((value - 1) as f64 * 137.507_764).rem_euclid(360.0);
    hsv(hue, 0.62, 0.95)
}

/// Stops of a diverging blue–yellow–red scale, none of them dark.
const SCALE: [Rgb; 8] = [
    Rgb(49, 54, 149),
    Rgb(69, 117, 180),
    Rgb(116, 173, 209),
    Rgb(171, 217, 233),
    Rgb(254, 224, 144),
    Rgb(253, 174, 97),
    Rgb(244, 109, 67),
    Rgb(215, 48, 39),
];

/// A colour on a continuous scale for nim-values `1..=max`, for tables
/// with too many values to tell apart one by one.
pub fn continuous(value: u64, max: u64) -> Rgb {
    let t = if max <= 1 { 0.0 } else { (value.saturating_sub(1)) as f64 / (max - 1) as f64 };
    let position = t.clamp(0.0, 1.0) * (SCALE.len() - 1) as f64;
    let i = (position.floor() as usize).min(SCALE.len() - 2);
    let f = position - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (SCALE[i], SCALE[i + 1]);
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn hsv(hue: f64, saturation: f64, value: f64) -> Rgb {
    let c = value * saturation;
    let h = hue / 60.0;
    let x = c * (1.0 - (h.rem_euclid(2.0) - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = value - c;
    let byte = |v: f64| ((v + m) * 255.0).round() as u8;
    Rgb(byte(r), byte(g), byte(b))
}

/// Black or white, whichever reads better on `background`.
pub fn text_on(background: Rgb) -> Rgb {
    let luminance = 0.299 * background.0 as f64 + 0.587 * background.1 as f64 + 0.114 * background.2 as f64;
    if luminance > 140.0 {
        Rgb::BLACK
    } else {
        Rgb::WHITE
    }
}
