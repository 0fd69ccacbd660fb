//! Chess 2024 (docs/rules.md, "Chess 2024"), by theme: the battlefield rules of part 1 case by case,
//! perft regression data and random games (`battlefield`); part 2's reserves, substitutions and archers
//! (`reserves`); the fortunes of war, over links too (`fortunes`). The helpers they share are here.

use engine::{EndReason, Game, Outcome};

#[path = "../common/mod.rs"]
mod common;
use common::{has, names, play};

mod battlefield;
mod fortunes;
mod reserves;

/// A position from a list of (square, token) with the side to move; tokens as in the notation
/// (`K`, `A(2)`, `X` a White crater, `x` a Black one).
fn fen(pieces: &[(&str, &str)], turn: &str) -> String {
    let mut grid = vec![vec![String::new(); 12]; 12];
    for (sq, token) in pieces {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse::<usize>().expect("rank") - 1;
        grid[rank][file] = token.to_string();
    }
    let rows: Vec<String> = (0..12)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut empty = 0;
            for token in &grid[r] {
                if token.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(token);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!("{} {turn} 0 1", rows.join("/"))
}

fn game(pieces: &[(&str, &str)], turn: &str) -> Game {
    let text = fen(pieces, turn);
    Game::from_slug("chess2024", Some(&text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn coords(g: &Game) -> Vec<String> {
    let mut actions = Vec::new();
    g.position().actions(&mut actions);
    actions.iter().map(|&a| g.position().info(a).coord).collect()
}

fn text(g: &Game) -> String {
    g.position().to_text()
}

/// Board, side to move and clocks: the part-1 fields.
fn board_text(g: &Game) -> String {
    g.position().to_text().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

const KINGS: [(&str, &str); 2] = [("g1", "K"), ("g12", "k")];

fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}
