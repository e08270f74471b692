//! Misère values of tame heap games at any size, from the genus.
//!
//! A position is **tame** when it and every follower have genus `0^{120…}`,
//! `1^{031…}` or `a^{a,a⊕2,a,…}` (ONAG ch. 12; see `solve/genus.rs`). A
//! tame position plays in misère sums with tame positions exactly like the
//! nim heaps of its genus, so all it contributes is its *kind*: its
//! nim-value `g` and whether it is **big** (`γ0 = g`); its misère value is
//! `γ0`, which is `g` when big and `g ⊕ 1` when not. A sum of tame
//! positions is tame, its nim-value the nim-sum and big when some part is.
//!
//! **The genus of a heap from its options' kinds.** Let every option `O` of
//! `G` be tame, with kind `(g_O, big_O)`, and let `S` be a sum of `i` heaps
//! `*2` and `j` heaps `*1`. Then `V(i, j) = g⁻(G + S)` is the mex of
//!
//! - `g⁻(O + S)` over the options, which is the tame rule: `g_O ⊕ g_S` if
//!   `O` or `S` is big (`i > 0`), else `γ0(O) ⊕ (j mod 2)`;
//! - `V(i−1, j+1)` and `V(i−1, j)` (a `*2` taken down to `*1` or `*0`) and
//!   `V(i, j−1)` (a `*1` taken),
//!
//! and `V(0, 0) = 1` when `G` has no move. So `γi = V(i, 0)` depends only
//! on the set `A` of the options' nim-values and the set `M` of their
//! misère values. The mexes need only the first few numbers missing from
//! `A` and `M` ([`Holes`]), so a heap costs the listing of its options.
//!
//! **The γ sequence is proven, not sampled.** Row `i` of `V` (all `j`) is
//! a function of row `i − 1` and the parities of `i` and `j`. Once a row
//! repeats with period 2 in `j` from a column at or past where the row
//! above does, it does so for every later column (the same inputs come
//! back); and once row `i` equals row `i − 2` (`i ≥ 3`) as such periodic
//! rows, every later row repeats with period 2 too. So the γ read off the
//! finite table holds for every `i`, and the tame test is exact.
//!
//! **Every heap.** A heap's kind depends only on the set of its options'
//! kinds, and an option's kind is the nim-sum-and-or of its heaps' kinds,
//! so the octal periodicity theorem's argument (Guy and Smith 1956) applies
//! to the kinds exactly as to nim-values: for a finite octal code whose
//! kinds repeat with period `p` for `n0 ≤ n < 2·n0 + p + k`, every larger
//! heap is tame with the kind of the heap `p` below it.

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::nim::NimValue;
use crate::sequence::{find_periodicity, Proof};
use crate::solve::heap::HeapGame;
use crate::solve::misere::genus::Genus;

/// How a tame position acts in tame misère sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TameKind {
    pub nim_value: NimValue,
    /// `γ0 = g`: like a nim heap of 2 or more (or `*2 + *2`, `*2 + *3`).
    pub big: bool,
}

impl TameKind {
    /// The kind of the empty sum (and of a heap with no move).
    pub const ZERO: TameKind = TameKind { nim_value: 0, big: false };

    /// The kind of the nim heap of `n`: nim-value `n`, and `γ0 = n` from
    /// heap 2 on (Bouton 1902; ONAG ch. 12), so `γ0` is 1 and 0 for heaps 0, 1.
    pub fn nim_heap(n: NimValue) -> TameKind {
        TameKind { nim_value: n, big: n >= 2 }
    }

    /// The kind of a sum of two tame positions.
    pub fn plus(self, other: TameKind) -> TameKind {
        TameKind { nim_value: self.nim_value ^ other.nim_value, big: self.big || other.big }
    }

    /// The misère nim-value `γ0`.
    pub fn misere_value(self) -> NimValue {
        if self.big {
            self.nim_value
        } else {
            self.nim_value ^ 1
        }
    }

