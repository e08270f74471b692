//! Remoteness, and Every-SG games decided by it.
//!
//! The **remoteness** of a position (Steinhaus 1925; Smith 1966) is how many
//! moves the game lasts when the winner hurries and the loser delays: 0 for
//! a stuck position; for a winning position one more than the least
//! remoteness of a losing option; for a losing position one more than the
//! largest remoteness of any option. In normal play winning positions have
//! odd remoteness and losing ones even.
//!
//! In an **Every-SG** game a player must move in *every* component that can
//! still move; the game ends when the last component ends, and whoever
//! wins that component wins. There the winner of a component wants it to
//! *last* and the loser wants it over, so the measure is not remoteness but
//! its mirror, the **suspense** number (Smith's "steps" for continued
//! conjunctive compounds, Winning Ways ch. 9; the "step" of Jia Zhihao's
//! Every-SG): 0 when stuck; for a winning position one more than the
//! *largest* suspense of a losing option; for a losing position one more
//! than the *least* suspense of any option. The first player wins iff the
//! largest suspense among the components is odd ([`every_sg_outcome`]). (A
//! test plays Every-SG out by brute force: deciding by remoteness instead
//! gets positions such as Wythoff (1,2) + (2,2) wrong.)

use super::rule::Rule;
use crate::game::{Game, Outcome};

/// Remoteness (or suspense) of a position, with who wins it (for the player to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Remoteness {
    pub wins: bool,
    pub moves: u64,
}

/// Valuing positions by remoteness, in normal or misère play. Options must
/// be single positions.
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::solve::{remoteness::RemotenessPlay, Search};
/// let mut search = Search::new(&Nim, RemotenessPlay { misere: false });
/// let r = search.value(&5).unwrap();
/// assert!(r.wins && r.moves == 1); // take all five
/// let mut search = Search::new(&Nim, RemotenessPlay { misere: true });
/// let r = search.value(&5).unwrap();
/// assert!(r.wins && r.moves == 2); // leave one; the opponent must take it
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RemotenessPlay {
    /// Misère: a stuck player wins.
    pub misere: bool,
}

/// Valuing positions by suspense (the winner delays, the loser hurries),
/// in normal play: what decides Every-SG games.
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::solve::{remoteness::SuspensePlay, Search};
/// let mut search = Search::new(&Nim, SuspensePlay);
/// let r = search.value(&3).unwrap();
/// assert!(r.wins && r.moves == 1); // the only winning move takes all three
/// let one_at_a_time = grundy::catalogue::Subtraction::new(vec![1]).unwrap();
/// let mut search = Search::new(&one_at_a_time, SuspensePlay);
/// assert_eq!(search.value(&5).unwrap().moves, 5); // one at a time, five moves
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SuspensePlay;

impl<G: Game> Rule<G> for SuspensePlay {
    const VALUES_SUMS: bool = false;

    type Value = Remoteness;

    fn option_value(&self, parts: impl ExactSizeIterator<Item = Remoteness>) -> Option<Remoteness> {
        Rule::<G>::option_value(&RemotenessPlay { misere: false }, parts)
    }

    fn position_value(&self, _: &G, _: &G::Position, options: &[Remoteness]) -> Remoteness {
        if options.is_empty() {
            return Remoteness { wins: false, moves: 0 };
        }
        match options.iter().filter(|o| !o.wins).map(|o| o.moves).max() {
            Some(slowest) => Remoteness { wins: true, moves: slowest + 1 },
            None => Remoteness { wins: false, moves: options.iter().map(|o| o.moves).min().unwrap_or(0) + 1 },
        }
    }
}

impl<G: Game> Rule<G> for RemotenessPlay {
    const VALUES_SUMS: bool = false;

    type Value = Remoteness;

    fn option_value(&self, mut parts: impl ExactSizeIterator<Item = Remoteness>) -> Option<Remoteness> {
        match parts.len() {
            1 => parts.next(),
            // A move that ends this game: the opponent is stuck.
            0 => Some(Remoteness { wins: self.misere, moves: 0 }),
            _ => None,
        }
    }

