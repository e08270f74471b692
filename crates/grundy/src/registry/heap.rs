//! Heap games: take-and-break codes and subtraction sets.

use super::description::Description;
use super::normal_game::NormalGame;
use super::playable::Playable;
use super::tabulators::{heap_table, take_and_break_table};
use crate::catalogue::{Listing, Subtraction, MAX_PASSED_HEAP, MAX_SEARCHED_HEAP};
use crate::error::Result;
use crate::game::{parse_number, Game, Options};
use crate::nim::{mex, NimValue};
use crate::solve::heap::HeapGame;
use crate::solve::quotient::{Limits, MisereOracle, PartialQuotient, QuotientOracle};
use crate::solve::Search;
use crate::watch::Poll;

/// The most moves of a heap game's position that are listed: an option is
/// at most three heaps, so twenty million take about half a gigabyte
/// (hexadecimal 0.8888 at heap 3,000 has 3 million; 3,000 `F`s 750 million).
const MAX_HEAP_MOVES_LISTED: usize = 20_000_000;

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
    let game_never_splits = game.never_splits();
    let playable = NormalGame::new(description.text, game, Search::normal_play, Some(take_and_break_table));
    let listing = |game: &HeapGame, &heap: &u64| Listing { moves: game.option_count(heap), coins: 0 };
    let playable = playable.with_misere_quotient(quotient);
    // (A code that never splits values a far heap's few options with it:
    // its winning moves are listed too.)
    let playable = match game_never_splits {
        true => playable.with_known_values_of_options(heap_values),
        false => playable.with_known_values(heap_values),
    };
    let playable = playable.with_searched_limit(|game, &heap| game.check_searched(heap));
    Ok(Box::new(playable.with_listing_of(listing, MAX_HEAP_MOVES_LISTED)))
}

/// A subtraction game. Normal-play values come from one pass over the heaps
/// ([`subtraction_values`]); misère sums are decided as the same game
/// written as a take-and-break code decides them (each `s` a digit 3): by
/// the tame rule where every heap is proven tame, linear in the heap, and
/// by its misère quotient (`solve --misere subtraction:1,3,4 1000000 7`
/// searched for minutes; `0.3033`, the same game, answered at once).
pub(super) fn subtraction_game(description: &Description) -> Result<Box<dyn Playable>> {
    let set = subtraction_set(description.parameters.unwrap_or_default())?;
    // (A code has places up to 10^6; a set past them keeps the general
    // misère methods, as before.)
    let as_code = HeapGame::subtraction(&set).ok();
    let game = Subtraction::new(set)?;
    let game = NormalGame::new(description.text, game, Search::normal_play, Some(heap_table::<Subtraction>))
        .with_known_values_of_options(subtraction_values)
        .with_searched_limit(|game, &heap| game.check_searched(heap));
    Ok(match as_code {
        Some(code) => Box::new(game.with_misere_oracle(Box::new(QuotientOracle::on_the_fly(code)))),
        None => Box::new(game),
    })
}

/// Past [`SEARCHED_HEAPS`], the values of heaps `0..=n` (the largest heap
/// asked about) from the game's sequence, by its fastest method: the search
/// of splits is quadratic in the heap (`solve 0.137 20000` took 5.7 s),
/// the sequence of 0.137 to 100,000 well under a second. Past the heaps a
/// search takes, only the heaps asked about, from a proven period (their
/// value alone is asked: [`HeapGame::check_searched`]), and for a code
/// that never splits, their options too (their winning moves are asked).
fn heap_values(game: &HeapGame, heaps: &[u64]) -> Result<Vec<(u64, NimValue)>> {
    let last = heaps.iter().copied().max().unwrap_or(0);
    if last <= SEARCHED_HEAPS {
        return Ok(Vec::new());
    }
    if last > MAX_SEARCHED_HEAP {
        let needed = match game.never_splits() {
            true => with_their_options(game, heaps),
            false => heaps.to_vec(),
        };
        let values = crate::solve::heap::nim_values_of_heaps(game, &needed, PERIOD_PROOF_HEAPS)?;
        return Ok(needed.into_iter().zip(values).collect());
    }
    let values = crate::solve::heap::nim_values(game, last as usize)?;
    Ok((0..=last).map(|heap| (heap, NimValue::from(values.get(heap as usize)))).collect())
}

