//! The dense bottom-up table solver for [`Indexed`] games.

use super::rule::Rule;
use crate::error::{Error, Result};
use crate::game::{Indexed, Options};

/// The largest table the solver agrees to build, in positions: 10⁸ values
/// (0.8 GB of nim-values), so that a request too large for the machine is
/// refused with a clear error instead of being killed for memory.
pub const MAX_DENSE_POSITIONS: usize = 100_000_000;

/// Values the positions numbered `0..len` of an [`Indexed`] game, in order.
///
/// Because every option of position `i` is numbered below `i`, its value is
/// already in the table when `i` is reached: one pass, a plain array, no
/// hashing. Errors if the numbering breaks that promise.
///
/// ```
/// use grundy::catalogue::Subtraction;
/// use grundy::solve::{dense::solve_dense, NormalPlay};
///
/// let game = Subtraction::new(vec![1, 3, 4]).unwrap();
/// let values = solve_dense(&game, NormalPlay, 10).unwrap();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
/// ```
pub fn solve_dense<G: Indexed, R: Rule<G>>(game: &G, rule: R, len: usize) -> Result<Vec<R::Value>> {
    if len > MAX_DENSE_POSITIONS {
        return Err(Error::TooLarge {
            what: "the table".into(),
            needed: len as u128,
            limit: MAX_DENSE_POSITIONS as u128,
            unit: "positions",
        });
    }
    crate::watch::charge("the table", len as u128 * std::mem::size_of::<R::Value>() as u128)?;
    crate::watch::stage("valuing the table's positions");
    let mut table: Vec<R::Value> = Vec::new();
    table.try_reserve_exact(len).map_err(|_| Error::TooLarge {
        what: "the table (out of memory)".into(),
        needed: len as u128,
        limit: table.capacity() as u128,
        unit: "positions",
    })?;
    let mut options = Options::new();
    let mut option_values = Vec::new();
    // The current watch ([`crate::Watch`]) may stop a big table midway.
    let mut poll = crate::watch::Poll::new();
    for index in 0..len {
        let position = game.position(index);
        options.clear();
        game.options(&position, &mut options);
        // Weighed by its options: a far cell of the Bomb Game has hundreds
        // of thousands, and 4,096 of them between looks were seconds deaf
        // to Ctrl-C.
        poll.step_weighing(options.len())?;
        option_values.clear();
        if options.all_single() {
            // Every option is a single position (leapers, riders, heaps):
            // no sums to combine, so read each option's value directly.
            for part in options.parts() {
                let option = game.index(part);
                if option >= index {
                    return Err(Error::NotTopological { index, option });
                }
                option_values.push(rule.option_value(std::iter::once(table[option])).ok_or_else(sum_error(index))?);
            }
        } else {
            for parts in options.iter() {
                let mut earlier = true;
                let value = rule.option_value(parts.iter().map(|part| {
                    let option = game.index(part);
                    earlier &= option < index;
                    // A stand-in that is never read: the error below wins.
                    if option < index {
                        table[option]
                    } else {
                        table[0]
                    }
                }));
                if !earlier {
                    let option = parts.iter().map(|p| game.index(p)).find(|&o| o >= index).unwrap_or(index);
                    return Err(Error::NotTopological { index, option });
                }
                option_values.push(value.ok_or_else(sum_error(index))?);
            }
        }
        table.push(rule.position_value(game, &position, &option_values));
    }
    Ok(table)
}

fn sum_error(index: usize) -> impl FnOnce() -> Error {
    move || {
        Error::InvalidGame(format!(
            "position number {index} has an option that is a sum, which this kind of play cannot value"
        ))
    }
}
