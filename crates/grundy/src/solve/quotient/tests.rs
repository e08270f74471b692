use super::*;
use crate::game::Outcome;
use crate::solve::misere::{anti_sg_outcome, misere_outcome_by_search};
use crate::testing::Xorshift;

fn quotient_of(code: &str, to: u64) -> (HeapGame, PartialQuotient) {
    let game = HeapGame::parse(code).unwrap();
    let mut quotient = PartialQuotient::new(&game);
    assert!(quotient.extend(&game, to, Limits::default(), |_| false).unwrap());
    (game, quotient)
}

/// Plambeck, *Taming the wild in impartial combinatorial games* (INTEGERS
/// 5, 2005, §6): the misère quotient of 0.75 has 8 elements,
/// `⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩` with P-portion `{a, b²}`.
#[test]
fn plambecks_quotient_of_075() {
    let (game, quotient) = quotient_of("0.75", 40);
    assert_eq!(quotient.size(), 8);
    let shown = presentation(&quotient);
    assert_eq!(shown.p_portion, ["a", "b^2"]);
    let relations: Vec<String> = shown.relations.iter().map(|(w, v)| format!("{w} = {v}")).collect();
    assert_eq!(relations, ["a^2 = 1", "bc = ab", "c^2 = b^2", "b^3 = b"]);
    assert!(quotient.stability(&game).proven);
}

/// Misère Nim: heaps 1 and 2 give the 6-element quotient of the tame
/// game `⟨a, b | a² = 1, b³ = b⟩`, P = {a, b²} (Plambeck–Siegel 2008, §3),
/// and the quotient of larger heaps agrees with Bouton's misère rule.
#[test]
fn misere_nim_quotients_follow_boutons_rule() {
    let (game, quotient) = quotient_of("nim", 2);
    assert_eq!(quotient.size(), 6);
    let shown = presentation(&quotient);
    assert_eq!(shown.p_portion, ["a", "b^2"]);
    let (_, quotient) = quotient_of("nim", 7);
    let mut random = Xorshift::new(7);
    for _ in 0..500 {
        let heaps: Vec<u64> = (0..1 + random.below(6)).map(|_| random.below(8)).collect();
        let verdict = misere_sum(&game, &quotient, &heaps).unwrap();
        assert_eq!(verdict.outcome, anti_sg_outcome(&heaps), "{heaps:?}");
    }
}

/// The verdict and every winning move equal exact search on thousands of
/// random sums of random octal codes (and of Kayles and Dawson's Kayles).
#[test]
fn quotient_verdicts_equal_exact_search_on_random_codes() {
    let mut random = Xorshift::new(2026);
    let mut codes: Vec<String> = vec!["kayles".into(), "dawsons-kayles".into(), "0.75".into(), "0.6".into()];
    while codes.len() < 24 {
        codes.push(format!("0.{}{}{}", random.below(8), random.below(8), random.below(8)));
    }
    let (mut checked, mut too_large) = (0, Vec::new());
    for code in &codes {
        let Ok(game) = HeapGame::parse(code) else { continue };
        let mut quotient = PartialQuotient::new(&game);
        // A wild code may outgrow the limit: test the heaps it reached.
        if let Err(error) = quotient.extend(&game, 8, Limits { max_elements: 1024, ..Limits::default() }, |_| false) {
            assert!(matches!(error, crate::error::Error::TooLarge { .. }), "{code}: {error}");
            too_large.push(code.clone());
        }
        let to = quotient.last_heap();
        // Every element has a normal form in the generators.
        let shown = presentation(&quotient);
        assert_eq!(shown.elements.len(), quotient.size());
        assert!(shown.elements.iter().filter(|w| *w == "1").count() == 1, "{code}: {:?}", shown.elements);
        for round in 0..120 {
            let heaps: Vec<u64> = (0..1 + random.below(3)).map(|_| random.below(to + 1)).collect();
            let verdict = misere_sum(&game, &quotient, &heaps).unwrap();
            assert_eq!(verdict.method, SumMethod::Quotient);
            assert_eq!(verdict.outcome, misere_outcome_by_search(&game, &heaps).unwrap(), "{code} {heaps:?}");
            checked += 1;
            if round >= 20 {
                continue;
            }
            for (i, &heap) in heaps.iter().enumerate() {
                let mut options = Options::new();
                game.options(&heap, &mut options);
                for option in options.iter() {
                    let mut after = heaps.clone();
                    after.remove(i);
                    after.extend_from_slice(option);
                    let wins = misere_outcome_by_search(&game, &after).unwrap() == Outcome::P;
                    let listed = verdict.winning_moves.iter().any(|m| m.component == i && m.to == option);
                    assert_eq!(wins, listed, "{code} {heaps:?}: move {heap} -> {option:?}");
                }
            }
        }
    }
    assert!(checked >= 2000, "{checked}");
    assert!(too_large.len() < 4, "too many codes outgrew the limit: {too_large:?}");
}