/// `heaps` and every heap of their options, for a game whose moves leave
/// one heap at most (a subtraction set, a code that never splits): the
/// values that name each heap's winning moves.
fn with_their_options<G: Game<Position = u64>>(game: &G, heaps: &[u64]) -> Vec<u64> {
    let mut needed = heaps.to_vec();
    let mut options = Options::new();
    for heap in heaps {
        options.clear();
        game.options(heap, &mut options);
        needed.extend(options.iter().flatten().copied());
    }
    needed
}

/// How far the sequence is computed to prove a period that values a heap
/// past [`MAX_SEARCHED_HEAP`]: 0.16's period, 149,459 from heap 105,350
/// (Gangolli and Plambeck 1989), is proven by heap 2¹⁹ or so.
const PERIOD_PROOF_HEAPS: usize = 1 << 20;

/// Past [`SEARCHED_HEAPS`], the values a question about a subtraction game
/// needs — each heap asked about and every heap one move below it — from
/// one pass over the heaps below (four bytes a heap, dropped after). The
/// search's memo took 240 bytes a heap: `solve subtraction:1 10000000`
/// took 2.4 GB and 20 s. Past [`MAX_PASSED_HEAP`], the same heaps from the
/// period the game's sequence proves, written as a heap code
/// ([`Subtraction::valued_at_any_size`]).
pub(super) fn subtraction_values(game: &Subtraction, heaps: &[u64]) -> Result<Vec<(u64, NimValue)>> {
    let last = heaps.iter().copied().max().unwrap_or(0);
    if last <= SEARCHED_HEAPS {
        return Ok(Vec::new());
    }
    let needed = with_their_options(game, heaps);
    if last > MAX_PASSED_HEAP {
        let code = HeapGame::subtraction(game.set())?;
        let values = crate::solve::heap::nim_values_of_heaps(&code, &needed, PERIOD_PROOF_HEAPS)?;
        return Ok(needed.into_iter().zip(values).collect());
    }
    let bytes = (last as u128 + 1) * 4;
    crate::watch::charge("the values of a subtraction game's heaps", bytes)?;
    crate::watch::check_growth(bytes as u64)?;
    // (A value is at most the size of the set: four bytes hold it.)
    let mut values: Vec<u32> = Vec::with_capacity(last as usize + 1);
    let mut options: Vec<NimValue> = Vec::with_capacity(game.set().len());
    let mut poll = Poll::every(1 << 16);
    for heap in 0..=last {
        poll.step()?;
        options.clear();
        let below = game.set().iter().take_while(|&&take| take <= heap);
        options.extend(below.map(|&take| NimValue::from(values[(heap - take) as usize])));
        values.push(mex(&options) as u32);
    }
    Ok(needed.into_iter().map(|heap| (heap, NimValue::from(values[heap as usize]))).collect())
}

/// Heaps up to this are searched (a few milliseconds).
const SEARCHED_HEAPS: u64 = 1000;

