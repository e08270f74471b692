//! Sessions of games with normal-play nim-values: sums, every winning
//! move, misère and Every-SG play.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};

use super::goal_game::{refuse_beyond, ReachableBound};
use super::playable::{lock, parse_all, tabulate_or_explain, with_picture, PlayLoop, Playable, Tabulator};
use super::search_game::Asked;
use crate::catalogue::{Listing, MAX_COINS_LISTED, MAX_MOVES_LISTED};
use crate::error::{Error, Result};
use crate::game::{Convention, Decompose, Notation, Outcome};
use crate::nim::NimValue;
use crate::play::{Picture, Session};
use crate::report::{ComponentReport, Report, ValueTable};
use crate::solve::misere::MisereSums;
use crate::solve::quotient::MisereOracle;
use crate::solve::remoteness::{every_sg_outcome, SuspensePlay};
use crate::solve::Splitter;
use crate::solve::{analyse_sum, value_sum, Decision, NormalPlay, Search, DEFAULT_POSITION_LIMIT};

/// How a [`NormalGame`] searches: plain, decomposing, or by closed form.
pub type SearchOf<G> = fn(Arc<G>) -> Search<Arc<G>, NormalPlay>;

/// A game with normal-play nim-values: sums, every winning move, and misère
/// and Every-SG play. It keeps one normal-play search (and its memo) for
/// its whole life.
pub struct NormalGame<G: Notation + Send + Sync + 'static>
where
    G::Position: Debug + Ord + Hash + Send,
{
    name: String,
    game: Arc<G>,
    search: Mutex<Search<Arc<G>, NormalPlay>>,
    misere: Mutex<MisereSums<Arc<G>>>,
    tabulate: Option<Tabulator<G>>,
    picture: Option<Picture<G>>,
    reachable: Option<ReachableBound<G>>,
    /// What `solve` lists: every winning move, unless told less.
    asked: Asked,
    /// How many moves a position has and how many coins they turn, where
    /// that can pass what may be listed ([`Self::with_listing`]).
    listing: Option<ListingSize<G>>,
    /// The most moves a position may have to be listed.
    max_moves: u128,
    /// Values to give the search before it starts.
    known: Option<KnownValues<G>>,
    /// Whether `known` values every option of the positions asked about
    /// too, so that their winning moves need no search
    /// ([`Self::with_known_values_of_options`]).
    known_covers_options: bool,
    /// Why misère play is refused, for a game whose positions are not a
    /// sum of separate games ([`Self::without_misere`]).
    no_misere: Option<&'static str>,
    /// Whether misère sums go by a misère quotient, which a quotient file
    /// (`--quotient`) then replaces ([`Self::with_misere_quotient`]).
    takes_quotient: bool,
    /// Refuses a position too large to search, which only a theorem's
    /// value or outcome may answer ([`Self::with_searched_limit`]).
    searched_limit: Option<SearchedLimit<G>>,
}

/// Refuses a position too large for any search ([`NormalGame::with_searched_limit`]).
pub type SearchedLimit<G> = fn(&G, &<G as crate::game::Game>::Position) -> Result<()>;

/// Values known before any search for the positions `solve` is asked
/// about and what they reach ([`NormalGame::with_known_values`]).
pub type KnownValues<G> =
    fn(&G, &[<G as crate::game::Game>::Position]) -> Result<Vec<(<G as crate::game::Game>::Position, NimValue)>>;

/// How many moves a position has, and what listing them writes.
pub type ListingSize<G> = fn(&G, &<G as crate::game::Game>::Position) -> Listing;

