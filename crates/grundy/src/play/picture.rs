//! Positions drawn the way a person thinks of them: tokens on a board as a
//! grid of characters (a knight's race, the Bomb Game's bombs).

use crate::catalogue::{BoardGame, Cell, FaceDown, MinePosition, Minesweeper};

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

/// The face-down cells of a minesweeper position (the whole board, or none).
fn face_down(position: Option<&MinePosition>) -> FaceDown {
    match position {
        Some(MinePosition::Board(face_down)) => face_down.clone(),
        // Play keeps the board whole; nothing left is nothing face down.
        _ => FaceDown::Cells(Vec::new()),
    }
}

/// A minesweeper field as play goes on: `#` face down, `*` a mine, digits
/// for turned-up numbers, `.` for turned-up blanks.
pub fn mine_field(game: &Minesweeper, sum: &[MinePosition]) -> String {
    let field = game.field();
    let state = face_down(sum.first());
    let (rows, cols) = field.size();
    let mut out = String::new();
    for x in 0..rows {
        for y in 0..cols {
            out.push(match field.number(x, y) {
                None => '*',
                Some(_) if field.is_face_down(&state, x, y) => '#',
                Some(0) => '.',
                Some(n) => char::from_digit(n as u32, 10).unwrap_or('?'),
            });
        }
        out.push('\n');
    }
    out.push_str("(# face down, * mine; click a face-down cell x,y: row x, column y, from 0)");
    out
}

/// The names of a click: `click x,y` (and `x,y`) for the cell clicked. A
/// click on a blank floods its region, and a click on any blank of the
/// region makes the same move, so each of those cells names it.
pub fn mine_clicks(game: &Minesweeper, from: &MinePosition, to: &[MinePosition]) -> Vec<String> {
    let field = game.field();
    let (before, after) = (face_down(Some(from)), face_down(to.first()));
    let (rows, cols) = field.size();
    let revealed: Vec<(u32, u32)> = (0..rows)
        .flat_map(|x| (0..cols).map(move |y| (x, y)))
        .filter(|&(x, y)| field.number(x, y).is_some())
        .filter(|&(x, y)| field.is_face_down(&before, x, y) && !field.is_face_down(&after, x, y))
        .collect();
    let clicked: Vec<(u32, u32)> = match &revealed[..] {
        [single] => vec![*single],
        _ => revealed.iter().copied().filter(|&(x, y)| field.number(x, y) == Some(0)).collect(),
    };
    clicked.iter().flat_map(|(x, y)| [format!("click {x},{y}"), format!("{x},{y}")]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Minefield;

    #[test]
    fn a_mine_field_with_its_revealed_cells() {
        let game = Minesweeper::new(Minefield::parse("..*/.../...").unwrap());
        let start = game.start();
        assert_eq!(mine_field(&game, std::slice::from_ref(&start)).lines().next(), Some("##*"));
        let mut options = crate::game::Options::new();
        crate::game::Game::options(&game, &start, &mut options);
        // Clicking (2,0), a blank, floods the blanks and the numbers around them.
        let flood = options.iter().find(|o| mine_clicks(&game, &start, o).contains(&"2,0".to_string())).unwrap();
        // Every blank is 8-connected here, so the flood turns up the whole field.
        assert_eq!(mine_field(&game, flood).lines().take(3).collect::<Vec<_>>(), [".1*", ".11", "..."]);
        // Any blank names that click; the first one, row by row, is how it is written.
        assert_eq!(mine_clicks(&game, &start, flood)[0], "click 0,0");
        // A number alone: one cell turned up, one name.
        let number = options.iter().find(|o| mine_clicks(&game, &start, o).contains(&"0,1".to_string())).unwrap();
        assert_eq!(mine_field(&game, number).lines().next(), Some("#1*"));
        assert_eq!(mine_clicks(&game, &start, number), ["click 0,1", "0,1"]);
    }

    #[test]
    fn tokens_and_goal_on_a_grid() {
        let drawn = grid(&[(1, 2), (1, 2), (0, 0)], 0, 'K', Some((2, 0)), None);
        assert_eq!(drawn, "  0123\n0 K...\n1 ..2.\n2 G...\n3 ....\n(1,2 + 1,2 + 0,0; rows x down, columns y across)");
        assert_eq!(grid(&[(100, 2)], 0, 'K', None, None), "100,2");
    }
}
