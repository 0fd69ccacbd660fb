//! The browser bench's Napoleon rounds (`scripts/napoleon-round.mjs`), natively: in four-player games,
//! a player's turn taken by any legal way through it, then three computer turns at the Strongest level,
//! each as the page's worker takes it ([`computer::turn`]). Prints each round's time and the slowest;
//! a turn over 0.7 s is printed with its position, to replay it. Natively the wasm's times are about
//! halved, so a round well under 1.5 s here keeps to the 3 s budget in the browser.
//!
//! `cargo run --release --example napoleon_round_native [games] [rounds] [first seed]` (5, 6, 1).
use engine::chance::{ChanceSource, SEED_BYTES};
use engine::game::{Decision, Game};
use engine::search::{self, LEVELS};
use engine::session::computer;
use engine::variants;
use std::time::Instant;

/// A four-player game with every setup placed at random (sealed ones sealed and revealed as the page does).
fn new_game(seed: u64) -> Game {
    let rules = variants::by_slug("napoleon").expect("registered");
    let chance = ChanceSource::Seeded([seed as u8; SEED_BYTES]);
    let mut game = Game::with_chance(rules, Some(&[1]), None, chance).expect("a four-player game");
    while let Some(due) = game.setup_due() {
        let text = game.random_setup(due.seat, seed * 1000 + due.seat as u64).expect("a setup");
        if due.seal {
            game.seal_setup(due.seat, &text, [due.seat; 16], seed).expect("sealed");
        } else {
            game.place_setup(due.seat, (!due.sealed).then_some(text.as_str())).expect("placed");
        }
    }
    game
}

/// The player's turn: any legal way through it, else the Beginner's turn (which may resign).
fn players_turn(game: &mut Game) {
    if let Some(path) = search::finish_turn(game.position()) {
        if path.into_iter().all(|action| game.play(Decision::Act(action)).is_ok()) {
            return;
        }
    }
    let seat = game.to_move();
    let turn = computer::turn(game, seat, &LEVELS[0], 1, &mut || false, &mut search::Memory::default())
        .expect("the player decides");
    for index in turn.indices {
        game.play_index(index).expect("the computer's own option");
    }
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("whole numbers")).collect();
    let games = args.first().copied().unwrap_or(5);
    let rounds = args.get(1).copied().unwrap_or(6);
    let first_seed = args.get(2).copied().unwrap_or(1);
    let strongest = LEVELS[LEVELS.len() - 1];
    let mut slowest: f64 = 0.0;
    for seed in first_seed..first_seed + games {
        let mut game = new_game(seed);
        // One computer player for the game, as the page's worker keeps one.
        let mut memory = search::Memory::default();
        for round in 0..rounds {
            if game.outcome().is_some() {
                break;
            }
            players_turn(&mut game);
            let mut times = Vec::new();
            for t in 0..3 {
                if game.outcome().is_some() {
                    break;
                }
                let seat = game.to_move();
                let before = game.position().to_text();
                let started = Instant::now();
                let turn = computer::turn(&game, seat, &strongest, 17 + round * 3 + t, &mut || false, &mut memory)
                    .expect("the computer decides");
                let secs = started.elapsed().as_secs_f64();
                times.push(secs);
                for &index in &turn.indices {
                    game.play_index(index).expect("the computer's own option");
                }
                if secs > 0.7 {
                    println!(
                        "  slow: seat {seat} ({} decisions, resigned: {}) at {before}",
                        turn.indices.len(),
                        turn.resigned
                    );
                }
            }
            let total: f64 = times.iter().sum();
            slowest = slowest.max(total);
            let each: Vec<String> = times.iter().map(|s| format!("{s:.2}")).collect();
            println!("game {seed} round {}: {total:.2} s ({})", round + 1, each.join(" + "));
        }
    }
    println!("slowest round {slowest:.2} s");
}