    /// The genus of a tame position of this kind, written as the genus
    /// search writes it (`solve/misere/genus.rs`: until the γ sequence is
    /// seen to repeat with period 2 twice over): `g^{g,g⊕2,g,g⊕2}` when
    /// big, else `0^{12020}` or `1^{03131}` (a small tame position has
    /// nim-value 0 or 1, and its repeat starts at γ1).
    ///
    /// ```
    /// use grundy::solve::quotient::TameKind;
    /// assert_eq!(TameKind::nim_heap(5).genus().to_string(), "5^5757");
    /// assert_eq!(TameKind::nim_heap(1).genus().to_string(), "1^03131");
    /// assert_eq!(TameKind::ZERO.genus().to_string(), "0^12020");
    /// ```
    pub fn genus(self) -> Genus {
        let g = self.nim_value;
        let terms = if self.big { 4 } else { 5 };
        let misere = (0..terms)
            .map(|i| {
                if i == 0 {
                    self.misere_value()
                } else if i % 2 == 1 {
                    g ^ 2
                } else {
                    g
                }
            })
            .collect();
        Genus { nim_value: g, misere }
    }
}

/// How many of the numbers missing from a set the genus needs: a mex of
/// `set ⊕ c` (`c < 4`) with at most three more values excluded is among the
/// first four candidates that lie in lower blocks of four than the eighth
/// missing number, so eight suffice.
const HOLES: usize = 8;

/// The first [`HOLES`] numbers missing from a set, increasing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Holes([NimValue; HOLES]);

impl Holes {
    /// The least `v` not in `extras` with `v ⊕ c` missing from the set.
    fn mex(&self, c: NimValue, extras: &[NimValue]) -> NimValue {
        let mut candidates = self.0.map(|h| h ^ c);
        candidates.sort_unstable();
        *candidates.iter().find(|v| !extras.contains(v)).expect("eight holes leave one of four candidates")
    }

    fn shifted(&self, by: NimValue) -> Holes {
        Holes(self.0.map(|h| h - by))
    }
}

/// What a heap's genus depends on: whether it has a move, and the numbers
/// missing from its options' nim-values and misère values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Summary {
    has_options: bool,
    nim: Holes,
    misere: Holes,
}

/// The widest row of the `V` table tried before a γ sequence is called
/// unsettled (tame heaps settle within a few columns).
const WIDTH: usize = 24;

/// The γ sequence of a heap with options summarised by `summary`, through
/// a point from which it repeats with period 2 (proven as the module
/// documentation says), or `None` if the table is too narrow to prove it.
fn gamma(summary: &Summary) -> Option<Vec<NimValue>> {
    let mut rows: Vec<Vec<NimValue>> = Vec::new();
    let mut starts: Vec<usize> = Vec::new();
    for i in 0..WIDTH - 4 {
        let width = WIDTH - i;
        let mut row: Vec<NimValue> = Vec::with_capacity(width);
        for j in 0..width {
            let mut extras = [0; 3];
            let mut n = 0;
            if i > 0 {
                extras[0] = rows[i - 1][j];
                extras[1] = rows[i - 1][j + 1];
                n = 2;
            }
            if j > 0 {
                extras[n] = row[j - 1];
                n += 1;
            }
            let extras = &extras[..n];
            let value = if !summary.has_options {
                if i == 0 && j == 0 {
                    1
                } else {
                    (0..).find(|v| !extras.contains(v)).expect("a mex exists")
                }
            } else if i == 0 {
                summary.misere.mex((j & 1) as NimValue, extras)
            } else {
                summary.nim.mex((((i & 1) << 1) | (j & 1)) as NimValue, extras)
            };
            row.push(value);
        }
        let from = starts.last().copied().unwrap_or(0);
        let start = (from..width - 2).find(|&s| row[s + 2] == row[s])?;
        rows.push(row);
        starts.push(start);
        if i >= 3 {
            let through = starts[i].max(starts[i - 2]) + 1;
            if rows[i][..=through] == rows[i - 2][..=through] {
                return Some(rows.iter().map(|row| row[0]).collect());
            }
        }
    }
    None
}

/// A heap's kind and genus, or why it has none here.
enum Found {
    Tame(TameKind),
    /// The genus is proven and not tame.
    Wild(Genus),
    /// The γ sequence did not settle within the table.
    Unsettled,
}

