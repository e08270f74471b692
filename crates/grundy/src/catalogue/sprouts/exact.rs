//! A second canonical text, for the tests: the least text over every naming
//! of a land's shared spots (`k!` texts for `k` shared spots), each written
//! by sorting codes. It is the old form (before `canonical.rs` wrote the
//! least text piece by piece), kept as an independent check: two lands get
//! the same text here iff they get the same text there.

use super::canonical::{kinds, linked_regions, lives_in, simplify, Kind, TWO_LIVES};
use super::land::{lower, upper, Boundary, Land, Region};

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
pub(super) fn exact_lands(mut land: Land) -> Vec<String> {
    simplify(&mut land);
    let kinds = kinds(&land);
    let shared: Vec<usize> = (0..land.lives.len()).filter(|&s| kinds[s] == Kind::Shared).collect();
    let mut out = Vec::new();
    for group in linked_regions(&land) {
        if lives_in(&land, &group) == 2 {
            out.push(TWO_LIVES.to_string());
            continue;
        }
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

fn next_permutation(order: &mut [usize]) -> bool {
    let Some(i) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
        return false;
    };
    let j = (i..order.len()).rev().find(|&j| order[j] > order[i - 1]).expect("a larger one");
    order.swap(i - 1, j);
    order[i..].reverse();
    true
}