    fn position_value(&self, _: &G, _: &G::Position, options: &[Remoteness]) -> Remoteness {
        if options.is_empty() {
            return Remoteness { wins: self.misere, moves: 0 };
        }
        match options.iter().filter(|o| !o.wins).map(|o| o.moves).min() {
            Some(quickest) => Remoteness { wins: true, moves: quickest + 1 },
            None => Remoteness { wins: false, moves: options.iter().map(|o| o.moves).max().unwrap_or(0) + 1 },
        }
    }
}

/// The outcome of an Every-SG sum (normal play) from its components'
/// suspense numbers ([`SuspensePlay`]): the first player wins iff the
/// largest is odd.
///
/// ```
/// use grundy::game::Outcome;
/// use grundy::solve::remoteness::{every_sg_outcome, Remoteness};
/// let r = |wins, moves| Remoteness { wins, moves };
/// assert_eq!(every_sg_outcome(&[r(true, 3), r(false, 2)]), Outcome::N);
/// assert_eq!(every_sg_outcome(&[r(true, 1), r(false, 4)]), Outcome::P);
/// ```
pub fn every_sg_outcome(components: &[Remoteness]) -> Outcome {
    match components.iter().map(|r| r.moves).max() {
        Some(moves) if moves % 2 == 1 => Outcome::N,
        _ => Outcome::P,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Subtraction, Wythoff};
    use crate::solve::Search;
    use std::collections::HashMap;

    #[test]
    fn parity_matches_the_outcome_in_normal_play() {
        let game = Subtraction::new(vec![1, 3, 4]).unwrap();
        let mut remoteness = Search::new(&game, RemotenessPlay { misere: false });
        let mut nim_values = Search::normal_play(&game);
        for n in 0..300u64 {
            let r = remoteness.value(&n).unwrap();
            assert_eq!(r.wins, nim_values.nim_value(&n).unwrap() != 0);
            assert_eq!(r.wins, r.moves % 2 == 1, "heap {n}: {r:?}");
        }
    }

    /// Every-SG by brute force on pairs of Wythoff positions: both players
    /// move in every component that can move; the last to move wins.
    type Cell = (u64, u64);

    fn every_wins(memo: &mut HashMap<(Cell, Cell), bool>, a: Cell, b: Cell) -> bool {
        if let Some(&w) = memo.get(&(a, b)) {
            return w;
        }
        let moves = |p: (u64, u64)| -> Vec<(u64, u64)> {
            let mut o = crate::game::Options::new();
            Wythoff.options(&p, &mut o);
            o.parts().to_vec()
        };
        let (ma, mb) = (moves(a), moves(b));
        let wins = if ma.is_empty() && mb.is_empty() {
            false
        } else {
            let next_a = if ma.is_empty() { vec![a] } else { ma };
            let next_b = if mb.is_empty() { vec![b] } else { mb };
            next_a.iter().any(|&x| next_b.iter().any(|&y| !every_wins(memo, x, y)))
        };
        memo.insert((a, b), wins);
        wins
    }

    #[test]
    fn remoteness_would_decide_every_sg_wrongly() {
        let mut remoteness = Search::new(&Wythoff, RemotenessPlay { misere: false });
        let by_remoteness = every_sg_outcome(&[remoteness.value(&(1, 2)).unwrap(), remoteness.value(&(2, 2)).unwrap()]);
        assert_eq!(by_remoteness, Outcome::P);
        assert!(every_wins(&mut HashMap::new(), (1, 2), (2, 2)), "yet the first player wins");
    }

    #[test]
    fn every_sg_matches_brute_force() {
        let mut search = Search::new(&Wythoff, SuspensePlay);
        let mut memo = HashMap::new();
        let cells: Vec<(u64, u64)> = (0..5).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
        for &a in &cells {
            for &b in &cells {
                let by_suspense = every_sg_outcome(&[search.value(&a).unwrap(), search.value(&b).unwrap()]);
                let brute = if every_wins(&mut memo, a, b) { Outcome::N } else { Outcome::P };
                assert_eq!(by_suspense, brute, "{a:?} + {b:?}");
            }
        }
    }
}
