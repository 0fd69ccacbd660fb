//! `chessfront`: the engine on the command line.
//!
//! ```text
//! chessfront perft <variant> <depth> [position] [--divide]
//! chessfront moves <variant> [position]
//! chessfront play  <variant> [--position <text>] [--option <n>...] [--seed <hex>] [--card <card> --at <ply>]
//!                  [--setup <men>]... <move>...
//! chessfront link  <url-or-fragment>
//! chessfront think <variant> [position] [--level <player>] [--millis <n>] [--seed <n>]
//! chessfront match <variant> <player> <player> [--games <n>] [--turns <n>] [--threads <n>] [--seed <n>]
//!                  [--option <n>]...     (a player: a level 1-5, greedy, d<n>: depth n, or old<n>: level n's old search)
//! chessfront variants
//! ```
//! Errors go to standard error as `error [code]: message` with exit status 1; usage errors exit 2.

use engine::chance::{ChanceSource, SECRET_BYTES};
use engine::game::Decision;
use engine::search::{self, Level};
use engine::variants::chess2024::{Card, Chess2024};
use engine::{arena, link, variants, Error, Game};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  chessfront perft <variant> <depth> [position] [--divide]
  chessfront moves <variant> [position]
  chessfront play <variant> [--position <text>] [--option <n>]... [--seed <24 hex digits>] [--setup <men>]...
                  [--card queen|ace-squares|ace-isolated|joker --at <ply> [--detail <n>]] <move>...
  chessfront link <url-or-fragment>
  chessfront think <variant> [position] [--level <player>] [--millis <n>] [--seed <n>]
  chessfront match <variant> <player> <player> [--games <n>] [--turns <n>] [--threads <n>] [--seed <n>] [--option <n>]...
                   (a player is a level 1-5, greedy, d<n>: depth n, or old1-old5: a level with the search before issue 19)
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
            let mut options: Vec<u8> = Vec::new();
            let mut chance = ChanceSource::Seeded([0; SECRET_BYTES]);
            let (mut card, mut at, mut detail) = (None, None, 0u64);
            let mut moves = Vec::new();
            let mut setups = Vec::new();
            let mut iter = rest[1..].iter();
            while let Some(arg) = iter.next() {
                let mut value =
                    |what: &str| iter.next().map(|s| s.as_str()).ok_or_else(|| usage(&format!("{arg} needs {what}")));
                match arg.as_str() {
                    "--position" => setup = Some(value("a position")?),
                    "--setup" => setups.push(value("a setup")?),
                    "--option" => {
                        options.push(value("a number")?.parse().map_err(|_| usage("--option takes a number"))?)
                    }
                    "--seed" => {
                        chance = ChanceSource::Seeded(
                            parse_seed(value("24 hex digits")?).ok_or_else(|| usage("--seed takes 24 hex digits"))?,
                        )
                    }
                    "--card" => card = Some(value("a card")?.to_string()),
                    "--at" => at = Some(value("a ply")?.parse::<u16>().map_err(|_| usage("--at takes a ply number"))?),
                    "--detail" => detail = value("a number")?.parse().map_err(|_| usage("--detail takes a number"))?,
                    _ => moves.push(arg.as_str()),
                }
            }
            if let Some(card) = card {
                // Forced fortunes of war (Chess 2024): the named card strikes before ply `--at`.
                let card = match card.as_str() {
                    "queen" => Card::QueenOfHearts,
                    "ace-squares" => Card::AceOfSpades,
                    "ace-isolated" => {
                        detail = detail * 2 + 1;
                        Card::AceOfSpades
                    }
                    "joker" => Card::Joker,
                    other => return Err(Failure::Usage(format!("unknown card '{other}'"))),
                };
                if card == Card::AceOfSpades && detail % 2 == 0 {
                    detail *= 2;
                }
                let ply = at.ok_or_else(|| usage("--card needs --at <ply>"))?;
                chance = ChanceSource::Scripted(vec![(ply as u32, Chess2024::forced_chance(ply, card, detail))]);
            }
            let rules = variants::by_slug(slug)?;
            let options = (!options.is_empty()).then_some(options);
            let mut game = Game::with_chance(rules, options.as_deref(), setup, chance)?;
            // Setups (Napoleon), in the order they are due; a sealed one is revealed when its turn comes.
            let mut setups = setups.into_iter();
            while let Some(due) = game.setup_due() {
                if due.sealed {
                    game.place_setup(due.seat, None)?;
                    continue;
                }
                let Some(text) = setups.next() else { break };
                if due.seal {
                    game.seal_setup(due.seat, text, [0; engine::seal::SALT_BYTES], 0)?;
                } else {
                    game.place_setup(due.seat, Some(text))?;
                }
            }
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
        "think" => {
            let slug = rest.first().ok_or_else(|| usage("think takes a variant"))?;
            let flags = Flags::parse(&rest[1..])?;
            let game = Game::from_slug(slug, flags.free.first().map(|s| s.as_str()))?;
            let mut level = player(flags.get("--level").unwrap_or("3"))?;
            let millis = flags.number("--millis")?.map_or(level.millis as u64, |m| m);
            level.millis = millis as u32;
            let started = Instant::now();
            let mut stop = || started.elapsed().as_millis() as u64 > millis;
            let seed = flags.number("--seed")?.unwrap_or(1);
            let found = search::best_action(game.position(), &level, &mut stop, seed)
                .ok_or_else(|| Error::new(engine::ErrorCode::GameOver, "There is nothing to decide here."))?;
            let seconds = started.elapsed().as_secs_f64();
            println!(
                "{} (score {}, depth {}, {} nodes, {:.0} knodes/s, {:.0} ms)",
                game.position().info(found.action).name,
                found.score,
                found.depth,
                found.nodes,
                found.nodes as f64 / seconds.max(1e-9) / 1000.0,
                seconds * 1000.0
            );
        }
        "match" => {
            let [slug, a, b, ..] = rest else { return Err(usage("match takes a variant and two players")) };
            let rules = variants::by_slug(slug)?;
            let flags = Flags::parse(&rest[3..])?;
            let (a, b) = (player(a)?, player(b)?);
            let games = flags.number("--games")?.unwrap_or(100) as u32;
            let turns = flags.number("--turns")?.unwrap_or(200) as u32;
            let threads = flags
                .number("--threads")?
                .map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
            let seed = flags.number("--seed")?.unwrap_or(1);
            let options: Vec<u8> = flags.all("--option").iter().filter_map(|o| o.parse().ok()).collect();
            let started = Instant::now();
            let terms = arena::Match {
                rules,
                options: (!options.is_empty()).then_some(options.as_slice()),
                games,
                seed,
                max_turns: turns,
                threads,
            };
            // One line per game as it ends, on standard error (the summary alone goes to standard
            // output): game g is played with seed + g (A has White in even games), so a long match
            // can be played in chunks and summed.
            let report = |g: u32, game: &arena::GameResult, a_seat: u8| {
                let result = match game.winner {
                    Some(w) if w == a_seat => format!("{} wins", a.name),
                    Some(_) => format!("{} wins", b.name),
                    None if game.unfinished => "unfinished".to_string(),
                    None => "draw".to_string(),
                };
                let how = if game.adjudicated { ", adjudicated" } else { "" };
                let white = if a_seat == 0 { a.name } else { b.name };
                eprintln!(
                    "game {g} (seed {}): {white} White, {result}{how}, {} decisions",
                    seed + g as u64,
                    game.decisions
                );
            };
            let r = arena::play_match_reporting(&terms, &a, &b, &report);
            let share =
                r.decisive_share().map_or("no decisive game".to_string(), |(p, e)| format!("{p:.0}% ± {e:.0}%"));
            let searched = |s: arena::Searched| {
                s.means()
                    .map_or("no search".to_string(), |(depth, nodes)| format!("depth {depth:.1}, {nodes:.0} nodes"))
            };
            println!(
                "{slug} {} vs {}: {} games, {} wins, {} losses, {} draws ({} adjudicated, {} unfinished at {turns} turns); {} of decisive games won; mean search {} vs {}; {:.0} s",
                a.name,
                b.name,
                r.games(),
                r.a_wins,
                r.b_wins,
                r.draws,
                r.adjudicated,
                r.unfinished,
                share,
                searched(r.searched[0]),
                searched(r.searched[1]),
                started.elapsed().as_secs_f64()
            );
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

fn parse_seed(hex: &str) -> Option<[u8; SECRET_BYTES]> {
    if hex.len() != SECRET_BYTES * 2 {
        return None;
    }
    let mut seed = [0u8; SECRET_BYTES];
    for (i, byte) in seed.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(i * 2..i * 2 + 2)?, 16).ok()?;
    }
    Some(seed)
}

