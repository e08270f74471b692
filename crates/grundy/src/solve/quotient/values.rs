//! Misère nim-values of single heaps, from a quotient that holds nim heaps
//! beside the game's heaps.
//!
//! **Claim.** For every game `G`, `G + *k` is a misère P-position for
//! exactly one `k`: the misère nim-value `g⁻(G)` (1 with no move, else the
//! mex of the options' `g⁻`).
//!
//! **Proof**, by induction on `G` and `k`. Let `v = g⁻(G)`. If `k < v`,
//! some option `G'` has `g⁻(G') = k` (the mex; a stuck `G` has `v = 1` and
//! `G + *0` is then the empty game, an N-position), so `G + *k → G' + *k`,
//! a P-position. If `k > v`, `G + *k → G + *v`. And `G + *v` is a
//! P-position: its options `G + *j` (`j < v`) are N as just shown, and an
//! option `G' + *v` has `g⁻(G') = w ≠ v`, so it moves to `G' + *w` if
//! `w < v`, or to `G'' + *v` with `g⁻(G'') = v` if `w > v`. ∎
//!
//! So a heap's misère nim-value is read off a quotient of the nim heaps
//! `*1..*K` together with the game's heaps: the `k ≤ K` whose product with
//! the heap lies in the P-portion. The nim heaps come first (number `k`
//! is `*k`), the game's heap `h` is number `K + h`, so the game's heaps
//! can be added one at a time; when the heaps' elements repeat long enough
//! the octal periodicity argument (`stability.rs`) makes every larger heap
//! a copy of a smaller one, and its value too (Plambeck and Siegel,
//! *Misère quotients for impartial games*, JCTA 2008, compute quotients of
//! such mixed sets the same way).

use serde::Serialize;

use super::extend::{grow, Family, Limits, Step};
use super::monoid::{Element, ElementSet, Monoid};
use super::stability::{stability_of, Stability};
use super::tame::{misere_nim_proven, tame_misere_values, TameSequence, TameValues, NIM_CHECKED_THROUGH};
use crate::error::{Error, Result};
use crate::game::{Game, Options};
use crate::nim::NimValue;
use crate::sequence::{find_periodicity, Periodicity, Proof, Unproven};
use crate::solve::heap::HeapGame;
use crate::solve::misere::canonical::misere_values_by_forms;

/// The most nim heaps tried: a heap whose misère value is larger is not
/// decided this way.
pub const MAX_NIM_HEAPS: u64 = 255;

/// The most game heaps built without a proof that the quotient is final
/// (each is verified; beyond a proof, heaps are copies and cost nothing).
pub const MAX_BUILT_HEAPS: u64 = 20_000;

/// The quotient of nim heaps `*1..*K` and a game's heaps `1..n`.
pub struct NimQuotient<'a> {
    game: &'a HeapGame,
    nim_heaps: u64,
    step: Step,
    last_growth: u64,
}

/// Nim heaps `*1..*K` numbered `1..K` (weight `k`), then the game's heap
/// `h` numbered `K + h` (weight `2h − 1`).
struct NimAndHeaps<'a> {
    game: &'a HeapGame,
    nim_heaps: u64,
}

impl Family for NimAndHeaps<'_> {
    fn options(&self, index: u64) -> Vec<Vec<u64>> {
        if index <= self.nim_heaps {
            return (0..index).map(|j| if j == 0 { Vec::new() } else { vec![j] }).collect();
        }
        let mut options = Options::new();
        self.game.options(&(index - self.nim_heaps), &mut options);
        options.iter().map(|parts| parts.iter().filter(|&&h| h > 0).map(|&h| h + self.nim_heaps).collect()).collect()
    }

    fn weight(&self, index: u64) -> u64 {
        if index <= self.nim_heaps {
            index
        } else {
            2 * (index - self.nim_heaps) - 1
        }
    }
}

impl<'a> NimQuotient<'a> {
    /// The quotient of the nim heaps `*1..*nim_heaps` alone (the game's
    /// heaps are added by [`Self::extend`]).
    pub fn new(game: &'a HeapGame, nim_heaps: u64, limits: Limits) -> Result<Self> {
        let mut quotient = NimQuotient {
            game,
            nim_heaps,
            step: Step {
                monoid: Monoid::trivial(),
                p: ElementSet::new(1),
                images: vec![0],
                transitions: vec![Vec::new()],
            },
            last_growth: 0,
        };
        let family = NimAndHeaps { game, nim_heaps };
        grow(&mut quotient.step, &family, nim_heaps, limits, &mut |_| false, &mut |_, _| {})?;
        Ok(quotient)
    }

