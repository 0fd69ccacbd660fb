//! `chessfront`: the engine on the command line.
//!
//! ```text
//! chessfront perft <variant> <depth> [position] [--divide]
//! chessfront moves <variant> [position]
//! chessfront play  <variant> [--position <text>] <move>...
//! chessfront link  <url-or-fragment>
//! chessfront variants
//! ```
//! Errors go to standard error as `error [code]: message` with exit status 1; usage errors exit 2.

use engine::game::Decision;
use engine::{link, variants, Error, Game};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  chessfront perft <variant> <depth> [position] [--divide]
  chessfront moves <variant> [position]
  chessfront play <variant> [--position <text>] <move>...
  chessfront link <url-or-fragment>
  chessfront variants";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("{message}\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Engine(e)) => {
            eprintln!("error [{}]: {}", e.code.as_str(), e.message);
            ExitCode::from(1)
        }
    }
}

enum Failure {
    Usage(String),
    Engine(Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Engine(e)
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let command = args.first().ok_or_else(|| usage("missing command"))?;
    let rest = &args[1..];
    match command.as_str() {
        "perft" => {
            let divide = rest.iter().any(|a| a == "--divide");
            let plain: Vec<&String> = rest.iter().filter(|a| *a != "--divide").collect();
            let (slug, depth) = match plain.as_slice() {
                [slug, depth] | [slug, depth, _] => (slug, depth),
                _ => return Err(usage("perft takes a variant, a depth and optionally a position")),
            };
            let depth: u32 = depth.parse().map_err(|_| usage("the depth must be a whole number"))?;
            let game = Game::from_slug(slug, plain.get(2).map(|s| s.as_str()))?;
            let position = game.position();
            let started = Instant::now();
            let total = if divide {
                let mut total = 0;
                for (action, count) in engine::perft::divide(position, depth) {
                    println!("{} {count}", position.info(action).coord);
                    total += count;
                }
                total
            } else {
                position.perft(depth)
            };
            let seconds = started.elapsed().as_secs_f64();
            println!("{total}");
            eprintln!("{:.3} s, {:.1} M nodes/s", seconds, total as f64 / seconds.max(1e-9) / 1e6);
        }
        "moves" => {
            let slug = rest.first().ok_or_else(|| usage("moves takes a variant and optionally a position"))?;
            let game = Game::from_slug(slug, rest.get(1).map(|s| s.as_str()))?;
            let mut actions = Vec::new();
            game.position().actions(&mut actions);
            for a in actions {
                let info = game.position().info(a);
                println!("{} {}", info.name, info.coord);
            }
        }
        "play" => {
            let slug = rest.first().ok_or_else(|| usage("play takes a variant and moves"))?;
            let mut setup = None;
            let mut moves = Vec::new();
            let mut iter = rest[1..].iter();
            while let Some(arg) = iter.next() {
                if arg == "--position" {
                    setup = Some(iter.next().ok_or_else(|| usage("--position needs a position"))?.as_str());
                } else {
                    moves.push(arg.as_str());
                }
            }
            let mut game = Game::from_slug(slug, setup)?;
            for (i, text) in moves.iter().enumerate() {
                let decision =
                    game.find(text).map_err(|e| Error::new(e.code, format!("move {}: {}", i + 1, e.message)))?;
                game.play(decision)?;
            }
            print_game(&game);
            println!("link: {}", link::encode(&game, 0));
        }
        "link" => {
            let text = rest.first().ok_or_else(|| usage("link takes a URL or a fragment"))?;
            let decoded = link::decode(text)?;
            println!("game id: {:010x}", decoded.game_id);
            print_game(&decoded.game);
        }
        "variants" => {
            for rules in variants::REGISTRY {
                let info = rules.info();
                println!("{} {} (id {}, revision {})", info.slug, info.name, info.id, info.revision);
            }
        }
        other => return Err(Failure::Usage(format!("unknown command '{other}'"))),
    }
    Ok(())
}

fn print_game(game: &Game) {
    let info = game.rules().info();
    println!("variant: {}", info.slug);
    if let Some(setup) = game.setup() {
        println!("setup: {setup}");
    }
    let moves: Vec<String> = game.record().iter().map(|e| e.name.clone()).collect();
    println!("moves: {}", moves.join(" "));
    println!("position: {}", game.position().to_text());
    match game.outcome() {
        Some(o) => {
            let who = match o.winner {
                Some(seat) => format!("{} wins", info.seat_names.get(seat as usize).copied().unwrap_or("?")),
                None => "draw".to_string(),
            };
            println!("outcome: {} {} by {}", o.score(), who, o.reason.describe());
        }
        None => {
            let seat = game.to_move() as usize;
            let offer = if game.decisions().contains(&Decision::AcceptDraw) { " (a draw is offered)" } else { "" };
            println!("outcome: * {} to move{offer}", info.seat_names.get(seat).copied().unwrap_or("?"));
        }
    }
}