fn print_game(game: &Game) {
    let info = game.rules().info();
    println!("variant: {}", info.slug);
    if let Some(setup) = game.setup() {
        println!("setup: {setup}");
    }
    // Unnamed decisions (the pick of a man, a man of a setup) belong to the named one after them.
    let moves: Vec<String> = game.record().iter().filter(|e| !e.name.is_empty()).map(|e| e.name.clone()).collect();
    println!("moves: {}", moves.join(" "));
    for (i, entry) in game.record().iter().enumerate() {
        if let Some(note) = &entry.note {
            println!("after move {}: {note}", i + 1);
        }
    }
    if game.waiting_for_chance() {
        println!("waiting: a chance event needs a player's secret that is not revealed yet");
    }
    println!("position: {}", game.position().to_text());
    match game.outcome() {
        Some(o) => {
            let who = match o.winner {
                Some(seat) => format!("{} wins", game.seat_names().get(seat as usize).copied().unwrap_or("?")),
                None => "draw".to_string(),
            };
            println!("outcome: {} {} by {}", o.score_for(game.seat_count()), who, o.reason.describe());
        }
        None => {
            let seat = game.to_move() as usize;
            let offer = if game.decisions().contains(&Decision::AcceptDraw) { " (a draw is offered)" } else { "" };
            println!("outcome: * {} to move{offer}", game.seat_names().get(seat).copied().unwrap_or("?"));
        }
    }
}