    /// The largest game heap covered.
    pub fn last_heap(&self) -> u64 {
        self.step.images.len() as u64 - 1 - self.nim_heaps
    }

    /// The number of nim heaps `K`.
    pub fn nim_heaps(&self) -> u64 {
        self.nim_heaps
    }

    /// |Q|.
    pub fn size(&self) -> usize {
        self.step.monoid.size()
    }

    /// Adds the game's heaps through `to`; `stop(heap)` before each heap
    /// stops early (`Ok(false)`). On a limit, the heaps finished are kept.
    pub fn extend(&mut self, to: u64, limits: Limits, mut stop: impl FnMut(u64) -> bool) -> Result<bool> {
        let family = NimAndHeaps { game: self.game, nim_heaps: self.nim_heaps };
        let k = self.nim_heaps;
        let last_growth = &mut self.last_growth;
        let result =
            grow(&mut self.step, &family, to + k, limits, &mut |i| stop(i - k), &mut |i, _| *last_growth = i - k);
        let done = self.last_heap();
        let reached = format!(
            "the misère quotient of nim heaps *1..*{k} with the heaps of {} is complete through heap {done}",
            self.game.description()
        );
        // The construction numbers the nim heaps first: say what failed in
        // the game's own heap numbers, in one sentence.
        result.map_err(|error| match error {
            Error::TooLarge { needed, limit, unit, .. } if unit == "states" => {
                Error::TooLarge { what: format!("{reached}; verifying it with heap {}", done + 1), needed, limit, unit }
            }
            Error::TooLarge { needed, limit, unit, .. } => Error::TooLarge {
                what: format!("{reached}; a trial quotient with heap {}", done + 1),
                needed,
                limit,
                unit,
            },
            Error::InvalidGame(why) => {
                let reason = why.split_once(": ").map_or(why.as_str(), |(_, reason)| reason);
                Error::InvalidGame(format!("{reached}, and could not be extended to heap {}: {reason}", done + 1))
            }
            other => other,
        })
    }

    /// The elements of the game's heaps `0..=last_heap()`.
    fn heap_images(&self) -> Vec<Element> {
        let mut images = vec![0];
        images.extend_from_slice(&self.step.images[self.nim_heaps as usize + 1..]);
        images
    }

    /// The misère nim-value of game heap `heap ≤ last_heap()`, or `None`
    /// when it is above `K`.
    pub fn value(&self, heap: u64) -> Option<NimValue> {
        let x = if heap == 0 { 0 } else { self.step.images[(self.nim_heaps + heap) as usize] };
        (0..=self.nim_heaps).find(|&k| {
            let nim = if k == 0 { 0 } else { self.step.images[k as usize] };
            self.step.p.contains(self.step.monoid.product(x, nim))
        })
    }

    /// Whether the quotient is final for every heap of the game (see
    /// [`super::PartialQuotient::stability`]).
    pub fn stability(&self) -> Stability {
        stability_of(&self.heap_images(), self.game.octal_length(), self.last_growth)
    }
}

/// Misère nim-values of a game's heaps and how they were found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereValues {
    /// Heaps `0..=to`.
    pub values: Vec<NimValue>,
    /// The nim heaps `*1..*K` in the quotient.
    pub nim_heaps: u64,
    /// |Q| of the nim heaps and the game's heaps.
    pub size: usize,
    /// The largest heap whose element was computed (beyond it, heaps are
    /// copies of smaller ones by the stability proof).
    pub built_through: u64,
    pub stability: Stability,
}

