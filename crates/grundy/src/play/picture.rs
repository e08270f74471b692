//! Positions drawn the way a person thinks of them: tokens on a board as a
//! grid of characters (a knight's race, the Bomb Game's bombs).

use crate::catalogue::{BoardGame, Cell};

/// Boards larger than this on either side are described, not drawn.
const MAX_DRAWN: u64 = 40;

/// Draws tokens at `(row, column)` cells on a grid whose first row and
/// column are numbered `origin` (0 for boards, 1 for the Bomb Game).
/// A cell shows `token` for one token and the count for several; `goal`
/// is shown as `G`. `rows`/`columns`: the board's size where it is bounded.
pub fn grid(
    tokens: &[(u64, u64)],
    origin: u64,
    token: char,
    goal: Option<(u64, u64)>,
    size: Option<(u64, u64)>,
) -> String {
    let cells: Vec<(u64, u64)> = tokens.iter().copied().chain(goal).collect();
    let (rows, columns) = match size {
        Some(size) => size,
        None => {
            let reach =
                |f: fn(&(u64, u64)) -> u64| cells.iter().map(f).max().map_or(origin + 1, |m| m + 1).max(origin + 3);
            (reach(|c| c.0) - origin + 1, reach(|c| c.1) - origin + 1)
        }
    };
    let listed = tokens.iter().map(|(x, y)| format!("{x},{y}")).collect::<Vec<_>>().join(" + ");
    if rows > MAX_DRAWN || columns > MAX_DRAWN {
        return listed;
    }
    let mut out = String::new();
    let label_width = (origin + rows - 1).to_string().len();
    out.push_str(&" ".repeat(label_width + 1));
    for y in origin..origin + columns {
        out.push(char::from_digit((y % 10) as u32, 10).unwrap_or('?'));
    }
    out.push('\n');
    for x in origin..origin + rows {
        out.push_str(&format!("{x:>label_width$} "));
        for y in origin..origin + columns {
            let here = tokens.iter().filter(|&&t| t == (x, y)).count();
            out.push(match here {
                0 if goal == Some((x, y)) => 'G',
                0 => '.',
                1 => token,
                n if n < 10 => char::from_digit(n as u32, 10).unwrap_or('*'),
                _ => '*',
            });
        }
        out.push('\n');
    }
    out.push_str(&format!("({listed}; rows x down, columns y across)"));
    out
}

/// A board game's tokens on its board.
pub fn board(game: &BoardGame, sum: &[Cell]) -> String {
    let tokens: Vec<(u64, u64)> = sum.iter().map(|&(x, y)| (x as u64, y as u64)).collect();
    let goal = game.goal().map(|(x, y)| (x as u64, y as u64));
    let size = match game.board() {
        crate::catalogue::Board::Bounded { rows, cols } => Some((rows as u64, cols as u64)),
        _ => None,
    };
    grid(&tokens, 0, 'K', goal, size)
}

/// The Bomb Game's bombs, cells counted from 1.
pub fn bombs(_: &crate::catalogue::BombGame, sum: &[(u32, u32)]) -> String {
    let tokens: Vec<(u64, u64)> = sum.iter().map(|&(x, y)| (x as u64, y as u64)).collect();
    if tokens.is_empty() {
        return "no bombs left".into();
    }
    grid(&tokens, 1, '#', None, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_goal_on_a_grid() {
        let drawn = grid(&[(1, 2), (1, 2), (0, 0)], 0, 'K', Some((2, 0)), None);
        assert_eq!(drawn, "  0123\n0 K...\n1 ..2.\n2 G...\n3 ....\n(1,2 + 1,2 + 0,0; rows x down, columns y across)");
        assert_eq!(grid(&[(100, 2)], 0, 'K', None, None), "100,2");
    }
}