#[test]
fn kayles_sums_of_larger_heaps_equal_exact_search() {
    let (game, quotient) = quotient_of("kayles", 30);
    let mut random = Xorshift::new(30);
    for _ in 0..40 {
        let heaps: Vec<u64> = (0..2 + random.below(2)).map(|_| random.below(11)).collect();
        let verdict = misere_sum(&game, &quotient, &heaps).unwrap();
        assert_eq!(verdict.outcome, misere_outcome_by_search(&game, &heaps).unwrap(), "{heaps:?}");
    }
    // Single heaps up to 24, whose search is still cheap.
    for heap in 0..=24 {
        let verdict = misere_sum(&game, &quotient, &[heap]).unwrap();
        assert_eq!(verdict.outcome, misere_outcome_by_search(&game, &[heap]).unwrap(), "{heap}");
    }
}

#[test]
fn heaps_beyond_the_quotient_fall_back_to_search_with_a_note() {
    let (game, quotient) = quotient_of("kayles", 6);
    let verdict = misere_sum(&game, &quotient, &[3, 8]).unwrap();
    assert_eq!(verdict.method, SumMethod::Search);
    assert!(verdict.note.unwrap().contains("heap 8 is beyond"));
    assert_eq!(verdict.outcome, misere_outcome_by_search(&game, &[3, 8]).unwrap());
}