/// The misère nim-values of heaps `0..=to` of `game`, from the misère
/// quotient of nim heaps and the game's heaps (see the module
/// documentation): the quotient is built heap by heap until `to`, or until
/// it is proven final, after which values repeat with its period. `K`
/// starts at 3 and doubles (plus one) while some heap's value exceeds it.
/// `stop(heap)` before each heap built may interrupt ([`Error::Interrupted`]).
/// A quotient that outgrows `limits`, or that would need more than
/// [`MAX_BUILT_HEAPS`] heaps without a proof, is an error saying how far
/// it got; nothing is ever guessed.
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::solve::quotient::{misere_values, Limits};
/// let game = HeapGame::parse("0.3").unwrap(); // take 1, leaving no heap or one
/// let found = misere_values(&game, 1000, Limits::default(), |_| false).unwrap();
/// assert_eq!(found.values[..6], [1, 0, 1, 0, 1, 0]);
/// assert!(found.stability.proven && found.built_through < 10);
/// ```
pub fn misere_values(
    game: &HeapGame,
    to: u64,
    limits: Limits,
    mut stop: impl FnMut(u64) -> bool,
) -> Result<MisereValues> {
    let mut nim_heaps = 3;
    'restart: loop {
        let mut quotient = NimQuotient::new(game, nim_heaps, limits)?;
        let mut values: Vec<NimValue> = vec![1];
        while quotient.last_heap() < to {
            let heap = quotient.last_heap() + 1;
            if heap > MAX_BUILT_HEAPS {
                return Err(Error::TooLarge {
                    what: format!(
                        "heaps of {} to build the misère quotient through, with no proof yet that it is final \
                         (values are known through heap {})",
                        game.description(),
                        heap - 1
                    ),
                    needed: u128::from(to),
                    limit: u128::from(MAX_BUILT_HEAPS),
                    unit: "heaps",
                });
            }
            if !quotient.extend(heap, limits, &mut stop)? {
                return Err(Error::Interrupted);
            }
            let Some(value) = quotient.value(heap) else {
                if nim_heaps >= MAX_NIM_HEAPS {
                    return Err(Error::TooLarge {
                        what: format!("nim heaps for the misère value of heap {heap} of {}", game.description()),
                        needed: Error::PAST_LIMIT,
                        limit: u128::from(MAX_NIM_HEAPS),
                        unit: "nim heaps",
                    });
                }
                nim_heaps = (2 * nim_heaps + 1).min(MAX_NIM_HEAPS);
                continue 'restart;
            };
            values.push(value);
            // The proof costs a pass over the heaps: try it often while
            // heaps are few, every 32 heaps after.
            if (heap < 256 || heap % 32 == 0) && quotient.stability().proven {
                break;
            }
        }
        let stability = quotient.stability();
        let built_through = quotient.last_heap();
        if built_through < to {
            let (preperiod, period) = match (stability.preperiod, stability.period) {
                (Some(n0), Some(p)) if stability.proven => (n0, p),
                _ => unreachable!("the loop stops early only on a proof"),
            };
            let cycle = values[preperiod as usize..(preperiod + period) as usize].to_vec();
            let more = usize::try_from(to - built_through).ok().filter(|&more| values.try_reserve_exact(more).is_ok());
            if more.is_none() {
                return Err(Error::TooLarge {
                    what: format!("misère values of heaps of {} to hold in memory", game.description()),
                    needed: u128::from(to) + 1,
                    limit: values.len() as u128,
                    unit: "heaps",
                });
            }
            values.extend((built_through + 1..=to).map(|h| cycle[((h - preperiod) % period) as usize]));
        }
        values.truncate(to as usize + 1);
        return Ok(MisereValues { values, nim_heaps, size: quotient.size(), built_through, stability });
    }
}

/// The largest heap whose misère value [`misere_sequence`] finds by exact
/// search of sums (which grows exponentially with the heap).
pub const MAX_SEARCHED_MISERE_HEAP: u64 = 50;

/// The largest Kayles heap whose misère value [`misere_sequence`] finds by
/// exact search with the Sibert–Conway decomposition deciding every value
/// below 4 ([`crate::solve::misere::kayles::misere_nim_values_by_search`]).
pub const MAX_SEARCHED_KAYLES_HEAP: u64 = 60;

/// The largest heap of `game` whose misère value [`misere_sequence`]
/// finds by exact search, whatever the game's quotient: past it a wild
/// game needs the quotient, and where that fails the values through this
/// heap are still proven.
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::solve::quotient::searched_misere_heap;
/// assert_eq!(searched_misere_heap(&HeapGame::parse("kayles").unwrap()), 60);
/// assert_eq!(searched_misere_heap(&HeapGame::parse("0.07").unwrap()), 50);
/// ```
pub fn searched_misere_heap(game: &HeapGame) -> u64 {
    if game.code() == "0.77" {
        MAX_SEARCHED_KAYLES_HEAP
    } else {
        MAX_SEARCHED_MISERE_HEAP
    }
}