/// The genera of heaps, memoised by the summary shifted down to its lowest
/// block of four (the mexes commute with adding a multiple of 4 to every
/// number, so Nim's heaps, for one, share four entries).
#[derive(Default)]
struct Genera {
    memo: FxHashMap<Summary, Option<Vec<NimValue>>>,
}

impl Genera {
    fn of(&mut self, summary: &Summary) -> Found {
        let base = summary.nim.0[0].min(summary.misere.0[0]) & !3;
        let key = Summary { nim: summary.nim.shifted(base), misere: summary.misere.shifted(base), ..*summary };
        let shifted = self.memo.entry(key).or_insert_with(|| gamma(&key));
        let Some(shifted) = shifted else { return Found::Unsettled };
        let genus = Genus { nim_value: summary.nim.0[0], misere: shifted.iter().map(|v| v + base).collect() };
        if genus.is_tame_form() {
            Found::Tame(TameKind { nim_value: genus.nim_value, big: genus.is_big() })
        } else {
            Found::Wild(genus)
        }
    }
}

/// The values present in a growing set (the heaps every large heap may be
/// reduced to in Nim and all-but games): membership and the least missing.
#[derive(Default)]
struct Present {
    seen: Vec<bool>,
    mex: usize,
}

impl Present {
    fn insert(&mut self, value: NimValue) {
        let v = value as usize;
        if v >= self.seen.len() {
            self.seen.resize(v + 1, false);
        }
        self.seen[v] = true;
        while self.seen.get(self.mex) == Some(&true) {
            self.mex += 1;
        }
    }

    fn contains(&self, value: usize) -> bool {
        self.seen.get(value) == Some(&true)
    }
}

/// Values marked for one heap: a stamp per value, so nothing is cleared.
#[derive(Default)]
struct Marks {
    stamp: Vec<u64>,
}

impl Marks {
    fn mark(&mut self, value: NimValue, heap: u64) {
        let v = value as usize;
        if v >= self.stamp.len() {
            self.stamp.resize(v + 1, u64::MAX);
        }
        self.stamp[v] = heap;
    }

    fn marked(&self, value: usize, heap: u64) -> bool {
        self.stamp.get(value) == Some(&heap)
    }

    /// The first holes of the union of this heap's marks and `present`.
    fn holes(&self, heap: u64, present: &Present) -> Holes {
        let mut holes = [0; HOLES];
        let mut found = 0;
        let mut v = present.mex;
        while found < HOLES {
            if !present.contains(v) && !self.marked(v, heap) {
                holes[found] = v as NimValue;
                found += 1;
            }
            v += 1;
        }
        Holes(holes)
    }
}

/// The most heaps of a game whose moves split heaps computed without a
/// periodicity proof (each costs a listing of its splits).
pub const MAX_TAME_SPLIT_HEAPS: u64 = 20_000;

/// Misère values found by the tame rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TameValues {
    /// `g⁻` of heaps `0..=to`.
    pub values: Vec<NimValue>,
    /// The kinds of heaps `0..=computed_through`.
    pub kinds: Vec<TameKind>,
    /// The heaps whose genus was computed (beyond, by the proof).
    pub computed_through: u64,
    /// `(n0, p, checked_through)`: heaps' kinds repeat with period `p` from
    /// heap `n0`, by the octal periodicity theorem with kinds checked
    /// through heap `checked_through`.
    pub period: Option<(u64, u64, u64)>,
}

impl TameValues {
    /// The kind of heap `heap`: computed, or carried by the proven period.
    pub fn kind(&self, heap: u64) -> Option<TameKind> {
        if heap <= self.computed_through {
            return self.kinds.get(usize::try_from(heap).ok()?).copied();
        }
        let (n0, p, _) = self.period?;
        self.kinds.get(usize::try_from(n0 + (heap - n0) % p).ok()?).copied()
    }
}

/// Whether the tame rule decides, and if not, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TameSequence {
    Tame(TameValues),
    /// Heap `heap` has a proven genus that is not tame.
    Wild {
        heap: u64,
        genus: Genus,
    },
    /// The genus of heap `heap` was not settled by the table.
    Unsettled {
        heap: u64,
    },
}