#[test]
fn a_run_in_pieces_and_a_saved_run_equal_one_run() {
    let game = HeapGame::parse("kayles").unwrap();
    let (_, whole) = quotient_of("kayles", 30);
    let mut pieces = PartialQuotient::new(&game);
    assert!(!pieces.extend(&game, 30, Limits::default(), |heap| heap == 11).unwrap());
    assert_eq!(pieces.last_heap(), 10);
    // A real round trip through a file, in the form `grundy quotient
    // --checkpoint` writes (the transitions are not stored).
    let path = std::env::temp_dir().join(format!("grundy-quotient-roundtrip-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string(&pieces).unwrap()).unwrap();
    let mut resumed: PartialQuotient = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(resumed.transitions.is_empty(), "transitions are recomputed, never stored");
    resumed.validate(&game, Limits::default()).unwrap();
    assert!(resumed.extend(&game, 30, Limits::default(), |_| false).unwrap());
    assert_eq!(resumed, whole);
    // Truncating gives what a shorter run gives (up to numbering).
    let (_, short) = quotient_of("kayles", 12);
    assert_eq!(presentation(&whole.through_heap(12).unwrap()), presentation(&short));
    assert_eq!(whole.through_heap(12).unwrap().size(), short.size());
}

#[test]
fn damaged_or_foreign_quotients_are_refused() {
    let (_, quotient) = quotient_of("kayles", 12);
    let dawson = HeapGame::parse("dawsons-kayles").unwrap();
    assert!(quotient
        .clone()
        .validate(&dawson, Limits::default())
        .unwrap_err()
        .to_string()
        .contains("not 'dawsons-kayles'"));
    let kayles = HeapGame::parse("kayles").unwrap();
    let mut flipped = quotient.clone();
    let x = flipped.p.iter().next().unwrap();
    flipped.p = ElementSet::new(flipped.size());
    flipped.p.insert(if x == 1 { 2 } else { 1 });
    assert!(flipped.validate(&kayles, Limits::default()).unwrap_err().to_string().contains("damaged"));
}

/// The size kept is not the code's own say-so: it is the size of the
/// quotient of Kayles' heaps 1..11 built afresh without the limit, and
/// that quotient is checked against exact search of every sum of up to
/// three heaps ≤ 11 (so a wrong quotient of the right size fails too).
#[test]
fn a_quotient_that_outgrows_its_limit_stops_and_keeps_its_work() {
    let game = HeapGame::parse("kayles").unwrap();
    let mut quotient = PartialQuotient::new(&game);
    let limits = Limits { max_elements: 20, ..Limits::default() };
    let error = quotient.extend(&game, 40, limits, |_| false).unwrap_err().to_string();
    assert!(error.contains("complete through heap 11"), "{error}");
    assert_eq!(quotient.last_heap(), 11);
    let (_, fresh) = quotient_of("kayles", 11);
    assert_eq!(quotient.size(), fresh.size());
    assert_eq!(presentation(&quotient), presentation(&fresh));
    // What was kept fits the limit; heap 12 is where it would not.
    assert!(fresh.size() <= 20);
    for a in 0..=11u64 {
        for b in a..=11 {
            for c in b..=11 {
                let verdict = misere_sum(&game, &quotient, &[a, b, c]).unwrap();
                assert_eq!(verdict.outcome, misere_outcome_by_search(&game, &[a, b, c]).unwrap(), "{a} {b} {c}");
            }
        }
    }
}

/// The limit's flag stops a construction in the middle of a heap: the
/// heaps finished are kept and the quotient goes on from there.
#[test]
fn an_interrupted_quotient_keeps_the_heaps_it_finished() {
    let game = HeapGame::parse("dawsons-kayles").unwrap();
    let flag: &'static std::sync::atomic::AtomicBool = Box::leak(Box::new(std::sync::atomic::AtomicBool::new(false)));
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let limits = Limits { interrupt: Some(flag), ..Limits::default() };
    let mut quotient = PartialQuotient::new(&game);
    // Heap 1 of Dawson's Kayles has no move and needs no guess, so it is
    // kept; the first heap that needs a trial monoid sees the flag.
    let error = quotient.extend(&game, 20, limits, |_| false).unwrap_err();
    assert!(matches!(error, crate::error::Error::Interrupted), "{error}");
    let kept = quotient.last_heap();
    assert!(kept < 20);
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert!(quotient.extend(&game, 12, limits, |_| false).unwrap());
    let (_, whole) = quotient_of("dawsons-kayles", 12);
    assert_eq!(quotient, whole);
}

/// Siegel (Plambeck and Siegel, *Misère quotients for impartial games*,
/// JCTA 2008; MisereSolver) reports that the partial quotient of Dawson's
/// Kayles (0.07) through heap 30 has 360 elements. Run in optimised
/// builds (CI's `cargo test --release`, the `fast` profile: under a second);
/// ignored in debug builds, where it takes minutes.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn dawsons_kayles_q30_has_360_elements() {
    let (_, quotient) = quotient_of("dawsons-kayles", 30);
    assert_eq!(quotient.size(), 360);
    assert_eq!(quotient.growth().last(), Some(&(30, 360)));
}

/// Misère Kayles: 40 elements, proven final once heaps' elements repeat
/// with Kayles' normal-play period 12 from heap 71 (checked to heap 170).
/// Optimised builds only, as above (a few seconds in release).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn kayles_quotient_is_final_with_40_elements() {
    let (game, quotient) = quotient_of("kayles", 170);
    assert_eq!(quotient.size(), 40);
    let stability = quotient.stability(&game);
    assert!(stability.proven);
    assert_eq!((stability.preperiod, stability.period), (Some(71), Some(12)));
}

/// A quotient proven final stays as it is: every code `0.d1d2` whose
/// quotient some heap through 12 proves final has the same size at heap
/// 30. 0.04's quotient of heaps 1..3 (one element: no heap has a move)
/// was "proven final" by the octal argument applied from heap 0, where a
/// split may leave an empty part; heap 4 (to 1 + 1) makes it grow.
#[test]
fn a_quotient_proven_final_does_not_grow() {
    let limits = Limits { max_elements: 256, ..Limits::default() };
    let mut proven = 0;
    for code in 1..64u32 {
        let game = HeapGame::parse(&format!("0.{}{}", code >> 3, code & 7)).unwrap();
        let mut quotient = PartialQuotient::new(&game);
        let mut final_size = None;
        for heap in 1..=30 {
            if quotient.extend(&game, heap, limits, |_| false).is_err() {
                break;
            }
            if heap <= 12 && final_size.is_none() && quotient.stability(&game).proven {
                final_size = Some((heap, quotient.size()));
            }
            if let Some((at, size)) = final_size {
                assert_eq!(quotient.size(), size, "0.{:02o}: proven final at heap {at}, grew by heap {heap}", code);
                proven += 1;
            }
        }
    }
    assert!(proven > 100, "{proven}");
}
