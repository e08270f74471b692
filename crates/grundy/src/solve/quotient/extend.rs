//! One step of the construction: from the quotient of heaps `1..n-1` to
//! the quotient of heaps `1..n`, proven by an exhaustive check.
//!
//! The step follows the plan of Siegel's MisereSolver (Plambeck and Siegel,
//! *Misère quotients for impartial games*, JCTA 2008): guess, verify, and
//! on failure guess again with more freedom.
//!
//! - **Guess** ([`trial`]): a trial monoid `R × C_1 × … × C_m`, where some
//!   heaps are *free* — each gets its own cyclic factor `⟨g | g^{t+2} = g^t⟩`,
//!   so its copies are counted exactly up to `t + 1` — and the other heaps
//!   keep their old elements in `R`, the part of `Q_{n-1}` they generate.
//!   Heap `n` is always free. Every element is marked P or not from the
//!   lightest sum that reaches it ([`mark`]), then the monoid is reduced
//!   by indistinguishability.
//! - **Verify** ([`explore`]): prove, for *every* sum of heaps `1..n`
//!   (infinitely many, but finitely many states), that the product of its
//!   heaps' elements is in the P-portion exactly when the sum is a misère
//!   P-position. Only a verified quotient is kept.
//! - **Recalibrate**: adding heap `n` can split old elements (in Kayles,
//!   `1 + 1 + 5 + 5` and the empty sum are alike among heaps up to 8 but
//!   not next to heap 9), and then the guess is wrong somewhere. The
//!   verifier returns the first sum it finds wrong; its heaps are freed (or
//!   their exponent tails lengthened) and the guess is made again.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rustc_hash::{FxHashMap, FxHashSet};

use super::monoid::{class_monoid, reduce, submonoid, Element, ElementSet, Monoid};
use crate::error::{Error, Result};

/// How a heap acts on the quotient: its element, and the elements of its
/// options. Two heaps with the same letter are interchangeable in every
/// sum, so each check needs only the distinct letters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Letter {
    pub image: Element,
    /// Sorted, without repeats; empty for a heap with no move.
    pub transitions: Vec<Element>,
}

/// Limits that keep a construction inside memory, and the flag that stops
/// it when asked.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most elements a quotient (or a trial monoid) may have.
    pub max_elements: usize,
    /// The most states the verifier may visit.
    pub max_states: usize,
    /// When set, the construction stops with [`Error::Interrupted`] within
    /// a few thousand verifier states, even in the middle of a heap (a
    /// flag that lives as long as the program, as a Ctrl-C handler's does;
    /// `Box::leak` makes one). The heaps finished before are kept.
    pub interrupt: Option<&'static AtomicBool>,
    /// When set, the construction stops at this instant as at a limit
    /// ([`Error::TooLarge`], checked as often as the interrupt), keeping
    /// the heaps finished before. For a quotient that is only a shortcut
    /// ([`super::QuotientOracle`]): the element limit bounds its memory,
    /// but not its time, which grows much faster than its size (0.137's,
    /// at most 638 elements through heap 32, takes 41 s to get there).
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_elements: 4096, max_states: 500_000, interrupt: None, deadline: None }
    }
}

impl Limits {
    /// [`Error::Interrupted`] if the flag is set (or the current watch
    /// stopped), [`Error::TimeUp`] past the deadline.
    pub(super) fn check_interrupt(&self) -> Result<()> {
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(Error::TimeUp { what: "building the misère quotient".into() });
        }
        match self.interrupt {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(Error::Interrupted),
            _ => crate::watch::check_current(0),
        }
    }
}

/// The exponent tail of a new generator in the first guess: `g⁴ = g²`, as
/// MisereSolver starts (a longer tail, if needed, comes from refinement).
const TAIL: usize = 2;