/// The misère nim-values of heaps `0..=to`, when every heap through `to`
/// is proven tame (see the module documentation). `stop(heap)`, called
/// every 1024 heaps computed (every heap where heaps split in three, each
/// costing a listing quadratic in the heap; and every 2^20 copied from a
/// proven period),
/// may interrupt ([`Error::Interrupted`]).
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::solve::quotient::{tame_misere_values, TameSequence};
/// let TameSequence::Tame(nim) = tame_misere_values(&HeapGame::nim(), 1_000_000, |_| false).unwrap() else {
///     panic!("Nim is tame")
/// };
/// assert_eq!(nim.values[..5], [1, 0, 2, 3, 4]);
/// assert_eq!(nim.values[1_000_000], 1_000_000);
/// let kayles = HeapGame::parse("kayles").unwrap();
/// assert!(matches!(tame_misere_values(&kayles, 100, |_| false).unwrap(), TameSequence::Wild { heap: 5, .. }));
/// ```
pub fn tame_misere_values(game: &HeapGame, to: u64, mut stop: impl FnMut(u64) -> bool) -> Result<TameSequence> {
    let len = usize::try_from(to).ok().and_then(|n| n.checked_add(1)).ok_or_else(|| too_many(game, to))?;
    if to > NIM_CHECKED_THROUGH && misere_nim_proven(game) {
        return nim_values(game, len, &mut stop);
    }
    by_genera(game, to, len, &mut stop)
}

/// [`tame_misere_values`] heap by heap: each heap's genus from its
/// options' kinds, until a period of the kinds is proven.
fn by_genera(game: &HeapGame, to: u64, len: usize, stop: &mut impl FnMut(u64) -> bool) -> Result<TameSequence> {
    let digits = game.digits();
    let splits = digits.iter().any(|&d| d & 12 != 0) || game.tail() & 12 != 0;
    let check_every = if digits.iter().any(|&d| d & 8 != 0) || game.tail() & 8 != 0 { 1 } else { 1024 };
    let octal = game.octal_length();
    let mut kinds: Vec<TameKind> = Vec::new();
    kinds.try_reserve(len.min(1 << 24)).map_err(|_| too_many(game, to))?;
    let (mut genera, mut nim_marks, mut misere_marks) = (Genera::default(), Marks::default(), Marks::default());
    // The heaps every large heap reaches by the tail digit (Nim, all-but).
    let (mut prefix_nim, mut prefix_misere) = (Present::default(), Present::default());
    let mut prefix_any = false;
    let mut period = None;
    let mut next_check = 64u64;
    let mut heap = 0u64;
    while heap <= to {
        if heap % check_every == 0 && stop(heap) {
            return Err(Error::Interrupted);
        }
        if splits && heap > MAX_TAME_SPLIT_HEAPS {
            return Err(Error::TooLarge {
                what: format!(
                    "heaps of {} computed tame without a periodicity proof (values are known through heap {})",
                    game.description(),
                    heap - 1
                ),
                needed: u128::from(to),
                limit: u128::from(MAX_TAME_SPLIT_HEAPS),
                unit: "heaps",
            });
        }
        let tail_from = digits.len() as u64;
        if heap >= tail_from {
            let r = heap - tail_from;
            if (r == 0 && game.tail() & 1 != 0) || (r >= 1 && game.tail() & 2 != 0) {
                let kind = if r == 0 { TameKind::ZERO } else { kinds[r as usize] };
                prefix_nim.insert(kind.nim_value);
                prefix_misere.insert(kind.misere_value());
                prefix_any = true;
            }
        }
        let mut has_options = prefix_any;
        let mut add = |kind: TameKind| {
            has_options = true;
            nim_marks.mark(kind.nim_value, heap);
            misere_marks.mark(kind.misere_value(), heap);
        };
        for j in 0..=heap.min(tail_from - 1) {
            let d = game.digit(j as usize);
            let rest = heap - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                add(TameKind::ZERO);
            }
            if d & 2 != 0 && rest >= 1 && j > 0 {
                add(kinds[rest as usize]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    if !(game.unequal() && 2 * a == rest) {
                        add(kinds[a as usize].plus(kinds[(rest - a) as usize]));
                    }
                }
            }
            if d & 8 != 0 && rest >= 3 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        add(kinds[a as usize].plus(kinds[b as usize]).plus(kinds[(rest - a - b) as usize]));
                    }
                }
            }
        }
        let summary = Summary {
            has_options,
            nim: nim_marks.holes(heap, &prefix_nim),
            misere: misere_marks.holes(heap, &prefix_misere),
        };
        match genera.of(&summary) {
            Found::Tame(kind) => kinds.push(kind),
            Found::Wild(genus) => return Ok(TameSequence::Wild { heap, genus }),
            Found::Unsettled => return Ok(TameSequence::Unsettled { heap }),
        }
        heap += 1;
        if let (Some(k), true) = (octal, heap == next_check || heap > to) {
            next_check *= 2;
            if let Some(found) = kind_period(&kinds, k) {
                period = Some(found);
                break;
            }
        }
    }
    let computed = kinds.len();
    let mut values: Vec<NimValue> = Vec::new();
    values.try_reserve_exact(len).map_err(|_| too_many(game, to))?;
    values.extend(kinds.iter().take(len).map(|k| k.misere_value()));
    if let Some((_, p, _)) = period {
        for h in computed..len {
            if h % (1 << 20) == 0 && stop(h as u64) {
                return Err(Error::Interrupted);
            }
            let v = values[h - p as usize];
            values.push(v);
        }
    }
    Ok(TameSequence::Tame(TameValues { values, kinds, computed_through: computed as u64 - 1, period }))
}

