//! `chessfront`: the engine on the command line.
//!
//! ```text
//! chessfront perft <variant> <depth> [position] [--divide] [--option <n>]...
//! chessfront moves <variant> [position] [--option <n>]...
//! chessfront play  <variant> [--position <text>] [--option <n>...] [--seed <hex>] [--card <card> --at <ply>]
//!                  [--setup <men>]... <move>...
//! chessfront link  <url-or-fragment>
//! chessfront continue <stored-link> <incoming-link> [--seat <n>]
//! chessfront think <variant> [position] [--level <player>] [--millis <n>] [--seed <n>] [--option <n>]...
//! chessfront match <variant> <player> <player> [--games <n>] [--turns <n>] [--threads <n>] [--seed <n>]
//!                  [--option <n>]...     (a player: a level 1-5, greedy, d<n>: depth n, or old<n>: level n's old search)
//! chessfront variants
//! chessfront [<command>] --help
//! ```
//! `--option <n>` gives a variant's option values in the order `variants` lists them (Napoleon's
//! `--option 1`: four players). Errors go to standard error as `error [code]: message` with exit
//! status 1; usage errors exit 2; `--help` prints the usage to standard output.

use engine::chance::{ChanceSource, SEED_BYTES};
use engine::game::Decision;
use engine::search::{self, Level};
use engine::variants::chess2024::{Card, Chess2024, FORTUNE_PLIES, GIFT_KINDS, SQUARE_PAIRS};
use engine::{arena, link, variants, Error, Game};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  chessfront perft <variant> <depth> [position] [--divide] [--option <n>]...
  chessfront moves <variant> [position] [--option <n>]...
  chessfront play <variant> [--position <text>] [--option <n>]... [--seed <24 hex digits>] [--setup <men>]...
                  [--card queen|ace-squares|ace-isolated|joker --at <ply> [--detail <n>]] <move>...
  chessfront link <url-or-fragment>
  chessfront continue <stored-link> <incoming-link> [--seat <n>]   (the page's continuation rule: accepted, or why not)
  chessfront think <variant> [position] [--level <player>] [--millis <n>] [--seed <n>] [--option <n>]...
  chessfront match <variant> <player> <player> [--games <n>] [--turns <n>] [--threads <n>] [--seed <n>] [--option <n>]...
                   (a player: a level 1-5, greedy, d<n>: depth n, new1-new5 / old1-old5: a level with the new / old search)
  chessfront variants
  chessfront [<command>] --help";

/// What each command does, for `chessfront <command> --help` (after the command's usage lines).
const HELP: &[(&str, &str)] = &[
    (
        "perft",
        "Counts the decision paths of the given depth from the start or the given position (--divide: per first
action). --option gives the variant's option values in the order `chessfront variants` lists them.",
    ),
    (
        "moves",
        "Lists the legal actions of the start or the given position, one per line as name and coordinates. A
finished position lists none and prints its outcome. --option as for perft (Napoleon --option 1: a
four-player position).",
    ),
    (
        "play",
        "Plays the moves (move-list names or coordinates; resign, offer-draw, accept-draw) from the start or
--position and prints the game and its link. --setup places each setup due (Napoleon), in turn order.
--seed fixes the chance of the game. --card forces the fortunes of war (Chess 2024 with its fortunes on)
before ply --at (20 to 60); --detail chooses within that card only:
  queen         0-7 the gift: queen, rook, bishop, knight, pawn, elite, jester, cannon (default 0)
  ace-squares   0-263 the two adjacent squares killed: 0-131 side by side a1-b1, b1-c1, ... k12-l12,
                132-263 one above the other a1-a2, b1-b2, ... l11-l12 (default 0)
  ace-isolated  no detail: every isolated piece of the side to move is killed
  joker         no detail: the game goes back 10 plies",
    ),
    ("link", "Replays a game link (a whole URL or its fragment) and prints the game."),
    (
        "continue",
        "Applies the page's continuation rule: what a browser that keeps the game of <stored-link> and plays
--seat in it (default: the seat that made the stored link's last decision, its sender) does when
<incoming-link> is opened; decisions in that seat's name in the incoming link are refused. Prints `accepted: N plies (M new)` (exit 0), or the refusal's code and message
(exit 1): another game, chance mode or start, a changed commitment or seal, a rewrite, an older copy.",
    ),
    (
        "think",
        "Lets the computer player choose an action for the start or the given position (--level: a level 1-5,
greedy, or d<n> for a fixed depth; --millis bounds its time).",
    ),
    ("match", "Plays games between two computer players and prints the score."),
    ("variants", "Lists the variants: slug, name, id, rules revision and options with their values."),
];

