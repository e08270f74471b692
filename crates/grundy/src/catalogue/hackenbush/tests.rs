//! Fusion and colon principles against plain search, and hand-derived values.

use super::notation::parse_edge_file;
use super::*;
use crate::game::Notation;
use crate::solve::{analyse_sum, check_closed_form, Search};
use crate::testing::Xorshift;

fn graph(text: &str) -> HackenbushGraph {
    Hackenbush::new().parse_position(text).unwrap()
}

/// A random multigraph on up to `vertices` vertices (0 the ground) with up
/// to `edges` edges: loops, parallel edges and cycles all occur.
fn random_graph(random: &mut Xorshift, vertices: u64, edges: u64) -> HackenbushGraph {
    let count = 1 + random.below(edges);
    HackenbushGraph::new((0..count).map(|_| {
        let a = random.below(vertices) as u32;
        let b = if random.below(8) == 0 { a } else { random.below(vertices) as u32 };
        (a, b)
    }))
}

#[test]
fn the_principles_agree_with_plain_search_on_random_graphs() {
    let mut random = Xorshift::new(30);
    let graphs: Vec<HackenbushGraph> = (0..600).map(|_| random_graph(&mut random, 6, 9)).collect();
    assert!(graphs.iter().any(|g| g.edges().iter().any(|&(a, b)| a == b)), "some loops");
    assert!(graphs.iter().any(|g| g.edges().windows(2).any(|w| w[0] == w[1])), "some parallel edges");
    assert_eq!(check_closed_form(&Hackenbush::new(), graphs).unwrap(), None);
}

#[test]
fn every_winning_move_agrees_with_plain_search() {
    let game = Hackenbush::new();
    let mut random = Xorshift::new(7);
    let mut plain = Search::normal_play(&game);
    let mut closed = Search::closed_form(&game);
    let mut moves_seen = 0;
    for _ in 0..300 {
        let sum = [random_graph(&mut random, 5, 7), random_graph(&mut random, 4, 4)];
        let a = analyse_sum(&mut plain, &sum).unwrap();
        let b = analyse_sum(&mut closed, &sum).unwrap();
        assert_eq!((a.nim_value, &a.winning_moves), (b.nim_value, &b.winning_moves), "{sum:?}");
        moves_seen += a.winning_moves.len();
    }
    assert!(moves_seen > 100, "the sums have winning moves to compare");
}

#[test]
fn decomposing_at_the_ground_keeps_the_value() {
    let game = Hackenbush::new();
    let mut random = Xorshift::new(11);
    for _ in 0..300 {
        let whole = random_graph(&mut random, 6, 9);
        let mut parts = Vec::new();
        game.components(&whole, &mut parts);
        let edges: usize = parts.iter().map(|p| p.edges().len()).sum();
        assert_eq!(edges, whole.edges().len(), "{whole:?} -> {parts:?}");
        let value = parts.iter().fold(0, |x, p| x ^ green_hackenbush_value(p));
        assert_eq!(value, green_hackenbush_value(&whole), "{whole:?} -> {parts:?}");
        assert!(parts.iter().all(|p| {
            let mut again = Vec::new();
            game.components(p, &mut again);
            again.len() == 1
        }));
    }
    let mut parts = Vec::new();
    game.components(&graph("0-0,0-1,1-2,0-3,3-3,0-4,4-0"), &mut parts);
    assert_eq!(parts.len(), 4); // the loop, the stalk 0-1-2, 0-3 with its loop, the pair 0-4
}

/// Winning Ways ch. 7: a stalk of n edges is the nim heap *n.
#[test]
fn stalks_are_nim_heaps() {
    for n in 0..40 {
        let stalk = HackenbushFamily::Path.graph(n);
        assert_eq!(green_hackenbush_value(&stalk), n as u64);
    }
    assert_eq!(Search::normal_play(Hackenbush::new()).nim_value(&HackenbushFamily::Path.graph(9)).unwrap(), 9);
}

/// Values derived by hand from the options (so independent of the
/// principles), for the shapes Winning Ways ch. 7 uses to explain fusion.
#[test]
fn hand_derived_values() {
    // Triangle 0-1-2 on the ground. Cutting 0-1 (or 0-2) leaves a stalk of
    // two, *2; cutting 1-2 leaves two stalks of one, *1 + *1 = 0. mex{2, 0} = 1:
    // an odd cycle is a loop.
    assert_eq!(green_hackenbush_value(&graph("0-1,1-2,2-0")), 1);
    // Square 0-1-2-3 on the ground: each cut leaves a stalk of three or *1 + *2:
    // all options are *3, so the value is 0: an even cycle fuses to a point.
    assert_eq!(green_hackenbush_value(&graph("0-1,1-2,2-3,3-0")), 0);
    // A lollipop: stalk 0-1 under a triangle 1-2-3. Cuts: 0-1 → 0; 1-2 or
    // 3-1 → a stalk of three, *3; 2-3 → a stalk of one with two leaves,
    // (1 ⊕ 1) + 1 = *1. mex{0, 3, 1} = 2, and fusion gives 1 + 1 = 2.
    assert_eq!(green_hackenbush_value(&graph("0-1,1-2,2-3,3-1")), 2);
    // A loop at the ground is *1; a loop on a stalk of one is (1) + 1 = *2.
    assert_eq!(green_hackenbush_value(&graph("0-0")), 1);
    assert_eq!(green_hackenbush_value(&graph("0-1,1-1")), 2);
    // Two parallel edges from the ground: a cycle of two, *0.
    assert_eq!(green_hackenbush_value(&graph("0-1,0-1")), 0);
    for text in ["0-1,1-2,2-0", "0-1,1-2,2-3,3-0", "0-1,1-2,2-3,3-1", "0-0", "0-1,1-1", "0-1,0-1"] {
        let g = graph(text);
        assert_eq!(Search::normal_play(Hackenbush::new()).nim_value(&g).unwrap(), green_hackenbush_value(&g), "{text}");
    }
}

