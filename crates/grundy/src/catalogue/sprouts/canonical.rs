//! The canonical text of a land: the simplifications of Lemoine and Viennot
//! (*Computer analysis of Sprouts with nimbers*, Games of No Chance 4, 2015,
//! section 2; Glop's manual), then one order for everything that has none.
//!
//! Each step keeps the game (the same options, up to the same steps), so
//! equivalent positions share one memo entry:
//!
//! 1. **Dead spots go**: a spot with no life can take no line; its sites
//!    only separate others, and no move can use the gap.
//! 2. **Unplayable regions go**: a move in a region needs two lives there
//!    (two spots with a life, or one with two). Moves elsewhere never add a
//!    spot to a region, so a region without them stays without them. Its
//!    shared spots lose their site there.
//! 3. **A spot seen twice in a row is seen once**: a spot of one life whose
//!    two sites are neighbours on a boundary (once dead spots between them
//!    went) gives the same options through either site, and no line can
//!    pass between them. A lettered spot seen once is then a plain `2`.
//! 4. **Lands split** where no live spot links their regions.
//! 5. **Order**: boundaries are cycles (least rotation), a region may be
//!    mirrored (all its boundaries reversed: a region's play depends only
//!    on its own cyclic orders and on lives), boundaries and regions are
//!    sorted, letters are renamed in order of first appearance.
//!
//! Step 5 compares shared spots (upper case) only by kind, so two lands
//! that differ only in which shared spot is which may get different texts:
//! the text is always a correct description of the land, and equal texts
//! are always the same game, but not every pair of equal games has equal
//! texts. That loses sharing, never correctness.

use super::land::{lower, upper, Boundary, Land, Region};

/// What a spot is, as the notation writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// No line yet: three lives, one site (`0`).
    Fresh,
    /// One line: two lives (`1`).
    OneLine,
    /// Two lines, one life, one site left (`2`).
    Single,
    /// One life, two sites in one boundary (a lower-case letter).
    Twice,
    /// One life, one site in each of two regions (an upper-case letter).
    Shared,
}

/// The kind of every spot of `land` (whose dead spots are gone).
pub(super) fn kinds(land: &Land) -> Vec<Kind> {
    let n = land.lives.len();
    let mut count = vec![0u8; n];
    let mut first_region = vec![usize::MAX; n];
    let mut two_regions = vec![false; n];
    for (r, region) in land.regions.iter().enumerate() {
        for &s in region.iter().flatten() {
            let s = s as usize;
            count[s] += 1;
            if first_region[s] == usize::MAX {
                first_region[s] = r;
            } else if first_region[s] != r {
                two_regions[s] = true;
            }
        }
    }
    (0..n)
        .map(|s| match land.lives[s] {
            3 => Kind::Fresh,
            2 => Kind::OneLine,
            _ if count[s] < 2 => Kind::Single,
            _ if two_regions[s] => Kind::Shared,
            _ => Kind::Twice,
        })
        .collect()
}

/// Steps 1–3: drops dead spots, unplayable regions and repeated sites.
pub(super) fn simplify(land: &mut Land) {
    let lives = &land.lives;
    for region in &mut land.regions {
        for boundary in region.iter_mut() {
            boundary.retain(|&s| lives[s as usize] > 0);
        }
        region.retain(|b| !b.is_empty());
    }
    land.regions.retain(|region| playable(lives, region));
    for boundary in land.regions.iter_mut().flatten() {
        boundary.dedup();
        if boundary.len() > 1 && boundary.first() == boundary.last() {
            boundary.pop();
        }
    }
}

/// Whether a move can be made in `region`: a spot with two lives, or two
/// different spots with a life each.
fn playable(lives: &[u8], region: &Region) -> bool {
    let mut first = None;
    for &s in region.iter().flatten() {
        if lives[s as usize] >= 2 {
            return true;
        }
        match first {
            None => first = Some(s),
            Some(f) if f != s => return true,
            _ => {}
        }
    }
    false
}

/// Simplifies `land` and pushes the canonical text of each land it falls
/// into (nothing when no move is left).
pub(super) fn canonical_lands(mut land: Land, out: &mut Vec<String>) {
    simplify(&mut land);
    let kinds = kinds(&land);
    for group in linked_regions(&land) {
        out.push(land_text(&land, &kinds, &group));
    }
}