/// Misère nim-values of heaps `0..=to`, how they were found, and their
/// periodicity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereSequence {
    pub values: Vec<NimValue>,
    /// Which method decided, in words.
    pub method: String,
    /// The pattern of the values: proven when the quotient that decided
    /// them is proven final ([`Proof::MisereQuotient`]), else a conjecture
    /// ([`Unproven::Misere`]).
    pub periodicity: Option<Periodicity>,
}

/// The misère nim-values of heaps `0..=to` (what `grundy sequence
/// --misere` prints), by the first method that reaches `to`:
///
/// 1. the **tame genus** ([`tame_misere_values`]), when every heap through
///    `to` is proven tame: linear in `to`, and for every heap once the
///    heaps' genera are proven periodic;
/// 2. **exact search** of sums up to heap [`MAX_SEARCHED_MISERE_HEAP`]
///    (for Kayles, up to [`MAX_SEARCHED_KAYLES_HEAP`] with the
///    Sibert–Conway decomposition deciding values below 4);
/// 3. the **misère quotient** of nim heaps with the game's heaps
///    ([`misere_values`]);
/// 4. where that quotient outgrows its limits, each heap's **misère
///    canonical form** ([`misere_values_by_forms`]), within
///    [`FORM_STEPS`].
///
/// An error when none reaches `to`. `stop` as in [`misere_values`].
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::solve::quotient::misere_sequence;
/// let nim = misere_sequence(&HeapGame::nim(), 100_000, |_| false).unwrap();
/// assert!(nim.method.starts_with("tame genus"));
/// assert_eq!(nim.values[100_000], 100_000);
/// let kayles = misere_sequence(&HeapGame::parse("kayles").unwrap(), 20, |_| false).unwrap();
/// assert_eq!(kayles.method, "exact search of sums"); // heap 5 is not tame
/// ```
pub fn misere_sequence(game: &HeapGame, to: u64, stop: impl FnMut(u64) -> bool) -> Result<MisereSequence> {
    misere_sequence_with(game, to, Limits::default(), stop)
}

/// [`misere_sequence`] with the quotient's limits (and its interruption
/// flag, which stops a quotient in the middle of a heap).
pub fn misere_sequence_with(
    game: &HeapGame,
    to: u64,
    limits: Limits,
    stop: impl FnMut(u64) -> bool,
) -> Result<MisereSequence> {
    match misere_sequence_reaching(game, to, limits, stop)? {
        (found, None) => Ok(found),
        (_, Some(why)) => Err(why),
    }
}

/// [`misere_sequence_with`], keeping what was found when no method reaches
/// `to`: the values of the heaps the furthest method proved (at least
/// those of exact search, [`searched_misere_heap`]) and why it stopped
/// there, for a front end that writes what it has. An interruption is
/// still an error.
pub fn misere_sequence_reaching(
    game: &HeapGame,
    to: u64,
    limits: Limits,
    mut stop: impl FnMut(u64) -> bool,
) -> Result<(MisereSequence, Option<Error>)> {
    // Every value is held: refused at once when they cannot fit, rather
    // than after the tame method's allocation fails and the quotient's
    // method is tried for minutes (`nim` to 10^12 from Python did that).
    let needed = (u128::from(to) + 1) * std::mem::size_of::<NimValue>() as u128;
    if let Some(available) = crate::available_memory().filter(|&available| needed > u128::from(available)) {
        return Err(Error::TooLarge {
            what: format!("the misère values of heaps 0..{to} of {} (all held in memory)", game.description()),
            needed,
            limit: u128::from(available),
            unit: "bytes",
        });
    }
    match tame_misere_values(game, to, &mut stop) {
        Ok(TameSequence::Tame(found)) => return Ok((tame_sequence(game, found), None)),
        Ok(TameSequence::Wild { .. } | TameSequence::Unsettled { .. }) | Err(Error::TooLarge { .. }) => {}
        Err(error) => return Err(error),
    }
    if to <= MAX_SEARCHED_MISERE_HEAP {
        let values = crate::solve::misere::misere_nim_values(game, 0..=to)?;
        let periodicity = misere_periodicity(&values, None);
        return Ok((MisereSequence { values, method: "exact search of sums".to_string(), periodicity }, None));
    }
    if game.code() == "0.77" && to <= MAX_SEARCHED_KAYLES_HEAP {
        let values = crate::solve::misere::kayles::misere_nim_values_by_search(to, &mut |heap| {
            if stop(heap) {
                return Err(Error::Interrupted);
            }
            limits.check_interrupt()
        })?;
        let periodicity = misere_periodicity(&values, None);
        let method = "exact search of sums, values below 4 by the Sibert–Conway decomposition".to_string();
        return Ok((MisereSequence { values, method, periodicity }, None));
    }
    let without_quotient = match quotient_sequence(game, to, limits, &mut stop) {
        Ok(found) => return Ok((found, None)),
        Err(error @ (Error::TooLarge { .. } | Error::InvalidGame(_))) => error,
        Err(error) => return Err(error),
    };
    forms_sequence(game, to, limits, stop, without_quotient)
}