#[test]
fn families_have_their_values() {
    let mut search = Search::normal_play(Hackenbush::new());
    for n in 0..9u32 {
        let star = HackenbushFamily::Star.graph(n);
        let cycle = HackenbushFamily::Cycle.graph(n);
        assert_eq!(star.edges().len(), n as usize);
        assert_eq!(cycle.edges().len(), n as usize);
        let star_value = if n == 0 { 0 } else { ((n as u64 - 1) % 2) + 1 };
        assert_eq!((green_hackenbush_value(&star), search.nim_value(&star).unwrap()), (star_value, star_value));
        let cycle_value = n as u64 % 2;
        assert_eq!((green_hackenbush_value(&cycle), search.nim_value(&cycle).unwrap()), (cycle_value, cycle_value));
    }
}

#[test]
fn the_normal_form_drops_what_fell_and_keeps_the_numbers() {
    assert_eq!(graph("0-1,2-3"), graph("0-1"));
    assert_eq!(graph("3-0"), graph("0-3"));
    // The user's numbers stay, so a cut is seen on the graph as typed.
    assert_eq!(Hackenbush::new().format_position(&graph("0-7,7-3,3-0")), "0-3,0-7,3-7");
    assert_eq!(Hackenbush::new().format_position(&graph("none")), "none");
    assert_eq!(graph("1-2"), HackenbushGraph::default());
    // Cutting a ground edge drops what hangs from it only.
    assert_eq!(graph("0-1,1-2,0-3").cut(0), graph("0-3"));
    // Sparse numbers are valued like dense ones.
    assert_eq!(green_hackenbush_value(&graph("0-5,5-9,9-9")), green_hackenbush_value(&graph("0-1,1-2,2-2")));
    assert_eq!(green_hackenbush_value(&graph("0-4000000000,4000000000-7")), 2);
    assert_eq!(graph("0-4000000000,4000000000-7").vertex_count(), 3);
}

#[test]
fn components_and_winning_cuts_keep_the_numbers() {
    let game = Hackenbush::new();
    let mut components = Vec::new();
    game.components(&graph("0-1,1-2,1-3,2-3,0-4,4-5,4-6,8-9"), &mut components);
    let texts: Vec<String> = components.iter().map(|c| game.format_position(c)).collect();
    assert_eq!(texts, ["0-1,1-2,1-3,2-3", "0-4,4-5,4-6"]);
    // *2 (the triangle on a stalk fuses to a stalk and a loop) + *1: cut
    // the triangle's top, leaving a star worth *1, or a leaf of the second
    // branch, leaving 0-4 and the other leaf, *2.
    let analysis = analyse_sum(&mut Search::closed_form(&game), &components).unwrap();
    let cuts: Vec<String> = analysis.winning_moves.iter().map(|m| game.format_position(&m.option[0])).collect();
    assert_eq!(cuts, ["0-1,1-2,1-3", "0-4,4-6", "0-4,4-5"]);
}

#[test]
fn bad_positions_name_what_and_where() {
    let game = Hackenbush::new();
    let error = |text: &str| game.parse_position(text).unwrap_err().to_string();
    assert!(error("0-1,1").contains("an edge written a-b"), "{}", error("0-1,1"));
    assert!(error("0-x").contains("a vertex number"));
    assert!(error("tree:3").contains("path, star or cycle"));
    assert!(error("path:99999").contains("at most 2048 edges"));
    assert!(error("/nonexistent/graph.txt").contains("cannot read /nonexistent/graph.txt"));
    // Edges that do not start with a digit are no file name ("cannot read
    // a-b: No such file" was all it said).
    assert_eq!(
        error("a-b"),
        "'a-b' is neither edges a-b between numbered vertices nor a file: expected a vertex number, \
         found 'a'"
    );
    let file = parse_edge_file("# a triangle\n0-1\n1-2 # top\n\n2-x\n").unwrap_err().to_string();
    assert_eq!(file, "line 5: expected a vertex number, found 'x'");
    assert_eq!(parse_edge_file("0-1 # ground\n1-2\n\n").unwrap(), graph("0-1,1-2"));
    assert_eq!(Hackenbush::of_family(HackenbushFamily::Cycle).parse_position("3").unwrap(), graph("0-1,1-2,2-0"));
}

