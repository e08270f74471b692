//! A second Sprouts, written from the rules alone, for the tests: no
//! simplification at all (dead spots stay on their boundaries, unplayable
//! regions stay, lands are never split), every ordered pair of sites and
//! every subset of the other boundaries. Its values come from a plain
//! memoized recursion keyed by the exact drawing, so they check both the
//! move generator (through option sets) and every simplification of the
//! canonical form (through values).

use std::collections::HashMap;

use super::land::Land;

/// The drawing after every legal move from `land`, as the rules say.
pub(super) fn options(land: &Land) -> Vec<Land> {
    let mut out = Vec::new();
    for r in 0..land.regions.len() {
        let region = &land.regions[r];
        let mut sites = Vec::new();
        for (b, boundary) in region.iter().enumerate() {
            for i in 0..boundary.len() {
                sites.push((b, i));
            }
        }
        for &(b1, i1) in &sites {
            for &(b2, i2) in &sites {
                let u = region[b1][i1] as usize;
                let v = region[b2][i2] as usize;
                if u == v && (b1, i1) != (b2, i2) {
                    continue; // two sides of one spot: it has one life at most
                }
                let ok = if u == v { land.lives[u] >= 2 } else { land.lives[u] >= 1 && land.lives[v] >= 1 };
                if !ok {
                    continue;
                }
                let mut lives = land.lives.clone();
                lives[u] -= 1;
                lives[v] -= 1;
                let w = lives.len() as u8;
                lives.push(1);
                // The sides of u and v the line leaves from: a spot with no
                // line has one side before and after.
                let side = |s: usize, before: u8| if before == 3 { vec![s as u8] } else { vec![s as u8, s as u8] };
                if b1 != b2 {
                    // Walk B1 from u round to u, cross to v, walk B2 round to v, cross back.
                    let around = |b: usize, i: usize, s: usize| {
                        let boundary = &region[b];
                        let mut walk = vec![];
                        let ends = side(s, land.lives[s]);
                        walk.push(ends[0]);
                        for k in 1..boundary.len() {
                            walk.push(boundary[(i + k) % boundary.len()]);
                        }
                        if ends.len() == 2 {
                            walk.push(ends[1]);
                        }
                        walk
                    };
                    let mut merged = around(b1, i1, u);
                    merged.push(w);
                    merged.extend(around(b2, i2, v));
                    merged.push(w);
                    let mut new_region: Vec<Vec<u8>> =
                        (0..region.len()).filter(|&b| b != b1 && b != b2).map(|b| region[b].clone()).collect();
                    new_region.push(merged);
                    let mut regions = land.regions.clone();
                    regions[r] = new_region;
                    out.push(Land { lives: lives.clone(), regions });
                } else {
                    let boundary = &region[b1];
                    let n = boundary.len();
                    let (inside, outside) = if i1 == i2 {
                        if land.lives[u] == 3 {
                            (vec![u as u8, w], vec![u as u8, w])
                        } else {
                            let mut walk: Vec<u8> = (0..n).map(|k| boundary[(i1 + k) % n]).collect();
                            walk.push(u as u8);
                            walk.push(w);
                            (walk, vec![u as u8, w])
                        }
                    } else {
                        // From u forwards to v, then back along the line; and
                        // from v forwards to u, then back along the line.
                        let mut a = vec![];
                        let mut k = i1;
                        loop {
                            a.push(boundary[k]);
                            if k == i2 {
                                break;
                            }
                            k = (k + 1) % n;
                        }
                        a.push(w);
                        let mut c = vec![];
                        let mut k = i2;
                        loop {
                            c.push(boundary[k]);
                            if k == i1 {
                                break;
                            }
                            k = (k + 1) % n;
                        }
                        c.push(w);
                        (a, c)
                    };
                    let others: Vec<usize> = (0..region.len()).filter(|&b| b != b1).collect();
                    for mask in 0u32..1 << others.len() {
                        let mut one = vec![inside.clone()];
                        let mut two = vec![outside.clone()];
                        for (k, &o) in others.iter().enumerate() {
                            if mask >> k & 1 == 1 { &mut one } else { &mut two }.push(region[o].clone());
                        }
                        let mut regions = land.regions.clone();
                        regions[r] = one;
                        regions.push(two);
                        out.push(Land { lives: lives.clone(), regions });
                    }
                }
            }
        }
    }
    out
}

/// Normal-play nim-values of raw drawings, memoized by the exact drawing.
#[derive(Default)]
pub(super) struct Brute {
    memo: HashMap<Land, u32>,
}

impl std::hash::Hash for Land {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.lives.hash(state);
        self.regions.hash(state);
    }
}

impl Brute {
    pub(super) fn nim_value(&mut self, land: &Land) -> u32 {
        if let Some(&v) = self.memo.get(land) {
            return v;
        }
        let values: Vec<u32> = options(land).iter().map(|o| self.nim_value(o)).collect();
        let v = (0..).find(|x| !values.contains(x)).expect("a mex");
        self.memo.insert(land.clone(), v);
        v
    }

    /// Misère: whether the player to move wins (no move: a win).
    pub(super) fn misere_wins(&mut self, land: &Land, memo: &mut HashMap<Land, bool>) -> bool {
        if let Some(&w) = memo.get(land) {
            return w;
        }
        let options = options(land);
        let w = options.is_empty() || options.iter().any(|o| !self.misere_wins(o, memo));
        memo.insert(land.clone(), w);
        w
    }
}