/// The regions of `land` grouped into lands: regions sharing a spot.
fn linked_regions(land: &Land) -> Vec<Vec<usize>> {
    let n = land.regions.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut r: usize) -> usize {
        while parent[r] != r {
            parent[r] = parent[parent[r]];
            r = parent[r];
        }
        r
    }
    let mut seen_in = vec![usize::MAX; land.lives.len()];
    for (r, region) in land.regions.iter().enumerate() {
        for &s in region.iter().flatten() {
            let s = s as usize;
            if seen_in[s] == usize::MAX {
                seen_in[s] = r;
            } else {
                let (a, b) = (find(&mut parent, seen_in[s]), find(&mut parent, r));
                parent[a] = b;
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of = vec![usize::MAX; n];
    for r in 0..n {
        let root = find(&mut parent, r);
        if group_of[root] == usize::MAX {
            group_of[root] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of[root]].push(r);
    }
    groups
}

/// A boundary's code for comparing: kinds, with lower-case spots numbered
/// by first appearance (they never leave their boundary) and shared spots
/// by `shared`.
fn code(boundary: &[u8], kinds: &[Kind], shared: &[u8]) -> Vec<u8> {
    let mut local: Vec<u8> = Vec::new();
    boundary
        .iter()
        .map(|&s| match kinds[s as usize] {
            Kind::Fresh => 0,
            Kind::OneLine => 1,
            Kind::Single => 2,
            Kind::Shared => shared[s as usize],
            Kind::Twice => {
                let k = local.iter().position(|&t| t == s).unwrap_or_else(|| {
                    local.push(s);
                    local.len() - 1
                });
                4 + k as u8
            }
        })
        .collect()
}

/// The rotation of `boundary` with the least code, and that code.
fn least_rotation(boundary: &[u8], kinds: &[Kind], shared: &[u8]) -> (Vec<u8>, Boundary) {
    let mut best: Option<(Vec<u8>, Boundary)> = None;
    let mut rotated = boundary.to_vec();
    for _ in 0..boundary.len() {
        let c = code(&rotated, kinds, shared);
        if best.as_ref().is_none_or(|(b, _)| c < *b) {
            best = Some((c, rotated.clone()));
        }
        rotated.rotate_left(1);
    }
    best.expect("boundaries are not empty")
}

/// A region in its least form: mirrored or not, boundaries at their least
/// rotation and sorted. Returns the sorted codes and the boundaries.
fn least_region(region: &Region, kinds: &[Kind], shared: &[u8]) -> (Vec<Vec<u8>>, Vec<Boundary>) {
    let mut best: Option<(Vec<Vec<u8>>, Vec<Boundary>)> = None;
    for mirrored in [false, true] {
        let mut forms: Vec<(Vec<u8>, Boundary)> = region
            .iter()
            .map(|b| {
                let mut b = b.clone();
                if mirrored {
                    b.reverse();
                }
                least_rotation(&b, kinds, shared)
            })
            .collect();
        forms.sort();
        let (codes, boundaries): (Vec<_>, Vec<_>) = forms.into_iter().unzip();
        if best.as_ref().is_none_or(|(c, _)| codes < *c) {
            best = Some((codes, boundaries));
        }
    }
    best.expect("two orientations")
}

/// Code of a shared spot when all are alike (first pass).
const SHARED: u8 = 3;
/// Codes of shared spots told apart: above every other code.
const SHARED_APART: u8 = 100;

/// The text of the land made of `regions` of `land`: a first pass orders
/// everything comparing shared spots only by kind; a second tells them
/// apart by the names the first gave them, which settles most ties the
/// first left.
fn land_text(land: &Land, kinds: &[Kind], regions: &[usize]) -> String {
    let alike = vec![SHARED; land.lives.len()];
    let (_, names) = text_with(land, kinds, regions, &alike);
    let apart: Vec<u8> = names.iter().map(|n| n.map_or(SHARED, |k| SHARED_APART + k as u8)).collect();
    text_with(land, kinds, regions, &apart).0
}

/// The text with shared spots coded by `shared`, and the index of the name
/// each shared spot got.
fn text_with(land: &Land, kinds: &[Kind], regions: &[usize], shared: &[u8]) -> (String, Vec<Option<usize>>) {
    let mut forms: Vec<(Vec<Vec<u8>>, Vec<Boundary>)> =
        regions.iter().map(|&r| least_region(&land.regions[r], kinds, shared)).collect();
    forms.sort();
    let mut names: Vec<Option<usize>> = vec![None; land.lives.len()];
    let mut uppers = 0;
    let mut text = String::new();
    for (_, boundaries) in &forms {
        // Lower-case letters are named region by region.
        let mut lowers = 0;
        for boundary in boundaries {
            for &s in boundary {
                let s = s as usize;
                let c = match kinds[s] {
                    Kind::Fresh => '0',
                    Kind::OneLine => '1',
                    Kind::Single => '2',
                    Kind::Twice | Kind::Shared => {
                        let counter = if kinds[s] == Kind::Twice { &mut lowers } else { &mut uppers };
                        let k = *names[s].get_or_insert_with(|| {
                            *counter += 1;
                            *counter - 1
                        });
                        if kinds[s] == Kind::Twice {
                            lower(k)
                        } else {
                            upper(k)
                        }
                    }
                };
                text.push(c);
            }
            text.push('.');
        }
        text.push('}');
    }
    text.push(']');
    let shared_names = names.iter().enumerate().map(|(s, n)| n.filter(|_| kinds[s] == Kind::Shared)).collect();
    (text, shared_names)
}

/// The least text over every way of telling the shared spots apart: a
/// form that equivalent lands always share (exponential in the shared
/// spots; the tests use it to compare option sets).
#[cfg(test)]
pub(super) fn exact_lands(mut land: Land) -> Vec<String> {
    simplify(&mut land);
    let kinds = kinds(&land);
    let shared: Vec<usize> = (0..land.lives.len()).filter(|&s| kinds[s] == Kind::Shared).collect();
    let mut out = Vec::new();
    for group in linked_regions(&land) {
        let mine: Vec<usize> = shared
            .iter()
            .copied()
            .filter(|&s| group.iter().any(|&r| land.regions[r].iter().flatten().any(|&t| t as usize == s)))
            .collect();
        let mut order: Vec<usize> = (0..mine.len()).collect();
        let mut best: Option<String> = None;
        loop {
            let mut codes = vec![SHARED; land.lives.len()];
            for (k, &s) in mine.iter().enumerate() {
                codes[s] = SHARED_APART + order[k] as u8;
            }
            let text = text_with(&land, &kinds, &group, &codes).0;
            if best.as_ref().is_none_or(|b| text < *b) {
                best = Some(text);
            }
            if !next_permutation(&mut order) {
                break;
            }
        }
        out.push(best.expect("one order at least"));
    }
    out.sort();
    out
}

#[cfg(test)]
fn next_permutation(order: &mut [usize]) -> bool {
    let Some(i) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
        return false;
    };
    let j = (i..order.len()).rev().find(|&j| order[j] > order[i - 1]).expect("a larger one");
    order.swap(i - 1, j);
    order[i..].reverse();
    true
}
