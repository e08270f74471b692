//! A sum of positions as a position of its own.

use super::{Game, Options};

/// The disjunctive sum of a game with itself, any number of times: a
/// position is a multiset of component positions (kept sorted, so that equal
/// sums are equal positions), and a move is a move in one component.
///
/// Normal play never needs this: the nim-value of a sum is the nim-sum of
/// its parts. Misère play does, because misère values do not add; the
/// misère solver searches sums as whole positions through this adapter.
/// Components that have no options are dropped: they can never be moved in
/// and so change nothing under either convention.
///
/// ```
/// use grundy::game::{Game, Options, SumGame};
/// use grundy::catalogue::Nim;
///
/// let sums = SumGame::new(&Nim);
/// let mut options = Options::new();
/// sums.options(&vec![1, 2], &mut options);
/// // From 1 + 2: take the 1; or take 1 or 2 from the 2.
/// let found: Vec<_> = options.iter().map(|o| o.to_vec()).collect();
/// assert_eq!(found, [vec![vec![2]], vec![vec![1, 1]], vec![vec![1]]]);
/// ```
///
/// It owns `G`, which may be a reference (`SumGame::new(&Nim)`).
pub struct SumGame<G> {
    game: G,
}

impl<G: Game> SumGame<G>
where
    G::Position: Ord,
{
    pub fn new(game: G) -> Self {
        SumGame { game }
    }

    /// The canonical sum of `components`: sorted, stuck components dropped.
    pub fn canonical(&self, components: impl IntoIterator<Item = G::Position>) -> Vec<G::Position> {
        let mut sum: Vec<G::Position> = components.into_iter().filter(|c| self.game.can_move(c)).collect();
        sum.sort();
        sum
    }
}

impl<G: Game> Game for SumGame<G>
where
    G::Position: Ord,
{
    type Position = Vec<G::Position>;

    fn options(&self, sum: &Vec<G::Position>, options: &mut Options<Vec<G::Position>>) {
        // Whether each component can move is the same for every option:
        // decide it once here, not again for each sum built below (this is
        // the inner loop of exact misère search).
        let live: Vec<bool> = sum.iter().map(|c| self.game.can_move(c)).collect();
        let mut component_options = Options::new();
        for (i, component) in sum.iter().enumerate() {
            // Equal components have equal options: expand each value once.
            if i > 0 && sum[i - 1] == *component {
                continue;
            }
            component_options.clear();
            self.game.options(component, &mut component_options);
            for replacement in component_options.iter() {
                let mut next: Vec<G::Position> =
                    sum.iter().enumerate().filter(|&(j, _)| j != i && live[j]).map(|(_, c)| c.clone()).collect();
                next.extend(replacement.iter().filter(|p| self.game.can_move(p)).cloned());
                next.sort();
                options.push(next);
            }
        }
    }
}
