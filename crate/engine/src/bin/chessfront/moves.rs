//! `chessfront moves`: one legal action per line (name and coordinates); for a finished position none, and its outcome.

use crate::{note_start_event, outcome_text, Failure, Flags};
use engine::game::Decision;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let flags = Flags::parse(rest)?.only(&["--setting"])?;
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
    Ok(())
}