/// The work misère canonical forms may do for [`misere_sequence`] where
/// the quotient fails, in steps of
/// [`crate::solve::misere::canonical::Forms::set_budget`]: Dawson's Kayles,
/// 0.137 and Grundy's game reach heap 100 within it, while 0.6's forms,
/// which grow fast, spend it in about 8 s here and stop near heap 80.
pub const FORM_STEPS: u64 = 200_000_000;

/// Method 4 of [`misere_sequence`]: each heap's misère canonical form
/// ([`misere_values_by_forms`]), where the quotient of nim heaps with the
/// game's heaps failed (`without_quotient` says why). Not for Kayles,
/// whose forms stop near heap 38, short of the search it has. Where the
/// forms stop too, the longer of their values and exact search's are kept,
/// and the error says how far each method got.
fn forms_sequence(
    game: &HeapGame,
    to: u64,
    limits: Limits,
    mut stop: impl FnMut(u64) -> bool,
    without_quotient: Error,
) -> Result<(MisereSequence, Option<Error>)> {
    let searched = searched_misere_heap(game);
    let (values, stopped) = match game.code() == "0.77" {
        true => (Vec::new(), None),
        false => {
            misere_values_by_forms(game, 0..=to, FORM_STEPS, |&heap| stop(heap) || limits.check_interrupt().is_err())
        }
    };
    let reached = values.len() as u64;
    let method = "misère canonical forms (ONAG ch. 12): each heap's form made from its options' forms, its misère \
                  nim-value read off the form";
    let forms_stopped = match stopped {
        None if reached > to => {
            let periodicity = misere_periodicity(&values, None);
            return Ok((MisereSequence { values, method: method.to_string(), periodicity }, None));
        }
        Some(Error::Interrupted) => return Err(Error::Interrupted),
        Some(Error::TimeUp { .. }) => Some(format!("their budget of {FORM_STEPS} steps ran out at heap {reached}")),
        Some(other) => Some(format!("heap {reached}: {other}")),
        None => None, // (Kayles: not tried.)
    };
    // Why the quotient was needed comes first, then how far it got.
    let past = match forms_stopped {
        Some(why) if reached > searched + 1 => format!(
            "past heap {}, where misère canonical forms stop ({why}; exact search stops at heap {searched})",
            reached - 1
        ),
        Some(why) => format!("past heap {searched}, where exact search stops (misère canonical forms: {why})"),
        None => format!("past heap {searched}, where exact search stops"),
    };
    let beyond = format!("{past}, misère values need a quotient:");
    let why = match without_quotient {
        Error::TooLarge { what, needed, limit, unit } => {
            Error::TooLarge { what: format!("{beyond} {what}"), needed, limit, unit }
        }
        Error::InvalidGame(why) => Error::InvalidGame(format!("{beyond} {why}")),
        other => other,
    };
    if reached > searched + 1 {
        let periodicity = misere_periodicity(&values, None);
        return Ok((MisereSequence { values, method: method.to_string(), periodicity }, Some(why)));
    }
    let (found, _) = misere_sequence_reaching(game, searched, limits, stop)?;
    Ok((found, Some(why)))
}

