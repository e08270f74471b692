//! Checking a closed form against search.

use std::fmt::Debug;

use super::search::Search;
use crate::error::Result;
use crate::game::ClosedForm;

/// Compares a game's [`ClosedForm`] with memoized search on `positions`;
/// returns the first position where they disagree, with both values.
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::solve::check_closed_form;
/// assert_eq!(check_closed_form(&Nim, 0..200).unwrap(), None);
/// ```
pub fn check_closed_form<G: ClosedForm>(
    game: &G,
    positions: impl IntoIterator<Item = G::Position>,
) -> Result<Option<(G::Position, u64, u64)>>
where
    G::Position: Debug,
{
    let mut search = Search::normal_play(game);
    for position in positions {
        let searched = search.nim_value(&position)?;
        let closed = game.closed_nim_value(&position);
        if searched != closed {
            return Ok(Some((position, closed, searched)));
        }
    }
    Ok(None)
}