/// A quotient with its P-portion, the element of each heap, and the
/// elements of each heap's options (its transitions).
#[derive(Clone, Debug)]
pub(super) struct Step {
    pub monoid: Monoid,
    pub p: ElementSet,
    pub images: Vec<Element>,
    pub transitions: Vec<Vec<Element>>,
}

/// The elements of the options of a heap (sums of smaller heaps), given
/// the elements of the smaller heaps. Sorted, without repeats.
pub(super) fn transitions(monoid: &Monoid, images: &[Element], options: &[Vec<u64>]) -> Vec<Element> {
    let mut out: Vec<Element> =
        options.iter().map(|parts| parts.iter().fold(0, |x, &h| monoid.product(x, images[h as usize]))).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The heaps a quotient is built over, numbered `1, 2, …` so that every
/// heap's options are sums of heaps numbered before it: the heaps of one
/// game (heap `h` is number `h`), or nim heaps followed by a game's heaps
/// (see `values.rs`).
pub(super) trait Family {
    /// The options of heap `index`, each a sum of earlier heaps (number 0
    /// is the empty heap and may appear).
    fn options(&self, index: u64) -> Vec<Vec<u64>>;
    /// A positive weight such that each option's heaps weigh less in all
    /// than heap `index` (so a sum's options always weigh less than it).
    fn weight(&self, index: u64) -> u64;
}

/// A distinct letter with the number and weight of its lightest heap.
#[derive(Clone, Debug)]
struct WeightedLetter {
    letter: Letter,
    heap: usize,
    weight: u64,
}

/// The distinct letters of heaps `1..images.len()`, each with its lightest
/// heap (heaps with no move are the empty sum and have none).
fn letters(images: &[Element], transitions: &[Vec<Element>], family: &dyn Family) -> Vec<WeightedLetter> {
    let mut seen: FxHashMap<Letter, usize> = FxHashMap::default();
    let mut out: Vec<WeightedLetter> = Vec::new();
    for heap in 1..images.len() {
        if transitions[heap].is_empty() {
            continue;
        }
        let letter = Letter { image: images[heap], transitions: transitions[heap].clone() };
        let weight = family.weight(heap as u64);
        match seen.get(&letter) {
            Some(&i) if out[i].weight <= weight => {}
            Some(&i) => out[i] = WeightedLetter { letter, heap, weight },
            None => {
                seen.insert(letter.clone(), out.len());
                out.push(WeightedLetter { letter, heap, weight });
            }
        }
    }
    out
}

/// Extends `step` heap by heap through heap `to` of `family`. `stop` is
/// called before each heap with its number; returning `true` stops early
/// (`Ok(false)`). `grew` hears of each heap at which the quotient grew, with
/// its new size. On an error (a limit reached) `step` keeps every heap it
/// had finished.
pub(super) fn grow(
    step: &mut Step,
    family: &dyn Family,
    to: u64,
    limits: Limits,
    stop: &mut dyn FnMut(u64) -> bool,
    grew: &mut dyn FnMut(u64, usize),
) -> Result<bool> {
    while (step.images.len() as u64) <= to {
        let heap = step.images.len() as u64;
        if stop(heap) {
            return Ok(false);
        }
        let new_transitions = transitions(&step.monoid, &step.images, &family.options(heap));
        let next = add_heap(step, new_transitions, family, limits)?;
        if next.monoid.size() > step.monoid.size() {
            grew(heap, next.monoid.size());
        }
        *step = next;
    }
    Ok(true)
}

/// A limit error from [`grow`], saying how far the quotient got.
pub(super) fn complete_through(error: Error, through: String) -> Error {
    match error {
        Error::TooLarge { what, needed, limit, unit } => Error::TooLarge {
            what: format!("{what} (the quotient is complete through {through})"),
            needed,
            limit,
            unit,
        },
        other => other,
    }
}

/// The most recalibrations before giving up.
const MAX_ROUNDS: usize = 64;

/// The quotient of heaps `1..n` from that of heaps `1..n-1` (`step`), where
/// `new_transitions` are the elements (in `step`'s monoid) of heap `n`'s
/// options and `options_of(h)` lists the options of heap `h ≤ n`.
pub(super) fn add_heap(
    step: &Step,
    new_transitions: Vec<Element>,
    family: &dyn Family,
    limits: Limits,
) -> Result<Step> {
    let n = step.images.len();
    let unchanged = |image, transitions| {
        let mut next = step.clone();
        next.images.push(image);
        next.transitions.push(transitions);
        next
    };
    if new_transitions.is_empty() {
        return Ok(unchanged(0, new_transitions));
    }
    // A heap that acts exactly like an earlier one (the same options'
    // elements) can take that heap's element: every sum then reaches only
    // states the verifier has already checked.
    if let Some(heap) = (1..n).find(|&h| step.transitions[h] == new_transitions) {
        return Ok(unchanged(step.images[heap], new_transitions));
    }
    let mut guess = trial(step, &BTreeMap::from([(n, TAIL)]), n, family, limits)?;
    for _ in 0..MAX_ROUNDS {
        let Some(wrong) = explore(&guess, family, limits)?.first_wrong_sum else {
            return Ok(guess);
        };
        guess = recalibrate(&guess, &wrong, family, limits)?;
    }
    Err(Error::InvalidGame(format!(
        "the misère quotient could not be extended to heap {n}: {MAX_ROUNDS} recalibrations did not reach a \
         quotient that passes verification"
    )))
}

/// A new guess from a wrong one: frees as few heaps of the wrong sum as
/// will make the guess right about it (one heap, then two, …, as
/// MisereSolver does), each with room for as many copies as the sum has;
/// the other heaps keep their elements in the wrong guess, which already
/// holds the splits earlier rounds found.
fn recalibrate(guess: &Step, wrong: &WrongSum, family: &dyn Family, limits: Limits) -> Result<Step> {
    let n = guess.images.len() - 1;
    let heaps: Vec<usize> = wrong.copies.keys().copied().collect();
    let mut last_error = None;
    for count in 1..=heaps.len() {
        for subset in subsets(&heaps, count) {
            let free: BTreeMap<usize, usize> =
                subset.iter().map(|&heap| (heap, wrong.copies[&heap].max(TAIL))).collect();
            let next = match trial(guess, &free, n, family, limits) {
                Ok(guess) => guess,
                Err(error @ Error::TooLarge { .. }) => {
                    last_error = Some(error);
                    continue;
                }
                Err(error) => return Err(error),
            };
            let element = wrong
                .copies
                .iter()
                .fold(0, |x, (&heap, &copies)| (0..copies).fold(x, |x, _| next.monoid.product(x, next.images[heap])));
            if next.p.contains(element) == wrong.is_p {
                return Ok(next);
            }
        }
    }
    Err(last_error.unwrap_or_else(|| {
        Error::InvalidGame(format!(
            "the misère quotient could not be extended to heap {}: no recalibration fixes the sum {:?}",
            n, wrong.copies
        ))
    }))
}

/// The subsets of `items` with `count` elements.
fn subsets(items: &[usize], count: usize) -> Vec<Vec<usize>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    if items.len() < count {
        return Vec::new();
    }
    let mut out: Vec<Vec<usize>> = subsets(&items[1..], count - 1)
        .into_iter()
        .map(|mut rest| {
            rest.insert(0, items[0]);
            rest
        })
        .collect();
    out.extend(subsets(&items[1..], count));
    out
}