/// A tame run's values, with its proof in words.
fn tame_sequence(game: &HeapGame, found: TameValues) -> MisereSequence {
    let nim = misere_nim_proven(game);
    let proof = match found.period {
        Some((n0, p, through)) => format!(
            "; from heap {n0} on the genera repeat with period {p} (the octal periodicity theorem's argument, checked \
             through heap {through}), so every heap is tame"
        ),
        None if nim => "; every heap moves to every smaller one, so by induction every heap is tame with g⁻(n) = n \
                        for n ≥ 2"
            .to_string(),
        None => String::new(),
    };
    let method = format!(
        "tame genus (ONAG ch. 12): every heap of {} through {} is proven tame, its genus found from its options' \
         genera, and its misère nim-value is γ0{proof}",
        game.description(),
        found.computed_through.min(found.values.len() as u64 - 1)
    );
    let final_pattern = found.period.filter(|&(_, p, _)| p > 0).map(|(n0, p, through)| {
        let proof =
            Proof::TameGenus { kinds_from: n0 as usize, kinds_period: p as usize, checked_through: through as usize };
        (n0 as usize, p as usize, proof)
    });
    let periodicity = if nim {
        // g⁻(n + 1) = g⁻(n) + 1 from heap 2 on, for every heap.
        Some(Periodicity {
            preperiod: 2,
            period: 1,
            saltus: 1,
            proof: Proof::MisereNim { checked_through: NIM_CHECKED_THROUGH as usize },
            computed_through: found.values.len() - 1,
        })
    } else {
        misere_periodicity(&found.values, final_pattern)
    };
    MisereSequence { values: found.values, method, periodicity }
}

/// The values by the misère quotient of nim heaps with the game's heaps
/// (method 3 of [`misere_sequence`]), whether or not the game is tame.
pub fn quotient_sequence(
    game: &HeapGame,
    to: u64,
    limits: Limits,
    stop: impl FnMut(u64) -> bool,
) -> Result<MisereSequence> {
    let found = misere_values(game, to, limits, stop)?;
    let stability = &found.stability;
    let proof = match (stability.proven, stability.preperiod, stability.period) {
        (true, Some(n0), Some(p)) => {
            format!("proven final at heap {}; values repeat with period {p} from heap {n0}", found.built_through)
        }
        _ => format!("built through heap {}", found.built_through),
    };
    let method = format!(
        "misère quotient of nim heaps *1..*{} with the heaps of {} (|Q| = {}; {proof})",
        found.nim_heaps,
        game.description(),
        found.size
    );
    let final_pattern = match (stability.proven, stability.preperiod, stability.period) {
        (true, Some(n0), Some(p)) if p > 0 => {
            let proof = Proof::MisereQuotient {
                elements_from: n0 as usize,
                elements_period: p as usize,
                final_at: found.built_through as usize,
            };
            Some((n0 as usize, p as usize, proof))
        }
        _ => None,
    };
    let periodicity = misere_periodicity(&found.values, final_pattern);
    Ok(MisereSequence { values: found.values, method, periodicity })
}

