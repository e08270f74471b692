//! Reading Sprouts positions: `N` (N spots, no lines yet) or Lemoine and
//! Viennot's string notation (Glop's manual; *Computer analysis of Sprouts
//! with nimbers*, Games of No Chance 4, 2015, section 2).
//!
//! A spot is written by the lines it already has: `0` (none, three lives),
//! `1` (one line, two lives), `2` (two lines, one life, one side free).
//! A spot with one life whose two sides both face a region is written with
//! a letter at each side: lower case when both sides face the same region,
//! upper case when they face two regions. A boundary ends with `.`, a region
//! with `}`, a land with `]` (or `/`), and `!` may end the position; the last
//! terminators may be left out. Letters name spots within one land.
//!
//! Errors name what is wrong and where (land, region, boundary, counted
//! from 1): a stray character, an empty boundary, a `0` that is not alone,
//! a letter seen once, too often or in the wrong places, two letters whose sides
//! interlace (no drawing has such a boundary), or a land too large for the
//! notation's letters.

use std::collections::HashMap;

use super::land::{letter_index, letters_needed, Land, LETTERS};
use crate::error::{shortened, Error, Result};

/// The most spots `N` may be: positions reached from 22 spots never need
/// more than the notation's 50 letters of a case.
pub const MAX_SPROUTS_SPOTS: usize = 22;

/// Where a site was written: land, region, boundary, place (all from 0).
#[derive(Clone, Copy, Debug)]
struct Place {
    region: usize,
    boundary: usize,
}

fn invalid(text: &str, why: String) -> Error {
    Error::InvalidPosition(format!("sprouts position '{}': {why}", shortened(text)))
}

/// Parses `text` into its lands (not yet simplified or split).
pub(super) fn parse(text: &str) -> Result<Vec<Land>> {
    let text = text.trim();
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = text.parse().map_err(|_| invalid(text, "the number of spots is too large".into()))?;
        if n > MAX_SPROUTS_SPOTS {
            return Err(Error::TooLarge {
                what: format!("sprouts {n} (its positions' spots are written with 50 letters of a case)"),
                needed: n as u128,
                limit: MAX_SPROUTS_SPOTS as u128,
                unit: "spots",
            });
        }
        return Ok(if n == 0 { Vec::new() } else { vec![Land::spots(n)] });
    }
    let body = text.strip_suffix('!').unwrap_or(text);
    if body.is_empty() {
        return Err(invalid(text, "expected a number of spots or a position like 0.0.}]".into()));
    }
    let mut lands = Vec::new();
    let mut pieces: Vec<&str> = body.split([']', '/']).collect();
    if pieces.last() == Some(&"") {
        pieces.pop();
    }
    for (l, piece) in pieces.iter().enumerate() {
        let land = parse_land(piece).map_err(|why| invalid(text, format!("land {}: {why}", l + 1)))?;
        lands.push(land);
    }
    Ok(lands)
}