/// The trial monoid `R × C_1 × … × C_m` for heaps `1..=n`: the heaps in
/// `free` (with their tails) each get a cyclic factor, the others keep
/// their elements in `base` (which must cover them), and `R` is the part of
/// `base` they generate. Guesses its P-portion and reduces it.
fn trial(base: &Step, free: &BTreeMap<usize, usize>, n: usize, family: &dyn Family, limits: Limits) -> Result<Step> {
    limits.check_interrupt()?;
    let old = &base.monoid;
    let heap_options: Vec<Vec<Vec<u64>>> = (0..=n as u64).map(|h| family.options(h)).collect();
    // R: the base's elements that products of kept heaps reach.
    let kept: Vec<Element> =
        (1..=n).filter(|h| !free.contains_key(h) && !heap_options[*h].is_empty()).map(|h| base.images[h]).collect();
    let (r_elements, r_index) = submonoid(old, &kept);
    // Mixed radix: element = r · stride + Σ exponent_i · radix_i.
    let cycles: Vec<usize> = free.values().map(|t| t + 2).collect();
    let stride: usize = cycles.iter().product();
    let size = r_elements.len().saturating_mul(stride);
    if size > limits.max_elements.saturating_mul(16) {
        // (A limit the user did not give: say where it comes from.)
        return Err(Error::TooLarge {
            what: format!("the misère quotient at heap {n} before its reduction (allowed 16 times the element limit)"),
            needed: size as u128,
            limit: limits.max_elements.saturating_mul(16) as u128,
            unit: "elements",
        });
    }
    let tails: Vec<usize> = free.values().copied().collect();
    let product = |a: Element, b: Element| -> Element {
        let (mut a, mut b) = (a as usize, b as usize);
        let (mut out, mut radix) = (0, 1);
        for (i, &cycle) in cycles.iter().enumerate() {
            let s = a % cycle + b % cycle;
            let e = if s < cycle { s } else { tails[i] + (s - tails[i]) % 2 };
            out += e * radix;
            radix *= cycle;
            a /= cycle;
            b /= cycle;
        }
        let r = r_index[&old.product(r_elements[a], r_elements[b])];
        (r * stride + out) as Element
    };
    let mut images: Vec<Element> = vec![0; n + 1];
    let mut radix = 1;
    let mut free_radix: FxHashMap<usize, usize> = FxHashMap::default();
    for (&heap, &tail) in free {
        free_radix.insert(heap, radix);
        radix *= tail + 2;
    }
    for (h, image) in images.iter_mut().enumerate().skip(1) {
        *image = match free_radix.get(&h) {
            Some(&radix) => radix as Element,
            None if heap_options[h].is_empty() => 0,
            None => (r_index[&base.images[h]] * stride) as Element,
        };
    }
    let trial_transitions: Vec<Vec<Element>> = heap_options
        .iter()
        .map(|options| {
            let mut t: Vec<Element> =
                options.iter().map(|parts| parts.iter().fold(0, |x, &h| product(x, images[h as usize]))).collect();
            t.sort_unstable();
            t.dedup();
            t
        })
        .collect();
    for (h, options) in heap_options.iter().enumerate() {
        if options.is_empty() {
            images[h] = 0;
        }
    }
    let trial_letters = letters(&images, &trial_transitions, family);
    let trial_p = mark(size, &trial_letters, &product)?;
    let mut actions: Vec<Vec<Element>> = Vec::new();
    let mut distinct: FxHashSet<Element> = FxHashSet::default();
    for WeightedLetter { letter, .. } in &trial_letters {
        if distinct.insert(letter.image) {
            actions.push((0..size as Element).map(|x| product(x, letter.image)).collect());
        }
    }
    let (class, count) = reduce(size, &actions, &trial_p);
    if count > limits.max_elements {
        return Err(too_large(n, count, limits.max_elements));
    }
    let reduced = class_monoid(&class, count, product)?;
    let mut reduced_p = ElementSet::new(count);
    trial_p.iter().for_each(|x| reduced_p.insert(class[x as usize]));
    let to_class = |x: &Element| class[*x as usize];
    Ok(Step {
        monoid: reduced,
        p: reduced_p,
        images: images.iter().map(to_class).collect(),
        transitions: trial_transitions
            .iter()
            .map(|t| {
                let mut t: Vec<Element> = t.iter().map(to_class).collect();
                t.sort_unstable();
                t.dedup();
                t
            })
            .collect(),
    })
}