/// The set of `subtraction:S`.
pub(super) fn subtraction_set(text: &str) -> Result<Vec<u64>> {
    text.split(',').map(|s| parse_number(s, "a number in the subtraction set")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::RuleOptions;
    use crate::report::Report;
    use crate::solve::analyse_sum;

    /// The session's report on `heaps` (value, every winning move) against
    /// the plain search of `game`, which values every heap and split itself.
    fn matches_the_plain_search<G: crate::game::Game<Position = u64>>(description: &str, game: &G, heaps: &[u64]) {
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let session = crate::registry::game(description, &RuleOptions::default()).unwrap();
        let report = session.solve(&texts).unwrap();
        let plain = analyse_sum(&mut Search::normal_play(game), heaps).unwrap();
        assert_eq!(report.nim_value, Some(plain.nim_value), "{description} {heaps:?}");
        let found: Vec<Vec<String>> = report.winning_moves.iter().map(|m| m.to.clone()).collect();
        let expected: Vec<Vec<String>> =
            plain.winning_moves.iter().map(|m| m.option.iter().map(u64::to_string).collect()).collect();
        assert_eq!(found, expected, "{description} {heaps:?}");
        assert!(!found.is_empty() || plain.nim_value == 0);
    }

    /// Past `SEARCHED_HEAPS` the session takes the heaps' values from the
    /// sequence.
    #[test]
    fn big_heaps_valued_by_the_sequence_match_the_search_of_splits() {
        for (code, heaps) in [("0.137", vec![3000]), ("0.6", vec![1500, 2222]), ("4.007", vec![1200, 7])] {
            matches_the_plain_search(code, &HeapGame::parse(code).unwrap(), &heaps);
        }
    }

    /// A heap past the searched limit is read (its value may come from a
    /// period), but what would list its options refuses it at once: the
    /// notation's check listed heap 5,000,000's options for minutes.
    #[test]
    fn far_heaps_are_refused_where_options_are_listed() {
        let session = crate::registry::game("0.137", &RuleOptions::default()).unwrap();
        let error = session.check_notation(&["5000000".to_string()], 200).unwrap_err().to_string();
        assert!(error.contains("heaps are limited to 100000"), "{error}");
        let report = session.solve(&["5000000".to_string()]);
        assert!(report.unwrap_err().to_string().contains("heaps are limited to 100000"));
    }

    /// Checks far heaps of `description` (past `from_heap`) against the
    /// `values` of the definition: the period is found from them the plain
    /// way (each value is the mex of at most the last `window` values, so
    /// two equal windows of them, both past `start`, start equal
    /// sequences), and a far heap must have the value and winning moves of
    /// the heap whole periods back, moved by as much.
    fn far_heaps_match_heaps_periods_back(description: &str, values: &[NimValue], window: usize, from_heap: u64) {
        let mut random = crate::testing::Xorshift::new(27);
        let slice = |at: usize| &values[at..at + window];
        let (start, period) = (window..values.len())
            .find_map(|q| (1..(values.len() - q - window) / 2).find(|&p| slice(q) == slice(q + p)).map(|p| (q, p)))
            .expect("a period within the values");
        let session = crate::registry::game(description, &RuleOptions::default()).unwrap();
        for _ in 0..6 {
            let far = from_heap + 1 + random.below(1 << 40);
            // (Far enough that every move from it stays in the periodic part too.)
            let from = (start + window) as u64;
            let back = from + (far - from) % period as u64;
            let [a, b] = [far, back].map(|heap| session.solve(&[heap.to_string()]).unwrap());
            assert_eq!(a.nim_value, Some(values[back as usize]), "{description} {far}");
            assert_eq!(a.nim_value, b.nim_value);
            let moved = |report: &Report, shift: u64| -> Vec<Vec<u64>> {
                let heaps = |to: &[String]| to.iter().map(|h| h.parse::<u64>().unwrap() + shift).collect();
                report.winning_moves.iter().map(|m| heaps(&m.to)).collect()
            };
            assert_eq!(moved(&a, 0), moved(&b, far - back), "{description} {far}");
            assert_eq!(a.winning_moves.is_empty(), a.nim_value == Some(0));
        }
    }

    /// Past `MAX_PASSED_HEAP` a subtraction game's heaps come from the
    /// period of its sequence.
    #[test]
    fn far_subtraction_heaps_take_the_period_of_the_definition() {
        for set in ["1,3,4", "2,5,7", "3,40", "100,1000,10000", "1,2,6,11"] {
            let game = Subtraction::new(subtraction_set(set).unwrap()).unwrap();
            let window = *game.set().last().unwrap() as usize;
            let values = crate::solve::dense::solve_dense(&game, crate::solve::NormalPlay, 200_000).unwrap();
            far_heaps_match_heaps_periods_back(&format!("subtraction:{set}"), &values, window, MAX_PASSED_HEAP);
        }
    }

    /// A code that never splits (digits 0 to 3) has its far heaps' winning
    /// moves listed too, from the same period.
    #[test]
    fn far_heaps_of_codes_that_never_split_get_their_winning_moves() {
        for code in ["0.3", "0.33", "0.0203", "0.31", "0.3122", "0.0321"] {
            let game = HeapGame::parse(code).unwrap();
            assert!(game.never_splits());
            let values = crate::solve::dense::solve_dense(&game, crate::solve::NormalPlay, 20_000).unwrap();
            far_heaps_match_heaps_periods_back(code, &values, game.digits().len(), MAX_SEARCHED_HEAP);
        }
        assert!(!HeapGame::parse("0.77").unwrap().never_splits());
    }

    /// Subtraction games' heaps past `SEARCHED_HEAPS` come from one pass
    /// over the heaps below.
    #[test]
    fn big_subtraction_heaps_match_the_plain_search() {
        for (set, heaps) in
            [("1", vec![1001]), ("1,3,4", vec![5000, 1002]), ("2,5,7", vec![4321, 999, 12]), ("3,40", vec![2047])]
        {
            let game = Subtraction::new(subtraction_set(set).unwrap()).unwrap();
            matches_the_plain_search(&format!("subtraction:{set}"), &game, &heaps);
        }
    }
}
