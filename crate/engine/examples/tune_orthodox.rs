//! Fits the orthodox evaluation's weights to Stockfish's judgement of quiet positions,
//! in three steps whose outputs are plain text files:
//!
//! ```text
//! cargo run --release --example tune_orthodox -- positions <games> <seed> > fens.txt
//! cargo run --release --example tune_orthodox -- label <depth> < fens.txt > labelled.txt
//! cargo run --release --example tune_orthodox -- fit <epochs> < labelled.txt > weights.rs
//! ```
//!
//! - `positions`: games of the computer against itself from a few random first moves, at levels 2-6
//!   (the weak ones blunder, which shows what material is worth); every second position after the
//!   tenth ply that is quiet (see [`engine::variants::chess::orthodox::tune::trace`]), one FEN a line.
//! - `label`: each FEN with Stockfish's score for White at a fixed depth (`$STOCKFISH`, else Debian's
//!   `/usr/games/stockfish`; one thread), `fen;centipawns`; mates are left out.
//! - `fit`: the weights, from the ones played now, that best predict the labels' expected scores
//!   (a logistic of centipawns, 400 to a factor of ten, ours scaled once to fit Stockfish's), by Adam
//!   over the whole set, each weight drawn towards the one played now by `pull` (a weight moved by d
//!   adds pull * d * d / 2 to the error); prints the table
//!   as Rust source, with the mean squared errors before and after on stderr. With a third argument,
//!   the terms before that index keep their weights: only a new term (added at the end of
//!   `weights::term`) is fitted.
//!
//! A lower error is not a stronger player, nor is a self-play win a win against Stockfish: every
//! fitted table is played before it is kept, first against the table it would replace (`chessfront
//! match chess 11:trial=N 11`, a `trials` build choosing the table by its trial bit), then against
//! Stockfish 2200 side by side with it (`scripts/stockfish-match.mjs`, two builds, the same games).
//! Measured so far and not kept:
//! - pawn structure (a phalanx, a supported pawn, a backward pawn) with every weight refitted, and the
//!   endgame scale of pawnless and opposite-bishop endings (commit 1c8992e): error 0.015269 down to
//!   0.014974 and 55.2% over 600 self-play games, but against Stockfish 2200 on games 0-39 it scored
//!   18.8% (4-29-7) where the table before it scored 37.5% (9-19-12) on the same games in the same run
//!   (two chunks each, side by side), so it was reverted;
//! - on top of that, every weight refitted on 123,977 new positions: error 0.014476 down to 0.013508,
//!   44.6% over 177 self-play games;
//! - a table of mobility by square count and a free passed pawn's path, fitted alone on those
//!   positions (the other weights kept): error down to 0.014248, 43.1% over 102;
//! - king safety by safe checks, all refitted: 51.3% over 300 in self-play, and behind against
//!   Stockfish.

use std::io::{BufRead, BufWriter, Write};
use std::process::{Command, Stdio};

use engine::search::{choose, ladder_level};
use engine::variants::chess::orthodox::tune::{self, PHASES, TERMS};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    match args.first().map(String::as_str) {
        Some("positions") => positions(number(1, 100), number(2, 1)),
        Some("label") => label(number(1, 8)),
        Some("fit") => fit(
            number(1, 1000) as usize,
            args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0.0),
            number(3, 0) as usize,
        ),
        _ => eprintln!(
            "usage: tune_orthodox positions <games> <seed> | label <depth> | fit <epochs> [<pull> [<first term>]]"
        ),
    }
}

/// A small deterministic generator (xorshift), so that a seed gives the same games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn positions(games: u64, seed: u64) {
    let rules = engine::variants::by_slug("chess").expect("chess is registered");
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    for game in 0..games {
        let mut rng = Rng((seed + game).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut position = rules.start(&[]);
        let random_plies = 4 + rng.below(6);
        let level = ladder_level(2 + rng.below(5) as u32);
        let mut actions = Vec::new();
        for ply in 0..240 {
            if position.outcome().is_some() {
                break;
            }
            actions.clear();
            position.actions(&mut actions);
            if actions.is_empty() {
                break;
            }
            let action = if ply < random_plies {
                actions[rng.below(actions.len())]
            } else {
                match choose(position.as_ref(), level, &mut || false, rng.below(1 << 30) as u64) {
                    Some(found) => found.action,
                    None => break,
                }
            };
            if position.play(action).is_err() {
                break;
            }
            let fen = position.to_text();
            if ply >= 10 && ply % 2 == 0 && tune::trace(&fen).is_some() {
                let _ = writeln!(out, "{fen}");
            }
        }
        let _ = out.flush();
    }
}

