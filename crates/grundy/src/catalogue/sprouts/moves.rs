//! The moves of a Sprouts land, on its boundaries (Lemoine and Viennot,
//! *Computer analysis of Sprouts with nimbers*, Games of No Chance 4, 2015,
//! section 2.2).
//!
//! A move draws a line inside one region from a site of a spot to a site of
//! another spot, or of the same spot (which needs two lives), and puts a new
//! spot on the line: the ends lose a life each, the new spot has one life
//! left and a side facing each side of the line.
//!
//! - **Two boundaries** of the region: the line joins them into one, the
//!   walk around the first (back to the site where the line starts), along
//!   the line past the new spot, around the second, and back along the line.
//! - **One boundary**: the line closes a curve and cuts the region in two;
//!   each new region gets one arc of the boundary closed by the line, and
//!   the region's other boundaries go to one side or the other, in every
//!   possible way.
//!
//! A spot with no line has one site, and drawing from it leaves one; any
//! other spot gains a site at the place the line leaves it.

use super::land::{Boundary, Land};

/// Calls `each` with every land a move in `land` leaves (before any
/// simplification), skipping moves that are mirror images of another
/// because they differ only in which of two identical boundaries they use,
/// until `each` returns `true` (the caller has learnt enough: the pruned
/// search often needs only the first few options). Returns whether it was
/// stopped so.
pub(super) fn each_option(land: &Land, mut each: impl FnMut(Land) -> bool) -> bool {
    let occurrences = occurrences(land);
    for (r, region) in land.regions.iter().enumerate() {
        let (group, rank) = interchangeable(region, &occurrences, &land.lives);
        let sites: Vec<(usize, usize)> = region
            .iter()
            .enumerate()
            .flat_map(|(b, boundary)| (0..boundary.len()).map(move |i| (b, i)))
            .filter(|&(b, i)| land.lives[region[b][i] as usize] > 0)
            .collect();
        for (k, &(b1, i1)) in sites.iter().enumerate() {
            for &(b2, i2) in &sites[k..] {
                let (u, v) = (region[b1][i1], region[b2][i2]);
                let needed = if u == v { 2 } else { 1 };
                if land.lives[u as usize] < needed || land.lives[v as usize] < needed {
                    continue;
                }
                if b1 != b2 {
                    let first_pair = if group[b1] == group[b2] { (0, 1) } else { (0, 0) };
                    if (rank[b1], rank[b2]) == first_pair && each(join(land, r, (b1, i1), (b2, i2))) {
                        return true;
                    }
                } else if rank[b1] == 0 && cut(land, r, b1, i1, i2, &group, &mut each) {
                    return true;
                }
            }
        }
    }
    false
}

/// How many sites each spot has in the whole land.
fn occurrences(land: &Land) -> Vec<u8> {
    let mut count = vec![0u8; land.lives.len()];
    for &s in land.regions.iter().flatten().flatten() {
        count[s as usize] += 1;
    }
    count
}

/// Boundaries that can be swapped without changing the position: those
/// whose spots are seen nowhere else, with the same lives in the same
/// order. `group[b]` is the first such boundary, `rank[b]` how many come
/// before `b` in its group.
fn interchangeable(region: &[Boundary], occurrences: &[u8], lives: &[u8]) -> (Vec<usize>, Vec<usize>) {
    let alone = |b: &Boundary| b.iter().all(|&s| occurrences[s as usize] == 1);
    let same = |a: &Boundary, b: &Boundary| {
        a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| lives[x as usize] == lives[y as usize])
    };
    let mut group: Vec<usize> = (0..region.len()).collect();
    let mut rank = vec![0; region.len()];
    for b in 0..region.len() {
        if !alone(&region[b]) {
            continue;
        }
        if let Some(first) = (0..b).find(|&a| group[a] == a && alone(&region[a]) && same(&region[a], &region[b])) {
            group[b] = first;
            rank[b] = (0..b).filter(|&a| group[a] == first).count();
        }
    }
    (group, rank)
}

