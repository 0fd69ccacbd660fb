//! `chessfront`: the engine on the command line.
//!
//! ```text
//! chessfront perft <variant> <depth> [position] [--divide] [--setting <n>]...
//! chessfront moves <variant> [position] [--setting <n>]...
//! chessfront play  <variant> [--position <text>] [--setting <n>...] [--seed <hex>] [--card <card> --at <ply>]
//!                  [--setup <men>]... <move>...
//! chessfront link  <url-or-fragment>
//! chessfront continue <stored-link> <incoming-link> [--seat <n>]
//! chessfront think <variant> [position | -] [--level <player>] [--millis <n>] [--seed <n>] [--setting <n>]...
//!                  (-: one position a line from standard input, one answer a line, one player's game)
//! chessfront match <variant> <player> <player> [--games <n>] [--turns <n>] [--threads <n>] [--seed <n>]
//!                  [--setting <n>]...     (a player: a level 1-14 or strongest, greedy, d<n>: depth n, new<n> / old<n>:
//!                                          level n of the five before the ladder with the new / old search,
//!                                          <player>:nodes=<n>,noise=<cp>,...: a player with bounds changed)
//! chessfront analyse <variant> [position] [--lines <n>] [--level <player> | --nodes <n>] [--setting <n>]...
//! chessfront review <url-or-fragment> [--level <player> | --nodes <n>] [--format text|pgn]
//! chessfront variants
//! chessfront [<command>] --help
//! ```
//! `--setting <n>` gives a variant's setting values in the order `variants` lists them (Napoleon's
//! `--setting 1`: four players); `--option <n>`, its old name, is still accepted. Errors go to standard
//! error as `error [code]: message` with exit status 1; usage errors exit 2; `--help` prints the usage to
//! standard output.

mod analyse;
mod continuation;
mod link;
mod matches;
mod moves;
mod perft;
mod play;
mod review;
mod think;
mod variants;

use engine::chance::SEED_BYTES;
use engine::game::Decision;
use engine::search::{self, Level};
use engine::{Error, Game};
use std::process::ExitCode;

const USAGE: &str = "usage:
  chessfront perft <variant> <depth> [position] [--divide] [--setting <n>]...
  chessfront moves <variant> [position] [--setting <n>]...
  chessfront play <variant> [--position <text>] [--setting <n>]... [--seed <24 hex digits>] [--setup <men>]...
                  [--card queen|ace-squares|ace-isolated|joker --at <ply> [--detail <n>]] <move>...
  chessfront link <url-or-fragment>
  chessfront continue <stored-link> <incoming-link> [--seat <n>]   (the page's continuation rule: accepted, or why not)
  chessfront think <variant> [position | -] [--level <player>] [--millis <n>] [--seed <n>] [--setting <n>]...
  chessfront match <variant> <player> <player> [--games <n>] [--turns <n>] [--threads <n>] [--seed <n>] [--setting <n>]...
                   (a player: a level 1-14 or strongest, greedy, d<n>: depth n;
                    <player>:nodes=<n>,noise=<cp>,min=<depth>,max=<depth>,q=<0|1>,trial=<n>: that player with bounds changed
                    (trial: candidate change n of a build with --features trials))
  chessfront analyse <variant> [position] [--lines <n>] [--level <player> | --nodes <n>] [--setting <n>]...
  chessfront review <url-or-fragment> [--level <player> | --nodes <n>] [--format text|pgn]
  chessfront variants
  chessfront [<command>] --help";

/// What each command does, for `chessfront <command> --help` (after the command's usage lines).
const HELP: &[(&str, &str)] = &[
    (
        "perft",
        "Counts the decision paths of the given depth from the start or the given position (--divide: per first
action). --setting gives the variant's setting values in the order `chessfront variants` lists them
(--option, the old name, is still accepted).",
    ),
    (
        "moves",
        "Lists the legal actions of the start or the given position, one per line as name and coordinates. A
finished position lists none and prints its outcome. --setting as for perft (Napoleon --setting 1: a
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
  joker         no detail: the game goes back 10 plies
A card the --position could never draw (already past ply --at, or its event used) is refused.",
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
        "Lets the computer player choose an action for the start or the given position (--level: a level 1-14
(default 5) or strongest, greedy, or d<n> for a fixed depth; --millis bounds its time). With - for the
position, reads one position a line from standard input and answers each, as one player through a game
(its searches keep their table from one line to the next).",
    ),
    ("match", "Plays games between two computer players and prints the score."),
    (
        "analyse",
        "Prints the best lines (--lines: 1 to 3, default 3) of the start or the given position, best first, one a
line: `<rank>. <score> <moves...>`, the score from the side to move in pawns (+0.35, -1.20) or #N / #-N
for a mate with its N-th turn / by the opponent's N-th turn. --level bounds the search as a computer
player's level (its noise left out), --nodes by a node budget (default 1000000); depth and nodes go
to standard error.",
    ),
    (
        "review",
        "Reviews a game link: one line per turn with its number, seat and move, the evaluation before and after
it from the mover's side, its label (best, good, inaccuracy, mistake, blunder: 5, 10, 15 points of
winning chance lost, lichess's model) and the best move when it was worse than good; chance events where
they happened; then each player's summary and accuracy. --nodes (default 200000) or --level bounds each
position's analysis. --format pgn prints the game as PGN with [%eval ...] comments and ?!, ?, ?? glyphs.",
    ),
    ("variants", "Lists the variants: slug, name, id, rules revision and settings with their values."),
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
        "perft" => perft::run(rest),
        "moves" => moves::run(rest),
        "play" => play::run(rest),
        "link" => link::run(rest),
        "continue" => continuation::run(rest),
        "think" => think::run(rest),
        "match" => matches::run(rest),
        "analyse" | "analyze" => analyse::run(rest),
        "review" => review::run(rest),
        "variants" => variants::run(),
        other => Err(Failure::Usage(format!("unknown command '{other}'"))),
    }
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
            format!("{} {} by {}", game.score().unwrap_or_default(), who, o.reason.describe())
        }
        None => {
            let seat = game.to_move() as usize;
            let offer = if game.decisions().contains(&Decision::AcceptDraw) { " (a draw is offered)" } else { "" };
            format!("* {} to move{offer}", game.seat_names().get(seat).copied().unwrap_or("?"))
        }
    }
}