/// Nim's misère values, `1, 0, 2, 3, …, n`, by [`misere_nim_proven`]'s
/// induction: each heap's kind is [`TameKind::nim_heap`]'s, and the kinds
/// of heaps past [`NIM_CHECKED_THROUGH`] are not kept (a billion heaps
/// would hold 16 GB of them), only their values.
fn nim_values(game: &HeapGame, len: usize, stop: &mut impl FnMut(u64) -> bool) -> Result<TameSequence> {
    let kinds: Vec<TameKind> = (0..=NIM_CHECKED_THROUGH).map(TameKind::nim_heap).collect();
    let mut values: Vec<NimValue> = Vec::new();
    values.try_reserve_exact(len).map_err(|_| too_many(game, len as u64 - 1))?;
    for n in 0..len {
        if n % (1 << 20) == 0 && n > 0 && stop(n as u64) {
            return Err(Error::Interrupted);
        }
        values.push(TameKind::nim_heap(n as NimValue).misere_value());
    }
    Ok(TameSequence::Tame(TameValues { values, kinds, computed_through: NIM_CHECKED_THROUGH, period: None }))
}

/// A proven period of heaps' kinds, `(n0, p, checked_through)`.
fn kind_period(kinds: &[TameKind], last_digit_place: usize) -> Option<(u64, u64, u64)> {
    let codes: Option<Vec<u32>> =
        kinds.iter().map(|k| u32::try_from(k.nim_value).ok()?.checked_mul(2).map(|v| v + k.big as u32)).collect();
    let pattern = find_periodicity(&codes?, Some(last_digit_place))?;
    match pattern.proof {
        Proof::OctalTheorem { values_through, .. } if pattern.saltus == 0 => {
            Some((pattern.preperiod as u64, pattern.period as u64, values_through as u64))
        }
        _ => None,
    }
}

/// The heap through which [`misere_nim_proven`] checks Nim's kinds: the
/// induction steps from heap `n − 4 ≥ 4` to heap `n`.
pub const NIM_CHECKED_THROUGH: u64 = 7;

