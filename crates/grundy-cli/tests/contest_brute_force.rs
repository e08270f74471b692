//! Every contest problem against an independent brute-force solution,
//! written here from the problem statement alone (no engine code), on
//! random inputs and on edge cases.

mod common;
use std::collections::HashMap;

use common::{contest, Random};

// ---------------------------------------------------------------- Bomb Game

/// Literal play on the set of bombs, with annihilation, memoized on the set.
fn bomb_first_player_wins(memo: &mut HashMap<Vec<(u32, u32)>, bool>, bombs: Vec<(u32, u32)>) -> bool {
    if let Some(&w) = memo.get(&bombs) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..bombs.len() {
        let (p, q) = bombs[i];
        let mut results: Vec<Vec<(u32, u32)>> = Vec::new();
        if p > 1 && q > 1 {
            for u in 1..p {
                for v in 1..q {
                    results.push(vec![(u, q), (p, v)]);
                }
            }
        } else if p == 1 && q > 1 {
            results.extend((1..q).map(|v| vec![(1, v)]));
        } else if q == 1 && p > 1 {
            results.extend((1..p).map(|u| vec![(u, 1)]));
        }
        for added in results {
            let mut next: Vec<(u32, u32)> =
                bombs.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &b)| b).collect();
            for cell in added {
                if cell == (1, 1) {
                    continue;
                }
                match next.iter().position(|&c| c == cell) {
                    Some(k) => {
                        next.remove(k);
                    }
                    None => next.push(cell),
                }
            }
            next.sort();
            if !bomb_first_player_wins(memo, next) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(bombs, wins);
    wins
}

#[test]
fn bomb_game_matches_literal_play() {
    let mut rng = Random::new(1);
    let mut memo = HashMap::new();
    let mut input = String::new();
    let mut expected = String::new();
    for _ in 0..150 {
        let (n, m) = (1 + rng.below(3) as u32, 1 + rng.below(3) as u32);
        input.push_str(&format!("{n} {m}\n"));
        let mut bombs = Vec::new();
        for p in 1..=n {
            for q in 1..=m {
                let bomb = rng.below(3) == 0;
                input.push(if bomb { '#' } else { '.' });
                if bomb && (p, q) != (1, 1) {
                    bombs.push((p, q));
                }
            }
            input.push('\n');
        }
        bombs.sort();
        expected.push_str(if bomb_first_player_wins(&mut memo, bombs) { "John\n" } else { "Jack\n" });
    }
    input.push_str("0 0\n");
    assert_eq!(contest("bomb-game", &input), expected);
}

#[test]
fn bomb_game_edge_cases() {
    // 1×1 boards, a lone bomb at (1,1), whitespace between cells, 50×50 full.
    assert_eq!(contest("bomb-game", "1 1\n#\n1 1\n.\n0 0\n"), "Jack\nJack\n");
    assert_eq!(contest("bomb-game", "1 3\n. . #\n3 1\n#\n.\n.\n0 0\n"), "John\nJack\n");
    let board: String = (0..50).map(|_| "#".repeat(50) + "\n").collect();
    let expected = if bomb_values(50, 50).iter().flatten().fold(0, |x, v| x ^ v) != 0 { "John\n" } else { "Jack\n" };
    assert_eq!(contest("bomb-game", &format!("50 50\n{board}0 0\n")), expected);
}

/// Nim-values of single bombs by the definition, for boards too large for
/// literal play: g(p,q) = mex over options of g(u,q) ⊕ g(p,v).
fn bomb_values(n: usize, m: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; m + 1]; n + 1];
    for p in 1..=n {
        for q in 1..=m {
            let mut seen = vec![false; 4096];
            if p > 1 && q > 1 {
                for u in 1..p {
                    for v in 1..q {
                        seen[(g[u][q] ^ g[p][v]) as usize] = true;
                    }
                }
            } else if p == 1 {
                (1..q).for_each(|v| seen[g[1][v] as usize] = true);
            } else {
                (1..p).for_each(|u| seen[g[u][1] as usize] = true);
            }
            g[p][q] = seen.iter().position(|s| !s).unwrap() as u64;
        }
    }
    g.into_iter().skip(1).map(|row| row.into_iter().skip(1).collect()).collect()
}

// ------------------------------------------------------------ Hyper Knights

