//! The computer's search in Napoleon, decision by decision and turn by turn: each decision's choice,
//! depth, nodes and time, and each turn's nodes (weighted, as the levels count them) and time, with
//! [`search::TurnBudget`] as the page's worker and the matches use it. Random setups from the seed.
//!
//! `cargo run --release -p chessfront-engine --example napoleon_turns -- <players 2|4> <level 1-14> <turns> <seed>`
use engine::chance::{ChanceSource, SEED_BYTES};
use engine::game::{Decision, Game};
use engine::search::{self, LEVELS};
use engine::variants;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let players = args.first().copied().unwrap_or(4);
    let level = LEVELS[(args.get(1).copied().unwrap_or(LEVELS.len() as u64) as usize).clamp(1, LEVELS.len()) - 1];
    let turns = args.get(2).copied().unwrap_or(8);
    let seed = args.get(3).copied().unwrap_or(1);
    let rules = variants::by_slug("napoleon").expect("napoleon");
    let settings = [u8::from(players == 4)];
    let mut game = Game::with_chance(rules, Some(&settings), None, ChanceSource::Seeded([seed as u8; SEED_BYTES]))
        .expect("napoleon");
    while let Some(due) = game.setup_due() {
        let text = game.random_setup(due.seat, seed ^ (due.seat as u64 * 7919)).expect("napoleon");
        if due.seal {
            game.seal_setup(due.seat, &text, [due.seat; 16], seed).expect("napoleon");
        } else {
            game.place_setup(due.seat, (!due.sealed).then_some(text.as_str())).expect("napoleon");
        }
    }
    let weight = game.position().node_weight();
    let mut all = 0.0;
    let mut max_turn: f64 = 0.0;
    let mut max_turn_nodes = 0;
    for t in 0..turns {
        if game.outcome().is_some() {
            break;
        }
        let seat = game.to_move();
        let started = Instant::now();
        let mut nodes = 0;
        let mut decisions = 0;
        let mut line = String::new();
        let mut budget = search::TurnBudget::default();
        let mut memory = search::Memory::default();
        while game.outcome().is_none() && game.to_move() == seat {
            let d0 = Instant::now();
            let Some(found) =
                budget.choose(game.position(), &level, &mut || false, seed + t * 100 + decisions, &mut memory)
            else {
                // A dead end the checks let through: the page's computer would try the turn again;
                // here any legal way through ends it (or the seat resigns).
                let path = search::finish_turn(game.position()).unwrap_or_default();
                line += &format!(" [dead end: {} decisions to finish]", path.len());
                let finished = !path.is_empty() && path.into_iter().all(|a| game.play(Decision::Act(a)).is_ok());
                if !finished {
                    game.play(Decision::Resign).expect("a seat may resign");
                }
                break;
            };
            let ms = d0.elapsed().as_secs_f64() * 1000.0;
            line += &format!(
                " [{} d{} {}n {:.0}ms]",
                game.position().info(found.action).name,
                found.depth,
                found.nodes,
                ms
            );
            nodes += found.nodes;
            decisions += 1;
            game.play(Decision::Act(found.action)).expect("napoleon");
        }
        let secs = started.elapsed().as_secs_f64();
        all += secs;
        max_turn = max_turn.max(secs);
        max_turn_nodes = max_turn_nodes.max(nodes * weight);
        println!(
            "turn {t} seat {seat}: {decisions} decisions, {nodes} nodes ({} weighted), {:.2} s:{line}",
            nodes * weight,
            secs
        );
    }
    println!("total {all:.1} s, longest turn {max_turn:.2} s, most weighted nodes in a turn {max_turn_nodes}");
}
