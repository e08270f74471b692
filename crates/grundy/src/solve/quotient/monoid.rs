//! Finite commutative monoids by multiplication table, sets of their
//! elements, and the reduction of a monoid with a marked subset to its
//! quotient by indistinguishability.

use rustc_hash::FxHashMap;

use crate::error::Result;
use serde::{Deserialize, Serialize};

/// An element of a [`Monoid`]: its number in the multiplication table.
/// Element 0 is always the identity (the empty sum).
pub type Element = u32;

/// A finite commutative monoid, by its multiplication table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Monoid {
    size: usize,
    /// `table[x · size + y]` is `x · y`.
    table: Vec<Element>,
}

impl Monoid {
    /// The one-element monoid: the quotient of the empty game alone.
    pub fn trivial() -> Self {
        Monoid { size: 1, table: vec![0] }
    }

    /// The monoid whose product is `product`, on elements `0..size`.
    ///
    /// Its table has `size²` entries, asked of the run's memory before it
    /// is made: `quotient 0.6 --max-elements 40000` asked for 5.8 GB at
    /// once, and a failed allocation aborts the program.
    pub(super) fn from_fn(size: usize, mut product: impl FnMut(Element, Element) -> Element) -> Result<Self> {
        let mut table = Vec::new();
        let entries = size.saturating_mul(size);
        crate::watch::reserve(&mut table, entries, || {
            format!("the multiplication table of a monoid of {size} elements")
        })?;
        for x in 0..size as Element {
            for y in 0..size as Element {
                table.push(product(x, y));
            }
        }
        Ok(Monoid { size, table })
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn product(&self, x: Element, y: Element) -> Element {
        self.table[x as usize * self.size + y as usize]
    }

    /// `x · y` for every `y`, in order (the table's row of `x`).
    #[inline]
    pub(super) fn row(&self, x: Element) -> &[Element] {
        &self.table[x as usize * self.size..(x as usize + 1) * self.size]
    }

    /// Whether the table describes a commutative monoid with identity 0
    /// (used to refuse damaged quotient files).
    pub(super) fn is_valid(&self) -> bool {
        let n = self.size;
        n > 0
            && self.table.len() == n * n
            && self.table.iter().all(|&z| (z as usize) < n)
            && (0..n as Element).all(|x| self.product(0, x) == x)
            && (0..n as Element).all(|x| (0..n as Element).all(|y| self.product(x, y) == self.product(y, x)))
    }
}

/// A set of elements of a monoid, as a bit set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ElementSet {
    words: Vec<u64>,
}

impl ElementSet {
    pub fn new(size: usize) -> Self {
        ElementSet { words: vec![0; size.div_ceil(64)] }
    }

    #[inline]
    pub fn insert(&mut self, x: Element) {
        self.words[x as usize / 64] |= 1 << (x % 64);
    }

    #[inline]
    pub fn contains(&self, x: Element) -> bool {
        self.words.get(x as usize / 64).is_some_and(|w| w >> (x % 64) & 1 != 0)
    }

    pub fn union_with(&mut self, other: &ElementSet) {
        self.words.iter_mut().zip(&other.words).for_each(|(a, b)| *a |= b);
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn iter(&self) -> impl Iterator<Item = Element> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| (0..64).filter(move |b| w >> b & 1 != 0).map(move |b| (i * 64 + b) as Element))
    }
}

/// Reduces a finite commutative monoid with a marked subset `p` to its
/// quotient by indistinguishability: `x ~ y` iff `x·z ∈ p ⇔ y·z ∈ p` for
/// every `z`. The monoid is given by its size and, for each generator,
/// the map `x ↦ x·generator`; every element must be a product of
/// generators. This is Moore's partition refinement on the automaton whose
/// states are the elements and whose letters are the generators: two
/// elements stay together while every word of generators takes both into
/// or both out of `p`, and since the generators generate, "every word"
/// is "every `z`".
///
/// Returns the class of each element, numbered in order of first
/// appearance (so the identity, element 0, is class 0), and the number of
/// classes.
pub(super) fn reduce(size: usize, actions: &[Vec<Element>], p: &ElementSet) -> (Vec<Element>, usize) {
    let mut class: Vec<Element> = (0..size as Element).map(|x| p.contains(x) as Element).collect();
    let mut count = renumber(&mut class);
    let mut key = Vec::with_capacity(actions.len() + 1);
    loop {
        let mut ids: FxHashMap<Vec<Element>, Element> = FxHashMap::default();
        let mut next = Vec::with_capacity(size);
        for x in 0..size {
            key.clear();
            key.push(class[x]);
            key.extend(actions.iter().map(|action| class[action[x] as usize]));
            let fresh = ids.len() as Element;
            next.push(*ids.entry(key.clone()).or_insert(fresh));
        }
        let refined = ids.len();
        class = next;
        if refined == count {
            return (class, count);
        }
        count = refined;
    }
}

/// The monoid of classes, given the class of each element and the product
/// of elements: the product of two classes is the class of the product of
/// their first members (well defined, as indistinguishability is a congruence).
pub(super) fn class_monoid(
    class: &[Element],
    count: usize,
    product: impl Fn(Element, Element) -> Element,
) -> Result<Monoid> {
    let mut representative = vec![Element::MAX; count];
    for (x, &c) in class.iter().enumerate() {
        if representative[c as usize] == Element::MAX {
            representative[c as usize] = x as Element;
        }
    }
    Monoid::from_fn(count, |a, b| class[product(representative[a as usize], representative[b as usize]) as usize])
}

/// The elements of `monoid` that products of `generators` reach, breadth
/// first from the identity, and the position of each in that list.
pub(super) fn submonoid(monoid: &Monoid, generators: &[Element]) -> (Vec<Element>, FxHashMap<Element, usize>) {
    let mut elements: Vec<Element> = vec![0];
    let mut index: FxHashMap<Element, usize> = FxHashMap::from_iter([(0, 0)]);
    let mut next = 0;
    while next < elements.len() {
        for &g in generators {
            let y = monoid.product(elements[next], g);
            if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(y) {
                slot.insert(elements.len());
                elements.push(y);
            }
        }
        next += 1;
    }
    (elements, index)
}

/// Renumbers classes in order of first appearance; returns how many there are.
fn renumber(class: &mut [Element]) -> usize {
    let mut ids: FxHashMap<Element, Element> = FxHashMap::default();
    for c in class.iter_mut() {
        let fresh = ids.len() as Element;
        *c = *ids.entry(*c).or_insert(fresh);
    }
    ids.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reducing_a_cyclic_group_by_parity() {
        // Z/6 generated by 1, marked {1, 3, 5}: only parity matters.
        let size = 6;
        let action: Vec<Element> = (0..6).map(|x| (x + 1) % 6).collect();
        let mut odd = ElementSet::new(size);
        [1, 3, 5].into_iter().for_each(|x| odd.insert(x));
        let (class, count) = reduce(size, &[action], &odd);
        assert_eq!(count, 2);
        assert_eq!(class, [0, 1, 0, 1, 0, 1]);
        let table = Monoid::from_fn(2, |x, y| x ^ y).unwrap();
        assert!(table.is_valid());
        // 1 · 0 must be 1: element 0 is the identity.
        assert!(!Monoid { size: 2, table: vec![0, 1, 0, 0] }.is_valid());
    }

    #[test]
    fn element_sets() {
        let mut s = ElementSet::new(130);
        s.insert(0);
        s.insert(129);
        assert!(s.contains(129) && !s.contains(64) && !s.contains(1000));
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 129]);
        assert_eq!(s.len(), 2);
    }
}