/// The guess: every element of the trial monoid is reached first by its
/// lightest sum (Dijkstra's order on weights), and marked P iff that sum
/// has options and none of them is at an element already marked P. The
/// options of a sum weigh less, so their elements are always marked first.
fn mark(size: usize, letters: &[WeightedLetter], product: &impl Fn(Element, Element) -> Element) -> Result<ElementSet> {
    const EMPTY: u32 = u32::MAX;
    let mut p = ElementSet::new(size);
    let mut marked = vec![false; size];
    // The options' elements of the sum that marked each element.
    let mut option_elements: Vec<Vec<Element>> = vec![Vec::new(); size];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, EMPTY, 0u32)));
    while let Some(Reverse((weight, parent, letter))) = queue.pop() {
        let (element, options) = if parent == EMPTY {
            (0, Vec::new())
        } else {
            let letter = &letters[letter as usize].letter;
            let element = product(parent, letter.image);
            if marked[element as usize] {
                continue;
            }
            let mut options: Vec<Element> =
                option_elements[parent as usize].iter().map(|&o| product(o, letter.image)).collect();
            options.extend(letter.transitions.iter().map(|&t| product(parent, t)));
            options.sort_unstable();
            options.dedup();
            (element, options)
        };
        if marked[element as usize] {
            continue;
        }
        if let Some(&late) = options.iter().find(|&&o| !marked[o as usize]) {
            return Err(Error::InvalidGame(format!(
                "misère quotient: an option (element {late}) was not valued before its sum; a move does not lower the weight"
            )));
        }
        marked[element as usize] = true;
        if !options.is_empty() && options.iter().all(|&o| !p.contains(o)) {
            p.insert(element);
        }
        option_elements[element as usize] = options;
        for (index, letter) in letters.iter().enumerate() {
            queue.push(Reverse((weight + letter.weight, element, index as u32)));
        }
    }
    Ok(p)
}

