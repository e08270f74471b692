//! Outcome and winning moves of a sum, the question players ask.

use std::fmt::Debug;

use serde::Serialize;

use super::rule::{GoalPlay, NormalPlay};
use super::search::Search;
use crate::error::Result;
use crate::game::{ClosedOutcome, Convention, Game, Goal, Options, Outcome};
use crate::nim::NimValue;

/// A winning move in a sum: move in one component to one of its options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningMove<P> {
    /// Which component (an index into [`SumAnalysis::components`]).
    pub component: usize,
    /// The option moved to: a sum of zero or more positions.
    pub option: Vec<P>,
    /// The nim-value of that option. The whole sum is left at nim-value 0.
    pub option_value: NimValue,
}

/// Everything normal play says about a sum of positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumAnalysis<P> {
    /// The components, after splitting by the search's decomposition.
    pub components: Vec<P>,
    /// Each component's nim-value.
    pub component_values: Vec<NimValue>,
    /// The nim-value of the sum: the nim-sum of the components' values.
    pub nim_value: NimValue,
    pub outcome: Outcome,
    /// Every move to a P-position (empty when the sum is itself one).
    pub winning_moves: Vec<WinningMove<P>>,
}

/// Values the sum of `positions` and lists **all** its winning moves.
///
/// With total nim-value `x`, a move in a component of value `g` wins exactly
/// when it goes to an option of value `g ⊕ x`: then the sum is left at 0.
/// Every option of every component is checked, so moves to options of
/// higher value (reversible ones) are found too — or found at once, where
/// the game's closed form names the options of a value
/// ([`crate::game::ClosedForm::options_of_value`]: Nim's heap of 10^18).
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::solve::{analyse_sum, Search};
///
/// let mut search = Search::normal_play(&Nim);
/// let analysis = analyse_sum(&mut search, &[3, 4, 5]).unwrap();
/// assert_eq!(analysis.nim_value, 2);
/// // The only winning move: take 2 from the heap of 3.
/// assert_eq!(analysis.winning_moves.len(), 1);
/// assert_eq!(analysis.winning_moves[0].component, 0);
/// assert_eq!(analysis.winning_moves[0].option, [1]);
/// ```
pub fn analyse_sum<G: Game>(
    search: &mut Search<G, NormalPlay>,
    positions: &[G::Position],
) -> Result<SumAnalysis<G::Position>>
where
    G::Position: Debug,
{
    let mut analysis = value_sum(search, positions)?;
    if analysis.nim_value != 0 {
        crate::watch::stage("listing the winning moves");
        // Each option is valued (by search or closed form): a big
        // component's options are many and slow, so the watch is polled.
        let mut poll = crate::watch::Poll::every(1);
        let mut options = Options::new();
        for (index, component) in analysis.components.iter().enumerate() {
            let target = analysis.component_values[index] ^ analysis.nim_value;
            if let Some(found) = search.options_of_value(component, target) {
                analysis.winning_moves.extend(found.into_iter().map(|option| WinningMove {
                    component: index,
                    option: vec![option],
                    option_value: target,
                }));
                continue;
            }
            options.clear();
            search.game().options(component, &mut options);
            for option in options.distinct() {
                poll.step()?;
                let mut value = 0;
                for part in option {
                    value ^= search.value(part)?;
                }
                if value == target {
                    analysis.winning_moves.push(WinningMove {
                        component: index,
                        option: option.to_vec(),
                        option_value: value,
                    });
                }
            }
        }
    }
    Ok(analysis)
}