impl<G: Notation + Send + Sync + 'static> NormalGame<G>
where
    G::Position: Debug + Ord + Hash + Send,
{
    /// `search` builds the search to use (plain, decomposing, or closed form);
    /// `tabulate` makes tables, where the game has them.
    pub fn new(name: impl Into<String>, game: G, search: SearchOf<G>, tabulate: Option<Tabulator<G>>) -> Self {
        let game = Arc::new(game);
        NormalGame {
            name: name.into(),
            search: Mutex::new(search(Arc::clone(&game))),
            misere: Mutex::new(MisereSums::new(Arc::clone(&game))),
            game,
            tabulate,
            picture: None,
            reachable: None,
            asked: Asked::WinningMoves,
            listing: None,
            max_moves: MAX_MOVES_LISTED as u128,
            known: None,
            known_covers_options: false,
            no_misere: None,
            takes_quotient: false,
            searched_limit: None,
        }
    }

    /// Refuses misère play (`solve` and `play`), saying `why`: for a game
    /// whose rules make equal pieces cancel (the Bomb Game's bombs
    /// annihilate in pairs). Normal play does not see that rule, since
    /// `G + G = 0` there; misère play does (`G + G` is no empty board),
    /// and a sum of separate games would answer another game.
    pub fn without_misere(mut self, why: &'static str) -> Self {
        self.no_misere = Some(why);
        self
    }

    fn check_convention(&self, play: Convention) -> Result<()> {
        match (play, self.no_misere) {
            (Convention::Misere, Some(why)) => {
                Err(Error::Unsupported { game: self.name.clone(), question: "misère play".into(), why: why.into() })
            }
            _ => Ok(()),
        }
    }

    /// Refuses positions from which `bound` says more positions may be
    /// reached than the search remembers ([`DEFAULT_POSITION_LIMIT`]),
    /// before any search: a queen far out on the quarter plane would
    /// otherwise fill memory before the limit is checked.
    pub fn with_reachable_bound(mut self, bound: ReachableBound<G>) -> Self {
        self.reachable = Some(bound);
        self
    }

    fn check_sizes(&self, positions: &[String]) -> Result<()> {
        let Some(bound) = self.reachable else { return Ok(()) };
        positions.iter().try_for_each(|text| {
            let position = self.game.parse_position(text)?;
            refuse_beyond(|cap| bound(&self.game, &position, cap), text, "the search", DEFAULT_POSITION_LIMIT)
        })
    }

    /// Refuses to list the moves of a position with more than
    /// [`MAX_MOVES_LISTED`] of them, or whose options hold more than
    /// [`MAX_COINS_LISTED`] coins together (`count` says), before listing
    /// any: a row of a thousand coins in Mock Turtles has 166 million
    /// moves, Ruler × Ruler at `(1000, 1000)` a million that turn a million
    /// coins each. Its value alone (`--value-only`) is still answered.
    pub fn with_listing(mut self, count: ListingSize<G>) -> Self {
        self.listing = Some(count);
        self
    }

    /// [`Self::with_listing`] with another limit on moves, for a game whose
    /// options are a few numbers each (a heap game's, at most three heaps).
    pub fn with_listing_of(mut self, count: ListingSize<G>, max_moves: usize) -> Self {
        self.listing = Some(count);
        self.max_moves = max_moves as u128;
        self
    }

    /// Gives the search the values `known` finds for the positions asked
    /// about (and what they reach) before each normal-play question.
    pub fn with_known_values(mut self, known: KnownValues<G>) -> Self {
        self.known = Some(known);
        self
    }

    /// [`Self::with_known_values`] where `known` also values every option
    /// of the positions asked about, so that a position past
    /// [`Self::with_searched_limit`] gets its winning moves too.
    pub fn with_known_values_of_options(mut self, known: KnownValues<G>) -> Self {
        self.known = Some(known);
        self.known_covers_options = true;
        self
    }

    /// Positions that `limit` refuses are answered only where a theorem
    /// answers without a search: a normal-play value alone (from the values
    /// [`Self::with_known_values`] gives), or a misère outcome alone that
    /// the misère oracle decides. Everything else refuses them at once:
    /// a heap of 10¹² would be listed option by option.
    pub fn with_searched_limit(mut self, limit: SearchedLimit<G>) -> Self {
        self.searched_limit = Some(limit);
        self
    }

    /// Refuses what [`Self::with_searched_limit`] says no search takes,
    /// whatever the question (for `play` and the notation's check, which
    /// list the options of what they reach).
    fn refuse_unsearchable(&self, positions: &[String]) -> Result<()> {
        let Some(limit) = self.searched_limit else { return Ok(()) };
        parse_all(&*self.game, positions)?.iter().try_for_each(|position| limit(&self.game, position))
    }

    /// [`Self::with_searched_limit`]'s check, unless `play`'s question is
    /// answered by a theorem alone: then `Ok(true)`, and nothing about the
    /// positions may be listed either.
    fn check_searched(&self, positions: &[String], play: Convention) -> Result<bool> {
        let Err(refusal) = self.refuse_unsearchable(positions) else { return Ok(false) };
        let by_theorem = match play {
            Convention::Normal => {
                self.known.is_some() && (self.asked != Asked::WinningMoves || self.known_covers_options)
            }
            _ if self.asked == Asked::WinningMoves => false,
            Convention::Misere => {
                let components = self.misere_components(positions)?;
                lock(&self.misere).decided_by_oracle(&components)
            }
            _ => false,
        };
        match by_theorem {
            true => Ok(true),
            false => Err(refusal),
        }
    }

    /// The normal-play search, told the values [`Self::with_known_values`]
    /// knows, unless it has valued every position asked about already (a
    /// session asked again, `play` asking move after move).
    fn search_knowing(&self, positions: &[G::Position]) -> Result<MutexGuard<'_, Search<Arc<G>, NormalPlay>>> {
        let mut search = lock(&self.search);
        let valued = positions.iter().all(|p| search.knows(p));
        if let (Some(known), false) = (self.known, valued) {
            for (position, value) in known(&self.game, positions)? {
                search.remember(position, value);
            }
        }
        Ok(search)
    }

    /// `normal`: normal play, where `--value-only` answers without the moves.
    fn check_listings(&self, positions: &[String], normal: bool) -> Result<()> {
        let Some(count) = self.listing else { return Ok(()) };
        let what = || {
            format!(
                "listing the moves of this {} position{}",
                crate::error::shortened(&self.name),
                if normal { " (--value-only values it alone)" } else { "" }
            )
        };
        for position in parse_all(&*self.game, positions)? {
            let Listing { moves, coins } = count(&self.game, &position);
            if moves > self.max_moves {
                return Err(Error::TooLarge { what: what(), needed: moves, limit: self.max_moves, unit: "moves" });
            }
            if coins > MAX_COINS_LISTED {
                let unit = "coins in its options";
                return Err(Error::TooLarge { what: what(), needed: coins, limit: MAX_COINS_LISTED, unit });
            }
        }
        Ok(())
    }

    /// Whether the misère rule that decides the sum of `positions` names
    /// every winning move without listing all their options (in normal
    /// play the closed form does: [`Self::closed_form_covers`]). Asked only
    /// of games whose listings may be too long ([`Self::with_listing`]).
    fn misere_rule_finds_moves(&self, positions: &[String], play: Convention) -> Result<bool> {
        if self.listing.is_none() || play != Convention::Misere {
            return Ok(false);
        }
        let components = self.misere_components(positions)?;
        Ok(lock(&self.misere).finds_moves_without_listing(&components))
    }

    /// Whether the closed form values every component of `positions` and
    /// names their options of any value: then normal play searches nothing,
    /// and no bound on what a search may reach applies.
    fn closed_form_covers(&self, positions: &[String]) -> Result<bool> {
        let components = self.components(positions)?;
        let search = lock(&self.search);
        Ok(components.iter().all(|component| search.options_of_value(component, 0).is_some()))
    }

    /// Draws positions with `picture` in `play` (heaps stay numbers without one).
    pub fn with_picture(mut self, picture: Picture<G>) -> Self {
        self.picture = Some(picture);
        self
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// Decides misère sums by `oracle` wherever it covers them (a theorem
    /// such as misère Nim's rule).
    pub fn with_misere_oracle(self, oracle: Box<dyn MisereOracle<G::Position>>) -> Self {
        self.with_misere(|misere| misere.with_quotient(oracle))
    }

    /// Misère canonical forms that split positions with `split`
    /// ([`MisereSums::with_splitter`]): Hackenbush's components renumbered
    /// by their shape.
    pub(crate) fn with_misere_forms_split_by(self, split: Splitter<Arc<G>>) -> Self {
        self.with_misere(|misere| misere.with_splitter(split))
    }

    /// The misère analysis changed by `change`, keeping what was set on it
    /// before (an oracle and a splitter may both be given, in either order).
    fn with_misere(self, change: impl FnOnce(MisereSums<Arc<G>>) -> MisereSums<Arc<G>>) -> Self {
        let misere = self.misere.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        NormalGame { misere: Mutex::new(change(misere)), ..self }
    }

    /// [`Self::with_misere_oracle`] for a misère quotient, the one given
    /// in the options where there is one.
    pub fn with_misere_quotient(self, quotient: Box<dyn MisereOracle<G::Position>>) -> Self {
        NormalGame { takes_quotient: true, ..self.with_misere_oracle(quotient) }
    }

    /// The components of the given positions, split where the game
    /// decomposes. A position that is one component stays as it was
    /// written: its canonical form (a Cram region cropped and turned into
    /// its storage frame, say) is the same game, but the report and its
    /// winning moves should show the user's board.
    fn components(&self, positions: &[String]) -> Result<Vec<G::Position>> {
        let parsed = parse_all(&*self.game, positions)?;
        let search = lock(&self.search);
        Ok(parsed
            .into_iter()
            .flat_map(|p| match search.components(&p) {
                parts if parts.len() == 1 => vec![p],
                parts => parts,
            })
            .collect())
    }

    fn show(&self, position: &G::Position) -> String {
        self.game.format_position(position)
    }

    fn solve_normal(&self, positions: &[String]) -> Result<Report> {
        let parsed = parse_all(&*self.game, positions)?;
        let mut search = self.search_knowing(&parsed)?;
        if self.asked == Asked::WinningMoves {
            let analysis = analyse_sum(&mut search, &parsed)?;
            return Ok(Report::of_sum(&self.name, &*self.game, positions, &analysis));
        }
        let analysis = value_sum(&mut search, &parsed)?;
        let mut report = Report::of_sum(&self.name, &*self.game, positions, &analysis);
        report.note = Some(self.not_listed());
        Ok(report)
    }

    /// The note of a report whose winning moves were not listed.
    fn not_listed(&self) -> String {
        match self.asked {
            Asked::Outcome => "outcome only: winning moves were not searched".into(),
            _ => "value only: winning moves were not searched".into(),
        }
    }

    /// Misère: every component's genus; the tame-genus rule when all are
    /// tame, exact search otherwise; every move to a misère P-position
    /// ([`MisereSums`], kept for the session: each genus computed once).
    fn solve_misere(&self, positions: &[String]) -> Result<Report> {
        let components = self.misere_components(positions)?;
        let mut misere = lock(&self.misere);
        if self.asked == Asked::WinningMoves {
            let analysis = misere.analyse(&components)?;
            return Ok(Report::of_misere(&self.name, &*self.game, positions, analysis));
        }
        let analysis = misere.analyse_without_moves(&components)?;
        let mut report = Report::of_misere(&self.name, &*self.game, positions, analysis);
        report.note = Some(match report.note {
            Some(note) => format!("{}; {note}", self.not_listed()),
            None => self.not_listed(),
        });
        Ok(report)
    }

    /// The components a misère sum is analysed in: the positions as
    /// written where canonical forms split them themselves.
    fn misere_components(&self, positions: &[String]) -> Result<Vec<G::Position>> {
        match lock(&self.misere).forms_decompose() {
            true => parse_all(&*self.game, positions),
            false => self.components(positions),
        }
    }

    /// Every-SG: each component's suspense number; the largest decides.
    ///
    /// The components are the summands as written, never the game's own
    /// decomposition: in Every-SG a player moves in *every* component, so
    /// splitting one Cram board into its regions (or a region at its 2 × 2
    /// squares) would make one move into several and change the outcome
    /// (`cram 2x2` was said to be won by the first player).
    fn solve_every(&self, positions: &[String]) -> Result<Report> {
        let components = parse_all(&*self.game, positions)?;
        let mut search = Search::new(&*self.game, SuspensePlay);
        let mut suspense = Vec::with_capacity(components.len());
        for component in &components {
            suspense.push(search.value(component).map_err(|e| match e {
                Error::SumNotSupported { .. } => Error::Unsupported {
                    game: self.name.clone(),
                    question: "Every-SG play".into(),
                    why: "it needs moves to single positions, and this game splits positions".into(),
                },
                other => other,
            })?);
        }
        let mut report = Report::new(&self.name, Convention::Every, positions, every_sg_outcome(&suspense));
        report.method = Some(Decision::Suspense);
        // (So that an N-position's empty list does not read as "no move wins".)
        report.note = Some("winning moves are not listed for Every-SG: a move changes every component".into());
        for (component, s) in components.iter().zip(&suspense) {
            report
                .components
                .push(ComponentReport { suspense: Some(s.moves), ..ComponentReport::new(self.show(component)) });
        }
        Ok(report)
    }
}