/// A player of `think` and `match`: a level number (1 = weakest, the ladder the players get) or
/// `strongest`, `greedy` or `d<n>` (a fixed depth).
fn player(name: &str) -> Result<Level, Failure> {
    if name == "greedy" {
        return Ok(search::GREEDY);
    }
    if name == "strongest" {
        return Ok(search::LEVELS[search::LEVELS.len() - 1]);
    }
    if let Some((base, changes)) = name.split_once(':') {
        return tuned(name, player(base)?, changes);
    }
    // `d4`: a fixed depth, no node budget (analysis, and measuring what a depth costs).
    if let Some(depth) = name.strip_prefix('d').and_then(|d| d.parse::<u32>().ok()).filter(|d| (1..=64).contains(d)) {
        return Ok(Level::depth(depth));
    }
    name.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| search::LEVELS.get(i)).copied().ok_or_else(
        || {
            Failure::Usage(format!(
                "unknown player '{name}': a level 1-{}, strongest, greedy, or d1-d64 (a fixed depth)",
                search::LEVELS.len()
            ))
        },
    )
}

/// `<player>:nodes=20000,noise=40,min=2,max=3,q=0`: a player with some of its bounds changed, to try a
/// level before it is one (designing the levels' ladder). Named by the whole spec in match reports.
fn tuned(spec: &str, mut level: Level, changes: &str) -> Result<Level, Failure> {
    for change in changes.split(',') {
        let bad = || {
            Failure::Usage(format!(
                "bad change '{change}' in '{spec}': nodes, noise, min, max, q or trial, with a number"
            ))
        };
        let (key, value) = change.split_once('=').ok_or_else(bad)?;
        let value: u64 = value.parse().map_err(|_| bad())?;
        let small = u32::try_from(value).map_err(|_| bad())?;
        match key {
            "nodes" => level.max_nodes = value,
            "noise" => level.noise = i32::try_from(value).map_err(|_| bad())?,
            "min" => level.min_depth = small,
            "max" => level.max_depth = small,
            "q" => level.quiescence = value != 0,
            "trial" if cfg!(feature = "trials") => level.trial = u8::try_from(value).map_err(|_| bad())?,
            "trial" => {
                return Err(Failure::Usage(format!(
                "'{spec}': trial=<n> needs a build with the candidate changes: cargo build --release --features trials"
            )))
            }
            _ => return Err(bad()),
        }
    }
    level.name = Box::leak(spec.to_string().into_boxed_str());
    Ok(level)
}

/// A flag under its current name: `--option`, the old name of `--setting` (a variant's settings were
/// once called options), is still accepted so that existing scripts keep working.
fn canonical_flag(flag: &str) -> &str {
    if flag == "--option" {
        "--setting"
    } else {
        flag
    }
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
                flags.pairs.push((canonical_flag(arg).to_string(), value.clone()));
            } else {
                flags.free.push(arg.clone());
            }
        }
        Ok(flags)
    }

    /// The flags, when every one of them is among `allowed`.
    fn only(self, allowed: &[&str]) -> Result<Flags, Failure> {
        match self.pairs.iter().find(|(n, _)| !allowed.contains(&n.as_str())) {
            Some((name, _)) => Err(Failure::Usage(format!("unknown flag {name}"))),
            None => Ok(self),
        }
    }

    /// The `--setting <n>` values in the order given, or `None` for the variant's defaults.
    fn settings(&self) -> Result<Option<Vec<u8>>, Failure> {
        let values = self.all("--setting");
        if values.is_empty() {
            return Ok(None);
        }
        let parse =
            |v: &&str| v.parse::<u8>().map_err(|_| Failure::Usage(format!("--setting takes a number, not '{v}'")));
        values.iter().map(parse).collect::<Result<Vec<u8>, Failure>>().map(Some)
    }

    /// A game of the variant under the `--setting` values, from its start or the given position.
    fn game(&self, slug: &str, position: Option<&String>) -> Result<Game, Failure> {
        Ok(Game::new(engine::variants::by_slug(slug)?, self.settings()?.as_deref(), position.map(|p| p.as_str()))?)
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