/// One land's text, without its `]`; errors are reasons, without the land.
fn parse_land(text: &str) -> std::result::Result<Land, String> {
    if text.is_empty() {
        return Err("is empty (two land ends in a row)".into());
    }
    let mut lives: Vec<u8> = Vec::new();
    let mut letters: HashMap<(usize, char), (u8, Vec<Place>)> = HashMap::new();
    let mut regions = Vec::new();
    let mut region_texts: Vec<&str> = text.split('}').collect();
    if region_texts.last() == Some(&"") {
        region_texts.pop();
    }
    for (r, region_text) in region_texts.iter().enumerate() {
        let at = |b: usize| format!("region {}, boundary {}", r + 1, b + 1);
        if region_text.is_empty() {
            return Err(format!("region {} is empty (two region ends in a row)", r + 1));
        }
        let mut boundary_texts: Vec<&str> = region_text.split('.').collect();
        if boundary_texts.last() == Some(&"") {
            boundary_texts.pop();
        }
        let mut region = Vec::new();
        for (b, boundary_text) in boundary_texts.iter().enumerate() {
            if boundary_text.is_empty() {
                return Err(format!("{} is empty (two boundary ends in a row)", at(b)));
            }
            let mut boundary = Vec::new();
            for c in boundary_text.chars() {
                let spot = match c {
                    '0' | '1' | '2' => {
                        if c == '0' && boundary_text.chars().count() > 1 {
                            return Err(format!(
                                "{}: a spot with no line ('0') is a boundary by itself, found '{}'",
                                at(b),
                                shortened(boundary_text)
                            ));
                        }
                        lives.push(b'3' - c as u8);
                        lives.len() - 1
                    }
                    _ if letter_index(c).is_some() => {
                        // Lower-case letters name spots within a region
                        // (Glop's manual reuses them region by region);
                        // upper-case ones within the land.
                        let scope = if letter_index(c).is_some_and(|(shared, _)| shared) { usize::MAX } else { r };
                        let (spot, places) = letters.entry((scope, c)).or_insert_with(|| {
                            lives.push(1);
                            ((lives.len() - 1) as u8, Vec::new())
                        });
                        places.push(Place { region: r, boundary: b });
                        *spot as usize
                    }
                    _ => {
                        return Err(format!(
                            "{}: '{c}' is not a spot (0, 1, 2 or a letter) nor a terminator (. }} ] !)",
                            at(b)
                        ))
                    }
                };
                if spot > u8::MAX as usize / 2 {
                    return Err("has too many spots".into());
                }
                boundary.push(spot as u8);
            }
            check_interlacing(&boundary, &lives).map_err(|why| format!("{}: {why}", at(b)))?;
            region.push(boundary);
        }
        regions.push(region);
    }
    #[allow(clippy::type_complexity)]
    let mut names: Vec<(&(usize, char), &(u8, Vec<Place>))> = letters.iter().collect();
    names.sort_by_key(|(key, _)| **key);
    for (&(_, c), (_, places)) in names {
        let shared = letter_index(c).is_some_and(|(shared, _)| shared);
        match places.as_slice() {
            // (The canonical form writes such a spot `2`; read as one, a
            // stray word after the last land, `…}]extra`, was a land of
            // five spots.)
            [p] => {
                return Err(format!(
                    "'{c}' is seen once (region {}, boundary {}); a letter marks a spot of one life whose two \
                     sides both face free space, so it is seen twice (a spot with one free side is '2')",
                    p.region + 1,
                    p.boundary + 1
                ))
            }
            [p, q] if shared && p.region == q.region => {
                return Err(format!(
                    "'{c}' is upper case (a spot between two regions) but both its sides are in region {}; \
                     write it in lower case",
                    p.region + 1
                ))
            }
            [p, q] if !shared && p.boundary != q.boundary => {
                return Err(format!(
                    "'{c}' is lower case (a spot seen twice on one boundary) but is seen on boundaries {} and {} \
                     of region {}; two boundaries of a region never share a spot",
                    p.boundary + 1,
                    q.boundary + 1,
                    p.region + 1,
                ))
            }
            [_, _] => {}
            _ => {
                return Err(format!(
                    "'{c}' is seen {} times; a spot with one life has at most two free sides",
                    places.len()
                ))
            }
        }
    }
    let land = Land { lives, regions };
    let letter_count = letters.len() as u32;
    if letters_needed(land.total_lives(), letter_count) as usize > LETTERS {
        return Err(format!(
            "has {} lives, too many for the notation's {LETTERS} letters of a case in the positions that follow",
            land.total_lives()
        ));
    }
    Ok(land)
}

/// A boundary is a walk around a drawing in the plane: between the two
/// sides of one spot lie whole pieces, so the sides of two spots never
/// alternate (a, b, a, b).
fn check_interlacing(boundary: &[u8], lives: &[u8]) -> std::result::Result<(), String> {
    let mut first: HashMap<u8, usize> = HashMap::new();
    let mut open: Vec<u8> = Vec::new();
    for (i, &s) in boundary.iter().enumerate() {
        if lives[s as usize] != 1 || boundary.iter().filter(|&&t| t == s).count() < 2 {
            continue;
        }
        match first.get(&s) {
            None => {
                first.insert(s, i);
                open.push(s);
            }
            Some(_) => {
                if open.last() != Some(&s) {
                    return Err("the two sides of two spots alternate along the boundary; no drawing has that".into());
                }
                open.pop();
            }
        }
    }
    Ok(())
}
