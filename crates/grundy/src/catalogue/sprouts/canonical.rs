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
//! 4. **A region with at most three lives is one boundary**
//!    (`merge_if_few_lives`).
//! 5. **Lands split** where no live spot links their regions.
//! 6. **A land of two lives is `22.}]`** (`TWO_LIVES`).
//! 7. **Order**: the text is the least of every way of writing the land —
//!    regions in any order, each region mirrored or not (all its boundaries
//!    reversed: a region's play depends only on its own cyclic orders and
//!    on lives), its boundaries in any order and each from any site, letters
//!    named in order of first appearance. "Least" compares the text piece by
//!    piece (one boundary at a time; a region's boundaries without a shared
//!    spot come last, sorted, as one piece), so the least is found by
//!    extending every least beginning by one piece (`least_pieces`): lands
//!    that differ only in which shared spot is which, or in any of these
//!    orders, get one text, and equal texts are the same game.

use super::land::{lower, upper, Land, Region};

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

/// Steps 1–4: drops dead spots, unplayable regions and repeated sites,
/// writes a boundary of two lone spots of one life as one spot of two, and
/// regions of few lives as one boundary.
#[cfg(test)]
pub(super) fn simplify(land: &mut Land) {
    simplify_with(land, Reductions::ALL);
}

/// Which of the simplifications that change the drawing into another one
/// (not only drop what no move can use) are made: the tests turn them off
/// to check, by plain search, that each keeps every nim-value.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reductions {
    /// `.22.` is written `.1.` ([`one_for_two_lone_spots`]).
    pub(super) two_lone_spots: bool,
}

impl Reductions {
    pub(super) const ALL: Reductions = Reductions { two_lone_spots: true };
    #[cfg(test)]
    pub(super) const NONE: Reductions = Reductions { two_lone_spots: false };
}

/// [`simplify`], making only the `reductions` asked for.
pub(super) fn simplify_with(land: &mut Land, reductions: Reductions) {
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
    if reductions.two_lone_spots {
        one_for_two_lone_spots(land);
    }
    let lives = &land.lives;
    for region in &mut land.regions {
        merge_if_few_lives(lives, region);
    }
}

/// A boundary made of two spots of one life and one site each (`.22.`) is
/// the same as a boundary made of one spot of two lives (`.1.`), wherever
/// it is: the border equivalence found by the Sprouts community in 2008
/// ("Equivalences", World Game of Sprouts Association, 19 March 2008,
/// `.1. == .22.`). Why: the moves of the two match one for one, with the
/// same results. A line from either `2` to a site of another boundary
/// kills that `2` and leaves the other beside the new spot, as a line from
/// the `1` leaves it a `2` (its two sites now neighbours, seen once) beside
/// the new spot; a line joining the two `2`s kills both and cuts the region
/// into two, each with the new spot, as a loop from the `1` to itself does;
/// every other move of the region keeps the boundary whole, on one side.
/// The spots are seen nowhere else, so the rest of the land does not see
/// the difference, and both hold two lives.
fn one_for_two_lone_spots(land: &mut Land) {
    let mut sites = vec![0u8; land.lives.len()];
    for &s in land.regions.iter().flatten().flatten() {
        sites[s as usize] += 1;
    }
    for boundary in land.regions.iter_mut().flatten() {
        if let [a, b] = boundary[..] {
            let (a, b) = (a as usize, b as usize);
            if a != b && land.lives[a] == 1 && land.lives[b] == 1 && sites[a] == 1 && sites[b] == 1 {
                land.lives[a] = 2;
                land.lives[b] = 0;
                boundary.truncate(1);
            }
        }
    }
}

