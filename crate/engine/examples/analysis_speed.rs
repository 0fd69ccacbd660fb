//! Nodes per second of the analysis against the playing search, in one run: the same positions and
//! node budgets searched by `search::best_action_with` (a player's search), by `search::analyse` with
//! one line and with three, in turn, round after round (so the machine's load falls on all three
//! alike). Each search starts with an empty memory. Prints each mode's nodes, seconds and nodes/s,
//! and the analysis' speed as a share of the playing search's.
//!
//! `cargo run --release --example analysis_speed [rounds] [nodes]` (3, 300000).
use engine::search::{self, Level, Memory};
use engine::Game;
use std::time::Instant;

/// Positions searched: chess middle games and every variant's start.
const POSITIONS: &[(&str, Option<&str>)] = &[
    ("chess", Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")),
    ("chess", Some("r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 4 8")),
    ("chess", Some("r1bq1rk1/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8")),
    ("chess", Some("6k1/5ppp/p7/1p6/8/P4N2/1P3PPP/6K1 w - - 0 30")),
    ("chess2024", None),
    ("gunnery", None),
    ("checkered", None),
    ("wounds", None),
];

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let rounds = args.first().copied().unwrap_or(3);
    let nodes = args.get(1).copied().unwrap_or(300_000);
    let level = Level { max_nodes: nodes, ..Level::depth(64) };
    let games: Vec<Game> =
        POSITIONS.iter().map(|(slug, text)| Game::from_slug(slug, *text).expect("a position")).collect();
    // Nodes and seconds: playing, analysis with 1 line, with 3 lines.
    let mut totals = [(0u64, 0f64); 3];
    for round in 0..rounds {
        for game in &games {
            let position = game.position();
            let started = Instant::now();
            let found = search::best_action_with(position, &level, &mut || false, 1, &mut Memory::default());
            add(&mut totals[0], found.map_or(0, |f| f.nodes), started);
            for (i, lines) in [(1, 1), (2, 3)] {
                let started = Instant::now();
                let analysis = search::analyse(position, &level, lines, &mut || false, &mut Memory::default());
                add(&mut totals[i], analysis.map_or(0, |a| a.nodes), started);
            }
        }
        eprintln!("round {} of {rounds} done", round + 1);
    }
    let speed = |(n, s): (u64, f64)| n as f64 / s.max(1e-9);
    for (name, total) in ["playing search", "analysis, 1 line", "analysis, 3 lines"].iter().zip(totals) {
        println!(
            "{name:18} {:>11} nodes {:>7.2} s {:>8.0} knodes/s  {:>6.1}% of the playing search's",
            total.0,
            total.1,
            speed(total) / 1000.0,
            100.0 * speed(total) / speed(totals[0])
        );
    }
}

fn add(total: &mut (u64, f64), nodes: u64, started: Instant) {
    total.0 += nodes;
    total.1 += started.elapsed().as_secs_f64();
}
