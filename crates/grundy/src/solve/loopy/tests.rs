//! Loopy-game solvers against each other and against brute force.

use super::*;
use crate::catalogue::race::ChessPiece;
use crate::game::Indexed;
use crate::game::Outcome;
use crate::solve::{dense::solve_dense, GoalPlay};
use crate::testing::Xorshift;

/// Which labels the stuck positions of a random graph get.
#[derive(Clone, Copy)]
enum Labels {
    LossesAndDraws,
    All,
}

fn random_graph(random: &mut Xorshift, len: usize, labels: Labels) -> Digraph {
    let mut next = |n: u64| random.below(n);
    let mut options = Vec::new();
    let mut stuck = Vec::new();
    for _ in 0..len {
        let degree = next(4);
        let mut list: Vec<u32> = (0..degree).map(|_| next(len as u64) as u32).collect();
        list.sort();
        list.dedup();
        options.push(list);
        stuck.push(match labels {
            Labels::LossesAndDraws => [Outcome::P, Outcome::Draw][next(2) as usize],
            Labels::All => [Outcome::P, Outcome::N, Outcome::Draw][next(3) as usize],
        });
    }
    Digraph::new(options, stuck).unwrap()
}

/// Outcomes by brute force: iterate "won / lost within k moves" to a fixed point.
fn brute_force_outcomes(graph: &Digraph) -> Vec<Outcome> {
    let len = graph.len();
    let mut outcome: Vec<Option<Outcome>> =
        (0..len as u32).map(|u| graph.options(u).is_empty().then(|| graph.stuck_outcome(u))).collect();
    loop {
        let mut changed = false;
        for u in 0..len {
            if outcome[u].is_some() {
                continue;
            }
            let options = graph.options(u as u32);
            if options.iter().any(|&v| outcome[v as usize] == Some(Outcome::P)) {
                outcome[u] = Some(Outcome::N);
                changed = true;
            } else if options.iter().all(|&v| outcome[v as usize] == Some(Outcome::N)) {
                outcome[u] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            return outcome.into_iter().map(|o| o.unwrap_or(Outcome::Draw)).collect();
        }
    }
}

#[test]
fn retrograde_matches_brute_force_on_random_graphs_with_labels() {
    let mut random = Xorshift::new(99);
    for _ in 0..2000 {
        let len = 1 + random.below(12) as usize;
        let graph = random_graph(&mut random, len, Labels::All);
        assert_eq!(retrograde(&graph).unwrap().outcomes, brute_force_outcomes(&graph), "{graph:?}");
    }
}

#[test]
fn generalized_values_give_the_retrograde_outcomes() {
    let mut random = Xorshift::new(7);
    for _ in 0..3000 {
        let len = 1 + random.below(14) as usize;
        let graph = random_graph(&mut random, len, Labels::LossesAndDraws);
        let values = generalized_values(&graph).unwrap();
        let outcomes: Vec<Outcome> = values.iter().map(LoopyValue::outcome).collect();
        assert_eq!(outcomes, retrograde(&graph).unwrap().outcomes, "{graph:?} {values:?}");
    }
}

/// The sum of two graphs as one graph: a move is a move in one component. A
/// stuck draw is written out as what it means, a position that may pass for
/// ever (a move to itself), so the sum's retrograde analysis is independent of
/// how `generalized_values` reads the label.
fn product(a: &Digraph, b: &Digraph) -> Digraph {
    let passes = |g: &Digraph, u: u32| g.options(u).is_empty() && g.stuck_outcome(u) == Outcome::Draw;
    let id = |x: usize, y: usize| (x * b.len() + y) as u32;
    let mut options = Vec::new();
    for x in 0..a.len() {
        for y in 0..b.len() {
            let mut list: Vec<u32> = a.options(x as u32).iter().map(|&x2| id(x2 as usize, y)).collect();
            list.extend(b.options(y as u32).iter().map(|&y2| id(x, y2 as usize)));
            if passes(a, x as u32) || passes(b, y as u32) {
                list.push(id(x, y));
            }
            options.push(list);
        }
    }
    let len = options.len();
    Digraph::new(options, vec![Outcome::P; len]).unwrap()
}

#[test]
fn sums_of_loopy_games_follow_the_infinity_rules() {
    let mut random = Xorshift::new(31);
    let (mut draws, mut both_infinite) = (0, 0);
    for _ in 0..500 {
        let (len_a, len_b) = (1 + random.below(8) as usize, 1 + random.below(8) as usize);
        let a = random_graph(&mut random, len_a, Labels::LossesAndDraws);
        let b = random_graph(&mut random, len_b, Labels::LossesAndDraws);
        let (va, vb) = (generalized_values(&a).unwrap(), generalized_values(&b).unwrap());
        let sum = product(&a, &b);
        let whole = retrograde(&sum).unwrap().outcomes;
        // The sum's values as one graph: the generalized nim-sum of the
        // parts' values (two infinite parts make ∞(∅)).
        let values = generalized_values(&sum).unwrap();
        for x in 0..a.len() {
            for y in 0..b.len() {
                let expected = whole[x * b.len() + y];
                draws += (expected == Outcome::Draw) as usize;
                assert_eq!(sum_outcome(&[va[x].clone(), vb[y].clone()]), expected, "{a:?} + {b:?} at ({x},{y})");
                assert_eq!(va[x].add(&vb[y]), values[x * b.len() + y], "{a:?} + {b:?} at ({x},{y})");
                both_infinite +=
                    matches!((&va[x], &vb[y]), (LoopyValue::Infinite(_), LoopyValue::Infinite(_))) as usize;
            }
        }
    }
    assert!(draws > 100, "the random sums include draws");
    assert!(both_infinite > 100, "and sums of two infinite parts");
}

#[test]
fn a_race_explored_as_a_graph_matches_the_goal_table() {
    let race = ChessPiece::Knight.race();
    let (graph, positions) = Digraph::explore(&race, &[(40, 40)], 1 << 20).unwrap();
    let solved = retrograde(&graph).unwrap();
    let region = race.region(41, 41).unwrap();
    let table = solve_dense(&region, GoalPlay, region.len()).unwrap();
    for (u, cell) in positions.iter().enumerate() {
        assert_eq!(solved.outcomes[u], table[region.index(cell)], "{cell:?}");
    }
}

/// The exploration stops at its deadline, however few positions it found,
/// as play asks where it has values to fall back on (see
/// `play::engine::MAX_EXPLORE_TIME`); without one it goes to the end.
#[test]
fn an_exploration_stops_at_its_deadline() {
    let race = ChessPiece::Knight.race();
    let past = std::time::Instant::now();
    std::thread::sleep(std::time::Duration::from_millis(2));
    let stopped = Digraph::explore_within(&race, &[(40, 40)], 1 << 20, usize::MAX, Some(past)).unwrap_err();
    assert!(matches!(stopped, crate::Error::TooLarge { .. }), "{stopped}");
    assert!(stopped.to_string().contains("positions expanded in the time given"), "{stopped}");
    let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
    let (whole, _) = Digraph::explore_within(&race, &[(40, 40)], 1 << 20, usize::MAX, Some(far)).unwrap();
    assert_eq!(whole, Digraph::explore(&race, &[(40, 40)], 1 << 20).unwrap().0);
}

#[test]
fn a_known_cycle() {
    // 0 ⇄ 1, and 1 → 2 (stuck): 1 wins at once, 0 must move to 1: lost.
    // 3 ⇄ 4 with no way out: both draws, value ∞(∅).
    let graph = Digraph::new(vec![vec![1], vec![0, 2], vec![], vec![4], vec![3]], vec![Outcome::P; 5]).unwrap();
    let values = generalized_values(&graph).unwrap();
    assert_eq!(values[0], LoopyValue::Finite(0));
    assert_eq!(values[1], LoopyValue::Finite(1));
    assert_eq!(values[3].to_string(), "∞()");
    assert_eq!(retrograde(&graph).unwrap().outcomes[3], Outcome::Draw);
    let stuck_draw = generalized_values(&Digraph::new(vec![vec![]], vec![Outcome::Draw]).unwrap()).unwrap();
    assert_eq!(stuck_draw[0].to_string(), "∞()", "a stuck draw plays on for ever, like 3 ⇄ 4");
    assert!(generalized_values(&Digraph::new(vec![vec![]], vec![Outcome::N]).unwrap()).is_err());
}

/// The command line solves only what its positions reach: those values must
/// be the whole graph's (a position's value depends on nothing else).
#[test]
fn values_of_the_reachable_part_are_the_whole_graphs() {
    let mut random = Xorshift::new(26);
    for _ in 0..2000 {
        let len = 1 + random.below(16) as usize;
        let graph = random_graph(&mut random, len, Labels::LossesAndDraws);
        let whole = generalized_values(&graph).unwrap();
        let start = random.below(len as u64) as u32;
        let part = SolvedGraph::for_positions(&graph, &[start]).unwrap();
        let values = part.values.as_ref().unwrap();
        let mut seen = vec![false; len];
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            if std::mem::replace(&mut seen[u as usize], true) {
                continue;
            }
            assert_eq!(values.get(&graph, u), whole[u as usize], "{graph:?} from {start}, at {u}");
            stack.extend(graph.options(u));
        }
        assert_eq!(part.retrograde, retrograde(&graph).unwrap());
    }
}