impl<G: Notation + Decompose + Send + Sync + 'static> NormalGame<G>
where
    G::Position: Debug + Ord + Hash + Send,
{
    /// Decides misère sums by misère canonical forms by default, not only
    /// with `--method canonical`, each position's form the sum of its
    /// components' ([`MisereSums::with_decomposition`]): positions are
    /// analysed as written, so a board's winning moves are shown on it.
    pub fn with_misere_canonical_forms(self) -> Self {
        self.with_misere(|misere| misere.with_decomposition().with_canonical_forms())
    }
}

impl<G: Notation + Send + Sync + 'static> Playable for NormalGame<G>
where
    G::Position: Debug + Ord + Hash + Send,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn uses_misere_quotient(&self) -> bool {
        self.takes_quotient
    }

    /// (Positions whose moves are too many to list are refused as `play`
    /// refuses them: the check lists the options of what it reaches.)
    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        self.refuse_unsearchable(positions)?;
        self.check_listings(positions, false)?;
        crate::game::check_round_trips(&*self.game, &parse_all(&*self.game, positions)?, limit)
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        lock(&self.search).set_interrupt(Arc::clone(&flag));
        lock(&self.misere).set_interrupt(flag);
    }

    fn set_asked(&mut self, asked: Asked) {
        self.asked = asked;
    }

    fn set_misere_method(&mut self, method: Decision) -> Result<()> {
        match method {
            Decision::Canonical => {
                lock(&self.misere).use_canonical_forms();
                Ok(())
            }
            _ => Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("misère play by {method}"),
                why: "the method is the library's choice unless it is canonical (canonical forms)".into(),
            }),
        }
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        self.check_convention(play)?;
        let by_theorem = self.check_searched(positions, play)?;
        let closed_form = play == Convention::Normal && self.closed_form_covers(positions)?;
        if !closed_form {
            self.check_sizes(positions)?;
        }
        // Normal play tells a value from the theorem without the moves;
        // misère and Every-SG play look at every option, unless the game's
        // closed form or misère rule names the few that can win.
        let value_alone = play == Convention::Normal && self.asked != Asked::WinningMoves;
        if !(value_alone || closed_form || by_theorem || self.misere_rule_finds_moves(positions, play)?) {
            self.check_listings(positions, play == Convention::Normal)?;
        }
        match play {
            Convention::Normal => self.solve_normal(positions),
            Convention::Misere => self.solve_misere(positions),
            Convention::Every => self.solve_every(positions),
            Convention::Goal | Convention::Loopy => Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("{play} play"),
                why: "its positions have normal-play nim-values: it is neither a race to a goal nor a loopy graph"
                    .into(),
            }),
        }
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        tabulate_or_explain(&self.name, &*self.game, self.tabulate, rows, columns)
    }

    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        self.check_convention(convention)?;
        // (Where the known values cover every option, each sum met in
        // normal play is valued by them as `solve` values it: a far heap of
        // a subtraction set is played from its period.)
        let by_known_values = convention == Convention::Normal && self.known_covers_options;
        let far = match (self.refuse_unsearchable(positions), by_known_values) {
            (Ok(()), _) => false,
            (Err(_), true) => true,
            (Err(refusal), false) => return Err(refusal),
        };
        self.check_sizes(positions)?;
        self.check_listings(positions, false)?;
        // A sum too big to solve whole is judged by this game's own search
        // (its closed form, its decomposition), as `solve` judges it.
        let start = parse_all(&*self.game, positions)?;
        drop(self.search_knowing(&start)?);
        if far {
            // (Past the searched limit the sums below are far too many to
            // explore: a small look, then the known values, sum by sum.
            // Exploring the engine's usual million sums first took 2–4 s
            // and 200 MB from a heap of 10¹².)
            let nim_value = move |sum: &[G::Position]| self.search_knowing(sum)?.nim_value_of_sum(sum);
            let session = Session::with_oracle(&*self.game, start, Box::new(nim_value))?;
            return run(&mut with_picture(session, self.picture));
        }
        // In misère play only a rule is quick enough for that (a theorem, a
        // quotient, tame genera — and what a rule decides, its options'
        // sums are decided by too); where the start needs exact search, a
        // sum too big to solve whole is refused at once instead.
        let by_rule = convention != Convention::Misere
            || matches!(
                lock(&self.misere).method(&start)?,
                Decision::TameGenus | Decision::Quotient | Decision::ClosedForm
            );
        if !by_rule {
            return run(&mut with_picture(Session::new(&*self.game, start, convention)?, self.picture));
        }
        let outcome = move |sum: &[G::Position]| match convention {
            Convention::Misere => lock(&self.misere).outcome(sum).map(|(outcome, _)| outcome),
            _ => self.search_knowing(sum)?.nim_value_of_sum(sum).map(Outcome::of_nim_value),
        };
        let session = Session::with_fallback(&*self.game, start, convention, Box::new(outcome))?;
        run(&mut with_picture(session, self.picture))
    }
}