/// The proof that `step` is right for every sum of heaps `1..n`.
///
/// A sum `X` is a misère P-position iff it has a move and no option is a
/// P-position (by induction on `X`: iff no option's element is in P). The
/// options of `X` are reached by replacing one heap `h` by one of its
/// options, so `X`'s options' elements are `{Φ(X−h)·t : t a transition of h}`.
/// What matters of that set for every later sum `X + Z` is
/// `U(X) = {z : some option element o has o·z ∈ P}`, and it changes by a
/// rule that depends only on `(Φ(X), U(X))` and the added heap's letter:
/// `U(X+h) = {z : Φ(h)·z ∈ U(X)} ∪ ⋃_t {z : Φ(X)·t·z ∈ P}`. So the pairs
/// `(Φ(X), U(X))` of all sums form a finite set reachable from the empty
/// sum, and checking `Φ(X) ∈ P ⇔ 1 ∉ U(X)` on each pair checks every sum.
pub(super) fn verify(step: &Step, family: &dyn Family, limits: Limits) -> Result<bool> {
    Ok(explore(step, family, limits)?.first_wrong_sum.is_none())
}

/// A verifier state: the product, the set `U`, and whether the sum is non-empty.
type State = (Element, ElementSet, bool);

/// What the verifier found: the first sum whose product's membership in
/// P disagrees with its outcome, if any.
pub(super) struct Exploration {
    pub first_wrong_sum: Option<WrongSum>,
}

/// A sum the guess gets wrong.
pub(super) struct WrongSum {
    /// Heap → number of copies.
    copies: BTreeMap<usize, usize>,
    /// Whether the sum is in truth a misère P-position.
    is_p: bool,
}

