//! `chessfront match`: a match between two players, one line per game on standard error as it ends.

use crate::{player, Failure, Flags};
use engine::{arena, variants};
use std::time::Instant;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let [slug, a, b, ..] = rest else { return Err(usage("match takes a variant and two players")) };
    let rules = variants::by_slug(slug)?;
    let flags = Flags::parse(&rest[3..])?.only(&["--games", "--turns", "--threads", "--seed", "--setting"])?;
    let (a, b) = (player(a)?, player(b)?);
    let games = flags.number("--games")?.unwrap_or(100) as u32;
    let turns = flags.number("--turns")?.unwrap_or(200) as u32;
    let threads = flags
        .number("--threads")?
        .map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
    let seed = flags.number("--seed")?.unwrap_or(1);
    let settings = flags.settings()?.unwrap_or_default();
    let started = Instant::now();
    let terms = arena::Match {
        rules,
        settings: (!settings.is_empty()).then_some(settings.as_slice()),
        games,
        seed,
        max_turns: turns,
        threads,
    };
    // One line per game as it ends, on standard error (the summary alone goes to standard
    // output): game g is played with seed + g (A has White in even games), so a long match
    // can be played in chunks and summed.
    let report = |g: u32, game: &arena::GameResult, a_seat: u8| {
        let result = match game.winning_player {
            Some(p) if p == a_seat as usize => format!("{} wins", a.name),
            Some(_) => format!("{} wins", b.name),
            None if game.unfinished => "unfinished".to_string(),
            None => "draw".to_string(),
        };
        let how = if game.adjudicated { ", adjudicated" } else { "" };
        let white = if a_seat == 0 { a.name } else { b.name };
        eprintln!("game {g} (seed {}): {white} White, {result}{how}, {} decisions", seed + g as u64, game.decisions);
    };
    let r = arena::play_match_reporting(&terms, &a, &b, &report);
    let share = r.decisive_share().map_or("no decisive game".to_string(), |(p, e)| format!("{p:.0}% ± {e:.0}%"));
    let searched = |s: arena::Searched| {
        s.means().map_or("no search".to_string(), |(depth, nodes)| format!("depth {depth:.1}, {nodes:.0} nodes"))
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
    Ok(())
}
