//! `chessfront think`: the computer's choice in a position, with its score, depth, nodes and speed.
//! Given `-` for the position, it reads one position a line from standard input and answers each in
//! turn as one player through one game: its searches keep their memory ([`search::Memory`]) from one
//! line to the next, as the page's worker keeps it from one turn to the next, and it counts the
//! positions of the lines and of its own answers as the game's, so that it sees a threefold
//! repetition coming as the page's player does. The Stockfish bench plays that way.

use crate::{note_start_event, outcome_text, player, Failure, Flags};
use engine::search::{self, Level, Memory};
use engine::{Error, Game};
use std::io::{BufRead, Write};
use std::time::Instant;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let slug = rest.first().ok_or_else(|| usage("think takes a variant"))?;
    let flags = Flags::parse(&rest[1..])?.only(&["--level", "--millis", "--seed", "--setting"])?;
    let default = engine::session::DEFAULT_LEVEL.to_string();
    let mut level = player(flags.get("--level").unwrap_or(&default))?;
    if let Some(millis) = flags.number("--millis")? {
        level.millis = millis.min(u32::MAX as u64) as u32;
    }
    let seed = flags.number("--seed")?.unwrap_or(1);
    let mut memory = Memory::default();
    let mut seen = Vec::new();
    if flags.free.first().map(String::as_str) != Some("-") {
        let game = flags.game(slug, flags.free.first())?;
        note_start_event(&game);
        println!("{}", answer(&game, &level, seed, &mut memory, &mut seen)?);
        return Ok(());
    }
    // One answer a line, flushed at once: the reader waits for it before sending the next position.
    // A position that cannot be answered gets an `error` line, and the positions after it are read.
    // The input's end, or a reader that went away, ends the game.
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let answered = flags
            .game(slug, Some(&text.to_string()))
            .and_then(|game| answer(&game, &level, seed, &mut memory, &mut seen));
        let reply = match answered {
            Ok(reply) => reply,
            Err(Failure::Engine(e)) => format!("error [{}]: {}", e.code.as_str(), e.message),
            Err(Failure::Usage(m)) => format!("error: {m}"),
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    Ok(())
}

/// The line `think` prints for the position of `game`: the action's name, score, depth, nodes, speed.
/// `seen` holds the repetition keys of the game's positions before it; the position and the one
/// the answer leads to join them.
fn answer(
    game: &Game,
    level: &Level,
    seed: u64,
    memory: &mut Memory,
    seen: &mut Vec<Vec<u8>>,
) -> Result<String, Failure> {
    if game.outcome().is_some() {
        // As moves and play say: nothing to decide (the position may still list actions).
        return Err(
            Error::new(engine::ErrorCode::GameOver, format!("The game is over: {}.", outcome_text(game))).into()
        );
    }
    seen.extend(game.position_keys().map(<[u8]>::to_vec));
    memory.recall_positions(seen.iter().map(Vec::as_slice));
    let millis = level.millis as u64;
    let started = Instant::now();
    let mut stop = || started.elapsed().as_millis() as u64 > millis;
    let found = search::best_action_with(game.position(), level, &mut stop, seed, memory)
        .ok_or_else(|| Error::new(engine::ErrorCode::GameOver, "There is nothing to decide here."))?;
    let seconds = started.elapsed().as_secs_f64();
    let mut next = game.position().clone_box();
    if next.play(found.action).is_ok() {
        seen.push(next.repetition_key());
    }
    Ok(format!(
        "{} (score {}, depth {}, {} nodes, {:.0} knodes/s, {:.0} ms)",
        game.position().info(found.action).name,
        found.score,
        found.depth,
        found.nodes,
        found.nodes as f64 / seconds.max(1e-9) / 1000.0,
        seconds * 1000.0
    ))
}