/// A copy of `land` with a new spot of one life, and the ends' lives spent.
fn with_line(land: &Land, u: u8, v: u8) -> (Land, u8) {
    let mut next = land.clone();
    next.lives[u as usize] -= 1;
    next.lives[v as usize] -= 1;
    next.lives.push(1);
    (next, (land.lives.len()) as u8)
}

/// The walk around `boundary` from its site `i` back to the same spot, the
/// site split in two by a line leaving it (kept whole for a spot without
/// lines, which has only one site).
fn walk_from(boundary: &[u8], i: usize, lives_before: u8) -> Boundary {
    let mut walk: Boundary = boundary[i..].iter().chain(&boundary[..i]).copied().collect();
    if lives_before < 3 {
        walk.push(boundary[i]);
    }
    walk
}

/// A line from site `i1` of boundary `b1` to site `i2` of boundary `b2` of
/// region `r`: the two boundaries become one.
fn join(land: &Land, r: usize, (b1, i1): (usize, usize), (b2, i2): (usize, usize)) -> Land {
    let region = &land.regions[r];
    let (u, v) = (region[b1][i1], region[b2][i2]);
    let (mut next, w) = with_line(land, u, v);
    let mut joined = walk_from(&region[b1], i1, land.lives[u as usize]);
    joined.push(w);
    joined.extend(walk_from(&region[b2], i2, land.lives[v as usize]));
    joined.push(w);
    let new_region = &mut next.regions[r];
    for b in [b1.max(b2), b1.min(b2)] {
        new_region.remove(b);
    }
    new_region.push(joined);
    next
}

/// A line from site `i1` to site `i2` (perhaps the same site) of boundary
/// `b` of region `r`: the region is cut in two, in every way of sharing out
/// its other boundaries; `true` if `each` asked to stop.
fn cut(
    land: &Land,
    r: usize,
    b: usize,
    i1: usize,
    i2: usize,
    group: &[usize],
    each: &mut impl FnMut(Land) -> bool,
) -> bool {
    let region = &land.regions[r];
    let boundary = &region[b];
    let (u, v) = (boundary[i1], boundary[i2]);
    let (mut next, w) = with_line(land, u, v);
    let (first, second): (Boundary, Boundary) = if i1 == i2 {
        // A loop: one side holds the whole boundary, the other only the
        // loop. A spot with no line is a boundary by itself and keeps one
        // site on each side.
        if land.lives[u as usize] == 3 {
            (vec![u, w], vec![u, w])
        } else {
            let mut outer = walk_from(boundary, i1, land.lives[u as usize]);
            outer.push(w);
            (outer, vec![u, w])
        }
    } else {
        let rotated: Boundary = boundary[i1..].iter().chain(&boundary[..i1]).copied().collect();
        let j = (i2 + boundary.len() - i1) % boundary.len();
        let mut first = rotated[..=j].to_vec();
        first.push(w);
        let mut second = rotated[j..].to_vec();
        second.push(u);
        second.push(w);
        (first, second)
    };
    // The other boundaries, in groups of interchangeable ones: a group of
    // k sends 0..=k of its members to the first side.
    let others: Vec<usize> = (0..region.len()).filter(|&o| o != b).collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &o in &others {
        match groups.iter_mut().find(|g| group[g[0]] == group[o]) {
            Some(g) => g.push(o),
            None => groups.push(vec![o]),
        }
    }
    let mut counts = vec![0usize; groups.len()];
    next.regions.remove(r);
    loop {
        let mut one = vec![first.clone()];
        let mut two = vec![second.clone()];
        for (g, &c) in groups.iter().zip(&counts) {
            for (k, &o) in g.iter().enumerate() {
                if k < c { &mut one } else { &mut two }.push(region[o].clone());
            }
        }
        let mut option = next.clone();
        option.regions.push(one);
        option.regions.push(two);
        if each(option) {
            return true;
        }
        // The next way of sharing out: counts as a mixed-radix number.
        let mut g = 0;
        while g < groups.len() && counts[g] == groups[g].len() {
            counts[g] = 0;
            g += 1;
        }
        if g == groups.len() {
            return false;
        }
        counts[g] += 1;
    }
}