/// Whether `game` is Nim (every heap moves to every smaller heap) and its
/// heaps `0..=7` are tame with kind `(n, n ≥ 2)`, which proves `g⁻(n) = n`
/// for every `n ≥ 2` (Bouton 1902; ONAG ch. 12). **Proof**, by induction on
/// `n ≥ 8`: if every heap below `n` has kind `(m, m ≥ 2)`, heap `n`'s
/// options (all smaller heaps) have nim-values `0..n−1` and misère values
/// `{1, 0, 2, …, n−1} = 0..n−1`, so its summary is heap `n − 4`'s with 4
/// added to every hole; the mexes of the genus commute with adding a
/// multiple of 4 (the memo in `Genera` relies on it), so heap `n`'s genus
/// is heap `n − 4`'s plus 4 in every term: tame, with kind `(n, true)`.
pub fn misere_nim_proven(game: &HeapGame) -> bool {
    let moves_to_every_smaller_heap =
        game.tail() == 3 && game.digits().first() == Some(&0) && game.digits()[1..].iter().all(|&d| d == 3);
    if !moves_to_every_smaller_heap {
        return false;
    }
    let Ok(TameSequence::Tame(found)) = tame_misere_values(game, NIM_CHECKED_THROUGH, |_| false) else {
        return false;
    };
    found.kinds.iter().enumerate().all(|(n, kind)| *kind == TameKind::nim_heap(n as NimValue))
}