/// The usage lines of `command` (all of them for `None`) and what it does.
fn help(command: Option<&str>) -> String {
    let Some(command) = command else {
        let commands: Vec<&str> = HELP.iter().map(|(c, _)| *c).collect();
        return format!("{USAGE}\n\ncommands: {}; `chessfront <command> --help` tells more.", commands.join(", "));
    };
    let head = format!("chessfront {command}");
    let lines: Vec<&str> = USAGE
        .lines()
        .skip_while(|l| l.trim_start() != head && !l.trim_start().starts_with(&format!("{head} ")))
        .enumerate()
        .take_while(|(i, l)| *i == 0 || !l.trim_start().starts_with("chessfront "))
        .map(|(_, l)| l)
        .collect();
    let about = HELP.iter().find(|(c, _)| *c == command).map_or("", |(_, a)| a);
    format!("usage:\n{}\n\n{about}", lines.join("\n"))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            // The command's own usage when there is one, else every command's.
            let command = args.first().map(|c| c.as_str()).filter(|c| HELP.iter().any(|(h, _)| h == c));
            let usage = command.map_or(USAGE.to_string(), |c| help(Some(c)));
            eprintln!("{message}\n{usage}");
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
    if matches!(command.as_str(), "--help" | "-h" | "help") {
        println!("{}", help(rest.first().map(|c| c.as_str()).filter(|c| HELP.iter().any(|(h, _)| h == c))));
        return Ok(());
    }
    if rest.iter().any(|a| a == "--help" || a == "-h") && HELP.iter().any(|(c, _)| c == command) {
        println!("{}", help(Some(command)));
        return Ok(());
    }
    match command.as_str() {
        "perft" => {
            let divide = rest.iter().any(|a| a == "--divide");
            let args: Vec<String> = rest.iter().filter(|a| *a != "--divide").cloned().collect();
            let flags = Flags::parse(&args)?.only(&["--option"])?;
            let (slug, depth) = match flags.free.as_slice() {
                [slug, depth] | [slug, depth, _] => (slug, depth),
                _ => return Err(usage("perft takes a variant, a depth and optionally a position")),
            };
            let depth: u32 = depth.parse().map_err(|_| usage("the depth must be a whole number"))?;
            let game = flags.game(slug, flags.free.get(2))?;
            note_start_event(&game);
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
                engine::perft::perft(position, depth)
            };
            let seconds = started.elapsed().as_secs_f64();
            println!("{total}");
            eprintln!("{:.3} s, {:.1} M nodes/s", seconds, total as f64 / seconds.max(1e-9) / 1e6);
        }
        "moves" => {
            let flags = Flags::parse(rest)?.only(&["--option"])?;
            let [slug, position @ ..] = flags.free.as_slice() else {
                return Err(usage("moves takes a variant and optionally a position"));
            };
            if position.len() > 1 {
                return Err(usage("moves takes one position (quote it)"));
            }
            let game = flags.game(slug, position.first())?;
            note_start_event(&game);
            // The game's own list: nothing once the game is over (as `play` says), and then why.
            if game.outcome().is_some() {
                println!("outcome: {}", outcome_text(&game));
            }
            for decision in game.decisions() {
                if let Decision::Act(a) = decision {
                    let info = game.position().info(a);
                    println!("{} {}", info.name, info.coord);
                }
            }
        }
        "play" => {
            let slug = rest.first().ok_or_else(|| usage("play takes a variant and moves"))?;
            let mut setup = None;
            let mut options: Vec<u8> = Vec::new();
            let mut chance = ChanceSource::Seeded([0; SEED_BYTES]);
            let (mut card, mut at, mut detail) = (None, None, None);
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
                    "--detail" => {
                        detail = Some(value("a number")?.parse::<u64>().map_err(|_| usage("--detail takes a number"))?)
                    }
                    flag if flag.starts_with("--") => return Err(Failure::Usage(format!("play has no option {flag}"))),
                    _ => moves.push(arg.as_str()),
                }
            }
            if let Some(card) = &card {
                // Forced fortunes of war (Chess 2024): the named card strikes before ply `--at`, with
                // `--detail` choosing within that card only (see `forced_chance` for the encoding).
                let within = |count: u64| match detail {
                    Some(d) if d >= count => {
                        Err(Failure::Usage(format!("--detail of {card} is 0 to {}, not {d}", count - 1)))
                    }
                    d => Ok(d.unwrap_or(0)),
                };
                let none = || match detail {
                    Some(_) => Err(Failure::Usage(format!("{card} takes no --detail"))),
                    None => Ok(0),
                };
                let (card, detail) = match card.as_str() {
                    "queen" => (Card::QueenOfHearts, within(GIFT_KINDS)?),
                    "ace-squares" => (Card::AceOfSpades, within(SQUARE_PAIRS)? * 2),
                    "ace-isolated" => (Card::AceOfSpades, none()? * 2 + 1),
                    "joker" => (Card::Joker, none()?),
                    other => {
                        return Err(Failure::Usage(format!(
                            "unknown card '{other}': queen, ace-squares, ace-isolated or joker"
                        )))
                    }
                };
                let ply = at.ok_or_else(|| usage("--card needs --at <ply>"))?;
                let (first, last) = FORTUNE_PLIES;
                if !(first..=last).contains(&ply) {
                    return Err(Failure::Usage(format!("--at takes a ply from {first} to {last}, not {ply}")));
                }
                chance = ChanceSource::Scripted(vec![(ply as u32, Chess2024::forced_chance(ply, card, detail))]);
            } else if at.is_some() || detail.is_some() {
                return Err(usage("--at and --detail go with --card"));
            }
            let rules = variants::by_slug(slug)?;
            let options = (!options.is_empty()).then_some(options);
            let mut game = Game::with_chance(rules, options.as_deref(), setup, chance)?;
            if card.is_some() && !game.position().uses_chance() {
                return Err(usage("--card needs a game with chance: Chess 2024 with the fortunes of war on"));
            }
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
        "continue" => {
            let (links, seat) = match rest {
                [stored, incoming] => ([stored, incoming], None),
                [stored, incoming, flag, seat] if flag == "--seat" => {
                    ([stored, incoming], Some(seat.parse::<u8>().map_err(|_| usage("--seat takes a seat number"))?))
                }
                _ => return Err(usage("continue takes a stored link, an incoming link and optionally --seat <n>")),
            };
            let [stored, incoming] = links;
            let (verdict, plies) = engine::session::judge_continuation(stored, incoming, seat)?;
            match verdict {
                engine::session::continuation::Continuation::Same => {
                    println!("accepted: the same game ({plies} plies), nothing new")
                }
                engine::session::continuation::Continuation::Extends { .. } => {
                    let before = link::decode(stored)?.game.record().len();
                    println!("accepted: {plies} plies ({} new)", plies - before)
                }
            }
        }
        "think" => {
            let slug = rest.first().ok_or_else(|| usage("think takes a variant"))?;
            let flags = Flags::parse(&rest[1..])?.only(&["--level", "--millis", "--seed", "--option"])?;
            let game = flags.game(slug, flags.free.first())?;
            note_start_event(&game);
            if game.outcome().is_some() {
                // As moves and play say: nothing to decide (the position may still list actions).
                return Err(Error::new(
                    engine::ErrorCode::GameOver,
                    format!("The game is over: {}.", outcome_text(&game)),
                )
                .into());
            }
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
            let flags = Flags::parse(&rest[3..])?.only(&["--games", "--turns", "--threads", "--seed", "--option"])?;
            let (a, b) = (player(a)?, player(b)?);
            let games = flags.number("--games")?.unwrap_or(100) as u32;
            let turns = flags.number("--turns")?.unwrap_or(200) as u32;
            let threads = flags
                .number("--threads")?
                .map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
            let seed = flags.number("--seed")?.unwrap_or(1);
            let options = flags.options()?.unwrap_or_default();
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
                // Options in the order their `--option` values are given.
                for option in info.options {
                    let values: Vec<String> = (0..option.choices.len())
                        .map(|v| {
                            let default = if v == option.default as usize { ", the default" } else { "" };
                            format!("--option {v} ({}{default})", option.choices[v])
                        })
                        .collect();
                    println!("  {}: {}", option.label, values.join(" or "));
                }
            }
        }
        other => return Err(Failure::Usage(format!("unknown command '{other}'"))),
    }
    Ok(())
}