/// [`analyse_sum`] without the winning moves: the components' nim-values
/// and their nim-sum. Listing the moves values every option of every
/// component, which for a big position (a row of a thousand coins has
/// 166 million moves in Mock Turtles) is far more than its value costs.
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::solve::{value_sum, Search};
///
/// let analysis = value_sum(&mut Search::normal_play(&Nim), &[3, 4, 5]).unwrap();
/// assert_eq!(analysis.nim_value, 2);
/// assert!(analysis.winning_moves.is_empty()); // not listed
/// ```
pub fn value_sum<G: Game>(
    search: &mut Search<G, NormalPlay>,
    positions: &[G::Position],
) -> Result<SumAnalysis<G::Position>>
where
    G::Position: Debug,
{
    let components: Vec<G::Position> = positions.iter().flat_map(|p| search.components(p)).collect();
    let mut component_values = Vec::with_capacity(components.len());
    for component in &components {
        component_values.push(search.value_of_parts(std::slice::from_ref(component))?);
    }
    let nim_value = component_values.iter().fold(0, |x, v| x ^ v);
    Ok(SumAnalysis {
        components,
        component_values,
        nim_value,
        outcome: Outcome::of_nim_value(nim_value),
        winning_moves: Vec::new(),
    })
}

/// Everything a race to a goal says about one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoalAnalysis<P> {
    pub outcome: Outcome,
    /// The moves that keep the best result: to a P-position when the player
    /// to move wins, to a draw when the best is a draw; empty when lost.
    pub best_moves: Vec<P>,
}

/// The outcome of one position of a race to a goal, and its best moves.
pub fn analyse_goal<G: Goal>(
    search: &mut Search<G, GoalPlay>,
    position: &G::Position,
) -> Result<GoalAnalysis<G::Position>>
where
    G::Position: Debug,
{
    let outcome = search.outcome(position)?;
    let wanted = match outcome {
        Outcome::N => Some(Outcome::P),
        Outcome::Draw => Some(Outcome::Draw),
        Outcome::P => None,
    };
    let mut best_moves = Vec::new();
    if let Some(wanted) = wanted {
        let mut options = Options::new();
        search.game().options(position, &mut options);
        for option in options.distinct() {
            if search.value_of_parts(option)? == wanted {
                best_moves.extend(option.iter().cloned());
            }
        }
    }
    Ok(GoalAnalysis { outcome, best_moves })
}

/// What a closed form says about one position: its outcome and best moves,
/// without values ([`ClosedOutcome`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClosedAnalysis<P> {
    pub position: P,
    /// The convention of the outcome: normal play, or a race's goal play.
    pub play: Convention,
    pub outcome: Outcome,
    /// The moves that keep the best result: to a P-position when the player
    /// to move wins, to a draw when the best is a draw; empty when lost.
    pub best_moves: Vec<P>,
    /// Where the formula comes from (for a report's note).
    pub note: String,
}

/// The outcome and best moves of `position` by the game's closed form, if
/// it covers the position: far past what search reaches.
///
/// ```
/// use grundy::catalogue::Wythoff;
/// use grundy::solve::analyse_closed;
/// use grundy::game::Outcome;
///
/// // Heaps of 10^12 and 10^12 + 10^11: three winning moves, found from the
/// // P-positions (⌊kφ⌋, ⌊kφ⌋ + k) alone.
/// let n = 1_000_000_000_000;
/// let analysis = analyse_closed(&Wythoff, &(n, n + n / 10)).unwrap();
/// assert_eq!(analysis.outcome, Outcome::N);
/// // One of them takes from both heaps to the pair of difference k = 10^11:
/// // ⌊10^11 φ⌋ = 161803398874 (φ = 1.6180339887498948…).
/// assert!(analysis.best_moves.contains(&(161_803_398_874, 261_803_398_874)));
/// assert!(analysis.best_moves.iter().all(|&(x, y)| Wythoff::is_p_position(x, y)));
/// // The pair itself is a P-position: no move wins.
/// let lost = analyse_closed(&Wythoff, &(161_803_398_874, 261_803_398_874)).unwrap();
/// assert_eq!((lost.outcome, lost.best_moves.len()), (Outcome::P, 0));
/// ```
pub fn analyse_closed<G: ClosedOutcome>(game: &G, position: &G::Position) -> Option<ClosedAnalysis<G::Position>> {
    Some(ClosedAnalysis {
        position: position.clone(),
        play: game.closed_play(),
        outcome: game.closed_outcome(position)?,
        best_moves: game.closed_best_moves(position)?,
        note: game.closed_outcome_note(),
    })
}
