//! `chessfront think`: the computer's choice in a position, with its score, depth, nodes and speed.

use crate::{note_start_event, outcome_text, player, Failure, Flags};
use engine::{search, Error};
use std::time::Instant;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let slug = rest.first().ok_or_else(|| usage("think takes a variant"))?;
    let flags = Flags::parse(&rest[1..])?.only(&["--level", "--millis", "--seed", "--setting"])?;
    let game = flags.game(slug, flags.free.first())?;
    note_start_event(&game);
    if game.outcome().is_some() {
        // As moves and play say: nothing to decide (the position may still list actions).
        return Err(
            Error::new(engine::ErrorCode::GameOver, format!("The game is over: {}.", outcome_text(&game))).into()
        );
    }
    let default = engine::session::DEFAULT_LEVEL.to_string();
    let mut level = player(flags.get("--level").unwrap_or(&default))?;
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
    Ok(())
}