/// `can_move` (any edge) says what listing the options says.
#[test]
fn can_move_agrees_with_the_options() {
    let mut random = Xorshift::new(41);
    let game = Hackenbush::new();
    let mut graphs: Vec<HackenbushGraph> = (0..200).map(|_| random_graph(&mut random, 6, 6)).collect();
    graphs.push(graph("1-2"));
    for graph in graphs {
        let mut options = Options::new();
        game.options(&graph, &mut options);
        assert_eq!(game.can_move(&graph), !options.is_empty(), "{graph:?}");
    }
}

/// The tree in which vertex `v` (1..=n) hangs from `parents[v − 1]` (0 the
/// ground, each parent below its child), vertex `v` named `names[v − 1]`.
fn named_tree(parents: &[u32], names: &[u32]) -> HackenbushGraph {
    let name = |v: u32| if v == 0 { 0 } else { names[v as usize - 1] };
    HackenbushGraph::new((1..=parents.len() as u32).map(|v| (name(parents[v as usize - 1]), name(v))))
}

/// A random tree of `n` edges hung from the ground, its vertices numbered by
/// a random permutation of `1..=n`, each name then multiplied by a number
/// up to `spread` (names that meet make it another graph, no tree).
fn random_tree(random: &mut Xorshift, n: u32, spread: u64) -> HackenbushGraph {
    let parents: Vec<u32> = (1..=n).map(|v| random.below(u64::from(v)) as u32).collect();
    let names: Vec<u32> = shuffled(random, n).iter().map(|&v| v * (1 + random.below(spread) as u32)).collect();
    named_tree(&parents, &names)
}

fn shuffled(random: &mut Xorshift, n: u32) -> Vec<u32> {
    let mut names: Vec<u32> = (1..=n).collect();
    for i in (1..names.len()).rev() {
        names.swap(i, random.below(i as u64 + 1) as usize);
    }
    names
}

/// Renumbering by shape forgets the numbers and keeps the tree: two random
/// numberings of one tree give one graph, which has the tree's value (the
/// colon principle) and degrees; renumbering it again changes nothing; a
/// graph with a cycle, loop or parallel edge keeps its own.
#[test]
fn renumbering_by_shape_keeps_the_tree_and_forgets_the_numbers() {
    let mut random = Xorshift::new(41);
    for _ in 0..300 {
        let n = 1 + random.below(30) as u32;
        let parents: Vec<u32> = (1..=n).map(|v| random.below(u64::from(v)) as u32).collect();
        let tree = named_tree(&parents, &shuffled(&mut random, n));
        let names: Vec<u32> = shuffled(&mut random, n).iter().map(|v| 7 * v + 3).collect();
        let renamed = named_tree(&parents, &names);
        let shape = tree.renumbered_by_shape().expect("a tree");
        assert_eq!(renamed.renumbered_by_shape().as_ref(), Some(&shape), "{tree:?} {renamed:?}");
        assert_eq!(shape.renumbered_by_shape().as_ref(), Some(&shape));
        assert_eq!(green_hackenbush_value(&shape), green_hackenbush_value(&tree));
        let degrees = |g: &HackenbushGraph| {
            let mut count = std::collections::BTreeMap::new();
            for &(a, b) in g.edges() {
                *count.entry(a).or_insert(0) += 1;
                *count.entry(b).or_insert(0) += 1;
            }
            let mut degrees: Vec<u32> = count.into_values().collect();
            degrees.sort_unstable();
            degrees
        };
        assert_eq!(degrees(&shape), degrees(&tree));
    }
    for text in ["0-1,1-2,0-2", "0-1,1-1", "0-1,0-1", "0-0"] {
        assert_eq!(graph(text).renumbered_by_shape(), None, "{text}");
    }
}

/// Misère play with forms keyed by shape (what `solve --misere hackenbush`
/// uses) against exact search of the whole sum, on random forests and on
/// random graphs with cycles, loops and parallel edges.
#[test]
fn misere_forms_by_shape_agree_with_exact_search() {
    use crate::solve::misere::{misere_outcome_by_search, MisereSums};
    let game = Hackenbush::new();
    let mut random = Xorshift::new(42);
    let mut sums = MisereSums::new(&game)
        .with_splitter(|game, graph, parts| game.components_by_shape(graph, parts))
        .with_canonical_forms();
    for round in 0..200 {
        let sum: Vec<HackenbushGraph> = (0..1 + random.below(3))
            .map(|_| {
                let n = 1 + random.below(7) as u32;
                match round % 2 {
                    0 => random_tree(&mut random, n, 5),
                    _ => random_graph(&mut random, 5, 6),
                }
            })
            .collect();
        let (outcome, _) = sums.outcome(&sum).unwrap();
        assert_eq!(outcome, misere_outcome_by_search(&game, &sum).unwrap(), "{sum:?}");
    }
}