fn parse_seed(hex: &str) -> Option<[u8; SEED_BYTES]> {
    if hex.len() != SEED_BYTES * 2 {
        return None;
    }
    let mut seed = [0u8; SEED_BYTES];
    for (i, byte) in seed.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(i * 2..i * 2 + 2)?, 16).ok()?;
    }
    Some(seed)
}

/// A chance event that struck before the first decision (the game applied it on reading its start), as
/// the start position shows it.
fn start_event(game: &Game) -> Option<String> {
    let event = game.position_at(0).ok()?.view().event?;
    Some(format!("{}! {}", event.title, event.text))
}

/// For the commands that look at one position (perft, moves, think): a chance event that struck on
/// reading it changed it, which standard error says (standard output stays the command's own).
fn note_start_event(game: &Game) {
    if let Some(event) = start_event(game) {
        eprintln!("note: before the first move, {event}");
    }
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
    if let Some(event) = start_event(game) {
        println!("before move 1: {event}");
    }
    for (i, entry) in game.record().iter().enumerate() {
        if let Some(note) = &entry.note {
            println!("after move {}: {note}", i + 1);
        }
    }
    if game.waiting_for_chance() {
        println!("waiting: a chance event needs a player's secret that is not revealed yet");
    }
    println!("position: {}", game.position().to_text());
    println!("outcome: {}", outcome_text(game));
}

