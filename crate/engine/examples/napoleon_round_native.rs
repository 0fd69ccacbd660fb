//! Temporary profiling tool: the browser bench's rounds natively.
use engine::chance::{ChanceSource, SEED_BYTES};
use engine::game::{Decision, Game};
use engine::search::{self, LEVELS};
use engine::session::computer;
use engine::variants;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let seeds = args.first().copied().unwrap_or(5);
    let rounds = args.get(1).copied().unwrap_or(6);
    let first_seed = args.get(2).copied().unwrap_or(1);
    let level = LEVELS[LEVELS.len() - 1];
    let rules = variants::by_slug("napoleon").expect("napoleon");
    let mut worst: f64 = 0.0;
    for seed in first_seed..first_seed + seeds {
        let mut game = Game::with_chance(rules, Some(&[1]), None, ChanceSource::Seeded([seed as u8; SEED_BYTES])).unwrap();
        while let Some(due) = game.setup_due() {
            let text = game.random_setup(due.seat, seed * 1000 + due.seat as u64).unwrap();
            if due.seal {
                game.seal_setup(due.seat, &text, [due.seat; 16], seed).unwrap();
            } else {
                game.place_setup(due.seat, (!due.sealed).then_some(text.as_str())).unwrap();
            }
        }
        for round in 0..rounds {
            if game.outcome().is_some() { break; }
            let t0 = Instant::now();
            
            match search::finish_turn(game.position()) {
                Some(path) => for a in path { game.play(Decision::Act(a)).unwrap(); },
                None => {
                    println!("seed {seed} round {}: no finish_turn", round + 1);
                    let seat = game.to_move();
                    let turn = computer::turn(&game, seat, &LEVELS[0], 1, &mut || false).expect("a turn");
                    for i in turn.indices { game.play_index(i).unwrap(); }
                }
            }
            let scripted = t0.elapsed().as_secs_f64();
            let mut times = Vec::new();
            for t in 0..3 {
                if game.outcome().is_some() { break; }
                let seat = game.to_move();
                let t0 = Instant::now();
                
                let turn = computer::turn(&game, seat, &level, 17 + round * 3 + t, &mut || false).expect("a turn");
                let secs = t0.elapsed().as_secs_f64();
                let p = "";
                times.push(format!("{secs:.2}[{p}]"));
                let text = game.position().to_text();
                let mut names = Vec::new();
                for i in turn.indices { game.play_index(i).unwrap(); names.push(game.record().last().unwrap().name.clone()); }
                if secs > 0.7 { println!("  slow: seat {seat} resigned {} check {} at {text}\n    played {}", turn.resigned, game.position().view().checked_seats.len(), names.join(" ")); }
            }
            let total: f64 = times.iter().map(|s| s.split('[').next().unwrap().parse::<f64>().unwrap()).sum();
            worst = worst.max(total);
            println!("seed {seed} round {}: {total:.2} s (scripted {scripted:.2}) {}", round + 1, times.join(" + "));
        }
    }
    println!("worst round {worst:.2} s");
}