/// A player of `think` and `match`: a level number (1 = weakest), `greedy`, `d<n>` (a fixed depth), or
/// `old<n>`: level n with the search as it was before issue 19 (to measure the new one against it).
fn player(name: &str) -> Result<Level, Failure> {
    if name == "greedy" {
        return Ok(search::GREEDY);
    }
    if let Some(n) = name.strip_prefix("old") {
        const NAMES: [&str; 5] = ["old1", "old2", "old3", "old4", "old5"];
        let level = player(n)?;
        let index = n.parse::<usize>().map_err(|_| Failure::Usage(format!("unknown player '{name}': old1-old5")))?;
        return Ok(Level { legacy: true, name: NAMES[index - 1], ..level });
    }
    // `d4`: a fixed depth, no node budget (analysis, and measuring what a depth costs).
    if let Some(depth) = name.strip_prefix('d').and_then(|d| d.parse::<u32>().ok()).filter(|d| (1..=64).contains(d)) {
        return Ok(Level::depth(depth));
    }
    name.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| search::LEVELS.get(i)).copied().ok_or_else(
        || {
            Failure::Usage(format!(
                "unknown player '{name}': a level 1-{}, greedy, or d1-d64 (a fixed depth)",
                search::LEVELS.len()
            ))
        },
    )
}

/// `--name value` pairs and the free arguments among them.
struct Flags {
    pairs: Vec<(String, String)>,
    free: Vec<String>,
}

impl Flags {
    fn parse(args: &[String]) -> Result<Flags, Failure> {
        let mut flags = Flags { pairs: Vec::new(), free: Vec::new() };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if arg.starts_with("--") {
                let value = iter.next().ok_or_else(|| Failure::Usage(format!("{arg} needs a value")))?;
                flags.pairs.push((arg.clone(), value.clone()));
            } else {
                flags.free.push(arg.clone());
            }
        }
        Ok(flags)
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn all(&self, name: &str) -> Vec<&str> {
        self.pairs.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
    }

    fn number(&self, name: &str) -> Result<Option<u64>, Failure> {
        self.get(name)
            .map(|v| v.parse::<u64>().map_err(|_| Failure::Usage(format!("{name} takes a number"))))
            .transpose()
    }
}