fn label(depth: u64) {
    // Debian installs it in /usr/games, which is not always on the path.
    let program = std::env::var("STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".into());
    let mut child = Command::new(&program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program} (set STOCKFISH to its path): {e}"));
    let mut to_fish = child.stdin.take().expect("piped");
    let mut from_fish = std::io::BufReader::new(child.stdout.take().expect("piped"));
    let _ = writeln!(to_fish, "uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready");
    let mut line = String::new();
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    for fen in std::io::stdin().lock().lines().map_while(Result::ok) {
        let white_to_move = fen.split(' ').nth(1) == Some("w");
        let _ = writeln!(to_fish, "position fen {fen}\ngo depth {depth}");
        let _ = to_fish.flush();
        let mut score = None;
        loop {
            line.clear();
            if from_fish.read_line(&mut line).unwrap_or(0) == 0 {
                let _ = child.wait();
                return;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(i) = words.iter().position(|&w| w == "score") {
                score = match (words.get(i + 1), words.get(i + 2).and_then(|v| v.parse::<i32>().ok())) {
                    (Some(&"cp"), Some(cp)) => Some(cp),
                    _ => None, // a mate: no centipawns to learn from
                };
            }
            if words.first() == Some(&"bestmove") {
                break;
            }
        }
        if let Some(cp) = score {
            let _ = writeln!(out, "{fen};{}", if white_to_move { cp } else { -cp });
        }
    }
    let _ = writeln!(to_fish, "quit");
    drop(to_fish);
    let _ = child.wait();
}

/// Positions a term must appear in (with a non-zero count) to be fitted.
const MIN_POSITIONS: usize = 1000;

/// Centipawns to an expected score (0 to 1): 400 centipawns make odds of ten to one.
fn expected(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

fn fit(epochs: usize, pull: f64, first_term: usize) {
    let mut samples = Vec::new();
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Some((fen, cp)) = line.rsplit_once(';') else { continue };
        let (Some(trace), Ok(cp)) = (tune::trace(fen), cp.trim().parse::<f64>()) else { continue };
        samples.push((trace, expected(cp)));
    }
    eprintln!("{} quiet labelled positions", samples.len());
    // Weights as floats: mg for each term, then eg.
    let current = tune::current();
    let mut w: Vec<f64> =
        current.iter().map(|&(mg, _)| mg as f64).chain(current.iter().map(|&(_, eg)| eg as f64)).collect();
    // Stockfish's centipawns and ours need not be the same size: find the factor that best maps ours
    // onto its with the weights played now, and keep it, so the fitted weights keep our scale (the
    // search's margins are in our centipawns).
    let error = |w: &[f64], scale: f64| {
        samples.iter().map(|(t, target)| (expected(scale * predict(t, w)) - target).powi(2)).sum::<f64>()
            / samples.len() as f64
    };
    let scale = (50..=300)
        .map(|percent| percent as f64 / 100.0)
        .min_by(|&a, &b| error(&w, a).total_cmp(&error(&w, b)))
        .unwrap_or(1.0);
    eprintln!("scale {scale}: mean squared error with the weights played now: {:.6}", error(&w, scale));
    // A term seen in few positions would be fitted to their noise (a king on the eighth rank in the
    // middle game): it keeps the weight played now.
    let mut seen = vec![0usize; TERMS];
    for (trace, _) in &samples {
        for &(term, _) in &trace.terms {
            seen[term as usize] += 1;
        }
    }
    // Terms before `first_term` keep their weights too: a new term can be fitted alone, around the
    // weights that are played (see the module's comment for why that matters).
    let frozen: Vec<bool> = seen.iter().enumerate().map(|(term, &n)| n < MIN_POSITIONS || term < first_term).collect();
    eprintln!(
        "{} of {TERMS} terms keep their weights (seen in fewer than {MIN_POSITIONS} positions, or before term {first_term})",
        frozen.iter().filter(|&&f| f).count()
    );
    let (mut m, mut v) = (vec![0.0; 2 * TERMS], vec![0.0; 2 * TERMS]);
    let start = w.clone();
    let (rate, beta1, beta2) = (1.0, 0.9, 0.999);
    let k = scale * 10f64.ln() / 400.0;
    for epoch in 1..=epochs {
        let mut gradient = vec![0.0; 2 * TERMS];
        for (trace, target) in &samples {
            let p = expected(scale * predict(trace, &w));
            // d(error)/d(eval), then shared out by phase.
            let d = 2.0 * (p - target) * p * (1.0 - p) * k;
            let mg = d * trace.phase as f64 / PHASES as f64;
            let eg = d - mg;
            for &(term, count) in &trace.terms {
                gradient[term as usize] += mg * count as f64;
                gradient[TERMS + term as usize] += eg * count as f64;
            }
        }
        for i in (0..2 * TERMS).filter(|i| !frozen[i % TERMS]) {
            // `pull` draws each weight towards the one played now (a weight's error must earn its move).
            let g = gradient[i] / samples.len() as f64 + pull * (w[i] - start[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if epoch % 100 == 0 {
            eprintln!("epoch {epoch}: {:.6}", error(&w, scale));
        }
    }
    eprintln!("mean squared error fitted: {:.6}", error(&w, scale));
    let rounded: Vec<(i32, i32)> = (0..TERMS).map(|i| (w[i].round() as i32, w[TERMS + i].round() as i32)).collect();
    print!("{}", tune::source("WEIGHTS", &rounded));
}

/// The evaluation (centipawns, White's side) of a trace under weights `w` (mg terms, then eg).
fn predict(trace: &tune::Trace, w: &[f64]) -> f64 {
    // The king danger is not fitted: it comes as it is.
    let (mut mg, mut eg) = (trace.fixed.0 as f64, trace.fixed.1 as f64);
    for &(term, count) in &trace.terms {
        mg += w[term as usize] * count as f64;
        eg += w[TERMS + term as usize] * count as f64;
    }
    (mg * trace.phase as f64 + eg * (PHASES - trace.phase) as f64) / PHASES as f64
}
