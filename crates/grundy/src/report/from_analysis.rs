//! Reports from the solvers' analyses: each analysis of `solve/` becomes
//! the [`Report`] the front ends print in one place, with positions written
//! in the game's [`Notation`], so that no session maps moves by hand.

use super::answer::{ComponentReport, MoveReport, Report};
use crate::game::{Convention, Notation};
use crate::solve::misere::MisereAnalysis;
use crate::solve::{ClosedAnalysis, Decision, GoalAnalysis, SumAnalysis};

impl Report {
    /// Normal play of a sum ([`crate::solve::analyse_sum`]): the nim-value,
    /// each component's, and every winning move with its option's value.
    ///
    /// ```
    /// use grundy::catalogue::Nim;
    /// use grundy::report::Report;
    /// use grundy::solve::{analyse_sum, Search};
    ///
    /// let analysis = analyse_sum(&mut Search::normal_play(&Nim), &[3, 4, 5]).unwrap();
    /// let report = Report::of_sum("nim", &Nim, &["3".into(), "4".into(), "5".into()], &analysis);
    /// assert_eq!(report.nim_value, Some(2));
    /// assert_eq!((report.winning_moves[0].from.as_str(), &report.winning_moves[0].to[..]), ("3", &["1".to_string()][..]));
    /// ```
    pub fn of_sum<G: Notation>(
        name: &str,
        game: &G,
        positions: &[String],
        analysis: &SumAnalysis<G::Position>,
    ) -> Report {
        let mut report = Report::new(name, Convention::Normal, positions, analysis.outcome);
        report.nim_value = Some(analysis.nim_value);
        for (p, &v) in analysis.components.iter().zip(&analysis.component_values) {
            report
                .components
                .push(ComponentReport { nim_value: Some(v), ..ComponentReport::new(game.format_position(p)) });
        }
        report.winning_moves = analysis
            .winning_moves
            .iter()
            .map(|m| MoveReport {
                component: m.component,
                from: game.format_position(&analysis.components[m.component]),
                to: m.option.iter().map(|p| game.format_position(p)).collect(),
                nim_value: Some(m.option_value),
            })
            .collect();
        report
    }

    /// Misère play of a sum ([`MisereAnalysis`]): how it was decided, each
    /// component's genus (or canonical form) where computed, and every move
    /// to a misère P-position.
    pub fn of_misere<G: Notation>(
        name: &str,
        game: &G,
        positions: &[String],
        analysis: MisereAnalysis<G::Position>,
    ) -> Report {
        let mut report = Report::new(name, Convention::Misere, positions, analysis.outcome);
        report.method = Some(analysis.method);
        report.note = analysis.note;
        // Decided by the misère quotient, a sum has no genera (they would
        // cost an exponential search each).
        let mut genera = analysis.genera.into_iter();
        let mut forms = analysis.canonical_forms.into_iter();
        let mut short_genera = analysis.short_genera.into_iter();
        for component in &analysis.components {
            let genus = genera.next();
            report.components.push(ComponentReport {
                nim_value: genus.as_ref().map(|g| g.nim_value),
                genus,
                misere_canonical_form: forms.next(),
                genus_short: short_genera.next(),
                ..ComponentReport::new(game.format_position(component))
            });
        }
        report.winning_moves = analysis
            .winning_moves
            .iter()
            .map(|m| MoveReport {
                component: m.component,
                from: game.format_position(&analysis.components[m.component]),
                to: m.option.iter().map(|p| game.format_position(p)).collect(),
                nim_value: None,
            })
            .collect();
        report
    }

    /// A race to a goal ([`crate::solve::analyse_goal`]) from `position`:
    /// the outcome and the moves that keep it (drawing moves when drawn).
    pub fn of_goal<G: Notation>(
        name: &str,
        game: &G,
        positions: &[String],
        position: &G::Position,
        analysis: &GoalAnalysis<G::Position>,
    ) -> Report {
        let mut report = Report::new(name, Convention::Goal, positions, analysis.outcome);
        let from = game.format_position(position);
        report.components.push(ComponentReport::new(from.clone()));
        report.set_race_moves(&from, analysis.best_moves.iter().map(|to| game.format_position(to)));
        report
    }

    /// One position decided by its game's closed form
    /// ([`crate::solve::analyse_closed`]): the outcome, the best moves, the
    /// formula's note, and no values.
    ///
    /// ```
    /// use grundy::catalogue::Wythoff;
    /// use grundy::report::Report;
    /// use grundy::solve::analyse_closed;
    ///
    /// let position = (1_000_000_000_000, 1_000_000_000_007);
    /// let analysis = analyse_closed(&Wythoff, &position).unwrap();
    /// let report = Report::of_closed("wythoff", &Wythoff, &["1000000000000,1000000000007".into()], &analysis);
    /// assert_eq!(report.outcome, grundy::game::Outcome::N);
    /// assert_eq!(report.method, Some(grundy::solve::Decision::ClosedForm));
    /// assert!(report.winning_moves.iter().all(|m| m.from == "1000000000000,1000000000007" && m.nim_value == Some(0)));
    /// ```
    pub fn of_closed<G: Notation>(
        name: &str,
        game: &G,
        positions: &[String],
        analysis: &ClosedAnalysis<G::Position>,
    ) -> Report {
        let mut report = Report::new(name, analysis.play, positions, analysis.outcome);
        report.method = Some(Decision::ClosedForm);
        report.note = Some(analysis.note.clone());
        let from = game.format_position(&analysis.position);
        report.components.push(ComponentReport::new(from.clone()));
        let best = analysis.best_moves.iter().map(|to| game.format_position(to));
        if analysis.play == Convention::Normal {
            // A move to a P-position leaves nim-value 0, whatever the
            // values the formula does not give.
            report.winning_moves = best
                .map(|to| MoveReport { component: 0, from: from.clone(), to: vec![to], nim_value: Some(0) })
                .collect();
        } else {
            report.set_race_moves(&from, best);
        }
        report
    }
}
