//! Heap games: take-and-break codes and subtraction sets.

use super::description::Description;
use super::normal_game::NormalGame;
use super::playable::Playable;
use super::tabulators::take_and_break_table;
use crate::error::Result;
use crate::game::parse_number;
use crate::solve::heap::HeapGame;
use crate::solve::quotient::{Limits, MisereOracle, PartialQuotient, QuotientOracle};
use crate::solve::Search;

/// Take-and-break codes and the named heap games (see [`HeapGame::parse`]).
/// Misère sums of heaps are decided by the game's misère quotient where it
/// covers them: the one given in the options, or one computed as needed
/// (for Kayles, the Sibert–Conway decomposition, which covers every heap).
pub(super) fn heap_game(description: &Description) -> Result<Box<dyn Playable>> {
    let game = HeapGame::parse(description.text)?;
    let quotient: Box<dyn MisereOracle<u64>> = match &description.options.misere_quotient {
        Some(quotient) => {
            let mut quotient = PartialQuotient::clone(quotient);
            quotient.validate(&game, Limits::default())?;
            Box::new(QuotientOracle::fixed(game.clone(), quotient))
        }
        // Kayles is solved for every heap (Sibert and Conway, 1992).
        None if game.code() == "0.77" => Box::new(crate::solve::misere::kayles::SibertConway),
        None => Box::new(QuotientOracle::on_the_fly(game.clone())),
    };
    let playable = NormalGame::new(description.text, game, Search::normal_play, Some(take_and_break_table));
    Ok(Box::new(playable.with_misere_quotient(quotient)))
}

/// The set of `subtraction:S`.
pub(super) fn subtraction_set(text: &str) -> Result<Vec<u64>> {
    text.split(',').map(|s| parse_number(s, "a number in the subtraction set")).collect()
}