/// Written from the problem statement on purpose, not taken from
/// `grundy::catalogue::Piece::HYPER_KNIGHT`: the oracle must not share the
/// engine's data, or a typo there would pass unnoticed.
const HYPER: [(i64, i64); 6] = [(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)];

fn hyper_grundy(memo: &mut HashMap<(i64, i64), u64>, x: i64, y: i64) -> u64 {
    if let Some(&g) = memo.get(&(x, y)) {
        return g;
    }
    let mut seen = [false; 8];
    for (dx, dy) in HYPER {
        let (nx, ny) = (x + dx, y + dy);
        if nx >= 0 && ny >= 0 {
            seen[hyper_grundy(memo, nx, ny) as usize] = true;
        }
    }
    let g = seen.iter().position(|s| !s).unwrap() as u64;
    memo.insert((x, y), g);
    g
}

#[test]
fn hyper_knights_match_a_direct_recursion() {
    let mut rng = Random::new(2);
    let mut memo = HashMap::new();
    let cases = 60;
    let mut input = format!("{cases}\n");
    let mut expected = String::new();
    for case in 1..=cases {
        let n = 1 + rng.below(if case % 10 == 0 { 1000 } else { 6 });
        input.push_str(&format!("{n}\n"));
        let mut x_sum = 0;
        for _ in 0..n {
            let limit = if case % 3 == 0 { 500 } else { 12 };
            let (x, y) = (rng.below(limit), rng.below(limit));
            input.push_str(&format!("{x} {y}\n"));
            x_sum ^= hyper_grundy(&mut memo, x as i64, y as i64);
        }
        expected.push_str(&format!("Case {case}: {}\n", if x_sum != 0 { "Alice" } else { "Bob" }));
    }
    assert_eq!(contest("hyper-knights", &input), expected);
}

#[test]
fn hyper_knights_edge_cases() {
    // A knight in the corner cannot move; two knights on one cell cancel.
    assert_eq!(contest("hyper-knights", "3\n1\n0 0\n2\n7 7\n7 7\n1\n499 499\n"), {
        let mut memo = HashMap::new();
        let last = if hyper_grundy(&mut memo, 499, 499) != 0 { "Alice" } else { "Bob" };
        format!("Case 1: Bob\nCase 2: Bob\nCase 3: {last}\n")
    });
}

// --------------------------------------------------------------------- Mine

/// Literal minesweeper play on the set of face-down cells, memoized.
struct MineBoard {
    n: usize,
    m: usize,
    mine: Vec<bool>,
    count: Vec<u8>,
}