/// Step 4 (Glop's manual): a region with at most three lives is one
/// boundary listing each of its spots once. Every move there spends two of
/// its lives and leaves one new spot of one life beside the life left (if
/// any), whichever sites it joined and however the line cut the region: one
/// region holding those two, the other side (if any) unplayable. So the
/// region's play, and what it takes from its shared spots, depends only on
/// which spots have how many lives, not on its boundaries or orders.
fn merge_if_few_lives(lives: &[u8], region: &mut Region) {
    let mut spots: Vec<u8> = Vec::new();
    for &s in region.iter().flatten() {
        if !spots.contains(&s) {
            spots.push(s);
        }
    }
    let few = spots.iter().map(|&s| lives[s as usize]).sum::<u8>() <= 3;
    if few && (region.len() > 1 || region[0].len() > spots.len()) {
        *region = vec![spots];
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
pub(super) fn canonical_lands(land: Land, out: &mut Vec<String>) {
    canonical_lands_with(land, out, Reductions::ALL);
}

/// [`canonical_lands`], making only the `reductions` asked for.
pub(super) fn canonical_lands_with(mut land: Land, out: &mut Vec<String>, reductions: Reductions) {
    simplify_with(&mut land, reductions);
    let kinds = kinds(&land);
    for group in linked_regions(&land) {
        if lives_in(&land, &group) == 2 {
            out.push(TWO_LIVES.to_string());
        } else {
            out.push(land_text(&land, &kinds, &group));
        }
    }
}

/// Step 6: every land of two lives (its regions all playable) is one game:
/// one move, which spends both and leaves a spot of one life alone. It is
/// written as the simplest of them, two spots of one life in one region.
pub(super) const TWO_LIVES: &str = "22.}]";

/// The lives of the spots of the land made of `regions` of `land`.
pub(super) fn lives_in(land: &Land, regions: &[usize]) -> u32 {
    let mut seen = vec![false; land.lives.len()];
    let mut total = 0;
    for &s in regions.iter().flat_map(|&r| land.regions[r].iter().flatten()) {
        if !std::mem::replace(&mut seen[s as usize], true) {
            total += u32::from(land.lives[s as usize]);
        }
    }
    total
}

/// The regions of `land` grouped into lands: regions sharing a spot.
pub(super) fn linked_regions(land: &Land) -> Vec<Vec<usize>> {
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

/// A piece's code for a spot with no line, one line, or one life and one site.
const FRESH: u8 = 0;
const ONE_LINE: u8 = 1;
const SINGLE: u8 = 2;
/// Codes of a boundary's lower-case spots: `TWICE + k` for the `k`-th met on
/// it (they never leave their boundary).
const TWICE: u8 = 4;
/// Codes of shared spots: `SHARED + k` for the `k`-th named in the land.
const SHARED: u8 = 100;
/// Between the boundaries of a piece that holds several.
const NEXT_BOUNDARY: u8 = 254;
/// Ends a region.
const END_REGION: u8 = 255;

/// The lower-case spots met so far on one boundary, numbered in order of
/// first appearance (on the stack: a boundary has at most 51 of them).
struct Local {
    spots: [u8; 64],
    len: u8,
}

impl Local {
    fn new() -> Local {
        Local { spots: [0; 64], len: 0 }
    }

    /// The number of lower-case spot `s` on this boundary (the next free
    /// one if it is new).
    fn number(&mut self, s: u8) -> u8 {
        match self.spots[..self.len as usize].iter().position(|&t| t == s) {
            Some(k) => k as u8,
            None => {
                self.spots[self.len as usize] = s;
                self.len += 1;
                self.len - 1
            }
        }
    }
}

/// A spot's code on a boundary, for any spot but a shared one: its kind,
/// or the local number of a lower-case spot (`local`: those met so far on
/// this boundary).
fn spot_code(s: u8, kinds: &[Kind], local: &mut Local) -> u8 {
    match kinds[s as usize] {
        Kind::Fresh => FRESH,
        Kind::OneLine => ONE_LINE,
        Kind::Single => SINGLE,
        Kind::Twice => TWICE + local.number(s),
        Kind::Shared => unreachable!("shared spots are coded by their names"),
    }
}

/// No name yet.
const UNNAMED: u8 = u8::MAX;

/// The boundary `boundary` (no shared spot on it) read from its `start`-th
/// site, as a code appended to `out`.
fn boundary_code(boundary: &[u8], start: usize, kinds: &[Kind], out: &mut Vec<u8>) {
    let mut local = Local::new();
    for i in 0..boundary.len() {
        let s = boundary[(start + i) % boundary.len()];
        out.push(spot_code(s, kinds, &mut local));
    }
}

/// The least code of a boundary with no shared spot, over its rotations.
fn closed_code(boundary: &[u8], kinds: &[Kind]) -> Vec<u8> {
    // Two buffers, the best so far and the rotation being read, swapped
    // when the rotation wins: no allocation per rotation.
    let mut best = Vec::with_capacity(boundary.len());
    boundary_code(boundary, 0, kinds, &mut best);
    let mut code = Vec::with_capacity(boundary.len());
    for start in 1..boundary.len() {
        code.clear();
        boundary_code(boundary, start, kinds, &mut code);
        if code < best {
            std::mem::swap(&mut code, &mut best);
        }
    }
    best
}

/// A region as the pieces see it, for each orientation (`[plain,
/// mirrored]`): its boundaries with a shared spot, and the one piece its
/// other boundaries make (sorted codes, then the region's end).
struct RegionPieces {
    shared: [Vec<Vec<u8>>; 2],
    closed: [Vec<u8>; 2],
}

impl RegionPieces {
    fn new(region: &Region, kinds: &[Kind]) -> RegionPieces {
        let has_shared = |b: &[u8]| b.iter().any(|&s| kinds[s as usize] == Kind::Shared);
        let mut shared = [Vec::new(), Vec::new()];
        let mut closed = [Vec::new(), Vec::new()];
        let mut codes: Vec<Vec<u8>> = Vec::new();
        let mut mirror = Vec::new();
        for (m, mirrored) in [false, true].into_iter().enumerate() {
            codes.clear();
            for b in region {
                let b: &[u8] = if mirrored {
                    mirror.clear();
                    mirror.extend(b.iter().rev());
                    &mirror
                } else {
                    b
                };
                if has_shared(b) {
                    shared[m].push(b.to_vec());
                } else {
                    codes.push(closed_code(b, kinds));
                }
            }
            codes.sort();
            for (i, code) in codes.iter().enumerate() {
                if i > 0 {
                    closed[m].push(NEXT_BOUNDARY);
                }
                closed[m].extend(code);
            }
            closed[m].push(END_REGION);
        }
        RegionPieces { shared, closed }
    }
}

/// The most shared spots (upper-case letters) a land can have, with room.
const MAX_SHARED: usize = 64;
/// No region being written.
const BETWEEN: u8 = u8::MAX;

/// One way of writing the land, part done: the regions not begun (a bit
/// each), the one being written (its index, or `BETWEEN`, its orientation
/// and the shared boundaries it has left, a bit each) and the names given
/// so far (by shared spot, numbered in the land). Plain data, copied
/// without allocating: there are many of them for every option.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Writing {
    regions_left: u64,
    region: u8,
    mirrored: u8,
    left: u64,
    named: u8,
    names: [u8; MAX_SHARED],
}

/// The least pieces offered so far in one step, and the ways that write them.
struct Step {
    least: Vec<u8>,
    found: bool,
    next: Vec<Writing>,
}

impl Step {
    /// How `piece` compares with the least so far (`Less` if none yet).
    fn compare(&self, piece: &[u8]) -> std::cmp::Ordering {
        if self.found {
            piece.cmp(&self.least)
        } else {
            std::cmp::Ordering::Less
        }
    }

    /// Keeps `way` if `piece` is among the least pieces offered so far.
    fn offer(&mut self, piece: &[u8], way: Writing) {
        match self.compare(piece) {
            std::cmp::Ordering::Greater => {}
            std::cmp::Ordering::Equal => self.next.push(way),
            std::cmp::Ordering::Less => {
                self.least.clear();
                self.least.extend_from_slice(piece);
                self.found = true;
                self.next.clear();
                self.next.push(way);
            }
        }
    }
}

/// The bits of the first `n` things.
fn all_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// The least sequence of pieces that writes the land made of `regions`:
/// every way of writing it that has written the least pieces so far is
/// extended by each next piece it can write, and those that write the least
/// one are kept. Ways that agree are merged, so the work grows with the
/// land's symmetries, not with its namings. A piece is abandoned at its
/// first code above the least piece found so far.
fn least_pieces(land: &Land, kinds: &[Kind], regions: &[usize]) -> Vec<Vec<u8>> {
    let pieces: Vec<RegionPieces> = regions.iter().map(|&r| RegionPieces::new(&land.regions[r], kinds)).collect();
    assert!(regions.len() <= 64, "a land of {} regions", regions.len());
    // Shared spots numbered in the land, for `Writing::names`.
    let mut shared_index = vec![UNNAMED; land.lives.len()];
    let mut shared_count = 0;
    for (s, kind) in kinds.iter().enumerate() {
        if *kind == Kind::Shared {
            shared_index[s] = shared_count;
            shared_count += 1;
        }
    }
    assert!(usize::from(shared_count) <= MAX_SHARED, "a land of {shared_count} shared spots");
    let mut ways = vec![Writing {
        regions_left: all_bits(regions.len()),
        region: BETWEEN,
        mirrored: 0,
        left: 0,
        named: 0,
        names: [UNNAMED; MAX_SHARED],
    }];
    let steps: usize = pieces.iter().map(|p| p.shared[0].len() + 1).sum();
    let mut written = Vec::with_capacity(steps);
    let mut step = Step { least: Vec::new(), found: false, next: Vec::new() };
    let mut piece = Vec::new();
    let mut fresh = [0u8; MAX_SHARED];
    for _ in 0..steps {
        step.found = false;
        step.next.clear();
        for way in &ways {
            let mut consider = |r: usize, m: usize, left: u64| {
                if left == 0 {
                    let closed = &pieces[r].closed[m];
                    if step.compare(closed) != std::cmp::Ordering::Greater {
                        let mut way = *way;
                        way.regions_left &= !(1 << r);
                        way.region = BETWEEN;
                        way.mirrored = 0;
                        step.offer(closed, way);
                    }
                    return;
                }
                for (b, boundary) in pieces[r].shared[m].iter().enumerate() {
                    if left >> b & 1 == 0 {
                        continue;
                    }
                    'start: for start in 0..boundary.len() {
                        // The piece first, with the names it would give,
                        // given up at its first code above the least piece;
                        // the way is copied only if the piece is among the least.
                        let mut fresh_len = 0u8;
                        piece.clear();
                        let mut local = Local::new();
                        let mut equal_so_far = step.found;
                        for i in 0..boundary.len() {
                            let s = boundary[(start + i) % boundary.len()];
                            let code = if kinds[s as usize] == Kind::Shared {
                                let name = way.names[shared_index[s as usize] as usize];
                                if name == UNNAMED {
                                    let k =
                                        fresh[..fresh_len as usize].iter().position(|&t| t == s).unwrap_or_else(|| {
                                            fresh[fresh_len as usize] = s;
                                            fresh_len += 1;
                                            fresh_len as usize - 1
                                        });
                                    SHARED + way.named + k as u8
                                } else {
                                    SHARED + name
                                }
                            } else {
                                spot_code(s, kinds, &mut local)
                            };
                            if equal_so_far {
                                match step.least.get(i) {
                                    None => continue 'start,
                                    Some(&l) if code > l => continue 'start,
                                    Some(&l) => equal_so_far = code == l,
                                }
                            }
                            piece.push(code);
                        }
                        let mut next_way = *way;
                        next_way.regions_left &= !(1 << r);
                        for (k, &s) in fresh[..fresh_len as usize].iter().enumerate() {
                            next_way.names[shared_index[s as usize] as usize] = way.named + k as u8;
                        }
                        next_way.named += fresh_len;
                        next_way.region = r as u8;
                        next_way.mirrored = m as u8;
                        next_way.left = left & !(1 << b);
                        step.offer(&piece, next_way);
                    }
                }
            };
            // The region being written, or each region that may come next
            // in each orientation.
            if way.region != BETWEEN {
                consider(way.region as usize, way.mirrored as usize, way.left);
            } else {
                for (r, p) in pieces.iter().enumerate() {
                    if way.regions_left >> r & 1 == 1 {
                        for (m, shared) in p.shared.iter().enumerate() {
                            consider(r, m, all_bits(shared.len()));
                        }
                    }
                }
            }
        }
        step.next.sort_unstable();
        step.next.dedup();
        std::mem::swap(&mut ways, &mut step.next);
        assert!(step.found, "a piece to write");
        written.push(step.least.clone());
    }
    written
}

/// The text of a land written as `pieces` ([`least_pieces`]).
fn text_of(pieces: &[Vec<u8>]) -> String {
    let mut text = String::new();
    // Lower-case letters are named region by region.
    let mut lowers = 0;
    for piece in pieces {
        for boundary in piece.split(|&c| c == NEXT_BOUNDARY) {
            let mut locals = 0;
            for &c in boundary {
                match c {
                    FRESH => text.push('0'),
                    ONE_LINE => text.push('1'),
                    SINGLE => text.push('2'),
                    END_REGION => {}
                    c if c >= SHARED => text.push(upper((c - SHARED) as usize)),
                    c => {
                        let k = (c - TWICE) as usize;
                        locals = locals.max(k + 1);
                        text.push(lower(lowers + k));
                    }
                }
            }
            lowers += locals;
            if boundary != [END_REGION] {
                text.push('.');
            }
        }
        if piece.last() == Some(&END_REGION) {
            text.push('}');
            lowers = 0;
        }
    }
    text.push(']');
    text
}

/// The canonical text of the land made of `regions` of `land`.
fn land_text(land: &Land, kinds: &[Kind], regions: &[usize]) -> String {
    text_of(&least_pieces(land, kinds, regions))
}
