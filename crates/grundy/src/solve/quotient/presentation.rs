//! A quotient written as generators and relations, as Plambeck and Siegel
//! print them: `Q = ⟨a, b, c | a² = 1, b³ = b, …⟩`.

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::monoid::Element;
use super::PartialQuotient;

/// Generators (heaps whose elements are not products of earlier heaps'),
/// relations, and
/// every element written in normal form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Presentation {
    /// `(name, heap)`: the generator is that heap's element.
    pub generators: Vec<(String, u64)>,
    /// `(word, normal form)`: each minimal word that is not in normal form,
    /// equal to its normal form. With the generators these present the monoid.
    pub relations: Vec<(String, String)>,
    /// The normal form of every element, in the graded order.
    pub elements: Vec<String>,
    /// The normal forms of the P-portion's elements, in the graded order.
    pub p_portion: Vec<String>,
    /// The normal form of each heap's element, heaps `0..=last`.
    pub heaps: Vec<String>,
}

/// Exponents of the generators.
type Word = Vec<u32>;

/// Writes `quotient` as a presentation.
///
/// The normal form of an element is its least word in the *graded* order:
/// fewer generators first, then larger exponents of earlier generators
/// first. This order is compatible with multiplication, so every divisor
/// of a normal form is a normal form; the words that are not normal are
/// then a monoid ideal, and its minimal words, each set equal to its normal
/// form, are a complete set of relations (the monoid's rewriting system).
pub fn presentation(quotient: &PartialQuotient) -> Presentation {
    let monoid = &quotient.monoid;
    // A heap is a generator when its element is not a product of the
    // generators before it (usually the heaps where the quotient grew).
    let mut generators: Vec<(String, u64)> = Vec::new();
    let mut reached = super::monoid::submonoid(monoid, &[]).1;
    for (heap, &image) in quotient.images.iter().enumerate().skip(1) {
        if !reached.contains_key(&image) {
            generators.push((generator_name(generators.len()), heap as u64));
            let images: Vec<Element> = generators.iter().map(|&(_, h)| quotient.images[h as usize]).collect();
            reached = super::monoid::submonoid(monoid, &images).1;
        }
    }
    let images: Vec<Element> = generators.iter().map(|&(_, heap)| quotient.images[heap as usize]).collect();
    let rank = generators.len();
    let mut normal: Vec<Option<Word>> = vec![None; monoid.size()];
    normal[0] = Some(vec![0; rank]);
    let mut level: Vec<Element> = vec![0];
    while !level.is_empty() {
        let mut best: FxHashMap<Element, Word> = FxHashMap::default();
        for &x in &level {
            let word = normal[x as usize].clone().expect("levels hold named elements");
            for (g, &image) in images.iter().enumerate() {
                let y = monoid.product(x, image);
                if normal[y as usize].is_some() {
                    continue;
                }
                let mut candidate = word.clone();
                candidate[g] += 1;
                let better = best.get(&y).is_none_or(|current| precedes(&candidate, current));
                if better {
                    best.insert(y, candidate);
                }
            }
        }
        level = best.keys().copied().collect();
        level.sort_unstable();
        for (y, word) in best {
            normal[y as usize] = Some(word);
        }
    }
    let normal: Vec<Word> = normal.into_iter().map(|w| w.unwrap_or_default()).collect();
    let is_normal: FxHashMap<&Word, Element> = normal.iter().enumerate().map(|(x, w)| (w, x as Element)).collect();

    let mut relations: Vec<(Word, Element)> = Vec::new();
    for (x, word) in normal.iter().enumerate() {
        for (g, &image) in images.iter().enumerate() {
            let mut candidate = word.clone();
            candidate[g] += 1;
            if is_normal.contains_key(&candidate) {
                continue;
            }
            let minimal = (0..rank).filter(|&i| candidate[i] > 0).all(|i| {
                let mut divisor = candidate.clone();
                divisor[i] -= 1;
                is_normal.contains_key(&divisor)
            });
            if minimal && !relations.iter().any(|(w, _)| *w == candidate) {
                relations.push((candidate, monoid.product(x as Element, image)));
            }
        }
    }
    relations.sort_by(|(a, _), (b, _)| order(a, b));

    let names: Vec<&str> = generators.iter().map(|(n, _)| n.as_str()).collect();
    let show = |word: &Word| write_word(word, &names);
    // Listed in the graded order, so the listing does not depend on how
    // the elements happen to be numbered.
    let mut by_order: Vec<&Word> = normal.iter().collect();
    by_order.sort_by(|a, b| order(a, b));
    let mut in_p: Vec<&Word> = quotient.p.iter().map(|x| &normal[x as usize]).collect();
    in_p.sort_by(|a, b| order(a, b));
    Presentation {
        relations: relations.iter().map(|(w, x)| (show(w), show(&normal[*x as usize]))).collect(),
        elements: by_order.into_iter().map(show).collect(),
        p_portion: in_p.into_iter().map(show).collect(),
        heaps: quotient.images.iter().map(|&x| show(&normal[x as usize])).collect(),
        generators,
    }
}

/// The graded order: fewer generators first, then more of earlier ones.
fn precedes(a: &Word, b: &Word) -> bool {
    let (da, db): (u32, u32) = (a.iter().sum(), b.iter().sum());
    da < db || (da == db && a.iter().zip(b).find(|(x, y)| x != y).is_some_and(|(x, y)| x > y))
}

fn order(a: &Word, b: &Word) -> std::cmp::Ordering {
    if a == b {
        std::cmp::Ordering::Equal
    } else if precedes(a, b) {
        std::cmp::Ordering::Less
    } else {
        std::cmp::Ordering::Greater
    }
}

/// `a`, `b`, … `z`, then `g27`, `g28`, …
fn generator_name(index: usize) -> String {
    if index < 26 {
        ((b'a' + index as u8) as char).to_string()
    } else {
        format!("g{}", index + 1)
    }
}

/// `a^2bc`, or `1` for the identity; with names longer than one letter the
/// factors are separated by `·`.
fn write_word(word: &Word, names: &[&str]) -> String {
    let separator = if names.iter().any(|n| n.len() > 1) { "·" } else { "" };
    let factors: Vec<String> = word
        .iter()
        .zip(names)
        .filter(|(e, _)| **e > 0)
        .map(|(&e, name)| if e == 1 { name.to_string() } else { format!("{name}^{e}") })
        .collect();
    if factors.is_empty() {
        "1".to_string()
    } else {
        factors.join(separator)
    }
}