fn too_many(game: &HeapGame, to: u64) -> Error {
    Error::TooLarge {
        what: format!("misère values of heaps of {} to hold in memory", game.description()),
        needed: u128::from(to) + 1,
        limit: isize::MAX as u128 / std::mem::size_of::<NimValue>() as u128,
        unit: "heaps",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::misere::genus::genus;
    use crate::solve::misere::misere_nim_values;

    /// Every heap's genus, kind and tameness equal what exact search of
    /// `heap + *2 + … + *2` gives (`solve::misere::genus`), for many codes.
    #[test]
    fn genera_from_options_equal_exact_search() {
        let mut random = crate::testing::Xorshift::new(30);
        let mut codes: Vec<String> =
            ["nim", "0.3", "0.33", "0.7", "0.6", "0.51", "subtraction:1,3,4", "all-but:2", "4.7", "0.123"]
                .map(String::from)
                .to_vec();
        while codes.len() < 60 {
            codes.push(format!("0.{}{}{}", random.below(8), random.below(8), random.below(8)));
        }
        let (mut tame_heaps, mut wild_codes) = (0, 0);
        for code in &codes {
            let Ok(game) = HeapGame::parse(code) else { continue };
            let found = tame_misere_values(&game, 9, |_| false).unwrap();
            let through = match &found {
                TameSequence::Tame(_) => 9,
                TameSequence::Wild { heap, genus: g } => {
                    wild_codes += 1;
                    let searched = genus(&game, heap, g.misere.len()).unwrap();
                    assert_eq!(searched.nim_value, g.nim_value, "{code} heap {heap}");
                    assert_eq!(searched.misere[..g.misere.len()], g.misere[..], "{code} heap {heap}");
                    assert!(!searched.is_tame_form(), "{code} heap {heap}");
                    heap - 1
                }
                TameSequence::Unsettled { heap } => panic!("{code}: heap {heap} unsettled"),
            };
            if let TameSequence::Tame(values) = &found {
                let searched = misere_nim_values(&game, 0..=9).unwrap();
                assert_eq!(values.values, searched, "{code}");
            }
            for heap in 0..=through {
                let searched = genus(&game, &heap, 4).unwrap();
                assert!(searched.is_tame_form(), "{code} heap {heap}: {searched}");
                tame_heaps += 1;
            }
        }
        assert!(tame_heaps > 200 && wild_codes > 5, "{tame_heaps} tame heaps, {wild_codes} wild codes");
    }

    /// Where the tame rule and the misère quotient of nim heaps both
    /// decide, they agree heap by heap, and the tame rule's proven period
    /// holds on the quotient's values.
    #[test]
    fn the_tame_rule_agrees_with_the_misere_quotient() {
        let mut agreed = 0;
        for code in ["0.3", "0.51", "0.34", "0.55", "0.33", "subtraction:1,3,4", "0.6"] {
            let game = HeapGame::parse(code).unwrap();
            let TameSequence::Tame(tame) = tame_misere_values(&game, 600, |_| false).unwrap() else { continue };
            let quotient = super::super::quotient_sequence(&game, 600, Default::default(), |_| false).unwrap();
            assert_eq!(tame.values, quotient.values, "{code}");
            let (n0, p, _) = tame.period.expect("a finite octal code's tame kinds are proven periodic");
            assert!((n0..=600 - p).all(|n| tame.values[(n + p) as usize] == tame.values[n as usize]), "{code}");
            agreed += 1;
        }
        assert!(agreed >= 3, "{agreed}");
    }

    /// Misère Nim (Bouton 1902): a heap of n ≥ 2 has misère nim-value n,
    /// heaps 0 and 1 have 1 and 0; every heap is tame. Computed to 10^6
    /// without a period (Nim is not a finite code).
    #[test]
    fn misere_nim_to_a_million() {
        let TameSequence::Tame(nim) = tame_misere_values(&HeapGame::nim(), 1_000_000, |_| false).unwrap() else {
            panic!("Nim is tame")
        };
        assert_eq!(nim.values[..2], [1, 0]);
        assert!(nim.values.iter().enumerate().skip(2).all(|(n, &v)| v == n as NimValue));
        assert_eq!((nim.computed_through, nim.period), (NIM_CHECKED_THROUGH, None));
        assert!(misere_nim_proven(&HeapGame::nim()));
        // The values written down by the induction are those the genera give
        // heap by heap.
        let Ok(TameSequence::Tame(computed)) = by_genera(&HeapGame::nim(), 100_000, 100_001, &mut |_| false) else {
            panic!("Nim is tame")
        };
        assert_eq!(computed.values[..], nim.values[..100_001]);
        assert!(computed.kinds.iter().enumerate().all(|(n, k)| *k == TameKind::nim_heap(n as NimValue)));
        // Not Nim: all-but:2 cannot take 2, and 0.33 is a finite code.
        for code in ["all-but:2", "0.33", "0.3333"] {
            assert!(!misere_nim_proven(&HeapGame::parse(code).unwrap()), "{code}");
        }
    }

    /// Kayles' heap 5 has genus 4^146 (Winning Ways ch. 13's table of
    /// Kayles genera), so Kayles is not tame from heap 5; and a run stops
    /// when asked.
    #[test]
    fn kayles_is_wild_at_heap_5_and_runs_stop_when_asked() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let TameSequence::Wild { heap, genus } = tame_misere_values(&kayles, 100, |_| false).unwrap() else {
            panic!("Kayles is not tame")
        };
        assert_eq!((heap, genus.to_string().as_str()), (5, "4^1464"));
        let error = tame_misere_values(&HeapGame::nim(), 10_000_000, |heap| heap >= 4096).unwrap_err();
        assert!(matches!(error, Error::Interrupted));
        let error = by_genera(&HeapGame::nim(), 1_000_000, 1_000_001, &mut |heap| heap >= 4096).unwrap_err();
        assert!(matches!(error, Error::Interrupted));
    }

    /// A period of the kinds proven from the first heaps holds for every
    /// heap: for every code `0.d1d2` and every run to heap 1..=20 that
    /// proves one, each heap's kind through 200 is the one a run to 200
    /// computes. 0.04's heaps 0..3 (no move) were "proven" all of kind 0
    /// for ever, by the octal argument applied from heap 0; heap 4's genus
    /// is `1^0313`.
    #[test]
    fn a_proven_period_of_kinds_holds_for_every_heap() {
        let mut proven = 0;
        for code in 1..64u32 {
            let game = HeapGame::parse(&format!("0.{}{}", code >> 3, code & 7)).unwrap();
            let long = tame_misere_values(&game, 200, |_| false).unwrap();
            for to in 1..=20 {
                let TameSequence::Tame(short) = tame_misere_values(&game, to, |_| false).unwrap() else { continue };
                if short.period.is_none() {
                    continue;
                }
                proven += 1;
                let TameSequence::Tame(long) = &long else {
                    panic!("0.{code:02o}: proven tame from {to} heaps: {long:?}")
                };
                for heap in 0..=200 {
                    assert_eq!(short.kind(heap), long.kind(heap), "0.{code:02o}, heap {heap}, proven from {to} heaps");
                }
            }
        }
        assert!(proven > 100, "{proven}");
    }
}
