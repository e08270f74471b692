//! Misère sums of heaps decided by the quotient, with every winning move.

use serde::Serialize;

use super::PartialQuotient;
use crate::error::Result;
use crate::game::{Game, Options, Outcome};
use crate::solve::heap::HeapGame;
use crate::solve::misere::analyse_misere_sum;

/// How a misère sum was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SumMethod {
    /// Products in the misère quotient.
    Quotient,
    /// The other methods (tame genus or exact search): some heap is beyond the quotient.
    Search,
}

/// A winning move: in component `component` (a heap of `from`), move to
/// the option `to` (a sum of smaller heaps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientMove {
    pub component: usize,
    pub from: u64,
    pub to: Vec<u64>,
}

/// The misère outcome of a sum and every winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumVerdict {
    pub outcome: Outcome,
    pub method: SumMethod,
    pub winning_moves: Vec<QuotientMove>,
    /// Why the quotient could not decide, when it could not.
    pub note: Option<String>,
}

/// The misère outcome of the sum of `heaps` and every winning move: by the
/// quotient when it covers every heap (a quotient proven final covers
/// them all, [`PartialQuotient::heap_element`]), else by exact search (with
/// a note that says which heap was beyond it). Never a guess.
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::game::Outcome;
/// use grundy::solve::quotient::{misere_sum, Limits, PartialQuotient, SumMethod};
/// let kayles = HeapGame::parse("kayles").unwrap();
/// let mut quotient = PartialQuotient::new(&kayles);
/// quotient.extend(&kayles, 40, Limits::default(), |_| false).unwrap();
/// let verdict = misere_sum(&kayles, &quotient, &[30, 40]).unwrap();
/// assert_eq!(verdict.method, SumMethod::Quotient);
/// assert_eq!(verdict.outcome, Outcome::N);
/// assert!(!verdict.winning_moves.is_empty());
/// ```
pub fn misere_sum(game: &HeapGame, quotient: &PartialQuotient, heaps: &[u64]) -> Result<SumVerdict> {
    let mut options = Options::new();
    let mut winning_moves = Vec::new();
    let pattern = quotient.stability(game).final_pattern();
    let element = |heap: u64| quotient.heap_element(heap, pattern).expect("every heap of the sum is covered");
    if let Some(total) = quotient.sum_element(heaps, pattern) {
        // rest[i]: the product of every heap but heap i (prefix · suffix).
        let monoid = quotient.monoid();
        let mut prefix = vec![0; heaps.len() + 1];
        for (i, &h) in heaps.iter().enumerate() {
            prefix[i + 1] = monoid.product(prefix[i], element(h));
        }
        let mut suffix = 0;
        for i in (0..heaps.len()).rev() {
            let rest = monoid.product(prefix[i], suffix);
            options.clear();
            game.options(&heaps[i], &mut options);
            for option in options.distinct() {
                let after = quotient.sum_element(option, pattern).map(|o| monoid.product(rest, o));
                if after.is_some_and(|x| quotient.p.contains(x)) {
                    winning_moves.push(QuotientMove { component: i, from: heaps[i], to: option.to_vec() });
                }
            }
            suffix = monoid.product(suffix, element(heaps[i]));
        }
        winning_moves.sort_by_key(|m| m.component);
        let outcome = if quotient.p.contains(total) { Outcome::P } else { Outcome::N };
        return Ok(SumVerdict { outcome, method: SumMethod::Quotient, winning_moves, note: None });
    }
    let largest = heaps.iter().max().copied().unwrap_or(0);
    let note = format!(
        "heap {largest} is beyond the misère quotient (computed through heap {}): decided by exact search",
        quotient.last_heap()
    );
    let analysis = analyse_misere_sum(game, heaps)?;
    let winning_moves = analysis
        .winning_moves
        .into_iter()
        .map(|m| QuotientMove { component: m.component, from: heaps[m.component], to: m.option })
        .collect();
    Ok(SumVerdict { outcome: analysis.outcome, method: SumMethod::Search, winning_moves, note: Some(note) })
}