/// `<score> <who> by <reason>` for a finished game, `* <seat> to move` otherwise.
fn outcome_text(game: &Game) -> String {
    match game.outcome() {
        Some(o) => {
            let who = match o.winner {
                Some(seat) => format!("{} wins", game.seat_names().get(seat as usize).copied().unwrap_or("?")),
                None => "draw".to_string(),
            };
            format!("{} {} by {}", o.score_for(game.seat_count()), who, o.reason.describe())
        }
        None => {
            let seat = game.to_move() as usize;
            let offer = if game.decisions().contains(&Decision::AcceptDraw) { " (a draw is offered)" } else { "" };
            format!("* {} to move{offer}", game.seat_names().get(seat).copied().unwrap_or("?"))
        }
    }
}

/// A player of `think` and `match`: a level number (1 = weakest, the players' levels), `greedy`, `d<n>`
/// (a fixed depth, new search), `new<n>`: level n with the new search of issue 19, or `old<n>`: level n
/// with the search as it was before (today the same as level n), to measure one against the other.
fn player(name: &str) -> Result<Level, Failure> {
    if name == "greedy" {
        return Ok(search::GREEDY);
    }
    for (prefix, legacy, names) in [
        ("old", true, ["old1", "old2", "old3", "old4", "old5"]),
        ("new", false, ["new1", "new2", "new3", "new4", "new5"]),
    ] {
        if let Some(n) = name.strip_prefix(prefix) {
            let level = player(n)?;
            let index = n
                .parse::<usize>()
                .map_err(|_| Failure::Usage(format!("unknown player '{name}': {prefix}1-{prefix}5")))?;
            return Ok(Level { legacy, name: names[index - 1], ..level });
        }
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

    /// The flags, when every one of them is among `allowed`.
    fn only(self, allowed: &[&str]) -> Result<Flags, Failure> {
        match self.pairs.iter().find(|(n, _)| !allowed.contains(&n.as_str())) {
            Some((name, _)) => Err(Failure::Usage(format!("unknown option {name}"))),
            None => Ok(self),
        }
    }

    /// The `--option <n>` values in the order given, or `None` for the variant's defaults.
    fn options(&self) -> Result<Option<Vec<u8>>, Failure> {
        let values = self.all("--option");
        if values.is_empty() {
            return Ok(None);
        }
        let parse =
            |v: &&str| v.parse::<u8>().map_err(|_| Failure::Usage(format!("--option takes a number, not '{v}'")));
        values.iter().map(parse).collect::<Result<Vec<u8>, Failure>>().map(Some)
    }

    /// A game of the variant under the `--option` values, from its start or the given position.
    fn game(&self, slug: &str, position: Option<&String>) -> Result<Game, Failure> {
        Ok(Game::new(variants::by_slug(slug)?, self.options()?.as_deref(), position.map(|p| p.as_str()))?)
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