impl MineBoard {
    fn new(n: usize, m: usize, mines: &[(usize, usize)]) -> Self {
        let mut mine = vec![false; n * m];
        for &(x, y) in mines {
            mine[x * m + y] = true;
        }
        let mut count = vec![0; n * m];
        for x in 0..n {
            for y in 0..m {
                for (nx, ny) in Self::around(n, m, x, y) {
                    count[x * m + y] += mine[nx * m + ny] as u8;
                }
            }
        }
        MineBoard { n, m, mine, count }
    }
    fn around(n: usize, m: usize, x: usize, y: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for dx in -1i64..=1 {
            for dy in -1i64..=1 {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if (dx, dy) != (0, 0) && nx >= 0 && ny >= 0 && (nx as usize) < n && (ny as usize) < m {
                    out.push((nx as usize, ny as usize));
                }
            }
        }
        out
    }
    /// The problem's promise: no number borders two different blank regions.
    fn keeps_the_promise(&self) -> bool {
        let cells = self.n * self.m;
        let mut region = vec![usize::MAX; cells];
        let mut regions = 0;
        for start in 0..cells {
            if self.mine[start] || self.count[start] != 0 || region[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            region[start] = regions;
            while let Some(at) = stack.pop() {
                for (nx, ny) in Self::around(self.n, self.m, at / self.m, at % self.m) {
                    let nc = nx * self.m + ny;
                    if !self.mine[nc] && self.count[nc] == 0 && region[nc] == usize::MAX {
                        region[nc] = regions;
                        stack.push(nc);
                    }
                }
            }
            regions += 1;
        }
        (0..cells).filter(|&c| !self.mine[c] && self.count[c] != 0).all(|c| {
            let mut touching: Vec<usize> = Self::around(self.n, self.m, c / self.m, c % self.m)
                .into_iter()
                .map(|(x, y)| region[x * self.m + y])
                .filter(|&r| r != usize::MAX)
                .collect();
            touching.sort();
            touching.dedup();
            touching.len() <= 1
        })
    }

    fn wins(&self, memo: &mut HashMap<u64, bool>, down: u64) -> bool {
        if let Some(&w) = memo.get(&down) {
            return w;
        }
        let mut wins = false;
        for c in 0..self.n * self.m {
            if down >> c & 1 == 0 {
                continue;
            }
            let mut after = down & !(1 << c);
            let mut stack = vec![c];
            while let Some(at) = stack.pop() {
                if self.count[at] != 0 {
                    continue;
                }
                for (nx, ny) in Self::around(self.n, self.m, at / self.m, at % self.m) {
                    let nc = nx * self.m + ny;
                    if after >> nc & 1 == 1 {
                        after &= !(1 << nc);
                        stack.push(nc);
                    }
                }
            }
            if !self.wins(memo, after) {
                wins = true;
                break;
            }
        }
        memo.insert(down, wins);
        wins
    }
}

#[test]
fn mine_matches_literal_play() {
    let mut rng = Random::new(3);
    let mut cases = 0;
    let mut input = String::new();
    let mut expected = String::new();
    while cases < 60 {
        let (n, m) = (1 + rng.below(4) as usize, 1 + rng.below(5) as usize);
        let mines: Vec<(usize, usize)> =
            (0..n).flat_map(|x| (0..m).map(move |y| (x, y))).filter(|_| rng.below(5) == 0).collect();
        let board = MineBoard::new(n, m, &mines);
        if !board.keeps_the_promise() {
            continue;
        }
        cases += 1;
        input.push_str(&format!("{n} {m} {}\n", mines.len()));
        mines.iter().for_each(|(x, y)| input.push_str(&format!("{x} {y}\n")));
        let down = (0..n * m).filter(|&c| !board.mine[c]).fold(0u64, |d, c| d | 1 << c);
        let wins = board.wins(&mut HashMap::new(), down);
        expected.push_str(&format!("Case #{cases}: {}\n", if wins { "Xiemao" } else { "Fanglaoshi" }));
    }
    assert_eq!(contest("mine", &format!("{cases}\n{input}")), expected);
}

#[test]
fn mine_refuses_a_field_that_breaks_the_promise() {
    // (1,1) shows 2 and touches the blank (0,0) and the blank region at (2,2).
    let field = "1\n4 4 2\n0 2\n2 0\n";
    let error = common::contest_error("mine", field);
    assert!(error.contains("borders two different blank regions"), "{error}");
}

#[test]
fn mine_edge_cases() {
    // 1×1 with no mine: one click wins. 1×1 all mine: no move. All mines.
    assert_eq!(
        contest("mine", "4\n1 1 0\n1 1 1\n0 0\n2 2 4\n0 0\n0 1\n1 0\n1 1\n1 2 1\n0 0\n"),
        "Case #1: Xiemao\nCase #2: Fanglaoshi\nCase #3: Fanglaoshi\nCase #4: Xiemao\n"
    );
}

// --------------------------------------------------------------------- John

fn misere_nim_first_wins(memo: &mut HashMap<Vec<u64>, bool>, piles: Vec<u64>) -> bool {
    if piles.iter().all(|&p| p == 0) {
        return true; // the opponent took the last stone
    }
    if let Some(&w) = memo.get(&piles) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..piles.len() {
        for take in 1..=piles[i] {
            let mut next = piles.clone();
            next[i] -= take;
            next.sort();
            if !misere_nim_first_wins(memo, next) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(piles, wins);
    wins
}

#[test]
fn john_matches_exhaustive_misere_search() {
    let mut rng = Random::new(4);
    let mut memo = HashMap::new();
    let cases = 300;
    let mut input = format!("{cases}\n");
    let mut expected = String::new();
    for _ in 0..cases {
        let n = 1 + rng.below(4) as usize;
        let mut piles: Vec<u64> = (0..n).map(|_| if rng.below(3) == 0 { 1 } else { rng.below(7) }).collect();
        input.push_str(&format!("{n}\n{}\n", piles.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")));
        piles.sort();
        expected.push_str(if misere_nim_first_wins(&mut memo, piles) { "John\n" } else { "Brother\n" });
    }
    assert_eq!(contest("john", &input), expected);
}

#[test]
fn john_edge_cases() {
    // All piles of 1: John wins iff their number is even. Full-size piles.
    assert_eq!(contest("john", "3\n1\n1\n2\n1 1\n3\n1 1 1\n"), "Brother\nJohn\nBrother\n");
    assert_eq!(contest("john", "2\n2\n5000 5000\n1\n5000\n"), "Brother\nJohn\n");
}

// ----------------------------------------------------------- Life Winner Bo

/// Literal play on the N×M board from (1,1): 1 win, 0 draw, -1 loss.
fn bo_value(memo: &mut HashMap<(usize, usize), i8>, piece: u8, n: usize, m: usize, x: usize, y: usize) -> i8 {
    if (x, y) == (n, m) {
        return -1; // the opponent just arrived: lost
    }
    if let Some(&v) = memo.get(&(x, y)) {
        return v;
    }
    let mut targets = Vec::new();
    match piece {
        1 => targets.extend([(x + 1, y), (x, y + 1), (x + 1, y + 1)]),
        2 => {
            targets.extend((x + 1..=n).map(|i| (i, y)));
            targets.extend((y + 1..=m).map(|j| (x, j)));
        }
        3 => targets.extend([(x + 1, y + 2), (x + 2, y + 1)]),
        _ => {
            targets.extend((x + 1..=n).map(|i| (i, y)));
            targets.extend((y + 1..=m).map(|j| (x, j)));
            targets.extend((1..).map(|k| (x + k, y + k)).take_while(|&(i, j)| i <= n && j <= m));
        }
    }
    let mut best: i8 = -2;
    for (i, j) in targets.into_iter().filter(|&(i, j)| i <= n && j <= m) {
        best = best.max(-bo_value(memo, piece, n, m, i, j));
    }
    let value = if best == -2 { 0 } else { best };
    memo.insert((x, y), value);
    value
}

#[test]
fn life_winner_bo_matches_literal_play() {
    let mut input = String::new();
    let mut expected = String::new();
    let mut cases = 0;
    for piece in 1..=4u8 {
        for n in 2..=14 {
            for m in 2..=14 {
                cases += 1;
                input.push_str(&format!("{piece} {n} {m}\n"));
                let v = bo_value(&mut HashMap::new(), piece, n, m, 1, 1);
                expected.push_str(match v {
                    1 => "B\n",
                    -1 => "G\n",
                    _ => "D\n",
                });
            }
        }
    }
    assert_eq!(contest("life-winner-bo", &format!("{cases}\n{input}")), expected);
}

#[test]
fn life_winner_bo_at_full_size() {
    let mut rng = Random::new(5);
    let mut input = String::from("200\n");
    let mut expected = String::new();
    for _ in 0..200 {
        let piece = 1 + rng.below(4) as u8;
        let (n, m) = (2 + rng.below(999) as usize, 2 + rng.below(999) as usize);
        input.push_str(&format!("{piece} {n} {m}\n"));
        // Only the king and knight are cheap enough to search literally here.
        let v = if piece == 1 || piece == 3 {
            bo_value(&mut HashMap::new(), piece, n, m, 1, 1)
        } else {
            let (a, b) = ((n - 1) as u64, (m - 1) as u64);
            let p = if piece == 2 { a == b } else { wythoff_p(a, b) };
            if p {
                -1
            } else {
                1
            }
        };
        expected.push_str(match v {
            1 => "B\n",
            -1 => "G\n",
            _ => "D\n",
        });
    }
    assert_eq!(contest("life-winner-bo", &input), expected);
}

/// Wythoff P-positions by the mex construction (independent of the engine's formula).
fn wythoff_p(a: u64, b: u64) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    let mut used = vec![false; 4 * (hi as usize + 2)];
    let mut lower = 0usize;
    for k in 0..=hi as usize {
        while used[lower] {
            lower += 1;
        }
        used[lower] = true;
        if lower + k < used.len() {
            used[lower + k] = true;
        }
        if k as u64 == hi - lo {
            return lower as u64 == lo;
        }
    }
    false
}