/// The periodicity of misère values: what they show, proven when a final
/// quotient's elements (or a tame game's genera) repeat with period `p`
/// from heap `n0` (`final_pattern = (n0, p, proof)`).
///
/// The values may follow a shorter period `p'` from some `n0'` (two
/// elements with one value). Every heap's value is known (heaps past `n0`
/// copy the first period), so the values are first extended well past
/// both patterns; the pattern they show is proven when it holds through a
/// heap `N ≥ max(n0, n0') + p + p'`: any `n ≥ max(n0, n0')` is `m + j·p`
/// with `m` in the first period, and `g(n + p') = g(m + p') = g(m) = g(n)`,
/// both `m` and `m + p'` being at most `N`; below `max(n0, n0')` it was
/// seen directly. Otherwise the quotient's own pattern is reported.
fn misere_periodicity(values: &[NimValue], final_pattern: Option<(usize, usize, Proof)>) -> Option<Periodicity> {
    let narrow =
        |values: &[NimValue]| -> Vec<u32> { values.iter().map(|&v| u32::try_from(v).unwrap_or(u32::MAX)).collect() };
    let computed_through = values.len().saturating_sub(1);
    let Some((n0, p, proof)) = final_pattern else {
        let seen = find_periodicity(&narrow(values), None);
        return seen.map(|pattern| Periodicity { proof: Proof::Conjecture { why: Unproven::Misere }, ..pattern });
    };
    // The values repeat with period `p` from `n0` on (proven), so the
    // shortest pattern shows in a prefix holding two of its periods past
    // the preperiod: look there, not through a billion values. The proof
    // needs the values through 2·n0 + p + k − 1 ≥ n0 + p − 1, so the first
    // period is there to copy when `values` is shorter.
    let extended = 2 * (n0 + 2 * p) + 64;
    let mut narrow = narrow(&values[..values.len().min(extended)]);
    for heap in narrow.len()..extended {
        narrow.push(narrow[heap - p]);
    }
    // A shorter pattern seen at the end of the prefix holds for every heap
    // if it holds through one proven period past both preperiods (beyond
    // `n0` the values repeat with period `p`); else the proven one stands.
    let holds = |q: usize, period: usize| {
        let until = n0.max(q) + p;
        until + period <= narrow.len() && (q..until).all(|n| narrow[n + period] == narrow[n])
    };
    match find_periodicity(&narrow, None) {
        Some(pattern) if pattern.saltus == 0 && holds(pattern.preperiod, pattern.period) => {
            Some(Periodicity { proof, computed_through, ..pattern })
        }
        _ => Some(Periodicity { preperiod: n0, period: p, saltus: 0, proof, computed_through }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A proven pattern found from the first heaps gives every later heap
    /// the value a longer run computes (what `grundy sequence --misere`
    /// relies on past its first 65,536 heaps): tame codes, Nim's induction,
    /// a final quotient.
    #[test]
    fn a_proven_pattern_from_the_first_heaps_gives_the_later_ones() {
        for code in ["nim", "0.3", "subtraction:2,3,7", "0.55", "0.15"] {
            let game = HeapGame::parse(code).unwrap();
            let first = misere_sequence(&game, 3_000, |_| false).unwrap();
            let pattern = first.periodicity.as_ref().filter(|p| p.proven()).expect("a proven pattern");
            let long = misere_sequence(&game, 20_000, |_| false).unwrap();
            for (n, &v) in long.values.iter().enumerate() {
                assert_eq!(pattern.value_at(&first.values, n), Some(v), "{code}, heap {n}");
            }
        }
    }
    use crate::solve::misere::misere_nim_values;

    /// Canonical forms (method 4, for wild codes whose quotient fails) give
    /// the values exact search of sums gives, an independent method: the
    /// search never makes a form. Dawson's Kayles through heap 60, past
    /// where `sequence --misere` stops searching.
    #[test]
    fn forms_values_equal_exact_search() {
        for (code, to) in [("0.07", 60), ("0.137", 40), ("0.6", 40), ("4.07", 30), ("grundys-game", 40)] {
            let game = HeapGame::parse(code).unwrap();
            let (forms, stopped) = misere_values_by_forms(&game, 0..=to, FORM_STEPS, |_| false);
            assert!(stopped.is_none(), "{code}: {stopped:?}");
            assert_eq!(forms, misere_nim_values(&game, 0..=to).unwrap(), "{code}");
        }
    }

    /// Where the quotient fails, `misere_sequence_reaching` keeps the
    /// furthest method's values and says how far each got: 0.6's forms
    /// pass exact search's heap 50, Kayles' are not tried (its search
    /// with Sibert–Conway reaches 60).
    #[test]
    fn past_the_quotient_the_forms_values_are_kept() {
        let game = HeapGame::parse("0.6").unwrap();
        let (found, why) = misere_sequence_reaching(&game, 70, Limits::default(), |_| false).unwrap();
        assert!(why.is_none(), "{why:?}");
        assert!(found.method.starts_with("misère canonical forms"), "{}", found.method);
        assert_eq!(found.values[..=50], misere_sequence(&game, 50, |_| false).unwrap().values[..]);
        let kayles = HeapGame::parse("kayles").unwrap();
        let limits = Limits { max_elements: 64, ..Limits::default() };
        let (found, why) = misere_sequence_reaching(&kayles, 100, limits, |_| false).unwrap();
        assert_eq!(found.values.len(), 61);
        let why = why.expect("Kayles' quotient past its limit").to_string();
        assert!(why.contains("past heap 60, where exact search stops, misère values need a quotient"), "{why}");
    }

    /// The quotient's values equal exact search, heap by heap, on codes
    /// whose mixed quotient stays small (tame and wild), and the values
    /// beyond the proof repeat.
    #[test]
    fn values_equal_exact_search() {
        for (code, to) in [("0.15", 24), ("0.3", 24), ("0.51", 24), ("0.34", 24), ("0.55", 24)] {
            let game = HeapGame::parse(code).unwrap();
            let found = misere_values(&game, to, Limits::default(), |_| false).unwrap();
            let searched = misere_nim_values(&game, 0..=to).unwrap();
            assert_eq!(found.values, searched, "{code}");
            if code == "0.15" {
                continue; // proven at heap 153: the far run is the bench's (bench/quotient.sh)
            }
            let far = misere_values(&game, 5000, Limits::default(), |_| false).unwrap();
            assert!(far.stability.proven, "{code}: {}", far.stability.statement);
            assert_eq!(far.values[..=to as usize], searched, "{code}");
        }
    }

    /// A final quotient proves the values' pattern, which then holds on
    /// every heap computed; exact search alone proves nothing.
    #[test]
    fn a_final_quotient_proves_the_values_period() {
        for code in ["0.3", "0.51", "0.34", "0.55"] {
            let game = HeapGame::parse(code).unwrap();
            let found = quotient_sequence(&game, 600, Limits::default(), |_| false).unwrap();
            let pattern = found.periodicity.expect("a final quotient gives a pattern");
            assert!(pattern.proven(), "{code}: {:?}", pattern.proof);
            assert!(matches!(pattern.proof, Proof::MisereQuotient { .. }), "{code}");
            let (n0, p) = (pattern.preperiod, pattern.period);
            assert!((n0..=600 - p).all(|n| found.values[n + p] == found.values[n]), "{code}: {n0} {p}");
            // Minimal: one period shorter (or one exception later) would fail.
            assert!(n0 == 0 || found.values[n0 - 1 + p] != found.values[n0 - 1], "{code}");
        }
        // Misère Nim: every heap is tame, proven by induction (Bouton 1902;
        // ONAG ch. 12), so its arithmetic period is proven for every heap.
        let nim = misere_sequence(&HeapGame::nim(), 50, |_| false).unwrap();
        let pattern = nim.periodicity.expect("Nim's values are arithmetic periodic");
        assert!(pattern.proven(), "{:?}", pattern.proof);
        assert_eq!((pattern.preperiod, pattern.period, pattern.saltus), (2, 1, 1));
        assert!((2..50).all(|n| nim.values[n + 1] == nim.values[n] + 1) && nim.values[..3] == [1, 0, 2]);
        // Kayles is not tame (heap 5 has genus 4^146): exact search, which
        // proves no pattern.
        let searched = misere_sequence(&HeapGame::parse("kayles").unwrap(), 20, |_| false).unwrap();
        assert_eq!(searched.method, "exact search of sums");
        assert!(searched.periodicity.is_none_or(|p| p.proof == Proof::Conjecture { why: Unproven::Misere }));
    }

    /// A quotient past its limit is an error that says how far it got.
    #[test]
    fn a_limit_says_how_far_it_got() {
        let game = HeapGame::parse("0.15").unwrap();
        let limits = Limits { max_elements: 40, ..Limits::default() };
        let error = misere_values(&game, 100, limits, |_| false).unwrap_err().to_string();
        // In the game's heap numbers (the construction's own count nim
        // heaps first), in one sentence.
        let done: u64 =
            error.split("complete through heap ").nth(1).unwrap().split(';').next().unwrap().parse().unwrap();
        assert!(error.contains(&format!("with heap {} needs", done + 1)), "{error}");
        assert_eq!(misere_values(&game, done, limits, |_| false).unwrap().built_through, done, "{error}");
        assert!(misere_values(&game, done + 1, limits, |_| false).is_err(), "{error}");
        let error = misere_values(&game, 100, Limits::default(), |heap| heap == 9).unwrap_err();
        assert!(matches!(error, Error::Interrupted));
    }
}