/// Explores the states of [`verify`], breadth first from the empty sum
/// (so a wrong sum found first has as few heaps as any).
fn explore(step: &Step, family: &dyn Family, limits: Limits) -> Result<Exploration> {
    let monoid = &step.monoid;
    let size = monoid.size();
    let letters = letters(&step.images, &step.transitions, family);
    // winners[y] = {z : y·z ∈ P}
    let winners: Vec<ElementSet> = (0..size as Element)
        .map(|y| {
            let mut set = ElementSet::new(size);
            let row = monoid.row(y);
            (0..size).filter(|&z| step.p.contains(row[z])).for_each(|z| set.insert(z as Element));
            set
        })
        .collect();
    // The empty sum: the player to move has won, so its element must not be in P.
    if step.p.contains(0) {
        return Ok(Exploration { first_wrong_sum: Some(WrongSum { copies: BTreeMap::new(), is_p: false }) });
    }
    let start: State = (0, ElementSet::new(size), false);
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    index.insert(start.clone(), 0);
    let mut states = vec![start];
    // How each state was first reached (earlier state, letter), its weight,
    // and whether the guess is wrong about it.
    let mut parent: Vec<(u32, u32)> = vec![(0, 0)];
    let mut weight: Vec<u64> = vec![0];
    let mut wrong: Vec<Option<bool>> = vec![None];
    let mut done = vec![false];
    // Lightest first (Dijkstra), so the first wrong sum found is a lightest
    // one: every lighter sum — in particular each of its options — is right.
    let mut queue = BinaryHeap::from([Reverse((0u64, 0u32))]);
    let mut popped = 0u32;
    while let Some(Reverse((w, s))) = queue.pop() {
        popped = popped.wrapping_add(1);
        if popped % 1024 == 0 {
            limits.check_interrupt()?;
        }
        if done[s as usize] {
            continue;
        }
        done[s as usize] = true;
        if let Some(is_p) = wrong[s as usize] {
            let mut copies = BTreeMap::new();
            let mut at = s;
            while at != 0 {
                let (from, letter) = parent[at as usize];
                *copies.entry(letters[letter as usize].heap).or_insert(0) += 1;
                at = from;
            }
            return Ok(Exploration { first_wrong_sum: Some(WrongSum { copies, is_p }) });
        }
        let (x, reach, _) = states[s as usize].clone();
        for (l, WeightedLetter { letter, weight: letter_weight, .. }) in letters.iter().enumerate() {
            let next_x = monoid.product(x, letter.image);
            let mut next_reach = ElementSet::new(size);
            for (z, &hz) in monoid.row(letter.image).iter().enumerate() {
                if reach.contains(hz) {
                    next_reach.insert(z as Element);
                }
            }
            for &t in &letter.transitions {
                next_reach.union_with(&winners[monoid.product(x, t) as usize]);
            }
            let is_p = !next_reach.contains(0);
            let next_w = w + letter_weight;
            let state = (next_x, next_reach, true);
            let target = match index.get(&state) {
                Some(&t) => t,
                None => {
                    if states.len() >= limits.max_states {
                        return Err(Error::TooLarge {
                            what: format!("verifying the misère quotient at heap {}", step.images.len() - 1),
                            needed: Error::PAST_LIMIT,
                            limit: limits.max_states as u128,
                            unit: "states",
                        });
                    }
                    let t = states.len() as u32;
                    index.insert(state.clone(), t);
                    states.push(state);
                    parent.push((s, l as u32));
                    weight.push(u64::MAX);
                    wrong.push((step.p.contains(next_x) != is_p).then_some(is_p));
                    done.push(false);
                    t
                }
            };
            if next_w < weight[target as usize] {
                weight[target as usize] = next_w;
                parent[target as usize] = (s, l as u32);
                queue.push(Reverse((next_w, target)));
            }
        }
    }
    Ok(Exploration { first_wrong_sum: None })
}

pub(super) fn too_large(heap: usize, size: usize, limit: usize) -> Error {
    Error::TooLarge {
        what: format!("the misère quotient at heap {heap}"),
        needed: size as u128,
        limit: limit as u128,
        unit: "elements",
    }
}
